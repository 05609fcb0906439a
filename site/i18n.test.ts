import { setupI18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { createCatalogManager, type CatalogLoaders } from './i18n';

const loaders = (area: string): CatalogLoaders => ({
  uz: vi.fn(async () => ({ messages: { [`${area}.hello`]: `${area} salom` } })),
  en: vi.fn(async () => ({ messages: { [`${area}.hello`]: `${area} hello` } })),
  ru: vi.fn(async () => ({ messages: { [`${area}.hello`]: `${area} привет` } })),
});

describe('catalog manager', () => {
  it('loads the core catalogs of a language on demand and sets <html lang>', async () => {
    const i18n = setupI18n();
    const site = loaders('site');
    const engine = loaders('engine');
    const setLang = vi.fn();
    const manager = createCatalogManager(i18n, { site, engine }, setLang);

    await manager.activate('ru');
    expect(i18n.locale).toBe('ru');
    expect(i18n._('site.hello')).toBe('site привет');
    expect(i18n._('engine.hello')).toBe('engine привет');
    expect(site.uz).not.toHaveBeenCalled();
    expect(setLang).toHaveBeenCalledWith('ru');

    await manager.activate('ru');
    expect(site.ru).toHaveBeenCalledOnce();
  });

  it('adds a product catalog to the active language and to later activations', async () => {
    const i18n = setupI18n();
    const manager = createCatalogManager(i18n, { site: loaders('site') }, () => undefined);
    await manager.activate('uz');
    const travel = loaders('travel');
    await manager.require('travel', travel);
    expect(i18n._('travel.hello')).toBe('travel salom');
    expect(i18n._('site.hello')).toBe('site salom');

    await manager.activate('en');
    expect(i18n._('travel.hello')).toBe('travel hello');
    expect(manager.has('en', 'travel')).toBe(true);
    expect(manager.has('ru', 'travel')).toBe(false);
  });

  it('an area required while a language is being activated is in that language once it shows', async () => {
    const i18n = setupI18n();
    const manager = createCatalogManager(i18n, { site: loaders('site') }, () => undefined);
    await manager.activate('uz');
    // The first language's catalogs take a while (a cold server); a combobox's step asks for its area meanwhile.
    const activation = manager.activate('ru');
    await manager.require('combobox', loaders('combobox'));
    await activation;
    expect(i18n.locale).toBe('ru');
    expect(i18n._('combobox.hello')).toBe('combobox привет');
  });

  it('retries a catalog whose load failed', async () => {
    const i18n = setupI18n();
    let fail = true;
    const flaky: CatalogLoaders = {
      ...loaders('site'),
      en: async () => {
        if (fail) throw new Error('chunk missing');
        return { messages: { 'site.hello': 'hello' } };
      },
    };
    const manager = createCatalogManager(i18n, { site: flaky }, () => undefined);
    await expect(manager.activate('en')).rejects.toThrow('chunk missing');
    fail = false;
    await manager.activate('en');
    expect(i18n._('site.hello')).toBe('hello');
  });
});

describe('site catalogs compiled by the Lingui Vite plugin', () => {
  it('are keyed by the explicit ids and carry ICU placeholders', async () => {
    const i18n = setupI18n();
    const [ru, uz, uzPages] = await Promise.all([import('../locales/ru/site.po'), import('../locales/uz/site.po'), import('../locales/uz/pages.po')]);
    i18n.load({ ru: ru.messages, uz: { ...uz.messages, ...uzPages.messages } });
    i18n.activate('ru');
    expect(i18n._('site.error.network')).toBe('Ошибка сети');
    expect(i18n._('site.error.offline')).toBe('Проверьте подключение к сети');
    expect(i18n._('site.price.from', { amount: '70 000' })).toBe('от 70 000 сум');
    i18n.activate('uz');
    expect(i18n._('pages.notFound.text', { path: '/uz/x' })).toMatch(/^\/uz\/x manzilida/);
  });
});
