import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES } from '@flotilla/shared/contracts';
import { REPO_ROOT, loadConfig } from './config';
import { LOGIN_PAGE, remoteDist, shellDist } from './lib/builds';

/**
 * `pnpm start`: builds whatever shell or remote has no build yet, then starts the server. Builds served
 * from elsewhere (FLOTILLA_STATIC_DIR) are that deployment's business, not built here.
 */
const { staticDir } = loadConfig();
const missing =
  staticDir !== REPO_ROOT
    ? []
    : [
        // The shell's build has two pages: the console and the login page.
        ...(['index.html', LOGIN_PAGE].every((page) => existsSync(join(shellDist(staticDir), page)))
          ? []
          : ['@flotilla/shell']),
        ...REMOTE_NAMES.filter((name) => !existsSync(join(remoteDist(staticDir, name), 'mf-manifest.json'))).map(
          (name) => `./remotes/${name}`,
        ),
      ];
if (missing.length > 0) {
  console.log(`Flotilla: building ${missing.join(', ')} (no build found)…`);
  const filters = missing.flatMap((pkg) => ['--filter', pkg]);
  const result = spawnSync('pnpm', [...filters, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Flotilla: the build failed; fix it or run `pnpm build`, then start again.');
    process.exit(result.status ?? 1);
  }
}

await import('./server');
