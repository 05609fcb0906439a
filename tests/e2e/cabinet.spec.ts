import { expect, test, type Page } from '@playwright/test';
import { homeSaveBody, paycomAuth, siteAuth } from '../../server/test-helpers';
import { expectAccessible, loadTexts, text } from './shop';
import { codeFor, newPhone, sandboxPeople, type SandboxPerson } from './cabinet-client';

/**
 * The customer cabinet in the browser: a visitor sent from a cabinet address to sign in, the code
 * from the sandbox's SMS inbox, registration with the person registry's sandbox people, back to the
 * address they came for; logout, after which the back button shows no client's data. Each test
 * registers a person of its own (the registry's sandbox people can each be a client once) with a
 * phone of its own.
 */

test.beforeAll(loadTexts);

/** The sign-in page from the phone to the registration, checked by axe at each step; ends signed in. */
async function signInAndRegister(page: Page, phone: string, person: SandboxPerson): Promise<void> {
  const lang = 'uz';
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'cabinet.login.title') })).toBeVisible();
  await expectAccessible(page, 'the sign-in page');
  await page.getByLabel(text(lang, 'cabinet.login.phone')).fill(phone.slice(3));
  await page.getByRole('button', { name: text(lang, 'cabinet.login.send') }).click();
  const code = page.getByLabel(text(lang, 'cabinet.code.label'));
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page, 'the code step');
  // A wrong code first: refused beside the field, with the attempts left.
  const right = await codeFor(page.request, phone);
  await code.fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text(lang, 'cabinet.code.check') }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'the code step with a wrong code');
  await code.fill(right);
  await page.getByRole('button', { name: text(lang, 'cabinet.code.check') }).click();
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'cabinet.register.title') })).toBeVisible();
  await expectAccessible(page, 'the registration step');
  await page.getByLabel(text(lang, 'cabinet.register.seria')).fill(person.seria);
  await page.getByLabel(text(lang, 'cabinet.register.number')).fill(person.number);
  await page.getByLabel(text(lang, 'cabinet.register.birthday')).fill(person.birthday);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text(lang, 'cabinet.register.submit') }).click();
}

const people = sandboxPeople;

for (const [name, viewport, person] of [
  ['on a phone', { width: 390, height: 844 }, people.phone],
  ['on a laptop', { width: 1280, height: 800 }, people.desktop],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('signed out, the policies address leads to sign in; a new client registers (uz) and comes back to it; logout, and the back button shows no data', async ({ page }) => {
      const lang = 'uz';
      const phone = newPhone();
      // The pages drawn at build hydrate as drawn, the header's signed-in name included.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|did not match/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto('/uz/dashboard/policies');
      await expect(page).toHaveURL(`/uz/login?next=${encodeURIComponent('/uz/dashboard/policies')}`);
      // The header offers to sign in.
      await expect(page.locator('header').getByRole('link', { name: text(lang, 'site.account.signIn') })).toHaveAttribute('href', '/uz/login');
      await signInAndRegister(page, phone, person);

      await expect(page).toHaveURL('/uz/dashboard/policies');
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'cabinet.tab.my-policies') })).toBeVisible();
      await expect(page.locator('header').getByRole('link', { name: person.firstName })).toHaveAttribute('href', '/uz/dashboard');
      await expect(page.getByRole('status').filter({ hasText: text(lang, 'cabinet.loading') })).toHaveCount(0);
      await expectAccessible(page, 'the policies page');

      await page.getByRole('navigation', { name: text(lang, 'cabinet.tabs') }).getByRole('link', { name: text(lang, 'cabinet.tab.user-info') }).click();
      await expect(page).toHaveURL('/uz/dashboard');
      await expect(page.getByText(person.pinfl)).toBeVisible();
      await expectAccessible(page, 'the profile page');

      // A page without scripts names the client too, from the server.
      await page.goto('/uz');
      await expect(page.locator('header').getByRole('link', { name: person.firstName })).toHaveAttribute('href', '/uz/dashboard');
      await page.goto('/uz/dashboard');
      await expect(page.getByText(person.pinfl)).toBeVisible();

      await page.getByRole('button', { name: text(lang, 'cabinet.tab.logout') }).click();
      await expect(page).toHaveURL('/uz/login');
      await expect(page.locator('header').getByRole('link', { name: text(lang, 'site.account.signIn') })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/uz\/login\?next=/);
      await expect(page.getByText(person.pinfl)).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: text(lang, 'cabinet.login.title') })).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}

test('signed in on a phone, the policies page lists a policy bought with the phone and a purchase left unpaid, which continues on the payment step', async ({ page, request }) => {
  // Needs the cabinet's policy list and unpaid contracts on the server (get/policy-new, get/unpaid).
  await page.setViewportSize({ width: 390, height: 844 });
  const lang = 'uz';
  const phone = newPhone();
  const body = homeSaveBody();
  const applicant = { ...(body.applicant as Record<string, unknown>), phone };
  const save = async () =>
    ((await (await request.post('/api/sayt/uyjoy-api/save', { headers: { authorization: siteAuth }, data: { ...body, applicant } })).json()) as { response: { contract_id: string; amount: number } }).response;
  const paid = await save();
  const payme = async (method: string, params: Record<string, unknown>) =>
    expect((await request.post('/api/payme', { headers: { authorization: paycomAuth() }, data: { id: 1, method, params } })).ok()).toBe(true);
  const transaction = `${Date.now()}`.padStart(24, '0');
  await payme('CreateTransaction', { id: transaction, time: Date.now(), amount: paid.amount * 100, account: { contract_id: paid.contract_id } });
  await payme('PerformTransaction', { id: transaction });
  const unpaid = await save();

  await page.goto('/uz/dashboard/policies');
  await signInAndRegister(page, phone, people.policies);
  await expect(page).toHaveURL('/uz/dashboard/policies');
  const policies = page.getByRole('list', { name: text(lang, 'cabinet.tab.my-policies') });
  await expect(policies.getByRole('listitem')).toHaveCount(1);
  await expect(policies.getByText(text(lang, 'cabinet.policy.status.active'))).toBeVisible();
  const unfinished = page.locator(`[data-contract="${unpaid.contract_id}"]`);
  await expect(unfinished).toBeVisible();
  await expectAccessible(page, 'the policies page with a policy and an unfinished purchase');
  await unfinished.getByRole('button', { name: text(lang, 'cabinet.unpaid.continue') }).click();
  await expect(unfinished.getByRole('checkbox', { name: text(lang, 'engine.terms.accept') })).toBeVisible();

  await policies.getByRole('listitem').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/uz\/dashboard\/policies\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: text(lang, 'cabinet.policy.pdf') })).toBeVisible();
  await expectAccessible(page, 'a policy page');
});
