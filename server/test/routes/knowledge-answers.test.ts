import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Citation, Dataset, QaEvent, Robot, ShareSettings } from '@flotilla/shared/contracts';
import { RELEVANCE_THRESHOLD } from '../../src/engine/knowledge';
import { useTestApp } from '../helper';
import { startFakeOpenAi } from '../support/fake-openai';
import { newDataset, seedSegments, tenantOf, type SeededSegments } from '../support/segment-fixtures';

const upstream = await startFakeOpenAi();
const MODELS = [
  {
    id: 'free-model',
    name: 'Free',
    price: 0,
    baseUrl: upstream.baseUrl,
    apiKey: 'sk-upstream',
    model: 'upstream-model',
  },
];
const EMBEDDINGS = [
  { id: 'fake-embed', name: 'Fake embeddings', baseUrl: upstream.baseUrl, apiKey: 'sk-test', model: 'fake-embed-v1' },
];
const t = useTestApp({ config: { openaiModels: MODELS, embeddingModels: EMBEDDINGS } });
afterAll(() => upstream.close());

const VISITOR = '5d0c7a56-1f7e-4a53-9f0e-2c1a4b7c9d11';
const FALLBACK = '抱歉，这个问题我还不知道。';

let admin: string;
let tenantId: string;
let knowledge: Dataset;
let qa: SeededSegments;
let passages: SeededSegments;

function events(body: string): QaEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as QaEvent);
}

/** A robot answering from `datasetIds` (library search on unless told), shared, and how to ask it. */
async function robot(options: { datasetIds?: string[]; librarySearch?: boolean; model?: string } = {}) {
  const created = (await t.post('/v1/processes', { token: admin, body: { name: 'Support' } })).json<Robot>();
  const basic = await t.put(`/v1/processes/${created.processId}/basic`, {
    token: admin,
    body: {
      fallbackReply: FALLBACK,
      model: options.model ?? 'builtin',
      datasetIds: options.datasetIds ?? [knowledge.id],
      librarySearch: options.librarySearch ?? true,
    },
  });
  expect(basic.statusCode, basic.body).toBe(200);
  const share = (
    await t.put(`/v1/users/${created.adminId}/processes/${created.processId}/share/enable`, { token: admin })
  ).json<ShareSettings>();
  return async (question: string) => {
    const res = await t.post('/v2/qa', { body: { shareId: share.shareId, visitorId: VISITOR, question } });
    expect(res.statusCode, res.body).toBe(200);
    const list = events(res.body);
    const done = list.at(-1);
    if (done?.type !== 'done') throw new Error(`no done event: ${res.body}`);
    return {
      answer: list.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join(''),
      citations: done.citations,
      completionId: done.completionId,
    };
  };
}

beforeAll(async () => {
  admin = await t.login();
  tenantId = await tenantOf(t, admin);
  knowledge = await newDataset(t, admin, 'fake-embed');
  qa = await seedSegments(t, tenantId, knowledge, null, [
    { question: '你们的退货政策是什么？', answer: '收到商品七天内可无理由退货，请保持商品完好。' },
    { question: 'How long does delivery take?', answer: 'Delivery takes two to four working days.' },
  ]);
  passages = await seedSegments(t, tenantId, knowledge, '会员手册.txt', [
    '会员积分：每消费一元积一分，积分可以在下次购物时抵扣现金，一百积分抵一元。',
    '积分有效期为两年，过期的积分会自动清零。',
    'Gift cards never expire and can be used in every store.',
    '门店营业时间为每天上午九点到晚上十点。',
  ]);
});

describe('robots answer from their knowledge (builtin provider)', () => {
  it('answers a question a QA pair matches with its answer, citing the pair', async () => {
    const ask = await robot();
    const { answer, citations, completionId } = await ask('退货政策是什么');
    expect(answer).toBe('收到商品七天内可无理由退货，请保持商品完好。 [1]');
    expect(citations).toEqual([
      {
        index: 1,
        segmentId: qa.ids[0],
        fileName: '',
        datasetId: knowledge.id,
        text: '你们的退货政策是什么？\n收到商品七天内可无理由退货，请保持商品完好。',
        score: expect.any(Number),
      },
    ]);
    expect(citations[0]!.score).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
    // The completion keeps its citations (the chat shows them later).
    const stored = await t.app.db
      .selectFrom('completions')
      .select(['citations', 'answer'])
      .where('id', '=', completionId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.citations)).toEqual(citations);

    const english = await ask('how long does the delivery take?');
    expect(english.answer).toBe('Delivery takes two to four working days. [1]');
    expect(english.citations.map((c) => c.segmentId)).toEqual([qa.ids[1]]);
  });

  it('answers from the best segments with numbered citations when no QA pair matches', async () => {
    const ask = await robot();
    const { answer, citations } = await ask('会员积分怎么抵扣现金？');
    expect(citations.length).toBeGreaterThanOrEqual(1);
    expect(citations.map((c) => c.index)).toEqual(citations.map((_, i) => i + 1));
    expect(citations[0]).toMatchObject({
      segmentId: passages.ids[0],
      fileName: '会员手册.txt',
      datasetId: knowledge.id,
    });
    for (const citation of citations) {
      expect(citation.score).toBeGreaterThanOrEqual(RELEVANCE_THRESHOLD);
      expect(answer).toContain(`[${citation.index}]`);
    }
    expect(answer.startsWith('会员积分：每消费一元积一分')).toBe(true);
    expect(answer).not.toContain(FALLBACK);

    const two = await ask('积分的有效期和抵扣现金');
    expect(two.citations.map((c) => [c.index, c.segmentId])).toEqual(
      expect.arrayContaining([
        [expect.any(Number), passages.ids[0]],
        [expect.any(Number), passages.ids[1]],
      ]),
    );
    expect(two.answer).toMatch(/\[1\][\s\S]*\[2\]/);
    expect(two.answer).toContain('积分有效期为两年，过期的积分会自动清零。');
  });

  it('gives the fallback reply, citing nothing, when nothing is relevant enough', async () => {
    const ask = await robot();
    for (const question of ['Can I pay with bitcoin?', '你们支持分期付款吗？', '营业执照在哪里看']) {
      const { answer, citations } = await ask(question);
      expect(citations, question).toEqual([]);
      expect(answer).toBe(FALLBACK);
    }
  });

  it('never cites a disabled segment, nor searches with library search off or no dataset bound', async () => {
    await t.put(`/v1/datasets/segments/${passages.ids[0]}`, { token: admin, body: { enabled: false } });
    try {
      const { citations } = await (await robot())('会员积分怎么抵扣现金？');
      expect(citations.map((c: Citation) => c.segmentId)).not.toContain(passages.ids[0]);
    } finally {
      await t.put(`/v1/datasets/segments/${passages.ids[0]}`, { token: admin, body: { enabled: true } });
    }
    for (const options of [{ librarySearch: false }, { datasetIds: [] }]) {
      const { answer, citations } = await (await robot(options))('退货政策是什么');
      expect(citations).toEqual([]);
      expect(answer).toBe(FALLBACK);
    }
  });

  it("skips a bound dataset that was deleted, and never answers from another tenant's knowledge", async () => {
    const doomed = await newDataset(t, admin);
    await seedSegments(t, tenantId, doomed, 'doomed.txt', ['Zeppelin rides leave every hour.']);
    const ask = await robot({ datasetIds: [knowledge.id, doomed.id] });
    expect((await ask('zeppelin rides')).citations).toHaveLength(1);
    await t.del(`/v1/datasets/${doomed.id}`, { token: admin });
    expect(await ask('zeppelin rides')).toMatchObject({ answer: FALLBACK, citations: [] });

    const stranger = await t.createTenant(admin);
    const theirs = await newDataset(t, stranger.token);
    await seedSegments(t, await tenantOf(t, stranger.token), theirs, 'secret.txt', [
      'The vault code is kept in the zeppelin.',
    ]);
    expect((await ask('vault code zeppelin')).citations).toEqual([]);
  });
});

describe('robots answer from their knowledge (OpenAI-compatible provider)', () => {
  it('gives the model the passages, numbered, and ends with the same citations', async () => {
    upstream.setMode({ kind: 'answer', text: '积分可以抵扣现金 [1]。' });
    const ask = await robot({ model: 'free-model' });
    const { answer, citations } = await ask('会员积分怎么抵扣现金？');
    expect(answer).toBe('积分可以抵扣现金 [1]。');
    expect(citations[0]).toMatchObject({ index: 1, segmentId: passages.ids[0] });
    const system = upstream.received.at(-1)?.body.messages.find((m) => m.role === 'system')?.content ?? '';
    for (const citation of citations) expect(system).toContain(`[${citation.index}] ${citation.text}`);

    const nothing = await ask('Can I pay with bitcoin?');
    expect(nothing.citations).toEqual([]);
    expect(upstream.received.at(-1)?.body.messages.some((m) => m.role === 'system' && m.content.includes('[1]'))).toBe(
      false,
    );
  });
});
