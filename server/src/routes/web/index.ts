import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BrandedLoginRoute, RemotesConfig } from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import {
  builtPage,
  consoleAssets,
  consolePageWithRemotes,
  drawnPage,
  isRemoteName,
  LOGIN_PAGE,
  loginPageWithAssets,
  LOGIN_ROUTES,
  REGISTER_PAGE,
  REGISTER_PATH,
  remoteDist,
  remotesConfig,
  sharePageHtml,
  shellDist,
  type BuiltPage,
} from '../../lib/builds';
import { brandedLoginPage, logoOrigins } from '../../lib/login-brand-page';
import { normalizeOrigin } from '../../lib/origins';
import { isShareId } from '../../plugins/app/shares/shares-repository';
import {
  consolePageHeaders,
  CROSS_ORIGIN_FILE_HEADERS,
  lightPageHeaders,
  setSecurityHeaders,
  sharePageHeaders,
  type SecurityHeaders,
} from '../../plugins/external/security-headers';
import { PUBLIC } from '../access';

/** Paths that never fall back to an HTML page: the API, the docs, the remotes' files. */
const NO_HTML_FALLBACK = /^\/(v1|v2|api|docs|remotes)(\/|$)|^\/(healthz|version\.json|remotes\.json)$/;

/** The public chat's paths answer the chat remote's own page, so a share link loads no shell code. */
const CHAT_PATHS = ['/f/*', '/chat', '/chat/*', '/p/chat', '/r/*'];

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Flotilla</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>Flotilla is running</h1>
<p>The web console is not built yet. Run <code>pnpm build</code> at the repository root (or start with <code>pnpm start</code>, which builds what is missing), then reload this page.</p>
<p>The API is up: see <a href="/docs">/docs</a>.</p>
</body></html>
`;

const hide = { hide: true };

/** The login and register pages load nothing from the remotes' origins. */
const LOGIN_PAGE_HEADERS = lightPageHeaders();

/** The share a public chat URL names, as the chat page reads it: the path's last part, else `?shareId=`. */
function shareIdOfPage(
  request: FastifyRequest<{ Params: { '*'?: string }; Querystring: { shareId?: unknown } }>,
): string | undefined {
  const shareId = request.params['*'] || request.query.shareId;
  return isShareId(shareId) ? shareId : undefined;
}

/** The origins other than this server's that /remotes.json loads remotes from (relative entries are this server's). */
function remoteOrigins(remotes: RemotesConfig): string[] {
  const origins = Object.values(remotes).flatMap(({ entry }) =>
    URL.canParse(entry) ? (normalizeOrigin(new URL(entry).origin) ?? []) : [],
  );
  return [...new Set(origins)];
}

/** Whether `path` names a file inside `root` (never outside it, whatever the dots). */
async function isFileIn(root: string, path: string): Promise<boolean> {
  const full = resolve(root, `.${sep}${path}`);
  if (!full.startsWith(root + sep)) return false;
  return (await stat(full).catch(() => undefined))?.isFile() ?? false;
}

/**
 * Hosting of the builds: the shell at `/` with a fallback to its index.html for the
 * console's client-side routes, each remote at `/remotes/<name>/`, and the public chat pages. A build
 * that is missing is skipped (tests run without builds); cache headers come from plugins/external/static.
 */
export default fp(
  async (fastify) => {
    const { staticDir } = fastify.config;
    const shell = shellDist(staticDir);
    const chat = remoteDist(staticDir, 'chat');

    const sendPage = (reply: FastifyReply, dist: string) =>
      existsSync(join(dist, 'index.html'))
        ? reply.code(200).sendFile('index.html', dist)
        : reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);

    /**
     * The shell's page with /remotes.json inlined (from memory), whose policy lets it load the remotes
     * named there now. Without a readable remotes.json the page goes as built and the shell asks for it.
     */
    const consolePage = consolePageWithRemotes(builtPage(join(shell, 'index.html')));
    const sendConsole = async (request: FastifyRequest, reply: FastifyReply) => {
      const remotes = await remotesConfig(fastify.config).catch((error: unknown) => {
        request.log.warn({ err: error }, 'remotes.json could not be read: the console page allows no remote origins');
        return undefined;
      });
      setSecurityHeaders(reply, consolePageHeaders(remotes ? remoteOrigins(remotes) : []));
      const page = await consolePage(remotes);
      return page ? sendBuiltPage(request, reply, page) : sendPage(reply, shell);
    };

    /** A page from memory, gzipped for browsers that take it: one write, nothing between it and the first paint. */
    const sendBuiltPage = (request: FastifyRequest, reply: FastifyReply, page: BuiltPage) => {
      const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
      reply
        .code(200)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (gzip) reply.header('content-encoding', 'gzip');
      return reply.send(gzip ? page.gzipped : page.html);
    };

    /**
     * The login page (its own light page, from memory; the console's when it is not built), which loads no
     * remote. It lists the console's files, which its script prefetches once the page is idle.
     */
    const loginPage = loginPageWithAssets(builtPage(join(shell, LOGIN_PAGE)), consoleAssets(fastify.config));
    const sendLoginPage =
      (page: () => Promise<BuiltPage | undefined>, headers: SecurityHeaders) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const built = await page();
        if (!built) return sendConsole(request, reply);
        setSecurityHeaders(reply, headers);
        return sendBuiltPage(request, reply, built);
      };
    /** Each login route's page: drawn for its brand (FLOTILLA_LOGIN_BRANDS), whose logo's origin it may show. */
    const loginPageOf = (name: string) => {
      const brand = fastify.config.loginBrands[name as BrandedLoginRoute];
      if (!brand) return sendLoginPage(loginPage, LOGIN_PAGE_HEADERS);
      return sendLoginPage(brandedLoginPage(loginPage, brand), lightPageHeaders(logoOrigins(brand)));
    };

    /**
     * The chat's page drawn for its share (name, icon, welcome, colour and the info inlined), framed by the
     * sites the share allows; the page as built when no share is known.
     */
    const chatPage = builtPage(join(chat, 'index.html'));
    const sendSharePage = async (
      request: FastifyRequest<{ Params: { '*'?: string }; Querystring: { shareId?: unknown } }>,
      reply: FastifyReply,
    ) => {
      const shareId = shareIdOfPage(request);
      const share = shareId === undefined ? undefined : await fastify.repos.shares.publicInfo(shareId);
      setSecurityHeaders(reply, sharePageHeaders(share?.allowedOrigins));
      const page = await chatPage();
      if (!page) return sendPage(reply, chat);
      return sendBuiltPage(
        request,
        reply,
        share ? drawnPage(sharePageHtml(page.html.toString('utf8'), share.info)) : page,
      );
    };

    /** The register page: the login page's kind (a light page from memory that prefetches the console). */
    const registerPage = loginPageWithAssets(builtPage(join(shell, REGISTER_PAGE)), consoleAssets(fastify.config));
    const sendRegisterPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const page = await registerPage();
      if (!page) return sendConsole(request, reply);
      setSecurityHeaders(reply, LOGIN_PAGE_HEADERS);
      return sendBuiltPage(request, reply, page);
    };

    const wantsPage = (request: FastifyRequest) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NO_HTML_FALLBACK.test(request.url.split('?')[0] ?? '') &&
      (request.headers.accept ?? '').includes('text/html');

    fastify.get('/', { config: { auth: PUBLIC }, schema: hide }, sendConsole);

    for (const { name, path } of LOGIN_ROUTES)
      fastify.get(path, { config: { auth: PUBLIC }, schema: hide }, loginPageOf(name));
    fastify.get(REGISTER_PATH, { config: { auth: PUBLIC }, schema: hide }, sendRegisterPage);

    for (const path of CHAT_PATHS) {
      // Until its share is read, a page may be framed by this server only (and never by X-Frame-Options).
      fastify.get(
        path,
        { config: { auth: PUBLIC, securityHeaders: sharePageHeaders(undefined) }, schema: hide },
        sendSharePage,
      );
    }

    fastify.get<{ Params: { name: string; '*': string } }>(
      '/remotes/:name/*',
      { config: { auth: PUBLIC, securityHeaders: CROSS_ORIGIN_FILE_HEADERS }, schema: hide },
      (request, reply) => {
        const { name } = request.params;
        if (!isRemoteName(name)) return reply.callNotFound();
        return reply.sendFile(request.params['*'] || 'index.html', remoteDist(staticDir, name));
      },
    );

    // The shell's own files; anything else goes to the not-found handler below (checked first, because
    // a failed send followed by the fallback page would answer one request twice over).
    fastify.get<{ Params: { '*': string } }>(
      '/*',
      { config: { auth: PUBLIC }, schema: hide },
      async (request, reply) => {
        const path = request.params['*'];
        if (NO_HTML_FALLBACK.test(request.url.split('?')[0] ?? '') || !(await isFileIn(shell, path)))
          return reply.callNotFound();
        return reply.sendFile(path, shell);
      },
    );

    fastify.setNotFoundHandler((request, reply) => {
      if (wantsPage(request)) return sendConsole(request, reply);
      throw new AppError(404, 'NOT_FOUND');
    });
  },
  { name: 'web', dependencies: ['static'] },
);
