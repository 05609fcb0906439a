// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import HomePage, { fromPriceText } from './home-page';

afterEach(cleanup);

describe('home page', () => {
  it('formats the lowest premium with the shared price helper', () => {
    const translate = (id: string, values: Record<string, string>) => `${id}:${values.amount}`;
    expect(fromPriceText(translate, 70_000)).toBe('site.price.from:70 000');
    expect(fromPriceText(translate, 1_120_000)).toBe('site.price.from:1 120 000');
    expect(fromPriceText(translate, undefined)).toBeNull();
  });

  it('shows both products with a "Buy online" link in the current language', async () => {
    const i18n = setupI18n();
    i18n.load('ru', {
      'site.price.from': 'от {amount} сум',
      'pages.home.buy': 'Купить онлайн',
      'site.product.home.title': 'Страхование жилья',
      'site.product.travel.title': 'Страхование путешественников',
    });
    i18n.activate('ru');
    const router = createMemoryRouter([{ path: '/ru', element: <HomePage /> }], { initialEntries: ['/ru'] });
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    const cards = await screen.findAllByRole('listitem');
    const home = cards.find((card) => within(card).queryByText('Страхование жилья'));
    expect(home).toBeTruthy();
    expect(within(home!).getByText('от 70 000 сум')).toBeTruthy();
    expect(within(home!).getByRole('link').getAttribute('href')).toBe('/ru/housing');
    const travel = cards.find((card) => within(card).queryByText('Страхование путешественников'));
    expect(within(travel!).getByRole('link').getAttribute('href')).toBe('/ru/travel');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
  });
});
