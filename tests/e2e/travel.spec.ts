import { expect, test, type Page } from '@playwright/test';
import { dayFromToday, loadTexts, downloadPolicyText, expectStep, next, payWithSandboxCard, text, type Lang } from './shop';

test.beforeAll(loadTexts);

const regionName = (lang: Lang, code: string) => text(lang, `region.${code}`);

/** Trip and dates: a single tourist trip to Türkiye in ten days' time. */
async function tripAndDates(page: Page, lang: Lang) {
  await expectStep(page, 'trip');
  await next(page, lang);
  await expectStep(page, 'dates');
  await page.getByRole('checkbox', { name: regionName(lang, 'TR'), exact: true }).check();
  await page.locator('#flow-dates_beginDate').fill(dayFromToday(10));
  await page.locator('#flow-dates_endDate').fill(dayFromToday(19));
  await next(page, lang);
  await expectStep(page, 'tourists');
}

/** The payer from the sandbox registry; the lookup fills the names in. */
async function payerAndTourist(page: Page, lang: Lang) {
  await page.locator('#flow-tourists_payer_passport').fill('AA1234567');
  await page.locator('#flow-tourists_payer_birthday').fill('15.05.1990');
  await expect(page.locator('#flow-tourists_payer_firstName')).toHaveValue('Vali', { timeout: 15_000 });
  await expect(page.locator('#flow-tourists_payer_lastName')).toHaveValue('Aliyev');
  await page.locator('#flow-tourists_payer_phone').fill('901234567');
  await page.locator('#flow-tourists_tourists_0_isPayer').check();
  await expect(page.locator('#flow-tourists_tourists_0_firstName')).toHaveValue('Vali');
  await next(page, lang);
  await expectStep(page, 'program');
}

async function buyTravel(page: Page, lang: Lang, start: string) {
  await page.goto(start);
  await tripAndDates(page, lang);
  await payerAndTourist(page, lang);
  await page.getByRole('radio', { name: new RegExp(`^${text(lang, 'travel.program.2')}`) }).check();
  await expect(page.getByTestId('price-total')).toContainText(/\d{3}/);
  await next(page, lang);
  await expectStep(page, 'payment');
  await payWithSandboxCard(page, lang);
  await expectStep(page, 'download');
  const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
  expect(policyNumber).toMatch(/\S{6,}/);
  expect(pdfText).toContain(policyNumber);
  expect(pdfText).toContain('Vali');
}

for (const lang of ['uz', 'en', 'ru'] as const) {
  test(`a new visitor buys a travel policy in ${lang}`, async ({ page }) => {
    await buyTravel(page, lang, `/${lang}/travel`);
  });
}

test('a visitor buys a travel policy in the webview layout', async ({ page }) => {
  await buyTravel(page, 'uz', '/uz/mobile/travel');
  await expect(page.locator('header[role="banner"], body > div header')).toHaveCount(0);
});

test('a Cyrillic tourist name shows the translated use_latin_alphabet error and is cleared', async ({ page }) => {
  await page.goto('/ru/travel');
  await tripAndDates(page, 'ru');
  const firstName = page.locator('#flow-tourists_payer_firstName');
  await firstName.fill('Вали');
  await expect(page.getByText(text('ru', 'use_latin_alphabet')).first()).toBeVisible();
  await expect(firstName).toHaveValue('');
});

test('a reload on the tourists step keeps the entered data', async ({ page }) => {
  await page.goto('/en/travel');
  await tripAndDates(page, 'en');
  await page.locator('#flow-tourists_payer_passport').fill('AB7654321');
  await page.locator('#flow-tourists_payer_phone').fill('907654321');
  await page.waitForTimeout(300);
  await page.reload();
  await expectStep(page, 'tourists');
  await expect(page.locator('#flow-tourists_payer_passport')).toHaveValue(/AB\s?7654321/);
  await expect(page.locator('#flow-tourists_payer_phone')).toHaveValue(/90 765 43 21/);
});

test('browser back returns to the previous step', async ({ page }) => {
  await page.goto('/en/travel');
  await tripAndDates(page, 'en');
  await page.goBack();
  await expectStep(page, 'dates');
  await expect(page.locator('#flow-dates_beginDate')).toHaveValue(dayFromToday(10));
  await page.goBack();
  await expectStep(page, 'trip');
});

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text('en', 'site.notFound.title'));
});
