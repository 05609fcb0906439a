import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The real library, past the build's alias of `fast-equals` to ours.
import { createCustomEqual as libraryCustomEqual } from '../node_modules/fast-equals/dist/es/index.mjs';
import { createCustomEqual } from './deep-equals';

// Configured as rjsf configures it (@rjsf/utils deepEquals): circular, every function equal to any other.
const options = { circular: true, createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }) };
const ours = createCustomEqual(options);
const library = libraryCustomEqual(options) as (a: unknown, b: unknown) => boolean;

const fnA = () => 1;
const fnB = () => 2;
const leaf = fc.oneof(fc.jsonValue({ maxDepth: 0 }), fc.constantFrom(fnA, fnB, Number.NaN, undefined, -0, 0, new Date(0), /a/g));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ maxDepth: 3 }, leaf, fc.array(tie('node'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c', '_owner'), tie('node'), { maxKeys: 3 })),
})).node;

/** A fresh copy of arrays and objects, their leaves (functions, dates) kept. */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item)]));
  }
  return value;
}

describe('deepEquals (fast-equals as rjsf uses it)', () => {
  it('agrees with fast-equals on random values, on copies of them and on pairs of them', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(ours(a, b)).toBe(library(a, b));
        const twin = copy(a);
        expect(ours(a, twin)).toBe(library(a, twin));
        expect(ours(a, twin)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes functions as equal, NaN as NaN, and ends on circular structures', () => {
    expect(ours({ onChange: fnA }, { onChange: fnB })).toBe(true);
    expect(ours([Number.NaN], [Number.NaN])).toBe(true);
    expect(ours({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(ours([1, 2], { 0: 1, 1: 2 })).toBe(false);
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const b: Record<string, unknown> = { name: 'a' };
    b.self = b;
    expect(ours(a, b)).toBe(true);
    expect(ours(new Map([['k', { v: 1 }]]), new Map([['k', { v: 1 }]]))).toBe(true);
    expect(ours(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(ours(new Date(1), new Date(2))).toBe(false);
  });
});
