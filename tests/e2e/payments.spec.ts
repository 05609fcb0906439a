import { expect, test } from '@playwright/test';
import { alifTexts } from '../../server/payments/alif/sandbox';
import { alifSandboxOtp } from '../../server/payments/alif/sandbox-api';
import { subscribeTestCards } from '../../server/payments/payme-subscribe/sandbox-api';
import { checkoutTexts, sandboxCards } from '../../server/payments/sandbox-checkout';
import {
  choosePayment, downloadPolicyText, enterSmsCode, expectAccessible, fillSandboxCard, fillUntilPayment, goToProviderPage, loadTexts, onSamplesDay, payWithCardInPage, payWithSandboxCard, productPath, purchasePlans, samplesDayServer, sandboxPayButton, text, type Lang,
} from './shop';

// The products' samples are told on 15.06.2030: bought on the server selling on that day, the page's clock on it.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

/**
 * The ways to pay of the payment step, each bought through its sandbox stand-in as a visitor would:
 * the card in the page in every language (a wrong code first, then the right one; a card without
 * money, then another), the bill sent to the Payme app, paid there while the page waits, Click's
 * link, paid on the sandbox Click page, which calls our Click SHOP API as Click would, and the
 * providers' own pages (Octo, the bank's hosted page, Alif), each in the visitor's language and back
 * to the shop's download step.
 */

const [plan] = purchasePlans();
const planOf = (id: string) => {
  const found = purchasePlans().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no purchase plan ${id}`);
  return found;
};
const card = { number: '8600 0691 9540 6311', expire: '03/99' };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test.beforeAll(loadTexts);
test.use(phone);

for (const lang of ['uz', 'en', 'ru'] as const satisfies readonly Lang[]) {
  test(`a card in the page pays in ${lang}: a wrong SMS code is said, the right one pays`, async ({ page }) => {
    if (!plan) throw new Error('no purchase plan');
    await fillUntilPayment(page, plan, lang, productPath(plan, lang));
    // Before the terms are accepted, the ways to pay are seen but none can be chosen.
    await expect(page.locator('input[type="radio"][data-option="card"]')).toBeDisabled();
    await expectAccessible(page, `payment step before the terms ${lang}`);
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
  await fillUntilPayment(page, plan, 'ru', productPath(plan, 'ru'));
  const poor = subscribeTestCards.noMoney;
  await payWithCardInPage(page, 'ru', { number: poor.number, expire: `${poor.expire.slice(0, 2)}/${poor.expire.slice(2)}` });
  await expect(page.getByRole('alert')).toHaveText(text('ru', 'card_insufficient_funds'));
  await payWithCardInPage(page, 'ru', card);
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'ru');
  expect(pdfText).toContain(policyNumber);
});

test('a bill sent to the Payme app is paid there and the page moves on by itself', async ({ page, context }) => {
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'en', productPath(plan, 'en'));
  await choosePayment(page, 'en', 'invoice');
  await page.getByLabel(text('en', 'engine.invoice.phone')).fill('+998 93 555 44 33');
  await page.getByRole('button', { name: text('en', 'engine.invoice.send') }).click();
  await expect(page.getByText('The bill was sent to +998 93 *** ** 33.')).toBeVisible();
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
  await fillUntilPayment(page, plan, 'uz', productPath(plan, 'uz'));
  await payWithSandboxCard(page, 'uz', undefined, async () => {
    await expect(page).toHaveURL(/\/sandbox\/click\/services\/pay\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Click · ${checkoutTexts.uz.title}`);
    await expectAccessible(page, 'sandbox Click page uz');
  }, 'click');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'uz');
  expect(pdfText).toContain(policyNumber);
  expect(page.url()).toMatch(/\/uz\//);
});

test('Octo\'s page in en: a declined card is said there, the test card pays and the shop shows the policy', async ({ page }) => {
  const home = planOf('home');
  await fillUntilPayment(page, home, 'en', productPath(home, 'en'));
  await goToProviderPage(page, 'en', 'octo');
  await expect(page).toHaveURL(/\/sandbox\/octo\/pay\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Octo · ${checkoutTexts.en.title}`);
  await expect(page.getByText(`${home.total} ${checkoutTexts.en.currency}`).first()).toBeVisible();
  await expectAccessible(page, 'Octo page en');
  await fillSandboxCard(page, 'en', sandboxCards.declined.number);
  await sandboxPayButton(page, 'en').click();
  await expect(page.getByRole('alert')).toHaveText(checkoutTexts.en.declined);
  await fillSandboxCard(page, 'en');
  await sandboxPayButton(page, 'en').click();
  await expect(page).toHaveURL(new RegExp(productPath(home, 'en')));
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
  expect(pdfText).toContain(policyNumber);
});

test('the bank\'s hosted page in ru: the test card pays and the shop shows the policy', async ({ page }) => {
  const home = planOf('home');
  await fillUntilPayment(page, home, 'ru', productPath(home, 'ru'));
  await goToProviderPage(page, 'ru', 'hosted');
  await expect(page).toHaveURL(/\/sandbox\/hosted\/pay\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('link', { name: `← ${checkoutTexts.ru.backToShop}` })).toHaveAttribute('href', new RegExp(productPath(home, 'ru')));
  await expectAccessible(page, 'hosted page ru');
  await fillSandboxCard(page, 'ru');
  await sandboxPayButton(page, 'ru').click();
  await expect(page).toHaveURL(new RegExp(productPath(home, 'ru')));
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'ru');
  expect(pdfText).toContain(policyNumber);
});

test('Alif\'s checkout in uz: Nasiya instalments by phone, a wrong SMS code said, the right one pays and the shop shows the policy', async ({ page }) => {
  const travel = planOf('travel');
  const t = alifTexts.uz;
  await fillUntilPayment(page, travel, 'uz', productPath(travel, 'uz'));
  await goToProviderPage(page, 'uz', 'alif');
  await expect(page).toHaveURL(/\/sandbox\/alif\/checkout\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
  await expectAccessible(page, 'Alif checkout uz');
  const nasiya = page.locator('form[action="/sandbox/alif/checkout/nasiya"]');
  await nasiya.getByLabel(t.phone).fill('+998 90 123 45 67');
  await nasiya.getByLabel(t.term).selectOption('6');
  await nasiya.getByRole('button', { name: t.next }).click();
  await expect(page.getByRole('status')).toHaveText(t.codeSent('99890*****67'));
  await page.getByLabel(t.code).fill('000000');
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page.getByRole('alert')).toHaveText(t.wrongCode);
  await page.getByLabel(t.code).fill(alifSandboxOtp);
  await page.getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(productPath(travel, 'uz')));
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'uz');
  expect(pdfText).toContain(policyNumber);
});
