import type { DocumentType } from './file-types';
import { documentText, tableSheets, type Sheet } from './parsers/index';
import { ReasonError, type Reason } from './reasons';
import { checkZipBudget, type ZipBudget } from './zip-budget';

/** What a parser process is asked (one at a time): a document's text, or a table's sheets. */
export type ParseRequest = { kind: 'text'; type: DocumentType; bytes: Uint8Array } | { kind: 'sheets'; type: 'csv' | 'xlsx'; bytes: Uint8Array };
/** What it answers: ready once (its parsers loaded); then per request progress (PDF pages), and the result or a reason the user can act on. */
export type ParseResponse =
  | { kind: 'ready' }
  | { kind: 'progress'; fraction: number }
  | { kind: 'done'; result: string | Sheet[] }
  | { kind: 'failed'; reason: Reason; detail?: string };

const budget = JSON.parse(process.argv[2] ?? '{}') as ZipBudget;
const post = (response: ParseResponse): void => {
  process.send?.(response);
};

async function parse(request: ParseRequest): Promise<string | Sheet[]> {
  // Zips are held to the budget before a parser inflates them; memory is held by this process's heap limit, time by the pool.
  if (request.type === 'docx' || request.type === 'xlsx') await checkZipBudget(request.bytes, budget);
  if (request.kind === 'sheets') return tableSheets(request.type, request.bytes);
  return documentText(request.type, request.bytes, async (fraction) => post({ kind: 'progress', fraction }));
}

// The body of a parser process (parse-pool.ts); it ends with the server (when its channel closes).
process.on('disconnect', () => process.exit(0));
process.on('message', (request: ParseRequest) => {
  parse(request).then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => {
      if (error instanceof ReasonError) return post({ kind: 'failed', reason: error.reason, detail: error.detail });
      // A parser that throws by itself (its stack overflows on HTML nested 5,000 deep, say) could not read the
      // file: the user gets a reason, the server's log the error.
      process.stderr.write(`parser: ${request.type}: ${error instanceof Error ? error.message : String(error)}\n`);
      post({ kind: 'failed', reason: 'FILE_CORRUPT' });
    },
  );
});
post({ kind: 'ready' });
