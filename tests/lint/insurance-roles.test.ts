/**
 * The two parties of a policy, named alike in every language: the insurer (the company: Uzbek
 * sugʻurtalovchi, Russian страховщик) and the policyholder (who takes out and pays for the policy:
 * sugʻurta qildiruvchi, страхователь). The words differ by a few letters, so a translation that
 * swaps them tells a buyer the company must be 18 or that they are the one who pays claims.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../products/kit/testing/conformance';

const languages = ['uz', 'en', 'ru'] as const;
type Language = (typeof languages)[number];

/** Each party as each language names it (any inflection: `sugʻurta qildiruvchining`, `страхователю`, `insurer’s`). */
const parties: Record<string, Record<Language, RegExp>> = {
  insurer: { uz: /sugʻurtalovchi/i, en: /\binsurers?\b/i, ru: /страховщик/i },
  policyholder: { uz: /sugʻurta qildiruvchi/i, en: /\bpolicyholders?\b/i, ru: /страховател/i },
};

/**
 * Uzbek words that name neither party for sure: `sugʻurtalanuvchi` is read as the policyholder and
 * as the insured person, `sugʻurtachi` is the insurer in speech, an agent to others.
 */
const ambiguous = /sugʻurtalanuvchi|sugʻurtachi/i;

/** What the party words of a message say, per language: the parties each one names. */
function partyProblems(texts: Partial<Record<Language, string>>): string[] {
  const problems: string[] = [];
  for (const [party, words] of Object.entries(parties)) {
    const naming = languages.filter((lang) => texts[lang] !== undefined && words[lang].test(texts[lang]));
    if (naming.length > 0 && naming.length < languages.length) {
      problems.push(`the ${party} is named in ${naming.join(', ')} only`);
    }
  }
  if (texts.uz !== undefined && ambiguous.test(texts.uz)) problems.push(`"${ambiguous.exec(texts.uz)?.[0]}" names neither party for sure`);
  return problems;
}

function catalogs(): Map<string, Partial<Record<Language, string>>> {
  const byId = new Map<string, Partial<Record<Language, string>>>();
  for (const file of readdirSync('locales/en').filter((name) => name.endsWith('.po'))) {
    for (const lang of languages) {
      for (const [id, text] of parsePo(readFileSync(join('locales', lang, file), 'utf8'))) {
        byId.set(`${file}: ${id}`, { ...byId.get(`${file}: ${id}`), [lang]: text });
      }
    }
  }
  return byId;
}

describe('insurer and policyholder', () => {
  it('reads the rule right', () => {
    expect(partyProblems({ uz: 'Sugʻurta qildiruvchining telefoni', en: 'Policyholder’s phone', ru: 'Телефон страхователя' })).toEqual([]);
    expect(partyProblems({ uz: 'Sugʻurtalovchi 18 yoshda boʻlishi kerak', en: 'The policyholder must be 18', ru: 'Страхователю должно быть 18' })).toEqual([
      'the insurer is named in uz only',
      'the policyholder is named in en, ru only',
    ]);
    expect(partyProblems({ uz: 'Sugʻurtalanuvchi', en: 'Policyholder', ru: 'Страхователь' })).toHaveLength(2);
  });

  it('every message names the same party in uz, en and ru, with words that name one party only', () => {
    const problems = [...catalogs()].flatMap(([id, texts]) => partyProblems(texts).map((problem) => `${id}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
