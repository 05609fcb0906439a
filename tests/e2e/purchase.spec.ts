import { expect, test, type Page } from '@playwright/test';
import type { PurchasePlan } from '../support/purchase-plans';
import { downloadPolicyText, fillUntilPayment, loadTexts, payWithSandboxCard, purchasePlans, type Lang } from './shop';

/**
 * Every registered product bought as a new visitor buys it: in Uzbek, English and Russian and in
 * the app's webview layout, from the product's purchase sample, through the sandbox checkout to
 * the PDF, whose text must hold the policy number the page shows. A new product folder is bought
 * here without a line written for it.
 */

const plans = purchasePlans();

test.beforeAll(loadTexts);

async function buy(page: Page, plan: PurchasePlan, lang: Lang, path: string) {
  await fillUntilPayment(page, plan, lang, path);
  await payWithSandboxCard(page, lang);
  const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
  expect(policyNumber).toMatch(/^[A-Z]{2,4} \d{10}$/);
  expect(pdfText).toContain(policyNumber);
}

for (const plan of plans) {
  for (const lang of ['uz', 'en', 'ru'] as const) {
    test(`a new visitor buys ${plan.id} in ${lang}`, async ({ page }) => {
      await buy(page, plan, lang, `/${lang}${plan.routes.page}`);
    });
  }

  test(`a visitor buys ${plan.id} in the app's webview layout`, async ({ page }) => {
    await buy(page, plan, 'uz', `/uz${plan.routes.webview}`);
    await expect(page.locator('header[role="banner"], body > div header')).toHaveCount(0);
  });
}
