import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** msgid → msgstr of a hand-kept PO file (one-line entries, as our catalogs are written). */
export function readPo(text: string): Record<string, string> {
  const messages: Record<string, string> = {};
  const unquote = (s: string) => JSON.parse(s) as string;
  let id: string | null = null;
  for (const line of text.split('\n')) {
    const idMatch = /^msgid (".*")$/.exec(line);
    const strMatch = /^msgstr (".*")$/.exec(line);
    if (idMatch?.[1]) id = unquote(idMatch[1]);
    else if (strMatch?.[1] && id) {
      messages[id] = unquote(strMatch[1]);
      id = null;
    }
  }
  return messages;
}

export function enginePo(locale: 'uz' | 'en' | 'ru'): Record<string, string> {
  // Tests run from the project root (vitest's root); import.meta.url is not a file URL under jsdom.
  return readPo(readFileSync(resolve(process.cwd(), 'locales', locale, 'engine.po'), 'utf8'));
}

/** A fresh i18n with the engine catalog of `locale` (and optional extra messages) activated. */
export function engineI18n(locale: 'uz' | 'en' | 'ru' = 'en', extra: Record<string, string> = {}): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(locale, { ...enginePo(locale), ...extra });
  i18n.activate(locale);
  return i18n;
}
