import type { CreateRobotBody, Robot } from '@flotilla/shared';
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

/**
 * An in-memory `/v1/processes` that behaves like the server's (keyword filter, offset/limit,
 * create first in the list, delete, 404). `override` answers a request first when it returns.
 */
export function fakeRobotsApi(initial: Robot[] = [], override?: (request: FakeRequest) => FakeResponse | undefined) {
  const robots = [...initial];
  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
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
  return { robots, requests };
}
