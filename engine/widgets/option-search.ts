/**
 * Type-to-filter matching for option lists (the combobox): case, diacritics, spaces, apostrophes and
 * punctuation do not count, so `nexia3`, `Nexia 3` and `NEXIA-3` find the same model, and `cob` or
 * `ltz at` find `Cobalt` and `1.5 LTZ AT`. Pure and allocation-light: a list of a few hundred
 * options is searched on every keystroke.
 */

/**
 * A text as it is compared: lower case, without marks, without anything but letters and digits (the
 * Uzbek oʻ and gʻ lose their modifier letter, so `gʻ`, `g'` and `g` are alike).
 */
export function foldText(text: string, locale: string): string {
  return text.toLocaleLowerCase(locale).normalize('NFD').replace(/[^\p{L}\p{N}]|\p{Lm}/gu, '');
}

/** The words of a text, each folded (a query's words must each be found; a label's words rank a match). */
export function foldWords(text: string, locale: string): string[] {
  return text.split(/[\s/,;()]+/).map((word) => foldText(word, locale)).filter((word) => word !== '');
}

/** An option prepared for searching: its text once folded whole and word by word. */
export interface Searchable<T> {
  item: T;
  whole: string;
  words: string[];
}

export function searchable<T>(item: T, text: string, locale: string): Searchable<T> {
  return { item, whole: foldText(text, locale), words: foldWords(text, locale) };
}

/**
 * The items whose text holds every word of the query, best first: those that start with the query,
 * then those with a word that starts with its first word, then the rest; otherwise in list order.
 * An empty query matches everything, in list order.
 */
export function searchOptions<T>(items: readonly Searchable<T>[], query: string, locale: string): T[] {
  const terms = foldWords(query, locale);
  if (terms.length === 0) return items.map((entry) => entry.item);
  const whole = terms.join('');
  const first = terms[0] as string;
  const ranked: [number, number, T][] = [];
  items.forEach((entry, index) => {
    if (!terms.every((term) => entry.whole.includes(term))) return;
    const rank = entry.whole.startsWith(whole) ? 0 : entry.words.some((word) => word.startsWith(first)) ? 1 : 2;
    ranked.push([rank, index, entry.item]);
  });
  return ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , item]) => item);
}
