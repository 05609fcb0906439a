import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from './language';

const siteDir = import.meta.dirname;
const localesDir = join(siteDir, '..', 'locales');

/** The site shell's area and its pages' (site/i18n.ts `pageCatalogs`). */
function poEntries(lang: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const area of ['site', 'pages']) {
    const text = readFileSync(join(localesDir, lang, `${area}.po`), 'utf8');
    for (const [, id, str] of text.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) entries.set(id!, str!);
  }
  return entries;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('site messages', () => {
  const catalogs = Object.fromEntries(languages.map((lang) => [lang, poEntries(lang)]));

  it('every site.* and pages.* id used in the code is translated in uz, en and ru', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(siteDir)) {
      for (const [, id] of readFileSync(file, 'utf8').matchAll(/'((?:site|pages)\.[A-Za-z0-9_.-]+[A-Za-z0-9_])'/g)) used.add(id!);
    }
    expect(used.size).toBeGreaterThan(40);
    for (const lang of languages) {
      const missing = [...used].filter((id) => !catalogs[lang]?.get(id));
      expect(missing, `missing in locales/${lang}/site.po or pages.po`).toEqual([]);
    }
  });

  it('the three catalogs hold the same ids, and uz/ru are really translated', () => {
    const en = catalogs.en!;
    for (const lang of ['uz', 'ru'] as const) {
      expect([...catalogs[lang]!.keys()].sort()).toEqual([...en.keys()].sort());
      const copied = [...en].filter(([id, text]) => catalogs[lang]!.get(id) === text && /[a-z]{4}/.test(text));
      expect(copied, `English left in ${lang}`).toEqual([]);
    }
    expect([...catalogs.ru!.values()].filter((text) => /[а-я]/i.test(text)).length).toBeGreaterThan(50);
    expect([...catalogs.uz!.values()].some((text) => /[а-я]/i.test(text))).toBe(false);
  });
});
