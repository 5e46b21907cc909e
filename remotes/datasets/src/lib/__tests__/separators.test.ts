import { describe, expect, it } from 'vitest';
import { DEFAULT_SEPARATORS } from '@flotilla/shared';
import { chunkSettingsProblem } from '../chunk-settings';
import {
  areDefaultSeparators,
  DEFAULT_SEPARATORS_SHOWN,
  readSeparator,
  separatorsProblem,
  showSeparator,
} from '../separators';

describe('separators', () => {
  it('are written with escapes and read back', () => {
    expect(DEFAULT_SEPARATORS.map(showSeparator)).toEqual([
      '\\n\\n',
      '\\n',
      '。',
      '！',
      '？',
      '. ',
      '! ',
      '? ',
      '；',
      '; ',
    ]);
    for (const separator of [...DEFAULT_SEPARATORS, '\t', 'a\\b', '\r\n'])
      expect(readSeparator(showSeparator(separator))).toBe(separator);
    expect(readSeparator('\\n---\\n')).toBe('\n---\n');
    expect(DEFAULT_SEPARATORS_SHOWN.startsWith('\\n\\n  \\n  。')).toBe(true);
  });

  it('know the defaults and the server’s limits', () => {
    expect(areDefaultSeparators([...DEFAULT_SEPARATORS])).toBe(true);
    expect(areDefaultSeparators(['\n'])).toBe(false);
    expect(separatorsProblem(Array.from({ length: 11 }, (_, i) => String(i)))).toBe('tooMany');
    expect(separatorsProblem(['12345678901'])).toBe('tooLong');
    expect(separatorsProblem(['\n'])).toBeNull();
  });
});

describe('chunk settings', () => {
  it('say what is wrong first', () => {
    expect(chunkSettingsProblem({ chunkSize: 500, overlap: 50, separators: [] })).toBeNull();
    expect(chunkSettingsProblem({ chunkSize: 50, overlap: 0, separators: [] })).toBe('datasets.chunk.error.chunkSize');
    expect(chunkSettingsProblem({ chunkSize: 500.5, overlap: 0, separators: [] })).toBe(
      'datasets.chunk.error.chunkSize',
    );
    expect(chunkSettingsProblem({ chunkSize: 500, overlap: -1, separators: [] })).toBe('datasets.chunk.error.overlap');
    expect(chunkSettingsProblem({ chunkSize: 500, overlap: 500, separators: [] })).toBe(
      'datasets.chunk.error.overlapTooLarge',
    );
    expect(chunkSettingsProblem({ chunkSize: 500, overlap: 0, separators: ['way too long!'] })).toBe(
      'datasets.chunk.error.separatorsTooLong',
    );
  });
});
