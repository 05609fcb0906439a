import { expect, test } from '@playwright/test';
import { dayFromToday, loadTexts, downloadPolicyText, expectStep, next, payWithSandboxCard, text } from './shop';

test.beforeAll(loadTexts);

test('a visitor buys a home policy with the Mini program and the PDF shows its premium and sum insured', async ({ page }) => {
  await page.goto('/en/housing');
  await expectStep(page, 'program');
  await page.getByRole('radio', { name: new RegExp(text('en', 'home.program.1')) }).check();
  await expect(page.getByTestId('price-total')).toContainText('70 000');
  await next(page, 'en');
  await expectStep(page, 'applicant');
  await page.locator('#flow-applicant_passport').fill('AB7654321');
  await page.locator('#flow-applicant_birthday').fill('02.11.1985');
  await page.locator('#flow-applicant_phone').fill('907654321');
  await next(page, 'en');
  await expectStep(page, 'address');
  await page.locator('#flow-address_houseType').selectOption({ index: 1 }).catch(async () => {
    await page.locator('#flow-address_houseType-0').check();
  });
  await page.locator('#flow-address_regionId').selectOption({ index: 1 });
  await page.locator('#flow-address_address').fill('Tashkent, Yunusobod 4, 12');
  await page.locator('#flow-address_beginDate').fill(dayFromToday(1));
  await next(page, 'en');
  await expectStep(page, 'payment');
  await payWithSandboxCard(page, 'en');
  await expectStep(page, 'download');
  const { policyNumber, pdfText } = await downloadPolicyText(page, 'en');
  expect(pdfText).toContain(policyNumber);
  expect(pdfText).toContain('70 000');
  expect(pdfText).toContain('56 000 000');
});
