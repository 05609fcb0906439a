import { expect, test } from '@playwright/test';
import { killableServer } from '../support/killable-server';
import { samplesDay } from '../../products/define';
import { downloadPolicyText, fillUntilPayment, loadTexts, onSamplesDay, payWithSandboxCard, productPath, purchasePlans } from './shop';

/**
 * The visitor's side of a crash (tests/resilience/kill.test.ts is the server's): the server is
 * killed outright after the flow saved the contract and again after the payment; each time the
 * visitor reloads the page on a restarted server and carries on where they were, and the policy they
 * end with is the one in the PDF.
 */

test.beforeAll(loadTexts);

test('a visitor whose server was killed mid-purchase reloads, pays and gets the policy', async ({ page }) => {
  test.setTimeout(240_000);
  // The home sample's cover starts in the summer of 2030: the server and the page sell on the samples' day.
  const server = killableServer({ SALES_DAY: samplesDay });
  await onSamplesDay(page);
  try {
    await server.start();
    const plans = purchasePlans();
    const plan = plans.find((p) => p.id === 'home') ?? plans[0];
    if (!plan) throw new Error('no product to buy');
    await fillUntilPayment(page, plan, 'en', `${server.base}${productPath(plan, 'en')}`);
    const paymentStep = page.url();

    server.kill();
    await server.start();
    await page.reload();
    await expect(page).toHaveURL(paymentStep);
    await expect(page.getByTestId('summary-total')).toContainText(plan.total);
    await payWithSandboxCard(page, 'en');
    const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
    expect(pdfText).toContain(policyNumber);

    server.kill();
    await server.start();
    await page.reload();
    await expect(page.getByTestId('policy-number')).toHaveText(policyNumber, { timeout: 20_000 });
  } finally {
    server.dispose();
  }
});
