/**
 * Every character a policy may print (its PDF embeds only these glyphs): Latin with Uzbek's letters
 * and apostrophes, Cyrillic (Uzbek and Russian), punctuation, currency signs, №. The page refuses
 * any other in a field, and the server a save whose policy would hold one, so the policy never
 * quietly drops what the visitor typed (an emoji in a pet's name).
 */
export const printableRanges: readonly (readonly [first: number, last: number])[] = [
  // General punctuation without its invisible controls: line and paragraph separators, the bidi
  // embeddings and overrides (U+202A–U+202E, which would print a model or a name backwards) and isolates.
  [0x20, 0x7e], [0xa0, 0x24f], [0x2b0, 0x2ff], [0x400, 0x4ff], [0x2010, 0x2027], [0x2030, 0x205e], [0x20a0, 0x20bf], [0x2116, 0x2116],
];

const codePoint = (n: number) => `\\u{${n.toString(16)}}`;
// Line breaks and tabs print as spaces.
const unprintable = new RegExp(`[^\\t\\n\\r${printableRanges.map(([first, last]) => `${codePoint(first)}-${codePoint(last)}`).join('')}]`, 'u');

/** The first character of `text` a policy cannot print, or undefined. */
export function firstUnprintable(text: string): string | undefined {
  return unprintable.exec(text)?.[0];
}
