import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BasicConfig, Dataset, Flow, Robot, RobotTag, Task, User } from '@flotilla/shared/contracts';
import { newV3Flow } from '@flotilla/shared/flows';
import type { App } from '../../src/app';
import type { Job } from '../../src/plugins/app/jobs/jobs-repository';
import { ADMIN, useTestApp, type TestApp, useRestartableServers } from '../helper';

// No worker loop: each test runs the task itself (runNext); steps are slowed so a cancel lands mid-way.
const t = useTestApp({ config: { jobWorkers: 0, jobStepDelayMs: 150, jobHeartbeatMs: 60_000 } });
let admin: string;
let me: User;

beforeAll(async () => {
  admin = await t.login();
  me = (await t.get('/v1/users/me', { token: admin })).json<User>();
});

type Db = App['db'];

type Inject = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  request: { token: string; body?: unknown },
) => ReturnType<TestApp['inject']>;

/** A robot with a bound dataset, a tag and a saved flow draft (a node moved), so a copy shows each. */
async function richRobot(name: string, token = admin, inject: Inject = t.inject) {
  const post = (url: string, body: unknown) => inject('POST', url, { token, body });
  const put = (url: string, body: unknown) => inject('PUT', url, { token, body });
  const robot = (await post('/v1/processes', { name, type: 'flow' })).json<Robot>();
  const dataset = (await post('/v1/datasets', { name: `${name} docs` })).json<Dataset>();
  await put(`/v1/processes/${robot.processId}/basic`, { datasetIds: [dataset.id], systemPrompt: `Be ${name}` });
  const tag = (await post('/v1/processes/tag', { name: `tag ${name}` })).json<RobotTag>();
  await post('/v1/processes/tag/bind', { processId: robot.processId, tagIds: [tag.id] });
  const graph = newV3Flow();
  graph.nodes[1]!.position = { x: 123, y: 456 };
  const saved = await put(`/v1/processes/${robot.processId}/flow`, { version: 'v3', ...graph });
  if (saved.statusCode !== 200) throw new Error(`flow: ${saved.body}`);
  return { robot, dataset, tag };
}

/** Every copy of `sources` in the database, with what each copy has (config, share, flow, tags). */
async function copiesOf(db: Db, sources: Robot[]) {
  const byName = new Map(sources.map((robot) => [robot.processId, robot]));
  const rows = await db
    .selectFrom('processes')
    .selectAll()
    .where('tenantId', '=', (eb) =>
      eb.selectFrom('processes').select('tenantId').where('processId', '=', sources[0]!.processId),
    )
    .execute();
  const copies = rows.filter((row) => !byName.has(row.processId) && sources.some((s) => row.name.startsWith(s.name)));
  return Promise.all(
    copies.map(async (row) => {
      const has = async (table: 'processConfigs' | 'shares' | 'processFlows') =>
        (await db.selectFrom(table).select('processId').where('processId', '=', row.processId).execute()).length;
      const tags = await db
        .selectFrom('processTagBindings')
        .select('tagId')
        .where('processId', '=', row.processId)
        .execute();
      return {
        processId: row.processId,
        name: row.name,
        adminId: row.adminId,
        parts: [await has('processConfigs'), await has('shares'), await has('processFlows'), tags.length],
      };
    }),
  );
}

/** The job's checkpoint: how many (robot, user) pairs it has done. */
const checkpointOf = async (db: Db, id: string) =>
  JSON.parse(
    (await db.selectFrom('jobs').select('checkpoint').where('id', '=', id).executeTakeFirstOrThrow()).checkpoint,
  ) as { done?: number };

/** Polls the job row until `ready` holds (the task runs in the background meanwhile). */
async function until(db: Db, id: string, ready: (job: Job, done: number) => boolean) {
  for (;;) {
    const job = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (ready(job, (JSON.parse(job.checkpoint) as { done?: number }).done ?? 0)) return job;
    await sleep(10);
  }
}

describe('POST /v1/processes/clone/batch', () => {
  it('copies 3 robots for 4 users: 12 whole robots, each with its config, datasets, flow and tags', async () => {
    const sources = [await richRobot('Alpha'), await richRobot('Beta'), await richRobot('Gamma')];
    const users = await Promise.all([1, 2, 3, 4].map(() => t.createUser(admin, 'operator')));
    const res = await t.post('/v1/processes/clone/batch', {
      token: admin,
      body: {
        processIds: [...sources.map((s) => s.robot.processId), sources[0]!.robot.processId],
        userIds: users.map((u) => u.user.id),
      },
    });
    expect(res.statusCode).toBe(200);
    const task = res.json<Task>();
    expect(task).toMatchObject({ type: 'cloneRobots', status: 'queued', progress: 0, title: 'Alpha, Beta, Gamma × 4' });

    await t.app.jobs.runNext();
    expect((await t.app.jobs.waitFor(task.id)).status).toBe('done');
    const listed = (await t.get('/v1/tasks', { token: admin })).json<{ list: Task[] }>().list;
    expect(listed.find((x) => x.id === task.id)).toMatchObject({ status: 'done', progress: 1 });

    const copies = await copiesOf(
      t.app.db,
      sources.map((s) => s.robot),
    );
    expect(copies).toHaveLength(12);
    for (const copy of copies) expect(copy.parts).toEqual([1, 1, 1, 1]);
    for (const { robot, dataset } of sources) {
      for (const { user } of users) {
        const mine = copies.filter((c) => c.adminId === user.id && c.name === `${robot.name} (${user.nickname})`);
        expect(mine).toHaveLength(1);
        const id = mine[0]!.processId;
        const basic = (await t.get(`/v1/processes/${id}/basic`, { token: admin })).json<BasicConfig>();
        expect(basic).toMatchObject({ datasetIds: [dataset.id], systemPrompt: `Be ${robot.name}` });
        const flow = (await t.get(`/v1/processes/${id}/flow`, { token: admin })).json<Flow>();
        expect(flow.draft.nodes[1]?.position).toEqual({ x: 123, y: 456 });
      }
    }
  });

  it('answers 404 for a robot or a user of another tenant, and queues nothing', async () => {
    const tenant = await t.createTenant(admin);
    const theirs = (await t.post('/v1/processes', { token: tenant.token, body: { name: 'Theirs' } })).json<Robot>();
    const mine = (await t.post('/v1/processes', { token: admin, body: { name: 'Mine' } })).json<Robot>();
    const before = (await t.get('/v1/tasks', { token: admin })).json<{ total: number }>().total;
    const robot = await t.post('/v1/processes/clone/batch', {
      token: admin,
      body: { processIds: [mine.processId, theirs.processId], userIds: [me.id] },
    });
    expect(robot.statusCode).toBe(404);
    expect(robot.json().code).toBe('ROBOT_NOT_FOUND');
    const user = await t.post('/v1/processes/clone/batch', {
      token: admin,
      body: { processIds: [mine.processId], userIds: [me.id, tenant.admin.id] },
    });
    expect(user.statusCode).toBe(404);
    expect(user.json().code).toBe('USER_NOT_FOUND');
    expect((await t.get('/v1/tasks', { token: admin })).json<{ total: number }>().total).toBe(before);
  });

  it('answers 422 for empty, oversized or malformed lists', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
    for (const body of [
      { processIds: [], userIds: [me.id] },
      { processIds: ['a'], userIds: [] },
      { processIds: ids(51), userIds: [me.id] },
      { processIds: ['a'], userIds: ids(1001) },
      { processIds: ['a'] },
      { processIds: [{ id: 'a' }], userIds: [me.id] },
      { processIds: [''], userIds: [me.id] },
      { processIds: ['x'.repeat(65)], userIds: [me.id] },
    ])
      expect(
        (await t.post('/v1/processes/clone/batch', { token: admin, body })).statusCode,
        JSON.stringify(body).slice(0, 80),
      ).toBe(422);
  });

  it('is for admins only', async () => {
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Guarded' } })).json<Robot>();
    for (const role of ['operator', 'agent'] as const) {
      const { token } = await t.createUser(admin, role);
      const res = await t.post('/v1/processes/clone/batch', {
        token,
        body: { processIds: [robot.processId], userIds: [me.id] },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('a cancel mid-way leaves only whole copies, as many as the task counted', async () => {
    const sources = [await richRobot('Delta'), await richRobot('Epsilon')];
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => t.createUser(admin, 'agent')));
    const task = (
      await t.post('/v1/processes/clone/batch', {
        token: admin,
        body: { processIds: sources.map((s) => s.robot.processId), userIds: users.map((u) => u.user.id) },
      })
    ).json<Task>();
    const running = t.app.jobs.runNext();
    await until(t.app.db, task.id, (_, done) => done >= 2);
    expect((await t.post(`/v1/tasks/${task.id}/cancel`, { token: admin })).statusCode).toBe(200);
    await running;

    const { done = 0 } = await checkpointOf(t.app.db, task.id);
    const copies = await copiesOf(
      t.app.db,
      sources.map((s) => s.robot),
    );
    expect(done).toBeLessThan(10);
    expect(copies).toHaveLength(done);
    for (const copy of copies) expect(copy.parts).toEqual([1, 1, 1, 1]);
    expect((await t.app.repos.jobs.byId(task.id))?.status).toBe('cancelled');
  });

  it('counts a robot deleted before its turn as skipped, and copies the rest', async () => {
    const keep = (await t.post('/v1/processes', { token: admin, body: { name: 'Zeta keep' } })).json<Robot>();
    const gone = (await t.post('/v1/processes', { token: admin, body: { name: 'Zeta gone' } })).json<Robot>();
    const task = (
      await t.post('/v1/processes/clone/batch', {
        token: admin,
        headers: { 'accept-language': 'en' },
        body: { processIds: [keep.processId, gone.processId], userIds: [me.id] },
      })
    ).json<Task>();
    expect((await t.del(`/v1/processes/${gone.processId}`, { token: admin })).statusCode).toBe(200);
    await t.app.jobs.runNext();
    expect((await t.app.jobs.waitFor(task.id)).status).toBe('done');
    const listed = (await t.get('/v1/tasks', { token: admin, headers: { 'accept-language': 'en' } }))
      .json<{ list: Task[] }>()
      .list.find((x) => x.id === task.id);
    expect(listed?.error).toBe('Some copies were skipped (robot or user deleted): 1');
    expect((await copiesOf(t.app.db, [keep, gone])).map((c) => c.name)).toEqual([`Zeta keep (${me.nickname})`]);
  });
});

describe('a restart', () => {
  const servers = useRestartableServers();

  it('resumes where the stopped server left off, without copying a pair twice', async () => {
    const first = await servers.start({ jobWorkers: 1, jobStepDelayMs: 150, jobHeartbeatMs: 60_000 });
    const inject: Inject = (method, url, request) =>
      first.inject({
        method,
        url,
        headers: { authorization: `Bearer ${request.token}` },
        ...(request.body !== undefined && { payload: request.body as object }),
      });
    const token = (await first.inject({ method: 'POST', url: '/v1/login', payload: ADMIN })).json<{ token: string }>()
      .token;
    const owner = (await inject('GET', '/v1/users/me', { token })).json<User>();
    const sources = [await richRobot('Eta', token, inject), await richRobot('Theta', token, inject)];
    const userIds: string[] = [owner.id];
    for (const name of ['r-one', 'r-two', 'r-three']) {
      const body = { username: name, nickname: name, password: 'user-password-1', role: 'operator' };
      userIds.push((await inject('POST', '/v1/users', { token, body })).json<User>().id);
    }
    const task = (
      await inject('POST', '/v1/processes/clone/batch', {
        token,
        body: { processIds: sources.map((s) => s.robot.processId), userIds },
      })
    ).json<Task>();
    await until(first.db, task.id, (job, done) => job.status === 'running' && done >= 2);
    await servers.stop();

    const second = await servers.start({});
    const stopped = await checkpointOf(second.db, task.id);
    expect(stopped.done).toBeLessThan(8);
    expect(
      (
        await copiesOf(
          second.db,
          sources.map((s) => s.robot),
        )
      ).length,
    ).toBe(stopped.done);
    expect((await second.jobs.waitFor(task.id, 20_000)).status).toBe('done');
    const copies = await copiesOf(
      second.db,
      sources.map((s) => s.robot),
    );
    expect(copies).toHaveLength(8);
    expect(new Set(copies.map((c) => `${c.name}|${c.adminId}`)).size).toBe(8);
    for (const copy of copies) expect(copy.parts).toEqual([1, 1, 1, 1]);
  });
});
