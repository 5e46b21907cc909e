/**
 * What reading one uploaded file may cost. An upload of at most FLOTILLA_MAX_FILE_MB can still expand to far
 * more than the server can hold (a docx or xlsx is a zip: 600 KB of deflated XML can be 200 MB of text), so
 * every parse runs in a parser process (knowledge/parse-pool.ts) within these limits, and a file over any of them fails with
 * FILE_TOO_COMPLEX instead of taking the server down.
 */
export type ParseBudget = {
  /** Sum of the sizes a docx/xlsx zip declares for its entries once inflated (checked before inflating). */
  expandedBytes: number;
  /** Entries in a docx/xlsx zip. */
  entries: number;
  /** Inflated size over compressed size of one entry (checked only on entries larger than RATIO_FLOOR_BYTES). */
  ratio: number;
  /** Wall-clock time of one parse; its process is killed past it. */
  timeMs: number;
  /** Heap of a parser process (V8's old generation); the process dies past it, the server does not. */
  memoryMb: number;
};

/**
 * The defaults. A real 50 MB docx (pictures, stored already compressed) expands to little more than its size,
 * a text-heavy one about 5-10×, a spreadsheet up to ~50×; 100 MB of XML is thousands of pages, and the
 * parsers hold a few times the text they read, hence 512 MB of heap.
 */
export const PARSE_BUDGET: ParseBudget = {
  expandedBytes: 100 * 1024 * 1024,
  entries: 10_000,
  ratio: 200,
  timeMs: 60_000,
  memoryMb: 512,
};

/** Entries smaller than this are not held to the ratio: a small part full of zeros is harmless. */
export const RATIO_FLOOR_BYTES = 1024 * 1024;
