import { isRecord } from './is-record';

/** Structural equality of JSON-like values (form data never holds functions, dates or cycles). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  // Keys holding undefined count as absent: rjsf drops and re-adds them freely.
  const ka = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(rb).filter((k) => rb[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => deepEqual(ra[k], rb[k]));
}

/** Splits a JSON-pointer-like path (`/persons/1/firstName`) into its segments. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** The value at `path` inside `root`, or undefined when any segment is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const segment of pathSegments(path)) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** A field's place in its step object: property names and row indexes. */
export type FieldPath = readonly (string | number)[];

/**
 * The path of the field rjsf gave the element id `id` (`flow-travel_tourists_0_first_name` under
 * `flow-travel`), read against the step's schema: rjsf joins a path with `_`, which property names
 * hold too, so each name is one the schema declares there. Null when the id is not a field of the
 * schema's (step schemas are flat: `properties` and `items`, conformance.ts).
 */
export function fieldPathOfId(id: string, prefix: string, schema: unknown): FieldPath | null {
  if (id === prefix) return [];
  if (!id.startsWith(`${prefix}_`)) return null;
  return pathIn(id.slice(prefix.length + 1), schema);
}

function pathIn(rest: string, schema: unknown): FieldPath | null {
  if (!isRecord(schema)) return null;
  if (isRecord(schema.items)) {
    const row = /^(\d+)(?:_(.+))?$/.exec(rest);
    if (!row) return null;
    const index = Number(row[1]);
    if (row[2] === undefined) return [index];
    const inner = pathIn(row[2], schema.items);
    return inner && [index, ...inner];
  }
  if (!isRecord(schema.properties)) return null;
  const properties = schema.properties;
  if (Object.hasOwn(properties, rest)) return [rest];
  for (const key of Object.keys(properties)) {
    if (!rest.startsWith(`${key}_`)) continue;
    const inner = pathIn(rest.slice(key.length + 1), properties[key]);
    if (inner) return [key, ...inner];
  }
  return null;
}

/**
 * `target` with `source`'s value at `path`, copied only along the path. Null when `target` has no
 * place there (a row or an object it does not have), so the caller takes `source` whole.
 */
export function withValueAt(target: Record<string, unknown>, source: Record<string, unknown>, path: FieldPath): Record<string, unknown> | null {
  if (path.length === 0) return source;
  const put = (into: unknown, from: unknown, at: number): unknown => {
    const segment = path[at]!;
    const value = isRecord(from) || Array.isArray(from) ? (from as Record<string | number, unknown>)[segment] : undefined;
    const last = at === path.length - 1;
    if (Array.isArray(into) && typeof segment === 'number') {
      if (segment >= into.length) return null;
      const inner = last ? value : put(into[segment], value, at + 1);
      if (inner === null) return null;
      const copy = [...into];
      copy[segment] = inner;
      return copy;
    }
    if (!isRecord(into) || typeof segment !== 'string') return null;
    if (last) {
      const copy = { ...into };
      if (value === undefined) delete copy[segment];
      else copy[segment] = value;
      return copy;
    }
    const inner = put(into[segment], value, at + 1);
    return inner === null ? null : { ...into, [segment]: inner };
  };
  return put(target, source, 0) as Record<string, unknown> | null;
}
