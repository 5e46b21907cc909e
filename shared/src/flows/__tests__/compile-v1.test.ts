import { describe, expect, it } from 'vitest';
import type { FlowGraph, FlowNode } from '../../contracts/flows';
import { compileV1 } from '../compile-v1';
import { validateFlow } from '../validate';

const step = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}) =>
  ({ id, type, position: { x: 0, y: 0 }, data }) as FlowNode;

const steps: FlowNode[] = [
  step('docs', 'knowledgeSearch', { datasetIds: ['ds-1'] }),
  step('intent', 'classify', {
    classes: [
      { id: 'refund', name: '退货', examples: ['退款'], reply: '请把商品寄回。' },
      { id: 'shipping', name: '物流', examples: ['快递'], reply: '三天内发货。' },
    ],
  }),
  step('ai', 'aiChat', { prompt: 'Be brief' }),
  step('bye', 'reply', { text: 'Anything else?' }),
];

/** The target of the edge leaving `source` by `handle` (undefined: the one output). */
const nextOf = (graph: FlowGraph, source: string, handle?: string) =>
  graph.edges.find((e) => e.source === source && e.sourceHandle === handle)?.target;
const nodeOf = (graph: FlowGraph, id: string | undefined) => graph.nodes.find((n) => n.id === id);

describe('compileV1', () => {
  it('makes a v3 graph that passes the v3 checks', () => {
    expect(validateFlow('v1', { nodes: steps, edges: [] }).ok).toBe(true);
    const graph = compileV1(steps);
    const checked = validateFlow('v3', graph);
    expect(checked.ok ? [] : checked.issues).toEqual([]);
  });

  it('runs the steps in their order, from start to end', () => {
    const graph = compileV1(steps);
    const path: string[] = [];
    let at = nodeOf(graph, graph.nodes.find((n) => n.type === 'start')?.id);
    while (at && at.type !== 'end') {
      path.push(at.type === 'start' ? 'start' : at.id);
      at = nodeOf(graph, nextOf(graph, at.id, at.type === 'classify' ? 'else' : undefined));
    }
    expect(path).toEqual(['start', 'docs', 'intent', 'ai', 'bye']);
    expect(at?.type).toBe('end');
  });

  it('branches a classify step to one reply per class, each ending the answer; no class goes on to the next step', () => {
    const graph = compileV1(steps);
    const intent = nodeOf(graph, 'intent');
    expect(intent?.data).toEqual({
      classes: [
        { id: 'refund', name: '退货', examples: ['退款'] },
        { id: 'shipping', name: '物流', examples: ['快递'] },
      ],
    });
    for (const [handle, text] of [
      ['refund', '请把商品寄回。'],
      ['shipping', '三天内发货。'],
    ] as const) {
      const reply = nodeOf(graph, nextOf(graph, 'intent', handle));
      expect(reply).toMatchObject({ type: 'reply', data: { text } });
      expect(nodeOf(graph, nextOf(graph, reply?.id as string))?.type).toBe('end');
    }
    expect(nextOf(graph, 'intent', 'else')).toBe('ai');
  });

  it('keeps the steps’ own ids and data', () => {
    const graph = compileV1(steps);
    expect(nodeOf(graph, 'ai')?.data).toEqual({ prompt: 'Be brief' });
    expect(nodeOf(graph, 'docs')?.data).toEqual({ datasetIds: ['ds-1'] });
  });

  it('ends with the classify else when the classify step is the last', () => {
    const graph = compileV1([steps[1] as FlowNode]);
    expect(validateFlow('v3', graph).ok).toBe(true);
    expect(nodeOf(graph, nextOf(graph, 'intent', 'else'))?.type).toBe('end');
  });
});
