import { expect, test, type Route } from '@playwright/test';
import {
  downloadPolicyText, expectStep, fillStep, fillSteps, loadTexts, next, onSamplesDay, payWithSandboxCard, purchasePlans, samplesDayServer, text,
} from '../../tests/e2e/shop';
import manifest from './product';

// The products' samples are told on 15.06.2030: bought on the server selling on that day, the page's clock on it.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

/**
 * The pet's photos in the browser: chosen on the pet step, kept in the tab's IndexedDB, sent with
 * the save as multipart. Buying pets in each layout is the generic purchase spec's.
 */

test.beforeAll(loadTexts);

test('a reload while the photos are being sent keeps them, and the purchase then goes through', async ({ page }) => {
  const plan = purchasePlans().find((p) => p.id === 'pets');
  if (!plan) throw new Error('no purchase plan for pets');
  await page.goto('/en/pets');
  await expect(page).toHaveURL(/[?&]step=/);
  await fillSteps(page, plan, 'en', 'owner');

  // The save is held unanswered, so the photos are still on their way when the visitor reloads.
  const held: Route[] = [];
  await page.route(`**/api${manifest.calls.save}`, (route) => { held.push(route); });
  await fillStep(page, plan, 'en', 'owner');
  await next(page, 'en');
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();

  // Back on the pet step, both photos are there as they were chosen.
  await expect(page).toHaveURL(/[?&]step=/);
  while (!new URL(page.url()).searchParams.get('step')?.startsWith('pet')) {
    await page.getByRole('button', { name: text('en', 'engine.back'), exact: true }).click();
  }
  await expectStep(page, 'pet');
  await expect(page.getByTestId('flow-pet_photoFace__kept')).toContainText('pet-face.jpg');
  await expect(page.getByTestId('flow-pet_photoBody__kept')).toContainText('pet-side.jpg');

  // The owner's answers were kept too: two Nexts save, with the photos, and the policy follows.
  await next(page, 'en');
  await expectStep(page, 'owner');
  await next(page, 'en');
  await expectStep(page, 'payment');
  await expect(page.getByTestId('summary-total')).toContainText(plan.total);
  await payWithSandboxCard(page, 'en');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
  expect(pdfText).toContain(policyNumber);
});
