import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { nonFiniteAt } from '../../src/lib/finite-numbers';
import { nestsDeeperThan } from '../../src/lib/json-depth';
import { closedSchema, unboundedParts } from '../../src/lib/request-schema';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":{"c":{}}}}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`{"a":"\\"${'{'.repeat(10)}"}`, 3)).toBe(false);
    expect(nestsDeeperThan(`["\\\\",[[[1]]]]`, 3)).toBe(true);
  });
});

describe('nonFiniteAt', () => {
  it('finds the path of the first Infinity or NaN, in objects and arrays', () => {
    expect(nonFiniteAt({ a: 1, b: [2, { c: Infinity }] })).toEqual(['b', 1, 'c']);
    expect(nonFiniteAt({ a: Number.NaN })).toEqual(['a']);
    expect(nonFiniteAt({ a: 1e308, b: 'Infinity', c: null })).toBeUndefined();
  });
});

describe('request schemas', () => {
  it('names every unbounded number, string and array, but not fixed values', () => {
    const schema = Type.Object({
      role: Type.Union([Type.Literal('admin'), Type.Literal('agent')]),
      kind: Type.String({ enum: ['a', 'b'] }),
      page: Type.Integer({ minimum: 0 }),
      list: Type.Array(Type.Object({ text: Type.String() }), { maxItems: 5 }),
    });
    expect(unboundedParts(schema)).toEqual([
      'page: a number needs minimum and maximum',
      'list.[].text: a string needs maxLength',
    ]);
  });

  it('closes objects that say nothing of extra fields, leaves explicit ones, and does not touch the original', () => {
    const inner = Type.Object({ x: Type.String({ maxLength: 1 }) }, { additionalProperties: true });
    const schema = Type.Object({ inner, plain: Type.Object({ y: Type.Integer({ minimum: 0, maximum: 1 }) }) });
    const closed = closedSchema(schema);
    expect(closed.additionalProperties).toBe(false);
    expect(closed.properties.plain.additionalProperties).toBe(false);
    expect(closed.properties.inner.additionalProperties).toBe(true);
    expect(schema.additionalProperties).toBeUndefined();
  });
});
