/**
 * Writes locales/{uz,en,ru}/regions.po: the names of countries and territories (`region.XX`,
 * ISO 3166-1 alpha-2) from the CLDR data in Node's full ICU. Browsers ship trimmed ICU data
 * (Chromium has no Uzbek region names), so the page cannot ask Intl for them; the catalogs can.
 * Run `npx tsx tools/generate-region-catalogs.ts` after a Node upgrade and review the diff.
 */
import { writeFileSync } from 'node:fs';
import { modernUzbek } from '../products/kit/text/uzbek-orthography';

const languages = ['uz', 'en', 'ru'] as const;
/** Codes Intl names that are not countries or territories a person lives in or travels to. */
const notRegions = new Set(['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'IC', 'QO', 'TA', 'UN', 'XA', 'XB', 'ZZ']);

export function regionCodes(): string[] {
  const english = new Intl.DisplayNames(['en'], { type: 'region' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = english.of(code);
      } catch {
        continue;
      }
      if (name && name !== code && !notRegions.has(code)) codes.push(code);
    }
  }
  return codes;
}

export function regionCatalog(language: (typeof languages)[number]): string {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const header = `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n"X-Generator: tools/generate-region-catalogs.ts\\n"\n`;
  const entries = regionCodes().map((code) => {
    const name = names.of(code);
    if (!name) throw new Error(`ICU has no ${language} name for ${code}`);
    return `\nmsgid "region.${code}"\nmsgstr ${JSON.stringify(language === 'uz' ? modernUzbek(name) : name)}\n`;
  });
  return header + entries.join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const language of languages) writeFileSync(`locales/${language}/regions.po`, regionCatalog(language));
  console.log(`regions.po: ${regionCodes().length} regions × ${languages.length} languages`);
}
