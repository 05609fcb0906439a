import { expect, test } from '@playwright/test';
import { killableServer } from '../support/killable-server';
import { samplesDay } from '../../products/kit/define/define';
import { downloadPolicyText, fillStep, fillUntilPayment, loadTexts, next, onSamplesDay, payWithSandboxCard, productPath, purchasePlans, samplesDayServer, text } from './shop';

/**
 * The visitor's side of a crash (tests/resilience/kill.test.ts is the server's): the server is
 * killed outright after the flow saved the contract and again after the payment; each time the
 * visitor reloads the page on a restarted server and carries on where they were, and the policy they
 * end with is the one in the PDF. And of a lost answer: the save reached the server but its answer
 * never came back; the visitor reloads and saves again, and the server answers the first save
 * (its Idempotency-Key), so there is one contract, not two.
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

test('a save whose answer was lost: the visitor reloads and goes on, and gets the contract the first save made', async ({ page }) => {
  test.setTimeout(120_000);
  await onSamplesDay(page);
  const plans = purchasePlans();
  const plan = plans.find((p) => p.id === 'home');
  if (!plan) throw new Error('no home purchase plan');
  const save = /\/api\/sayt\/uyjoy-api\/save$/;
  // The first save reaches the server, which makes the contract; its answer is lost on the way back.
  const lost: { contractId?: string } = {};
  await page.route(save, async (route) => {
    if (lost.contractId) return route.continue();
    const response = await route.fetch();
    lost.contractId = ((await response.json()) as { response: { contract_id: string } }).response.contract_id;
    await route.abort('connectionreset');
  });
  await page.goto(`${samplesDayServer}${productPath(plan, 'en')}`);
  await expect(page).toHaveURL(/[?&]step=/);
  const stepNow = () => new URL(page.url()).searchParams.get('step');
  for (let step = stepNow(); step && plan.steps[step] && !lost.contractId; step = stepNow()) {
    await fillStep(page, plan, 'en', step);
    await next(page, 'en');
    await expect.poll(() => lost.contractId !== undefined || stepNow() !== step, { timeout: 20_000 }).toBe(true);
  }
  expect(lost.contractId).toBeDefined();
  await expect(page.getByText(text('en', 'site.error.network')).first()).toBeVisible();

  await page.reload();
  const answered = page.waitForResponse(save);
  await next(page, 'en');
  const again = await answered;
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect(((await again.json()) as { response: { contract_id: string } }).response.contract_id).toBe(lost.contractId);
  await expect(page.getByTestId('summary-total')).toContainText(plan.total);
});
