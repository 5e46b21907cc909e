import { describe, expect, it } from 'vitest';
import { packVectors, VectorCache, type DatasetVectors } from '../../src/search/vector-cache';

const bytes = (...values: number[]) => new Uint8Array(new Float32Array(values).buffer);

/** A loader that counts its calls and answers `rows` vectors of 4 floats (64 + 100 bytes each for the cache). */
function loader(rows: number) {
  const loader = {
    calls: 0,
    load: async (): Promise<DatasetVectors> => {
      loader.calls++;
      return packVectors(
        Array.from({ length: rows }, (_, i) => ({ id: `s${i}`, fileId: null, embedding: bytes(i, 0, 0, 1) })),
      );
    },
  };
  return loader;
}

describe('packVectors', () => {
  it('lays the vectors out row after row, and leaves out those of another length', () => {
    const packed = packVectors([
      { id: 'a', fileId: 'f1', embedding: bytes(1, 2, 3) },
      { id: 'old', fileId: 'f1', embedding: bytes(1, 2) },
      { id: 'b', fileId: null, embedding: bytes(4, 5, 6) },
    ]);
    expect(packed).toMatchObject({ ids: ['a', 'b'], fileIds: ['f1', null], dimensions: 3 });
    expect([...packed.vectors]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(packVectors([])).toMatchObject({ ids: [], dimensions: 0 });
  });
});

describe('VectorCache', () => {
  it('reads a dataset once per version, and again when its version moved', async () => {
    const cache = new VectorCache(10_000);
    const one = loader(2);
    await cache.get('d1', 'v1', one.load);
    await cache.get('d1', 'v1', one.load);
    expect(one.calls).toBe(1);
    await cache.get('d1', 'v2', one.load);
    expect(one.calls).toBe(2);
  });

  it('shares one read between searches that ask at the same time, and keeps no failed read', async () => {
    const cache = new VectorCache(10_000);
    const one = loader(2);
    const [a, b] = await Promise.all([cache.get('d1', 'v1', one.load), cache.get('d1', 'v1', one.load)]);
    expect(a).toBe(b);
    expect(one.calls).toBe(1);
    await expect(cache.get('d2', 'v1', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    const two = loader(1);
    await cache.get('d2', 'v1', two.load);
    expect(two.calls).toBe(1);
  });

  it('lets the least recently used datasets go beyond its budget, and never keeps one larger than the budget', async () => {
    // Each of these weighs 2 × (16 + 100) = 232 bytes: three fit in 700.
    const cache = new VectorCache(700);
    const loaders = [loader(2), loader(2), loader(2), loader(2)];
    for (const [i, one] of loaders.entries()) {
      await cache.get(`d${i}`, 'v1', one.load);
      if (i === 2) await cache.get('d0', 'v1', loaders[0]!.load); // d0 used again: d1 is now the oldest
    }
    // d1 left when d3 came; the others are still held.
    for (const i of [0, 2, 3]) await cache.get(`d${i}`, 'v1', loaders[i]!.load);
    expect(loaders.map((one) => one.calls)).toEqual([1, 1, 1, 1]);
    await cache.get('d1', 'v1', loaders[1]!.load);
    expect(loaders[1]!.calls).toBe(2);

    const huge = loader(10);
    await cache.get('huge', 'v1', huge.load);
    await cache.get('huge', 'v1', huge.load);
    expect(huge.calls).toBe(2);
  });
});
