import { describe, expect, it } from 'vitest';
import { cellFromText, textOfCell } from '../cells';
import { createBodyOf, initialDatabaseForm, testBodyOf, updateBodyOf } from '../database-form';

const external = {
  ...initialDatabaseForm(null),
  name: ' Shop ',
  kind: 'postgres' as const,
  host: ' pg.internal ',
  port: 5432,
  database: 'shop',
  user: 'reader',
};

describe('database form bodies', () => {
  it('sends a built-in database without connection fields', () => {
    expect(createBodyOf({ ...external, kind: 'builtin' })).toEqual({ name: 'Shop', kind: 'builtin', description: '' });
  });

  it('sends the password only when one was typed', () => {
    expect(updateBodyOf(external)).not.toHaveProperty('password');
    expect(updateBodyOf({ ...external, password: 's3cret' })).toMatchObject({ password: 's3cret' });
    expect(createBodyOf(external)).toMatchObject({ host: 'pg.internal', port: 5432 });
  });

  it('tests a saved database by its id, so its stored password is used', () => {
    expect(testBodyOf(external, 'db7')).toMatchObject({ id: 'db7', kind: 'postgres' });
    expect(testBodyOf(external, null)).not.toHaveProperty('id');
  });
});

describe('row cells', () => {
  it('reads numbers and booleans for their column types, empty as null, the rest as typed', () => {
    expect(cellFromText('INTEGER', ' 42 ')).toBe(42);
    expect(cellFromText('numeric(10,2)', '3.5')).toBe(3.5);
    expect(cellFromText('integer', 'about 12')).toBe('about 12');
    expect(cellFromText('boolean', 'true')).toBe(true);
    expect(cellFromText('tinyint(1) bool', '0')).toBe(false);
    expect(cellFromText('TEXT', '007')).toBe('007');
    expect(cellFromText('TEXT', '')).toBeNull();
    expect(textOfCell(null)).toBe('');
    expect(textOfCell(false)).toBe('false');
  });
});
