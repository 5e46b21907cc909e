import { randomUUID } from 'node:crypto';
import type { Robot, ShareSettings, User } from '@flotilla/shared/contracts';
import type { Chatter, CompletionRecord } from '../../src/plugins/app/chats/chats-repository';
import type { TestApp } from '../helper';

/** Two visitors' ids, as browsers keep them. */
export const VISITOR = '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11';
export const OTHER_VISITOR = '8e2b1c34-5a6d-4e7f-8a9b-0c1d2e3f4a5b';

export async function me(t: TestApp, token: string): Promise<User> {
  return (await t.get('/v1/users/me', { token })).json<User>();
}

/** A robot of the token's tenant with its share (enabled unless told otherwise), and how to reach it. */
export async function sharedRobot(t: TestApp, token: string, options: { name?: string; enabled?: boolean } = {}) {
  const robot = (await t.post('/v1/processes', { token, body: { name: options.name ?? 'Helper' } })).json<Robot>();
  const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
  const share = (
    await t.put(`${base}/${options.enabled === false ? 'disable' : 'enable'}`, { token })
  ).json<ShareSettings>();
  const { tenantId } = await me(t, token);
  /** A chatter of this robot: a visitor through its share, or a staff member debugging it. */
  const visitor = (userId: string): Chatter => ({ tenantId, processId: robot.processId, userId, channel: 'visitor' });
  const staff = (userId: string): Chatter => ({ tenantId, processId: robot.processId, userId, channel: 'staff' });
  return { robot, share, base, tenantId, visitor, staff };
}

/** Stores an answered question in a session, as the answer engine would. */
export async function answered(
  t: TestApp,
  chatter: Chatter,
  sessionId: string,
  question: string,
  record: Partial<CompletionRecord> = {},
): Promise<string> {
  const id = randomUUID();
  await t.app.repos.chats.recordCompletion(chatter, {
    id,
    sessionId,
    newSession: false,
    question,
    answer: `Answer to: ${question}`,
    images: [],
    files: [],
    citations: [],
    trace: [],
    model: 'builtin',
    usage: { promptTokens: 7, completionTokens: 5, totalTokens: 12 },
    latencyMs: 42,
    cost: 3,
    status: 'done',
    errorCode: null,
    ...record,
  });
  return id;
}
