import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * What the thread is started with (wal-checkpointer.ts). `closed`: one Int32 the thread sets to 1 once its
 * connection is closed, for the main thread to wait on.
 */
export type CheckpointWorkerData = { file: string; intervalMs: number; closed: SharedArrayBuffer };

// The body of the checkpointer thread: its own connection to the database file, a PASSIVE checkpoint (it
// never waits for readers or the writer, and copies what it can) every intervalMs, until told to stop.
const { file, intervalMs, closed } = workerData as CheckpointWorkerData;
const database = new SQLite(file);
database.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked for longer than the timeout: the next tick tries again (and the writer's own
    // autocheckpoint stays as a backstop).
  }
}, intervalMs);

parentPort?.once('message', () => {
  clearInterval(timer);
  database.close();
  const flag = new Int32Array(closed);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  parentPort?.close();
});
