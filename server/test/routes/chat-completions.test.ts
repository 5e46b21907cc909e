import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Completion,
  CompletionListResponse,
  CompletionLog,
  CompletionLogListResponse,
  RobotSessionListResponse,
  User,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { answered, me, OTHER_VISITOR, sharedRobot, VISITOR } from './chat-fixtures';

const t = useTestApp();
const en = { 'accept-language': 'en' };

let admin: string;
let adminUser: User;
let agent: string;
let operator: string;
let otherTenant: string;
let otherTenantUser: User;
let robot: Awaited<ReturnType<typeof sharedRobot>>;

beforeAll(async () => {
  admin = await t.login();
  adminUser = await me(t, admin);
  agent = (await t.createUser(admin, 'agent')).token;
  operator = (await t.createUser(admin, 'operator')).token;
  const tenant = await t.createTenant(admin, 'Completions Tenant B');
  otherTenant = tenant.token;
  otherTenantUser = tenant.admin;
  robot = await sharedRobot(t, admin);
});

/** A visitor's session with `count` answered questions ("Q1"… oldest first); their ids, oldest first. */
async function visitorSession(target = robot, count = 3, visitorId = VISITOR) {
  const session = await t.app.repos.chats.createSession(target.visitor(visitorId));
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) ids.push(await answered(t, target.visitor(visitorId), session.sessionId, `Q${i}`));
  return { session, ids };
}

const messages = (userId: string, sessionId: string, query: string, token?: string) =>
  t.get(`/v1/chat/users/${userId}/sessions/${sessionId}/completions?${query}`, { token, headers: en });
const removePair = (userId: string, sessionId: string, id: string, query: string, token?: string) =>
  t.del(`/v1/users/${userId}/sessions/${sessionId}/completions/${id}?${query}`, { token, headers: en });
const feedback = (id: string, body: Record<string, unknown>, token?: string) =>
  t.put(`/v1/completions/${id}/feedback`, { token, body, headers: en });
const checked = (id: string, body: unknown, token?: string) =>
  t.put(`/v1/completions/${id}/checked`, { token, body, headers: en });
const logs = (query: string, token?: string) => t.get(`/v1/completions/processes?${query}`, { token, headers: en });
const robotSessions = (body: unknown, token?: string) =>
  t.post('/v1/completions/sessionIds', { token, body, headers: en });

describe('GET /v1/chat/users/{userId}/sessions/{sessionId}/completions', () => {
  it("lists the visitor's messages newest first, 10 by default, paged", async () => {
    const { session, ids } = await visitorSession(robot, 11);
    const res = await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<CompletionListResponse>();
    expect(page.total).toBe(11);
    expect(page.list).toHaveLength(10);
    expect(page.list.map((c) => c.id)).toEqual(ids.slice(1).reverse());
    expect(page.list[0]).toEqual({
      id: ids[10],
      sessionId: session.sessionId,
      processId: robot.robot.processId,
      question: 'Q11',
      answer: 'Answer to: Q11',
      images: [],
      files: [],
      citations: [],
      status: 'done',
      feedback: null,
      feedbackText: '',
      checked: false,
      createdAt: expect.any(String),
    });
    // The visitor's view carries nothing of the logs (who asked, cost, tokens).
    expect(page.list[0]).not.toHaveProperty('cost');
    const rest = (
      await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}&offset=10&limit=5`)
    ).json<CompletionListResponse>();
    expect(rest).toEqual({ list: [expect.objectContaining({ id: ids[0], question: 'Q1' })], total: 11 });
  });

  it('lists a staff member the messages of their own debug session', async () => {
    const session = await t.app.repos.chats.createSession(robot.staff(adminUser.id));
    const id = await answered(t, robot.staff(adminUser.id), session.sessionId, 'Does the prompt work?');
    const res = await messages(adminUser.id, session.sessionId, `processId=${robot.robot.processId}`, admin);
    expect(res.json()).toEqual({ list: [expect.objectContaining({ id })], total: 1 });
  });

  it("answers 404 SESSION_NOT_FOUND for another visitor's session, or a visitor's session read by staff, without its messages", async () => {
    const { session } = await visitorSession();
    for (const res of [
      await messages(OTHER_VISITOR, session.sessionId, `shareId=${robot.share.shareId}`),
      await messages(adminUser.id, session.sessionId, `processId=${robot.robot.processId}`, admin),
      await messages(VISITOR, 'no-such-session', `shareId=${robot.share.shareId}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Chat session not found' });
    }
    // Through another robot's share, the session is not there either.
    const other = await sharedRobot(t, admin, { name: 'Other robot' });
    expect((await messages(VISITOR, session.sessionId, `shareId=${other.share.shareId}`)).statusCode).toBe(404);
  });

  it("answers 422 for a bad page, 403 for staff reading in another user's name, 400 without a target", async () => {
    const { session } = await visitorSession(robot, 1);
    const bad = await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}&limit=0`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['query', 'limit'], type: 'greater_than_equal' });
    expect(
      (await messages(adminUser.id, session.sessionId, `processId=${robot.robot.processId}`, operator)).statusCode,
    ).toBe(403);
    expect((await messages(VISITOR, session.sessionId, '')).statusCode).toBe(400);
  });

  it("answers 404 for another tenant's robot or session, and for a disabled share", async () => {
    const { session } = await visitorSession(robot, 1);
    const foreign = await messages(
      otherTenantUser.id,
      session.sessionId,
      `processId=${robot.robot.processId}`,
      otherTenant,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ROBOT_NOT_FOUND');
    const theirs = await sharedRobot(t, otherTenant, { name: 'B robot' });
    const viaTheirs = await messages(VISITOR, session.sessionId, `shareId=${theirs.share.shareId}`);
    expect(viaTheirs.statusCode).toBe(404);
    expect(viaTheirs.body).not.toContain('Q1');

    const off = await sharedRobot(t, admin, { name: 'Closed messages', enabled: false });
    const closed = await visitorSession(off, 1);
    const res = await messages(VISITOR, closed.session.sessionId, `shareId=${off.share.shareId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SHARE_NOT_FOUND');
  });
});

describe('DELETE /v1/users/{userId}/sessions/{sessionId}/completions/{id}', () => {
  it("deletes one pair of the visitor's session", async () => {
    const { session, ids } = await visitorSession();
    const res = await removePair(VISITOR, session.sessionId, ids[1], `shareId=${robot.share.shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const left = (
      await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}`)
    ).json<CompletionListResponse>();
    expect(left.list.map((c) => c.id)).toEqual([ids[2], ids[0]]);
    expect((await t.get(`/v1/completions/${ids[1]}`, { token: admin })).statusCode).toBe(404);
    // Deleting it again: it is gone.
    expect((await removePair(VISITOR, session.sessionId, ids[1], `shareId=${robot.share.shareId}`)).json().code).toBe(
      'COMPLETION_NOT_FOUND',
    );
  });

  it("deletes a pair of a staff member's own debug session", async () => {
    const session = await t.app.repos.chats.createSession(robot.staff(adminUser.id));
    const id = await answered(t, robot.staff(adminUser.id), session.sessionId, 'Test');
    expect(
      (await removePair(adminUser.id, session.sessionId, id, `processId=${robot.robot.processId}`, admin)).json(),
    ).toEqual({ ok: true });
  });

  it("answers 404 COMPLETION_NOT_FOUND for another visitor's pair, a pair named under another session, or one deleted by staff through processId", async () => {
    const { session, ids } = await visitorSession();
    const mine = await visitorSession(robot, 1);
    const attempts = [
      removePair(OTHER_VISITOR, session.sessionId, ids[0], `shareId=${robot.share.shareId}`),
      removePair(VISITOR, mine.session.sessionId, ids[0], `shareId=${robot.share.shareId}`),
      removePair(adminUser.id, session.sessionId, ids[0], `processId=${robot.robot.processId}`, admin),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'COMPLETION_NOT_FOUND', message: 'Message not found' });
    }
    expect((await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}`)).json().total).toBe(3);
  });

  it("answers 422 for a bad id, 403 in another user's name, 404 for another tenant or a disabled share, 400 without a target", async () => {
    const { session, ids } = await visitorSession(robot, 1);
    const staffSession = await t.app.repos.chats.createSession(robot.staff(adminUser.id));
    const staffPair = await answered(t, robot.staff(adminUser.id), staffSession.sessionId, 'Kept');
    const bad = await removePair(VISITOR, session.sessionId, 'x'.repeat(65), `shareId=${robot.share.shareId}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'id']);
    expect(
      (await removePair(adminUser.id, staffSession.sessionId, staffPair, `processId=${robot.robot.processId}`, agent))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await removePair(
          otherTenantUser.id,
          staffSession.sessionId,
          staffPair,
          `processId=${robot.robot.processId}`,
          otherTenant,
        )
      ).json().code,
    ).toBe('ROBOT_NOT_FOUND');
    await t.put(`${robot.base}/disable`, { token: admin });
    try {
      expect((await removePair(VISITOR, session.sessionId, ids[0], `shareId=${robot.share.shareId}`)).json().code).toBe(
        'SHARE_NOT_FOUND',
      );
    } finally {
      await t.put(`${robot.base}/enable`, { token: admin });
    }
    expect((await removePair(VISITOR, session.sessionId, ids[0], '')).statusCode).toBe(400);
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).statusCode).toBe(200);
    expect((await t.get(`/v1/completions/${staffPair}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('GET and DELETE /v1/completions/{completionId}', () => {
  it('shows staff (agents too) an answer as the logs do: who asked, model, tokens, latency, cost', async () => {
    const { session, ids } = await visitorSession(robot, 1);
    for (const token of [admin, agent, operator]) {
      const res = await t.get(`/v1/completions/${ids[0]}`, { token });
      expect(res.statusCode).toBe(200);
      expect(res.json<CompletionLog>()).toMatchObject({
        id: ids[0],
        sessionId: session.sessionId,
        question: 'Q1',
        userId: VISITOR,
        channel: 'visitor',
        model: 'builtin',
        usage: { promptTokens: 7, completionTokens: 5, totalTokens: 12 },
        latencyMs: 42,
        cost: 3,
        errorCode: null,
      });
    }
  });

  it('lets operators delete an answer, not agents (403)', async () => {
    const { session, ids } = await visitorSession(robot, 2);
    const refused = await t.del(`/v1/completions/${ids[0]}`, { token: agent, headers: en });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await t.del(`/v1/completions/${ids[0]}`, { token: operator })).json()).toEqual({ ok: true });
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).statusCode).toBe(404);
    expect((await messages(VISITOR, session.sessionId, `shareId=${robot.share.shareId}`)).json().total).toBe(1);
    const again = await t.del(`/v1/completions/${ids[0]}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('COMPLETION_NOT_FOUND');
  });

  it("answers 404 COMPLETION_NOT_FOUND for another tenant's answer, and leaves it alone", async () => {
    const { ids } = await visitorSession(robot, 1);
    const read = await t.get(`/v1/completions/${ids[0]}`, { token: otherTenant, headers: en });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ code: 'COMPLETION_NOT_FOUND', message: 'Message not found' });
    expect((await t.del(`/v1/completions/${ids[0]}`, { token: otherTenant })).statusCode).toBe(404);
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).statusCode).toBe(200);
  });

  it('answers 422 for a bad id and 401 without a token', async () => {
    expect((await t.get(`/v1/completions/${'x'.repeat(65)}`, { token: admin })).statusCode).toBe(422);
    expect((await t.del(`/v1/completions/${'x'.repeat(65)}`, { token: admin })).statusCode).toBe(422);
    expect((await t.get('/v1/completions/anything')).statusCode).toBe(401);
  });
});

describe('PUT /v1/completions/{completionId}/feedback', () => {
  it('lets the visitor who asked like or dislike an answer with a comment, and clear it', async () => {
    const { ids } = await visitorSession(robot, 1);
    const { shareId } = robot.share;
    const liked = await feedback(ids[0], { shareId, userId: VISITOR, feedback: 'like', text: ' Very helpful ' });
    expect(liked.statusCode).toBe(200);
    expect(liked.json<Completion>()).toMatchObject({ id: ids[0], feedback: 'like', feedbackText: 'Very helpful' });
    expect((await feedback(ids[0], { shareId, userId: VISITOR, feedback: 'dislike' })).json()).toMatchObject({
      feedback: 'dislike',
      feedbackText: '',
    });
    expect(
      (await feedback(ids[0], { shareId, userId: VISITOR, feedback: null, text: 'ignored' })).json(),
    ).toMatchObject({ feedback: null, feedbackText: '' });
  });

  it('lets a staff member rate an answer of their own debug session', async () => {
    const session = await t.app.repos.chats.createSession(robot.staff(adminUser.id));
    const id = await answered(t, robot.staff(adminUser.id), session.sessionId, 'Test');
    const res = await feedback(
      id,
      { processId: robot.robot.processId, userId: adminUser.id, feedback: 'dislike', text: 'Too long' },
      admin,
    );
    expect(res.json()).toMatchObject({ feedback: 'dislike', feedbackText: 'Too long' });
  });

  it('answers 404 COMPLETION_NOT_FOUND to anyone but the chatter who asked', async () => {
    const { ids } = await visitorSession(robot, 1);
    const other = await sharedRobot(t, admin, { name: 'Feedback elsewhere' });
    const attempts = [
      feedback(ids[0], { shareId: robot.share.shareId, userId: OTHER_VISITOR, feedback: 'dislike' }),
      feedback(ids[0], { processId: robot.robot.processId, userId: adminUser.id, feedback: 'dislike' }, admin),
      feedback(ids[0], { shareId: other.share.shareId, userId: VISITOR, feedback: 'dislike' }),
      feedback('no-such-answer', { shareId: robot.share.shareId, userId: VISITOR, feedback: 'dislike' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('COMPLETION_NOT_FOUND');
    }
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).json().feedback).toBeNull();
  });

  it("answers 422 for a bad value or comment, 403 in another user's name, 404 for another tenant or a disabled share, 400 without a target", async () => {
    const { ids } = await visitorSession(robot, 1);
    const { shareId } = robot.share;
    const bad = await feedback(ids[0], { shareId, userId: VISITOR, feedback: 'meh' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0]).toMatchObject({ loc: ['body', 'feedback'], type: 'literal_error' });
    expect((await feedback(ids[0], { shareId, userId: VISITOR })).statusCode).toBe(422);
    expect(
      (await feedback(ids[0], { shareId, userId: VISITOR, feedback: 'like', text: 'x'.repeat(1001) })).statusCode,
    ).toBe(422);

    expect(
      (await feedback(ids[0], { processId: robot.robot.processId, userId: VISITOR, feedback: 'like' }, operator))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await feedback(
          ids[0],
          { processId: robot.robot.processId, userId: otherTenantUser.id, feedback: 'like' },
          otherTenant,
        )
      ).json().code,
    ).toBe('ROBOT_NOT_FOUND');
    const off = await sharedRobot(t, admin, { name: 'Closed feedback', enabled: false });
    const closed = await visitorSession(off, 1);
    expect(
      (await feedback(closed.ids[0], { shareId: off.share.shareId, userId: VISITOR, feedback: 'like' })).json().code,
    ).toBe('SHARE_NOT_FOUND');
    expect((await feedback(ids[0], { userId: VISITOR, feedback: 'like' })).statusCode).toBe(400);
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).json().feedback).toBeNull();
  });
});

describe('PUT /v1/completions/{completionId}/checked', () => {
  it('lets agents and admins mark an answer reviewed, and not', async () => {
    const { ids } = await visitorSession(robot, 1);
    const res = await checked(ids[0], { checked: true }, agent);
    expect(res.statusCode).toBe(200);
    expect(res.json<CompletionLog>()).toMatchObject({ id: ids[0], checked: true, channel: 'visitor' });
    expect((await checked(ids[0], { checked: false }, admin)).json().checked).toBe(false);
  });

  it("refuses operators (403), answers 404 for another tenant's answer, 422 for a bad body", async () => {
    const { ids } = await visitorSession(robot, 1);
    expect((await checked(ids[0], { checked: true }, operator)).statusCode).toBe(403);
    const foreign = await checked(ids[0], { checked: true }, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('COMPLETION_NOT_FOUND');
    expect((await checked('no-such-answer', { checked: true }, admin)).statusCode).toBe(404);
    const bad = await checked(ids[0], { checked: 'maybe' }, admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['body', 'checked']);
    expect((await checked(ids[0], {}, admin)).statusCode).toBe(422);
    expect((await t.get(`/v1/completions/${ids[0]}`, { token: admin })).json().checked).toBe(false);
  });
});

describe('GET /v1/completions/processes', () => {
  it("lists a robot's answers for its logs, newest first, by session, feedback and review", async () => {
    const own = await sharedRobot(t, admin, { name: 'Logged' });
    const a = await visitorSession(own, 2);
    const b = await visitorSession(own, 1, OTHER_VISITOR);
    await feedback(a.ids[0], { shareId: own.share.shareId, userId: VISITOR, feedback: 'like' });
    await feedback(b.ids[0], { shareId: own.share.shareId, userId: OTHER_VISITOR, feedback: 'dislike' });
    await checked(a.ids[1], { checked: true }, agent);
    await visitorSession(robot, 1);

    const all = await logs(`processId=${own.robot.processId}`, agent);
    expect(all.statusCode).toBe(200);
    const page = all.json<CompletionLogListResponse>();
    expect(page.total).toBe(3);
    expect(page.list.map((c) => c.id)).toEqual([b.ids[0], a.ids[1], a.ids[0]]);
    expect(page.list[0]).toMatchObject({ userId: OTHER_VISITOR, channel: 'visitor', feedback: 'dislike', cost: 3 });

    const ids = async (query: string) =>
      (await logs(`processId=${own.robot.processId}&${query}`, admin))
        .json<CompletionLogListResponse>()
        .list.map((c) => c.id);
    expect(await ids(`sessionId=${a.session.sessionId}`)).toEqual([a.ids[1], a.ids[0]]);
    expect(await ids('feedback=like')).toEqual([a.ids[0]]);
    expect(await ids('checked=true')).toEqual([a.ids[1]]);
    expect(await ids('checked=false')).toEqual([b.ids[0], a.ids[0]]);
    expect(await ids('offset=1&limit=1')).toEqual([a.ids[1]]);
  });

  it("answers 404 ROBOT_NOT_FOUND for another tenant's robot, 422 for a bad query, 401 without a token", async () => {
    await visitorSession(robot, 1);
    const foreign = await logs(`processId=${robot.robot.processId}`, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ROBOT_NOT_FOUND');
    expect(foreign.body).not.toContain('Q1');
    const missing = await logs('', admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['query', 'processId'], type: 'missing' });
    expect((await logs(`processId=${robot.robot.processId}&feedback=meh`, admin)).statusCode).toBe(422);
    expect((await logs(`processId=${robot.robot.processId}&checked=perhaps`, admin)).statusCode).toBe(422);
    expect((await logs(`processId=${robot.robot.processId}&limit=0`, admin)).statusCode).toBe(422);
    expect((await logs(`processId=${robot.robot.processId}`)).statusCode).toBe(401);
  });
});

describe('POST /v1/completions/sessionIds', () => {
  it("lists a robot's sessions with their number of answers, newest activity first", async () => {
    const own = await sharedRobot(t, admin, { name: 'Sessions' });
    const a = await visitorSession(own, 2);
    const empty = await t.app.repos.chats.createSession(own.staff(adminUser.id), 'Nothing asked');
    const b = await visitorSession(own, 1, OTHER_VISITOR);
    const res = await robotSessions({ processId: own.robot.processId }, agent);
    expect(res.statusCode).toBe(200);
    const page = res.json<RobotSessionListResponse>();
    expect(page.total).toBe(3);
    expect(page.list).toEqual([
      {
        sessionId: b.session.sessionId,
        title: 'Q1',
        userId: OTHER_VISITOR,
        channel: 'visitor',
        completions: 1,
        updatedAt: expect.any(String),
      },
      {
        sessionId: empty.sessionId,
        title: 'Nothing asked',
        userId: adminUser.id,
        channel: 'staff',
        completions: 0,
        updatedAt: expect.any(String),
      },
      {
        sessionId: a.session.sessionId,
        title: 'Q1',
        userId: VISITOR,
        channel: 'visitor',
        completions: 2,
        updatedAt: expect.any(String),
      },
    ]);
    const second = (
      await robotSessions({ processId: own.robot.processId, offset: 1, limit: 1 }, admin)
    ).json<RobotSessionListResponse>();
    expect(second).toEqual({ list: [page.list[1]], total: 3 });
  });

  it("answers 404 ROBOT_NOT_FOUND for another tenant's robot, 422 for a bad body, 401 without a token", async () => {
    await visitorSession(robot, 1);
    const foreign = await robotSessions({ processId: robot.robot.processId }, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ROBOT_NOT_FOUND');
    expect(foreign.body).not.toContain(VISITOR);
    const missing = await robotSessions({}, admin);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['body', 'processId'], type: 'missing' });
    expect((await robotSessions({ processId: robot.robot.processId, limit: 500 }, admin)).statusCode).toBe(422);
    expect((await robotSessions({ processId: robot.robot.processId })).statusCode).toBe(401);
  });
});
