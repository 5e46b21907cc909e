import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { TaskStatus, TaskType } from '@flotilla/shared/contracts';
import { ReasonError } from '../knowledge/reasons';
import type { Job, JobsRepository } from '../plugins/app/jobs/jobs-repository';

/** A job's run stops (at its next step) because it was cancelled or taken back, or because the process closes. */
export class JobStopped extends Error {
  constructor(readonly why: 'lost' | 'shutdown') {
    super(`job stopped: ${why}`);
    this.name = 'JobStopped';
  }
}

/** What a job handler's work comes to when it returns: its result written, or to be started over. */
export type JobOutcome = 'done' | 'lost' | 'again';

/** Runs one job: writes its result (done) in one transaction at the end, or throws (a ReasonError: failed with that reason). */
export type JobHandler = (job: Job, run: JobRun) => Promise<JobOutcome>;

/** Beats no more often than this from `step()`: steps can be many and short. */
const STEP_BEAT_MS = 250;
/** A job silent for this many heartbeats belonged to a process that died (or hung): it is taken back. */
const STALE_BEATS = 6;
const ENDED: TaskStatus[] = ['done', 'failed', 'cancelled'];

/** One run of a job, as its handler sees it: progress, and the points where it may stop. */
export class JobRun {
  /** 0..1, written with each heartbeat. */
  progress = 0;
  private lastBeat = Date.now();

  constructor(
    readonly job: Job,
    private readonly controller: AbortController,
    private readonly repo: JobsRepository,
    private readonly stepDelayMs: number,
    /** Aborted only when the process closes: work that outlives the job (clearing old rows) stops there. */
    readonly closing: AbortSignal = new AbortController().signal,
  ) {}

  /** Aborted when the run must stop (for requests the handler makes, such as embeddings). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * Between two steps of the work: records `progress`, lets the event loop serve requests, and throws
   * JobStopped when the job was cancelled or taken back (it checks the row, at most every 250 ms) or the
   * process is closing. FLOTILLA_JOB_STEP_DELAY_MS pauses here (tests only).
   */
  async step(progress?: number): Promise<void> {
    if (progress !== undefined) this.progress = Math.max(this.progress, Math.min(1, progress));
    this.throwIfStopped();
    if (this.stepDelayMs > 0) await sleep(this.stepDelayMs);
    else await yieldToEventLoop();
    if (Date.now() - this.lastBeat >= STEP_BEAT_MS) await this.beat();
    this.throwIfStopped();
  }

  /** Heartbeat: proves the process alive; notices a cancel or a take-back. */
  async beat(): Promise<void> {
    this.lastBeat = Date.now();
    if (!(await this.repo.beat(this.job, this.progress))) this.controller.abort(new JobStopped('lost'));
  }

  private throwIfStopped(): void {
    if (this.controller.signal.aborted)
      throw this.controller.signal.reason instanceof JobStopped
        ? this.controller.signal.reason
        : new JobStopped('lost');
  }
}

export type WorkerOptions = {
  repo: JobsRepository;
  handlers: Record<TaskType, JobHandler>;
  /** Jobs run at a time by this process; 0: none (jobs are run by another process). */
  workers: number;
  heartbeatMs: number;
  stepDelayMs: number;
  /** How often an idle worker looks for queued jobs (other processes' jobs, re-queued ones). */
  pollMs?: number;
  /**
   * Clears what runs of dead processes left behind (a file's staged segments): at start, and whenever jobs
   * were taken back. Returns how many rows it deleted.
   */
  clearLeftovers?: (closing: AbortSignal) => Promise<number>;
  log: FastifyBaseLogger;
};

/**
 * The in-process worker of the jobs table (docs/architecture.md, Server layers). Each of `workers`
 * loops claims the oldest queued job (atomically, so several server processes can share the table), runs
 * its handler while beating, and ends it: done (written by the handler in its final transaction), failed
 * with a reason, or started over.
 * A timer takes back running jobs whose process stopped beating (killed): re-queued, or failed after three
 * attempts, or at once when the process died while parsing the job's file. Closing stops the running jobs at their next step and re-queues them for the next start.
 */
export class JobWorker {
  private stopping = false;
  private loops: Array<Promise<void>> = [];
  /** This process's runs: their controllers and job ids. */
  private readonly running = new Map<AbortController, string>();
  private wakeIdle: Array<() => void> = [];
  private recoverTimer: NodeJS.Timeout | undefined;
  private recovering = false;
  private closing = new AbortController();
  /** The clearing of leftovers under way, if any (stop() waits for it). */
  private clearing: Promise<void> = Promise.resolve();

  constructor(private readonly options: WorkerOptions) {}

  /** Starts the loops and the recovery of stale jobs (a process that runs no jobs still recovers them). */
  start(): void {
    this.stopping = false;
    this.closing = new AbortController();
    this.clearing = this.recover().then(() => this.clearLeftovers());
    this.recoverTimer = setInterval(() => void this.recover(), this.options.heartbeatMs);
    this.recoverTimer.unref();
    for (let i = 0; i < this.options.workers; i++) this.loops.push(this.loop());
  }

  /** Stops: no new job is claimed; running ones stop at their next step and go back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.closing.abort();
    clearInterval(this.recoverTimer);
    for (const controller of this.running.keys()) controller.abort(new JobStopped('shutdown'));
    this.wake();
    await Promise.all([...this.loops, this.clearing]);
    this.loops = [];
  }

  /** A job was queued by this process: idle loops look now rather than at their next poll. */
  wake(): void {
    const waiting = this.wakeIdle;
    this.wakeIdle = [];
    for (const resolve of waiting) resolve();
  }

  /** Claims and runs one queued job now (tests with FLOTILLA_JOB_WORKERS=0); its id, or undefined when none was queued. */
  async runNext(): Promise<string | undefined> {
    const job = await this.options.repo.claimNext();
    if (!job) return undefined;
    await this.run(job);
    return job.id;
  }

  /** Waits until the job has ended (done, failed or cancelled) and answers it; throws after `timeoutMs`, a ceiling just under a test's own for a loaded machine. */
  async waitFor(id: string, timeoutMs = 25_000): Promise<Job> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.options.repo.byId(id);
      if (!job) throw new Error(`no job ${id}`);
      if (ENDED.includes(job.status)) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let job: Job | undefined;
      try {
        job = await this.options.repo.claimNext();
      } catch (error) {
        this.options.log.error({ err: error }, 'jobs: claiming failed');
      }
      if (job) await this.run(job);
      else await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs ?? 1000);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeIdle.push(done);
    });
  }

  private async recover(): Promise<void> {
    if (this.recovering) return;
    this.recovering = true;
    try {
      const staleBefore = new Date(Date.now() - STALE_BEATS * this.options.heartbeatMs).toISOString();
      const recovered = await this.options.repo.recoverStale(staleBefore, [...this.running.values()]);
      if (recovered > 0) {
        this.options.log.warn({ recovered }, 'jobs: took back jobs of a process that stopped');
        this.wake();
        this.clearing = this.clearing.then(() => this.clearLeftovers());
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'jobs: recovering stale jobs failed');
    } finally {
      this.recovering = false;
    }
  }

  private async clearLeftovers(): Promise<void> {
    if (!this.options.clearLeftovers) return;
    try {
      const deleted = await this.options.clearLeftovers(this.closing.signal);
      if (deleted > 0) this.options.log.info({ deleted }, 'jobs: cleared segments left by runs that stopped');
    } catch (error) {
      this.options.log.error({ err: error }, 'jobs: clearing what stopped runs left failed');
    }
  }

  private async run(job: Job): Promise<void> {
    const { repo, log } = this.options;
    const controller = new AbortController();
    const run = new JobRun(job, controller, repo, this.options.stepDelayMs, this.closing.signal);
    this.running.set(controller, job.id);
    const heartbeat = setInterval(
      () =>
        void run.beat().catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'jobs: heartbeat failed')),
      this.options.heartbeatMs,
    );
    try {
      const outcome = await this.options.handlers[job.type](job, run);
      if (outcome === 'again') await repo.requeue(job, true);
    } catch (error) {
      const reason = controller.signal.reason as unknown;
      if (error instanceof JobStopped || (controller.signal.aborted && reason instanceof JobStopped)) {
        // Taken away (cancelled, or claimed again elsewhere): nothing to write. Shutting down: back to the queue.
        if (reason instanceof JobStopped && reason.why === 'shutdown')
          await repo
            .requeue(job, true)
            .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'jobs: re-queue failed'));
      } else if (error instanceof ReasonError) {
        await repo
          .markFailed(job, error.reason, error.detail)
          .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'jobs: marking failed failed'));
      } else {
        log.error({ err: error, jobId: job.id, type: job.type }, 'jobs: job failed');
        await repo
          .markFailed(job, 'JOB_FAILED')
          .catch((e: unknown) => log.error({ err: e, jobId: job.id }, 'jobs: marking failed failed'));
      }
    } finally {
      clearInterval(heartbeat);
      this.running.delete(controller);
    }
  }
}
