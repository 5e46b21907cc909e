import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ICON_LIMITS, UPLOAD_LIMITS, type Attachment, type User } from '@flotilla/shared/contracts';
import { contentDisposition } from '../../src/lib/upload-content';
import { useTestApp } from '../helper';
import { multipart, zip, type Part } from '../support/documents';
import { me, sharedRobot, VISITOR } from './chat-fixtures';

const t = useTestApp();
const en = { 'accept-language': 'en' };

let admin: string;
let adminUser: User;
let agent: string;
let otherTenant: string;
let otherTenantUser: User;
let robot: Awaited<ReturnType<typeof sharedRobot>>;

beforeAll(async () => {
  admin = await t.login();
  adminUser = await me(t, admin);
  agent = (await t.createUser(admin, 'agent')).token;
  const tenant = await t.createTenant(admin, 'Uploads Tenant B');
  otherTenant = tenant.token;
  otherTenantUser = tenant.admin;
  robot = await sharedRobot(t, admin);
});

// A 1×1 PNG, the start of a PDF, a Windows executable, and texts.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
const TEXT = Buffer.from('Order 42: 两件衬衫\nDelivered on Monday.\n');

const DOCX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ['word/document.xml', '<w:document/>'],
]);
const ZIP = zip([['notes.txt', 'hello']]);

const file = (filename: string, content: Buffer, type?: string): Part => ({ name: 'file', filename, content, type });

/** A visitor's upload through the share (fields first, as the chat sends them). */
const visitorUpload = (
  parts: Part[],
  fields: Record<string, string> = { shareId: robot.share.shareId, visitorId: VISITOR },
  headers: Record<string, string> = {},
) => {
  const form = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...parts]);
  return t.post('/v2/upload/file', { body: form.body, headers: { ...form.headers, ...en, ...headers } });
};
const staffUpload = (parts: Part[], token: string, processId = robot.robot.processId) => {
  const form = multipart([{ name: 'processId', value: processId }, ...parts]);
  return t.post('/v2/upload/file', { token, body: form.body, headers: { ...form.headers, ...en } });
};
const iconUpload = (parts: Part[], token?: string) => {
  const form = multipart(parts);
  return t.post('/v2/processes/icon', { token, body: form.body, headers: { ...form.headers, ...en } });
};

const uploadsDir = () => join(t.app.config.dataDir, 'files', 'uploads', robot.tenantId);
const stored = async () => (await readdir(uploadsDir()).catch(() => [] as string[])).sort();
const uploadRows = async () => (await t.app.db.selectFrom('uploads').select('id').execute()).length;

describe('POST /v2/upload/file', () => {
  it("stores a visitor's image under the share's tenant and serves it back inline", async () => {
    const res = await visitorUpload([file('photo.png', PNG, 'image/png')]);
    expect(res.statusCode).toBe(200);
    const attachment = res.json<Attachment>();
    expect(attachment).toEqual({
      id: expect.any(String),
      name: 'photo.png',
      url: `/v2/upload/file/${attachment.id}`,
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(await readFile(join(uploadsDir(), attachment.id))).toEqual(PNG);
    const row = await t.app.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', attachment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenantId: robot.tenantId,
      ownerId: VISITOR,
      kind: 'image',
      storageKey: `uploads/${robot.tenantId}/${attachment.id}`,
    });

    const served = await t.get(attachment.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(served.rawPayload).toEqual(PNG);
  });

  it("stores a staff member's PDF (processId and token) and serves it as a download", async () => {
    const res = await staffUpload([file('Terms.pdf', PDF, 'application/pdf')], admin);
    expect(res.statusCode).toBe(200);
    const attachment = res.json<Attachment>();
    expect(attachment).toMatchObject({ name: 'Terms.pdf', contentType: 'application/pdf', size: PDF.length });
    const row = await t.app.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', attachment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ownerId: adminUser.id, kind: 'file' });
    const served = await t.get(attachment.url);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="Terms.pdf"/);
    expect(served.rawPayload).toEqual(PDF);
  });

  it('accepts txt, md and csv when the bytes are UTF-8 text, typed by the name', async () => {
    for (const [name, type] of [
      ['notes.txt', 'text/plain'],
      ['README.md', 'text/markdown'],
      ['orders.CSV', 'text/csv'],
    ]) {
      const res = await visitorUpload([file(name, TEXT, 'application/octet-stream')]);
      expect(res.statusCode).toBe(200);
      expect(res.json().contentType).toBe(type);
      const served = await t.get(res.json().url);
      expect(served.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
      expect(served.body).toBe(TEXT.toString('utf8'));
    }
  });

  it('accepts a Word document, recognised inside its zip', async () => {
    const res = await visitorUpload([file('contract.docx', DOCX)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await t.get(res.json().url)).headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('types a file by its content, not by its name or claimed type', async () => {
    const res = await visitorUpload([file('invoice.txt', PNG, 'text/plain')]);
    expect(res.json()).toMatchObject({ name: 'invoice.txt', contentType: 'image/png' });
  });

  it('refuses (422 UNSUPPORTED_FILE_TYPE) anything else: executables, html, binary or non-UTF-8 "text", empty files', async () => {
    const before = await stored();
    const cases: Array<[string, Buffer, string]> = [
      ['setup.exe', EXE, 'application/octet-stream'],
      ['archive.docx', ZIP, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['report.pdf', EXE, 'application/pdf'],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'],
      [
        'drawing.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      ['data.txt', Buffer.from('abc\u0000def'), 'text/plain'],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), 'text/plain'],
      ['empty.txt', Buffer.alloc(0), 'text/plain'],
    ];
    for (const [name, content, type] of cases) {
      const res = await visitorUpload([file(name, content, type)]);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body', 'file'], msg: 'This file type is not supported', type: 'UNSUPPORTED_FILE_TYPE' }],
      });
    }
    expect(await stored()).toEqual(before);
  });

  it(`refuses (422 UPLOAD_TOO_LARGE) a file over ${UPLOAD_LIMITS.maxBytes} bytes, storing nothing`, async () => {
    const before = { files: await stored(), rows: await uploadRows() };
    const exact = await visitorUpload([file('big.txt', Buffer.alloc(UPLOAD_LIMITS.maxBytes, 0x61))]);
    expect(exact.statusCode).toBe(200);
    const res = await visitorUpload([file('huge.txt', Buffer.alloc(UPLOAD_LIMITS.maxBytes + 1, 0x61))]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: [{ loc: ['body', 'file'], msg: 'The file is too large', type: 'UPLOAD_TOO_LARGE' }],
    });
    expect(await stored()).toEqual([...before.files, exact.json().id].sort());
    expect(await uploadRows()).toBe(before.rows + 1);
  });

  it('stores a safe name: no path, no control or direction characters, no leading dots, at most 255 characters', async () => {
    const names: Array<[string, string]> = [
      ['..\\..\\windows\\system.ini.txt', 'system.ini.txt'],
      ['\u0007bell\u001b[31m.txt', 'bell[31m.txt'],
      ['invoice\u202Etxt.exe.txt', 'invoicetxt.exe.txt'],
      ['.hidden.txt', 'hidden.txt'],
      [`${'n'.repeat(300)}.txt`, `${'n'.repeat(251)}.txt`],
      ['发票 2024.txt', '发票 2024.txt'],
    ];
    for (const [raw, safe] of names) {
      const res = await visitorUpload([file(raw, TEXT)]);
      expect(res.statusCode, raw).toBe(200);
      expect(res.json().name).toBe(safe);
    }
    // Nothing left of the name: a neutral one (text types, known by their extension, are then refused).
    expect((await visitorUpload([file('...', PNG)])).json().name).toBe('upload');
    expect((await visitorUpload([file('...', TEXT)])).statusCode).toBe(422);
    const chinese = (await visitorUpload([file('发票 (1).txt', TEXT)])).json<Attachment>();
    expect((await t.get(chinese.url)).headers['content-disposition']).toBe(
      `attachment; filename="__ (1).txt"; filename*=UTF-8''%E5%8F%91%E7%A5%A8%20%281%29.txt`,
    );
    // Quotes and backslashes (a browser sends them escaped, another client might not) cannot break the header.
    expect(contentDisposition('attachment', 'a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });

  it('reads the fields wherever they are in the body', async () => {
    const res = await visitorUpload(
      [file('late.png', PNG), { name: 'shareId', value: robot.share.shareId }, { name: 'visitorId', value: VISITOR }],
      {},
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 422 without a file, for a body that is not multipart, malformed or with two files, and for a bad field', async () => {
    const noFile = await visitorUpload([]);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });
    expect(
      (await visitorUpload([{ name: 'attachment', filename: 'a.png', content: PNG }])).json().detail[0].loc,
    ).toEqual(['body', 'file']);

    const json = await t.post('/v2/upload/file', {
      body: { shareId: robot.share.shareId, visitorId: VISITOR },
      headers: en,
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });

    const twoFiles = await visitorUpload([file('a.png', PNG), file('b.png', PNG)]);
    expect(twoFiles.statusCode).toBe(422);
    expect(twoFiles.json().detail[0]).toMatchObject({ loc: ['body'], type: 'value_error' });

    // A body cut short (a dropped connection) stores nothing of the part that arrived.
    const before = await uploadRows();
    const form = multipart([
      { name: 'shareId', value: robot.share.shareId },
      { name: 'visitorId', value: VISITOR },
      file('a.png', PNG),
    ]);
    const cut = await t.post('/v2/upload/file', {
      body: form.body.subarray(0, form.body.length - 50),
      headers: { ...form.headers, ...en },
    });
    expect(cut.statusCode).toBe(422);
    expect(cut.json().detail[0]).toMatchObject({ loc: ['body'], type: 'value_error' });
    expect(await uploadRows()).toBe(before);
    const noBoundary = await t.post('/v2/upload/file', {
      body: form.body,
      headers: { 'content-type': 'multipart/form-data', ...en },
    });
    expect(noBoundary.statusCode).toBe(422);

    const longShare = await visitorUpload([file('a.png', PNG)], { shareId: 'x'.repeat(65), visitorId: VISITOR });
    expect(longShare.statusCode).toBe(422);
    expect(longShare.json().detail[0]).toMatchObject({ loc: ['body', 'shareId'], type: 'string_too_long' });
  });

  it("answers 400 without a target or a visitor id, 404 for a disabled share or another tenant's robot, 403 for a site the share does not allow, 401 for staff without a token", async () => {
    const before = await uploadRows();
    const noTarget = await visitorUpload([file('a.png', PNG)], { visitorId: VISITOR });
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().message).toBe('Give exactly one of shareId and processId');
    expect((await visitorUpload([file('a.png', PNG)], { shareId: robot.share.shareId })).json().message).toBe(
      'A visitor id is required',
    );

    const off = await sharedRobot(t, admin, { name: 'Closed uploads', enabled: false });
    const closed = await visitorUpload([file('a.png', PNG)], { shareId: off.share.shareId, visitorId: VISITOR });
    expect(closed.statusCode).toBe(404);
    expect(closed.json().code).toBe('SHARE_NOT_FOUND');

    const foreign = await staffUpload([file('a.png', PNG)], otherTenant);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ROBOT_NOT_FOUND');

    const guarded = await sharedRobot(t, admin, { name: 'Embedded uploads' });
    await t.put(guarded.base, { token: admin, body: { allowedOrigins: ['https://shop.example.com'] } });
    const elsewhere = await visitorUpload(
      [file('a.png', PNG)],
      { shareId: guarded.share.shareId, visitorId: VISITOR },
      { origin: 'https://evil.example.net' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('ORIGIN_NOT_ALLOWED');

    const form = multipart([{ name: 'processId', value: robot.robot.processId }, file('a.png', PNG)]);
    expect((await t.post('/v2/upload/file', { body: form.body, headers: form.headers })).statusCode).toBe(401);
    expect(await uploadRows()).toBe(before);
    expect(otherTenantUser.tenantId).not.toBe(robot.tenantId);
  });

  it("holds a visitor to the share's rate per minute (429)", async () => {
    const slow = await sharedRobot(t, admin, { name: 'Slow uploads' });
    await t.put(slow.base, { token: admin, body: { rateLimitPerMinute: 1 } });
    const fields = { shareId: slow.share.shareId, visitorId: VISITOR };
    expect((await visitorUpload([file('a.png', PNG)], fields)).statusCode).toBe(200);
    expect((await visitorUpload([file('a.png', PNG)], fields)).statusCode).toBe(429);
  });

  it('removes the file again when its row cannot be stored, and leaves no temporary file', async () => {
    const before = await stored();
    const uploads = t.app.repos.uploads;
    const create = uploads.create;
    uploads.create = async () => {
      throw new Error('database unavailable');
    };
    try {
      const res = await visitorUpload([file('a.png', PNG)]);
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    } finally {
      uploads.create = create;
    }
    expect(await stored()).toEqual(before);
  });
});

describe('GET /v2/upload/file/{id}', () => {
  it('answers 404 for an unknown id or a file missing on disk, 422 for a bad id', async () => {
    expect((await t.get('/v2/upload/file/5d0c7a56-0000-4a53-9f0e-2c1a4b7c9d11')).statusCode).toBe(404);
    await t.app.db
      .insertInto('uploads')
      .values({
        id: 'ghost',
        tenantId: robot.tenantId,
        ownerId: VISITOR,
        kind: 'file',
        name: 'ghost.txt',
        storageKey: `uploads/${robot.tenantId}/ghost`,
        size: 1,
        contentType: 'text/plain',
        createdAt: new Date().toISOString(),
      })
      .execute();
    expect((await t.get('/v2/upload/file/ghost')).statusCode).toBe(404);
    expect((await t.get(`/v2/upload/file/${'x'.repeat(65)}`)).statusCode).toBe(422);
  });
});

describe('POST /v2/processes/icon', () => {
  it('stores an image icon for operators and answers its URL, served inline and cacheable', async () => {
    const res = await iconUpload([file('bot.png', PNG, 'image/png')], admin);
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/v2\/upload\/file\/[0-9a-f-]{36}$/);
    const served = await t.get(url);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['cache-control']).toContain('public');
    expect(served.rawPayload).toEqual(PNG);
    // The URL is what a robot's icon is set to, and what its share page shows.
    expect(
      (await t.put(`/v1/processes/${robot.robot.processId}`, { token: admin, body: { icon: url } })).json().icon,
    ).toBe(url);
    expect((await t.get(`/v1/webPreviewUi?shareId=${robot.share.shareId}`)).json().icon).toBe(url);
  });

  it(`refuses (422) anything but png, jpeg, webp or gif, and icons over ${ICON_LIMITS.maxBytes} bytes`, async () => {
    const pdf = await iconUpload([file('bot.png', PDF, 'image/png')], admin);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'UNSUPPORTED_FILE_TYPE' });
    expect((await iconUpload([file('bot.txt', TEXT, 'text/plain')], admin)).json().detail[0].type).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
    const big = Buffer.concat([PNG, Buffer.alloc(ICON_LIMITS.maxBytes)]);
    const large = await iconUpload([file('big.png', big, 'image/png')], admin);
    expect(large.statusCode).toBe(422);
    expect(large.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'UPLOAD_TOO_LARGE' });
    expect((await iconUpload([], admin)).json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });
  });

  it('refuses agents (403) and callers without a token (401)', async () => {
    const res = await iconUpload([file('bot.png', PNG)], agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await iconUpload([file('bot.png', PNG)])).statusCode).toBe(401);
  });

  it("keeps each tenant's icons in its own folder", async () => {
    const res = await iconUpload([file('b.png', PNG)], otherTenant);
    const id = res.json<{ url: string }>().url.split('/').pop() as string;
    const row = await t.app.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenantId: otherTenantUser.tenantId,
      ownerId: otherTenantUser.id,
      kind: 'icon',
      storageKey: `uploads/${otherTenantUser.tenantId}/${id}`,
    });
  });
});
