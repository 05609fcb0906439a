import { expect, test, type Page } from '@playwright/test';
import type { FormAction, PurchasePlan } from '../support/purchase-plans';
import { downloadPolicyText, loadTexts, next, payWithSandboxCard, purchasePlans, text, type Lang } from './shop';

/**
 * Every registered product bought as a new visitor buys it: in Uzbek, English and Russian and in
 * the app's webview layout, from the product's purchase sample, through the sandbox checkout to
 * the PDF, whose text must hold the policy number the page shows. A new product folder is bought
 * here without a line written for it.
 */

const plans = purchasePlans();

test.beforeAll(loadTexts);

const currentStep = (page: Page) => new URL(page.url()).searchParams.get('step');

async function perform(page: Page, lang: Lang, action: FormAction) {
  switch (action.kind) {
    case 'fill':
      return page.locator(`[id="${action.id}"]`).fill(action.value);
    case 'check':
      return page.locator(`[id="${action.id}"]`).setChecked(action.checked);
    case 'choose':
      return page.locator(`[id="${action.id}"]`).check();
    case 'select':
      return page.locator(`[id="${action.id}"]`).selectOption({ index: action.index });
    case 'checkLabel':
      return page.locator(`[id="${action.within}"]`).getByRole('checkbox', { name: text(lang, action.label), exact: true }).check();
    case 'addRow':
      return page.locator(`[id="${action.id}"]`).click();
  }
}

async function buy(page: Page, plan: PurchasePlan, lang: Lang, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/[?&]step=/);
  // Form steps until the flow saves and shows the payment step; skipped steps never appear.
  for (let step = currentStep(page); step && plan.steps[step]; step = currentStep(page)) {
    for (const action of plan.steps[step] ?? []) await perform(page, lang, action);
    await next(page, lang);
    await expect(page, `Next leaves the ${step} step`).not.toHaveURL(new RegExp(`[?&]step=${step}(&|$)`), { timeout: 20_000 });
  }
  await expect(page.locator('section dd').first()).toContainText(plan.total);
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
