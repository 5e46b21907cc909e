import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread running the module `./<name>` next to the caller's (`caller`: its import.meta.url), with
 * the caller's own extension. Under tsx (the server, the tests) that is TypeScript: a thread does not
 * inherit the main thread's loader, and on Node 20 neither `--import tsx` in its execArgv nor tsx's
 * register() in it loads TypeScript; tsx's tsImport() does.
 */
export function startWorker(caller: string, name: string, workerData?: unknown): Worker {
  const extension = extname(fileURLToPath(caller));
  const url = new URL(`./${name}${extension}`, caller);
  if (extension !== '.ts') return new Worker(url, { name, workerData });
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(url.href);
  return new Worker(`import(${tsx}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, {
    eval: true,
    name,
    workerData,
  });
}
