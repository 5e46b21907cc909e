import { describe, expect, it } from 'vitest';
import type { FlowClass } from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import { basicFlow } from '../../../src/engine/flow/basic-flow';
import { classFromAnswer, classifyInstructions } from '../../../src/engine/flow/classify-prompt';
import { parseSessionState, serializeSessionState } from '../../../src/engine/flow/session-state';
import { traceValue } from '../../../src/engine/flow/trace-value';

describe('basicFlow', () => {
  it('searches the robot’s datasets before answering when it has any', () => {
    const graph = basicFlow({
      librarySearch: true,
      datasetIds: ['ds-1', 'ds-2'],
      dbSearch: false,
      databaseIds: ['db-1'],
    });
    expect(validateFlow('v3', graph).ok).toBe(true);
    expect(graph.nodes.map((n) => n.type)).toEqual(['start', 'knowledgeSearch', 'aiChat', 'end']);
    expect(graph.nodes[1]?.data).toEqual({ datasetIds: ['ds-1', 'ds-2'] });
  });

  it('answers with the model alone without datasets or with search off', () => {
    for (const basic of [
      { librarySearch: true, datasetIds: [], dbSearch: true, databaseIds: [] },
      { librarySearch: false, datasetIds: ['ds-1'], dbSearch: false, databaseIds: ['db-1'] },
    ]) {
      const graph = basicFlow(basic);
      expect(validateFlow('v3', graph).ok).toBe(true);
      expect(graph.nodes.map((n) => n.type)).toEqual(['start', 'aiChat', 'end']);
    }
  });

  it('reads the bound databases before the knowledge search; a failed lookup says so in the chatter’s language', () => {
    const basic = { librarySearch: true, datasetIds: ['ds-1'], dbSearch: true, databaseIds: ['db-1', 'db-2'] };
    const graph = basicFlow(basic, 'en-US');
    expect(validateFlow('v3', graph).ok).toBe(true);
    expect(graph.nodes.map((n) => n.type)).toEqual(['start', 'dbQuery', 'knowledgeSearch', 'aiChat', 'end', 'reply']);
    expect(graph.nodes[1]?.data).toEqual({ databaseIds: ['db-1', 'db-2'] });
    const sorry = graph.edges.find((edge) => edge.source === 'database' && edge.sourceHandle === 'error');
    expect(graph.nodes.find((n) => n.id === sorry?.target)?.data).toEqual({
      text: "Sorry, I can't look that up right now. Please try again later.",
    });
    expect(basicFlow(basic, 'zh-CN').nodes.at(-1)?.data).toEqual({ text: '抱歉，我现在查不了这个信息，请稍后再试。' });
  });
});

describe('classify by a model', () => {
  const classes: FlowClass[] = [
    { id: 'refund', name: '退货', examples: ['退款'] },
    { id: 'shipping', name: '物流', examples: [] },
    { id: 'invoice', name: '发票', examples: [] },
  ];

  it('numbers the classes for the model', () => {
    expect(classifyInstructions(classes)).toContain('1. 退货 (e.g. 退款)\n2. 物流\n3. 发票');
  });

  it.each([
    ['2', 'shipping'],
    ['Class 2.', 'shipping'],
    ['3', 'invoice'],
    ['1, maybe 2', 'refund'],
    ['0', undefined],
    ['9', undefined],
    ['none fits', undefined],
    ['', undefined],
  ])('reads %j as %s', (answer, classId) => {
    expect(classFromAnswer(answer, classes)).toBe(classId);
  });
});

describe('traceValue', () => {
  it('cuts long strings, long arrays and deep objects', () => {
    const cut = traceValue('字'.repeat(5000)) as string;
    expect(cut).toHaveLength(1001);
    expect(cut.endsWith('…')).toBe(true);
    expect(traceValue('short')).toBe('short');
    expect(traceValue(Array.from({ length: 50 }, (_, i) => i))).toHaveLength(20);
    expect(traceValue({ a: { b: { c: { d: { e: 1 } } } } })).toEqual({ a: { b: { c: { d: '{…}' } } } });
    expect(traceValue({ a: { b: { c: { d: [1, 2] } } } })).toEqual({ a: { b: { c: { d: '[2 items]' } } } });
    expect(traceValue({ n: 1, ok: true, none: null })).toEqual({ n: 1, ok: true, none: null });
  });
});

describe('session state', () => {
  it('survives storing, and drops a paused run’s outputs rather than growing past its cap', () => {
    const state = {
      variables: { city: '上海' },
      forms: { form: { name: '张三' } },
      waiting: { nodeId: 'form', field: 'phone', outputs: { intent: { class: '咨询' } } },
    };
    expect(parseSessionState(serializeSessionState(state))).toEqual(state);
    const huge = { ...state, waiting: { ...state.waiting, outputs: { page: { text: 'x'.repeat(300_000) } } } };
    expect(parseSessionState(serializeSessionState(huge))).toEqual({
      ...state,
      waiting: { ...state.waiting, outputs: {} },
    });
    expect(parseSessionState(undefined)).toEqual({ variables: {}, forms: {} });
  });
});
