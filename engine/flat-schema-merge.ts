/**
 * Replaces `@x0k/json-schema-merge` in the browser build (vite.config.ts alias). rjsf merges a
 * schema's `allOf` with it and with nothing else; step forms have no `allOf` (the conformance
 * suite's `flatnessProblems` refuses one, products/kit/testing/conformance.ts), so no merge ever runs and the
 * 4 KB gzip of a merger stay out of every flow page. Should one run, it says why instead of guessing.
 */

function refuse(): never {
  throw new Error('a step schema with allOf: step forms are flat (products/kit/testing/conformance.ts), so the browser build carries no allOf merger');
}

export function createComparator() {
  return { compareSchemaDefinitions: refuse, compareSchemaValues: refuse };
}

export function createMerger() {
  return { mergeArrayOfSchemaDefinitions: refuse };
}

export function createShallowAllOfMerge() {
  return refuse;
}

export function createDeduplicator() {
  return refuse;
}

export function createIntersector() {
  return refuse;
}
