/** One dataset's stored vectors, laid out for a scan: row i is `vectors[i * dimensions … (i + 1) * dimensions)`. */
export type DatasetVectors = {
  ids: string[];
  fileIds: Array<string | null>;
  dimensions: number;
  vectors: Float32Array;
};

/** Rows of segments with a stored vector, as the database gives them. */
export type VectorRow = { id: string; fileId: string | null; embedding: Uint8Array };

/**
 * Packs rows into one Float32Array. A row whose vector has another length than the first (left from an
 * earlier model, while a re-index is under way) is left out.
 */
export function packVectors(rows: VectorRow[]): DatasetVectors {
  const dimensions = rows.length > 0 ? (rows[0] as VectorRow).embedding.byteLength / Float32Array.BYTES_PER_ELEMENT : 0;
  const kept = rows.filter((row) => row.embedding.byteLength === dimensions * Float32Array.BYTES_PER_ELEMENT);
  const vectors = new Float32Array(kept.length * dimensions);
  const bytes = new Uint8Array(vectors.buffer);
  kept.forEach((row, i) => bytes.set(row.embedding, i * dimensions * Float32Array.BYTES_PER_ELEMENT));
  return { ids: kept.map((row) => row.id), fileIds: kept.map((row) => row.fileId), dimensions, vectors };
}

/** What an entry weighs: its floats, plus a rough 100 bytes per id. */
const weight = (entry: DatasetVectors) => entry.vectors.byteLength + entry.ids.length * 100;

type Entry = { version: string; value: Promise<DatasetVectors>; bytes: number };

/**
 * Datasets' vectors kept between searches: reading 10k vectors of 1536 dimensions from SQLite took ~160 ms
 * per search, more than the comparison itself. An entry is valid for one version of its dataset — its
 * `updatedAt`, which every change of the dataset's segments raises in the same transaction (lockDataset),
 * in whichever process made it — and is read again when the version moved. The least recently used
 * entries leave beyond `budgetBytes`; a dataset larger than the budget is read for each search, as before.
 */
export class VectorCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The vectors under `key` as of `version`, loaded by `load` when not held for that version. */
  async get(key: string, version: string, load: () => Promise<DatasetVectors>): Promise<DatasetVectors> {
    const held = this.entries.get(key);
    if (held && held.version === version) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, held);
      return held.value;
    }
    if (held) this.drop(key, held);
    const entry: Entry = { version, value: load(), bytes: 0 };
    this.entries.set(key, entry);
    try {
      const value = await entry.value;
      if (this.entries.get(key) === entry) {
        entry.bytes = weight(value);
        if (entry.bytes > this.budgetBytes) {
          this.entries.delete(key);
        } else {
          this.bytes += entry.bytes;
          this.evict();
        }
      }
      return value;
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) return;
      this.drop(key, entry);
    }
  }
}
