/**
 * A program's name is one name in each language across the products: casco's Comfort was "Qulay"
 * in Uzbek while mini-casco's, OSAGO's extra and travel's were "Komfort", so a buyer comparing them
 * (and the policies, which print the Uzbek name) read two programs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../products/kit/testing/conformance';

const languages = ['uz', 'en', 'ru'] as const;

/** The ids that name a program (`casco.program.2`, OSAGO's `osago.mini_casco.2`). */
const programName = /\.(?:program|mini_casco)\.\d+$/;

type Names = Record<(typeof languages)[number], string>;

/** Pairs of programs that share a name in one language and not in another. */
function mismatches(programs: [string, Names][]): string[] {
  const problems: string[] = [];
  programs.forEach(([id, names], i) => {
    for (const [otherId, other] of programs.slice(i + 1)) {
      const alike = languages.filter((lang) => names[lang] === other[lang]);
      if (alike.length > 0 && alike.length < languages.length) {
        problems.push(`${id} and ${otherId}: ${languages.map((lang) => `${names[lang]} / ${other[lang]}`).join(', ')}`);
      }
    }
  });
  return problems;
}

describe('program names', () => {
  it('reads the rule right', () => {
    const comfort = { uz: 'Komfort', en: 'Comfort', ru: 'Комфорт' };
    expect(mismatches([['a.program.1', comfort], ['b.program.2', comfort]])).toEqual([]);
    expect(mismatches([['a.program.1', comfort], ['b.program.2', { ...comfort, uz: 'Qulay' }]])).toHaveLength(1);
  });

  it('names a program alike in every product, in each language', () => {
    const programs = new Map<string, Partial<Names>>();
    for (const lang of languages) {
      for (const file of readdirSync(join('locales', lang)).filter((name) => name.endsWith('.po'))) {
        for (const [id, text] of parsePo(readFileSync(join('locales', lang, file), 'utf8'))) {
          if (programName.test(id)) programs.set(id, { ...programs.get(id), [lang]: text });
        }
      }
    }
    expect(programs.size).toBeGreaterThan(20);
    expect(mismatches([...programs] as [string, Names][])).toEqual([]);
  });
});
