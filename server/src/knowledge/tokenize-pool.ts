import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../lib/worker-thread';
import { searchText } from '../search/tokenize';
import type { TokenizeRequest, TokenizeResponse } from './tokenize-worker';

/** Turns texts into their search texts (searchText() of each, in order). */
export type Tokenizer = { searchTexts(texts: string[]): Promise<string[]> };

/** On the calling thread: for a few texts (an edit, a hand-entered pair), where a thread's round trip costs more. */
export const inlineTokenizer: Tokenizer = {
  searchTexts: async (texts) => texts.map(searchText),
};

type Pending = { resolve(texts: string[]): void; reject(error: Error): void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

/**
 * Worker threads that tokenise (jieba + stemming: ~13 ms per 100 kB of mixed Chinese and English text on an idle core), so
 * that the main thread stays free for requests and for the SQLite writes: one parse job's tokenising runs
 * while another job commits. Threads start on first use (each loads jieba's dictionary, ~200 ms), keep the
 * process alive only while they have work, and a thread that dies fails its pending batches (their jobs
 * fail; the next batch starts a new thread).
 */
export class TokenizerPool implements Tokenizer {
  private readonly threads: Thread[] = [];
  private nextId = 0;
  /** Busy time of threads that have ended. */
  private endedBusyMs = 0;

  constructor(private readonly size: number) {}

  searchTexts(texts: string[]): Promise<string[]> {
    if (texts.length === 0) return Promise.resolve([]);
    const thread = this.pick();
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      if (thread.pending.size === 1) thread.worker.ref();
      thread.worker.postMessage({ id, texts } satisfies TokenizeRequest);
    });
  }

  /** Milliseconds the threads have spent tokenising since they started (for the bench and for logs). */
  busyMs(): number {
    return this.threads.reduce(
      (total, thread) => total + thread.worker.performance.eventLoopUtilization().active,
      this.endedBusyMs,
    );
  }

  /** Ends the threads; their pending batches fail. The next batch starts a new thread. */
  async close(): Promise<void> {
    const threads = [...this.threads];
    for (const thread of threads) this.end(thread, new Error('tokenizer closed'));
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /** The thread with the fewest batches waiting; a new one while all are busy and the pool is not full. */
  private pick(): Thread {
    let best: Thread | undefined;
    for (const thread of this.threads) if (!best || thread.pending.size < best.pending.size) best = thread;
    if (best && (best.pending.size === 0 || this.threads.length >= this.size)) return best;
    return this.spawn();
  }

  private spawn(): Thread {
    const worker = startWorker(import.meta.url, 'tokenize-worker');
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (response: TokenizeResponse) => {
      const pending = thread.pending.get(response.id);
      if (!pending) return;
      thread.pending.delete(response.id);
      if (thread.pending.size === 0) worker.unref();
      if ('error' in response) pending.reject(new Error(`tokenizer: ${response.error}`));
      else pending.resolve(response.searchTexts);
    });
    worker.on('error', (error) => this.end(thread, error));
    worker.on('exit', (code) => this.end(thread, new Error(`tokenizer thread exited (code ${code})`)));
    this.threads.push(thread);
    return thread;
  }

  /** A thread leaves the pool (it died, or the pool closes): its batches fail. */
  private end(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index === -1) return;
    this.threads.splice(index, 1);
    this.endedBusyMs += thread.worker.performance.eventLoopUtilization().active;
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
    thread.worker.unref();
  }
}

let shared: TokenizerPool | undefined;

/** The process's tokenizer threads: one per core but one (the main thread writes meanwhile), at most 4. */
export function sharedTokenizer(): TokenizerPool {
  shared ??= new TokenizerPool(Math.max(1, Math.min(4, availableParallelism() - 1)));
  return shared;
}
