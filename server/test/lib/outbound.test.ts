import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  OutboundError,
  readWebPage,
  safeFetch,
  type OutboundErrorCode,
  type ResolvedAddress,
  type SafeFetchOptions,
} from '../../src/lib/outbound/index';
import { freePort } from '../support/free-port';
import { startLocalSite, type LocalSite } from '../support/local-site';

// Nothing here leaves the machine: host names go to an injected resolver, and the only address let through
// besides public ones is the test's own site (127.0.0.1 on its port).

/** A resolver that knows only `names`, and counts its calls. */
function resolver(names: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

/** A resolver that fails the test if it is ever asked. */
const noDns: SafeFetchOptions['lookup'] = async (hostname) => {
  throw new Error(`DNS asked for ${hostname}`);
};

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

async function expectCode(promise: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  const error = await failure(promise);
  expect(error.code, error.detail).toBe(code);
  return error;
}

const PRIVATE_ADDRESSES = [
  '127.0.0.1',
  '127.255.0.9',
  '10.0.0.1',
  '172.16.5.4',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.1.1',
  '100.64.0.1',
  '100.100.100.200',
  '224.0.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '240.0.0.1',
  '192.0.2.1',
  '::1',
  '::',
  'fe80::1',
  'fc00::1',
  'fd00:ec2::254',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '64:ff9b::a00:1',
  '64:ff9b:1::1',
  '2002:a00:1::1',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '2001:db8::1',
  '::7f00:1',
];
const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('isPublicAddress', () => {
  it.each(PRIVATE_ADDRESSES)('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(PUBLIC_ADDRESSES)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it('refuses what is no address in the standard form', () => {
    for (const address of ['localhost', '2130706433', '0x7f.1', '127.1', '', 'fe80::1%eth0'])
      expect(isPublicAddress(address), address).toBe(false);
  });
});

describe('safeFetch refuses before connecting', () => {
  it.each(PRIVATE_ADDRESSES)('a host name that resolves to %s', async (address) => {
    const { lookup } = resolver({ 'evil.test': [address] });
    const error = await expectCode(safeFetch('http://evil.test/', { lookup }), 'ADDRESS_NOT_ALLOWED');
    // The message is for anyone; the address is only in the detail, for the logs.
    expect(error.message).not.toContain(address);
    expect(error.detail).toContain(address);
  });

  it('a host name with one private address among public ones', async () => {
    const { lookup } = resolver({ 'mixed.test': ['8.8.8.8', '10.0.0.1', '1.1.1.1'] });
    await expectCode(safeFetch('https://mixed.test/', { lookup }), 'ADDRESS_NOT_ALLOWED');
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://169.254.169.254/latest/meta-data/',
    'https://[fd00:ec2::254]/',
  ])('the IP literal of %s, without asking DNS', async (url) => {
    await expectCode(safeFetch(url, { lookup: noDns }), 'ADDRESS_NOT_ALLOWED');
  });

  it.each([
    ['file:///etc/passwd', 'URL_NOT_ALLOWED'],
    ['ftp://example.test/', 'URL_NOT_ALLOWED'],
    ['gopher://example.test/', 'URL_NOT_ALLOWED'],
    ['javascript:alert(1)', 'URL_NOT_ALLOWED'],
    ['http://user:secret@example.test/', 'URL_NOT_ALLOWED'],
    ['not a url', 'URL_INVALID'],
    ['http://', 'URL_INVALID'],
    ['', 'URL_INVALID'],
  ] as const)('%s → %s', async (url, code) => {
    await expectCode(safeFetch(url, { lookup: noDns }), code);
  });

  it('a host name that does not resolve is DNS_FAILED', async () => {
    const { lookup } = resolver({});
    await expectCode(safeFetch('http://nowhere.test/', { lookup }), 'DNS_FAILED');
    await expectCode(safeFetch('http://empty.test/', { lookup: async () => [] }), 'DNS_FAILED');
  });

  it('a request body over its cap, before any lookup', async () => {
    await expectCode(
      safeFetch('http://example.test/', { method: 'POST', body: 'x'.repeat(101), maxRequestBytes: 100, lookup: noDns }),
      'TOO_LARGE',
    );
  });
});

describe('safeFetch against a local site', () => {
  let site: LocalSite;
  let other: LocalSite;
  /** The one local site is let through; every other address is judged as in production. */
  const only = (s: () => LocalSite) => (address: string, port: number) =>
    s().isSite(address, port) || isPublicAddress(address);
  const options = (): SafeFetchOptions => ({ isAllowedAddress: only(() => site), lookup: noDns });

  beforeAll(async () => {
    other = await startLocalSite({ '/secret': (res) => res.end('the secret') });
    const redirect = (status: number, location: () => string) => (res: ServerResponse) =>
      res.writeHead(status, { location: location() }).end();
    site = await startLocalSite({
      '/page': (res) => res.writeHead(200, { 'content-type': 'text/plain', 'x-one': 'a' }).end('hello'),
      '/echo': (res, req) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ method: req.method, body: req.body })),
      '/to-other': redirect(302, () => `${other.origin}/secret`),
      '/to-localhost': redirect(301, () => 'http://localhost/'),
      '/to-evil': redirect(307, () => 'http://evil.test/'),
      '/to-file': redirect(302, () => 'file:///etc/passwd'),
      '/to-metadata': redirect(302, () => 'http://169.254.169.254/latest/meta-data/'),
      '/see-other': redirect(303, () => '/echo'),
      '/moved': redirect(301, () => '/echo'),
      '/temporary': redirect(307, () => '/echo'),
      '/to-other-origin': redirect(302, () => `http://other.test:${site.port}/echo-headers`),
      '/echo-headers': (res, req) => res.writeHead(200).end(JSON.stringify(req.headers)),
      '/silent': () => undefined,
      '/endless': (res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const write = () => {
          while (res.write(chunk));
          res.once('drain', write);
        };
        write();
      },
      '/declared-large': (res) => res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end('short'),
    });
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  it('answers status, headers, final URL, content type and body', async () => {
    const response = await safeFetch(`${site.origin}/page`, options());
    expect(response).toMatchObject({ status: 200, url: `${site.origin}/page`, contentType: 'text/plain' });
    expect(response.headers['x-one']).toBe('a');
    expect(response.body.toString()).toBe('hello');
  });

  it('refuses a redirect to another local address or port, which is never asked', async () => {
    const before = other.requests.length;
    await expectCode(safeFetch(`${site.origin}/to-other`, options()), 'ADDRESS_NOT_ALLOWED');
    await expectCode(safeFetch(`${site.origin}/to-metadata`, options()), 'ADDRESS_NOT_ALLOWED');
    expect(other.requests.length).toBe(before);
  });

  it('checks each Location like the first URL: its scheme and every address of its host', async () => {
    const { lookup } = resolver({ localhost: ['127.0.0.1'], 'evil.test': ['10.0.0.1'] });
    await expectCode(safeFetch(`${site.origin}/to-localhost`, { ...options(), lookup }), 'ADDRESS_NOT_ALLOWED');
    await expectCode(safeFetch(`${site.origin}/to-evil`, { ...options(), lookup }), 'ADDRESS_NOT_ALLOWED');
    await expectCode(safeFetch(`${site.origin}/to-file`, options()), 'URL_NOT_ALLOWED');
  });

  it('connects to the address it checked, without a second lookup (DNS rebinding)', async () => {
    let calls = 0;
    // Public (the site) when checked, then 10.0.0.1 for anyone who asks again.
    const lookup = async (): Promise<ResolvedAddress[]> => {
      calls += 1;
      return [{ address: calls === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const response = await safeFetch(`http://rebind.test:${site.port}/page`, { ...options(), lookup });
    expect(response.body.toString()).toBe('hello');
    expect(calls).toBe(1);
    expect(site.requests.at(-1)?.headers.host).toBe(`rebind.test:${site.port}`);
  });

  it('follows 5 redirects and refuses a sixth', async () => {
    // A chain of redirects through query strings: /hop?n → /hop?n-1 … → /page.
    const hops = await startLocalSite({
      '/hop': (res, req) => {
        const n = Number(new URL(req.path, 'http://x').searchParams.get('n'));
        res.writeHead(302, { location: n > 0 ? `/hop?n=${n - 1}` : '/done' }).end();
      },
      '/done': (res) => res.end('done'),
    });
    try {
      const allowHops = (address: string, port: number) => hops.isSite(address, port);
      const five = await safeFetch(`${hops.origin}/hop?n=4`, { isAllowedAddress: allowHops });
      expect(five.body.toString()).toBe('done');
      expect(five.url).toBe(`${hops.origin}/done`);
      await expectCode(safeFetch(`${hops.origin}/hop?n=5`, { isAllowedAddress: allowHops }), 'TOO_MANY_REDIRECTS');
      await expectCode(
        safeFetch(`${hops.origin}/hop?n=1`, { isAllowedAddress: allowHops, maxRedirects: 1 }),
        'TOO_MANY_REDIRECTS',
      );
    } finally {
      await hops.close();
    }
  });

  it('continues a 303 as GET without a body, a 301 after POST as GET, and keeps POST across a 307', async () => {
    const post = { ...options(), method: 'POST' as const, body: 'payload', headers: { 'content-type': 'text/plain' } };
    const seeOther = await safeFetch(`${site.origin}/see-other`, post);
    expect(JSON.parse(seeOther.body.toString())).toEqual({ method: 'GET', body: '' });
    const moved = await safeFetch(`${site.origin}/moved`, post);
    expect(JSON.parse(moved.body.toString())).toEqual({ method: 'GET', body: '' });
    const temporary = await safeFetch(`${site.origin}/temporary`, post);
    expect(JSON.parse(temporary.body.toString())).toEqual({ method: 'POST', body: 'payload' });
    const put = await safeFetch(`${site.origin}/see-other`, { ...post, method: 'PUT' });
    expect(JSON.parse(put.body.toString())).toEqual({ method: 'GET', body: '' });
  });

  it('drops the headers the connection owns and proxy headers, and credentials on a redirect to another origin', async () => {
    const response = await safeFetch(`${site.origin}/echo-headers`, {
      ...options(),
      headers: {
        Host: 'internal.example',
        Connection: 'upgrade',
        'Transfer-Encoding': 'chunked',
        'Proxy-Authorization': 'Basic eA==',
        'Content-Length': '999',
        'X-Evil': 'a\r\nInjected: yes',
        'X-Kept': 'kept',
        Authorization: 'Bearer t',
      },
    });
    const seen = JSON.parse(response.body.toString()) as Record<string, string>;
    expect(seen.host).toBe(`127.0.0.1:${site.port}`);
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['transfer-encoding']).toBeUndefined();
    expect(seen['x-evil']).toBeUndefined();
    expect(seen.injected).toBeUndefined();
    expect(seen.connection).not.toBe('upgrade');
    expect(seen['x-kept']).toBe('kept');
    expect(seen.authorization).toBe('Bearer t');

    const { lookup } = resolver({ 'other.test': ['127.0.0.1'] });
    const redirected = await safeFetch(`${site.origin}/to-other-origin`, {
      ...options(),
      lookup,
      headers: { Authorization: 'Bearer t', Cookie: 'a=b', 'X-Kept': 'kept' },
    });
    const after = JSON.parse(redirected.body.toString()) as Record<string, string>;
    expect(after.host).toBe(`other.test:${site.port}`);
    expect(after.authorization).toBeUndefined();
    expect(after.cookie).toBeUndefined();
    expect(after['x-kept']).toBe('kept');
  });

  it('gives up on a site that never answers with TIMEOUT', async () => {
    await expectCode(safeFetch(`${site.origin}/silent`, { ...options(), timeoutMs: 300 }), 'TIMEOUT');
  });

  it('stops reading an answer past its byte cap (an endless body ends the request)', async () => {
    await expectCode(safeFetch(`${site.origin}/endless`, { ...options(), maxBytes: 256 * 1024 }), 'TOO_LARGE');
    await expectCode(safeFetch(`${site.origin}/page`, { ...options(), maxBytes: 4 }), 'TOO_LARGE');
  });

  it('a refused connection is HTTP_FAILED', async () => {
    const port = await freePort();
    await expectCode(
      safeFetch(`http://127.0.0.1:${port}/`, { isAllowedAddress: (a, p) => a === '127.0.0.1' && p === port }),
      'HTTP_FAILED',
    );
  });

  it("ends with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error('flow cancelled');
    const pending = safeFetch(`${site.origin}/silent`, { ...options(), signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('readWebPage', () => {
  let site: LocalSite;
  const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]); // 你好 in GBK
  beforeAll(async () => {
    const send = (type: string, body: string | Buffer) => (res: ServerResponse) =>
      res.writeHead(200, type ? { 'content-type': type } : {}).end(body);
    site = await startLocalSite({
      '/html': send(
        'text/html; charset=utf-8',
        `<!doctype html><html><head><title>  Returns &amp;
          refunds </title><style>p { color: red }</style></head>
        <body><h1>Returns</h1><p>Within   30 days,\t\tno questions.</p>
        <script>steal()</script><a href="https://x.test/">Contact us</a><img src="a.png" alt="logo"></body></html>`,
      ),
      '/gbk-header': send(
        'text/html; charset=GBK',
        Buffer.concat([Buffer.from('<title>'), gbk, Buffer.from('</title><p>'), gbk]),
      ),
      '/gbk-meta': send(
        'text/html',
        Buffer.concat([Buffer.from('<meta charset="gbk"><title>'), gbk, Buffer.from('</title><p>'), gbk]),
      ),
      '/unknown-charset': send('text/plain; charset=no-such-charset', 'plain words'),
      '/text': send('text/plain', 'line one\n\n\n   line   two  '),
      '/json': send('application/json', '{"answer": 42}'),
      '/no-type-html': send('', '<title>Untyped</title><p>body</p>'),
      '/png': send('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0])),
      '/pdf': send('application/pdf', '%PDF-1.7'),
      '/binary': send('', Buffer.from([1, 2, 0, 3])),
      '/long': send('text/html', `<p>${'word '.repeat(50_000)}</p>`),
      '/deep': send('text/html', `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`),
      '/gone': (res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>'),
    });
  });
  afterAll(() => site.close());
  const read = (path: string, options = {}) =>
    readWebPage(`${site.origin}${path}`, { isAllowedAddress: site.isSite, ...options });

  it('reads an HTML page as its title and its text (no scripts, styles, images or link targets)', async () => {
    expect(await read('/html')).toEqual({
      title: 'Returns & refunds',
      text: 'Returns\nWithin 30 days, no questions.\nContact us',
    });
  });

  it('decodes by the charset of the Content-Type, else of the page, else UTF-8', async () => {
    expect(await read('/gbk-header')).toEqual({ title: '你好', text: '你好' });
    expect(await read('/gbk-meta')).toEqual({ title: '你好', text: '你好' });
    expect(await read('/unknown-charset')).toEqual({ title: '', text: 'plain words' });
  });

  it('passes plain text and JSON through, whitespace collapsed', async () => {
    expect(await read('/text')).toEqual({ title: '', text: 'line one\nline two' });
    expect(await read('/json')).toEqual({ title: '', text: '{"answer": 42}' });
    expect(await read('/no-type-html')).toEqual({ title: 'Untyped', text: 'body' });
  });

  it('refuses images, PDF and binary with UNSUPPORTED_CONTENT, and an error page with HTTP_FAILED', async () => {
    for (const path of ['/png', '/pdf', '/binary']) await expectCode(read(path), 'UNSUPPORTED_CONTENT');
    await expectCode(read('/gone'), 'HTTP_FAILED');
  });

  it('caps the text, and reads a page nested 100 000 deep', async () => {
    const long = await read('/long', { maxTextChars: 1000 });
    expect(long.text).toHaveLength(1000);
    expect((await read('/long')).text.length).toBeLessThanOrEqual(100_000);
    await expect(read('/deep')).resolves.toMatchObject({ title: '' });
  });

  it('refuses what safeFetch refuses', async () => {
    await expectCode(readWebPage('http://127.0.0.1/'), 'ADDRESS_NOT_ALLOWED');
    await expectCode(read('/html', { maxBytes: 10 }), 'TOO_LARGE');
  });
});
