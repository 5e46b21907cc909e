import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlowGraph, FlowNode } from '../../contracts/flows';
import { freshId, remapIds } from '../ids';
import { validateFlow } from '../validate';

const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}) =>
  ({ id, type, position: { x: 0, y: 0 }, data }) as FlowNode;

const graph = (): FlowGraph => ({
  nodes: [
    node('start', 'start'),
    node('http1', 'httpRequest', { method: 'GET', url: 'https://api.example.com/?q={{start.question}}' }),
    node('say', 'reply', { text: 'Status {{ http1.status }}, {{http1.json.order.status}}; {{session.city}}' }),
    node('end', 'end'),
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'http1' },
    { id: 'e2', source: 'http1', target: 'say' },
    { id: 'e3', source: 'http1', sourceHandle: 'error', target: 'end' },
    { id: 'e4', source: 'say', target: 'end' },
  ],
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('freshId', () => {
  it('draws again when the id is taken', () => {
    // 0.5 → "i", 0.25 → "9" in base 36.
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.5).mockReturnValueOnce(0.5).mockReturnValue(0.25);
    expect(freshId('reply', new Set())).toBe('reply_i');
    expect(freshId('reply', new Set(['reply_i']))).toBe('reply_9');
  });
});

describe('remapIds', () => {
  it('gives every node and edge a new id, the edges following their nodes', () => {
    const original = graph();
    const copy = remapIds(original, new Set(['start']));
    const oldIds = new Set([...original.nodes.map((n) => n.id), ...original.edges.map((e) => e.id)]);
    for (const item of [...copy.nodes, ...copy.edges]) expect(oldIds.has(item.id), item.id).toBe(false);
    const ids = [...copy.nodes, ...copy.edges].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);

    const idOf = (type: FlowNode['type']) => copy.nodes.find((n) => n.type === type)?.id;
    expect(copy.edges.map(({ source, sourceHandle, target }) => ({ source, sourceHandle, target }))).toEqual([
      { source: idOf('start'), sourceHandle: undefined, target: idOf('httpRequest') },
      { source: idOf('httpRequest'), sourceHandle: undefined, target: idOf('reply') },
      { source: idOf('httpRequest'), sourceHandle: 'error', target: idOf('end') },
      { source: idOf('reply'), sourceHandle: undefined, target: idOf('end') },
    ]);
  });

  it('renames the variables that name a node, and no others', () => {
    const copy = remapIds(graph());
    const http = copy.nodes.find((n) => n.type === 'httpRequest') as FlowNode;
    const say = copy.nodes.find((n) => n.type === 'reply') as FlowNode;
    expect(copy.nodes[0]?.id).toBe('start');
    expect(http.data).toEqual({ method: 'GET', url: 'https://api.example.com/?q={{start.question}}' });
    expect(say.data).toEqual({
      text: `Status {{ ${http.id}.status }}, {{${http.id}.json.order.status}}; {{session.city}}`,
    });
    const checked = validateFlow('v3', copy);
    expect(checked.ok ? [] : checked.issues).toEqual([]);
  });

  it('takes no id already in use, even when the first draw hits one', () => {
    // The http node's first draw ("i") gives a taken id, so it must draw again.
    const draws = [0.5, 0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875, 0.0625];
    let i = 0;
    vi.spyOn(Math, 'random').mockImplementation(() => draws[i++ % draws.length] as number);
    const taken = new Set(['start', 'httpRequest_i']);
    const copy = remapIds(graph(), taken);
    for (const item of [...copy.nodes, ...copy.edges]) expect(taken.has(item.id), item.id).toBe(false);
    expect(copy.nodes.find((n) => n.type === 'start')?.id).not.toBe('start');
  });

  it('drops edges whose nodes are not in the copy', () => {
    const partial = graph();
    partial.nodes = partial.nodes.filter((n) => n.id !== 'end');
    expect(remapIds(partial).edges).toHaveLength(2);
  });
});
