import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@flotilla/shared';
import {
  $importColumns,
  $importFailure,
  $importRowErrors,
  $importTableName,
  importColumnTypeChanged,
  importFileChosen,
  importRowErrors,
  importShown,
  importSubmitted,
  importTableFx,
  previewImportFx,
  tableNameOf,
} from '../database-import.model';

describe('the import model', () => {
  it('names the table after the file, without what a table name may not hold', () => {
    expect(tableNameOf('price list.xlsx')).toBe('price list');
    expect(tableNameOf('a$b.csv')).toBe('a_b');
    expect(tableNameOf(`${'x'.repeat(80)}.csv`)).toHaveLength(64);
  });

  it('reads the rows that did not fit from a 422, and nothing from other failures', () => {
    const refused = new HttpError(422, 'HTTP_422', 'Bad', {
      detail: [
        { loc: ['file', 3, 'price'], msg: 'Not a number', type: 'value_error' },
        { loc: ['body', 'table'], msg: 'Too long', type: 'value_error' },
      ],
    });
    expect(importRowErrors(refused)).toEqual([
      { row: 3, column: 'price', message: 'Not a number' },
      { row: null, column: null, message: 'Too long' },
    ]);
    expect(importRowErrors(new HttpError(413, 'PAYLOAD_TOO_LARGE', 'Too large', null))).toBeNull();
  });

  it('imports with the types the user chose, and keeps a 422’s rows apart from other failures', async () => {
    const imported = vi.fn();
    const scope = fork({
      handlers: [
        [previewImportFx, () => Promise.resolve({ columns: [{ name: 'price', type: 'integer' }], rows: [], total: 1 })],
        [
          importTableFx,
          // An attached effect's handler gets its source first, then the params.
          (_source: unknown, ask: unknown) => {
            imported(ask);
            return Promise.reject(
              new HttpError(422, 'HTTP_422', 'Bad', { detail: [{ loc: ['file', 2, 'price'], msg: 'No', type: 'x' }] }),
            );
          },
        ],
      ],
    });
    await allSettled(importShown, { scope, params: 'db1' });
    await allSettled(importFileChosen, { scope, params: new File(['price\n1\n'], 'prices.csv') });
    expect(scope.getState($importTableName)).toBe('prices');
    await allSettled(importColumnTypeChanged, { scope, params: { name: 'price', type: 'text' } });
    expect(scope.getState($importColumns)).toEqual([{ name: 'price', type: 'text' }]);
    await allSettled(importSubmitted, { scope });
    expect(imported).toHaveBeenCalledWith({ table: 'prices', columns: [{ name: 'price', type: 'text' }] });
    expect(scope.getState($importRowErrors)).toEqual([{ row: 2, column: 'price', message: 'No' }]);
    expect(scope.getState($importFailure)).toBeNull();
  });
});
