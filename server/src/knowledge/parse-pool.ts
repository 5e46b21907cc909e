import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { startChildProcess } from '../lib/child-process';
import type { DocumentType } from './file-types';
import type { ParseBudget } from './parse-budget';
import type { ParseRequest, ParseResponse } from './parse-process';
import type { ParseProgress, Sheet } from './parsers/index';
import { ReasonError } from './reasons';
import type { ZipBudget } from './zip-budget';

/**
 * `signal`: stops the parse (its process is ended); `started`: called when a process is about to read the file
 * (after any wait for a free one); `progress`: called as a PDF's pages are read. Both may throw to stop.
 */
export type ParseOptions = { signal?: AbortSignal; started?: () => Promise<void>; progress?: ParseProgress };

/** Reads documents within a budget, away from the server's process: what the parse jobs and the split preview use. */
export type DocumentParser = {
  /** documentText() of the parsers; over budget → ReasonError FILE_TOO_COMPLEX. */
  text(type: DocumentType, bytes: Uint8Array, options?: ParseOptions): Promise<string>;
  /** tableSheets() of the parsers; over budget → ReasonError FILE_TOO_COMPLEX. */
  sheets(type: 'csv' | 'xlsx', bytes: Uint8Array, options?: ParseOptions): Promise<Sheet[]>;
};

/** A parse in progress in a process: how the process's messages and fate settle it. */
type Task = { message(response: ParseResponse): void; died(signal: NodeJS.Signals | null): void; stop(error: Error): void };
/** A parser process; `ready` once it has loaded the parsers (its start is not counted in a parse's time). */
type Parser = { child: ChildProcess; ready: Promise<void>; task?: Task; idleTimer?: NodeJS.Timeout };
type Waiter = { resolve(parser: Parser): void; reject(error: unknown): void };

/** An idle process ends after this long (one that read a large file may keep hundreds of MB). */
const IDLE_MS = 30_000;

/** Keeps a process from holding the server open while it has nothing to do. */
function hold(child: ChildProcess, busy: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (busy) {
    child.ref();
    channel?.ref();
  } else {
    child.unref();
    channel?.unref();
  }
}

/**
 * Parser processes, one parse at a time each, at most `size` (further parses wait for one). A process's heap
 * is capped (budget.memoryMb) and each parse has budget.timeMs: a file that needs more kills or outlasts only
 * its process, which is replaced, and the caller gets FILE_TOO_COMPLEX; a process that dies otherwise gives
 * FILE_PARSE_CRASHED. Processes start on first use (~1 s) and serve parse after parse; they keep the server
 * open only while they parse, and end with it.
 */
export class ParsePool implements DocumentParser {
  private readonly parsers = new Set<Parser>();
  private readonly idle: Parser[] = [];
  private waiting: Waiter[] = [];

  constructor(
    private readonly budget: ParseBudget,
    private readonly size = Math.max(1, Math.min(4, availableParallelism())),
  ) {}

  text(type: DocumentType, bytes: Uint8Array, options?: ParseOptions): Promise<string> {
    return this.run({ kind: 'text', type, bytes }, options) as Promise<string>;
  }

  sheets(type: 'csv' | 'xlsx', bytes: Uint8Array, options?: ParseOptions): Promise<Sheet[]> {
    return this.run({ kind: 'sheets', type, bytes }, options) as Promise<Sheet[]>;
  }

  /** Ends every process: parses in progress and waiting fail. The next parse starts a new one. */
  close(): void {
    const closed = new Error('parser closed');
    for (const waiter of this.waiting) waiter.reject(closed);
    this.waiting = [];
    for (const parser of [...this.parsers]) {
      parser.task?.stop(closed);
      this.discard(parser);
    }
  }

  private async run(request: ParseRequest, { signal, started, progress }: ParseOptions = {}): Promise<string | Sheet[]> {
    signal?.throwIfAborted();
    const parser = await this.acquire(signal);
    try {
      await parser.ready;
      await started?.();
    } catch (error) {
      // A process that failed to start has left the pool; one that started goes to the next parse.
      if (this.parsers.has(parser)) this.release(parser);
      throw error;
    }
    return new Promise((resolve, reject) => {
      let reporting = false;
      const end = (keepParser: boolean, settle: () => void) => {
        if (parser.task !== task) return;
        parser.task = undefined;
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        if (keepParser) this.release(parser);
        else this.discard(parser);
        settle();
      };
      const task: Task = {
        message: (response) => {
          switch (response.kind) {
            case 'progress':
              // One report at a time: a slow one (a job's step) is not queued behind by every page.
              if (!progress || reporting) return;
              reporting = true;
              progress(response.fraction).then(
                () => (reporting = false),
                (error: unknown) => end(false, () => reject(error)),
              );
              return;
            case 'done':
              return end(true, () => resolve(response.result));
            case 'failed':
              return end(true, () => reject(new ReasonError(response.reason, response.detail)));
          }
        },
        // V8 aborts the process when its heap is full: SIGABRT is the memory budget.
        died: (deathSignal) => end(false, () => reject(new ReasonError(deathSignal === 'SIGABRT' ? 'FILE_TOO_COMPLEX' : 'FILE_PARSE_CRASHED'))),
        stop: (error) => end(false, () => reject(error)),
      };
      const timer = setTimeout(() => end(false, () => reject(new ReasonError('FILE_TOO_COMPLEX'))), this.budget.timeMs);
      const aborted = () => end(false, () => reject(signal?.reason));
      signal?.addEventListener('abort', aborted, { once: true });
      parser.task = task;
      // The process died while `started` ran: its exit found no parse to fail, so this one fails now.
      if (!this.parsers.has(parser)) return end(false, () => reject(new ReasonError('FILE_PARSE_CRASHED')));
      // Aborted while it waited for a process: nothing was sent, the process stays.
      if (signal?.aborted) return end(true, () => reject(signal.reason));
      hold(parser.child, true);
      parser.child.send(request satisfies ParseRequest);
    });
  }

  /** An idle process, a new one while there are fewer than `size`, else the next one released. */
  private acquire(signal?: AbortSignal): Promise<Parser> {
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(idle.idleTimer);
      return Promise.resolve(idle);
    }
    if (this.parsers.size < this.size) return Promise.resolve(this.spawn());
    return new Promise((resolve, reject) => {
      const aborted = () => {
        this.waiting = this.waiting.filter((waiter) => waiter !== entry);
        reject(signal?.reason);
      };
      const entry: Waiter = {
        resolve: (parser) => {
          signal?.removeEventListener('abort', aborted);
          resolve(parser);
        },
        reject,
      };
      this.waiting.push(entry);
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /** A process whose parse ended well: to the next waiting parse, or idle. */
  private release(parser: Parser): void {
    const waiter = this.waiting.shift();
    if (waiter) return waiter.resolve(parser);
    hold(parser.child, false);
    parser.idleTimer = setTimeout(() => this.discard(parser), IDLE_MS);
    parser.idleTimer.unref();
    this.idle.push(parser);
  }

  private spawn(): Parser {
    const budget: ZipBudget = { expandedBytes: this.budget.expandedBytes, entries: this.budget.entries, ratio: this.budget.ratio };
    const child = startChildProcess(import.meta.url, 'parse-process', { args: [JSON.stringify(budget)], maxOldSpaceMb: this.budget.memoryMb });
    let started: { resolve(): void; reject(error: Error): void } | undefined;
    const ready = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
    // Awaited by the parse it was started for; never an unhandled rejection when that one is gone.
    ready.catch(() => undefined);
    const parser: Parser = { child, ready };
    child.on('message', (response: ParseResponse) => (response.kind === 'ready' ? started?.resolve() : parser.task?.message(response)));
    // A failed send (the process is gone) is followed by its 'exit'.
    child.on('error', () => undefined);
    child.on('exit', (_code, deathSignal) => {
      this.forget(parser);
      started?.reject(new ReasonError('FILE_PARSE_CRASHED'));
      parser.task?.died(deathSignal);
    });
    this.parsers.add(parser);
    return parser;
  }

  /** Ends a process (its parse, if any, has been settled). */
  private discard(parser: Parser): void {
    this.forget(parser);
    parser.child.kill('SIGKILL');
  }

  /** A process leaves the pool; a parse waiting for one gets a new process in its place. */
  private forget(parser: Parser): void {
    if (!this.parsers.delete(parser)) return;
    clearTimeout(parser.idleTimer);
    const at = this.idle.indexOf(parser);
    if (at !== -1) this.idle.splice(at, 1);
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(this.spawn());
  }
}
