import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  USER_IMPORT_LIMITS,
  type ImportUsersResponse,
  type Task,
  type User,
  type UserImportPreviewResponse,
  type UserListResponse,
  type ValidationError,
} from '@flotilla/shared/contracts';
import { ADMIN, useTestApp, useRestartableServers } from '../helper';
import { en } from '../support/datasets';
import { uploadForm } from '../support/documents';

// No worker loop: each test runs the import task itself (runNext), so a cancel lands mid-run for certain.
const t = useTestApp({ config: { jobWorkers: 0, jobHeartbeatMs: 60_000 } });
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

type Cell = string | number | boolean | ExcelJS.CellFormulaValue;
const HEADER = ['username', 'nickname', 'phone', 'password', 'role', 'isAgent'];

/** An xlsx of these rows (the first is the header), written with exceljs as a spreadsheet program would. */
async function xlsx(rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const csv = (rows: string[][]) => Buffer.from(rows.map((row) => row.join(',')).join('\n') + '\n');

/** `count` valid user rows, every username and phone unique to `prefix`. */
function userRows(prefix: string, count: number, phoneBase: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `${prefix}${i + 1}`,
    `${prefix} person ${i + 1}`,
    String(phoneBase + i),
    `password-${i + 1}`,
    i % 3 === 0 ? 'operator' : 'agent',
    i % 2 === 0 ? 'yes' : 'no',
  ]);
}

function send(path: string, name: string, content: Buffer, token = admin, headers: Record<string, string> = en) {
  const form = uploadForm(name, content);
  return t.post(path, { token, body: form.body, headers: { ...form.headers, ...headers } });
}
const preview = (name: string, content: Buffer, token = admin, headers: Record<string, string> = en) =>
  send('/v1/users/import/preview', name, content, token, headers);
const importFile = (name: string, content: Buffer, token = admin) => send('/v1/users/import', name, content, token);

async function usersMatching(keyword: string, token = admin): Promise<User[]> {
  const users: User[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = (
      await t.get(`/v1/users/list?keyword=${encodeURIComponent(keyword)}&limit=200&offset=${offset}`, { token })
    ).json<UserListResponse>();
    users.push(...page.list);
    if (users.length >= page.total) return users;
  }
}

/** Polls the job's row until `ready` holds (the condition, not a time, ends the wait). */
async function until(id: string, ready: (job: { status: string; progress: number }) => boolean): Promise<void> {
  for (;;) {
    const job = await t.app.repos.jobs.byId(id);
    if (job && ready(job)) return;
    await sleep(10);
  }
}

const storedUploads = async () =>
  (
    await readdir(join(t.app.config.dataDir, 'files', 'user-imports'), { recursive: true, withFileTypes: true }).catch(
      () => [],
    )
  )
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

const badRows = (body: UserImportPreviewResponse) => body.rows.filter((row) => row.errors.length > 0);

describe('a 1,000-row sheet with 3 bad rows', () => {
  it('preview names exactly those rows, the import refuses and creates nobody; fixed, it imports all 1,000', async () => {
    const rows = userRows('bulk', 1000, 15500000000);
    // Sheet rows are data index + 2 (the header is row 1).
    rows[8]![2] = '12ab'; // row 10: a bad phone
    rows[498]![0] = 'bulk20'; // row 500: the username of row 21
    rows[997]![3] = 'short'; // row 999: a weak password
    const file = await xlsx([HEADER, ...rows]);

    const res = await preview('users.xlsx', file);
    expect(res.statusCode).toBe(200);
    const body = res.json<UserImportPreviewResponse>();
    expect(body.rows).toHaveLength(1000);
    expect(body).toMatchObject({ valid: 997, invalid: 3 });
    expect(body.rows[0]).toEqual({ row: 2, username: 'bulk1', phone: '15500000000', errors: [] });
    expect(badRows(body)).toEqual([
      { row: 10, username: 'bulk9', phone: '12ab', errors: [expect.stringMatching(/^Not a phone number/)] },
      { row: 500, username: 'bulk20', phone: '15500000498', errors: ['The same username as row 21'] },
      {
        row: 999,
        username: 'bulk998',
        phone: '15500000997',
        errors: ['The password is missing or shorter than 8 characters'],
      },
    ]);

    const refused = await importFile('users.xlsx', file);
    expect(refused.statusCode).toBe(422);
    const detail = refused.json<ValidationError>().detail;
    expect(detail.map((entry) => entry.loc)).toEqual([
      ['file', 10],
      ['file', 500],
      ['file', 999],
    ]);
    expect(detail[1]!.msg).toBe('The same username as row 21');
    const tasks = (await t.get('/v1/tasks', { token: admin })).json<{ list: Task[] }>().list;
    expect(tasks.filter((task) => task.type === 'importUsers')).toEqual([]);
    expect(await usersMatching('bulk')).toEqual([]);
    expect(await storedUploads()).toEqual([]);

    rows[8]![2] = '15500000008';
    rows[498]![0] = 'bulk499';
    rows[997]![3] = 'password-998';
    const accepted = await importFile('users.xlsx', await xlsx([HEADER, ...rows]));
    expect(accepted.statusCode).toBe(200);
    const { taskId } = accepted.json<ImportUsersResponse>();
    expect(await storedUploads()).toHaveLength(1);
    expect(await t.app.jobs.runNext()).toBe(taskId);
    const task = (await t.get('/v1/tasks', { token: admin }))
      .json<{ list: Task[] }>()
      .list.find((x) => x.id === taskId);
    expect(task).toMatchObject({ type: 'importUsers', status: 'done', progress: 1, title: 'users.xlsx' });
    const created = await usersMatching('bulk');
    expect(created).toHaveLength(1000);
    expect(created.find((user) => user.username === 'bulk1')).toMatchObject({
      nickname: 'bulk person 1',
      phone: '15500000000',
      role: 'operator',
      isAgent: true,
    });
    expect(created.find((user) => user.username === 'bulk2')).toMatchObject({ role: 'agent', isAgent: false });
    // Passwords are hashed as creation hashes them: the sheet's password logs in.
    await t.login('bulk998', 'password-998');
    expect(await storedUploads()).toEqual([]);

    // The same file again: every row now exists (username anywhere, phone in the tenant).
    const again = (await preview('users.xlsx', await xlsx([HEADER, ...rows]))).json<UserImportPreviewResponse>();
    expect(again).toMatchObject({ valid: 0, invalid: 1000 });
    expect(again.rows[0]!.errors).toEqual(['This username is already taken', 'A user already has this phone']);
    // 1,000 scrypt hashes: ~25 s on an idle 2-core machine, several times that on a loaded one.
  }, 600_000);
});

describe('who may import and export', () => {
  it('refuses operators and agents (403) on every call', async () => {
    const file = csv([HEADER, ['roles1', 'R', '13911110000', 'password-1', 'agent', 'no']]);
    for (const role of ['operator', 'agent'] as const) {
      const { token } = await t.createUser(admin, role);
      expect((await preview('u.csv', file, token)).statusCode).toBe(403);
      expect((await importFile('u.csv', file, token)).statusCode).toBe(403);
      expect((await t.get('/v1/users/import/template', { token })).statusCode).toBe(403);
      expect((await t.post('/v1/users/phone/excel', { token, body: {} })).statusCode).toBe(403);
    }
    expect((await t.post('/v1/users/import/preview')).statusCode).toBe(401);
    expect(await usersMatching('roles1')).toEqual([]);
  });

  it("another tenant's users: a phone there is free here, a username is not (usernames are platform-wide)", async () => {
    await t.post('/v1/users', {
      token: admin,
      body: { username: 'home.user', nickname: 'Home', phone: '13700000001', password: 'password-1', role: 'agent' },
    });
    const other = await t.createTenant(admin);
    const file = csv([
      HEADER,
      ['away.user', 'Away', '137-0000-0001', 'password-1', 'agent', ''],
      ['home.user', 'Copy', '13700000002', 'password-1', 'agent', ''],
    ]);
    const body = (await preview('u.csv', file, other.token)).json<UserImportPreviewResponse>();
    expect(body.rows.map((row) => row.errors)).toEqual([[], ['This username is already taken']]);
    // In its own tenant the same phone (written with dashes) is taken.
    const home = (await preview('u.csv', file)).json<UserImportPreviewResponse>();
    expect(home.rows[0]!.errors).toEqual(['A user already has this phone']);

    const fixed = csv([HEADER, ['away.user', 'Away', '137-0000-0001', 'password-1', 'agent', '']]);
    const { taskId } = (await importFile('u.csv', fixed, other.token)).json<ImportUsersResponse>();
    await t.app.jobs.runNext();
    expect((await t.app.repos.jobs.byId(taskId))?.status).toBe('done');
    expect((await usersMatching('away.user', other.token)).map((user) => user.tenantId)).toEqual([other.tenant.id]);
    expect(await usersMatching('away.user')).toEqual([]);
    // The other tenant's admin does not see this tenant's task.
    const tasks = (await t.get('/v1/tasks', { token: admin })).json<{ list: Task[] }>().list;
    expect(tasks.map((task) => task.id)).not.toContain(taskId);
  });
});

describe('columns, languages and cells', () => {
  it('reads Chinese headers and role names from a csv, and answers in Chinese by default', async () => {
    const file = csv([
      ['用户名', '昵称', '手机号', '密码', '角色', '是否客服'],
      ['zh.admin', '管理员甲', '13600000001', 'password-1', '管理员', '否'],
      ['zh.op', '运营乙', '13600000002', 'password-1', '运营', '是'],
      ['zh.agent', '客服丙', '13600000003', 'password-1', '客服', ''],
      ['zh.bad', '丁', '13600000004', 'password-1', '老板', '也许'],
    ]);
    const body = (await preview('用户.csv', file, admin, {})).json<UserImportPreviewResponse>();
    expect(body).toMatchObject({ valid: 3, invalid: 1 });
    expect(body.rows[3]!.errors).toEqual([
      '角色无效（管理员、运营或客服）',
      '是否客服须为 是/否（或 yes/no、true/false、1/0）',
    ]);

    const good = csv([
      ['用户名', '昵称', '手机号', '密码', '角色', '是否客服'],
      ['zh.admin', '管理员甲', '13600000001', 'password-1', '管理员', '否'],
      ['zh.op', '运营乙', '13600000002', 'password-1', '运营', '是'],
      ['zh.agent', '客服丙', '13600000003', 'password-1', '客服', ''],
    ]);
    const { taskId } = (await importFile('用户.csv', good)).json<ImportUsersResponse>();
    await t.app.jobs.runNext();
    expect((await t.app.repos.jobs.byId(taskId))?.status).toBe('done');
    const users = await usersMatching('zh.');
    expect(Object.fromEntries(users.map((user) => [user.username, [user.role, user.isAgent, user.nickname]]))).toEqual({
      'zh.admin': ['admin', false, '管理员甲'],
      'zh.op': ['operator', true, '运营乙'],
      'zh.agent': ['agent', true, '客服丙'],
    });
  });

  it('takes a formula as its saved result and refuses a formula without one, never evaluating', async () => {
    const file = await xlsx([
      HEADER,
      ['formula1', 'F', { formula: '"1350000"&"0001"', result: '13500000001' }, 'password-1', 'agent', 'no'],
      ['formula2', 'F', { formula: '13500000000+2' } as ExcelJS.CellFormulaValue, 'password-1', 'agent', 'no'],
      ['formula3', { formula: 'HYPERLINK("http://x","y")', result: 'y' }, '13500000003', 'password-1', 'agent', 'no'],
    ]);
    const body = (await preview('f.xlsx', file)).json<UserImportPreviewResponse>();
    expect(body.rows.map((row) => [row.row, row.phone, row.errors])).toEqual([
      [2, '13500000001', []],
      [
        3,
        '',
        [
          'The formula has no saved result: recalculate and save the sheet, then import it again',
          'The phone is missing',
        ],
      ],
      [4, '13500000003', []],
    ]);
  });

  it('flags a missing or bad value in each column, and a phone repeated with other spacing', async () => {
    const file = csv([
      HEADER,
      ['', 'No name', '13400000001', 'password-1', 'agent', ''],
      ['a', 'Short name', '13400000002', 'password-1', 'agent', ''],
      ['nophone', 'x', '', 'password-1', 'agent', ''],
      ['twin1', 'x', '134 0000 0005', 'password-1', 'agent', ''],
      ['twin2', 'x', '13400000005', 'password-1', 'agent', ''],
      ['norole', 'x', '13400000006', 'password-1', '', ''],
      ['longnick', 'n'.repeat(65), '13400000007', 'password-1', 'agent', ''],
      // Names an object has by itself are not roles.
      ['protorole', 'x', '13400000008', 'password-1', 'constructor', ''],
      ['protorole2', 'x', '13400000009', 'password-1', '__proto__', ''],
    ]);
    const body = (await preview('u.csv', file)).json<UserImportPreviewResponse>();
    expect(body.rows.map((row) => row.errors)).toEqual([
      ['The username is missing'],
      ['A username is 3–64 letters, digits or _ . @ -'],
      ['The phone is missing'],
      [],
      ['The same phone as row 5'],
      ['Unknown role (admin, operator or agent)'],
      ['The nickname is longer than 64 characters'],
      ['Unknown role (admin, operator or agent)'],
      ['Unknown role (admin, operator or agent)'],
    ]);
  });
});

describe('files the import cannot take', () => {
  const refusal = async (name: string, content: Buffer) => {
    const res = await preview(name, content);
    return { status: res.statusCode, detail: res.json<ValidationError>().detail };
  };

  it('a file over the size limit, whatever its content', async () => {
    const { status, detail } = await refusal('big.csv', Buffer.alloc(50 * 1024 * 1024, 'a'));
    expect(status).toBe(422);
    expect(detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'UPLOAD_TOO_LARGE', msg: 'The file is too large' });
  });

  it('a file that is not a spreadsheet, or a damaged one', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect((await refusal('photo.png', png)).detail[0]!.type).toBe('UNSUPPORTED_FILE_TYPE');
    expect((await refusal('notes.txt', Buffer.from('hello'))).detail[0]!.type).toBe('UNSUPPORTED_FILE_TYPE');
    const damaged = await refusal('users.xlsx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
    expect(damaged.status).toBe(422);
    expect(damaged.detail[0]!.loc).toEqual(['body', 'file']);
  });

  it('an empty sheet, a header alone, or a header without the needed columns', async () => {
    expect((await refusal('empty.xlsx', await xlsx([]))).detail[0]!.msg).toBe(
      'The sheet has no users below its header row',
    );
    expect((await refusal('header.csv', csv([HEADER]))).detail[0]!.msg).toBe(
      'The sheet has no users below its header row',
    );
    const partial = await refusal(
      'partial.csv',
      csv([
        ['username', 'nickname'],
        ['someone', 'S'],
      ]),
    );
    expect(partial.detail[0]!.msg).toMatch(/^The header row lacks a required column/);
    const twice = await refusal(
      'twice.csv',
      csv([
        [...HEADER, '手机号'],
        ['u1', 'U', '1', 'p', 'agent', '', '2'],
      ]),
    );
    expect(twice.detail[0]!.msg).toBe('Two columns of the header row name the same field');
  });

  it('more users than the row cap: a clear 422 before any check', async () => {
    const rows = userRows('cap', USER_IMPORT_LIMITS.rows + 1, 13000000000);
    const { status, detail } = await refusal('cap.csv', csv([HEADER, ...rows]));
    expect(status).toBe(422);
    expect(detail[0]!.msg).toBe('The sheet has too many rows: an import takes 10,000 users at most');
    expect((await importFile('cap.csv', csv([HEADER, ...rows]))).statusCode).toBe(422);
  });

  it('10,000 rows: previewed, then imported as a task that a cancel stops with nobody created', async () => {
    const rows = userRows('many', USER_IMPORT_LIMITS.rows, 12000000000);
    const file = await xlsx([HEADER, ...rows]);
    const body = (await preview('many.xlsx', file)).json<UserImportPreviewResponse>();
    expect(body).toMatchObject({ valid: USER_IMPORT_LIMITS.rows, invalid: 0 });
    const { taskId } = (await importFile('many.xlsx', file)).json<ImportUsersResponse>();
    const running = t.app.jobs.runNext();
    // Past the check, hashing passwords: progress shows in the task.
    await until(taskId, (job) => job.status === 'running' && job.progress > 0.05);
    expect((await t.post(`/v1/tasks/${taskId}/cancel`, { token: admin })).statusCode).toBe(200);
    await running;
    expect((await t.app.repos.jobs.byId(taskId))?.status).toBe('cancelled');
    expect(await usersMatching('many')).toEqual([]);
    expect(await storedUploads()).toEqual([]);
  }, 120_000);
});

describe('the template and the export', () => {
  it('the template has the header and an example row, and previews as one valid user', async () => {
    const res = await t.get('/v1/users/import/template', { token: admin, headers: en });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="users-template.xlsx"');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(sheet.actualRowCount).toBe(2);
    const body = (await preview('users-template.xlsx', res.rawPayload)).json<UserImportPreviewResponse>();
    expect(body).toMatchObject({ valid: 1, invalid: 0 });
    const zh = await t.get('/v1/users/import/template', { token: admin });
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(zh.rawPayload as unknown as ExcelJS.Buffer);
    expect(zhBook.worksheets[0]!.getRow(1).values).toEqual([
      undefined,
      '用户名',
      '昵称',
      '手机号',
      '密码',
      '角色',
      '是否客服',
    ]);
    expect((await preview('t.xlsx', zh.rawPayload)).json<UserImportPreviewResponse>()).toMatchObject({ valid: 1 });
  });

  it('exports the filtered users with their balances, re-read with exceljs', async () => {
    const make = async (username: string, role: string, phone: string) =>
      (
        await t.post('/v1/users', {
          token: admin,
          body: { username, nickname: `Nick ${username}`, phone, password: 'password-1', role },
        })
      ).json<User>();
    const rich = await make('exp.rich', 'agent', '13300000001');
    await make('exp.poor', 'agent', '13300000002');
    await make('exp.boss', 'operator', '13300000003');
    await t.app.db
      .insertInto('creditBalances')
      .values({ userId: rich.id, tenantId: rich.tenantId, balance: 250 })
      .execute();

    const res = await t.post('/v1/users/phone/excel', {
      token: admin,
      headers: en,
      body: { keyword: 'exp.', role: 'agent', sort: 'username', order: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="users.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(sheet.actualRowCount).toBe(3);
    expect(values(1)).toEqual(['Phone', 'Name', 'Role', 'Balance', 'Created']);
    expect(values(2).slice(0, 4)).toEqual(['13300000002', 'Nick exp.poor', 'agent', 0]);
    expect(values(3).slice(0, 4)).toEqual(['13300000001', 'Nick exp.rich', 'agent', 250]);
    expect((values(3)[4] as Date).toISOString()).toBe(new Date(rich.createAt).toISOString());

    // Another tenant's export holds none of these users.
    const other = await t.createTenant(admin);
    const theirs = await t.post('/v1/users/phone/excel', { token: other.token, body: { keyword: 'exp.' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(theirs.rawPayload as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.actualRowCount).toBe(1);
    // Filters are checked like the list's.
    expect((await t.post('/v1/users/phone/excel', { token: admin, body: { role: 'boss' } })).statusCode).toBe(422);
    expect((await t.post('/v1/users/phone/excel', { token: admin, body: { phone: '12a' } })).statusCode).toBe(422);
  });
});

describe('a server stopped in the middle of a users import', () => {
  const servers = useRestartableServers();

  it('has created nobody, keeps the upload, and the next server imports every user', async () => {
    // Steps are slowed so that the server surely stops mid-hashing.
    const first = await servers.start({ jobWorkers: 1, jobStepDelayMs: 300, jobHeartbeatMs: 60_000 });
    const token = (await first.inject({ method: 'POST', url: '/v1/login', payload: ADMIN })).json<{ token: string }>()
      .token;
    const headers = { authorization: `Bearer ${token}` };
    const form = uploadForm('restart.xlsx', await xlsx([HEADER, ...userRows('restart', 40, 14000000000)]));
    const imported = await first.inject({
      method: 'POST',
      url: '/v1/users/import',
      headers: { ...headers, ...form.headers },
      payload: form.body,
    });
    const { taskId } = imported.json<ImportUsersResponse>();
    // Stopped while hashing the passwords, before the transaction.
    for (;;) {
      const job = await first.repos.jobs.byId(taskId);
      if (job?.status === 'running' && job.progress > 0.05) break;
      await sleep(10);
    }
    await servers.stop();

    const second = await servers.start({ jobWorkers: 0 });
    const listed = async () =>
      (
        await second.inject({ method: 'GET', url: '/v1/users/list?keyword=restart&limit=1', headers })
      ).json<UserListResponse>().total;
    expect(await listed()).toBe(0);
    const uploads = await readdir(join(servers.dataDir(), 'files', 'user-imports'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(uploads.filter((entry) => entry.isFile())).toHaveLength(1);
    expect(await second.jobs.runNext()).toBe(taskId);
    expect((await second.repos.jobs.byId(taskId))?.status).toBe('done');
    expect(await listed()).toBe(40);
  }, 300_000);
});
