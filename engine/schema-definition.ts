/**
 * Replaces rjsf's `findSchemaDefinition.js` in the site's build (tools/vite-plugin-rjsf-registry.ts).
 * rjsf looks a `$ref` up with it (and JSON pointers with the library it brings); step forms have no
 * `$ref` (the conformance suite's `flatnessProblems` refuses one, products/kit/testing/conformance.ts), so that
 * lookup stays out of every flow page. Should one run, it says why.
 */

function refuse(): never {
  throw new Error('a step schema with $ref: step forms are flat (products/kit/testing/conformance.ts), so the browser build resolves no references');
}

export default function findSchemaDefinition(): never {
  return refuse();
}

export function findSchemaDefinitionRecursive(): never {
  return refuse();
}

/** With no `$ref` anywhere in a step schema, there is none to make absolute: the schema as it is. */
export function makeAllReferencesAbsolute<S>(schema: S): S {
  return schema;
}

/** `object` without `key`, and `key`'s value (rjsf splits `dependencies` with it). */
export function splitKeyElementFromObject(key: string, object: Record<string, unknown>): [Record<string, unknown>, unknown] {
  const { [key]: value, ...remaining } = object;
  return [remaining, value];
}
