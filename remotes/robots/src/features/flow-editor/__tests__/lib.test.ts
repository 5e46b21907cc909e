import { describe, expect, it } from 'vitest';
import type { FlowGraph } from '@flotilla/shared';
import { validateFlow } from '@flotilla/shared/flows';
import { applySelection, createNodeMapper, readNodeChanges, toCanvasEdges } from '../lib/canvas-mapping';
import { copySelection, paste } from '../lib/clipboard';
import {
  addNode,
  connect,
  freePosition,
  moveNodes,
  removeElements,
  sameGraph,
  updateNodeData,
} from '../lib/graph-edit';
import { applyEdit, checkpoint, HISTORY_LIMIT, openDoc, redo, undo } from '../lib/history';
import { flowFileName, flowFileText, readFlowFile } from '../lib/import-flow';
import { issuesFromDetail } from '../lib/issues';
import { autoLayout } from '../lib/layout';
import { variablesFor } from '../lib/variables';
import { replyGraph } from './flow-test-kit';

const classifyGraph = (): FlowGraph => ({
  nodes: [
    ...replyGraph().nodes,
    {
      id: 'cls',
      type: 'classify',
      position: { x: 0, y: 0 },
      data: {
        classes: [
          { id: 'a', name: 'A', examples: [] },
          { id: 'b', name: 'B', examples: [] },
        ],
      },
    },
  ],
  edges: [...replyGraph().edges, { id: 'ea', source: 'cls', sourceHandle: 'a', target: 'end_1' }],
});

describe('history', () => {
  it('undoes and redoes edits, one step for a run of edits with the same key', () => {
    const a = replyGraph('a');
    const b = replyGraph('b');
    const c = replyGraph('c');
    let doc = openDoc(a);
    doc = applyEdit(doc, b, { key: 'reply.text' });
    doc = applyEdit(doc, c, { key: 'reply.text' });
    expect(doc.past).toEqual([a]);
    doc = undo(doc);
    expect(doc.graph).toBe(a);
    doc = redo(doc);
    expect(doc.graph).toBe(c);
    expect(undo(openDoc(a)).graph).toBe(a);
  });

  it('records a drag once, at its start, and keeps validity untouched by moves', () => {
    const a = replyGraph();
    let doc = checkpoint(openDoc(a));
    const structure = doc.structure;
    const moved = moveNodes(a, new Map([['reply_1', { x: 9, y: 9 }]]));
    doc = applyEdit(doc, moved, { structural: false, record: false });
    doc = applyEdit(doc, moveNodes(moved, new Map([['reply_1', { x: 19, y: 9 }]])), {
      structural: false,
      record: false,
    });
    expect(doc.past).toEqual([a]);
    expect(doc.structure).toBe(structure);
    expect(undo(doc).graph).toBe(a);
  });

  it('keeps a bounded number of steps', () => {
    let doc = openDoc(replyGraph());
    for (let i = 0; i < HISTORY_LIMIT + 20; i += 1) doc = applyEdit(doc, replyGraph(String(i)));
    expect(doc.past).toHaveLength(HISTORY_LIMIT);
  });
});

describe('graph edits', () => {
  it('adds at the default place, or aside when it is taken', () => {
    const empty = { nodes: [], edges: [] };
    const first = addNode(empty, 'reply');
    expect(first.graph.nodes[0]?.position).toEqual({ x: 200, y: 200 });
    expect(freePosition(first.graph, { x: 200, y: 200 })).toEqual({ x: 240, y: 240 });
    expect(addNode(first.graph, 'end', { x: 5, y: 6 }).graph.nodes[1]?.position).toEqual({ x: 5, y: 6 });
  });

  it('connects one edge per source handle, refusing what the flow cannot hold', () => {
    const graph = replyGraph();
    const rewired = connect(graph, { source: 'start', sourceHandle: null, target: 'end_1' });
    expect(rewired.edges.filter((edge) => edge.source === 'start')).toEqual([
      expect.objectContaining({ source: 'start', target: 'end_1' }),
    ]);
    expect(rewired.edges.find((edge) => edge.target === 'end_1' && edge.source === 'start')).not.toHaveProperty(
      'sourceHandle',
    );
    expect(connect(graph, { source: 'reply_1', target: 'reply_1' })).toBe(graph);
    expect(connect(graph, { source: 'reply_1', target: 'start' })).toBe(graph);
    expect(connect(graph, { source: 'start', sourceHandle: 'error', target: 'end_1' })).toBe(graph);
    const failure = connect(graph, { source: 'reply_1', sourceHandle: 'error', target: 'end_1' });
    expect(failure.edges).toHaveLength(3);
  });

  it('removes nodes with their edges, and edges of a removed class', () => {
    const graph = classifyGraph();
    expect(removeElements(graph, ['reply_1'], []).edges.map((edge) => edge.id)).toEqual(['ea']);
    const cls = graph.nodes[3] as Extract<FlowGraph['nodes'][number], { type: 'classify' }>;
    const fewer = updateNodeData(graph, 'cls', { classes: cls.data.classes.slice(1) });
    expect(fewer.edges.map((edge) => edge.id)).toEqual(['e1', 'e2']);
  });

  it('compares graphs whatever the key order', () => {
    const a = replyGraph();
    const b = JSON.parse(JSON.stringify(a)) as FlowGraph;
    b.nodes[1] = { data: { text: 'Hello' }, position: { y: 150, x: 0 }, type: 'reply', id: 'reply_1' };
    expect(sameGraph(a, b)).toBe(true);
    expect(sameGraph(a, replyGraph('Other'))).toBe(false);
    expect(sameGraph(a, null)).toBe(false);
  });
});

describe('clipboard', () => {
  it('pastes copies with new ids, their own edges, 40px aside, variables following', () => {
    const graph = replyGraph();
    graph.nodes.push({ id: 'say', type: 'reply', position: { x: 10, y: 10 }, data: { text: '{{reply_1.text}}' } });
    graph.edges.push({ id: 'e3', source: 'reply_1', target: 'say' });
    const clip = copySelection(graph, ['start', 'reply_1', 'say']);
    expect(clip?.nodes.map((node) => node.id)).toEqual(['reply_1', 'say']);
    expect(clip?.edges.map((edge) => edge.id)).toEqual(['e3']);
    const { graph: pasted, ids } = paste(graph, clip as FlowGraph);
    expect(ids).toHaveLength(2);
    const [copyReply, copySay] = ids.map((id) => pasted.nodes.find((node) => node.id === id));
    expect(copyReply?.position).toEqual({ x: 40, y: 190 });
    expect(copySay?.data).toEqual({ text: `{{${copyReply?.id}.text}}` });
    expect(pasted.edges.at(-1)).toMatchObject({ source: copyReply?.id, target: copySay?.id });
    expect(copySelection(graph, [])).toBeNull();
  });
});

describe('layout', () => {
  it('lays the flow out top to bottom', () => {
    const laid = autoLayout(replyGraph());
    const y = (id: string) => laid.nodes.find((node) => node.id === id)?.position.y ?? NaN;
    expect(y('start')).toBeLessThan(y('reply_1'));
    expect(y('reply_1')).toBeLessThan(y('end_1'));
  });
});

describe('canvas mapping', () => {
  it('answers the same object for a node whose drawing did not change', () => {
    const map = createNodeMapper();
    const graph = replyGraph();
    const state = { selected: new Set<string>(), issues: new Map(), status: new Map(), sizes: {} };
    const first = map(graph.nodes, state);
    const moved = moveNodes(graph, new Map([['reply_1', { x: 5, y: 5 }]]));
    const second = map(moved.nodes, state);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]?.position).toEqual({ x: 5, y: 5 });
    const selected = map(moved.nodes, { ...state, selected: new Set(['end_1']) });
    expect(selected[2]?.selected).toBe(true);
    expect(selected[2]?.data).toBe(second[2]?.data);
  });

  it('maps edges with null default handles, and reads reactflow changes', () => {
    const edges = toCanvasEdges(classifyGraph().edges, new Set(['ea']), () => ({ failure: false }));
    expect(edges[0]?.sourceHandle).toBeNull();
    expect(edges[2]).toMatchObject({ sourceHandle: 'a', selected: true });
    const summary = readNodeChanges([
      { type: 'position', id: 'a', position: { x: 1, y: 2 }, dragging: true },
      { type: 'dimensions', id: 'a', dimensions: { width: 10, height: 20 } },
      { type: 'select', id: 'b', selected: true },
    ]);
    expect(summary.moves.get('a')).toEqual({ x: 1, y: 2 });
    expect(summary.sizes).toEqual({ a: { width: 10, height: 20 } });
    expect(applySelection(['a'], summary.selection)).toEqual(['a', 'b']);
  });
});

describe('import and export', () => {
  it('reads an exported file with new ids', () => {
    const result = readFlowFile(flowFileText(replyGraph()));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.issues).toBe(0);
    expect(result.graph.nodes.map((node) => node.id)).not.toContain('reply_1');
    expect(validateFlow('v3', result.graph).ok).toBe(true);
  });

  it('refuses what is no flow', () => {
    expect(readFlowFile('{')).toEqual({ ok: false, problem: 'notJson' });
    expect(readFlowFile('[]')).toEqual({ ok: false, problem: 'notAFlow' });
    expect(readFlowFile(JSON.stringify({ version: 'v1', nodes: [], edges: [] }))).toEqual({
      ok: false,
      problem: 'notAFlow',
    });
    const bad = { nodes: [{ id: 'x', type: 'nope', position: { x: 0, y: 0 }, data: {} }], edges: [] };
    expect(readFlowFile(JSON.stringify(bad))).toEqual({ ok: false, problem: 'notAFlow' });
    const far = { nodes: [{ id: 'x', type: 'end', position: { x: 1e9, y: 0 }, data: {} }], edges: [] };
    expect(readFlowFile(JSON.stringify(far))).toEqual({ ok: false, problem: 'notAFlow' });
    expect(readFlowFile(' '.repeat(3 * 1024 * 1024))).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('names the file after the robot', () => {
    expect(flowFileName('Sales / EU')).toBe('Sales _ EU.flow.json');
    expect(flowFileName('  ')).toBe('flow.flow.json');
  });
});

describe('issues and variables', () => {
  it('reads a 422 by node and field', () => {
    const issues = issuesFromDetail({
      detail: [
        { loc: ['body', 'nodes', 'n1', 'text'], msg: 'x', type: 'flow.invalid' },
        { loc: ['body', 'nodes'], msg: 'x', type: 'flow.noStart' },
      ],
    });
    expect(issues.byNode.get('n1')).toEqual([{ code: 'invalid', field: 'text' }]);
    expect(issues.graph).toEqual([{ code: 'noStart', field: 'nodes' }]);
    expect(issues.total).toBe(2);
  });

  it('offers the question, the session and the outputs of the nodes before', () => {
    const graph = replyGraph();
    graph.nodes.push({ id: 'set', type: 'setVariable', position: { x: 0, y: 0 }, data: { name: 'city', value: '' } });
    expect(variablesFor(graph, 'end_1').map((option) => option.value)).toEqual([
      '{{start.question}}',
      '{{session.city}}',
      '{{reply_1.text}}',
    ]);
    expect(variablesFor(graph, 'reply_1').map((option) => option.value)).not.toContain('{{reply_1.text}}');
  });
});
