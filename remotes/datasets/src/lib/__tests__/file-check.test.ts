import { describe, expect, it } from 'vitest';
import { CHUNK_LIMITS } from '@flotilla/shared';
import { acceptOf, checkFile, extensionOf, QA_EXTENSIONS } from '../file-check';
import { formatSize } from '../format-size';

describe('file check', () => {
  it('takes the document types by extension, in any case', () => {
    for (const name of ['a.txt', 'b.MD', 'c.html', 'd.pdf', 'e.docx', 'f.csv', 'g.XLSX'])
      expect(checkFile({ name, size: 10 })).toBeNull();
    expect(checkFile({ name: 'setup.exe', size: 10 })).toBe('badType');
    expect(checkFile({ name: 'README', size: 10 })).toBe('badType');
    expect(checkFile({ name: 'notes.txt', size: 10 }, QA_EXTENSIONS)).toBe('badType');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(acceptOf(QA_EXTENSIONS)).toBe('.csv,.xlsx');
  });

  it('refuses files over the limit and empty ones', () => {
    expect(checkFile({ name: 'a.pdf', size: CHUNK_LIMITS.maxFileBytes })).toBeNull();
    expect(checkFile({ name: 'a.pdf', size: CHUNK_LIMITS.maxFileBytes + 1 })).toBe('tooLarge');
    expect(checkFile({ name: 'a.pdf', size: 0 })).toBe('empty');
  });

  it('prints sizes as people read them', () => {
    expect(formatSize(512, 'en-US')).toBe('512 B');
    expect(formatSize(1536, 'en-US')).toBe('1.5 KB');
    expect(formatSize(CHUNK_LIMITS.maxFileBytes, 'en-US')).toBe('50 MB');
    expect(formatSize(250 * 1024 * 1024, 'en-US')).toBe('250 MB');
  });
});
