import type { ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { holdChild, startChildProcess } from '../lib/child-process';
import type { DocumentType } from './file-types';
import type { ParseBudget } from '../lib/parse-budget';
import type { BatchLimits, ParseRequest, ParseResponse, StoredFile } from './parse-process';
import type { ParseProgress, Sheet } from './parsers/index';
import { ReasonError } from './reasons';
import { SegmentBatches } from './segment-batches';
import type { SplitSettings } from './split';
import type { TableCheck, TableCheckOptions } from './table-import/check';
import type { Grid } from './table-import/grid';
import type { ZipBudget } from './zip-budget';

/**
 * `signal`: stops the parse (its process is ended); `started`: called when a process is about to read the file
 * (after any wait for a free one); `progress`: called as a PDF's pages are read. Both may throw to stop.
 */
export type ParseOptions = { signal?: AbortSignal; started?: () => Promise<void>; progress?: ParseProgress };

/** A document split in its parser process: how many segments and characters, and the segments batch by batch. */
export type SplitDocument = {
  total: number;
  /** Characters of the document's text. */
  characters: number;
  /** In order; the process is held until the last one is read or `close()` is called — always one or the other. */
  batches: AsyncIterableIterator<string[]> & { close(): void };
};

/** Reads and checks a table file for a database table import, within the parse budget. */
export type TableFileReader = {
  /**
   * checkTable() of the file's first sheet, in a parser process (`file`: its bytes, or a stored file the
   * process reads); over budget → ReasonError FILE_TOO_COMPLEX.
   */
  table(
    type: 'csv' | 'xlsx',
    file: Uint8Array | StoredFile,
    check: TableCheckOptions,
    options?: ParseOptions,
  ): Promise<TableCheck>;
  /**
   * The typed cells of the file's first sheet (a users import checks them itself), in a parser process; more
   * than `maxRows` below the header → ReasonError IMPORT_TOO_MANY_ROWS; over budget → FILE_TOO_COMPLEX.
   */
  grid(type: 'csv' | 'xlsx', file: Uint8Array | StoredFile, maxRows: number, options?: ParseOptions): Promise<Grid>;
};

/** Reads documents within a budget, away from the server's process: what the parse jobs and the split preview use. */
export type DocumentParser = {
  /** documentText() of the parsers; over budget → ReasonError FILE_TOO_COMPLEX. */
  text(type: DocumentType, bytes: Uint8Array, options?: ParseOptions): Promise<string>;
  /** tableSheets() of the parsers; over budget → ReasonError FILE_TOO_COMPLEX. */
  sheets(type: 'csv' | 'xlsx', bytes: Uint8Array, options?: ParseOptions): Promise<Sheet[]>;
  /**
   * splitText() of documentText(), both in the process, of `file` (its bytes, or a stored file the process
   * reads: 48 MB sent over the channel held the server's thread ~35 ms): settles once the text is split (the
   * time budget ends there; over it → FILE_TOO_COMPLEX). `limit`: only the first segments are sent (`total`
   * counts them all).
   * The process dying before the last batch fails the next read with FILE_PARSE_CRASHED.
   */
  split(
    type: DocumentType,
    file: Uint8Array | StoredFile,
    settings: SplitSettings,
    options?: ParseOptions & { limit?: number },
  ): Promise<SplitDocument>;
};

/**
 * Batches of segments per IPC message: the server's thread reads each in one go (~1 ms per 100k characters).
 * The whole text of a 48 MB file in one message held it ~165 ms.
 */
export const SEGMENT_BATCH: BatchLimits = { characters: 256 * 1024, segments: 1024 };

/** What the pool needs from a parse in progress: how each answer and each failure (death, time, abort, close) settle it. */
type Conversation = { answer(response: ParseResponse, channel: Channel): void; fail(error: unknown): void };
/** A parse's line to its process: further requests, the end of its time budget, and its end (the process kept or ended). */
type Channel = { send(request: ParseRequest): void; budgetMet(): void; end(keepParser: boolean): void };
/** A parse in progress in a process: how the process's messages and fate settle it. */
type Task = {
  message(response: ParseResponse): void;
  died(signal: NodeJS.Signals | null): void;
  stop(error: Error): void;
};
/** A parser process; `ready` once it has loaded the parsers (its start is not counted in a parse's time). */
type Parser = { child: ChildProcess; ready: Promise<void>; task?: Task; idleTimer?: NodeJS.Timeout };
type Waiter = { resolve(parser: Parser): void; reject(error: unknown): void };

/** An idle process ends after this long (one that read a large file may keep hundreds of MB). */
const IDLE_MS = 30_000;

/**
 * Parser processes, one parse at a time each, at most `size` (further parses wait for one). A process's heap
 * is capped (budget.memoryMb) and each parse has budget.timeMs: a file that needs more kills or outlasts only
 * its process, which is replaced, and the caller gets FILE_TOO_COMPLEX; a process that dies otherwise gives
 * FILE_PARSE_CRASHED. Processes start on first use (~1 s) and serve parse after parse; they keep the server
 * open only while they parse, and end with it.
 */
export class ParsePool implements DocumentParser, TableFileReader {
  private readonly parsers = new Set<Parser>();
  private readonly idle: Parser[] = [];
  private waiting: Waiter[] = [];

  constructor(
    private readonly budget: ParseBudget,
    private readonly size = Math.max(1, Math.min(4, availableParallelism())),
    private readonly batch: BatchLimits = SEGMENT_BATCH,
  ) {}

  text(type: DocumentType, bytes: Uint8Array, options?: ParseOptions): Promise<string> {
    return this.result({ kind: 'text', type, bytes }, options) as Promise<string>;
  }

  sheets(type: 'csv' | 'xlsx', bytes: Uint8Array, options?: ParseOptions): Promise<Sheet[]> {
    return this.result({ kind: 'sheets', type, bytes }, options) as Promise<Sheet[]>;
  }

  table(
    type: 'csv' | 'xlsx',
    file: Uint8Array | StoredFile,
    check: TableCheckOptions,
    options?: ParseOptions,
  ): Promise<TableCheck> {
    return this.result({ kind: 'table', type, file, check }, options) as Promise<TableCheck>;
  }

  grid(type: 'csv' | 'xlsx', file: Uint8Array | StoredFile, maxRows: number, options?: ParseOptions): Promise<Grid> {
    return this.result({ kind: 'grid', type, file, maxRows }, options) as Promise<Grid>;
  }

  split(
    type: DocumentType,
    file: Uint8Array | StoredFile,
    settings: SplitSettings,
    { limit, ...options }: ParseOptions & { limit?: number } = {},
  ): Promise<SplitDocument> {
    return new Promise((resolve, reject) => {
      let batches: SegmentBatches | undefined;
      const conversation: Conversation = {
        answer: (response, channel) => {
          switch (response.kind) {
            case 'split':
              channel.budgetMet();
              batches = new SegmentBatches(
                () => channel.send({ kind: 'more' }),
                () => channel.send({ kind: 'stop' }),
              );
              return resolve({ total: response.total, characters: response.characters, batches });
            case 'batch':
              batches?.received(response.segments, response.last);
              if (response.last) channel.end(true);
              return;
            case 'failed':
              channel.end(true);
              return reject(new ReasonError(response.reason, response.detail));
          }
        },
        fail: (error) => (batches ? batches.failed(error) : reject(error)),
      };
      this.converse({ kind: 'split', type, file, settings, batch: this.batch, limit }, options, conversation).catch(
        reject,
      );
    });
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

  /** A parse answered by one message: the text or the sheets. */
  private result(request: ParseRequest, options?: ParseOptions): Promise<string | Sheet[] | TableCheck | Grid> {
    return new Promise((resolve, reject) => {
      const conversation: Conversation = {
        answer: (response, channel) => {
          if (response.kind === 'done') {
            channel.end(true);
            resolve(response.result);
          } else if (response.kind === 'failed') {
            channel.end(true);
            reject(new ReasonError(response.reason, response.detail));
          }
        },
        fail: reject,
      };
      this.converse(request, options, conversation).catch(reject);
    });
  }

  /**
   * Sends `request` to a process (once one is free and started) and hands its answers to `conversation` until
   * it ends the parse; the process dying, the time budget, the signal or the pool's closing end it with a failure.
   */
  private async converse(
    request: ParseRequest,
    { signal, started, progress }: ParseOptions = {},
    conversation: Conversation,
  ): Promise<void> {
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
    let reporting = false;
    const end = (keepParser: boolean) => {
      if (parser.task !== task) return false;
      parser.task = undefined;
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      if (keepParser) this.release(parser);
      else this.discard(parser);
      return true;
    };
    const fail = (error: unknown) => {
      if (end(false)) conversation.fail(error);
    };
    const channel: Channel = {
      send: (next) => {
        if (parser.task === task) parser.child.send(next satisfies ParseRequest);
      },
      budgetMet: () => clearTimeout(timer),
      end: (keepParser) => void end(keepParser),
    };
    const task: Task = {
      message: (response) => {
        if (response.kind !== 'progress') return conversation.answer(response, channel);
        // One report at a time: a slow one (a job's step) is not queued behind by every page.
        if (!progress || reporting) return;
        reporting = true;
        progress(response.fraction).then(() => (reporting = false), fail);
      },
      // V8 aborts the process when its heap is full: SIGABRT is the memory budget.
      died: (deathSignal) =>
        fail(new ReasonError(deathSignal === 'SIGABRT' ? 'FILE_TOO_COMPLEX' : 'FILE_PARSE_CRASHED')),
      stop: fail,
    };
    const timer = setTimeout(() => fail(new ReasonError('FILE_TOO_COMPLEX')), this.budget.timeMs);
    const aborted = () => fail(signal?.reason);
    signal?.addEventListener('abort', aborted, { once: true });
    parser.task = task;
    // The process died while `started` ran: its exit found no parse to fail, so this one fails now.
    if (!this.parsers.has(parser)) return fail(new ReasonError('FILE_PARSE_CRASHED'));
    // Aborted while it waited for a process: nothing was sent, the process stays.
    if (signal?.aborted) {
      end(true);
      return conversation.fail(signal.reason);
    }
    holdChild(parser.child, true);
    parser.child.send(request satisfies ParseRequest);
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
    holdChild(parser.child, false);
    parser.idleTimer = setTimeout(() => this.discard(parser), IDLE_MS);
    parser.idleTimer.unref();
    this.idle.push(parser);
  }

  private spawn(): Parser {
    const budget: ZipBudget = {
      expandedBytes: this.budget.expandedBytes,
      entries: this.budget.entries,
      ratio: this.budget.ratio,
    };
    const child = startChildProcess(import.meta.url, 'parse-process', {
      args: [JSON.stringify(budget)],
      maxOldSpaceMb: this.budget.memoryMb,
    });
    let started: { resolve(): void; reject(error: Error): void } | undefined;
    const ready = new Promise<void>((resolve, reject) => (started = { resolve, reject }));
    // Awaited by the parse it was started for; never an unhandled rejection when that one is gone.
    ready.catch(() => undefined);
    const parser: Parser = { child, ready };
    child.on('message', (response: ParseResponse) =>
      response.kind === 'ready' ? started?.resolve() : parser.task?.message(response),
    );
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
