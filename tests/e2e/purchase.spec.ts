import { expect, test, type Page } from '@playwright/test';
import type { PurchasePlan } from '../support/purchase-plans';
import { checkoutTexts, sandboxCards } from '../../server/payments/sandbox-checkout';
import { downloadPolicyText, expectAccessible, expectSummary, fillUntilPayment, loadTexts, payWithSandboxCard, productPath, purchasePlans, text, type Lang } from './shop';

/**
 * Every registered product bought as a new visitor buys it: on a phone in Uzbek, English and
 * Russian and in the app's webview layout (a product of the app alone: in its webview page in each
 * language; a site page the app does not embed: there only), and once on a desktop, from the product's purchase sample, through the sandbox checkout to
 * the PDF, whose text must hold the policy number the page shows. A new product folder is bought
 * here without a line written for it.
 */

const plans = purchasePlans();

test.beforeAll(loadTexts);

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

for (const plan of plans) {
  // A product of the app alone (no site page) is bought in its webview page in every language.
  const appOnly = plan.routes.page === undefined;
  test.describe('on a phone', () => {
    test.use(phone);
    for (const lang of ['uz', 'en', 'ru'] as const) {
      test(`a new visitor buys ${plan.id} in ${lang}${appOnly ? ' in the app\'s webview layout' : ''}`, async ({ page }) => {
        await buy(page, plan, lang, productPath(plan, lang));
        if (appOnly) await expectNoSiteHeader(page);
      });
    }

    const { page: sitePage, webview } = plan.routes;
    if (sitePage !== undefined && webview !== undefined) {
      test(`a visitor buys ${plan.id} in the app's webview layout`, async ({ page }) => {
        await buy(page, plan, 'uz', `/uz${webview}`);
        await expectNoSiteHeader(page);
      });
    }
  });

  test(`a visitor buys ${plan.id} on a desktop`, async ({ page }) => {
    await buy(page, plan, 'en', productPath(plan, 'en'));
  });
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
