import { expect, test } from '@playwright/test';
import { subscribeTestCards } from '../../server/payments/payme-subscribe/sandbox-api';
import { checkoutTexts } from '../../server/payments/sandbox-checkout';
import { choosePayment, downloadPolicyText, enterSmsCode, expectAccessible, fillUntilPayment, loadTexts, payWithCardInPage, payWithSandboxCard, purchasePlans, text, type Lang } from './shop';

/**
 * The ways to pay of the payment step, each bought through its sandbox stand-in as a visitor would:
 * the card in the page in every language (a wrong code first, then the right one; a card without
 * money, then another), the bill sent to the Payme app, paid there while the page waits, and
 * Click's link, paid on the sandbox Click page, which calls our Click SHOP API as Click would.
 */

const [plan] = purchasePlans();
const card = { number: '8600 0691 9540 6311', expire: '03/99' };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.beforeAll(loadTexts);
test.use(phone);

for (const lang of ['uz', 'en', 'ru'] as const satisfies readonly Lang[]) {
  test(`a card in the page pays in ${lang}: a wrong SMS code is said, the right one pays`, async ({ page }) => {
    if (!plan) throw new Error('no purchase plan');
    await fillUntilPayment(page, plan, lang, `/${lang}${plan.routes.page}`);
    await payWithCardInPage(page, lang, card, '123456');
    await expect(page.getByRole('alert')).toHaveText(text(lang, 'card_code_wrong'));
    await expectAccessible(page, `card code ${lang}`);
    await enterSmsCode(page, lang, '666666');
    const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
    expect(pdfText).toContain(policyNumber);
  });
}

test('a card without money is refused with its reason, and another card then pays', async ({ page }) => {
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'ru', `/ru${plan.routes.page}`);
  const poor = subscribeTestCards.noMoney;
  await payWithCardInPage(page, 'ru', { number: poor.number, expire: `${poor.expire.slice(0, 2)}/${poor.expire.slice(2)}` });
  await expect(page.getByRole('alert')).toHaveText(text('ru', 'card_insufficient_funds'));
  await payWithCardInPage(page, 'ru', card);
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'ru');
  expect(pdfText).toContain(policyNumber);
});

test('a bill sent to the Payme app is paid there and the page moves on by itself', async ({ page, context }) => {
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'en', `/en${plan.routes.page}`);
  await choosePayment(page, 'en', 'invoice');
  await page.getByLabel(text('en', 'engine.invoice.phone')).fill('+998 93 555 44 33');
  await page.getByRole('button', { name: text('en', 'engine.invoice.send') }).click();
  await expect(page.getByText('The bill was sent to 99893*****33.')).toBeVisible();
  // The payer's phone: the sandbox Payme app lists the bill.
  const app = await context.newPage();
  await app.goto('/sandbox/invoice/app?phone=998935554433&lang=en');
  await app.getByRole('button', { name: 'Pay' }).click();
  await expect(app.getByRole('status')).toContainText('The bill is paid');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
  expect(pdfText).toContain(policyNumber);
});

test('Click: the sandbox Click page, in the page\'s language, pays through our Prepare and Complete and returns to the download', async ({ page }) => {
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'uz', `/uz${plan.routes.page}`);
  await payWithSandboxCard(page, 'uz', undefined, async () => {
    await expect(page).toHaveURL(/\/sandbox\/click\/services\/pay\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Click · ${checkoutTexts.uz.title}`);
    await expectAccessible(page, 'sandbox Click page uz');
  }, 'click');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'uz');
  expect(pdfText).toContain(policyNumber);
  expect(page.url()).toMatch(/\/uz\//);
});
