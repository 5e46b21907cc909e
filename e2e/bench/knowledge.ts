// Knowledge search bench (part of `pnpm bench`): a generated mixed Chinese/English corpus is ingested
// by the server's own parse jobs — each document stored as an uploaded .txt original with its dataset file
// and queued job, then run by a JobWorker with the handlers the server registers (read the original, check
// its type, split, tokenise on the tokenizer threads, write the segments in short transactions and publish
// them at once) — into a fresh SQLite database, then searched at 10k and 100k segments through the search the API uses, next to the same query as a raw
// FTS5 statement on the same database (the floor); last, small files are ingested and timed on their own.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { scoped } from '../../server/src/db/scoped';
import { ingestHandlers } from '../../server/src/jobs/ingest';
import { JobWorker } from '../../server/src/jobs/worker';
import { normaliseText } from '../../server/src/knowledge/parsers/text';
import { splitText } from '../../server/src/knowledge/split';
import { sharedTokenizer } from '../../server/src/knowledge/tokenize-pool';
import type { Repositories } from '../../server/src/plugins/app/repositories';
import { UploadFiles } from '../../server/src/plugins/app/uploads/upload-files';
import { originalKey } from '../../server/src/routes/datasets/dataset-access';
import { TOTAL_LIMIT } from '../../server/src/plugins/app/segments/segments-repository';
import { ftsMatch, queryTerms } from '../../server/src/search/query';
import { searchSegments } from '../../server/src/search/segment-search';
import { seededRandom as random } from '../../server/test/support/seeded-random';

const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
type RawDatabase = { prepare(sql: string): { all(...params: unknown[]): unknown[] }; close(): void };
const SQLite = serverRequire('better-sqlite3') as new (file: string, options?: { readonly?: boolean }) => RawDatabase;

const SIZES = (process.env.BENCH_KNOWLEDGE_SIZES ?? '10000,100000').split(',').map(Number);
/**
 * Parse jobs run at a time, as FLOTILLA_JOB_WORKERS sets it for the server (default 4): several files in
 * flight, so the tokenizer thread has text while the main thread commits another job's segments.
 */
const JOB_WORKERS = Number(process.env.BENCH_KNOWLEDGE_JOB_WORKERS ?? loadConfig({}).jobWorkers);
const QUERIES = 300;
const SMALL_PARAGRAPHS = 12;
/** Paragraphs a query's words are drawn from: a page, the average small file. */
const QUERY_SPAN = 18;
/** Small files ingested after the last search, timed on their own: what the per-file work costs. */
const SMALL_FILES = 400;
const SETTINGS = { chunkSize: 500, overlap: 50, separators: [] as string[] };

const ENGLISH = (
  'order return refund policy shipping delivery account password login phone code product stock price discount warranty repair ' +
  'exchange quality issue complaint courier address invoice payment card bank wallet balance coupon member points customer service ' +
  'center hotline email online support reply hours days business holiday fee free signed rejected damaged compensation apply review ' +
  'approved failed process rule store channel purchase checkout credit installment rating package accessory manual label tracking ' +
  'delay express install pickup warehouse inspection priority contract transfer battery charger screen cable headphone speaker camera ' +
  'laptop tablet watch keyboard mouse printer router adapter the to and of a in for is on your you we with can please'
).split(' ');
const SYLLABLES = 'ka ri to mo na be lu so vi de ra en or al in ex pro tor ly ion ent ic ar um os ix an'.split(' ');

/** Chinese words from jieba's own dictionary (common first), English from a customer-service list plus product-like names. */
function vocabulary(): { chinese: string[]; english: string[] } {
  const { dict } = serverRequire('@node-rs/jieba/dict') as { dict: Uint8Array };
  const words: Array<[string, number]> = [];
  for (const line of Buffer.from(dict).toString('utf8').split('\n')) {
    const [word, freq, tag] = line.split(' ');
    if (word && tag && /^[\u4e00-\u9fff]{2,4}$/.test(word) && /^(n|v|vn|a|d)$/.test(tag) && Number(freq) >= 50)
      words.push([word, Number(freq)]);
  }
  words.sort((a, b) => b[1] - a[1]);
  const next = random(3);
  const english = [...ENGLISH];
  while (english.length < 4000)
    english.push(
      Array.from({ length: 2 + Math.floor(next() * 3) }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join(
        '',
      ),
    );
  return { chinese: words.slice(0, 30_000).map(([word]) => word), english };
}

/**
 * Documents of paragraphs of sentences, 70% Chinese words; word frequencies fall off like a natural text's.
 * Their sizes vary as a knowledge base's do, from one-page FAQs to long manuals (anyDocument).
 * Queries are known-item queries (Azzopardi et al.): one to three distinct words of a stored passage of
 * QUERY_SPAN paragraphs (what someone remembers of a page; a whole long manual's words would make rarer,
 * easier queries), some wrapped in a question.
 */
export function corpus() {
  const { chinese, english } = vocabulary();
  const next = random(1);
  const pick = (list: string[]) => list[Math.min(list.length - 1, Math.floor(next() ** 3 * list.length))] as string;
  const word = () =>
    next() < 0.7 ? { text: pick(chinese), zh: true } : { text: pick(english) + (next() < 0.15 ? 's' : ''), zh: false };
  /** The words of each passage of QUERY_SPAN paragraphs stored: a query's words come from one of them. */
  const stored: Array<Map<string, boolean>> = [];
  const sentence = (words: Map<string, boolean>) => {
    let text = '';
    for (let i = 0, n = 8 + Math.floor(next() * 16); i < n; i++) {
      const w = word();
      words.set(w.text, w.zh);
      text += w.zh ? w.text : `${text && !text.endsWith(' ') ? ' ' : ''}${w.text} `;
      if (next() < 0.1) text = `${text.trimEnd()}，`;
    }
    return text.trim() + (next() < 0.7 ? '。' : '. ');
  };
  /** A document of `paragraphs` paragraphs (~370 bytes each). */
  const document = (paragraphs: number) => {
    let words = new Map<string, boolean>();
    const text = Array.from({ length: paragraphs }, (_, i) => {
      if (i % QUERY_SPAN === 0) stored.push((words = new Map()));
      return Array.from({ length: 3 + Math.floor(next() * 4) }, () => sentence(words)).join('');
    }).join('\n\n');
    return text;
  };
  /** A knowledge base's mix: 12 to 384 paragraphs (~9 to ~290 KB), log-uniform — as many one-page FAQs as long manuals per size class. */
  const anyDocument = () => document(Math.round(SMALL_PARAGRAPHS * 32 ** next()));
  /** A one-page FAQ: 12 to 24 paragraphs (~9 KB). */
  const smallDocument = () => document(SMALL_PARAGRAPHS + Math.floor(next() * SMALL_PARAGRAPHS));
  const queries = (count: number) =>
    Array.from({ length: count }, () => {
      const words = [...(stored[Math.floor(next() * stored.length)] as Map<string, boolean>)];
      const chosen = Array.from(
        { length: 1 + Math.floor(next() * 3) },
        () => words[Math.floor(next() * words.length)] as [string, boolean],
      );
      const zh = chosen.every(([, isChinese]) => isChinese);
      const text = chosen.map(([w]) => w).join(zh ? '' : ' ');
      const wrap = next();
      if (wrap < 0.15) return zh ? `请问${text}怎么办？` : `how do I ${text}?`;
      if (wrap < 0.3) return zh ? `${text}是什么意思` : `what is ${text}`;
      return text;
    });
  return { anyDocument, smallDocument, queries };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
};

export type KnowledgeBench = { lines: string[] };

/** One timed ingestion: its files and bytes, wall time, and the busy time of the threads. */
type Ingestion = {
  files: number;
  bytes: number;
  ms: number;
  mainBusyMs: number;
  commitMs: number;
  tokenizerBusyMs: number;
};

/** The ingestion line's figures: MB/s of text, files/s, and how busy the threads were. */
function ingestionFigures(run: Ingestion): { mbPerS: string; filesPerS: string; threads: string } {
  const share = (ms: number) => `${Math.round((100 * ms) / run.ms)}%`;
  return {
    mbPerS: `${(run.bytes / 1e6 / (run.ms / 1000)).toFixed(2)} MB/s`,
    filesPerS: `${Math.round(run.files / (run.ms / 1000))} files/s`,
    threads: `main thread busy ${share(run.mainBusyMs)} (writing segments ${share(run.commitMs)}), tokenizer thread busy ${share(run.tokenizerBusyMs)}`,
  };
}

/** Runs the knowledge bench in a temporary folder and returns its report lines. */
export async function benchKnowledge(): Promise<KnowledgeBench> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flotilla-bench-knowledge-'));
  // The server as it runs, on SQLite in dataDir; its own job worker runs nothing (jobWorkers 0): the bench
  // starts the same worker below, once each size's files are queued, and times it.
  const app = await buildApp({
    ...loadConfig({}),
    dataDir,
    databaseUrl: undefined,
    logLevel: 'warn',
    adminPassword: 'bench-password-1',
    staticDir: dataDir,
    jobWorkers: 0,
  });
  await app.ready();
  const raw = new SQLite(join(dataDir, 'flotilla.db'), { readonly: true });
  try {
    const { db } = app;
    const now = new Date().toISOString();
    const tenantId = randomUUID();
    const datasetId = randomUUID();
    await db.insertInto('tenants').values({ id: tenantId, name: 'bench', createdAt: now }).execute();
    await scoped(db, tenantId)
      .insertInto('datasets', {
        id: datasetId,
        name: 'bench',
        description: '',
        fileCount: 0,
        segmentCount: 0,
        chunkSize: 500,
        overlap: 50,
        separators: '[]',
        embeddingModel: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const { segments } = app.repos;
    const embedder = app.embedder;
    const uploads = new UploadFiles(dataDir);
    const tokenizer = sharedTokenizer();
    // The tokenizer thread starts (and loads jieba's dictionary) once per process, not per file.
    await tokenizer.searchTexts(['预热 warm-up']);
    // The writes of segments (staged, published, old ones deleted) are timed where the parse job calls them;
    // nothing else differs from the server's handlers.
    let commitMs = 0;
    const files = app.repos.datasetFiles;
    const timed =
      <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        const started = performance.now();
        try {
          return await write(...args);
        } finally {
          commitMs += performance.now() - started;
        }
      };
    const repos: Repositories = {
      ...app.repos,
      datasetFiles: {
        ...files,
        stageSegments: timed(files.stageSegments),
        publishSegments: timed(files.publishSegments),
        purgeGenerations: timed(files.purgeGenerations),
      },
    };
    const handlers = ingestHandlers({ repos, files: uploads, embedder, parser: app.parser, tokenizer });
    const { anyDocument, smallDocument, queries } = corpus();

    let stored = 0;
    let documents = 0;
    /**
     * Uploads documents until `enough` (of the documents and segments so far) holds, then times their parse jobs,
     * JOB_WORKERS at a time, from the first claim to the last commit, and checks every segment was stored.
     */
    async function ingest(
      document: () => string,
      enough: (documents: number, segments: number) => boolean,
    ): Promise<Ingestion> {
      // Uploads (not timed): each document stored where the upload route stores originals, with the file row
      // and queued job the route creates (written without the route's fsync: the bench's setup, not its measure).
      const jobs: string[] = [];
      let bytes = 0;
      let expected = stored;
      while (!enough(jobs.length, expected)) {
        const text = document();
        const fileId = randomUUID();
        const storageKey = originalKey(tenantId, fileId);
        mkdirSync(dirname(uploads.pathOf(storageKey)), { recursive: true });
        writeFileSync(uploads.pathOf(storageKey), text);
        const { job } = await files.create(tenantId, {
          id: fileId,
          datasetId,
          catalogueId: null,
          name: `doc-${documents++}.txt`,
          type: 'txt',
          size: Buffer.byteLength(text),
          contentType: 'text/plain',
          storageKey,
          settings: SETTINGS,
          createdBy: 'bench',
          jobType: 'parseFile',
        });
        jobs.push(job.id);
        bytes += Buffer.byteLength(text);
        // What the job will store (it normalises the text it reads before splitting): checked after the run.
        expected += splitText(normaliseText(text), SETTINGS).length;
      }

      const worker = new JobWorker({
        repo: app.repos.jobs,
        handlers,
        workers: JOB_WORKERS,
        heartbeatMs: app.config.jobHeartbeatMs,
        stepDelayMs: 0,
        log: app.log,
      });
      const main = performance.eventLoopUtilization();
      const tokenizerBusy = tokenizer.busyMs();
      const commitsBefore = commitMs;
      const started = performance.now();
      worker.start();
      // Until no job is left: one count every 20 ms (the jobs_status index answers it).
      const left = () =>
        db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
      while (Number((await left()).n) > 0) await sleep(20);
      const run = {
        files: jobs.length,
        bytes,
        ms: performance.now() - started,
        mainBusyMs: performance.eventLoopUtilization(main).active,
        commitMs: commitMs - commitsBefore,
        tokenizerBusyMs: tokenizer.busyMs() - tokenizerBusy,
      };
      await worker.stop();
      const failed = await scoped(db, tenantId)
        .selectFrom('jobs')
        .select(['id', 'status', 'error'])
        .where('id', 'in', jobs)
        .where('status', '!=', 'done')
        .execute();
      if (failed.length > 0) throw new Error(`parse jobs not done: ${JSON.stringify(failed.slice(0, 3))}`);
      stored = Number(
        (
          await db
            .selectFrom('segments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (stored !== expected) throw new Error(`${stored} segments stored, ${expected} expected`);
      return run;
    }

    const ingested: Ingestion = { files: 0, bytes: 0, ms: 0, mainBusyMs: 0, commitMs: 0, tokenizerBusyMs: 0 };
    const lines: string[] = [];
    for (const size of SIZES) {
      const run = await ingest(anyDocument, (_, segments) => segments >= size);
      for (const key of Object.keys(ingested) as Array<keyof Ingestion>) ingested[key] += run[key];

      // The floor: FTS5's fastest plain ranking of the same terms — bm25() kept by SQLite's top-10 sorter.
      // Shown too: FTS5's documented `order by rank`, which sorts every match with its positions (slower).
      const rawQuery = raw.prepare(
        'select rowid, bm25(segments_fts) as score from segments_fts where segments_fts match ? order by score limit 10',
      );
      const rankQuery = raw.prepare(
        'select rowid, rank from segments_fts where segments_fts match ? order by rank limit 10',
      );
      // The dataset as the route reads it.
      const datasets = await segments.datasets(tenantId, [datasetId]);
      const search = (query: string, withTotal: boolean) =>
        searchSegments({ segments, embedder }, tenantId, {
          datasets,
          query,
          mode: 'fulltext',
          offset: 0,
          limit: 10,
          withTotal,
        });
      // Warm-up on other queries of the same kind: caches as a running server has them, not the answers themselves.
      for (const query of queries(QUERIES)) {
        await search(query, true);
        rawQuery.all(ftsMatch(queryTerms(query)));
        rankQuery.all(ftsMatch(queryTerms(query)));
      }
      const questions = queries(QUERIES);
      const api: number[] = [];
      const robots: number[] = [];
      const floor: number[] = [];
      const byRank: number[] = [];
      let hits = 0;
      for (const query of questions) {
        const match = ftsMatch(queryTerms(query));
        let started = performance.now();
        rawQuery.all(match);
        floor.push(performance.now() - started);
        started = performance.now();
        rankQuery.all(match);
        byRank.push(performance.now() - started);
        // Each way first every other time: neither gets the other's cache.
        for (const withTotal of api.length % 2 ? [true, false] : [false, true]) {
          started = performance.now();
          const { total } = await search(query, withTotal);
          (withTotal ? api : robots).push(performance.now() - started);
          if (withTotal) hits += total;
        }
      }
      const ms = (values: number[]) =>
        `p50 ${percentile(values, 0.5).toFixed(2)} ms, p95 ${percentile(values, 0.95).toFixed(2)} ms`;
      const ratio = (values: number[]) =>
        `ratio p50 ${(percentile(values, 0.5) / percentile(floor, 0.5)).toFixed(2)}, p95 ${(percentile(values, 0.95) / percentile(floor, 0.95)).toFixed(2)}`;
      const label = `search ${String(Math.round(stored / 1000)).padStart(3)}k segments:`.padEnd(27);
      lines.push(
        `${label}${ms(api)} (searchSegments, full-text, page of 10 + total: the API); raw FTS5 (bm25() top 10) ${ms(floor)} → ${ratio(api)}   (target p95 ≤ 20 ms at 100k, ratio ≤ 2; ${QUERIES} queries, ${Math.round(hits / QUERIES)} hits each on average, total counted up to ${TOTAL_LIMIT})`,
        `${''.padEnd(27)}${ms(robots)} without the total (a robot's knowledge search) → ${ratio(robots)}`,
        `${''.padEnd(27)}raw FTS5 \`order by rank\` ${ms(byRank)} → the API's ratio to it p50 ${(percentile(api, 0.5) / percentile(byRank, 0.5)).toFixed(2)}, p95 ${(percentile(api, 0.95) / percentile(byRank, 0.95)).toFixed(2)}`,
      );
    }
    // Small files on their own, into the full database: what each file's own work (its job, its transaction) costs.
    const ingestedSegments = stored;
    const small = await ingest(smallDocument, (files) => files >= SMALL_FILES);
    const all = ingestionFigures(ingested);
    const few = ingestionFigures(small);
    const server = `the server's parse jobs, ${JOB_WORKERS} at a time (FLOTILLA_JOB_WORKERS=${JOB_WORKERS}, the server's default is ${loadConfig({}).jobWorkers}), from the stored original to the commit`;
    lines.unshift(
      `knowledge ingestion:       ${all.mbPerS} of text (${(ingested.bytes / 1e6).toFixed(1)} MB in ${ingested.files} .txt files of ~9 to ~290 KB → ${ingestedSegments} segments of ≤ 500 characters; ${server}; ${all.threads})   (target ≥ 5 MB/s)`,
      `${''.padEnd(27)}small files alone: ${few.mbPerS}, ${few.filesPerS} (${small.files} files of ~9 KB, ${(small.bytes / 1e6).toFixed(1)} MB, into the ${Math.round(ingestedSegments / 1000)}k-segment dataset; ${few.threads})`,
    );
    return { lines };
  } finally {
    raw.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/knowledge.ts`: this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { lines } = await benchKnowledge();
  console.log(`\n${lines.join('\n')}\n`);
}
