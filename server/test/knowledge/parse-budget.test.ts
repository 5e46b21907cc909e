import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARSE_BUDGET } from '../../src/lib/parse-budget';
import { ParsePool } from '../../src/knowledge/parse-pool';
import { checkZipBudget } from '../../src/knowledge/zip-budget';
import { docx, pdf } from '../support/documents';
import { zipBombDocx } from '../support/zip-bomb';
import { reasonOf } from '../support/reasons';

/** A budget that lets the zip through (to reach the process's own limits). */
const UNCHECKED_ZIP = { expandedBytes: 10 * 1024 ** 3, entries: 10_000, ratio: 1e9 };

let bomb: Buffer;
beforeAll(async () => {
  bomb = await zipBombDocx(200);
});

describe('checkZipBudget', () => {
  it('lets a real docx through and refuses a zip bomb before anything inflates it', async () => {
    // The bomb: 200 MB of XML in well under a megabyte.
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(checkZipBudget(docx(['Returns within seven days.']), PARSE_BUDGET)).resolves.toBeUndefined();
    expect(await reasonOf(checkZipBudget(bomb, PARSE_BUDGET))).toBe('FILE_TOO_COMPLEX');
  });

  it('holds each limit: expanded size, entry count, compression ratio', async () => {
    const small = await zipBombDocx(2);
    await expect(checkZipBudget(small, { ...UNCHECKED_ZIP })).resolves.toBeUndefined();
    expect(await reasonOf(checkZipBudget(small, { ...UNCHECKED_ZIP, expandedBytes: 1024 * 1024 }))).toBe(
      'FILE_TOO_COMPLEX',
    );
    expect(await reasonOf(checkZipBudget(small, { ...UNCHECKED_ZIP, entries: 2 }))).toBe('FILE_TOO_COMPLEX');
    // 2 MB of one repeated paragraph deflates ~400×.
    expect(await reasonOf(checkZipBudget(small, { ...UNCHECKED_ZIP, ratio: 200 }))).toBe('FILE_TOO_COMPLEX');
  });

  it('refuses a zip that understates what it inflates to, as damaged', async () => {
    const understated = await zipBombDocx(20, { understated: true });
    expect(await reasonOf(checkZipBudget(understated, PARSE_BUDGET))).toBe('FILE_CORRUPT');
    expect(await reasonOf(checkZipBudget(Buffer.from('PK\x03\x04 damaged', 'latin1'), PARSE_BUDGET))).toBe(
      'FILE_CORRUPT',
    );
  });
});

describe('ParsePool', () => {
  const pools: ParsePool[] = [];
  const pool = (budget = PARSE_BUDGET) => {
    const created = new ParsePool(budget, 1);
    pools.push(created);
    return created;
  };
  afterAll(() => pools.forEach((created) => created.close()));

  it('reads documents and tables as the parsers do, reporting a PDF page by page', { timeout: 60_000 }, async () => {
    const parser = pool();
    expect(await parser.text('docx', docx(['退货政策：七天无理由。', 'Second paragraph.']))).toBe(
      '退货政策：七天无理由。\n\nSecond paragraph.',
    );
    const seen: number[] = [];
    expect(
      await parser.text('pdf', pdf([['Page one.'], ['Page two.']]), {
        progress: async (fraction) => void seen.push(fraction),
      }),
    ).toBe('Page one.\n\nPage two.');
    // Page by page; a report that arrives while the previous one is still being handled is skipped by design,
    // so only the first page's is certain.
    expect(seen[0]).toBe(0.5);
    expect(seen.every((fraction, i) => fraction <= 1 && (i === 0 || fraction > seen[i - 1]!))).toBe(true);
    expect(await parser.sheets('csv', Buffer.from('question,answer\nHow long?,Seven days'))).toEqual([
      {
        name: '',
        rows: [
          { number: 1, cells: ['question', 'answer'] },
          { number: 2, cells: ['How long?', 'Seven days'] },
        ],
      },
    ]);
    expect(await reasonOf(parser.text('txt', Buffer.from(' \n')))).toBe('FILE_EMPTY');
    expect(await reasonOf(parser.text('docx', bomb))).toBe('FILE_TOO_COMPLEX');
  });

  it(
    'a file that needs more memory than the budget kills only its process, and the parse waiting for it gets a new one',
    { timeout: 120_000 },
    async () => {
      const parser = pool({ ...PARSE_BUDGET, ...UNCHECKED_ZIP, memoryMb: 96 });
      expect(await parser.text('docx', docx(['Before.']))).toBe('Before.');
      // One process: the second parse waits, and is told it starts only when a process takes it.
      const events: string[] = [];
      const first = reasonOf(parser.text('docx', bomb, { started: async () => void events.push('bomb started') }));
      const second = parser.text('docx', docx(['After.']), { started: async () => void events.push('next started') });
      expect(await first).toBe('FILE_TOO_COMPLEX');
      events.push('bomb failed');
      expect(await second).toBe('After.');
      expect(events).toEqual(['bomb started', 'bomb failed', 'next started']);
    },
  );

  it(
    'a parse that outlasts the time budget is ended with FILE_TOO_COMPLEX; one that is aborted, with the abort reason',
    { timeout: 120_000 },
    async () => {
      const parser = pool({ ...PARSE_BUDGET, ...UNCHECKED_ZIP, timeMs: 2000 });
      // Started (and its parsers loaded) before the clock of any parse runs.
      expect(await parser.text('docx', docx(['Warm.']))).toBe('Warm.');
      expect(await reasonOf(parser.text('docx', bomb))).toBe('FILE_TOO_COMPLEX');
      const controller = new AbortController();
      const parse = parser.text('docx', bomb, { signal: controller.signal });
      controller.abort(new Error('job cancelled'));
      await expect(parse).rejects.toThrow('job cancelled');
      expect(await parser.text('docx', docx(['Again.']))).toBe('Again.');
    },
  );
});
