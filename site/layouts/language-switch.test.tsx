// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch';

afterEach(() => {
  cleanup();
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('LanguageSwitch', () => {
  it('links the same page, query and hash in every language and remembers the choice', () => {
    const i18n = setupI18n();
    i18n.load('en', { 'site.nav.language': 'Language' });
    i18n.activate('en');
    const router = createMemoryRouter([{ path: '*', element: <LanguageSwitch /> }], {
      initialEntries: ['/en/travel/neo?step=tourists#top'],
    });
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(screen.getByRole('navigation', { name: 'Language' })).toBeTruthy();
    const uz = screen.getByRole('link', { name: 'UZ Oʻzbekcha' });
    expect(uz.getAttribute('href')).toBe('/uz/travel/neo?step=tourists#top');
    expect(screen.getByRole('link', { name: 'RU Русский' }).getAttribute('href')).toBe('/ru/travel/neo?step=tourists#top');
    expect(screen.getByRole('link', { name: 'EN English' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(uz);
    expect(document.cookie).toContain('lang=uz');
    expect(router.state.location.pathname).toBe('/uz/travel/neo');
  });
});
