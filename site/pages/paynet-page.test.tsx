// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { orderLookupPlaceholders, orderLookupStates, type OrderLookupState } from '../../products/kit/site/site-pages';
import { catalogLoaders, pageCatalogs } from '../i18n';
import { languages, type Lang } from '../language';
import { OrderLookupContext } from '../order-lookup';
import PaynetPage from './paynet-page';

/**
 * The /paynet page as the build draws it: once as first opened, and once per answer of the order
 * lookup, in every language, with the placeholders the server fills in (server/lib/page-shell.ts).
 */

afterEach(cleanup);

const site = catalogLoaders('site');

async function draw(lang: Lang, lookup: OrderLookupState | null) {
  const i18n = setupI18n();
  i18n.load(lang, { ...(await site[lang]()).messages, ...(await pageCatalogs[lang]()).messages });
  i18n.activate(lang);
  render(
    <I18nProvider i18n={i18n}>
      <OrderLookupContext value={lookup}>
        <PaynetPage />
      </OrderLookupContext>
    </I18nProvider>,
  );
  return i18n;
}

const { order, amount } = orderLookupPlaceholders;

describe('the /paynet page', () => {
  for (const lang of languages) {
    it(`as first opened in ${lang}: how to pay, step by step, and a form asking for the order number`, async () => {
      const i18n = await draw(lang, null);
      const title = i18n._('pages.paynet.title');
      // Translated, not the message id.
      expect(title).not.toMatch(/^site\./);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      const steps = within(screen.getByRole('list')).getAllByRole('listitem');
      expect(steps.map((step) => step.textContent)).toEqual(['order', 'find', 'enter', 'pay', 'check'].map((step) => i18n._(`pages.paynet.how.${step}`)));
      const input = screen.getByRole('textbox', { name: i18n._('pages.paynet.lookup.label') });
      expect(input.getAttribute('name')).toBe('order');
      expect((input as HTMLInputElement).value).toBe('');
      expect(input.getAttribute('aria-invalid')).toBeNull();
      const form = input.closest('form');
      // A plain GET form: the page works without script, and the answer comes back in view.
      expect(form?.getAttribute('method')).toBe('get');
      expect(form?.getAttribute('action')).toBe(`/${lang}/paynet#lookup`);
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  }

  it('each answer of the lookup says its own text, with the number typed and the amount where the server writes them', async () => {
    for (const lang of languages) {
      for (const state of orderLookupStates) {
        const i18n = await draw(lang, state);
        const problem = state === 'invalid' || state === 'unknown';
        const result = screen.getByRole(problem ? 'alert' : 'status');
        expect(result.textContent, `${lang} ${state}`).toBe(i18n._(`pages.paynet.result.${state}`, { order, amount: i18n._('site.price.amount', { amount }) }));
        expect(result.textContent).toContain(order);
        if (state === 'unpaid') expect(result.textContent).toContain(amount);
        else expect(result.textContent).not.toContain(amount);
        const input = screen.getByRole('textbox');
        // The number typed stays in the field, to correct it.
        expect((input as HTMLInputElement).value).toBe(order);
        expect(input.getAttribute('aria-describedby')).toBe('order-hint lookup-result');
        expect(input.getAttribute('aria-invalid')).toBe(problem ? 'true' : null);
        cleanup();
      }
    }
  });
});
