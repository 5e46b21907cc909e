import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DebugFlowResponse, Robot } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { startLocalSite, type LocalSite } from '../support/local-site';

// The flow's HTTP request and web reader nodes go through the same outbound checks as the web-reader
// calls: this app has the production policy (no test resolver, public addresses only), so a flow that
// names a loopback or metadata address is refused before any connection, and says why in its trace.
const t = useTestApp();

let site: LocalSite;
let admin: string;
let robot: Robot;

beforeAll(async () => {
  site = await startLocalSite({ '/': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}') });
  admin = await t.login();
  robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Outbound' } })).json<Robot>();
});
afterAll(async () => {
  await site.close();
});

const at = { x: 0, y: 0 };
/** A node that reads `url`, going on to `next` whether it works or fails. */
const reading = (id: string, type: 'httpRequest' | 'webReader', url: string, next: string) => ({
  node: {
    id,
    type,
    position: at,
    // A refused address fails at once; the limit only keeps a broken check from hanging the test.
    data: type === 'httpRequest' ? { method: 'GET', url, timeoutMs: 2000 } : { url, timeoutMs: 2000 },
  },
  edges: [
    { id: `${id}-ok`, source: id, target: next },
    { id: `${id}-error`, source: id, sourceHandle: 'error', target: next },
  ],
});

describe('a flow reaching for internal addresses', () => {
  it('runs on an app with the production outbound policy', () => {
    expect(t.app.config.outbound).toBeUndefined();
  });

  it('is refused with ADDRESS_NOT_ALLOWED at every node, and no request reaches the local server', async () => {
    const readers = [
      reading('local', 'httpRequest', `${site.origin}/?q={{start.question}}`, 'metadata'),
      reading('metadata', 'httpRequest', 'http://169.254.169.254/latest/meta-data', 'named'),
      reading('named', 'webReader', `http://localhost:${site.port}/`, 'say'),
    ];
    const graph = {
      version: 'v3',
      nodes: [
        { id: 'start', type: 'start', position: at, data: {} },
        ...readers.map((reader) => reader.node),
        {
          id: 'say',
          type: 'reply',
          position: at,
          data: { text: '{{local.error.code}} {{metadata.error.code}} {{named.error.code}}' },
        },
        { id: 'end', type: 'end', position: at, data: {} },
      ],
      edges: [
        { id: 'e-start', source: 'start', target: 'local' },
        ...readers.flatMap((reader) => reader.edges),
        { id: 'e-say', source: 'say', target: 'end' },
      ],
    };
    const saved = await t.put(`/v1/processes/${robot.processId}/flow`, { token: admin, body: graph });
    expect(saved.statusCode, saved.body).toBe(200);

    const res = await t.post(`/v1/processes/${robot.processId}/flow/debug`, {
      token: admin,
      body: { question: 'order 1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { answer, trace } = res.json<DebugFlowResponse>();
    for (const nodeId of ['local', 'metadata', 'named']) {
      expect(
        trace.find((step) => step.nodeId === nodeId),
        nodeId,
      ).toMatchObject({
        status: 'error',
        error: { code: 'ADDRESS_NOT_ALLOWED' },
      });
    }
    expect(answer).toBe('ADDRESS_NOT_ALLOWED ADDRESS_NOT_ALLOWED ADDRESS_NOT_ALLOWED');
    expect(site.requests).toEqual([]);
  });
});
