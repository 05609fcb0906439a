import { readdirSync, readFileSync } from 'node:fs';
import { setupI18n, type I18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { MessageValues, PolicyWords } from '../../products/kit/sale/sale';

/** The languages a policy is printed in, in the order it prints them. */
const policyLanguages = ['uz', 'ru'] as const;

const poFormat = formatter({ explicitIdAsDefault: true });

/** msgid → msgstr of one PO catalog, read by Lingui's own PO format (what the site's build reads). */
function readCatalog(text: string, filename: string): Record<string, string> {
  const catalog = poFormat.parse(text, { locale: null, sourceLocale: 'en', filename }) as Record<string, { translation?: string }>;
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(catalog)) if (entry.translation) messages[id] = entry.translation;
  return messages;
}

/** Every area of one language (`<folder>/<lang>/*.po`) as one Lingui instance. */
function languageOf(folder: URL, language: string): I18n {
  const dir = new URL(`${language}/`, folder);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.po')).sort()) {
    Object.assign(messages, readCatalog(readFileSync(new URL(file, dir), 'utf8'), file));
  }
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.load(language, messages);
  i18n.activate(language);
  return i18n;
}

const catalogs = new URL('../../locales/', import.meta.url);
let kept: PolicyWords | undefined;
const languages = new Map<string, I18n>();

/** One language's catalogs, read and compiled once per process. */
function language(code: string): I18n {
  let i18n = languages.get(code);
  if (!i18n) {
    i18n = languageOf(catalogs, code);
    languages.set(code, i18n);
  }
  return i18n;
}

/** A message of the site's catalogs in one language (an SMS names a product as the site does), or undefined when it has none. */
export function siteMessage(code: 'uz' | 'en' | 'ru', id: string, values?: MessageValues): string | undefined {
  const i18n = language(code);
  return id in i18n.messages ? i18n._(id, values) : undefined;
}

/**
 * The policy's words from the site's own catalogs, so a PDF names a program, a risk or an extra
 * exactly as the page did. The catalogs are read once per process (synchronously, about 50 small
 * files, 40 ms) and every message compiled by Lingui as the page compiles it.
 */
export function policyWords(): PolicyWords {
  if (kept) return kept;
  const printed = policyLanguages.map(language);
  kept = (id: string, values?: MessageValues) => {
    const texts: string[] = [];
    for (const i18n of printed) {
      if (!(id in i18n.messages)) return undefined;
      texts.push(i18n._(id, values));
    }
    return [...new Set(texts)].join(' / ');
  };
  return kept;
}
