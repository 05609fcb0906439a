/**
 * Uzbek in the modern Latin orthography everywhere the visitor or a policy reads it: `oʻ` and `gʻ`
 * with U+02BB (modifier letter turned comma), the tutuq belgisi with U+02BC (modifier letter
 * apostrophe). Typewriter and curly apostrophes mixed on one screen (`Toʻlov` beside `To'lov`) look
 * careless, and search or copy-paste treats them as different letters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modernUzbek } from '../../products/kit/text/uzbek-orthography';
import { regionCatalog, regionCodes } from '../../tools/generate-region-catalogs';

const okina = '\u02bb';
const tutuq = '\u02bc';

/** What is wrong with an Uzbek text, one line per problem. */
export function orthographyProblems(text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/['`‘’]/g)) {
    const at = match.index ?? 0;
    problems.push(`"${text.slice(Math.max(0, at - 8), at + 8)}": ${/[oOgG]/.test(text[at - 1] ?? '') ? okina : tutuq} instead of ${match[0]}`);
  }
  for (const match of text.matchAll(new RegExp(okina, 'g'))) {
    const at = match.index ?? 0;
    if (!/[oOgG]/.test(text[at - 1] ?? '')) problems.push(`"${text.slice(Math.max(0, at - 8), at + 8)}": ${okina} only follows o or g`);
  }
  return problems;
}

/** The translations of a .po catalog (msgstr, continuation lines included). */
function translations(po: string): string[] {
  const texts: string[] = [];
  let current: string[] | null = null;
  for (const line of po.split('\n')) {
    if (line.startsWith('msgstr ')) {
      current = [JSON.parse(line.slice('msgstr '.length)) as string];
      texts.push('');
    } else if (current && line.startsWith('"')) {
      current.push(JSON.parse(line) as string);
    } else {
      current = null;
    }
    if (current) texts[texts.length - 1] = current.join('');
  }
  return texts;
}

/** Uzbek string literals of the code: `uz:` values (policy titles, provider messages) and the PDF's bilingual labels. */
function uzbekLiterals(source: string): string[] {
  const keyed = [...source.matchAll(/\buz:\s*(["'`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2] ?? '');
  const currency = [...source.matchAll(/\b(?:so|sug|to|bo)['‘’`](?:m|urt\w*|l\w*)/gi)].map((m) => m[0]);
  return [...keyed, ...currency];
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ext.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('Uzbek orthography', () => {
  it('reads the rule right', () => {
    expect(orthographyProblems(`To${okina}lov ma${tutuq}lumotlari`)).toEqual([]);
    expect(orthographyProblems("To'lov")).toHaveLength(1);
    expect(orthographyProblems('Qo‘shma')).toHaveLength(1);
    expect(orthographyProblems(`ma${okina}lumot`)).toHaveLength(1);
  });

  it('mends what Intl writes the old way, as the region catalogs and the travel policy take it', () => {
    expect(modernUzbek('Amerika Qo‘shma Shtatlari')).toBe(`Amerika Qo${okina}shma Shtatlari`);
    expect(modernUzbek("Ma'lumot, G'arbiy")).toBe(`Ma${tutuq}lumot, G${okina}arbiy`);
    const names = new Intl.DisplayNames(['uz'], { type: 'region', fallback: 'none' });
    const problems = regionCodes().flatMap((code) => orthographyProblems(modernUzbek(names.of(code) ?? '')).map((p) => `${code}: ${p}`));
    expect(problems).toEqual([]);
    // What the generator writes is the catalog the page shows.
    expect(regionCatalog('uz')).toBe(readFileSync('locales/uz/regions.po', 'utf8'));
  });

  it('every Uzbek catalog uses ʻ and ʼ', () => {
    const problems = readdirSync('locales/uz')
      .filter((file) => file.endsWith('.po'))
      .flatMap((file) => translations(readFileSync(join('locales/uz', file), 'utf8')).flatMap((text) => orthographyProblems(text).map((p) => `locales/uz/${file}: ${p}`)));
    expect(problems).toEqual([]);
  });

  it('Uzbek texts in the code (policy titles, provider messages, PDF labels) use ʻ and ʼ', () => {
    const problems = ['server', 'products']
      .flatMap((dir) => filesUnder(dir, /\.tsx?$/))
      .flatMap((file) => uzbekLiterals(readFileSync(file, 'utf8')).flatMap((text) => orthographyProblems(text).map((p) => `${file}: ${p}`)));
    expect(problems).toEqual([]);
  });
});

describe('English apostrophes', () => {
  it('every English catalog writes a possessive or contraction with ’, as the rest of its typography', () => {
    const problems = readdirSync('locales/en')
      .filter((file) => file.endsWith('.po'))
      .flatMap((file) => translations(readFileSync(join('locales/en', file), 'utf8')).filter((text) => /[A-Za-z]'[A-Za-z]/.test(text)).map((text) => `locales/en/${file}: ${text}`));
    expect(problems).toEqual([]);
  });
});
