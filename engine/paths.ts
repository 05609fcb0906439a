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
