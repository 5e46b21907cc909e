import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_FILE_LIMITS,
  type CaseFile,
  type CaseFileListResponse,
  type ValidationError,
} from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { en } from '../support/datasets';
import { EXE, uploadForm, xlsx } from '../support/documents';

const t = useTestApp({ config: { jobWorkers: 0, jobHeartbeatMs: 60_000 } });
let admin: string;
let operator: string;
let agent: string;
let otherTenant: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin)).token;
});

const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\n') + '\n');

function upload(name: string, content: Buffer, token = operator) {
  const form = uploadForm(name, content);
  return t.post('/v1/case/file', { token, body: form.body, headers: { ...form.headers, ...en } });
}

async function uploaded(name: string, content: Buffer, token = operator): Promise<CaseFile> {
  const res = await upload(name, content, token);
  if (res.statusCode !== 200) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
  return res.json<CaseFile>();
}

/** The 422's first entry: its loc and stable type. */
const refusal = (body: string) => {
  const { detail } = JSON.parse(body) as ValidationError;
  return { loc: detail[0]?.loc, type: detail[0]?.type, msg: detail[0]?.msg };
};

describe('POST /v1/case/file', () => {
  it('reads a question set from an xlsx with Chinese headers: questions and expected answers in sheet order', async () => {
    const content = await xlsx({
      问题集: [
        ['问题', '标准答案', '备注'],
        ['退货期限是多久？', '七天无理由退货。', 'x'],
        [null, '没有问题的行被跳过', null],
        ['Who pays shipping?', null, null],
      ],
    });
    const file = await uploaded('问题集.xlsx', content);
    expect(file).toMatchObject({
      name: '问题集.xlsx',
      kind: 'questions',
      type: 'xlsx',
      size: content.length,
      rowCount: 2,
      analysis: null,
    });
    expect(await t.app.repos.caseFiles.questions(await tenantOf(operator), file.id)).toEqual([
      { question: '退货期限是多久？', expected: '七天无理由退货。' },
      { question: 'Who pays shipping?', expected: '' },
    ]);
  });

  it('reads a conversation log from a csv (English headers) and a question set from json', async () => {
    const log = await uploaded(
      'log.csv',
      csv([
        ['Session', 'Question', 'Answer', 'Expected answer'],
        ['s1', 'Where is my order?', 'It ships tomorrow.', ''],
        ['s1', 'Can I change the address?', 'Yes before it ships.', 'Yes.'],
      ]),
    );
    expect(log).toMatchObject({ kind: 'conversations', type: 'csv', rowCount: 2 });
    const rows = await t.app.repos.caseFiles.rows(await tenantOf(operator), log.id);
    expect(rows?.[1]).toEqual({
      position: 1,
      question: 'Can I change the address?',
      expected: 'Yes.',
      answer: 'Yes before it ships.',
      session: 's1',
    });

    const json = Buffer.from(
      JSON.stringify([
        { question: 'Opening hours?', expected: '9 to 5' },
        { question: 'Phone number?', extra: 1 },
      ]),
    );
    const set = await uploaded('set.json', json);
    expect(set).toMatchObject({ kind: 'questions', type: 'json', rowCount: 2 });
    expect(await t.app.repos.caseFiles.questions(await tenantOf(operator), set.id)).toEqual([
      { question: 'Opening hours?', expected: '9 to 5' },
      { question: 'Phone number?', expected: '' },
    ]);
  });

  it('refuses, with a 422 on file: not a spreadsheet, empty, no question column, too many rows, a long cell, too large', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['program.xlsx', EXE, 'CASE_FILE_UNREADABLE'],
      ['notes.pdf', Buffer.from('%PDF-1.4 nothing'), 'CASE_FILE_UNREADABLE'],
      ['broken.json', Buffer.from('{"question": '), 'CASE_FILE_UNREADABLE'],
      ['object.json', Buffer.from('{"question": "why?"}'), 'CASE_FILE_UNREADABLE'],
      ['empty.csv', Buffer.alloc(0), 'CASE_FILE_EMPTY'],
      ['header-only.csv', csv([['question', 'expected']]), 'CASE_FILE_EMPTY'],
      ['blank.json', Buffer.from('[]'), 'CASE_FILE_EMPTY'],
      [
        'no-question.csv',
        csv([
          ['title', 'expected'],
          ['a', 'b'],
        ]),
        'CASE_FILE_COLUMNS_MISSING',
      ],
      [
        'many.csv',
        csv([['question'], ...Array.from({ length: CASE_FILE_LIMITS.rows + 1 }, (_, i) => [`q${i}`])]),
        'CASE_FILE_TOO_MANY_ROWS',
      ],
      [
        'many.json',
        Buffer.from(
          JSON.stringify(Array.from({ length: CASE_FILE_LIMITS.rows + 1 }, (_, i) => ({ question: `q${i}` }))),
        ),
        'CASE_FILE_TOO_MANY_ROWS',
      ],
      ['huge.csv', Buffer.alloc(CASE_FILE_LIMITS.bytes + 1, 'a'), 'UPLOAD_TOO_LARGE'],
    ];
    for (const [name, content, type] of cases) {
      const res = await upload(name, content);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 422 });
      expect({ name, ...refusal(res.body) }).toMatchObject({ name, loc: ['body', 'file'], type });
    }
    const long = await upload(
      'long.csv',
      csv([['question'], ['fine'], ['x'.repeat(CASE_FILE_LIMITS.questionMax + 1)]]),
    );
    expect(long.statusCode).toBe(422);
    expect(refusal(long.body)).toEqual({
      loc: ['body', 'file', 3],
      type: 'CASE_FILE_CELL_TOO_LONG',
      msg: 'A cell of this row is too long (3)',
    });
    const missing = await t.post('/v1/case/file', { token: operator, body: {} });
    expect(missing.statusCode).toBe(422);
    // Nothing refused was stored.
    const list = (await t.get('/v1/case/file/list?keyword=many', { token: operator })).json<CaseFileListResponse>();
    expect(list.total).toBe(0);
  });

  it('takes a formula by its saved result, and refuses one without', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('q');
    sheet.addRow(['question', 'expected']);
    sheet.addRow([{ formula: '"Why "&"not?"', result: 'Why not?' }, 'Because.']);
    const file = await uploaded('formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(await t.app.repos.caseFiles.questions(await tenantOf(operator), file.id)).toEqual([
      { question: 'Why not?', expected: 'Because.' },
    ]);
    sheet.addRow([{ formula: 'A2' }, 'No result']);
    const res = await upload('formula.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(422);
    expect(refusal(res.body)).toMatchObject({ loc: ['body', 'file', 3], type: 'CASE_FILE_UNREADABLE' });
  });

  it('is for admins and operators: agents get 403, and another tenant does not see the file', async () => {
    const content = csv([['question'], ['Hello?']]);
    expect((await upload('a.csv', content, agent)).statusCode).toBe(403);
    const mine = await uploaded('mine.csv', content, admin);
    expect(await t.app.repos.caseFiles.questions(await tenantOf(otherTenant), mine.id)).toBeUndefined();
  });
});

/** The tenant of a token's user. */
async function tenantOf(token: string): Promise<string> {
  const me = (await t.get('/v1/users/me', { token })).json<{ id: string }>();
  const row = await t.app.db.selectFrom('users').select('tenantId').where('id', '=', me.id).executeTakeFirstOrThrow();
  return row.tenantId;
}
