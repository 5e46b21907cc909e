import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerDetail, FlowGraph, Robot } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

// With an OpenAI-compatible model, classify asks the model for the class and aiChat streams its answer.
const upstream = await startFakeOpenAi();
const t = useTestApp({
  config: {
    openaiModels: [
      { id: 'smart', name: 'Smart', price: 0, baseUrl: upstream.baseUrl, apiKey: 'sk-upstream', model: 'up-1' },
    ],
  },
});
afterAll(() => upstream.close());

let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const at = (x: number, y: number) => ({ x, y });
const graph: FlowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: at(0, 0), data: {} },
    {
      id: 'route',
      type: 'classify',
      position: at(0, 100),
      data: {
        model: 'smart',
        classes: [
          { id: 'sales', name: 'Sales', examples: ['price'] },
          { id: 'support', name: 'Support', examples: ['broken'] },
        ],
      },
    },
    { id: 'salesReply', type: 'reply', position: at(-100, 200), data: { text: 'Sales will call you.' } },
    {
      id: 'ai',
      type: 'aiChat',
      position: at(100, 200),
      data: { model: 'smart', prompt: 'Help with: {{route.class}}' },
    },
    { id: 'end', type: 'end', position: at(0, 300), data: {} },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'route' },
    { id: 'b', source: 'route', sourceHandle: 'sales', target: 'salesReply' },
    { id: 'c', source: 'route', sourceHandle: 'support', target: 'ai' },
    { id: 'd', source: 'salesReply', target: 'end' },
    { id: 'e', source: 'ai', target: 'end' },
  ],
};

describe('a flow with an OpenAI-compatible model', () => {
  it('classifies with the model, then answers with it under the node’s own prompt', async () => {
    const robot = (
      await t.post('/v1/processes', { token: admin, body: { name: 'Model flow', type: 'flow' } })
    ).json<Robot>();
    expect(
      (await t.put(`/v1/processes/${robot.processId}/flow`, { token: admin, body: { version: 'v3', ...graph } }))
        .statusCode,
    ).toBe(200);
    expect((await t.post(`/v1/processes/${robot.processId}/flow/publish`, { token: admin })).statusCode).toBe(200);

    // The model names class 2 (Support) for the classification, and answers the same text for aiChat.
    upstream.setMode({ kind: 'answer', text: '2' });
    const before = upstream.received.length;
    const res = await t.post('/v2/qa', {
      token: admin,
      body: { processId: robot.processId, question: 'My kettle is broken', stream: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().answer).toBe('2');
    const [classifying, answering] = upstream.received.slice(before);
    expect(classifying?.body.messages[0]?.content).toContain('1. Sales');
    expect(classifying?.body.messages.at(-1)?.content).toBe('My kettle is broken');
    expect(answering?.body.messages[0]?.content).toBe('Help with: Support');

    const logged = (await t.get(`/v1/completions/${res.json().completionId}`, { token: admin })).json<AnswerDetail>();
    expect(logged.trace.find((step) => step.nodeId === 'route')).toMatchObject({
      status: 'ok',
      input: { by: 'model' },
      output: { classId: 'support' },
    });
  });

  it('takes the failure branch when the model fails, and says why in the trace', async () => {
    const robot = (
      await t.post('/v1/processes', { token: admin, body: { name: 'Fragile', type: 'flow' } })
    ).json<Robot>();
    const withBranch: FlowGraph = {
      nodes: [
        ...graph.nodes,
        { id: 'sorry', type: 'reply', position: at(300, 200), data: { text: 'Sorry ({{route.error.code}})' } },
      ],
      edges: [
        ...graph.edges,
        { id: 'f', source: 'route', sourceHandle: 'error', target: 'sorry' },
        { id: 'g', source: 'sorry', target: 'end' },
      ],
    };
    expect(
      (await t.put(`/v1/processes/${robot.processId}/flow`, { token: admin, body: { version: 'v3', ...withBranch } }))
        .statusCode,
    ).toBe(200);
    upstream.setMode({ kind: 'fail', status: 500 });
    const debug = await t.post(`/v1/processes/${robot.processId}/flow/debug`, {
      token: admin,
      body: { question: 'price?' },
    });
    expect(debug.statusCode).toBe(200);
    expect(debug.json().answer).toBe('Sorry (PROVIDER_ERROR)');
    expect(debug.json().trace.find((step: { nodeId: string }) => step.nodeId === 'route')).toMatchObject({
      status: 'error',
      // What the failed node was asked to do: its settings.
      input: { model: 'smart' },
      error: { code: 'PROVIDER_ERROR' },
    });
  });
});
