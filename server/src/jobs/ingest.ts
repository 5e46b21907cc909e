import { readFile } from 'node:fs/promises';
import type { ChunkSettings, TaskType } from '@flotilla/shared/contracts';
import { detectFileType } from '../knowledge/file-types';
import type { DocumentParser, ParseOptions } from '../knowledge/parse-pool';
import { qaPairs } from '../knowledge/parsers/index';
import { ReasonError, rowList, storedReason } from '../knowledge/reasons';
import { splitText } from '../knowledge/split';
import { sharedTokenizer, type Tokenizer } from '../knowledge/tokenize-pool';
import { settingsOf, type NewSegment } from '../plugins/app/datasets/dataset-files-repository';
import type { Repositories } from '../plugins/app/repositories';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';
import { toBytes, type Embedder } from '../search/embeddings';
import { JobStopped, type JobHandler, type JobOutcome, type JobRun } from './worker';

/** Segments tokenised between two steps (~50k characters: ~10 ms of a tokenizer thread). */
const TOKENIZE_BATCH = 100;
/**
 * Batches a job keeps queued at the tokenizer threads. Enough that they never run dry while the main thread
 * is busy elsewhere — a commit of a large file holds it for ~100 ms, longer than two batches last (with two,
 * the tokenizer sat idle half the time and ingestion of large documents ran at 3.7 MB/s; with 16, 6.0) — and
 * few enough that a large file's batches do not keep other jobs' waiting long.
 */
const BATCHES_IN_FLIGHT = 16;
/** Texts per embeddings request between two steps. */
const EMBED_BATCH = 64;

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

/**
 * The handlers of the knowledge jobs: parseFile (a new upload), reindexFile (again, maybe with new settings)
 * and importQa (a csv/xlsx of QA pairs). All read the stored original, check its type by content, parse it,
 * split it (or read its pairs), tokenise each segment for full-text search, compute vectors when the dataset
 * has an embedding model, and write everything in one transaction at the end (commitSegments). What the user
 * can fix (empty, encrypted, damaged, unsupported, over the parse budget, no valid QA rows) fails the job and
 * the file with a reason; nothing else changes.
 */
export function ingestHandlers({ repos, files, embedder, parser, tokenizer = sharedTokenizer() }: Dependencies): Record<TaskType, JobHandler> {
  async function readOriginal(key: string): Promise<Buffer> {
    try {
      return await readFile(files.pathOf(key));
    } catch {
      throw new ReasonError('FILE_ORIGINAL_MISSING');
    }
  }

  /** Search tokens and vectors of the passages, step by step from progress `from` to `to`. */
  async function prepare(passages: Passage[], model: string | null, run: JobRun, from: number, to: number): Promise<NewSegment[]> {
    const embed = model !== null && embedder.has(model);
    const tokenizeEnd = embed ? from + (to - from) / 2 : to;
    const texts = passages.map((passage) => (passage.question ? `${passage.question}\n` : '') + passage.text);
    const tokenized = (start: number) => {
      const batch = tokenizer.searchTexts(texts.slice(start, start + TOKENIZE_BATCH));
      // A batch still in flight when the run stops is dropped without an unhandled rejection.
      batch.catch(() => undefined);
      return batch;
    };
    const segments: NewSegment[] = [];
    // BATCHES_IN_FLIGHT batches queued at the tokenizer; one more is sent as each comes back.
    const inFlight: Array<Promise<string[]>> = [];
    let sent = 0;
    for (let start = 0; start < passages.length; start += TOKENIZE_BATCH) {
      while (inFlight.length < BATCHES_IN_FLIGHT && sent < passages.length) {
        inFlight.push(tokenized(sent));
        sent += TOKENIZE_BATCH;
      }
      const searchTexts = await (inFlight.shift() as Promise<string[]>);
      searchTexts.forEach((search, i) => {
        const passage = passages[start + i] as Passage;
        segments.push({ ...passage, searchText: search, embedding: null });
      });
      await run.step(from + ((tokenizeEnd - from) * segments.length) / passages.length);
    }
    if (!embed) return segments;
    for (let start = 0; start < segments.length; start += EMBED_BATCH) {
      const batch = segments.slice(start, start + EMBED_BATCH);
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(model, batch.map((segment) => segment.text), run.signal);
      } catch (error) {
        if (run.signal.aborted) throw error;
        throw new ReasonError('EMBEDDING_FAILED');
      }
      batch.forEach((segment, i) => {
        const vector = vectors[i];
        segment.embedding = vector ? toBytes(vector) : null;
      });
      await run.step(tokenizeEnd + ((to - tokenizeEnd) * Math.min(segments.length, start + EMBED_BATCH)) / segments.length);
    }
    return segments;
  }

  /**
   * Parses the job's file with the job marked as parsing from the moment a parser process starts on it until
   * the result is back: a server process that dies meanwhile (the file is the likely cause) has the job failed
   * when it is taken back, not re-queued into the same crash.
   */
  async function parsing<T>(run: JobRun, parse: (options: ParseOptions) => Promise<T>): Promise<T> {
    const mark = async (marked: boolean) => {
      if (!(await repos.jobs.markParsing(run.job, marked))) throw new JobStopped('lost');
    };
    const parsed = await parse({ signal: run.signal, started: () => mark(true) });
    await mark(false);
    return parsed;
  }

  /** QA pairs of the first sheet that has rows, and the note of the rows skipped. */
  async function qaPassages(type: 'csv' | 'xlsx', bytes: Buffer, run: JobRun): Promise<{ passages: Passage[]; warning: string | null }> {
    const sheets = await parsing(run, (options) => parser.sheets(type, bytes, options));
    const sheet = sheets.find((candidate) => candidate.rows.length > 0);
    if (!sheet) throw new ReasonError('FILE_EMPTY');
    const { pairs, skipped } = qaPairs(sheet.rows);
    return {
      passages: pairs.map((pair) => ({ text: `${pair.question}\n${pair.answer}`, question: pair.question, answer: pair.answer })),
      warning: skipped.length > 0 ? storedReason('QA_ROWS_SKIPPED', rowList(skipped)) : null,
    };
  }

  const ingest: JobHandler = async (job, run): Promise<JobOutcome> => {
    if (!job.datasetId || !job.fileId) throw new ReasonError('FILE_NOT_FOUND');
    const [file, dataset] = await Promise.all([repos.datasetFiles.get(job.tenantId, job.datasetId, job.fileId), repos.datasets.get(job.tenantId, job.datasetId)]);
    if (!file || !dataset) throw new ReasonError('FILE_NOT_FOUND');
    const payload = JSON.parse(job.payload) as { settings?: ChunkSettings };
    const settings = payload.settings ?? settingsOf(file);
    const bytes = await readOriginal(file.storageKey);
    await run.step(0.02);

    const detected = await detectFileType(bytes, file.name);
    if (!detected) throw new ReasonError('FILE_UNSUPPORTED');
    if (detected.problem) throw new ReasonError(detected.problem);
    let passages: Passage[];
    let warning: string | null = null;
    if (file.type === 'qa') {
      if (detected.type !== 'csv' && detected.type !== 'xlsx') throw new ReasonError('FILE_UNSUPPORTED');
      ({ passages, warning } = await qaPassages(detected.type, bytes, run));
    } else {
      const type = detected.type;
      const text = await parsing(run, (options) => parser.text(type, bytes, { ...options, progress: (fraction) => run.step(0.02 + 0.18 * fraction) }));
      await run.step(0.2);
      passages = splitText(text, settings).map((segment) => ({ text: segment, question: null, answer: null }));
    }
    await run.step(0.25);

    const segments = await prepare(passages, dataset.embeddingModel, run, 0.25, 0.95);
    const outcome = await repos.datasetFiles.commitSegments({ id: job.id, tenantId: job.tenantId, attempts: job.attempts, datasetId: job.datasetId, fileId: job.fileId }, segments, {
      embeddingModel: dataset.embeddingModel,
      settings: payload.settings,
      warning,
    });
    // The dataset's embedding model changed while this ran: its vectors are of the old one — run again.
    return outcome === 'modelChanged' ? 'again' : outcome;
  };

  return { parseFile: ingest, reindexFile: ingest, importQa: ingest };
}
