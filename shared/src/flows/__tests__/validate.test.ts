import { describe, expect, it } from 'vitest';
import type { FlowEdge, FlowGraph, FlowNode } from '../../contracts/flows';
import { flowIssueDetail, validateFlow, type FlowIssue } from '../validate';

const at = { x: 0, y: 0 };
const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}) =>
  ({ id, type, position: at, data }) as FlowNode;
const edge = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `${source}-${sourceHandle ?? 'out'}-${target}`,
  source,
  target,
  ...(sourceHandle !== undefined ? { sourceHandle } : {}),
});

/** start → reply → end: the smallest flow that says something. */
const simple = (): FlowGraph => ({
  nodes: [node('start', 'start'), node('hello', 'reply', { text: 'Hi {{start.question}}' }), node('end', 'end')],
  edges: [edge('start', 'hello'), edge('hello', 'end')],
});

/** The issues of a graph that must be refused (fails the test when it passes). */
function issuesOf(graph: { nodes: unknown[]; edges: FlowEdge[] }, version: 'v1' | 'v3' = 'v3'): FlowIssue[] {
  const checked = validateFlow(version, graph);
  if (checked.ok) throw new Error('the flow was accepted');
  return checked.issues;
}
const issue = (fields: Partial<FlowIssue>) => expect.objectContaining(fields);

describe('validateFlow (v3)', () => {
  it('accepts a runnable flow of every node type, with an open else and a failure branch', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start'),
        node('intent', 'classify', {
          classes: [
            { id: 'refund', name: '退货', examples: ['退款'] },
            { id: 'shipping', name: '物流', examples: ['快递'] },
          ],
        }),
        node('docs', 'knowledgeSearch', { datasetIds: ['ds-1'], query: '{{start.question}}' }),
        node('ai', 'aiChat', { prompt: 'Use {{docs.text}}', timeoutMs: 100, retries: 3 }),
        node('remember', 'setVariable', { name: 'topic', value: '{{intent.class}}' }),
        node('order', 'httpRequest', { method: 'GET', url: 'https://api.example.com/o?q={{start.question}}' }),
        node('check', 'condition', { rules: [{ left: '{{order.status}}', operator: 'equals', right: '200' }] }),
        node('page', 'webReader', { url: 'https://example.com/{{session.topic}}' }),
        node('form', 'formCollect', {
          fields: [{ name: 'phone', label: 'Phone', type: 'phone', required: true }],
          doneText: 'Thanks, {{form.phone}}',
        }),
        node('sorry', 'reply', { text: 'Failed: {{order.error.code}}' }),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'intent'),
        edge('intent', 'docs', 'refund'),
        edge('intent', 'remember', 'shipping'),
        edge('docs', 'ai'),
        edge('ai', 'end'),
        edge('remember', 'order'),
        edge('order', 'check'),
        edge('order', 'sorry', 'error'),
        edge('check', 'page', 'true'),
        edge('check', 'form', 'false'),
        edge('page', 'end'),
        edge('form', 'end'),
        edge('sorry', 'end'),
      ],
    };
    expect(validateFlow('v3', graph)).toEqual({ ok: true, graph });
  });

  it('names the node and field of a missing required field, as a 422 location', () => {
    const graph = simple();
    graph.nodes[1] = node('hello', 'reply', {});
    const issues = issuesOf(graph);
    expect(issues).toContainEqual(issue({ code: 'invalid', nodeId: 'hello', field: 'text', path: ['text'] }));
    expect(flowIssueDetail(issues)).toContainEqual(
      expect.objectContaining({ loc: ['body', 'nodes', 'hello', 'text'], type: 'flow.invalid' }),
    );
  });

  it('refuses a data field the node type does not have', () => {
    const graph = simple();
    graph.nodes[1] = node('hello', 'reply', { text: 'Hi', colour: 'red' });
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'invalid', nodeId: 'hello', field: 'colour' }));
  });

  it('locates a field deep in the data (a class without a name)', () => {
    const graph = simple();
    graph.nodes[1] = node('hello', 'classify', { classes: [{ id: 'a', name: '', examples: [] }] });
    const issues = issuesOf(graph);
    expect(issues).toContainEqual(
      issue({ code: 'invalid', nodeId: 'hello', field: 'classes', path: ['classes', '0', 'name'] }),
    );
    expect(flowIssueDetail(issues)[0]?.loc).toEqual(['body', 'nodes', 'hello', 'classes', '0', 'name']);
  });

  it('refuses a flow without a start node, on the whole graph', () => {
    const issues = issuesOf({
      nodes: [node('hello', 'reply', { text: 'Hi' }), node('end', 'end')],
      edges: [edge('hello', 'end')],
    });
    expect(issues).toContainEqual(issue({ code: 'noStart', field: 'nodes' }));
    expect(flowIssueDetail(issues.filter((i) => i.code === 'noStart'))[0]?.loc).toEqual(['body', 'nodes']);
  });

  it('refuses a second start node', () => {
    const graph = simple();
    graph.nodes.push(node('start2', 'start'));
    graph.edges.push(edge('start2', 'end'));
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'manyStarts', nodeId: 'start2' }));
  });

  it('refuses a node no path from the start reaches', () => {
    const graph = simple();
    graph.nodes.push(node('lonely', 'reply', { text: 'Never said' }));
    graph.edges.push(edge('lonely', 'end'));
    const issues = issuesOf(graph);
    expect(issues).toEqual([issue({ code: 'unreachable', nodeId: 'lonely', field: 'id' })]);
  });

  it('refuses an edge to a node that does not exist, on the edge', () => {
    const graph = simple();
    graph.edges.push({ id: 'ghost-edge', source: 'hello', target: 'ghost' });
    const issues = issuesOf(graph);
    expect(issues).toContainEqual(issue({ code: 'danglingEdge', edgeId: 'ghost-edge', field: 'target' }));
    const detail = flowIssueDetail(issues.filter((i) => i.code === 'danglingEdge'));
    expect(detail[0]?.loc).toEqual(['body', 'edges', 'ghost-edge', 'target']);
  });

  it('refuses a node whose output leads nowhere', () => {
    const graph = simple();
    graph.edges = graph.edges.filter((e) => e.source !== 'hello');
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'notConnected', nodeId: 'hello', field: 'next' }));
  });

  it('refuses a classify class left open, but not its else', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start'),
        node('intent', 'classify', {
          classes: [
            { id: 'refund', name: '退货', examples: [] },
            { id: 'shipping', name: '物流', examples: [] },
          ],
        }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'intent'), edge('intent', 'end', 'refund')],
    };
    expect(issuesOf(graph)).toEqual([
      issue({ code: 'notConnected', nodeId: 'intent', field: 'classes', detail: 'its output shipping leads nowhere' }),
    ]);
    graph.edges.push(edge('intent', 'end', 'shipping'));
    expect(validateFlow('v3', graph).ok).toBe(true);
  });

  it('refuses one output connected to two nodes', () => {
    const graph = simple();
    graph.nodes.push(node('other', 'reply', { text: 'Other' }));
    graph.edges.push(edge('hello', 'other'), edge('other', 'end'));
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'manyTargets', nodeId: 'hello', field: 'next' }));
  });

  it('refuses an edge leaving the end node', () => {
    const graph = simple();
    graph.nodes.push(node('after', 'reply', { text: 'After the end' }));
    graph.edges.push(edge('end', 'after'));
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'badHandle', nodeId: 'end', field: 'next' }));
  });

  it('refuses an edge into the start node', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start'),
        node('check', 'condition', { rules: [{ left: 'a', operator: 'isEmpty' }] }),
        node('end', 'end'),
      ],
      edges: [edge('start', 'check'), edge('check', 'end', 'true'), edge('check', 'start', 'false')],
    };
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'intoStart', nodeId: 'start' }));
  });

  it('refuses a handle the node does not have (a condition has true and false only; start has no failure branch)', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start'),
        node('check', 'condition', { rules: [{ left: '{{start.question}}', operator: 'isEmpty' }] }),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'check'),
        edge('check', 'end', 'true'),
        edge('check', 'end', 'false'),
        edge('check', 'end', 'maybe'),
        edge('start', 'end', 'error'),
      ],
    };
    const issues = issuesOf(graph);
    expect(issues).toContainEqual(
      issue({ code: 'badHandle', nodeId: 'check', detail: 'condition has no output maybe' }),
    );
    expect(issues).toContainEqual(issue({ code: 'badHandle', nodeId: 'start', detail: 'start has no output error' }));
  });

  it('refuses a cycle', () => {
    const graph: FlowGraph = {
      nodes: [
        node('start', 'start'),
        node('check', 'condition', { rules: [{ left: '{{session.n}}', operator: 'isEmpty' }] }),
        node('again', 'setVariable', { name: 'n', value: '1' }),
        node('end', 'end'),
      ],
      edges: [
        edge('start', 'check'),
        edge('check', 'again', 'true'),
        edge('again', 'check'),
        edge('check', 'end', 'false'),
      ],
    };
    expect(issuesOf(graph)).toEqual([issue({ code: 'cycle', nodeId: 'check', field: 'next' })]);
  });

  it('refuses a variable that names no node', () => {
    const graph = simple();
    graph.nodes[1] = node('hello', 'reply', { text: 'Hi {{nope.x}}' });
    expect(issuesOf(graph)).toEqual([
      issue({ code: 'unknownVariable', nodeId: 'hello', field: 'text', detail: '{{nope.x}} names no node' }),
    ]);
  });

  it('keeps session and start as reserved names', () => {
    const session = simple();
    session.nodes[1] = node('session', 'reply', { text: 'Hi' });
    session.edges = [edge('start', 'session'), edge('session', 'end')];
    expect(issuesOf(session)).toContainEqual(issue({ code: 'duplicateId', nodeId: 'session', field: 'id' }));

    const start: FlowGraph = {
      nodes: [node('begin', 'start'), node('start', 'reply', { text: 'Hi' }), node('end', 'end')],
      edges: [edge('begin', 'start'), edge('start', 'end')],
    };
    expect(issuesOf(start)).toContainEqual(issue({ code: 'duplicateId', nodeId: 'start', field: 'id' }));
  });

  it('refuses two nodes with one id', () => {
    const graph = simple();
    graph.nodes.push(node('hello', 'reply', { text: 'Again' }));
    expect(issuesOf(graph)).toContainEqual(issue({ code: 'duplicateId', nodeId: 'hello', field: 'id' }));
  });
});

describe('validateFlow (v1)', () => {
  const steps = (): FlowNode[] => [
    node('docs', 'knowledgeSearch', { datasetIds: ['ds-1'] }),
    node('intent', 'classify', { classes: [{ id: 'refund', name: '退货', examples: ['退款'], reply: '请寄回商品' }] }),
    node('ai', 'aiChat'),
  ];

  it('accepts a list of steps without edges', () => {
    expect(validateFlow('v1', { nodes: steps(), edges: [] }).ok).toBe(true);
  });

  it('refuses edges', () => {
    expect(issuesOf({ nodes: steps(), edges: [{ id: 'e1', source: 'docs', target: 'ai' }] }, 'v1')).toEqual([
      issue({ code: 'danglingEdge', edgeId: 'e1' }),
    ]);
  });

  it('refuses node types that are not steps', () => {
    const nodes = [...steps(), node('ask', 'httpRequest', { method: 'GET', url: 'https://example.com' })];
    expect(issuesOf({ nodes, edges: [] }, 'v1')).toEqual([issue({ code: 'notAStep', nodeId: 'ask', field: 'type' })]);
  });

  it('needs a reply for every class of a classify step', () => {
    const nodes = steps();
    nodes[1] = node('intent', 'classify', { classes: [{ id: 'refund', name: '退货', examples: [] }] });
    expect(issuesOf({ nodes, edges: [] }, 'v1')).toContainEqual(
      issue({ code: 'invalid', nodeId: 'intent', field: 'classes', path: ['classes', '0', 'reply'] }),
    );
  });

  it('refuses a flow of no steps', () => {
    expect(issuesOf({ nodes: [], edges: [] }, 'v1')).toEqual([issue({ code: 'noSteps' })]);
  });
});
