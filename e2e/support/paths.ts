import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REMOTE_NAMES } from '@flotilla/shared/contracts';

/** The workspace root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Builds that `pnpm build` has not produced yet (the browser tests and benches need them all). */
export function missingBuilds(): string[] {
  const wanted = [
    join('shell', 'dist', 'index.html'),
    join('shell', 'dist', 'login.html'),
    join('shell', 'dist', 'register.html'),
    ...REMOTE_NAMES.map((name) => join('remotes', name, 'dist', 'mf-manifest.json')),
  ];
  return wanted.filter((file) => !existsSync(join(ROOT, file)));
}
