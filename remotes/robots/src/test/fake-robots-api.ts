import {
  CHUNK_LIMITS,
  DEFAULT_BASIC_CONFIG,
  DEFAULT_SEPARATORS,
  type ApiSecret,
  type BasicConfig,
  type BindRobotTagsBody,
  type CompletionLog,
  type CreateApiSecretBody,
  type CreateRobotBody,
  type CreateRobotTagBody,
  type Dataset,
  type ModelOption,
  type Robot,
  type RobotSession,
  type RobotSessionsBody,
  type RobotTag,
  type ShareSettings,
  type UpdateBasicConfigBody,
  type UpdatePresetBody,
  type UpdateRobotBody,
  type UpdateShareBody,
} from '@flotilla/shared';
import { mockFetch, type FakeRequest, type FakeResponse } from '@flotilla/shared/test';

let sequence = 0;

/** A robot as the server answers it; fields not given get plain values. */
export function makeRobot(patch: Partial<Robot> = {}): Robot {
  sequence += 1;
  return {
    processId: `p${sequence}`,
    adminId: 'u1',
    name: `Robot ${sequence}`,
    description: '',
    icon: '',
    type: 'simple',
    enabled: true,
    tags: [],
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-02T09:30:00.000Z',
    ...patch,
  };
}

/** A dataset as the server lists it. */
export function makeDataset(id: string, name: string): Dataset {
  return {
    id,
    name,
    description: '',
    fileCount: 0,
    segmentCount: 0,
    chunkSize: CHUNK_LIMITS.chunkSize.default,
    overlap: CHUNK_LIMITS.overlap.default,
    separators: [...DEFAULT_SEPARATORS],
    embeddingModel: null,
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-01T08:00:00.000Z',
  };
}

/** The models the fake server offers. */
export const FAKE_MODELS: ModelOption[] = [
  { id: 'builtin', name: 'Built-in (no model)', provider: 'builtin', price: 0 },
  { id: 'gpt-4o', name: 'GPT-4o', provider: 'openai', price: 3 },
];

/** The share settings of a robot that was never shared. */
export function defaultShare(robot: Robot): ShareSettings {
  return {
    shareId: `s-${robot.processId}`,
    processId: robot.processId,
    name: robot.name,
    icon: robot.icon,
    welcome: '',
    suggestedQuestions: [],
    themeColor: '#1677FF',
    enabled: false,
    allowedOrigins: [],
    rateLimitPerMinute: 60,
    expiresAt: null,
  };
}

/** A chat session of a robot as its logs list it. */
export function makeSession(patch: Partial<RobotSession> = {}): RobotSession {
  sequence += 1;
  return {
    sessionId: `s${sequence}`,
    title: `Session ${sequence}`,
    userId: 'visitor-1',
    channel: 'visitor',
    completions: 1,
    updatedAt: '2024-05-03T10:00:00.000Z',
    ...patch,
  };
}

/** An answer as a robot's logs show it. */
export function makeAnswer(patch: Partial<CompletionLog> = {}): CompletionLog {
  sequence += 1;
  return {
    id: `c${sequence}`,
    sessionId: 's1',
    processId: 'p1',
    question: `Question ${sequence}?`,
    answer: `Answer ${sequence}.`,
    images: [],
    files: [],
    citations: [],
    status: 'done',
    feedback: null,
    feedbackText: '',
    checked: false,
    createdAt: '2024-05-03T10:00:00.000Z',
    userId: 'visitor-1',
    channel: 'visitor',
    model: 'builtin',
    usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 },
    latencyMs: 850,
    cost: 0,
    errorCode: null,
    ...patch,
  };
}

/** What the fake server holds beside the robots. */
export type FakeRobotsState = {
  datasets?: Dataset[];
  basic?: Record<string, BasicConfig>;
  shares?: Record<string, ShareSettings>;
  tags?: RobotTag[];
  secrets?: ApiSecret[];
  /** The sessions `POST /v1/completions/sessionIds` lists (for any robot). */
  sessions?: RobotSession[];
  answers?: CompletionLog[];
};

const notFound: FakeResponse = { status: 404, body: { code: 'ROBOT_NOT_FOUND', message: 'Robot not found' } };

/** The secret the fake server answers for its `n`-th created API secret. */
export function fakeSecret(n: number): string {
  return `sk-flotilla-${String(n).padStart(4, '0')}-0123456789abcdef0123456789abcdef`;
}

/**
 * An in-memory `/v1/processes` that behaves like the server's (keyword and tag filters, offset/limit,
 * create first in the list, delete, 404, enable/disable, clone, basic config with its switches,
 * preset, share settings, models, datasets, tags, icon upload, API secrets (each shown once, listed by
 * prefix), sessions and answers with their filters and checked state). `override` answers a request
 * first when it returns.
 */
export function fakeRobotsApi(initial: Robot[] = [], override?: (request: FakeRequest) => FakeResponse | undefined, state: FakeRobotsState = {}) {
  const robots = [...initial];
  const datasets = state.datasets ?? [];
  const basic: Record<string, BasicConfig> = { ...state.basic };
  const shares: Record<string, ShareSettings> = { ...state.shares };
  // Copies: the fake changes tags and answers in place, and tests share their fixtures.
  const tags: RobotTag[] = (state.tags ?? []).map((tag) => ({ ...tag }));
  const secrets: ApiSecret[] = [...(state.secrets ?? [])];
  const sessions: RobotSession[] = [...(state.sessions ?? [])];
  const answers: CompletionLog[] = (state.answers ?? []).map((answer) => ({ ...answer }));
  let created = 0;
  const page = <T>(items: T[], offset: unknown, limit: unknown) => {
    const start = Number(offset ?? 0);
    return { list: items.slice(start, start + Number(limit ?? 20)), total: items.length };
  };
  const find = (processId: string) => robots.find((robot) => robot.processId === decodeURIComponent(processId));
  const basicOf = (robot: Robot) => (basic[robot.processId] ??= { ...DEFAULT_BASIC_CONFIG, datasetIds: [], databaseIds: [] });
  const shareOf = (robot: Robot) => (shares[robot.processId] ??= defaultShare(robot));
  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    if (request.path === '/v1/processes/allTags' && request.method === 'GET') {
      return { body: [...tags].sort((a, b) => a.name.localeCompare(b.name)) };
    }
    if (request.path === '/v1/processes/tag' && request.method === 'POST') {
      const { name } = request.body as CreateRobotTagBody;
      if (tags.some((tag) => tag.name === name)) return { status: 409, body: { code: 'CONFLICT', message: 'A tag with this name exists' } };
      const tag = { id: `t${(created += 1)}`, name };
      tags.push(tag);
      return { body: tag };
    }
    if (request.path === '/v1/processes/tag/bind' && request.method === 'POST') {
      const { processId, tagIds } = request.body as BindRobotTagsBody;
      const robot = find(processId);
      if (!robot) return notFound;
      robot.tags = tags.filter((tag) => tagIds.includes(tag.id));
      return { body: robot };
    }
    const tagOne = /^\/v1\/processes\/tag\/([^/]+)$/.exec(request.path);
    if (tagOne) {
      const tag = tags.find((candidate) => candidate.id === decodeURIComponent(tagOne[1]!));
      if (!tag) return { status: 404, body: { code: 'NOT_FOUND', message: 'Tag not found' } };
      if (request.method === 'POST') {
        const name = request.query.get('name') ?? '';
        if (tags.some((other) => other !== tag && other.name === name)) return { status: 409, body: { code: 'CONFLICT', message: 'A tag with this name exists' } };
        tag.name = name;
        for (const robot of robots) robot.tags = robot.tags.map((bound) => (bound.id === tag.id ? { ...tag } : bound));
        return { body: tag };
      }
      if (request.method === 'DELETE') {
        tags.splice(tags.indexOf(tag), 1);
        for (const robot of robots) robot.tags = robot.tags.filter((bound) => bound.id !== tag.id);
        return { body: { ok: true } };
      }
    }
    if (request.path === '/v2/processes/icon' && request.method === 'POST') return { body: { url: `/files/icons/icon-${(created += 1)}.png` } };
    if (request.path === '/v1/secrets' && request.method === 'GET') {
      const processId = request.query.get('processId');
      return { body: secrets.filter((secret) => secret.processId === processId) };
    }
    if (request.path === '/v1/secrets' && request.method === 'POST') {
      const { processId, name } = request.body as CreateApiSecretBody;
      if (!find(processId)) return notFound;
      const secret = fakeSecret((created += 1));
      const id = `k${created}`;
      secrets.push({ id, processId, name, prefix: secret.slice(0, 16), createdAt: '2024-05-04T08:00:00.000Z', lastUsedAt: null });
      return { body: { id, secret } };
    }
    const secretOne = /^\/v1\/secrets\/([^/]+)$/.exec(request.path);
    if (secretOne && request.method === 'DELETE') {
      const index = secrets.findIndex((secret) => secret.id === decodeURIComponent(secretOne[1]!));
      if (index < 0) return { status: 404, body: { code: 'SECRET_NOT_FOUND', message: 'API secret not found' } };
      secrets.splice(index, 1);
      return { body: { ok: true } };
    }
    if (request.path === '/v1/completions/sessionIds' && request.method === 'POST') {
      const { offset, limit } = request.body as RobotSessionsBody;
      return { body: page(sessions, offset, limit) };
    }
    if (request.path === '/v1/completions/processes' && request.method === 'GET') {
      const q = request.query;
      const matching = answers.filter(
        (answer) =>
          answer.processId === q.get('processId') &&
          (!q.has('sessionId') || answer.sessionId === q.get('sessionId')) &&
          (!q.has('feedback') || answer.feedback === q.get('feedback')) &&
          (!q.has('checked') || String(answer.checked) === q.get('checked')),
      );
      return { body: page(matching, q.get('offset'), q.get('limit')) };
    }
    const answerOne = /^\/v1\/completions\/([^/]+?)(\/checked)?$/.exec(request.path);
    if (answerOne) {
      const answer = answers.find((candidate) => candidate.id === decodeURIComponent(answerOne[1]!));
      if (!answer) return { status: 404, body: { code: 'COMPLETION_NOT_FOUND', message: 'Answer not found' } };
      if (!answerOne[2] && request.method === 'GET') return { body: answer };
      if (answerOne[2] && request.method === 'PUT') {
        answer.checked = (request.body as { checked: boolean }).checked;
        return { body: answer };
      }
    }
    if (request.path === '/v1/datasets' && request.method === 'GET') {
      const limit = Number(request.query.get('limit') ?? 20);
      return { body: { list: datasets.slice(0, limit), total: datasets.length } };
    }
    const models = /^\/v1\/processes\/([^/]+)\/modelConfig$/.exec(request.path);
    if (models && request.method === 'GET') return { body: FAKE_MODELS };
    const sub = /^\/v1\/processes\/([^/]+)\/(basic|basic\/\w+|preset|clone|enableProcess|disableProcess)$/.exec(request.path);
    if (sub) {
      const robot = find(sub[1]!);
      if (!robot) return notFound;
      const action = sub[2]!;
      if (action === 'basic' && request.method === 'GET') return { body: basicOf(robot) };
      if (action === 'basic' && request.method === 'PUT') {
        const body = request.body as UpdateBasicConfigBody;
        if (body.model !== undefined && !FAKE_MODELS.some((model) => model.id === body.model)) {
          return { status: 400, body: { code: 'BAD_REQUEST', message: 'Unknown model' } };
        }
        return { body: Object.assign(basicOf(robot), body) };
      }
      const switches: Record<string, Partial<BasicConfig>> = {
        'basic/enableLibrarySearch': { librarySearch: true },
        'basic/disableLibrarySearch': { librarySearch: false },
        'basic/enableDbSearch': { dbSearch: true },
        'basic/disableDbSearch': { dbSearch: false },
      };
      if (switches[action] && request.method === 'PUT') return { body: Object.assign(basicOf(robot), switches[action]) };
      if (action === 'preset' && request.method === 'PUT') {
        const { welcome, suggestedQuestions } = Object.assign(shareOf(robot), request.body as UpdatePresetBody);
        return { body: { welcome, suggestedQuestions } };
      }
      if ((action === 'enableProcess' || action === 'disableProcess') && request.method === 'PUT') {
        robot.enabled = action === 'enableProcess';
        return { body: robot };
      }
      if (action === 'clone' && request.method === 'GET') {
        const copy = makeRobot({ name: `${robot.name} (copy)`, description: robot.description, type: robot.type });
        robots.unshift(copy);
        return { body: copy };
      }
    }
    const share = /^\/v1\/users\/([^/]+)\/processes\/([^/]+)\/share(\/enable|\/disable)?$/.exec(request.path);
    if (share) {
      const robot = find(share[2]!);
      if (!robot) return notFound;
      if (share[3] && request.method === 'PUT') return { body: Object.assign(shareOf(robot), { enabled: share[3] === '/enable' }) };
      if (request.method === 'GET') return { body: shareOf(robot) };
      if (request.method === 'PUT') return { body: Object.assign(shareOf(robot), request.body as UpdateShareBody) };
    }
    if (request.path === '/v1/processes' && request.method === 'GET') {
      const keyword = request.query.get('keyword')?.toLowerCase();
      const tagId = request.query.get('tagId');
      const matching = robots.filter(
        (robot) => (!keyword || robot.name.toLowerCase().includes(keyword)) && (!tagId || robot.tags.some((tag) => tag.id === tagId)),
      );
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 20);
      return { body: { list: matching.slice(offset, offset + limit), total: matching.length } };
    }
    if (request.path === '/v1/processes' && request.method === 'POST') {
      const body = request.body as CreateRobotBody;
      if (!body.name) return { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'name is required', type: 'missing' }] } };
      const robot = makeRobot({ name: body.name, description: body.description ?? '', type: body.type ?? 'simple', icon: body.icon ?? '' });
      robots.unshift(robot);
      return { body: robot };
    }
    const one = /^\/v1\/processes\/([^/]+)$/.exec(request.path);
    if (one) {
      const index = robots.findIndex((robot) => robot.processId === decodeURIComponent(one[1]!));
      if (index < 0) return { status: 404, body: { code: 'ROBOT_NOT_FOUND', message: 'Robot not found' } };
      if (request.method === 'GET') return { body: robots[index] };
      if (request.method === 'PUT') {
        robots[index] = { ...robots[index]!, ...(request.body as UpdateRobotBody), updatedAt: '2024-06-01T10:00:00.000Z' };
        return { body: robots[index] };
      }
      if (request.method === 'DELETE') {
        robots.splice(index, 1);
        return { body: { ok: true } };
      }
    }
    return undefined;
  });
  return { robots, basic, shares, tags, secrets, sessions, answers, requests };
}
