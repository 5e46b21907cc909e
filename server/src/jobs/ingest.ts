import { readFile } from 'node:fs/promises';
import type { ChunkSettings, TaskType } from '@flotilla/shared/contracts';
import { detectFileType } from '../knowledge/file-types';
import type { DocumentParser } from '../knowledge/parse-pool';
import { qaPairs } from '../knowledge/parsers/index';
import { ReasonError, rowList, storedReason } from '../knowledge/reasons';
import { sharedTokenizer, type Tokenizer } from '../knowledge/tokenize-pool';
import { settingsOf, type NewSegment, type StagingJob } from '../plugins/app/datasets/dataset-files-repository';
import type { Repositories } from '../plugins/app/repositories';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';
import { toBytes, type Embedder } from '../search/embeddings';
import { JobStopped, type JobHandler, type JobOutcome, type JobRun } from './worker';

/** Segments tokenised between two steps (~50k characters: ~10 ms of a tokenizer thread). */
const TOKENIZE_BATCH = 100;
/**
 * Batches a job keeps queued at the tokenizer threads. Enough that they never run dry while the main thread
 * is busy elsewhere — writing other jobs' segments (with two, when a file's segments were written in one
 * transaction, the tokenizer sat idle half the time and ingestion of large documents ran at 3.7 MB/s; with
 * 16, 6.0) — and few enough that a large file's batches do not keep other jobs' waiting long.
 */
const BATCHES_IN_FLIGHT = 16;
/** Texts per embeddings request between two steps. */
const EMBED_BATCH = 64;
/**
 * Segments written per transaction while a file is staged. SQLite writes on the main thread, ~110 µs per
 * segment with its full-text index on an idle machine, and every other request waits for the transaction:
 * 256 hold it ~30 ms. Fewer cost throughput (the index writes its pending terms out at every commit). Sizing
 * each job's transactions by their measured time shrank them all to the minimum while four jobs ran: the time
 * measured includes waiting for the other jobs' transactions (mixed-size ingestion at half the rate).
 */
const STAGE_ROWS = 256;

type Dependencies = {
  repos: Repositories;
  files: UploadFiles;
  embedder: Embedder;
  /** Where documents are read, within the parse budget. */
  parser: DocumentParser;
  /** Where segments are tokenised; default: the process's tokenizer threads. */
  tokenizer?: Tokenizer;
};

type Passage = { text: string; question: string | null; answer: string | null };

/** A file's passages in order: how many in all, and the next ones (fewer than asked, or none, at the end). */
type Passages = { total: number; take(count: number): Promise<Passage[]> };

/** Passages already in memory (a QA file's pairs). */
function passagesOf(list: Passage[]): Passages {
  let next = 0;
  return {
    total: list.length,
    take: async (count) => list.slice(next, (next += count)),
  };
}

/**
 * Passages from batches of segments that arrive as they are taken (a document split in its parser process);
 * `ended` runs once, when the last batch has arrived.
 */
function streamedPassages(total: number, batches: AsyncIterator<string[]>, ended: () => Promise<void>): Passages {
  let held: string[] = [];
  let at = 0;
  let done = false;
  return {
    total,
    async take(count) {
      const taken: Passage[] = [];
      while (taken.length < count) {
        if (at === held.length) {
          if (done) break;
          const next = await batches.next();
          if (next.done) {
            done = true;
            await ended();
            break;
          }
          held = next.value;
          at = 0;
          continue;
        }
        const end = Math.min(held.length, at + count - taken.length);
        for (; at < end; at++) taken.push({ text: held[at] as string, question: null, answer: null });
      }
      return taken;
    },
  };
}

/**
 * The handlers of the knowledge jobs: parseFile (a new upload), reindexFile (again, maybe with new settings)
 * and importQa (a csv/xlsx of QA pairs). All read the stored original, check its type by content, parse it,
 * split it (or read its pairs), tokenise each segment for full-text search, compute vectors when the dataset
 * has an embedding model, and write the segments into a new generation of the file in short transactions
 * that nobody sees (so a large file never holds the API for long), then make them visible all at once and
 * delete the old generation (dataset-files-repository.ts). What the user can fix (empty, encrypted, damaged,
 * unsupported, over the parse budget, no valid QA rows) fails the job and the file with a reason; nothing
 * else changes.
 */
export function ingestHandlers({
  repos,
  files,
  embedder,
  parser,
  tokenizer = sharedTokenizer(),
}: Dependencies): Record<TaskType, JobHandler> {
  async function readOriginal(key: string): Promise<Buffer> {
    try {
      return await readFile(files.pathOf(key));
    } catch {
      throw new ReasonError('FILE_ORIGINAL_MISSING');
    }
  }

  /** Vectors of the segments' texts (in place), EMBED_BATCH per request. */
  async function embed(segments: NewSegment[], model: string, run: JobRun): Promise<void> {
    for (let start = 0; start < segments.length; start += EMBED_BATCH) {
      const batch = segments.slice(start, start + EMBED_BATCH);
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(
          model,
          batch.map((segment) => segment.text),
          run.signal,
        );
      } catch (error) {
        if (run.signal.aborted) throw error;
        throw new ReasonError('EMBEDDING_FAILED');
      }
      batch.forEach((segment, i) => {
        const vector = vectors[i];
        segment.embedding = vector ? toBytes(vector) : null;
      });
      await run.step();
    }
  }

  /**
   * Tokenises the passages (and computes their vectors when the dataset has a model) and writes them into the
   * run's staged `generation`, STAGE_ROWS per transaction with the event loop served between two, as their
   * tokens come back; progress goes from `from` to `to`. Passages are taken only as the tokenizer's queue has
   * room, so a streamed file is read no faster than it is written. Returns how many there are in all and the
   * last ones, not written: fewer than a transaction holds, they go with the publishing one.
   */
  async function stage(
    passages: Passages,
    model: string | null,
    run: JobRun,
    staging: StagingJob,
    generation: number,
    from: number,
    to: number,
  ): Promise<{ count: number; last: NewSegment[] }> {
    const embedModel = model !== null && embedder.has(model) ? model : null;
    const tokenized = (batch: Passage[]) => {
      const searchTexts = tokenizer.searchTexts(
        batch.map((passage) => (passage.question ? `${passage.question}\n` : '') + passage.text),
      );
      // A batch still in flight when the run stops is dropped without an unhandled rejection.
      searchTexts.catch(() => undefined);
      return { batch, searchTexts };
    };
    let written = 0;
    const pending: NewSegment[] = [];
    const write = async (segments: NewSegment[]) => {
      if (!(await repos.datasetFiles.stageSegments(staging, generation, written, segments)))
        throw new JobStopped('lost');
      written += segments.length;
      await run.step(from + ((to - from) * written) / Math.max(1, passages.total));
    };
    // BATCHES_IN_FLIGHT batches queued at the tokenizer; one more is sent as each comes back.
    const inFlight: Array<ReturnType<typeof tokenized>> = [];
    for (;;) {
      while (inFlight.length < BATCHES_IN_FLIGHT) {
        const batch = await passages.take(TOKENIZE_BATCH);
        if (batch.length === 0) break;
        inFlight.push(tokenized(batch));
      }
      const next = inFlight.shift();
      if (!next) break;
      const searchTexts = await next.searchTexts;
      const segments = searchTexts.map((search, i): NewSegment => ({
        ...(next.batch[i] as Passage),
        searchText: search,
        embedding: null,
      }));
      if (embedModel) await embed(segments, embedModel, run);
      pending.push(...segments);
      while (pending.length >= STAGE_ROWS) await write(pending.splice(0, STAGE_ROWS));
      await run.step();
    }
    return { count: written + pending.length, last: pending };
  }

  /**
   * The job is marked as parsing from the moment a parser process starts on its file until the last of what
   * it reads is back (a split document's last batch): a server process that dies meanwhile (the file is the
   * likely cause) has the job failed when it is taken back, not re-queued into the same crash.
   */
  const parsingMark = (run: JobRun) => async (marked: boolean) => {
    if (!(await repos.jobs.markParsing(run.job, marked))) throw new JobStopped('lost');
  };

  /** QA pairs of the first sheet that has rows, and the note of the rows skipped. */
  async function qaPassages(
    type: 'csv' | 'xlsx',
    bytes: Buffer,
    run: JobRun,
  ): Promise<{ passages: Passages; warning: string | null }> {
    const mark = parsingMark(run);
    const sheets = await parser.sheets(type, bytes, { signal: run.signal, started: () => mark(true) });
    await mark(false);
    const sheet = sheets.find((candidate) => candidate.rows.length > 0);
    if (!sheet) throw new ReasonError('FILE_EMPTY');
    const { pairs, skipped } = qaPairs(sheet.rows);
    return {
      passages: passagesOf(
        pairs.map((pair) => ({
          text: `${pair.question}\n${pair.answer}`,
          question: pair.question,
          answer: pair.answer,
        })),
      ),
      warning: skipped.length > 0 ? storedReason('QA_ROWS_SKIPPED', rowList(skipped)) : null,
    };
  }

  const ingest: JobHandler = async (job, run): Promise<JobOutcome> => {
    if (!job.datasetId || !job.fileId) throw new ReasonError('FILE_NOT_FOUND');
    const [file, dataset] = await Promise.all([
      repos.datasetFiles.get(job.tenantId, job.datasetId, job.fileId),
      repos.datasets.get(job.tenantId, job.datasetId),
    ]);
    if (!file || !dataset) throw new ReasonError('FILE_NOT_FOUND');
    const payload = JSON.parse(job.payload) as { settings?: ChunkSettings };
    const settings = payload.settings ?? settingsOf(file);
    const bytes = await readOriginal(file.storageKey);
    await run.step(0.02);

    const detected = await detectFileType(bytes, file.name);
    if (!detected) throw new ReasonError('FILE_UNSUPPORTED');
    if (detected.problem) throw new ReasonError(detected.problem);
    let passages: Passages;
    let warning: string | null = null;
    // A split document holds its parser process until its last batch is read: released whatever happens.
    let close = () => {};
    if (file.type === 'qa') {
      if (detected.type !== 'csv' && detected.type !== 'xlsx') throw new ReasonError('FILE_UNSUPPORTED');
      ({ passages, warning } = await qaPassages(detected.type, bytes, run));
    } else {
      const mark = parsingMark(run);
      // The process reads the stored original itself: its bytes need not cross the channel.
      const document = await parser.split(detected.type, { path: files.pathOf(file.storageKey) }, settings, {
        signal: run.signal,
        started: () => mark(true),
        progress: (fraction) => run.step(0.02 + 0.18 * fraction),
      });
      close = () => document.batches.close();
      passages = streamedPassages(document.total, document.batches, () => mark(false));
    }
    try {
      await run.step(0.25);
      const staging: StagingJob = {
        id: job.id,
        tenantId: job.tenantId,
        attempts: job.attempts,
        datasetId: job.datasetId,
        fileId: job.fileId,
      };
      const generation = await repos.datasetFiles.beginStaging(staging);
      if (generation === undefined) throw new JobStopped('lost');
      const purge = (upTo: number) =>
        repos.datasetFiles.purgeGenerations(job.tenantId, staging.fileId, upTo, run.closing);
      // What an earlier run on this file left (killed, or lost to another process) goes first.
      await purge(generation - 1);
      let published = false;
      try {
        const staged = await stage(passages, dataset.embeddingModel, run, staging, generation, 0.25, 0.99);
        const outcome = await repos.datasetFiles.publishSegments(staging, generation, staged, {
          embeddingModel: dataset.embeddingModel,
          settings: payload.settings,
          warning,
        });
        published = outcome === 'done';
        // Readers see the new generation now; the old one is deleted behind them.
        if (published) await purge(generation - 1);
        // The dataset's embedding model changed while this ran: its vectors are of the old one — run again.
        return outcome === 'modelChanged' ? 'again' : outcome;
      } finally {
        // Stopped, failed or refused: this run's staged rows go (when the process closes, the next run clears them).
        // A failure to delete them leaves them for the next run on the file, or the next start (purgeLeftovers).
        if (!published) await purge(generation).catch(() => 0);
      }
    } finally {
      close();
    }
  };

  // Table imports, user imports and robot clones are not the knowledge's: the worker is given their handlers
  // beside these (job-worker.ts).
  const notKnowledge: JobHandler = async () => {
    throw new ReasonError('JOB_FAILED');
  };
  return {
    parseFile: ingest,
    reindexFile: ingest,
    importQa: ingest,
    importTable: notKnowledge,
    importUsers: notKnowledge,
    cloneRobots: notKnowledge,
    analyzeCaseFile: notKnowledge,
    compareRobots: notKnowledge,
  };
}
