import { expect, test, type Page } from '@playwright/test';
import { sportSaveRequest } from '../../products/sport/binding';
import sportSamples from '../../products/sport/samples';
import { loadTexts, text } from './shop';

/**
 * "Renew" in the cabinet opens the product's flow with `?renew=<policy id>`: the flow starts filled
 * from that policy. The cabinet's call is answered here by the test, as the server answers it.
 */

const policyId = '0b5e1f3c-6a57-4c1e-9b0a-2f8d3c4e5a61';
const iso = (date: Date) => date.toISOString().slice(0, 10);
const shown = (isoDate: string) => isoDate.split('-').reverse().join('.');
const renewFrom = iso(new Date(Date.now() + 2 * 86_400_000));
const renewed = new Date(`${renewFrom}T00:00:00Z`);
renewed.setUTCFullYear(renewed.getUTCFullYear() + 1);
renewed.setUTCDate(renewed.getUTCDate() - 1);
const renewTo = iso(renewed);

function answerRenewal(page: Page, status: number, response: unknown) {
  return page.route('**/api/shaxsiy_kabinet/get/renewal/**', (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ result: status === 200, error: status === 200 ? 0 : status, message: status === 200 ? '' : 'refused', response }) }));
}

test.beforeAll(loadTexts);

test('a policy renewed opens its flow filled from it, at the first step, and the address lets go of renew', async ({ page }) => {
  const request = sportSaveRequest(sportSamples.purchase, { total: 150_000, lines: [] });
  await answerRenewal(page, 200, { product: 'sport', request, begin_date: '2030-07-01', end_date: '2031-06-30', renew_from: renewFrom });
  await page.goto(`/en/sport?renew=${policyId}`);
  await expect(page.getByLabel(text('en', 'sport.field.begin_date'))).toHaveValue(shown(renewFrom));
  await expect(page.getByLabel(text('en', 'sport.field.end_date'))).toHaveValue(shown(renewTo));
  await expect(page.getByLabel(text('en', 'sport.field.sport_type'))).not.toHaveValue('');
  await expect(page).toHaveURL(/[?&]step=sport(&|$)/);
  expect(new URL(page.url()).searchParams.has('renew')).toBe(false);
});

test('a policy that cannot be renewed says so, and the flow starts empty', async ({ page }) => {
  await answerRenewal(page, 409, null);
  await page.goto(`/ru/sport?renew=${policyId}`);
  await expect(page.getByRole('alert').filter({ hasText: text('ru', 'site.renew.notRenewable') })).toBeVisible();
  await expect(page.getByLabel(text('ru', 'sport.field.begin_date'))).toHaveValue('');
});

test('a visitor not signed in is sent to sign in and back to the renewal', async ({ page }) => {
  await answerRenewal(page, 401, null);
  await page.goto(`/uz/sport?renew=${policyId}`);
  await expect(page).toHaveURL(new RegExp(`/uz/login\\?next=${encodeURIComponent(`/uz/sport?renew=${policyId}`).replace(/[?]/g, '\\?')}`));
});
