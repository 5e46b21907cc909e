import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attachment, Robot } from '@flotilla/shared/contracts';
import { ATTACHMENT_BUDGETS, TRUNCATED_MARKER } from '../../src/engine/attachments';
import { useTestApp } from '../helper';
import { docx, multipart, type Part } from '../support/documents';
import { startFakeOpenAi } from '../support/fake-openai';
import { zipBombDocx } from '../support/zip-bomb';
import { OTHER_VISITOR, sharedRobot, VISITOR } from './chat-fixtures';

const upstream = await startFakeOpenAi();
const endpoint = { price: 0, baseUrl: upstream.baseUrl, apiKey: 'sk-upstream' };
const MODELS = [
  { id: 'eyes', name: 'Vision', model: 'vision-model', vision: true, ...endpoint },
  { id: 'text', name: 'Text only', model: 'text-model', ...endpoint },
];
const t = useTestApp({ config: { openaiModels: MODELS } });
afterAll(() => upstream.close());

const en = { 'accept-language': 'en' };
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let admin: string;
let robot: Awaited<ReturnType<typeof sharedRobot>>;

beforeAll(async () => {
  admin = await t.login();
  robot = await sharedRobot(t, admin);
});
beforeEach(() => upstream.setMode({ kind: 'answer', text: 'Seen.' }));

async function useModel(model: string) {
  const res = await t.put(`/v1/processes/${robot.robot.processId}/basic`, { token: admin, body: { model } });
  expect(res.statusCode).toBe(200);
}

/** A visitor's upload through the share, as the chat sends it. */
async function upload(filename: string, content: Buffer, visitorId = VISITOR): Promise<Attachment> {
  const parts: Part[] = [
    { name: 'shareId', value: robot.share.shareId },
    { name: 'visitorId', value: visitorId },
    { name: 'file', filename, content },
  ];
  const form = multipart(parts);
  const res = await t.post('/v2/upload/file', { body: form.body, headers: { ...form.headers, ...en } });
  expect(res.statusCode).toBe(200);
  return res.json<Attachment>();
}

const ask = (body: Record<string, unknown>, token?: string) =>
  t.post('/v2/qa', {
    token,
    body: { shareId: robot.share.shareId, visitorId: VISITOR, stream: false, ...body },
    headers: en,
  });

type SentMessage = {
  role: string;
  content: string | Array<{ type: string; text?: string; image_url?: { url: string } }>;
};
/** The messages of the last request the model received. */
const lastMessages = () => upstream.received.at(-1)?.body.messages as unknown as SentMessage[];
const textOf = (message: SentMessage | undefined) =>
  typeof message?.content === 'string'
    ? message.content
    : (message?.content ?? []).map((part) => part.text ?? '').join('');

describe('POST /v2/qa with attachments', () => {
  it('sends a vision model the image as an image_url part with the stored bytes, next to the question', async () => {
    await useModel('eyes');
    const image = await upload('receipt.png', PNG);

    const res = await ask({ question: 'What does this receipt say?', images: [image] });

    expect(res.statusCode).toBe(200);
    expect(lastMessages().at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What does this receipt say?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
      ],
    });
  });

  it('tells a model without vision that it cannot see the image, and sends it none', async () => {
    await useModel('text');
    const image = await upload('damage.png', PNG);

    await ask({ question: 'Is this damage covered?', images: [image] });

    const messages = lastMessages();
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Is this damage covered?' });
    expect(textOf(messages[0])).toContain('"damage.png", which you cannot see');
    expect(JSON.stringify(messages)).not.toContain('image_url');
  });

  it("puts a document's text in the prompt before the question, and cuts a long one at the budget with a marker", async () => {
    await useModel('text');
    const order = await upload('order.txt', Buffer.from('Order 42: two shirts, delivered on Monday.\n'));
    const contract = await upload('contract.docx', docx(['The warranty lasts 24 months.']));

    await ask({ question: 'When was order 42 delivered?', files: [order, contract] });

    const question = textOf(lastMessages().at(-1));
    expect(question).toContain('[Attached file "order.txt"]\nOrder 42: two shirts, delivered on Monday.');
    expect(question).toContain('The warranty lasts 24 months.');
    expect(question.endsWith('When was order 42 delivered?')).toBe(true);

    const long = await upload('long.md', Buffer.from(`${'word '.repeat(ATTACHMENT_BUDGETS.documentChars)}SECRET-TAIL`));
    await ask({ question: 'Summarise it', files: [long] });
    const cut = textOf(lastMessages().at(-1));
    expect(cut).toContain(TRUNCATED_MARKER);
    expect(cut).not.toContain('SECRET-TAIL');
    expect(cut.length).toBeLessThan(ATTACHMENT_BUDGETS.documentChars + 500);
  });

  it('reads a document attached to several questions once', async () => {
    await useModel('text');
    const manual = await upload('manual.txt', Buffer.from('Hold the power button for ten seconds.\n'));
    const parse = vi.spyOn(t.app.parser, 'text');
    try {
      for (const question of ['How do I reset it?', 'And again?', 'Once more?']) {
        expect((await ask({ question, files: [manual] })).statusCode).toBe(200);
        expect(textOf(lastMessages().at(-1))).toContain('Hold the power button for ten seconds.');
      }
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('reads a zip bomb docx as a document with no text, within the parse budget, and answers', async () => {
    await useModel('text');
    const bomb = await upload('bomb.docx', await zipBombDocx(200));

    const res = await ask({ question: 'What is in it?', files: [bomb] });

    expect(res.statusCode).toBe(200);
    expect(textOf(lastMessages().at(-1))).toContain('[Attached file "bomb.docx": no text could be read from it]');
  });

  it('stores the attachments as the server knows them, whatever name the client claims', async () => {
    await useModel('text');
    const order = await upload('order.txt', Buffer.from('Order 7'));

    const res = await ask({
      question: 'Status of order 7?',
      files: [{ ...order, name: 'evil.exe', url: 'https://evil.example/x' }],
    });

    const stored = await t.app.db
      .selectFrom('completions')
      .select('files')
      .where('id', '=', res.json().completionId)
      .executeTakeFirstOrThrow();
    const files = typeof stored.files === 'string' ? JSON.parse(stored.files) : stored.files;
    expect(files).toEqual([order]);
  });

  it("refuses (422) another visitor's file, another tenant's, an unknown id or an image sent as a file, before asking the model", async () => {
    await useModel('text');
    const theirs = await upload('theirs.png', PNG, OTHER_VISITOR);
    const other = await t.createTenant(admin, 'Attachments Tenant B');
    const otherRobot = (await t.post('/v1/processes', { token: other.token, body: { name: 'B' } })).json<Robot>();
    const form = multipart([
      { name: 'processId', value: otherRobot.processId },
      { name: 'file', filename: 'b.png', content: PNG },
    ]);
    const otherTenants = (
      await t.post('/v2/upload/file', { token: other.token, body: form.body, headers: form.headers })
    ).json<Attachment>();
    const mine = await upload('mine.png', PNG);
    const before = upstream.received.length;

    for (const [field, attachment] of [
      ['images', theirs],
      ['images', otherTenants],
      ['images', { ...mine, id: '00000000-0000-4000-8000-000000000000' }],
      ['files', mine],
    ] as const) {
      const res = await ask({ question: 'Look at this', [field]: [attachment] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body', field, 0, 'id'], msg: 'File not found', type: 'FILE_NOT_FOUND' }],
      });
    }
    expect(upstream.received.length).toBe(before);
    const asked = await t.app.db
      .selectFrom('completions')
      .select('id')
      .where('question', '=', 'Look at this')
      .execute();
    expect(asked).toEqual([]);
  });

  it("answers with the built-in provider and a note, in the chatter's language, that it read no attachment", async () => {
    await useModel('builtin');
    const image = await upload('photo.png', PNG);

    const res = await ask({ question: 'What is this?', images: [image] });

    expect(res.json().answer).toMatch(
      /\(I cannot look at attached images or files; please describe your question in words\.\)$/,
    );
    const zh = await t.post('/v2/qa', {
      body: {
        shareId: robot.share.shareId,
        visitorId: VISITOR,
        stream: false,
        question: '这是什么？',
        images: [image],
      },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.json().answer).toContain('我无法查看附件中的图片或文件');
  });
});
