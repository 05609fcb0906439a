import { expect, test } from '@playwright/test';
import { expectStep, fillStep, fillSteps, loadTexts, next, onSamplesDay, purchasePlans, samplesDayServer, text } from '../../tests/e2e/shop';

// The products' samples are told on 15.06.2030: bought on the server selling on that day, the page's clock on it.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

/** Home's address in the browser; buying home in each layout is the generic purchase spec's. */

test.beforeAll(loadTexts);

test('an address with an emoji is refused at its field in the visitor\'s language: the policy could not print it', async ({ page }) => {
  const plan = purchasePlans().find((p) => p.id === 'home');
  if (!plan) throw new Error('no purchase plan for home');
  await page.goto('/uz/housing');
  await expect(page).toHaveURL(/[?&]step=/);
  await fillSteps(page, plan, 'uz', 'address');
  await fillStep(page, plan, 'uz', 'address');
  const address = page.locator('[id="flow-address_address"]');
  await address.fill('Toshkent, Navoiy 5 🏠');
  await next(page, 'uz');
  await expectStep(page, 'address');
  await expect(page.locator('[id="flow-address_address__error"]')).toHaveText(text('uz', 'engine.error.unprintable').replace('{char}', '🏠'));
  await address.fill('Toshkent, Navoiy 5');
  await next(page, 'uz');
  await expectStep(page, 'payment');
});
