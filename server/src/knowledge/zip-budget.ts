import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { RATIO_FLOOR_BYTES, type ParseBudget } from '../lib/parse-budget';
import { ReasonError } from './reasons';

/** The part of the budget a zip is held to before any parser inflates it. */
export type ZipBudget = Pick<ParseBudget, 'expandedBytes' | 'entries' | 'ratio'>;

/**
 * Checks a docx/xlsx container against the budget before a parser unzips it (the parsers inflate every part
 * into memory with no limit of their own): from the central directory, the entry count, the declared
 * inflated size of all entries, and each large entry's compression ratio → FILE_TOO_COMPLEX. Then every entry
 * is inflated once and thrown away, with yauzl holding it to its declared size, so a zip that understates
 * its sizes (to pass the first check) is refused as FILE_CORRUPT before a parser trusts it.
 */
export async function checkZipBudget(bytes: Uint8Array, budget: ZipBudget): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      autoClose: false,
      validateEntrySizes: true,
    });
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
  try {
    if (zip.entryCount > budget.entries) throw new ReasonError('FILE_TOO_COMPLEX');
    const entries = await declaredEntries(zip, budget);
    for (const entry of entries) await inflateToNothing(zip, entry);
  } finally {
    zip.close();
  }
}

/** The entries of the central directory, once their count, sizes and ratios are within the budget. */
async function declaredEntries(zip: ZipFile, budget: ZipBudget): Promise<Entry[]> {
  const entries: Entry[] = [];
  let expanded = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      expanded += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (
        entries.length >= budget.entries ||
        expanded > budget.expandedBytes ||
        (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > budget.ratio)
      ) {
        throw new ReasonError('FILE_TOO_COMPLEX');
      }
      entries.push(entry);
    }
  } catch (error) {
    if (error instanceof ReasonError) throw error;
    throw new ReasonError('FILE_CORRUPT');
  }
  return entries;
}

/** Inflates an entry, keeping nothing: yauzl fails the stream when it yields more (or fewer) bytes than declared. */
async function inflateToNothing(zip: ZipFile, entry: Entry): Promise<void> {
  if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new ReasonError('FILE_CORRUPT');
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream) void chunk;
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
}
