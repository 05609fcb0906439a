import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectStep, loadTexts, next, text } from '../../tests/e2e/shop';

/**
 * Quick casco's own rule in the browser: a car whose owner the vehicle registry names as a legal
 * entity is refused at the car step (requirements §5, `for_only_individuals`), on a phone. Buying the
 * purchase sample in each language is the generic purchase spec's (tests/e2e/purchase.spec.ts).
 */

test.beforeAll(loadTexts);
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const field = (page: Page, id: string) => page.locator(`[id="flow-${id}"]`);

test('no program chosen is asked for above the cards; a legal entity\'s car is refused at the car step with for_only_individuals, in English', async ({ page }) => {
  const lang = 'en';
  await page.goto(`/${lang}/quick-car-insurance`);
  await expectStep(page, 'program');
  // Next with no program: the message asks to choose, above the cards, in view with the first one focused.
  await next(page, lang);
  const programError = page.locator('[id="flow-program_programId__error"]');
  await expect(programError).toHaveText(text(lang, 'engine.error.enum'));
  await expect(programError).toBeInViewport();
  await expect(field(page, 'program_programId-0')).toBeFocused();
  const [errorBox, cardBox] = [await programError.boundingBox(), await field(page, 'program_programId-0').boundingBox()];
  expect(errorBox?.y ?? Infinity).toBeLessThan(cardBox?.y ?? 0);
  await field(page, 'program_programId-0').check();
  // Choosing a program sets the first day (tomorrow).
  await expect(field(page, 'program_beginDate')).not.toHaveValue('');
  await next(page, lang);
  await expectStep(page, 'car');
  // "NEO LOGISTIKA" MChJ's Kia K5 in the sandbox registry.
  await field(page, 'car_plate').fill('01123ABC');
  await field(page, 'car_techPassport').fill('AAF1111111');
  const plateError = page.locator('[id="flow-car_plate__error"]');
  await expect(plateError).toContainText(text(lang, 'for_only_individuals'));
  await expectAccessible(page, 'quick casco, a legal entity\'s car refused');
  await next(page, lang);
  await expectStep(page, 'car');
  // A person's car then fills in from the registry, and the message goes.
  await field(page, 'car_plate').fill('01A123BC');
  await field(page, 'car_techPassport').fill('AAF0390422');
  await expect(field(page, 'car_ownerName')).toHaveValue('ALIYEV VALI');
  await expect(plateError).toHaveCount(0);
});

test('a company\'s car typed after a person\'s takes the person\'s car away, and its refusal outlives a reload and a change of language', async ({ page }) => {
  await page.goto('/uz/quick-car-insurance');
  await expectStep(page, 'program');
  await field(page, 'program_programId-0').check();
  await next(page, 'uz');
  await expectStep(page, 'car');
  await field(page, 'car_plate').fill('01A123BC');
  await field(page, 'car_techPassport').fill('AAF0390422');
  await expect(field(page, 'car_ownerName')).toHaveValue('ALIYEV VALI');
  // Another car, the company's: the person's Cobalt must not stay beside it.
  await field(page, 'car_plate').fill('01123ABC');
  await field(page, 'car_techPassport').fill('AAF1111111');
  const plateError = page.locator('[id="flow-car_plate__error"]');
  await expect(plateError).toContainText(text('uz', 'for_only_individuals'));
  await expect(field(page, 'car_ownerName')).toHaveValue('');
  await page.reload();
  await expectStep(page, 'car');
  await expect(plateError).toContainText(text('uz', 'for_only_individuals'));
  await page.goto('/ru/quick-car-insurance?step=car');
  await expectStep(page, 'car');
  await expect(plateError).toContainText(text('ru', 'for_only_individuals'));
  await next(page, 'ru');
  await expectStep(page, 'car');
  await expect(plateError).toContainText(text('ru', 'for_only_individuals'));
});
