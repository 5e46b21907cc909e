import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../src/knowledge/file-types';
import { documentText, qaPairs, tableSheets } from '../../src/knowledge/parsers/index';
import { normaliseText } from '../../src/knowledge/parsers/text';
import { CORRUPT_PDF, docx, encryptedPdf, EXE, pdf, xlsx, zip } from '../support/documents';
import { reasonOf } from '../support/reasons';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('detectFileType', () => {
  it('decides binary types by content, whatever the name says', async () => {
    expect(await detectFileType(pdf([['Hi']]), 'report.pdf')).toMatchObject({
      type: 'pdf',
      contentType: 'application/pdf',
    });
    expect(await detectFileType(pdf([['Hi']]), 'report.txt')).toMatchObject({ type: 'pdf' });
    expect(await detectFileType(docx(['Hi']), 'a.docx')).toMatchObject({ type: 'docx' });
    expect(await detectFileType(await xlsx({ S: [['a', 'b']] }), 'data.bin.xlsx')).toMatchObject({ type: 'xlsx' });
  });

  it('knows text types by name once the bytes are UTF-8 text', async () => {
    expect(await detectFileType(utf8('hello'), 'a.txt')).toEqual({ type: 'txt', contentType: 'text/plain' });
    expect(await detectFileType(utf8('# Title'), 'a.md')).toEqual({ type: 'md', contentType: 'text/markdown' });
    expect(await detectFileType(utf8('a,b\n1,2'), 'a.csv')).toEqual({ type: 'csv', contentType: 'text/csv' });
    expect(await detectFileType(utf8('<p>x</p>'), 'a.html')).toEqual({ type: 'html', contentType: 'text/html' });
    expect(await detectFileType(utf8('<?xml version="1.0"?><html><body>x</body></html>'), 'a.xhtml')).toMatchObject({
      type: 'html',
    });
  });

  it('flags files whose content does not match a supported name, and refuses unknown ones', async () => {
    expect(await detectFileType(Buffer.alloc(0), 'empty.txt')).toMatchObject({ type: 'txt', problem: 'FILE_EMPTY' });
    expect(await detectFileType(EXE, 'notes.txt')).toMatchObject({ type: 'txt', problem: 'FILE_UNSUPPORTED' });
    expect(await detectFileType(EXE, 'notes.pdf')).toMatchObject({ type: 'pdf', problem: 'FILE_UNSUPPORTED' });
    expect(await detectFileType(Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), 'gbk.txt')).toMatchObject({
      type: 'txt',
      problem: 'FILE_NOT_UTF8',
    });
    expect(await detectFileType(zip([['x.txt', 'hello']]), 'broken.docx')).toMatchObject({
      type: 'docx',
      problem: 'FILE_CORRUPT',
    });
    expect(await detectFileType(utf8('not a pdf'), 'fake.pdf')).toMatchObject({ type: 'pdf', problem: 'FILE_CORRUPT' });
    expect(await detectFileType(EXE, 'setup.exe')).toBeUndefined();
    expect(await detectFileType(utf8('hello'), 'notes.rtf')).toBeUndefined();
  });
});

describe('documentText', () => {
  it('reads txt and md as they are, normalised', async () => {
    expect(await documentText('txt', utf8('\uFEFFline one  \r\nline two\r\n\r\n\r\n\r\nnext paragraph\u0000\n'))).toBe(
      'line one\nline two\n\nnext paragraph',
    );
    expect(await documentText('md', utf8('# 退货政策\n\n七天无理由。'))).toBe('# 退货政策\n\n七天无理由。');
  });

  it('reads the visible text of HTML: no scripts, styles or link targets', async () => {
    const html =
      '<html><head><title>T</title><style>p{}</style><script>alert(1)</script></head><body><h1>退货政策</h1><p>七天<a href="http://x">无理由</a>退货。</p><ul><li>one</li><li>two</li></ul></body></html>';
    const text = await documentText('html', utf8(html));
    expect(text).toContain('退货政策');
    expect(text).toContain('七天无理由退货。');
    expect(text).toMatch(/one\n.*two/);
    expect(text).not.toMatch(/alert|p\{\}|http:\/\/x/);
  });

  it('reads PDF pages apart, and refuses encrypted or damaged ones', async () => {
    const text = await documentText(
      'pdf',
      pdf([['Returns within seven days.', 'Keep the receipt.'], ['Page two text.']]),
    );
    expect(text).toBe('Returns within seven days.\nKeep the receipt.\n\nPage two text.');
    expect(await reasonOf(documentText('pdf', encryptedPdf()))).toBe('FILE_ENCRYPTED');
    expect(await reasonOf(documentText('pdf', CORRUPT_PDF))).toBe('FILE_CORRUPT');
    expect(await reasonOf(documentText('pdf', pdf([[]])))).toBe('FILE_EMPTY');
  });

  it('reads Word paragraphs apart, and refuses a damaged document', async () => {
    expect(await documentText('docx', docx(['退货政策：七天无理由。', 'Second paragraph.']))).toBe(
      '退货政策：七天无理由。\n\nSecond paragraph.',
    );
    expect(await reasonOf(documentText('docx', zip([['x.txt', 'hello']])))).toBe('FILE_CORRUPT');
  });

  it('reads tables as one line per row, each value with its column name', async () => {
    const csv = 'product,price,note\nShirt,20,"two colours,\nred and blue"\n\nHat,,\n';
    expect(await documentText('csv', utf8(csv))).toBe(
      'product: Shirt; price: 20; note: two colours, red and blue\nproduct: Hat',
    );
    const book = await xlsx({
      Prices: [
        ['product', 'price'],
        ['Shirt', 20],
      ],
      Stock: [
        ['product', 'count'],
        ['Hat', 3],
      ],
    });
    expect(await documentText('xlsx', book)).toBe('Prices\nproduct: Shirt; price: 20\n\nStock\nproduct: Hat; count: 3');
    expect(await reasonOf(documentText('xlsx', Buffer.from('PK\x03\x04 damaged', 'latin1')))).toBe('FILE_CORRUPT');
  });

  it('finds no text in an empty or blank document', async () => {
    expect(await reasonOf(documentText('txt', utf8(' \n\n \t\n')))).toBe('FILE_EMPTY');
    expect(await reasonOf(documentText('txt', Buffer.from([0xff, 0xfe, 0x00])))).toBe('FILE_NOT_UTF8');
  });

  it('normalises in linear time, whatever the input', () => {
    expect(normaliseText(`${' '.repeat(1_000_000)}x`)).toBe(`${' '.repeat(1_000_000)}x`);
    expect(normaliseText('\n'.repeat(1_000_000))).toBe('');
  });
});

describe('qaPairs', () => {
  const rows = (...lines: string[][]) => lines.map((cells, i) => ({ number: i + 1, cells }));

  it('takes the columns headed question/answer or 问题/答案, in any order', () => {
    expect(qaPairs(rows(['id', 'Answer', 'Question'], ['1', 'Seven days', 'How long to return?']))).toEqual({
      pairs: [{ question: 'How long to return?', answer: 'Seven days' }],
      skipped: [],
    });
    expect(qaPairs(rows(['问题', '答案'], ['退货期限？', '七天']))).toEqual({
      pairs: [{ question: '退货期限？', answer: '七天' }],
      skipped: [],
    });
  });

  it('takes the first two columns, from the first row, without such a header', () => {
    expect(qaPairs(rows(['退货期限？', '七天'], ['运费？', '买家承担'])).pairs).toEqual([
      { question: '退货期限？', answer: '七天' },
      { question: '运费？', answer: '买家承担' },
    ]);
  });

  it('skips and reports rows with an empty question or answer; fails when none is valid', async () => {
    const result = qaPairs(rows(['question', 'answer'], ['Q1', 'A1'], ['', 'A2'], ['Q3', ''], ['Q4', 'A4']));
    expect(result).toEqual({
      pairs: [
        { question: 'Q1', answer: 'A1' },
        { question: 'Q4', answer: 'A4' },
      ],
      skipped: [3, 4],
    });
    expect(() => qaPairs(rows(['question', 'answer'], ['Q1', ''], ['', 'A2']))).toThrow(
      expect.objectContaining({ reason: 'QA_NO_VALID_ROWS', detail: '2, 3' }),
    );
    expect(() => qaPairs(rows(['only one column'], ['value']))).toThrow(
      expect.objectContaining({ reason: 'QA_COLUMNS_MISSING' }),
    );
    const sheets = await tableSheets('csv', utf8('question,answer\n'));
    expect(() => qaPairs(sheets[0]!.rows)).toThrow(expect.objectContaining({ reason: 'FILE_EMPTY' }));
  });
});
