import { firstUnprintable } from '../../engine/printable-text';
import type { PolicyTerms } from '../../products/kit/sale/sale';

/** The first string inside `value` (depth first) for which `test` answers, and its JSON pointer. */
function findText<T>(value: unknown, test: (text: string) => T | undefined, at = ''): { found: T; at: string } | null {
  if (typeof value === 'string') {
    const found = test(value);
    return found === undefined ? null : { found, at };
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const hit = findText(child, test, `${at}/${key}`);
    if (hit) return hit;
  }
  return null;
}

/**
 * A character the policy of `terms` could not print (its font holds none: an emoji in a pet's name,
 * a Chinese letter), and the field of the save request it came from (`''` when the request holds it
 * nowhere: then a registry's answer brought it). Null when the whole policy prints.
 */
export function unprintableInPolicy(terms: PolicyTerms, request: unknown): { char: string; field: string } | null {
  const hit = findText(terms, firstUnprintable);
  if (!hit) return null;
  const char = hit.found;
  return { char, field: findText(request, (text) => (text.includes(char) ? true : undefined))?.at ?? '' };
}
