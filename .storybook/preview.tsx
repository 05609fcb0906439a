import { useEffect, useMemo, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { messages as uzEngine } from '../locales/uz/engine.po';
import { messages as uzSite } from '../locales/uz/site.po';
import { messages as uzTravel } from '../locales/uz/travel.po';
import { messages as uzHome } from '../locales/uz/home.po';
import { messages as enEngine } from '../locales/en/engine.po';
import { messages as enSite } from '../locales/en/site.po';
import { messages as enTravel } from '../locales/en/travel.po';
import { messages as enHome } from '../locales/en/home.po';
import { messages as ruEngine } from '../locales/ru/engine.po';
import { messages as ruSite } from '../locales/ru/site.po';
import { messages as ruTravel } from '../locales/ru/travel.po';
import { messages as ruHome } from '../locales/ru/home.po';
import { messages as uzRegions } from '../locales/uz/regions.po';
import { messages as enRegions } from '../locales/en/regions.po';
import { messages as ruRegions } from '../locales/ru/regions.po';
import { storyMessages } from '../stories/fixtures/story-messages';
import '../site/app.css';

type Locale = 'uz' | 'en' | 'ru';

const catalogs: Record<Locale, Messages> = {
  uz: { ...uzEngine, ...uzSite, ...uzTravel, ...uzHome, ...uzRegions, ...storyMessages.uz },
  en: { ...enEngine, ...enSite, ...enTravel, ...enHome, ...enRegions, ...storyMessages.en },
  ru: { ...ruEngine, ...ruSite, ...ruTravel, ...ruHome, ...ruRegions, ...storyMessages.ru },
};

// One instance per language: switching swaps the provider's instance instead of activating
// another language during a render, and every story remounts with its own fresh state.
const instances = new Map<Locale, I18n>();
function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

const isLocale = (value: unknown): value is Locale => value === 'uz' || value === 'en' || value === 'ru';

function WithLocale({ locale, children }: { locale: Locale; children: ReactNode }) {
  const i18n = useMemo(() => i18nFor(locale), [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <I18nProvider i18n={i18n} key={locale}>
      {children}
    </I18nProvider>
  );
}

const withI18n: Decorator = (Story, context) => (
  <WithLocale locale={isLocale(context.globals.locale) ? context.globals.locale : 'uz'}>
    <Story />
  </WithLocale>
);

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the messages',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'uz', title: "O'zbekcha" },
          { value: 'en', title: 'English' },
          { value: 'ru', title: 'Русский' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'uz' },
  decorators: [withI18n],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    options: { storySort: { order: ['Travel', ['Flow', 'Steps'], 'Home', 'Widgets'] } },
  },
};

export default preview;
