import type { ChildProcess } from 'node:child_process';
import { holdChild, startChildProcess } from '../../lib/child-process';
import { DatabaseQueryError, type QueryRows } from '../reader';
import type { BuiltinQueryRequest, BuiltinQueryResponse } from './builtin-query-child';

type Slot = {
  child: ChildProcess;
  ready: Promise<void>;
  pending?: (response: BuiltinQueryResponse | Error) => void;
};

/** How long a process may take to start (loading SQLite; under tsx, compiling) before the query fails. */
const START_MS = 20_000;

/**
 * Processes that run the statements models write on built-in databases, one statement at a time each, at most
 * `size` of them (further statements wait, within their own timeout). A statement that outlasts its timeout
 * is stopped by killing its process, which a later statement replaces: SQLite offers JavaScript no way to
 * interrupt a statement, and a runaway join must not hold a server thread.
 */
export class BuiltinQueryProcesses {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private waiting: Array<(slot: Slot | Error) => void> = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size = 2) {}

  async run(request: Omit<BuiltinQueryRequest, 'id'>, timeoutMs: number): Promise<QueryRows> {
    const deadline = Date.now() + timeoutMs;
    const slot = await this.acquire(timeoutMs);
    try {
      await slot.ready;
    } catch (error) {
      this.discard(slot);
      throw error;
    }
    const id = this.nextId++;
    holdChild(slot.child, true);
    const response = await new Promise<BuiltinQueryResponse | Error>((settle) => {
      const timer = setTimeout(
        () => settle(new DatabaseQueryError('TIMEOUT', `statement stopped after ${timeoutMs} ms`)),
        Math.max(1, deadline - Date.now()),
      );
      slot.pending = (answer) => {
        clearTimeout(timer);
        settle(answer);
      };
      slot.child.send({ ...request, id } satisfies BuiltinQueryRequest);
    });
    slot.pending = undefined;
    if (response instanceof Error) {
      // Timed out or died: the process may still be running the statement, so it goes.
      this.discard(slot);
      throw response;
    }
    this.release(slot);
    if ('error' in response) throw builtinQueryError(response.error);
    return { columns: response.columns, rows: response.rows as QueryRows['rows'] };
  }

  close(): void {
    this.closed = true;
    for (const waiter of this.waiting) waiter(new DatabaseQueryError('QUERY_FAILED', 'closed'));
    this.waiting = [];
    for (const slot of [...this.slots]) {
      slot.pending?.(new DatabaseQueryError('QUERY_FAILED', 'closed'));
      this.discard(slot);
    }
  }

  private acquire(timeoutMs: number): Promise<Slot> {
    if (this.closed) return Promise.reject(new DatabaseQueryError('QUERY_FAILED', 'closed'));
    const idle = this.idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.slots.size < this.size) return Promise.resolve(this.start());
    return new Promise((resolve, reject) => {
      const waiter = (slot: Slot | Error) => {
        clearTimeout(timer);
        if (slot instanceof Error) reject(slot);
        else resolve(slot);
      };
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((other) => other !== waiter);
        reject(new DatabaseQueryError('TIMEOUT', 'no query process became free in time'));
      }, timeoutMs);
      this.waiting.push(waiter);
    });
  }

  private start(): Slot {
    const child = startChildProcess(import.meta.url, 'builtin-query-child');
    let started: () => void;
    let failed: (error: Error) => void;
    const slot: Slot = {
      child,
      ready: new Promise<void>((resolve, reject) => {
        started = resolve;
        failed = reject;
      }),
    };
    const startTimer = setTimeout(
      () => failed(new DatabaseQueryError('QUERY_FAILED', 'query process did not start')),
      START_MS,
    );
    slot.ready.catch(() => undefined);
    child.on('message', (response: BuiltinQueryResponse) => {
      if (response.id === 0) {
        clearTimeout(startTimer);
        started();
      } else slot.pending?.(response);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(startTimer);
      const error = new DatabaseQueryError('QUERY_FAILED', `query process ended (${signal ?? code})`);
      failed(error);
      slot.pending?.(error);
      this.discard(slot);
    });
    child.on('error', () => undefined);
    this.slots.add(slot);
    return slot;
  }

  private release(slot: Slot): void {
    holdChild(slot.child, false);
    const waiter = this.waiting.shift();
    if (waiter) waiter(slot);
    else this.idle.push(slot);
  }

  private discard(slot: Slot): void {
    if (!this.slots.delete(slot)) return;
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.child.kill('SIGKILL');
    // Its place is free again: a waiting statement starts a new process.
    const waiter = this.closed ? undefined : this.waiting.shift();
    if (waiter) waiter(this.start());
  }
}

/** SQLite's failures of a statement as the readers' codes: a missing table is a table gone. */
export function builtinQueryError(error: { code?: string; message: string }): DatabaseQueryError {
  if (/no such table/i.test(error.message)) return new DatabaseQueryError('TABLE_GONE', error.message);
  return new DatabaseQueryError('QUERY_FAILED', error.message);
}
