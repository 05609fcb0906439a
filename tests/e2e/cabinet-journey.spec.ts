import { expect, test, type Page } from '@playwright/test';
import type { PurchasePlan } from '../support/purchase-plans';
import { codeFor, newPhone, type SandboxPerson } from './cabinet-client';
import {
  downloadPolicyText, expectAccessible, fillUntilPayment, loadTexts, next, onSamplesDay, payWithSandboxCard, productPath, purchasePlans, samplesDayServer, text, type Lang,
} from './shop';

/**
 * A client's way back to what they bought: a policy bought signed out, on a phone, in each language,
 * found in the cabinet after signing in with the phone it was bought with; and a policy that ends
 * soon renewed in one tap, through the flow filled from it, to the new policy's PDF. On the server
 * selling on the samples' day, where the purchase samples' covers are sold.
 */

test.beforeAll(loadTexts);
test.use({ baseURL: samplesDayServer, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
test.beforeEach(({ page }) => onSamplesDay(page));

/** A purchase sample bought with `phone` as its contact phone (the plans type a number without 998). */
function withPhone(plan: PurchasePlan, phone: string): PurchasePlan {
  const steps = Object.fromEntries(Object.entries(plan.steps).map(([step, actions]) => [
    step,
    actions.map((action) => (action.kind === 'fill' && /_phone$/.test(action.id) ? { ...action, value: phone.slice(3) } : action)),
  ]));
  return { ...plan, steps };
}

function plan(id: string): PurchasePlan {
  const found = purchasePlans().find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no purchase plan of ${id}`);
  return found;
}

/** Buys a product's purchase sample signed out with `phone`, to its PDF: the policy's number. */
async function buySignedOut(page: Page, id: string, lang: Lang, phone: string): Promise<string> {
  const bought = withPhone(plan(id), phone);
  await fillUntilPayment(page, bought, lang, productPath(bought, lang));
  await payWithSandboxCard(page, lang);
  const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
  expect(pdfText).toContain(policyNumber);
  return policyNumber;
}

/** The sign-in page from the phone to the code and, for a phone no client has, the registration. */
async function signIn(page: Page, lang: Lang, phone: string, person: SandboxPerson): Promise<void> {
  await page.getByLabel(text(lang, 'cabinet.login.phone')).fill(phone.slice(3));
  await page.getByRole('button', { name: text(lang, 'cabinet.login.send') }).click();
  await page.getByLabel(text(lang, 'cabinet.code.label')).fill(await codeFor(page.request, phone));
  await page.getByRole('button', { name: text(lang, 'cabinet.code.check') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'cabinet.register.title') })).toBeVisible();
  await page.getByLabel(text(lang, 'cabinet.register.seria')).fill(person.seria);
  await page.getByLabel(text(lang, 'cabinet.register.number')).fill(person.number);
  await page.getByLabel(text(lang, 'cabinet.register.birthday')).fill(person.birthday);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text(lang, 'cabinet.register.submit') }).click();
}

// The samples-day server's own database: each of these people registers once in it.
const people: Record<Lang, SandboxPerson> = {
  uz: { seria: 'AA', number: '1234567', birthday: '15.05.1990', firstName: 'Vali', pinfl: '31505900000011' },
  en: { seria: 'AE', number: '1234567', birthday: '12.09.1995', firstName: 'Aziz', pinfl: '31209950000055' },
  ru: { seria: 'AD', number: '4444444', birthday: '10.01.1980', firstName: 'Sardor', pinfl: '31001800000088' },
};

for (const lang of ['uz', 'en', 'ru'] as const) {
  test(`OSAGO bought signed out on a phone in ${lang} is in the cabinet of the client who signs in with its phone`, async ({ page }) => {
    const phone = newPhone();
    const number = await buySignedOut(page, 'osago', lang, phone);
    await page.goto(`/${lang}/dashboard/policies`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?next=`));
    await signIn(page, lang, phone, people[lang]);
    await expect(page).toHaveURL(`/${lang}/dashboard/policies`);
    const policies = page.getByRole('list', { name: text(lang, 'cabinet.tab.my-policies') });
    const policy = policies.getByRole('listitem').filter({ hasText: number });
    await expect(policy).toHaveCount(1);
    await expect(policy).toContainText('Chevrolet Cobalt');
    await expectAccessible(page, `the policies page in ${lang} with a policy`);
    await policy.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dashboard/policies/[0-9a-f-]{36}$`));
    await expect(page.getByText(number)).toBeVisible();
    const pdf = await page.request.get((await page.getByRole('link', { name: text(lang, 'cabinet.policy.pdf') }).getAttribute('href')) ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expectAccessible(page, `a policy's page in ${lang}`);
    if (lang === 'uz') await theRestOfTheCabinet(page, lang);
  });
}

/** The cabinet's other pages, each checked by axe: no claims yet, the referral link, and the phone changed by a code sent to the new number. */
async function theRestOfTheCabinet(page: Page, lang: Lang): Promise<void> {
  await page.goto(`/${lang}/dashboard/applications`);
  await expect(page.getByText(text(lang, 'cabinet.applications.none'))).toBeVisible();
  // The OSAGO just bought is where a claim can be filed.
  await expect(page.getByRole('list', { name: text(lang, 'cabinet.applications.file') }).locator(`a[href="/${lang}/insurance-event/osago"]`)).toBeVisible();
  await expectAccessible(page, 'the claims page without claims');
  await page.goto(`/${lang}/dashboard/referals`);
  await expect(page.getByLabel(text(lang, 'cabinet.referrals.link'))).toHaveValue(/[?&]ref=[A-Z2-7]{8}$/);
  await expectAccessible(page, 'the referrals page');
  await page.goto(`/${lang}/dashboard/edit-profile`);
  await expectAccessible(page, 'the profile form');
  const phone = newPhone();
  await page.getByLabel(text(lang, 'cabinet.phone.new')).fill(phone.slice(3));
  await page.getByRole('button', { name: text(lang, 'cabinet.login.send') }).click();
  const code = page.locator('input[autocomplete="one-time-code"]');
  await expect(code).toBeVisible();
  await expectAccessible(page, 'the phone change\'s code');
  await code.fill(await codeFor(page.request, phone));
  await page.getByRole('button', { name: text(lang, 'cabinet.phone.confirm') }).click();
  await expect(page.getByText(text(lang, 'cabinet.phone.changed'))).toBeVisible();
}

test('a trip that ends soon is renewed in one tap: the flow filled from it, from the day after it ends, to the new PDF', async ({ page }) => {
  const lang = 'en';
  const phone = newPhone();
  // The sample's trip, 01.07–10.07.2030, ends 25 days after the samples' day: renewable.
  const number = await buySignedOut(page, 'travel', lang, phone);
  await page.goto(`/${lang}/login`);
  await signIn(page, lang, phone, { seria: 'AB', number: '7654321', birthday: '02.11.1985', firstName: 'Dilnoza', pinfl: '41102850000022' });
  await page.goto(`/${lang}/dashboard/policies`);
  const policy = page.getByRole('list', { name: text(lang, 'cabinet.tab.my-policies') }).getByRole('listitem').filter({ hasText: number });
  await policy.getByRole('link', { name: text(lang, 'cabinet.policy.renew') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/travel\\?.*step=`));
  // Every step comes filled: the visitor only confirms it.
  for (let step = new URL(page.url()).searchParams.get('step'); step !== null && step !== 'payment'; step = new URL(page.url()).searchParams.get('step')) {
    await next(page, lang);
    await expect(page, `Next leaves the ${step} step`).not.toHaveURL(new RegExp(`[?&]step=${step}(&|$)`), { timeout: 20_000 });
  }
  await expect(page.getByTestId('purchase-summary')).toContainText('11.07.2030');
  await payWithSandboxCard(page, lang);
  const renewed = await downloadPolicyText(page, lang);
  expect(renewed.policyNumber).not.toBe(number);
  expect(renewed.pdfText).toContain(renewed.policyNumber);
  expect(renewed.pdfText).toContain('11.07.2030');
});
