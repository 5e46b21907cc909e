import { readFile } from 'node:fs/promises';
import type { DocumentType } from './file-types';
import { documentText, tableSheets, type Sheet } from './parsers/index';
import { ReasonError, type Reason } from './reasons';
import { splitText, type SplitSettings } from './split';
import { checkTable, type TableCheck, type TableCheckOptions } from './table-import/check';
import { tableGrid, type Grid } from './table-import/grid';
import { checkZipBudget, type ZipBudget } from './zip-budget';

/** A file on the server's disk, read by the parser process itself (its bytes then never cross the IPC channel). */
export type StoredFile = { path: string };
/** The most a batch of segments holds: whichever limit comes first (a batch holds one segment at least). */
export type BatchLimits = { characters: number; segments: number };

/**
 * What a parser process is asked (one parse at a time): a document's text, a table's sheets, or a document's
 * segments (split here; `limit`: send only the first ones). While it holds a document's segments, `more` asks
 * for the next batch and `stop` drops the rest.
 */
export type ParseRequest =
  | { kind: 'text'; type: DocumentType; bytes: Uint8Array }
  | { kind: 'sheets'; type: 'csv' | 'xlsx'; bytes: Uint8Array }
  | { kind: 'table'; type: 'csv' | 'xlsx'; file: Uint8Array | StoredFile; check: TableCheckOptions }
  | { kind: 'grid'; type: 'csv' | 'xlsx'; file: Uint8Array | StoredFile; maxRows: number }
  | {
      kind: 'split';
      type: DocumentType;
      file: Uint8Array | StoredFile;
      settings: SplitSettings;
      batch: BatchLimits;
      limit?: number;
    }
  | { kind: 'more' }
  | { kind: 'stop' };
/**
 * What it answers: ready once (its parsers loaded); then per request progress (PDF pages), and the result or
 * a reason the user can act on — for a split, how many segments and characters there are, then one batch
 * per `more`, in order, the last one marked (after a `stop`, an empty last one).
 */
export type ParseResponse =
  | { kind: 'ready' }
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; result: string | Sheet[] | TableCheck | Grid }
  | { kind: 'split'; total: number; characters: number }
  | { kind: 'batch'; segments: string[]; last: boolean }
  | { kind: 'failed'; reason: Reason; detail?: string };

const budget = JSON.parse(process.argv[2] ?? '{}') as ZipBudget;
const post = (response: ParseResponse): void => {
  process.send?.(response);
};

/** The segments of the split in progress not sent yet, and where the next batch starts. */
let held: { segments: string[]; next: number; batch: BatchLimits } | undefined;

function text(type: DocumentType, bytes: Uint8Array): Promise<string> {
  return documentText(type, bytes, async (fraction) => post({ kind: 'progress', fraction }));
}

async function bytesOf(file: Uint8Array | StoredFile): Promise<Uint8Array> {
  if (!('path' in file)) return file;
  try {
    return await readFile(file.path);
  } catch {
    throw new ReasonError('FILE_ORIGINAL_MISSING');
  }
}

async function parse(request: ParseRequest & { kind: 'text' | 'sheets' | 'table' | 'grid' | 'split' }): Promise<void> {
  const bytes = 'file' in request ? await bytesOf(request.file) : request.bytes;
  // Zips are held to the budget before a parser inflates them; memory is held by this process's heap limit, time by the pool.
  if (request.type === 'docx' || request.type === 'xlsx') await checkZipBudget(bytes, budget);
  if (request.kind === 'sheets') return post({ kind: 'done', result: await tableSheets(request.type, bytes) });
  if (request.kind === 'table')
    return post({ kind: 'done', result: checkTable(await tableGrid(request.type, bytes), request.check) });
  if (request.kind === 'grid')
    return post({ kind: 'done', result: await tableGrid(request.type, bytes, request.maxRows) });
  if (request.kind === 'text') return post({ kind: 'done', result: await text(request.type, bytes) });
  // Split here, not in the server: the whole text is never sent, and splitting a large one takes a few hundred ms.
  const document = await text(request.type, bytes);
  const segments = splitText(document, request.settings);
  held = {
    segments: request.limit === undefined ? segments : segments.slice(0, request.limit),
    next: 0,
    batch: request.batch,
  };
  post({ kind: 'split', total: segments.length, characters: document.length });
}

/** The next batch of the held segments: up to `batch.segments` of them and `batch.characters` in all. */
function nextBatch(): void {
  if (!held) return;
  const { segments, batch } = held;
  let end = held.next;
  let characters = 0;
  while (end < segments.length && end - held.next < batch.segments) {
    characters += (segments[end] as string).length;
    if (characters > batch.characters && end > held.next) break;
    end++;
  }
  const last = end >= segments.length;
  post({ kind: 'batch', segments: segments.slice(held.next, end), last });
  held.next = end;
  if (last) held = undefined;
}

// The body of a parser process (parse-pool.ts); it ends with the server (when its channel closes).
process.on('disconnect', () => process.exit(0));
process.on('message', (request: ParseRequest) => {
  if (request.kind === 'more') return nextBatch();
  if (request.kind === 'stop') {
    if (held) post({ kind: 'batch', segments: [], last: true });
    held = undefined;
    return;
  }
  held = undefined;
  parse(request).catch((error: unknown) => {
    if (error instanceof ReasonError) return post({ kind: 'failed', reason: error.reason, detail: error.detail });
    // A parser that throws by itself (its stack overflows on HTML nested 5,000 deep, say) could not read the
    // file: the user gets a reason, the server's log the error.
    process.stderr.write(`parser: ${request.type}: ${error instanceof Error ? error.message : String(error)}\n`);
    post({ kind: 'failed', reason: 'FILE_CORRUPT' });
  });
});
post({ kind: 'ready' });
