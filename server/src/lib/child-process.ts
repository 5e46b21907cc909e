import { fork, type ChildProcess } from 'node:child_process';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A child process running the module `./<name>` next to the caller's (`caller`: its import.meta.url), with
 * the caller's own extension (TypeScript through tsx's loader under tsx), an IPC channel that carries
 * structured clones (typed arrays included), and a V8 heap of at most `maxOldSpaceMb`. For work that may need
 * more memory than it is allowed: past the limit only the child dies (SIGABRT). A worker thread's
 * resourceLimits cannot promise that on Node 20 — V8 aborts the whole process when the limit is reached
 * from one of its background allocations, which a parse of a large document did here at 128 MB.
 */
export function startChildProcess(
  caller: string,
  name: string,
  { args = [], maxOldSpaceMb }: { args?: string[]; maxOldSpaceMb?: number } = {},
): ChildProcess {
  const extension = extname(fileURLToPath(caller));
  const path = fileURLToPath(new URL(`./${name}${extension}`, caller));
  const loader = extension === '.ts' ? ['--import', import.meta.resolve('tsx')] : [];
  const heap = maxOldSpaceMb ? [`--max-old-space-size=${maxOldSpaceMb}`] : [];
  // stderr is the server's: a child's fatal error is worth a line in its log.
  return fork(path, args, {
    execArgv: [...loader, ...heap],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/**
 * Whether a child process keeps the server open: only while it works (`busy`), so an idle one never holds a
 * server (or a test run) that has nothing else to do.
 */
export function holdChild(child: ChildProcess, busy: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (busy) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}
