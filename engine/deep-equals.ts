/**
 * Replaces `fast-equals` in the browser build (vite.config.ts alias): rjsf imports it only for
 * `deepEquals` (`createCustomEqual({ circular: true })` with every function equal to any other),
 * which it runs on schemas, ui schemas, form data and errors — JSON values, arrays, plain objects,
 * functions and React elements. This is that comparison for those values (plus dates, regular
 * expressions, maps and sets), about 2.4 KB gzip lighter on every flow page; the test compares it
 * with fast-equals on random values (engine/deep-equals.test.ts).
 */

type Equals = (a: unknown, b: unknown) => boolean;

interface CustomConfig {
  areFunctionsEqual?: (a: unknown, b: unknown) => boolean;
}

export interface CustomEqualOptions {
  circular?: boolean;
  createCustomConfig?: (defaults: CustomConfig) => CustomConfig;
}

const sameValue = (a: unknown, b: unknown) => a === b || (a !== a && b !== b);

// React (and Preact) elements carry their owner: deeply circular, and not what makes two elements alike.
const isOwnerKey = (a: object, b: object, key: string) =>
  (key === '_owner' || key === '__o' || key === '__v') && ('$$typeof' in a || '$$typeof' in b);

export function createCustomEqual(options: CustomEqualOptions = {}): Equals {
  const areFunctionsEqual = options.createCustomConfig?.({}).areFunctionsEqual ?? ((a, b) => a === b);
  // Pairs being compared further up: met again, they are taken as equal (circular structures end).
  const comparing = new Map<object, object>();

  function equals(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (a == null || b == null || typeof a !== typeof b) return false;
    if (typeof a === 'function') return areFunctionsEqual(a, b);
    if (typeof a !== 'object') return typeof a === 'number' ? sameValue(a, b) : false;
    const x = a;
    const y = b as object;
    if (options.circular) {
      if (comparing.get(x) === y) return true;
      comparing.set(x, y);
      try {
        return compareObjects(x, y);
      } finally {
        comparing.delete(x);
      }
    }
    return compareObjects(x, y);
  }

  function compareObjects(a: object, b: object): boolean {
    // Made the same way or not alike (an array is not an object with numbered keys, a class instance not a plain object).
    if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => equals(item, (b as unknown[])[i]));
    if (a instanceof Date) return sameValue(a.getTime(), (b as Date).getTime());
    if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
    if (a instanceof Map) {
      const other = b as Map<unknown, unknown>;
      return a.size === other.size && [...a].every(([key, value]) => other.has(key) && equals(value, other.get(key)));
    }
    if (a instanceof Set) {
      const other = b as Set<unknown>;
      return a.size === other.size && [...a].every((value) => other.has(value));
    }
    if (Object.prototype.toString.call(a) === '[object Object]') {
      const keys = Object.keys(a);
      if (keys.length !== Object.keys(b).length) return false;
      const left = a as Record<string, unknown>;
      const right = b as Record<string, unknown>;
      return keys.every((key) => isOwnerKey(a, b, key) || (Object.prototype.propertyIsEnumerable.call(b, key) && equals(left[key], right[key])));
    }
    // Anything else (files, errors, typed arrays) is equal only to itself.
    return false;
  }

  return equals;
}
