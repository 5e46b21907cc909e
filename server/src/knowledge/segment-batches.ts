const DONE: IteratorReturnResult<undefined> = { value: undefined, done: true };

/**
 * A split document's segments as they come from its parser process, batch by batch, in order. A batch is
 * asked for only when the one before it is taken (one ahead, so the next is on its way while the caller
 * works): the process never sends faster than the caller reads, and no message is larger than a batch.
 * Leaving early (`close`, or `break` out of a `for await`) tells the process to drop the rest.
 */
export class SegmentBatches implements AsyncIterableIterator<string[]> {
  private readonly queue: string[][] = [];
  /** Batches asked for that have not arrived. */
  private asked = 0;
  /** The last batch has arrived, the caller left, or the process failed: nothing more is asked. */
  private ended = false;
  private error: { reason: unknown } | undefined;
  private waiting: { resolve(result: IteratorResult<string[]>): void; reject(error: unknown): void } | undefined;

  constructor(
    private readonly ask: () => void,
    private readonly stop: () => void,
  ) {
    this.askAhead();
  }

  /** A batch from the process (`last`: the stream ends with it). */
  received(segments: string[], last: boolean): void {
    this.asked = Math.max(0, this.asked - 1);
    if (this.ended) return;
    if (last) this.ended = true;
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting.resolve({ value: segments, done: false });
    else this.queue.push(segments);
    this.askAhead();
  }

  /** The process died, ran out of time, or the parse was aborted: the caller's next read throws `reason`. */
  failed(reason: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.error = { reason };
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(reason);
  }

  next(): Promise<IteratorResult<string[]>> {
    const batch = this.queue.shift();
    if (batch) {
      this.askAhead();
      return Promise.resolve({ value: batch, done: false });
    }
    if (this.error) return Promise.reject(this.error.reason);
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.askAhead();
    });
  }

  /** The caller wants no more: the process drops what it still holds (and goes to the next parse). */
  close(): void {
    this.queue.length = 0;
    if (!this.ended) {
      this.ended = true;
      this.stop();
    }
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(DONE);
  }

  return(): Promise<IteratorResult<string[]>> {
    this.close();
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<string[]> {
    return this;
  }

  /** Keeps one batch on its way beyond the one being read. */
  private askAhead(): void {
    const wanted = 1 + (this.waiting ? 1 : 0);
    while (!this.ended && this.queue.length + this.asked < wanted) {
      this.asked++;
      this.ask();
    }
  }
}
