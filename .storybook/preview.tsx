import { useEffect, useMemo, type ReactNode } from 'react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import MockDate from 'mockdate';
import { samplesDay } from '../products/kit/define/define';
import { loadFileSupport } from '../engine/files/on-demand';
import { loadArrayParts, loadWidgets, onDemandWidgets } from '../engine/theme';
import { storyMessages } from '../stories/fixtures/story-messages';
import '../site/app.css';

type Locale = 'uz' | 'en' | 'ru';

// Every catalog area of every language (the site's, the engine's, each product's), all at once.
const poFiles = import.meta.glob<{ messages: Messages }>('../locales/*/*.po', { eager: true });
const catalogOf = (locale: Locale): Messages => Object.assign(
  {},
  ...Object.entries(poFiles).filter(([path]) => path.startsWith(`../locales/${locale}/`)).map(([, module]) => module.messages),
  storyMessages[locale],
) as Messages;
const catalogs: Record<Locale, Messages> = { uz: catalogOf('uz'), en: catalogOf('en'), ru: catalogOf('ru') };

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
  // The products' stories tell their samples, whose covers start in the summer of 2030: they are told
  // on the samples' day, noon in Tashkent, as the browser tests sell them, so Next accepts their dates.
  beforeEach: ({ title }) => {
    if (!title.startsWith('Products/')) return;
    MockDate.set(new Date(`${samplesDay}T12:00:00+05:00`));
    return () => MockDate.reset();
  },
  // Every story may draw any widget, or a flow with files: what the site loads with the flows that need it is loaded first.
  loaders: [async () => {
    await Promise.all([loadWidgets(Object.keys(onDemandWidgets)), loadArrayParts(), loadFileSupport()]);
    return {};
  }],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    options: { storySort: { order: ['Products', 'Widgets'] } },
  },
};

export default preview;
