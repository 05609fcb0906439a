import type { MessageId } from '../../../engine/definition';

/**
 * Tourists' names as both travel products take them (travel abroad and domestic travel): the policy
 * prints them in Latin letters, so Cyrillic is cleared with `use_latin_alphabet` (requirements §5).
 */

const cyrillic = /[\u0400-\u04FF]/;

/** The person without a Cyrillic first or last name; each cleared name's error at `path`. */
export function latinOnly<P extends { firstName?: string; lastName?: string }>(person: P, path: string, errors: Record<string, MessageId>): P {
  const copy = { ...person };
  for (const key of ['firstName', 'lastName'] as const) {
    const value = copy[key];
    if (typeof value === 'string' && cyrillic.test(value)) {
      delete copy[key];
      errors[`${path}/${key}`] = 'use_latin_alphabet';
    }
  }
  return copy;
}
