/**
 * Uzbek in the modern Latin orthography: `oʻ` and `gʻ` with U+02BB, the tutuq belgisi with U+02BC.
 * Node's ICU (CLDR) writes `Qo‘shma` with a quotation mark, so a name taken from Intl is mended
 * before a policy prints it or a catalog is generated from it (tests/lint/uzbek-orthography.test.ts
 * holds the rule).
 */
export function modernUzbek(text: string): string {
  return text.replace(/([oOgG])?['`‘’ʼ]/g, (_, letter: string | undefined) => (letter ? `${letter}\u02bb` : '\u02bc'));
}
