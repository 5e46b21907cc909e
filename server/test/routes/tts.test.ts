import { once } from 'node:events';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TTS_LIMITS } from '@flotilla/shared/contracts';
import { loadConfig } from '../../src/config';
import { createTestApp, useTestApp } from '../helper';
import { FAKE_SPEECH, startFakeOpenAi } from '../support/fake-openai';
import { OTHER_VISITOR, sharedRobot, VISITOR } from './chat-fixtures';

const upstream = await startFakeOpenAi();
// Configured the way an operator would: the endpoint and key must never reach a client.
const FLOTILLA_TTS = JSON.stringify({
  provider: 'aliyun',
  baseUrl: upstream.baseUrl,
  apiKey: 'sk-speech-secret',
  model: 'tts-upstream-model',
  voices: ['Cherry', { id: 'longxiaochun', name: '龙小淳', locale: 'zh-CN' }],
});
const t = useTestApp({ config: { tts: loadConfig({ FLOTILLA_TTS }).tts, answerTimeoutMs: 1000 } });
afterAll(() => upstream.close());

let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

const read = (body: Record<string, unknown>, token?: string) =>
  t.post('/v2/tts', { token, body, headers: { 'accept-language': 'en' } });

/** The app listening on a port, for the tests that need a real client that can go away. */
let listening: Promise<string> | undefined;
const address = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
/**
 * `POST /v2/tts` over a real connection, which `destroy()` drops. Not fetch: Node 20's fetch opens a spare
 * connection when a request is aborted, which would keep the app from closing.
 */
async function readOverHttp(body: Record<string, unknown>, base?: string): Promise<ClientRequest> {
  const request = httpRequest(new URL('/v2/tts', base ?? (await address())), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
  });
  request.on('error', () => undefined);
  request.end(JSON.stringify(body));
  return request;
}

describe('GET /v1/aliyun/tts/voice', () => {
  it('lists the configured provider and its voices, never its endpoint or key', async () => {
    const res = await t.get('/v1/aliyun/tts/voice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      provider: 'aliyun',
      voices: [
        { id: 'Cherry', name: 'Cherry', locale: '' },
        { id: 'longxiaochun', name: '龙小淳', locale: 'zh-CN' },
      ],
    });
    expect(res.body).not.toContain('sk-speech-secret');
    expect(res.body).not.toContain(upstream.baseUrl);
  });

  it('names no provider and no voices when none is configured, and then refuses to speak', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.get('/v1/aliyun/tts/voice')).json()).toEqual({ provider: null, voices: [] });
      const res = await bare.post('/v2/tts', {
        body: { shareId: 'any-share', visitorId: VISITOR, text: 'hello' },
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'No text-to-speech service is configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('POST /v2/tts', () => {
  it("streams the provider's mp3 to a visitor, asking it with the configured model, key and the first voice by default", async () => {
    const { share } = await sharedRobot(t, admin);
    const before = upstream.speech.received.length;
    const res = await read({ shareId: share.shareId, visitorId: VISITOR, text: 'Returns take 30 days.' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.rawPayload.equals(FAKE_SPEECH)).toBe(true);
    expect(upstream.speech.received.slice(before)).toEqual([
      {
        authorization: 'Bearer sk-speech-secret',
        body: { model: 'tts-upstream-model', voice: 'Cherry', input: 'Returns take 30 days.', response_format: 'mp3' },
      },
    ]);

    await read({ shareId: share.shareId, visitorId: VISITOR, text: '退货期限为三十天。', voice: 'longxiaochun' });
    expect(upstream.speech.received.at(-1)?.body.voice).toBe('longxiaochun');
  });

  it('speaks to staff by processId with their token, and only then', async () => {
    const { robot } = await sharedRobot(t, admin);
    expect((await read({ processId: robot.processId, text: 'hi' })).statusCode).toBe(401);
    const res = await read({ processId: robot.processId, text: 'hi' }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(FAKE_SPEECH.length);
  });

  it('refuses a voice the provider lacks, an empty or too long text and a missing visitor with clear errors, asking nobody upstream', async () => {
    const { share, robot } = await sharedRobot(t, admin);
    const before = upstream.speech.received.length;
    const q = { shareId: share.shareId, visitorId: VISITOR };

    const voice = await read({ ...q, text: 'hi', voice: 'alloy' });
    expect(voice.statusCode).toBe(422);
    expect(voice.json()).toEqual({
      detail: [{ loc: ['body', 'voice'], msg: 'This reading voice is not available', type: 'VALIDATION_FAILED' }],
    });
    expect((await read({ ...q, text: '' })).statusCode).toBe(422);
    expect((await read({ ...q, text: '  \n ' })).statusCode).toBe(422);
    const long = await read({ ...q, text: 'x'.repeat(TTS_LIMITS.textLength + 1) });
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].loc).toEqual(['body', 'text']);
    expect((await read({ ...q, text: 'x'.repeat(TTS_LIMITS.textLength) })).statusCode).toBe(200);

    expect((await read({ shareId: share.shareId, text: 'hi' })).json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'A visitor id is required',
    });
    expect((await read({ ...q, visitorId: 'not-a-uuid', text: 'hi' })).statusCode).toBe(422);
    expect((await read({ visitorId: VISITOR, text: 'hi' })).statusCode).toBe(400);
    expect((await read({ ...q, processId: robot.processId, text: 'hi' })).statusCode).toBe(400);
    expect(upstream.speech.received.length).toBe(before + 1);
  });

  it('answers 404 for an unknown or disabled share', async () => {
    const unknown = await read({ shareId: 'no-such-share', visitorId: VISITOR, text: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'SHARE_NOT_FOUND', message: 'This share does not exist or is closed' });

    const { share, base } = await sharedRobot(t, admin);
    await t.put(`${base}/disable`, { token: admin });
    expect((await read({ shareId: share.shareId, visitorId: VISITOR, text: 'hi' })).json()).toMatchObject({
      code: 'SHARE_NOT_FOUND',
    });
    const { share: never } = await sharedRobot(t, admin, { enabled: false });
    expect((await read({ shareId: never.shareId, visitorId: VISITOR, text: 'hi' })).statusCode).toBe(404);
  });

  it("limits each visitor to the share's rate per minute, other visitors unaffected", async () => {
    const { share, base } = await sharedRobot(t, admin);
    await t.put(base, { token: admin, body: { rateLimitPerMinute: 1 } });
    expect((await read({ shareId: share.shareId, visitorId: VISITOR, text: 'one' })).statusCode).toBe(200);
    expect((await read({ shareId: share.shareId, visitorId: VISITOR, text: 'two' })).json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again later',
    });
    expect((await read({ shareId: share.shareId, visitorId: OTHER_VISITOR, text: 'one' })).statusCode).toBe(200);
  });

  it('answers PROVIDER_ERROR when the provider fails and PROVIDER_TIMEOUT when it stays silent', async () => {
    const { share } = await sharedRobot(t, admin);
    const q = { shareId: share.shareId, visitorId: VISITOR, text: 'hi' };
    try {
      upstream.speech.mode = { kind: 'fail', status: 500 };
      const failed = await read(q);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        code: 'PROVIDER_ERROR',
        message: 'The model service failed, please try again later',
      });
      expect(failed.body).not.toContain('speech broke');

      upstream.speech.mode = { kind: 'fail', status: 401 };
      expect((await read(q)).json()).toMatchObject({ code: 'PROVIDER_ERROR' });

      upstream.speech.mode = { kind: 'hang' };
      const silent = await read(q);
      expect(silent.statusCode).toBe(504);
      expect(silent.json()).toMatchObject({ code: 'PROVIDER_TIMEOUT' });
    } finally {
      upstream.speech.mode = { kind: 'audio' };
    }
  });

  it('cuts the audio off, rather than hang, when the provider stops speaking midway', async () => {
    const { share } = await sharedRobot(t, admin);
    upstream.speech.mode = { kind: 'stall' };
    try {
      const [response] = (await once(
        await readOverHttp({ shareId: share.shareId, visitorId: VISITOR, text: 'hi' }),
        'response',
      )) as [IncomingMessage];
      expect(response.statusCode).toBe(200);
      let received = 0;
      response.on('data', (chunk: Buffer) => (received += chunk.length)).on('error', () => undefined);
      await new Promise((resolve) => response.on('close', resolve));
      expect(response.complete).toBe(false);
      expect(received).toBeLessThan(FAKE_SPEECH.length);
    } finally {
      upstream.speech.mode = { kind: 'audio' };
    }
  });

  it('aborts the upstream request when the listener goes away, before or during the speech', async () => {
    // An app whose provider may stay silent for ten minutes: whatever stops the upstream call here is the
    // listener leaving, not the silence timeout.
    const patient = await createTestApp({
      config: { tts: loadConfig({ FLOTILLA_TTS }).tts, answerTimeoutMs: 10 * 60_000 },
    });
    try {
      const base = await patient.app.listen({ port: 0, host: '127.0.0.1' });
      const { share } = await sharedRobot(patient, await patient.login());
      const q = { shareId: share.shareId, visitorId: VISITOR, text: 'Will you stop?' };
      upstream.speech.mode = { kind: 'stall' };
      const during = await readOverHttp(q, base);
      const [response] = (await once(during, 'response')) as [IncomingMessage];
      expect(response.statusCode).toBe(200);
      await once(response, 'data');
      let abandoned = upstream.abandoned;
      during.destroy();
      await expect.poll(() => upstream.abandoned).toBe(abandoned + 1);

      upstream.speech.mode = { kind: 'hang' };
      const asked = upstream.speech.received.length;
      const before = await readOverHttp(q, base);
      await expect.poll(() => upstream.speech.received.length).toBe(asked + 1);
      abandoned = upstream.abandoned;
      before.destroy();
      await expect.poll(() => upstream.abandoned).toBe(abandoned + 1);
    } finally {
      upstream.speech.mode = { kind: 'audio' };
      await patient.close();
    }
  });

  it('is declared in the API document as public, answering audio/mpeg', async () => {
    const doc = (await t.get('/docs/json')).json();
    const post = doc.paths['/v2/tts'].post;
    expect(post.security).toBeUndefined();
    expect(post.responses['200'].content).toHaveProperty(['audio/mpeg']);
    expect(post.responses).toHaveProperty('422');
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('voice');
  });
});

describe('FLOTILLA_TTS', () => {
  it('reads a provider strictly: none when unset, defaults filled in, a clear error when malformed', () => {
    expect(loadConfig({}).tts).toBeUndefined();
    expect(loadConfig({ FLOTILLA_TTS: '{"baseUrl":"http://tts.local/v1/","model":"m","voices":["a"]}' }).tts).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://tts.local/v1/',
      apiKey: '',
      model: 'm',
      voices: [{ id: 'a', name: 'a', locale: '' }],
    });
    expect(() => loadConfig({ FLOTILLA_TTS: '{oops' })).toThrow(/FLOTILLA_TTS.*not JSON/);
    expect(() => loadConfig({ FLOTILLA_TTS: '["a"]' })).toThrow(/not an object/);
    expect(() => loadConfig({ FLOTILLA_TTS: '{"model":"m","voices":["a"]}' })).toThrow(/baseUrl/);
    expect(() => loadConfig({ FLOTILLA_TTS: '{"baseUrl":"http://x","voices":["a"]}' })).toThrow(/model/);
    expect(() => loadConfig({ FLOTILLA_TTS: '{"baseUrl":"http://x","model":"m","voices":[]}' })).toThrow(/voices/);
    expect(() =>
      loadConfig({ FLOTILLA_TTS: '{"baseUrl":"http://x","model":"m","voices":[{"name":"no id"}]}' }),
    ).toThrow(/voice 0/);
    expect(() => loadConfig({ FLOTILLA_TTS: '{"baseUrl":"http://x","model":"m","voices":["a","a"]}' })).toThrow(
      /differ/,
    );
  });
});
