import { expect, test } from '@playwright/test';
import { downloadPolicyText, expectAccessible, fillUntilPayment, loadTexts, onSamplesDay, productPath, purchasePlans, samplesDayServer, text } from './shop';

// The products' samples are told on 15.06.2030: bought on the server selling on that day, the page's clock on it.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

/**
 * Paying at Paynet, as a payer would: the payment step gives the order number; the /paynet page
 * (webview layout, no script) says it awaits payment; the sandbox Paynet terminal finds the bill
 * and pays it (calling the shop's Paynet endpoint as Paynet does); /paynet then says it is paid,
 * and the payment step, checked, gives the policy.
 */

const [plan] = purchasePlans();
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.beforeAll(loadTexts);
test.use(phone);

test('an unpaid order found on /paynet, paid at the sandbox Paynet terminal, is then paid', async ({ page, context }) => {
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'en', productPath(plan, 'en'));
  const orderText = await page.getByText(`${text('en', 'engine.payment.order')}:`).locator('span').innerText();
  const orderId = orderText.replace(/\s/g, '');
  expect(orderId).toMatch(/^[1-9]\d{15}$/);

  const paynet = await context.newPage();
  await paynet.goto('/en/paynet');
  await expect(paynet.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pages.paynet.title'));
  await expect(paynet).toHaveTitle(new RegExp(`^${text('en', 'pages.paynet.title')} — `));
  // The webview layout: no site header or footer, and the page sends no script.
  await expect(paynet.getByRole('banner')).toHaveCount(0);
  await expect(paynet.getByRole('contentinfo')).toHaveCount(0);
  await expect(paynet.locator('script[src]')).toHaveCount(0);
  await expectAccessible(paynet, '/en/paynet');

  const lookUp = async (typed: string) => {
    await paynet.getByLabel(text('en', 'pages.paynet.lookup.label')).fill(typed);
    await paynet.getByRole('button', { name: text('en', 'pages.paynet.lookup.submit') }).click();
  };
  await lookUp('12345');
  await expect(paynet.getByRole('alert')).toHaveText('“12345” is not an order number: enter its 16 digits.');
  // As printed, in groups: the number typed with spaces is found.
  await lookUp(orderId.replace(/(\d{4})(?=\d)/g, '$1 '));
  await expect(paynet).toHaveURL(/\/en\/paynet\?order=.*#lookup$/);
  const unpaid = paynet.getByRole('status');
  await expect(unpaid).toContainText(`Order ${orderId} awaits payment:`);
  await expect(unpaid).toContainText('UZS due.');
  await expectAccessible(paynet, '/en/paynet unpaid');

  // The terminal: the payer types the number, sees the bill, pays.
  const terminal = await context.newPage();
  await terminal.goto('/sandbox/paynet/terminal?lang=en');
  await terminal.getByLabel('Order number').fill(orderId);
  await terminal.getByRole('button', { name: 'Find' }).click();
  await expect(terminal.getByRole('heading', { level: 1 })).toHaveText('Paynet · Bill');
  await expect(terminal.locator('dd').first()).toHaveText(orderId);
  await terminal.getByRole('button', { name: /^Pay / }).click();
  await expect(terminal.getByRole('status')).toHaveText('Payment accepted. Go back to the shop page and check the payment.');

  // Paid twice? The terminal is told the order is paid already.
  await terminal.getByRole('link', { name: 'Pay another order' }).click();
  await terminal.getByLabel('Order number').fill(orderId);
  await terminal.getByRole('button', { name: 'Find' }).click();
  await expect(terminal.getByRole('alert')).toHaveText('This order is already paid.');

  await lookUp(orderId);
  await expect(paynet.getByRole('status')).toHaveText(`Order ${orderId} is paid.`);

  // Back on the payment step: checked, it gives the policy.
  await page.getByRole('button', { name: text('en', 'engine.payment.check') }).click();
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
  expect(pdfText).toContain(policyNumber);
});

test('/paynet without a language, as the app links it, opens in the visitor’s language, with the answer for an order number it carries', async ({ page }) => {
  await page.goto('/paynet');
  await expect(page).toHaveURL(/\/en\/paynet$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pages.paynet.title'));
  await page.getByLabel(text('en', 'pages.paynet.lookup.label')).fill('1000000000000000');
  await page.getByRole('button', { name: text('en', 'pages.paynet.lookup.submit') }).click();
  const unknown = 'There is no order 1000000000000000. Check the number on the payment step.';
  await expect(page.getByRole('alert')).toHaveText(unknown);
  // A link carrying the number: the server sends it on in the visitor's language with its query, and answers it.
  await page.goto('/paynet?order=1000000000000000');
  await expect(page).toHaveURL(/\/en\/paynet\?order=1000000000000000$/);
  await expect(page.getByRole('alert')).toHaveText(unknown);
});
