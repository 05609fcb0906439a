import { expect, test, type Page } from '@playwright/test';
import { dayFromToday, expectStep, loadTexts, next, text, type Lang } from '../../tests/e2e/shop';

/** Travel's own rules in the browser; buying it is the generic purchase spec's (tests/e2e/purchase.spec.ts). */

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

test('a Cyrillic tourist name shows the translated use_latin_alphabet error and is cleared', async ({ page }) => {
  await page.goto('/ru/travel');
  await tripAndDates(page, 'ru');
  const firstName = page.locator('#flow-tourists_payer_firstName');
  // Key by key, as a visitor types: every Cyrillic letter is cleared, not only the first.
  await firstName.pressSequentially('Вали', { delay: 30 });
  await expect(page.getByText(text('ru', 'use_latin_alphabet')).first()).toBeVisible();
  await expect(firstName).toHaveValue('');
  await firstName.pressSequentially('Vali', { delay: 30 });
  await expect(firstName).toHaveValue('Vali');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.locator('#flow-tourists_payer_firstName')).toHaveValue('Vali');
});

test('a phone typed key by key as it is shown is stored as shown', async ({ page }) => {
  await page.goto('/en/travel');
  await tripAndDates(page, 'en');
  const phone = page.locator('#flow-tourists_payer_phone');
  await phone.pressSequentially('+998 90 765 43 21', { delay: 20 });
  await expect(phone).toHaveValue('+998 90 765 43 21');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.locator('#flow-tourists_payer_phone')).toHaveValue('+998 90 765 43 21');
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

test('another language chosen after browser back opens the flow in it on the step shown', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/en/travel');
  await tripAndDates(page, 'en');
  const languages = page.getByRole('navigation', { name: text('en', 'site.nav.language') });
  await expect(languages.locator('a[hreflang="ru"]')).toHaveAttribute('href', /[?&]step=tourists(&|$)/);
  await page.goBack();
  await expectStep(page, 'dates');
  await expect(page.getByRole('heading', { level: 2, name: text('en', 'travel.step.dates') })).toBeVisible();
  // The page's static language links follow the browser's history too, not only the flow's own moves.
  for (const lang of ['ru', 'uz']) await expect(languages.locator(`a[hreflang="${lang}"]`)).toHaveAttribute('href', /[?&]step=dates(&|$)/);
  await languages.locator('a[hreflang="ru"]').click();
  await expect(page).toHaveURL(/\/ru\/travel\?step=dates$/);
  await expect(page.getByRole('heading', { level: 2, name: text('ru', 'travel.step.dates') })).toBeVisible();
  await expect(page.locator('#flow-dates_beginDate')).toHaveValue(dayFromToday(10));
  await page.waitForTimeout(500);
  await expectStep(page, 'dates');
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the price is shown from the first step, beside Next, and follows the trip as it is told', async ({ page }) => {
    await page.goto('/en/travel');
    await expectStep(page, 'trip');
    const bar = page.getByTestId('price-bar');
    const nextButton = page.getByRole('button', { name: text('en', 'engine.next'), exact: true });
    // Before the countries and dates are known: the lowest price the open choices allow.
    await expect(bar).toContainText(/from [\d\s]+ UZS/);
    await expect(bar).toBeInViewport();
    await expect(nextButton).toBeInViewport();
    const lowest = await bar.innerText();
    await next(page, 'en');
    await expectStep(page, 'dates');
    await page.getByRole('checkbox', { name: regionName('en', 'TR'), exact: true }).check();
    await page.locator('#flow-dates_beginDate').fill(dayFromToday(10));
    await page.locator('#flow-dates_endDate').fill(dayFromToday(39));
    // A month in Türkiye costs more than the shortest trip the first step could price.
    await expect(bar).not.toHaveText(lowest);
    await expect(bar).toBeInViewport();
    await expect(nextButton).toBeInViewport();
  });
});
