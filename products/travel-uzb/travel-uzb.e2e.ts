import { expect, test } from '@playwright/test';
import { dayFromToday, expectStep, loadTexts, next, text } from '../../tests/e2e/shop';

/** Domestic travel's own rules in the browser; buying it is the generic purchase spec's (tests/e2e/purchase.spec.ts). */

test.beforeAll(loadTexts);

test('an end date before the begin date says so at the end date, counts no days and keeps the visitor on the step', async ({ page }) => {
  await page.goto('/en/travel-around-uzbekistan');
  await expectStep(page, 'trip');
  await page.locator('#flow-trip_beginDate').fill(dayFromToday(10));
  await page.locator('#flow-trip_endDate').fill(dayFromToday(12));
  await page.locator('#flow-trip_programId-1').check();
  // Days = the difference + 1, and the price follows them.
  await expect(page.locator('#flow-trip_days')).toHaveValue('3');
  await expect(page.getByTestId('price-total')).toContainText('12 000');
  await page.locator('#flow-trip_endDate').fill(dayFromToday(8));
  await expect(page.locator('#flow-trip_endDate__error')).toHaveText(text('en', 'startdate_cant_be_more_than_enddate'));
  await expect(page.locator('#flow-trip_days')).toHaveValue('');
  await next(page, 'en');
  await expectStep(page, 'trip');
  // The days, which the visitor cannot type, are not also asked for: the end date's message says what to do.
  await expect(page.locator('#flow-trip_endDate__error')).toHaveText(text('en', 'startdate_cant_be_more_than_enddate'));
  await expect(page.locator('#flow-trip_days__error')).toHaveCount(0);
});

test('a date typed whole that is no day of the calendar is said to be so, once', async ({ page }) => {
  await page.goto('/ru/travel-around-uzbekistan');
  await expectStep(page, 'trip');
  await page.locator('#flow-trip_beginDate').fill('31.02.2030');
  await next(page, 'ru');
  await expectStep(page, 'trip');
  await expect(page.locator('#flow-trip_beginDate__error')).toHaveText(text('ru', 'engine.error.date-invalid'));
});

test('Next on a trip whose both dates are refused focuses the first of them, the begin date', async ({ page }) => {
  await page.goto('/ru/travel-around-uzbekistan');
  await expectStep(page, 'trip');
  // The begin date is refused by the flow's own rule, the end date by its field's bound: the bound's
  // message comes first in rjsf's list, but the visitor reads the step from the top.
  await page.locator('#flow-trip_beginDate').fill(dayFromToday(-7));
  await page.locator('#flow-trip_endDate').fill(dayFromToday(-2));
  await page.locator('#flow-trip_programId-1').check();
  await next(page, 'ru');
  await expectStep(page, 'trip');
  await expect(page.locator('#flow-trip_beginDate__error')).not.toBeEmpty();
  await expect(page.locator('#flow-trip_endDate__error')).not.toBeEmpty();
  await expect(page.locator('#flow-trip_beginDate')).toBeFocused();
});

test("an applicant 18 only on the trip's first day is told at their birthday when the first day moves earlier, and no longer when it moves back", async ({ page }) => {
  // Turns 18 eleven days from today: of age on a trip from the twelfth day, not on one from the tenth.
  const eighteenth = new Date(Date.now() + 11 * 86_400_000);
  const birthday = dayFromToday(11).replace(/\d{4}$/, String(eighteenth.getFullYear() - 18));
  const back = () => page.getByRole('button', { name: text('en', 'engine.back'), exact: true }).click();
  const trip = async (begin: number) => {
    await page.locator('#flow-trip_beginDate').fill(dayFromToday(begin));
    await page.locator('#flow-trip_endDate').fill(dayFromToday(begin + 2));
  };
  const ageMessage = page.locator('#flow-applicant_birthday__error');
  const noAgeMessage = () => expect(page.getByText(text('en', 'engine.error.policyholder_age'))).toHaveCount(0);
  await page.goto('/en/travel-around-uzbekistan');
  await expectStep(page, 'trip');
  await trip(12);
  await page.locator('#flow-trip_programId-1').check();
  await next(page, 'en');
  await expectStep(page, 'applicant');
  await page.locator('#flow-applicant_birthday').fill(birthday);
  await page.locator('#flow-applicant_birthday').blur();
  await noAgeMessage();
  await back();
  await expectStep(page, 'trip');
  await trip(10);
  await next(page, 'en');
  await expectStep(page, 'applicant');
  await expect(ageMessage).toHaveText(text('en', 'engine.error.policyholder_age'));
  await back();
  await trip(12);
  await next(page, 'en');
  await expectStep(page, 'applicant');
  await expect(page.locator('#flow-applicant_birthday')).toHaveValue(birthday);
  await noAgeMessage();
});
