import { expect, it } from 'vitest';
import type { QaEvent, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { createTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';

it('keeps model and embedding connections alive between calls, and closes them when the server closes', async () => {
  const upstream = await startFakeOpenAi({ kind: 'answer', text: 'From the model.' });
  const endpoint = { baseUrl: upstream.baseUrl, apiKey: 'sk-test' };
  const t = await createTestApp({
    config: {
      openaiModels: [{ id: 'up', name: 'Upstream', price: 0, model: 'upstream-model', ...endpoint }],
      embeddingModels: [{ id: 'embed', name: 'Embeddings', model: 'embed-v1', ...endpoint }],
    },
  });
  try {
    const admin = await t.login();
    const robot = (await t.post('/v1/processes', { token: admin, body: { name: 'Helper' } })).json<Robot>();
    await t.put(`/v1/processes/${robot.processId}/basic`, {
      token: admin,
      body: { fallbackReply: 'Sorry.', model: 'up' },
    });
    const share = (
      await t.put(`/v1/users/${robot.adminId}/processes/${robot.processId}/share/enable`, { token: admin })
    ).json<ShareSettings>();
    const res = await t.post('/v2/qa', {
      body: { shareId: share.shareId, visitorId: '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11', question: 'Hello?' },
    });
    const deltas = res.body
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice(6)) as QaEvent);
    expect(deltas.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('')).toBe('From the model.');
    expect(await t.app.embedder.embed('embed', ['退货政策'])).toHaveLength(1);
    // One kept-alive connection from the chat model's pool, one from the embeddings pool.
    expect(await upstream.openConnections()).toBe(2);
  } finally {
    await t.close();
  }
  // Well within the fake server's own 5 s keep-alive timeout, which would close them anyway.
  const deadline = Date.now() + 2000;
  while ((await upstream.openConnections()) > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await upstream.openConnections()).toBe(0);
  await upstream.close();
});
