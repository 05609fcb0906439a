import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatter } from '@lingui/format-po';
import type { CatalogType } from '@lingui/conf';

const poFormat = formatter({ explicitIdAsDefault: true });

/** msgid → msgstr of a PO catalog, read by Lingui's own PO format. */
export function readPo(text: string): Record<string, string> {
  const catalog = poFormat.parse(text, { locale: null, sourceLocale: 'en', filename: 'catalog.po' }) as CatalogType;
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation ?? '']));
}

export function enginePo(locale: 'uz' | 'en' | 'ru'): Record<string, string> {
  // Tests run from the project root (vitest's root); import.meta.url is not a file URL under jsdom.
  const folder = resolve(process.cwd(), 'locales', locale);
  // The engine's areas: its own, those of what it loads on its own (engine/message-areas.ts), and
  // the claims' (their common texts and each family's), which hold the texts the engine draws a claim with.
  const areas = readdirSync(folder).filter((file) => /^(engine(-[a-z]+)?|claim(-[a-z-]+)?)\.po$/.test(file));
  return Object.assign({}, ...areas.map((file) => readPo(readFileSync(resolve(folder, file), 'utf8')))) as Record<string, string>;
}

/** A fresh i18n with the engine catalog of `locale` (and optional extra messages) activated. */
export function engineI18n(locale: 'uz' | 'en' | 'ru' = 'en', extra: Record<string, string> = {}): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(locale, { ...enginePo(locale), ...extra });
  i18n.activate(locale);
  return i18n;
}
