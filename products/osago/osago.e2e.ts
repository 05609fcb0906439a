import { expect, test, type Page } from '@playwright/test';
import { dayFromToday, downloadPolicyText, expectStep, loadTexts, next, onSamplesDay, payWithSandboxCard, samplesDayServer, text, type Lang } from '../../tests/e2e/shop';

/**
 * OSAGO's own paths in the browser, on the sandbox registries: a legal entity with policy type 1
 * (the drivers step skipped), any driver with every extra, and a save error placed on the driver row
 * the insurer names. Buying the purchase sample (an individual with two drivers) in each language,
 * in the webview and OSAGO limited is the generic purchase spec's (tests/e2e/purchase.spec.ts).
 */

test.beforeAll(loadTexts);

const field = (page: Page, id: string) => page.locator(`[id="flow-${id}"]`);

/** Leaves a step and waits until the flow has moved on (step calls and the save ask the server). */
async function leave(page: Page, lang: Lang, step: string) {
  await next(page, lang);
  await expect(page, `Next leaves the ${step} step`).not.toHaveURL(new RegExp(`[?&]step=${step}(&|$)`), { timeout: 20_000 });
}

/** The car step: plate and tech passport, then the registry's answer drawn read-only. */
async function car(page: Page, lang: Lang, plate: string, techPassport: string, model: string) {
  await expectStep(page, 'car');
  await field(page, 'car_plate').fill(plate);
  await field(page, 'car_techPassport').fill(techPassport);
  await expect(field(page, 'car_model')).toHaveValue(model);
  await leave(page, lang, 'car');
}

async function person(page: Page, at: string, passport: string, birthday: string, lastName: string) {
  await field(page, `${at}_passport`).fill(passport);
  await field(page, `${at}_birthday`).fill(birthday);
  await expect(field(page, `${at}_lastName`)).toHaveValue(new RegExp(lastName, 'i'));
}

/** The sandbox's Cobalt, its owner applying, named drivers: on the drivers step with its owner as the first driver. */
async function toFirstNamedDriver(page: Page, lang: Lang) {
  await page.goto(`/${lang}/osago`);
  await car(page, lang, '01A123BC', 'AAF0390422', 'Chevrolet Cobalt');
  await person(page, 'personal_applicant', 'AA1234567', '15.05.1990', 'Aliyev');
  await field(page, 'personal_phone').fill('901234567');
  await leave(page, lang, 'personal');
  await field(page, 'policy_drivers-1').check();
  await field(page, 'policy_startDate').fill(dayFromToday(10));
  await leave(page, lang, 'policy');
  await expectStep(page, 'drivers');
  await field(page, 'drivers_drivers_0_relative').selectOption({ index: 1 });
  await person(page, 'drivers_drivers_0', 'AA1234567', '15.05.1990', 'Aliyev');
}

/** Dilnoza's Spark (insured until 31.07.2030), Vali applying for her: on the policy step. */
async function toSparkPolicy(page: Page, lang: Lang) {
  await page.goto(`/${lang}/osago`);
  await car(page, lang, '30C789DE', 'AAL7654321', 'Chevrolet Spark');
  await expectStep(page, 'personal');
  await person(page, 'personal_applicant', 'AA1234567', '15.05.1990', 'Aliyev');
  await field(page, 'personal_isOwner').uncheck();
  await field(page, 'personal_owner_passport').fill('AB7654321');
  await field(page, 'personal_owner_birthday').fill('02.11.1985');
  await field(page, 'personal_phone').fill('901234567');
  await leave(page, lang, 'personal');
  await expectStep(page, 'policy');
}

async function payAndDownload(page: Page, lang: Lang, total: string) {
  await expectStep(page, 'payment');
  await expect(page.getByTestId('summary-total')).toContainText(total);
  await payWithSandboxCard(page, lang);
  const { policyNumber, pdfText } = await downloadPolicyText(page, lang);
  expect(policyNumber).toMatch(/^OSG \d{10}$/);
  expect(pdfText).toContain(policyNumber);
}

test('a legal entity with policy type 1 buys in Russian, the drivers step skipped', async ({ page }) => {
  const lang = 'ru';
  await page.goto(`/${lang}/osago`);
  await car(page, lang, '01123ABC', 'AAF1111111', 'Kia K5');
  await expectStep(page, 'personal');
  await expect(field(page, 'personal_isOwner')).toHaveCount(0);
  await person(page, 'personal_applicant', 'AA1234567', '15.05.1990', 'Aliyev');
  await field(page, 'personal_company_inn').fill('301234567');
  await expect(field(page, 'personal_company_name')).toHaveValue('"NEO LOGISTIKA" MChJ');
  await field(page, 'personal_phone').fill('901234567');
  await leave(page, lang, 'personal');
  await expectStep(page, 'policy');
  // A legal entity is not offered the accident extra (requirements §5).
  await expect(field(page, 'policy_accident')).toHaveCount(0);
  await field(page, 'policy_drivers-0').check();
  await field(page, 'policy_startDate').fill(dayFromToday(10));
  await field(page, 'policy_plateCover').check();
  await leave(page, lang, 'policy');
  // Straight from the policy to payment: 384 000 + plate cover 30 000.
  await expectStep(page, 'payment');
  // The skipped drivers step is not listed as one still to do.
  const stepper = page.getByRole('navigation', { name: text(lang, 'engine.stepper.label') });
  await expect(stepper.getByText(text(lang, 'osago.step.drivers'))).toHaveCount(0);
  await expect(stepper.locator('[data-status="upcoming"]')).toHaveCount(0);
  await payAndDownload(page, lang, '414 000');
});

test('a car insured for longer than a cover may be bought ahead is stopped at its plate, told from when, in Russian', async ({ page }) => {
  const lang = 'ru';
  await page.goto(`/${lang}/osago`);
  await expectStep(page, 'car');
  // Insured until 31.07.2030: today its next cover (from 01.08.2030) is over 90 days ahead.
  await field(page, 'car_plate').fill('30C789DE');
  await field(page, 'car_techPassport').fill('AAL7654321');
  await expect(field(page, 'car_model')).toHaveValue('Chevrolet Spark');
  await next(page, lang);
  const message = text(lang, 'osago.error.insured_long').replace('{date}', '31.07.2030').replace('{from}', '03.05.2030');
  await expect(page.locator('[id="flow-car_plate__error"]')).toContainText(message);
  await expectStep(page, 'car');
});

test.describe('on the samples\' day (15.06.2030)', () => {
  test.use({ baseURL: samplesDayServer });
  test.beforeEach(({ page }) => onSamplesDay(page));

  test('any driver with every extra and mini-casco, for someone else\'s car, in English', async ({ page }) => {
    const lang = 'en';
    await toSparkPolicy(page, lang);
    // Insured until 31.07.2030 (/check-ip): the new cover starts the day after.
    await expect(field(page, 'policy_startDate')).toHaveValue('01.08.2030');
    await field(page, 'policy_period-1').check();
    await field(page, 'policy_drivers-0').check();
    for (const extra of ['accident', 'gas', 'plateCover', 'miniCasco']) await field(page, `policy_${extra}`).check();
    await field(page, 'policy_miniCascoProgram-1').check();
    // Any driver: the drivers step would ask nothing, and is passed over.
    await leave(page, lang, 'policy');
    await expectStep(page, 'payment');
    await expect(page.getByRole('navigation', { name: text(lang, 'engine.stepper.label') }).getByText(text(lang, 'osago.step.drivers'))).toHaveCount(0);
    // 320 000 × 0.7 + 10 000 + 10 000 + 30 000 + Comfort 90 000.
    await payAndDownload(page, lang, '364 000');
  });
});

test('a save error naming a driver is shown on that driver\'s row, in Uzbek', async ({ page }) => {
  const lang = 'uz';
  await toFirstNamedDriver(page, lang);
  await page.locator('[id="flow-drivers_drivers__add"]').click();
  await field(page, 'drivers_drivers_1_relative').selectOption({ index: 1 });
  // The sandbox's test person AF 0000003 makes the insurer decline with error 3 (driver data not found).
  await person(page, 'drivers_drivers_1', 'AF0000003', '01.01.1980', 'Uchinchi');
  await expect(field(page, 'drivers_drivers_1_licence')).toHaveValue(/AF/);
  await next(page, lang);
  const message = text(lang, 'osago.error.driver_not_found');
  await expect(page.locator('[id="flow-drivers_drivers_1_passport__error"]')).toContainText(message, { timeout: 20_000 });
  await expect(page.locator('[id="flow-drivers_drivers_0_passport__error"]')).toHaveCount(0);
  await expectStep(page, 'drivers');
});

test('a driver row changed to another person gets that person\'s licence from the registry, not the last one\'s', async ({ page }) => {
  const lang = 'en';
  await toFirstNamedDriver(page, lang);
  await expect(field(page, 'drivers_drivers_0_licence')).toHaveValue(/AF\s*0557857/);
  await person(page, 'drivers_drivers_0', 'AD2222222', '01.07.1958', 'Nazarov');
  await expect(field(page, 'drivers_drivers_0_licence')).toHaveValue(/AD\s*7654567/);
});

test('a plate typed again after Back is priced only once the registry has answered for the whole car', async ({ page }) => {
  const lang = 'en';
  const priced: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/get-calc-osago')) priced.push(String((request.postDataJSON() as { gos_number?: string }).gos_number));
  });
  await page.goto(`/${lang}/osago`);
  await car(page, lang, '01A123BC', 'AAF0390422', 'Chevrolet Cobalt');
  await page.getByRole('button', { name: text(lang, 'engine.back'), exact: true }).click();
  await expectStep(page, 'car');
  await expect.poll(() => priced).toEqual(['01A123BC']);
  // Aziz Rahimov's Elantra, key by key: the Cobalt's tech passport and type stand beside each half-typed plate.
  const plate = field(page, 'car_plate');
  await plate.fill('');
  await plate.pressSequentially('01F224LC', { delay: 50 });
  await field(page, 'car_techPassport').fill('AAF2242242');
  await expect(field(page, 'car_model')).toHaveValue('Hyundai Elantra');
  await expect(page.getByTestId('price-updating')).toHaveCount(0);
  expect(priced).toEqual(['01A123BC', '01F224LC']);
});
