import { expect, test, type Page } from '@playwright/test';
import type { PurchasePlan } from '../support/purchase-plans';
import { checkoutTexts, sandboxCards } from '../../server/payments/sandbox-checkout';
import {
  downloadPolicyText, expectAccessible, expectSummary, fillUntilPayment, loadTexts, onSamplesDay, payWithSandboxCard, productPath, purchasePlans, samplesDayServer, text, type Lang,
} from './shop';

/**
 * Every registered product bought as a new visitor buys it, from the product's purchase sample,
 * through the sandbox checkout to the PDF, whose text must hold the policy number the page shows:
 * on a phone in one language and in the app's webview layout in another (a product of the app alone:
 * in its webview page both times; a site page the app does not embed: on the site both times), and
 * every fourth product on a desktop in the third. The languages turn from product to product, so each
 * language buys many products on a phone; a purchase costs some 40 s of a browser, and five of each of
 * sixteen products would take the suite past its half hour. What a language could miss is held
 * elsewhere: every message id exists in all three catalogs (`npm run i18n:check`), and the
 * products' own browser specs and stories walk their steps in each. A new product folder is bought
 * here without a line written for it.
 */

const plans = purchasePlans();

test.beforeAll(loadTexts);

// The samples' covers start in the summer of 2030: the page and the server sell on the day they are told on.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

async function buy(page: Page, plan: PurchasePlan, lang: Lang, path: string) {
  // Every step is also checked with axe (WCAG 2.2 AA), in each language and layout.
  await fillUntilPayment(page, plan, lang, path, true);
  await payWithSandboxCard(page, lang, undefined, () => expectAccessible(page, `${plan.id} ${lang} sandbox checkout`));
  const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
  await expectSummary(page, plan, lang);
  await expectAccessible(page, `${plan.id} ${lang} download`);
  expect(policyNumber).toMatch(/^[A-Z]{2,4} \d{10}$/);
  expect(pdfText).toContain(policyNumber);
}

/** A mid-range phone: narrow, touch, mobile viewport meta honoured. */
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The webview layout draws no site header: the app around it has its own. */
const expectNoSiteHeader = (page: Page) => expect(page.locator('header[role="banner"], body > div header')).toHaveCount(0);

// Products come in their folders' order; starting from Russian, casco (the second) is bought with its fixed program in Uzbek.
const languages = ['ru', 'uz', 'en'] as const;

for (const [index, plan] of plans.entries()) {
  const [first, second, third] = [0, 1, 2].map((shift) => languages[(index + shift) % languages.length] ?? 'uz') as [Lang, Lang, Lang];
  const { page: sitePage, webview } = plan.routes;
  test.describe('on a phone', () => {
    test.use(phone);
    test(`a new visitor buys ${plan.id} in ${first}`, async ({ page }) => {
      await buy(page, plan, first, productPath(plan, first));
      if (sitePage === undefined) await expectNoSiteHeader(page);
    });

    // The webview page of a product sold on both; another visit to the only page of one sold on one.
    const webviewPath = sitePage !== undefined && webview !== undefined ? `/${second}${webview}` : productPath(plan, second);
    test(`a visitor buys ${plan.id} in ${second}${webview !== undefined ? ' in the app\'s webview layout' : ''}`, async ({ page }) => {
      await buy(page, plan, second, webviewPath);
      if (webview !== undefined) await expectNoSiteHeader(page);
    });
  });

  if (index % 4 === 0) {
    test(`a visitor buys ${plan.id} on a desktop in ${third}`, async ({ page }) => {
      await buy(page, plan, third, productPath(plan, third));
    });
  }
}

test('a declined card is said on the checkout and back in the shop, and another card then pays', async ({ page }) => {
  const plan = plans[0];
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'ru', productPath(plan, 'ru'));
  await payWithSandboxCard(page, 'ru', sandboxCards.declined.number);
  await expect(page.getByRole('alert')).toHaveText(checkoutTexts.ru.declined);
  await page.getByRole('link', { name: checkoutTexts.ru.backToShop }).click();
  await expect(page.getByRole('alert')).toHaveText(text('ru', 'engine.payment.declined'));
  await payWithSandboxCard(page, 'ru');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'ru');
  expect(pdfText).toContain(policyNumber);
});
