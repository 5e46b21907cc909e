import { describe, expect, it } from 'vitest';
import type { ComparisonDetail, ComparisonQuestion, Dataset, Robot } from '@flotilla/shared/contracts';
import type { App } from '../../src/app';
import { ADMIN, useRestartableServers } from '../helper';

const LETTERS = 'bcdfghjklmnpqrtvwxz';
const word = (n: number) =>
  `x${[0, 1, 2].map((k) => LETTERS[Math.floor(n / LETTERS.length ** k) % LETTERS.length]).join('')}`;
const SET: ComparisonQuestion[] = Array.from({ length: 30 }, (_, i) => ({
  question: `${word(i * 5)} ${word(i * 5 + 1)}?`,
  expected: `${word(i * 5 + 2)} ${word(i * 5 + 3)} ${word(i * 5 + 4)}.`,
}));

/** The app's API as `token`. */
const client = (app: App, token?: string) => (method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body && { payload: body }),
  });

const answeredRows = (app: App, id: string) =>
  app.db
    .selectFrom('caseComparisonItems')
    .select(['position', 'answer', 'answeredAt'])
    .where('comparisonId', '=', id)
    .where('answer', 'is not', null)
    .orderBy('position')
    .execute();

describe('a comparison whose server stops', () => {
  const servers = useRestartableServers();

  it('goes on after the restart from the next question, answering none twice', async () => {
    const first = await servers.start({ jobWorkers: 1, jobStepDelayMs: 150, jobHeartbeatMs: 60_000 });
    const token = (await client(first)('POST', '/v1/login', ADMIN)).json<{ token: string }>().token;
    const api = client(first, token);
    const dataset = (await api('POST', '/v1/datasets', { name: 'All' })).json<Dataset>();
    const pairs = SET.map((q) => ({ question: q.question, answer: q.expected }));
    expect((await api('POST', `/v1/datasets/${dataset.id}/qa`, { pairs })).statusCode).toBe(200);
    const robot = (await api('POST', '/v1/processes', { name: 'Knows all' })).json<Robot>();
    await api('PUT', `/v1/processes/${robot.processId}/basic`, { model: 'builtin', datasetIds: [dataset.id] });
    const { id } = (
      await api('POST', '/v1/case/comparison/start', { processId: robot.processId, questions: SET })
    ).json<{ id: string }>();
    while ((await answeredRows(first, id)).length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    await servers.stop();

    const second = await servers.start({ jobWorkers: 1 });
    const before = await answeredRows(second, id);
    expect(before.length).toBeGreaterThanOrEqual(3);
    expect(before.length).toBeLessThan(SET.length);
    const { jobId } = await second.db
      .selectFrom('caseComparisons')
      .select('jobId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const checkpoint = JSON.parse(
      (await second.db.selectFrom('jobs').select('checkpoint').where('id', '=', jobId!).executeTakeFirstOrThrow())
        .checkpoint,
    ) as { answered: number };
    expect(checkpoint.answered).toBe(before.length);

    expect((await second.jobs.waitFor(jobId!, 25_000)).status).toBe('done');
    const token2 = (await client(second)('POST', '/v1/login', ADMIN)).json<{ token: string }>().token;
    const done = (await client(second, token2)('POST', '/v1/case/comparison/detail', { id })).json<ComparisonDetail>();
    expect(done).toMatchObject({ status: 'done', score: 1, answeredCount: SET.length });
    expect(done.items.map((item) => item.position)).toEqual(SET.map((_, i) => i));
    // The answers written before the stop were kept as they were.
    expect((await answeredRows(second, id)).slice(0, before.length)).toEqual(before);
  });
});
