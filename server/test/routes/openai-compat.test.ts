import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiSecret, CreateApiSecretResponse, Robot } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;
let baseURL: string;
let robot: Robot;

beforeAll(async () => {
  admin = await t.login();
  baseURL = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1`;
  robot = (await t.post('/v1/processes', { token: admin, body: { name: 'API helper' } })).json<Robot>();
  await t.put(`/v1/processes/${robot.processId}/basic`, {
    token: admin,
    body: { fallbackReply: 'Please contact support@acme.test.' },
  });
  await t.put(`/v1/processes/${robot.processId}/preset`, { token: admin, body: { welcome: 'Hello from Acme.' } });
});

const createSecret = async (name = 'Shop backend', processId = robot.processId, token = admin) =>
  t.post('/v1/secrets', { token, body: { processId, name } });

describe('API secrets', () => {
  it('shows a new secret once; the list has its name and prefix but never the secret', async () => {
    const res = await createSecret();
    expect(res.statusCode).toBe(200);
    const { id, secret } = res.json<CreateApiSecretResponse>();
    expect(secret).toMatch(/^sk-flt-[A-Za-z0-9_-]{43}$/);
    const list = (await t.get(`/v1/secrets?processId=${robot.processId}`, { token: admin })).json<ApiSecret[]>();
    const listed = list.find((s) => s.id === id);
    expect(listed).toMatchObject({ name: 'Shop backend', prefix: secret.slice(0, 11), lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(secret);
    const stored = await t.app.db.selectFrom('apiSecrets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it('checks role, tenant and input', async () => {
    const agent = await t.createUser(admin, 'agent');
    expect((await createSecret('x', robot.processId, agent.token)).statusCode).toBe(403);
    expect((await t.get(`/v1/secrets?processId=${robot.processId}`, { token: agent.token })).statusCode).toBe(403);
    expect((await createSecret('   ')).statusCode).toBe(422);
    const other = await t.createTenant(admin);
    expect((await createSecret('x', robot.processId, other.token)).json().code).toBe('ROBOT_NOT_FOUND');
    expect((await t.get(`/v1/secrets?processId=${robot.processId}`, { token: other.token })).json().code).toBe(
      'ROBOT_NOT_FOUND',
    );
    const { id } = (await createSecret('mine')).json<CreateApiSecretResponse>();
    expect((await t.del(`/v1/secrets/${id}`, { token: other.token })).json().code).toBe('SECRET_NOT_FOUND');
    expect((await t.del(`/v1/secrets/${id}`, { token: admin })).json()).toEqual({ ok: true });
    expect((await t.del(`/v1/secrets/${id}`, { token: admin })).statusCode).toBe(404);
  });
});

describe('POST /v1/chat/completions with the official openai client', () => {
  it('answers a non-streamed completion as the robot, logged under the API channel', async () => {
    const { secret, id } = (await createSecret('client test')).json<CreateApiSecretResponse>();
    const client = new OpenAI({ apiKey: secret, baseURL, maxRetries: 0 });
    const completion = await client.chat.completions.create({
      model: 'anything-at-all',
      messages: [{ role: 'user', content: 'Where is my order?' }],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.model).toBe('anything-at-all');
    expect(completion.choices[0]?.message).toMatchObject({
      role: 'assistant',
      content: 'Please contact support@acme.test.',
    });
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);

    const stored = await t.app.db
      .selectFrom('completions')
      .selectAll()
      .where('id', '=', completion.id.replace('chatcmpl-', ''))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      channel: 'api',
      userId: id,
      question: 'Where is my order?',
      processId: robot.processId,
    });
    const listed = (await t.get(`/v1/secrets?processId=${robot.processId}`, { token: admin })).json<ApiSecret[]>();
    expect(listed.find((s) => s.id === id)?.lastUsedAt).not.toBeNull();
  });

  it('streams chunks that the client assembles into the answer', async () => {
    const { secret } = (await createSecret('stream test')).json<CreateApiSecretResponse>();
    const client = new OpenAI({ apiKey: secret, baseURL, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    });
    let text = '';
    const finishes: Array<string | null> = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      finishes.push(chunk.choices[0]?.finish_reason ?? null);
    }
    expect(text).toBe('Hello from Acme.');
    expect(finishes.at(-1)).toBe('stop');
  });

  it("raises the client's AuthenticationError for a wrong or revoked secret, and BadRequestError for bad input", async () => {
    const wrong = new OpenAI({ apiKey: 'sk-flt-not-a-real-secret', baseURL, maxRetries: 0 });
    await expect(
      wrong.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);

    const { secret, id } = (await createSecret('revoked')).json<CreateApiSecretResponse>();
    const client = new OpenAI({ apiKey: secret, baseURL, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'm', messages: [] })).rejects.toBeInstanceOf(
      OpenAI.BadRequestError,
    );
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'assistant', content: 'no question' }] }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await t.del(`/v1/secrets/${id}`, { token: admin });
    const error = await client.chat.completions
      .create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).message).toMatch(/Invalid API key|API 密钥无效/);
  });

  it('refuses the secret of a disabled robot', async () => {
    const { secret } = (await createSecret('disabled')).json<CreateApiSecretResponse>();
    await t.put(`/v1/processes/${robot.processId}/disableProcess`, { token: admin });
    const client = new OpenAI({ apiKey: secret, baseURL, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await t.put(`/v1/processes/${robot.processId}/enableProcess`, { token: admin });
  });
});
