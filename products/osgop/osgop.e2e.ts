import { expect, test } from '@playwright/test';
import { dayFromToday, downloadPolicyText, expectStep, loadTexts, next, payWithSandboxCard, text } from '../../tests/e2e/shop';

/**
 * OSGOP in the browser: the registry fills the vehicle in (seats and category never editable), a
 * truck is refused at the plate, the owning company becomes the carrier, the calculator's figure is
 * the price, and a carrier buys a bus's policy in Russian down to the PDF.
 */

test.beforeAll(loadTexts);

test('a truck is refused at the plate: OSGOP covers vehicles that carry passengers', async ({ page }) => {
  await page.goto('/en/osgop');
  await expectStep(page, 'car');
  await page.locator('#flow-car_plate').fill('10B456CD');
  await page.locator('#flow-car_techPassport').fill('AAG1234567');
  await expect(page.getByText(text('en', 'osgop.error.not_passenger_vehicle'))).toBeVisible();
  await next(page, 'en');
  await expectStep(page, 'car');
});

test('a carrier buys a bus\'s policy in Russian: registry vehicle, company by INN, server price, payment, PDF', async ({ page }) => {
  await page.goto('/ru/osgop');
  await expectStep(page, 'car');
  await page.locator('#flow-car_plate').fill('80321BTR');
  await page.locator('#flow-car_techPassport').fill('AAL3333333');
  // The registry's answer: 30 seats less the driver's, a bus; what it filled is read-only.
  await expect(page.locator('#flow-car_passengerSeats')).toHaveValue('29');
  await expect(page.locator('#flow-car_model')).toHaveValue('Isuzu Citiport');
  await expect(page.locator('#flow-car_model')).not.toBeEditable();
  await expect(page.locator('#flow-car_passengerSeats')).not.toBeEditable();
  await expect(page.locator('#flow-car_category')).toBeDisabled();
  // "Correct the data" frees the model and the owner, never the seats that set the price.
  await page.locator('#flow-car_edit').click();
  await expect(page.locator('#flow-car_model')).toBeEditable();
  await expect(page.locator('#flow-car_passengerSeats')).not.toBeEditable();
  await page.locator('#flow-car_model').fill('Isuzu Citiport 12');
  await expect(page.getByTestId('price-total')).toContainText('765 600');
  await next(page, 'ru');

  await expectStep(page, 'holder');
  // The bus's owning company is the carrier until the visitor names another: its INN and name are filled in.
  await expect(page.locator('#flow-holder_kind-0')).toBeChecked();
  await expect(page.locator('#flow-holder_inn')).toHaveValue('303456789');
  await expect(page.locator('#flow-holder_companyName')).toHaveValue('"BUXORO YOʻLOVCHI TRANS" AJ');
  await expect(page.locator('#flow-holder_passport')).toHaveCount(0);
  await page.locator('#flow-holder_phone').fill('901234567');
  await next(page, 'ru');

  await expectStep(page, 'policy');
  // Six months at 0.7 of the year's premium, as the server's calculator answers it.
  await page.locator('#flow-policy_months-1').check();
  await page.locator('#flow-policy_beginDate').fill(dayFromToday(5));
  await expect(page.locator('#flow-policy_endDate')).not.toHaveValue('');
  await expect(page.getByTestId('price-total')).toContainText('535 920');
  await expect(page.getByTestId('price-updating')).toHaveCount(0);
  await next(page, 'ru');

  await expectStep(page, 'payment');
  await expect(page.getByTestId('summary-total')).toContainText('535 920');
  await expect(page.getByText('Isuzu Citiport 12')).toBeVisible();
  await payWithSandboxCard(page, 'ru');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'ru');
  expect(policyNumber).toMatch(/^OGP \d{10}$/);
  expect(pdfText).toContain(policyNumber);
  expect(pdfText).toContain('80 321 BTR');
  expect(pdfText).toContain('"BUXORO YOʻLOVCHI TRANS" AJ');
});
