import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import { languages, saveLang, switchLangPath, type Lang } from '../language';
import { useLang } from '../use-lang';

/** Endonyms: each language is named in itself, whatever the page language. */
const names: Record<Lang, string> = { uz: 'Oʻzbekcha', en: 'English', ru: 'Русский' };

/** Keeps the page, its query (`ad`, `step`) and hash; only the prefix changes. */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const location = useLocation();
  const current = useLang();
  return (
    <nav aria-label={i18n._('site.nav.language')}>
      <ul className="flex items-center gap-1 text-sm">
        {languages.map((lang) => (
          <li key={lang}>
            <Link
              to={switchLangPath(lang, location)}
              lang={lang}
              hrefLang={lang}
              aria-current={lang === current ? 'true' : undefined}
              preventScrollReset
              onClick={() => saveLang(lang)}
              className="inline-flex min-h-9 min-w-9 items-center justify-center rounded-md px-2 font-medium text-ink-soft hover:bg-brand-50 hover:text-brand-800 aria-[current=true]:bg-brand-700 aria-[current=true]:text-white"
            >
              {/* Narrow screens show the code and tell screen readers the name too; the spoken name
                  always holds the visible text, so "click UZ" works for voice control (WCAG 2.5.3). */}
              <span className="sm:hidden">{lang.toUpperCase()}</span>{' '}
              <span className="sr-only sm:not-sr-only">{names[lang]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
