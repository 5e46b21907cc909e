import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { versionOfManifest } from '../../lib/builds';

const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)$/;
const FOREVER = 'public, max-age=31536000, immutable';
const REMOTE_MANIFEST = 'mf-manifest.json';

/** Each remote manifest's version (lib/builds), read again only when the file's modification time moves. */
const manifestVersions = new Map<string, { mtimeMs: number; version: string }>();
function manifestVersion(path: string, mtimeMs: number): string {
  const known = manifestVersions.get(path);
  if (known?.mtimeMs === mtimeMs) return known.version;
  // Once per build of a remote: a few KB, and the answer's headers wait for it anyway.
  const version = versionOfManifest(readFileSync(path, 'utf8'));
  manifestVersions.set(path, { mtimeMs, version });
  return version;
}

/**
 * Content-hashed names never change content: cache forever. So does a remote's manifest asked under the
 * URL that names the version it is (`/remotes.json` gives that URL): a new build is a new URL, which is how
 * a deploy is picked up. Asked without it, or under another build's version (a page from before a
 * deploy), it is revalidated, like everything else.
 */
export function cacheControlFor(path: string, url = '', mtimeMs?: number): string {
  const name = basename(path);
  if (HASHED_ASSET.test(name)) return FOREVER;
  if (name === REMOTE_MANIFEST && mtimeMs !== undefined) {
    const asked = new URLSearchParams(url.split('?')[1] ?? '').get('v');
    if (asked !== null && asked === manifestVersion(path, mtimeMs)) return FOREVER;
  }
  return 'no-cache';
}

/** `reply.sendFile` for the web-hosting routes (routes/web); no routes of its own. */
export default fp(
  async (fastify) => {
    await fastify.register(fastifyStatic, {
      root: fastify.config.staticDir,
      serve: false,
      cacheControl: false,
      dotfiles: 'ignore',
      // The response is Node's own (its type here names fewer members): its request says which URL was asked.
      setHeaders: (res, path, stat) =>
        res.setHeader(
          'cache-control',
          cacheControlFor(path, (res as Partial<Pick<ServerResponse, 'req'>>).req?.url, stat.mtimeMs),
        ),
    });
  },
  { name: 'static', decorators: { fastify: ['config'] } },
);
