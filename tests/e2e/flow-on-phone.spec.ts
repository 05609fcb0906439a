import { expect, test, type Page } from '@playwright/test';
import { dayFromToday, expectStep, loadTexts, next, text, type Lang } from './shop';

/** The generic flow runtime as a visitor on a phone (390 px) meets it: the visitors' list of what looked wrong. */

test.beforeAll(loadTexts);
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const field = (page: Page, id: string) => page.locator(`[id="flow-${id}"]`);

/** Mini-casco's first two steps: Comfort from `days` days ahead, Vali Aliyev's Cobalt. */
async function miniCascoCar(page: Page, lang: Lang) {
  await page.goto(`/${lang}/mini-kasko`);
  await field(page, 'program_programId-1').check();
  await field(page, 'program_beginDate').fill(dayFromToday(10));
  await next(page, lang);
  await expectStep(page, 'car');
  await field(page, 'car_plate').fill('01A123BC');
  await field(page, 'car_techPassport').fill('AAF0390422');
  await expect(field(page, 'car_model')).toHaveValue('Chevrolet Cobalt');
}

test('the total is shown once, beside Next', async ({ page }) => {
  const lang = 'en';
  await page.goto(`/${lang}/travel`);
  await expect(page.getByTestId('price-bar')).toBeVisible();
  await expect(page.getByText(text(lang, 'engine.price.total'), { exact: true }).filter({ visible: true })).toHaveCount(1);
});

test('a refusal the insurer places on a field is said there once, and the field is shown and focused', async ({ page }) => {
  const lang = 'en';
  await miniCascoCar(page, lang);
  await next(page, lang);
  await expectStep(page, 'applicant');
  // AF 0000009: the registry names him, the insurer's passport check refuses him (checkCar error 9).
  await field(page, 'applicant_passport').fill('AF0000009');
  await field(page, 'applicant_birthday').fill('01.01.1980');
  await expect(field(page, 'applicant_lastName')).toHaveValue(/Toqqizinchi/i);
  await field(page, 'applicant_phone').fill('901234567');
  await next(page, lang);
  const message = text(lang, 'mini-casco.error.passport_not_found');
  await expect(page.locator('[id="flow-applicant_passport__error"]')).toHaveText(message);
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(field(page, 'applicant_passport')).toBeFocused();
  await expect(field(page, 'applicant_passport')).toBeInViewport();
});

test('after Next the new step opens at its title, with no step of the stepper cut in half', async ({ page }) => {
  const lang = 'en';
  await miniCascoCar(page, lang);
  await next(page, lang);
  await expectStep(page, 'applicant');
  await expect(page.getByRole('heading', { level: 2, name: text(lang, 'mini-casco.step.applicant') })).toBeInViewport();
  const stepper = page.getByRole('navigation', { name: text(lang, 'engine.stepper.label') }).getByRole('list');
  await expect(stepper).toBeInViewport({ ratio: 1 });
  await expect(page.locator('li[aria-current="step"]')).toBeInViewport({ ratio: 1 });
  // Each step the list shows at its left edge is whole: a step is either wholly in the list's view or wholly out of it.
  const cut = await stepper.evaluate((list) => {
    const view = list.getBoundingClientRect();
    return [...list.children].filter((item) => {
      const box = item.getBoundingClientRect();
      return box.left < view.left - 0.5 && box.right > view.left + 0.5;
    }).length;
  });
  expect(cut).toBe(0);
});

test('a driver\'s licence is not called missing before the registry has said it has none', async ({ page }) => {
  const lang = 'en';
  await page.goto(`/${lang}/osago`);
  await field(page, 'car_plate').fill('01F224LC');
  await field(page, 'car_techPassport').fill('AAF2242242');
  await expect(field(page, 'car_model')).toHaveValue('Hyundai Elantra');
  await next(page, lang);
  await expectStep(page, 'personal');
  await field(page, 'personal_applicant_passport').fill('AE1234567');
  await field(page, 'personal_applicant_birthday').fill('12.09.1995');
  await expect(field(page, 'personal_applicant_lastName')).toHaveValue(/Rahimov/i);
  await field(page, 'personal_phone').fill('901234567');
  await next(page, lang);
  await expectStep(page, 'policy');
  await field(page, 'policy_drivers-1').check();
  await field(page, 'policy_startDate').fill(dayFromToday(10));
  await next(page, lang);
  await expectStep(page, 'drivers');
  const licence = field(page, 'drivers_drivers_0_licence');
  const issued = field(page, 'drivers_drivers_0_licenseIssueDate');
  // Next with the driver not told yet: the passport is asked for; the licence is the registry's to fill.
  await next(page, lang);
  await expect(field(page, 'drivers_drivers_0_passport')).toHaveAttribute('aria-invalid', 'true');
  await expect(licence).not.toHaveAttribute('aria-invalid', 'true');
  await expect(issued).not.toHaveAttribute('aria-invalid', 'true');
  // Aziz Rahimov, whose licence the registry has none of: it is now asked of the visitor, not yet called missing.
  await field(page, 'drivers_drivers_0_relative').selectOption({ index: 1 });
  await field(page, 'drivers_drivers_0_passport').fill('AE1234567');
  await field(page, 'drivers_drivers_0_birthday').fill('12.09.1995');
  await expect(field(page, 'drivers_drivers_0_lastName')).toHaveValue(/Rahimov/i);
  await expect(licence).toBeEditable();
  await expect(licence).toHaveValue('');
  await expect(licence).not.toHaveAttribute('aria-invalid', 'true');
  await expect(issued).not.toHaveAttribute('aria-invalid', 'true');
  // Left empty at the next Next, it is.
  await next(page, lang);
  await expect(licence).toHaveAttribute('aria-invalid', 'true');
  await expect(licence).toBeFocused();
  await expectStep(page, 'drivers');
});
