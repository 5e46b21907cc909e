import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatSession, ChatSessionListResponse, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { answered, me, OTHER_VISITOR, sharedRobot, VISITOR } from './chat-fixtures';

const t = useTestApp();
const en = { 'accept-language': 'en' };

let admin: string;
let adminUser: User;
let robot: Awaited<ReturnType<typeof sharedRobot>>;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  adminUser = await me(t, admin);
  robot = await sharedRobot(t, admin);
  otherTenant = (await t.createTenant(admin, 'Chat Tenant B')).token;
});

const sessionsOf = (userId: string, query: string, token?: string, headers: Record<string, string> = {}) =>
  t.get(`/v1/users/${userId}/chat/session?${query}`, { token, headers: { ...en, ...headers } });

const create = (body: Record<string, unknown>, token?: string, headers: Record<string, string> = {}) =>
  t.post('/v1/chat/sessions', { token, body, headers: { ...en, ...headers } });

const rename = (body: Record<string, unknown>, token?: string) =>
  t.put('/v1/chat/sessions', { token, body, headers: en });

describe('GET /v1/users/{userId}/chat/session', () => {
  it("lists the visitor's sessions with the robot, newest activity first, paged", async () => {
    const { shareId } = robot.share;
    const first = create({ shareId, userId: VISITOR, title: 'First' });
    const older = (await first).json<ChatSession>();
    const newer = (await create({ shareId, userId: VISITOR, title: 'Second' })).json<ChatSession>();
    let list = (await sessionsOf(VISITOR, `shareId=${shareId}`)).json<ChatSessionListResponse>();
    expect(list.total).toBe(2);
    expect(list.list.map((s) => s.sessionId)).toEqual([newer.sessionId, older.sessionId]);

    // A question in the older session makes it the latest activity.
    await answered(t, robot.visitor(VISITOR), older.sessionId, 'Where is my parcel?');
    list = (await sessionsOf(VISITOR, `shareId=${shareId}`)).json<ChatSessionListResponse>();
    expect(list.list.map((s) => s.sessionId)).toEqual([older.sessionId, newer.sessionId]);
    expect(list.list[0]).toMatchObject({
      title: 'First',
      processId: robot.robot.processId,
      chatCompletionType: 'chat',
      topic: '',
    });

    const page = (await sessionsOf(VISITOR, `shareId=${shareId}&offset=1&limit=1`)).json<ChatSessionListResponse>();
    expect(page).toEqual({ list: [list.list[1]], total: 2 });
    // The uuid is matched whatever its case.
    expect((await sessionsOf(VISITOR.toUpperCase(), `shareId=${shareId}`)).json().total).toBe(2);
  });

  it('pages 40 sessions by default', async () => {
    const many = await sharedRobot(t, admin, { name: 'Busy' });
    for (let i = 0; i < 41; i++) await t.app.repos.chats.createSession(many.visitor(VISITOR), `Chat ${i}`);
    const res = await sessionsOf(VISITOR, `shareId=${many.share.shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().list).toHaveLength(40);
    expect(res.json().total).toBe(41);
    expect(res.json().list[0].title).toBe('Chat 40');
  });

  it("shows a visitor none of another visitor's sessions, nor a staff member's", async () => {
    const own = await sharedRobot(t, admin, { name: 'Private' });
    await t.app.repos.chats.createSession(own.visitor(VISITOR), 'Mine');
    await t.app.repos.chats.createSession(own.staff(adminUser.id), 'Debugging');
    expect((await sessionsOf(OTHER_VISITOR, `shareId=${own.share.shareId}`)).json()).toEqual({ list: [], total: 0 });
    // Passing the staff member's id as a visitor id reaches nothing of theirs.
    const asStaffId = await sessionsOf(adminUser.id, `shareId=${own.share.shareId}`);
    expect(asStaffId.statusCode).toBe(200);
    expect(asStaffId.json()).toEqual({ list: [], total: 0 });
  });

  it('lists a staff member their own debug sessions through processId and their token', async () => {
    const own = await sharedRobot(t, admin, { name: 'Debugged' });
    await t.app.repos.chats.createSession(own.visitor(VISITOR), 'A visitor');
    const mine = await t.app.repos.chats.createSession(own.staff(adminUser.id), 'Debugging');
    const res = await sessionsOf(adminUser.id, `processId=${own.robot.processId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ list: [mine], total: 1 });
  });

  it('answers 422 for a bad page', async () => {
    const { shareId } = robot.share;
    for (const query of ['limit=0', 'limit=201', 'limit=many', 'offset=-1']) {
      const res = await sessionsOf(VISITOR, `shareId=${shareId}&${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('query');
    }
  });

  it("refuses (403) a staff member reading another user's sessions, and a page on a site the share does not allow", async () => {
    const { token } = await t.createUser(admin, 'operator');
    const res = await sessionsOf(adminUser.id, `processId=${robot.robot.processId}`, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You can only reach your own chats' });

    const guarded = await sharedRobot(t, admin, { name: 'Embedded' });
    await t.put(guarded.base, { token: admin, body: { allowedOrigins: ['https://shop.example.com'] } });
    const page = (origin: string) => sessionsOf(VISITOR, `shareId=${guarded.share.shareId}`, undefined, { origin });
    expect((await page('https://evil.example.net')).json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    expect((await page('https://shop.example.com')).statusCode).toBe(200);
  });

  it("answers 404 ROBOT_NOT_FOUND for another tenant's robot, 401 without a token", async () => {
    await t.app.repos.chats.createSession(robot.staff(adminUser.id), 'Secret debugging');
    const stranger = await me(t, otherTenant);
    const res = await sessionsOf(stranger.id, `processId=${robot.robot.processId}`, otherTenant);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROBOT_NOT_FOUND');
    expect(res.body).not.toContain('Secret');
    expect((await sessionsOf(adminUser.id, `processId=${robot.robot.processId}`)).statusCode).toBe(401);
  });

  it('answers 404 SHARE_NOT_FOUND for a disabled or unknown share', async () => {
    const off = await sharedRobot(t, admin, { name: 'Closed', enabled: false });
    await t.app.repos.chats.createSession(off.visitor(VISITOR), 'Before closing');
    const res = await sessionsOf(VISITOR, `shareId=${off.share.shareId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'SHARE_NOT_FOUND', message: 'This share does not exist or is closed' });
    expect((await sessionsOf(VISITOR, 'shareId=no-such-share')).statusCode).toBe(404);
  });

  it('answers 400 without exactly one of shareId and processId, or with a visitor id that is not a uuid', async () => {
    const neither = await sessionsOf(VISITOR, '');
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ code: 'BAD_REQUEST', message: 'Give exactly one of shareId and processId' });
    expect(
      (await sessionsOf(VISITOR, `shareId=${robot.share.shareId}&processId=${robot.robot.processId}`, admin))
        .statusCode,
    ).toBe(400);
    const badVisitor = await sessionsOf('not-a-uuid', `shareId=${robot.share.shareId}`);
    expect(badVisitor.statusCode).toBe(400);
    expect(badVisitor.json().message).toBe('A visitor id is required');
  });
});

describe('POST /v1/chat/sessions', () => {
  it('starts an empty session for a visitor, titled when a title is given', async () => {
    const res = await create({ shareId: robot.share.shareId, userId: VISITOR, title: '  Returns  ' });
    expect(res.statusCode).toBe(200);
    const session = res.json<ChatSession>();
    expect(session).toMatchObject({
      title: 'Returns',
      topic: '',
      chatCompletionType: 'chat',
      processId: robot.robot.processId,
    });
    expect(session.createdAt).toBe(session.updatedAt);
    const untitled = (await create({ shareId: robot.share.shareId, userId: VISITOR })).json<ChatSession>();
    expect(untitled.title).toBe('');
    const list = (await sessionsOf(VISITOR, `shareId=${robot.share.shareId}`)).json<ChatSessionListResponse>();
    expect(list.list[0].sessionId).toBe(untitled.sessionId);
    const row = await t.app.db
      .selectFrom('chatSessions')
      .selectAll()
      .where('sessionId', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: VISITOR, channel: 'visitor', tenantId: robot.tenantId });
  });

  it("starts a staff member's debug session through processId", async () => {
    const res = await create({ processId: robot.robot.processId, userId: adminUser.id }, admin);
    expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('chatSessions')
      .selectAll()
      .where('sessionId', '=', res.json().sessionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: adminUser.id, channel: 'staff' });
  });

  it('answers 422 for a missing user id, a title over 100 characters or no body', async () => {
    const { shareId } = robot.share;
    const noUser = await create({ shareId });
    expect(noUser.statusCode).toBe(422);
    expect(noUser.json().detail[0]).toMatchObject({ loc: ['body', 'userId'], type: 'missing' });
    const long = await create({ shareId, userId: VISITOR, title: 'x'.repeat(101) });
    expect(long.json().detail[0]).toMatchObject({ loc: ['body', 'title'], type: 'string_too_long' });
    expect((await t.post('/v1/chat/sessions')).statusCode).toBe(422);
  });

  it("refuses (403) a session in another user's name, 404s another tenant's robot and a disabled share, 400s no target", async () => {
    const { token } = await t.createUser(admin, 'agent');
    expect((await create({ processId: robot.robot.processId, userId: adminUser.id }, token)).statusCode).toBe(403);
    const stranger = await me(t, otherTenant);
    const foreign = await create({ processId: robot.robot.processId, userId: stranger.id }, otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ROBOT_NOT_FOUND');
    const off = await sharedRobot(t, admin, { name: 'Closed for new chats', enabled: false });
    expect((await create({ shareId: off.share.shareId, userId: VISITOR })).json().code).toBe('SHARE_NOT_FOUND');
    expect((await create({ userId: VISITOR })).statusCode).toBe(400);
    const count = await t.app.db
      .selectFrom('chatSessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('processId', '=', off.robot.processId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("holds a visitor to the share's rate per minute (429)", async () => {
    const slow = await sharedRobot(t, admin, { name: 'Slow' });
    await t.put(slow.base, { token: admin, body: { rateLimitPerMinute: 2 } });
    const body = { shareId: slow.share.shareId, userId: VISITOR };
    expect((await create(body)).statusCode).toBe(200);
    expect((await create(body)).statusCode).toBe(200);
    const third = await create(body);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
  });
});

describe('PUT /v1/chat/sessions', () => {
  it("renames the visitor's session and keeps its place in the list", async () => {
    const own = await sharedRobot(t, admin, { name: 'Renamed' });
    const { shareId } = own.share;
    const first = (await create({ shareId, userId: VISITOR })).json<ChatSession>();
    const second = (await create({ shareId, userId: VISITOR })).json<ChatSession>();
    const res = await rename({ shareId, userId: VISITOR, sessionId: first.sessionId, title: '  Refund for order 42 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...first, title: 'Refund for order 42' });
    const list = (await sessionsOf(VISITOR, `shareId=${shareId}`)).json<ChatSessionListResponse>();
    expect(list.list.map((s) => [s.sessionId, s.title])).toEqual([
      [second.sessionId, ''],
      [first.sessionId, 'Refund for order 42'],
    ]);
  });

  it("renames a staff member's own debug session", async () => {
    const session = await t.app.repos.chats.createSession(robot.staff(adminUser.id));
    const res = await rename(
      { processId: robot.robot.processId, userId: adminUser.id, sessionId: session.sessionId, title: 'Edge cases' },
      admin,
    );
    expect(res.json().title).toBe('Edge cases');
  });

  it('answers 422 for an empty or blank title', async () => {
    const session = await t.app.repos.chats.createSession(robot.visitor(VISITOR));
    for (const title of ['', '   ']) {
      const res = await rename({ shareId: robot.share.shareId, userId: VISITOR, sessionId: session.sessionId, title });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'title']);
    }
    expect((await rename({ shareId: robot.share.shareId, userId: VISITOR, title: 'x' })).statusCode).toBe(422);
  });

  it("answers 404 SESSION_NOT_FOUND for another visitor's session, a visitor's session renamed by staff, and the reverse", async () => {
    const visitorSession = await t.app.repos.chats.createSession(robot.visitor(VISITOR), 'Mine');
    const staffSession = await t.app.repos.chats.createSession(robot.staff(adminUser.id), 'Debug');
    const { shareId } = robot.share;
    const attempts = [
      rename({ shareId, userId: OTHER_VISITOR, sessionId: visitorSession.sessionId, title: 'Hijacked' }),
      rename(
        {
          processId: robot.robot.processId,
          userId: adminUser.id,
          sessionId: visitorSession.sessionId,
          title: 'Hijacked',
        },
        admin,
      ),
      rename({ shareId, userId: adminUser.id, sessionId: staffSession.sessionId, title: 'Hijacked' }),
      rename({ shareId, userId: VISITOR, sessionId: 'no-such-session', title: 'Hijacked' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: 'Chat session not found' });
    }
    expect((await t.app.repos.chats.findSession(robot.visitor(VISITOR), visitorSession.sessionId))?.title).toBe('Mine');
    expect((await t.app.repos.chats.findSession(robot.staff(adminUser.id), staffSession.sessionId))?.title).toBe(
      'Debug',
    );
  });

  it("refuses (403) renaming in another user's name, 404s another tenant's robot and a disabled share, 400s no target", async () => {
    const session = await t.app.repos.chats.createSession(robot.staff(adminUser.id), 'Kept');
    const { token } = await t.createUser(admin, 'operator');
    const body = {
      processId: robot.robot.processId,
      userId: adminUser.id,
      sessionId: session.sessionId,
      title: 'Changed',
    };
    expect((await rename(body, token)).statusCode).toBe(403);
    const stranger = await me(t, otherTenant);
    expect((await rename({ ...body, userId: stranger.id }, otherTenant)).json().code).toBe('ROBOT_NOT_FOUND');
    const off = await sharedRobot(t, admin, { name: 'Closed rename', enabled: false });
    const closed = await t.app.repos.chats.createSession(off.visitor(VISITOR), 'Kept');
    expect(
      (await rename({ shareId: off.share.shareId, userId: VISITOR, sessionId: closed.sessionId, title: 'Changed' }))
        .statusCode,
    ).toBe(404);
    expect((await rename({ userId: VISITOR, sessionId: closed.sessionId, title: 'Changed' })).statusCode).toBe(400);
    expect((await t.app.repos.chats.findSession(robot.staff(adminUser.id), session.sessionId))?.title).toBe('Kept');
  });
});

describe('GET /v1/webPreviewUi (public)', () => {
  it("shows a live share's look, 404 once it is disabled, 422 without a shareId", async () => {
    const own = await sharedRobot(t, admin, { name: 'Shop helper' });
    await t.put(`/v1/processes/${own.robot.processId}/preset`, {
      token: admin,
      body: { welcome: 'Hi!', suggestedQuestions: ['Opening hours?'] },
    });
    await t.put(own.base, { token: admin, body: { themeColor: '#112233' } });
    const res = await t.get(`/v1/webPreviewUi?shareId=${own.share.shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shareId: own.share.shareId,
      name: 'Shop helper',
      icon: '',
      themeColor: '#112233',
      welcome: 'Hi!',
      suggestedQuestions: ['Opening hours?'],
    });

    await t.put(`${own.base}/disable`, { token: admin });
    const off = await t.get(`/v1/webPreviewUi?shareId=${own.share.shareId}`);
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('SHARE_NOT_FOUND');
    expect((await t.get('/v1/webPreviewUi?shareId=no-such-share')).statusCode).toBe(404);
    const missing = await t.get('/v1/webPreviewUi');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0]).toMatchObject({ loc: ['query', 'shareId'], type: 'missing' });
  });
});

describe('GET /v1/aliyun/tts/voice (public)', () => {
  it("offers no provider and no voices: the chat uses the browser's", async () => {
    const res = await t.get('/v1/aliyun/tts/voice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: null, voices: [] });
  });
});
