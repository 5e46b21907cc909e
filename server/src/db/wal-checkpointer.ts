import { startWorker } from '../lib/worker-thread';
import type { CheckpointWorkerData } from './wal-checkpoint-worker';

/** How often the thread checkpoints (a checkpoint with nothing to copy costs microseconds). */
const INTERVAL_MS = 200;
/** The longest shutdown waits for the thread to close its connection (it takes milliseconds). */
const STOP_WAIT_MS = 5000;
/**
 * The writer's own autocheckpoint, in WAL pages (~16 MB), raised from SQLite's 1000: a backstop for when
 * the thread falls behind or stops, not the usual path.
 */
export const WRITER_AUTOCHECKPOINT_PAGES = 4000;

/**
 * Checkpoints an SQLite database's WAL (copies committed pages into the database file and syncs it) from a
 * worker thread with its own connection, so that the main thread's commits never wait for a checkpoint's
 * copying and fsync: with SQLite's default, the commit that fills 1000 pages runs the checkpoint itself,
 * and during ingestion that was a commit in a few dozen. Durability is unchanged (synchronous = NORMAL: the
 * WAL is synced at each checkpoint, whoever runs it). Returns how to stop the thread (before the database
 * closes); the thread does not keep the process alive.
 */
export function startWalCheckpointer(file: string): { stop(): void } {
  const closed = new SharedArrayBuffer(4);
  const worker = startWorker(import.meta.url, 'wal-checkpoint-worker', {
    file,
    intervalMs: INTERVAL_MS,
    closed,
  } satisfies CheckpointWorkerData);
  worker.unref();
  let running = true;
  worker.once('exit', () => (running = false));
  // A thread that fails leaves checkpoints to the writer's own autocheckpoint: slower commits, nothing lost.
  worker.on('error', (error) => process.emitWarning(`SQLite WAL checkpointer stopped: ${error.message}`));
  return {
    // Waits (a bounded, blocking wait: this runs once, at shutdown) until the thread's connection is closed,
    // so that when the database closes nothing else holds its files: a data directory removed right after
    // closing is not written to any more.
    stop: () => {
      if (!running) return;
      worker.postMessage('stop');
      Atomics.wait(new Int32Array(closed), 0, 0, STOP_WAIT_MS);
    },
  };
}
