import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Value } from '@sinclair/typebox/value';
import {
  accentVariablesOf,
  iconOf,
  REMOTE_NAMES,
  REMOTES_CONFIG_ELEMENT_ID,
  RemotesConfigSchema,
  ROUTES,
  SHARE_INFO_ELEMENT_ID,
  type RemoteName,
  type RemotesConfig,
  type ShareInfo,
} from '@flotilla/shared/contracts';
import type { Config } from '../config';

/** Where the builds live under FLOTILLA_STATIC_DIR. */
export const shellDist = (staticDir: string) => join(staticDir, 'shell', 'dist');
export const remoteDist = (staticDir: string, name: RemoteName) => join(staticDir, 'remotes', name, 'dist');

/** The shell's login page: static markup and a small script, apart from the console's index.html. */
export const LOGIN_PAGE = 'login.html';

/** The login routes (`/login`, `/guoguo/login`, `/bcds/login`), each a name a brand is given to and a path. */
export const LOGIN_ROUTES = ROUTES.filter((route) => route.owner === 'shell' && route.path.endsWith('/login')).map(
  ({ name, path }) => ({ name, path }),
);

/** The register page (`/register`, the route named `register`): a light page like the login's, of its own. */
export const REGISTER_PAGE = 'register.html';
export const REGISTER_PATH = ROUTES.find((route) => route.name === 'register')?.path ?? '/register';

/** A built HTML page in memory, as it is and gzipped. */
export type BuiltPage = { html: Buffer; gzipped: Buffer };

/** A page made for one request, as it is and gzipped. */
export function drawnPage(html: string): BuiltPage {
  const bytes = Buffer.from(html);
  return { html: bytes, gzipped: gzipSync(bytes) };
}

/**
 * A page of a build kept in memory with its gzipped bytes, so that answering it is one write: no file
 * stream or compression on the way to the first paint a visitor waits for. Read again when the file's
 * modification time moves (a new build); undefined while it is not built.
 */
export function builtPage(path: string): () => Promise<BuiltPage | undefined> {
  let cached: (BuiltPage & { mtimeMs: number }) | undefined;
  return async () => {
    const info = await stat(path).catch(() => undefined);
    if (!info) return (cached = undefined);
    if (cached?.mtimeMs !== info.mtimeMs)
      cached = { ...drawnPage(await readFile(path, 'utf8')), mtimeMs: info.mtimeMs };
    return cached;
  };
}

/** The id of the data block in which the login page finds the console's files to prefetch. */
export const CONSOLE_ASSETS_ELEMENT_ID = 'console-assets';

/** The first page after a login (`/robot` unless `?redirect=` says otherwise) belongs to this remote. */
const FIRST_PAGE_REMOTE: RemoteName = 'robots';

/** The parts of a remote's mf-manifest.json that name the files of its entry and of its `./App`. */
type RemoteManifest = {
  metaData?: { remoteEntry?: { path?: string; name?: string } };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
};

/** The first-page remote's manifest (its versioned URL), entry and `./App` files, under `/remotes/<name>/`; none when it is not built. */
async function firstRemoteFiles(staticDir: string): Promise<string[]> {
  const text = await readFile(join(remoteDist(staticDir, FIRST_PAGE_REMOTE), 'mf-manifest.json'), 'utf8').catch(
    () => undefined,
  );
  if (text === undefined) return [];
  let manifest: RemoteManifest;
  try {
    manifest = JSON.parse(text) as RemoteManifest;
  } catch {
    return [];
  }
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.name === 'App')?.assets;
  const files = [
    ...(entry?.name ? [[entry.path, entry.name].filter(Boolean).join('/')] : []),
    ...(app?.js?.sync ?? []),
    ...(app?.css?.sync ?? []),
  ];
  // The manifest under the very URL /remotes.json names, so that the console finds the prefetched copy.
  return [
    builtRemoteEntry(FIRST_PAGE_REMOTE, versionOfManifest(text)),
    ...files.map((file) => `/remotes/${FIRST_PAGE_REMOTE}/${file}`),
  ];
}

/**
 * What the console loads after a login, for the login page to prefetch while the visitor types: every
 * script and stylesheet of the shell's build but the login page's own (the console's entry, its shared
 * libraries and layout), and the first page's remote when this server hosts it (not when /remotes.json
 * points elsewhere). Read from the builds, so the content-hashed names follow each build; read again
 * only when the shell's index.html or the remote's manifest is rewritten.
 */
export function consoleAssets(
  config: Pick<Config, 'remotesFile' | 'devRemotes' | 'staticDir'>,
): () => Promise<string[]> {
  const shell = shellDist(config.staticDir);
  const watched = [
    join(shell, 'index.html'),
    join(remoteDist(config.staticDir, FIRST_PAGE_REMOTE), 'mf-manifest.json'),
  ];
  let cached: { key: string; assets: string[] } | undefined;
  return async () => {
    const key = (
      await Promise.all(
        watched.map((path) =>
          stat(path).then(
            (info) => info.mtimeMs,
            () => 0,
          ),
        ),
      )
    ).join();
    if (cached?.key === key) return cached.assets;
    const shellFiles = (await readdir(shell).catch(() => [] as string[]))
      // The light pages' own scripts are not the console's.
      .filter((file) => /\.(js|css)$/.test(file) && !/^(login|register)\./.test(file))
      .sort();
    const hostsRemote = !config.remotesFile && !config.devRemotes;
    const assets = [
      ...shellFiles.map((file) => `/${file}`),
      ...(hostsRemote ? await firstRemoteFiles(config.staticDir) : []),
    ];
    cached = { key, assets };
    return assets;
  };
}

/**
 * The login page with the console's files to prefetch as a JSON data block at the end of its body (a
 * data block runs nothing, so the Content-Security-Policy is unchanged). Drawn again, and gzipped, only
 * when the page or the list changes, so answering it stays one write.
 */
export function loginPageWithAssets(
  page: () => Promise<BuiltPage | undefined>,
  assets: () => Promise<string[]>,
): () => Promise<BuiltPage | undefined> {
  let drawn: { page: BuiltPage; assets: string[]; result: BuiltPage } | undefined;
  return async () => {
    const [built, list] = await Promise.all([page(), assets()]);
    if (!built) return undefined;
    if (list.length === 0) return built;
    if (drawn?.page !== built || drawn.assets !== list) {
      const data = `<script type="application/json" id="${CONSOLE_ASSETS_ELEMENT_ID}">${jsonInHtml(list)}</script>`;
      drawn = {
        page: built,
        assets: list,
        result: drawnPage(built.html.toString('utf8').replace('</body>', () => `${data}</body>`)),
      };
    }
    return drawn.result;
  };
}

/**
 * JSON that stays data inside an HTML element: `<`, `>` and `&` are written as escapes, so no text
 * of a share (a robot named `</script><script>…`) can close the element or open another; U+2028 and
 * U+2029 too, which older JavaScript parsers took for line ends.
 */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Text for an HTML element or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** What the chat page's static markup shows in its `data-share` slots (empty elements in its index.html). */
function shareSlots(info: ShareInfo): Record<string, string> {
  const icon = iconOf(info.icon, info.name);
  return {
    name: escapeHtml(info.name),
    avatar: icon.kind === 'image' ? `<img src="${escapeHtml(icon.src)}" alt="">` : escapeHtml(icon.text),
    welcome: escapeHtml(info.welcome.trim()),
  };
}

/** An empty element marked `data-share="<slot>"` (quoted or not, as a minifier leaves it). */
const SLOT = /(<([a-z0-9]+)\b[^>]*\sdata-share="?([a-z]+)"?[^>]*>)(<\/\2>)/g;
/** The attribute that stands for the share's colours on the page's root element. */
const STYLE_SLOT = /\sdata-share-style(?:="")?(?=[\s>])/;

/**
 * The chat page's HTML for a share: its static markup (the message box the visitor can type into at
 * once) filled with the share's name, icon, welcome and theme colour, escaped; and the share's info
 * (`GET /v1/share/info`'s answer) as a JSON data block, so the app draws the chat without asking for it.
 * A data block runs nothing: the Content-Security-Policy needs no hash or nonce for it. Without info the
 * markup stays neutral (the default colour, no name) and the app fills it in when the info arrives.
 * Replacements go through functions, so `$&` in a share's text stays text.
 */
export function sharePageHtml(html: string, info: ShareInfo | undefined): string {
  if (!info) return html;
  const slots = shareSlots(info);
  const style = Object.entries(accentVariablesOf(info.themeColor))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const data = `<script type="application/json" id="${SHARE_INFO_ELEMENT_ID}">${jsonInHtml(info)}</script>`;
  return html
    .replace(
      SLOT,
      (_, open: string, _tag: string, slot: string, close: string) => `${open}${slots[slot] ?? ''}${close}`,
    )
    .replace(STYLE_SLOT, () => ` style="${escapeHtml(style)}"`)
    .replace('</head>', () => `${data}</head>`);
}

/** Rspack dev-server ports of `pnpm dev` (shared/build/rspack.mjs DEV_PORTS; the server imports no build code). */
export const DEV_PORTS: Record<RemoteName | 'shell', number> = {
  shell: 3000,
  robots: 3001,
  datasets: 3002,
  cases: 3003,
  users: 3004,
  chat: 3005,
};

export function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/**
 * A built remote's version: its package version plus a digest of its manifest, which lists the
 * content-hashed chunks, so every new build of a remote gets a new version.
 */
export function versionOfManifest(text: string): string {
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 8);
  try {
    const manifest = JSON.parse(text) as { metaData?: { buildInfo?: { buildVersion?: string } } };
    return `${manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0'}+${digest}`;
  } catch {
    return `0.0.0+${digest}`;
  }
}

/** The version of the remote built in `dist`; undefined when it is not built. */
async function builtVersion(dist: string): Promise<string | undefined> {
  const text = await readFile(join(dist, 'mf-manifest.json'), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : versionOfManifest(text);
}

/**
 * The manifest URL of a remote this server builds, naming its version: a new build is a new URL, so the
 * manifest may be cached (plugins/external/static) and a new deploy is still loaded on the next check.
 */
export function builtRemoteEntry(name: RemoteName, version: string): string {
  return `/remotes/${name}/mf-manifest.json?v=${encodeURIComponent(version)}`;
}

/**
 * The console's page with `/remotes.json`'s answer as a JSON data block in its head, so the shell
 * registers the remotes without asking for it first (it still asks on each version check and Retry).
 * The last drawing is kept: while neither the page nor the remotes change, answering is one write.
 */
export function consolePageWithRemotes(
  page: () => Promise<BuiltPage | undefined>,
): (remotes: RemotesConfig | undefined) => Promise<BuiltPage | undefined> {
  let drawn: { page: BuiltPage; json: string; result: BuiltPage } | undefined;
  return async (remotes) => {
    const built = await page();
    if (!built || !remotes) return built;
    const json = jsonInHtml(remotes);
    if (drawn?.page !== built || drawn.json !== json) {
      const data = `<script type="application/json" id="${REMOTES_CONFIG_ELEMENT_ID}">${json}</script>`;
      drawn = {
        page: built,
        json,
        result: drawnPage(built.html.toString('utf8').replace('</head>', () => `${data}</head>`)),
      };
    }
    return drawn.result;
  };
}

/**
 * `/remotes.json`: the FLOTILLA_REMOTES file when set (read on each request, so a
 * deployment can switch a remote without a restart); else the dev servers in development; else each
 * remote's own build under `/remotes/<name>/`, at a URL that names its version.
 */
export async function remotesConfig(
  config: Pick<Config, 'remotesFile' | 'devRemotes' | 'staticDir'>,
): Promise<RemotesConfig> {
  if (config.remotesFile) {
    const data: unknown = JSON.parse(await readFile(config.remotesFile, 'utf8'));
    if (!Value.Check(RemotesConfigSchema, data)) {
      throw new Error(
        `FLOTILLA_REMOTES (${config.remotesFile}) must be { "<name>": { "entry": "<url>", "version": "<version>" } }`,
      );
    }
    return data;
  }
  const entries = await Promise.all(
    REMOTE_NAMES.map(async (name) => {
      if (config.devRemotes)
        return [name, { entry: `http://localhost:${DEV_PORTS[name]}/mf-manifest.json`, version: 'dev' }] as const;
      const version = await builtVersion(remoteDist(config.staticDir, name));
      return [
        name,
        version
          ? { entry: builtRemoteEntry(name, version), version }
          : { entry: `/remotes/${name}/mf-manifest.json`, version: 'unbuilt' },
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** When the shell was built (its index.html), or undefined when it is not. */
export async function shellBuildTime(staticDir: string): Promise<string | undefined> {
  const info = await stat(join(shellDist(staticDir), 'index.html')).catch(() => undefined);
  return info?.mtime.toISOString();
}
