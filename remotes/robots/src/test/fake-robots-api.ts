import {
  DEFAULT_BASIC_CONFIG,
  type BasicConfig,
  type CreateRobotBody,
  type Dataset,
  type ModelOption,
  type Robot,
  type ShareSettings,
  type UpdateBasicConfigBody,
  type UpdatePresetBody,
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
  return { id, name, description: '', fileCount: 0, segmentCount: 0, createdAt: '2024-05-01T08:00:00.000Z', updatedAt: '2024-05-01T08:00:00.000Z' };
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

/** What the fake server holds beside the robots. */
export type FakeRobotsState = { datasets?: Dataset[]; basic?: Record<string, BasicConfig>; shares?: Record<string, ShareSettings> };

const notFound: FakeResponse = { status: 404, body: { code: 'ROBOT_NOT_FOUND', message: 'Robot not found' } };

/**
 * An in-memory `/v1/processes` that behaves like the server's (keyword filter, offset/limit,
 * create first in the list, delete, 404, enable/disable, clone, basic config with its switches,
 * preset, share settings, models, datasets). `override` answers a request first when it returns.
 */
export function fakeRobotsApi(initial: Robot[] = [], override?: (request: FakeRequest) => FakeResponse | undefined, state: FakeRobotsState = {}) {
  const robots = [...initial];
  const datasets = state.datasets ?? [];
  const basic: Record<string, BasicConfig> = { ...state.basic };
  const shares: Record<string, ShareSettings> = { ...state.shares };
  const find = (processId: string) => robots.find((robot) => robot.processId === decodeURIComponent(processId));
  const basicOf = (robot: Robot) => (basic[robot.processId] ??= { ...DEFAULT_BASIC_CONFIG, datasetIds: [], databaseIds: [] });
  const shareOf = (robot: Robot) => (shares[robot.processId] ??= defaultShare(robot));
  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
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
      const matching = keyword ? robots.filter((robot) => robot.name.toLowerCase().includes(keyword)) : robots;
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 20);
      return { body: { list: matching.slice(offset, offset + limit), total: matching.length } };
    }
    if (request.path === '/v1/processes' && request.method === 'POST') {
      const body = request.body as CreateRobotBody;
      if (!body.name) return { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'name is required', type: 'missing' }] } };
      const robot = makeRobot({ name: body.name, description: body.description ?? '', type: body.type ?? 'simple' });
      robots.unshift(robot);
      return { body: robot };
    }
    const one = /^\/v1\/processes\/([^/]+)$/.exec(request.path);
    if (one) {
      const index = robots.findIndex((robot) => robot.processId === decodeURIComponent(one[1]!));
      if (index < 0) return { status: 404, body: { code: 'ROBOT_NOT_FOUND', message: 'Robot not found' } };
      if (request.method === 'GET') return { body: robots[index] };
      if (request.method === 'DELETE') {
        robots.splice(index, 1);
        return { body: { ok: true } };
      }
    }
    return undefined;
  });
  return { robots, basic, shares, requests };
}
