import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComparisonDetail, Robot } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

const upstream = await startFakeOpenAi();
const MODELS = [
  { id: 'judge-model', name: 'Judge', price: 0, baseUrl: upstream.baseUrl, apiKey: 'sk-up', model: 'upstream-model' },
];
const t = useTestApp({ config: { openaiModels: MODELS, jobWorkers: 1, jobHeartbeatMs: 60_000 } });
afterAll(() => upstream.close());

let admin: string;
let robot: Robot;

beforeAll(async () => {
  admin = await t.login();
  robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Modelled' } })).json<Robot>();
  const basic = await t.put(`/v1/processes/${robot.processId}/basic`, {
    token: admin,
    body: { model: 'judge-model', datasetIds: [] },
  });
  expect(basic.statusCode, basic.body).toBe(200);
});

async function compare(question: string, expected: string): Promise<ComparisonDetail> {
  const res = await t.post('/v1/case/comparison/start', {
    token: admin,
    body: { processId: robot.processId, questions: [{ question, expected }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id } = res.json<{ id: string }>();
  const row = await t.app.db
    .selectFrom('caseComparisons')
    .select('jobId')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await t.app.jobs.waitFor(row.jobId!);
  return (await t.post('/v1/case/comparison/detail', { token: admin, body: { id } })).json<ComparisonDetail>();
}

describe('a robot with a model is judged by it', () => {
  it("takes the judge's number, asked with the rubric and the three texts", async () => {
    // The fake model answers every request with the same text: the robot's answer, then the judge's score.
    upstream.setMode({ kind: 'answer', text: '0.75' });
    const done = await compare('How long is the warranty?', 'Two years.');
    expect(done).toMatchObject({ status: 'done', score: 0.75 });
    expect(done.items[0]).toMatchObject({ answer: '0.75', score: 0.75 });
    const judged = upstream.received.find((r) => r.body.messages.some((m) => m.content.includes('You grade')));
    expect(judged, 'the judge was asked').toBeDefined();
    expect(judged!.body.messages.at(-1)!.content).toContain('EXPECTED:\nTwo years.');
    expect(judged!.body.messages.at(-1)!.content).toContain('ANSWER:\n0.75');
  });

  it('falls back to the builtin score when the judge answers no number', async () => {
    upstream.setMode({ kind: 'answer', text: 'Two years, parts and labour' });
    // Builtin: answer tokens {two, year, part, and, labour} against {two, year}: P = 2/5, R = 1, F1 = 4/7.
    const done = await compare('How long is the warranty?', 'Two years');
    expect(done.items[0]!.score).toBe(0.5714);
  });

  it('scores a failed answer 0 without asking the judge', async () => {
    upstream.setMode({ kind: 'fail', status: 500 });
    const asked = upstream.received.length;
    const done = await compare('How long is the warranty?', 'Two years');
    expect(done).toMatchObject({ status: 'done', score: 0 });
    expect(
      upstream.received.slice(asked).some((r) => r.body.messages.some((m) => m.content.includes('You grade'))),
    ).toBe(false);
  });
});
