import { expect, test } from '@playwright/test';
import { dayFromToday, expectStep, loadTexts, next, text } from '../../tests/e2e/shop';

/** Document loss's own rules in the browser; buying it is the generic purchase spec's (tests/e2e/purchase.spec.ts). */

test.beforeAll(loadTexts);

test('the state number (type 38) asks the plate and has its own price; a paper document asks its number', async ({ page }) => {
  await page.goto('/uz/documents');
  await expectStep(page, 'document');
  await expect(page.locator('#flow-document_plate')).toHaveCount(0);
  await page.getByRole('radio', { name: text('uz', 'documents.type.38') }).check();
  await expect(page.locator('#flow-document_plate')).toBeVisible();
  await expect(page.locator('#flow-document_documentNumber')).toHaveCount(0);
  await expect(page.getByTestId('price-total')).toContainText('60 000');
  await page.getByRole('radio', { name: text('uz', 'documents.type.3') }).check();
  await expect(page.locator('#flow-document_plate')).toHaveCount(0);
  await expect(page.locator('#flow-document_documentNumber')).toBeVisible();
  await expect(page.getByTestId('price-total')).toContainText('30 000');
});

test('a first day in the past is said once, in the product\'s words, not also as the date widget\'s bound', async ({ page }) => {
  await page.goto('/ru/documents');
  await expectStep(page, 'document');
  await page.locator('#flow-document_beginDate').fill(dayFromToday(-1));
  await page.locator('#flow-document_beginDate').blur();
  const messages = page.locator('[id="flow-document_beginDate__error"] li');
  await expect(messages).toHaveText([text('ru', 'documents.error.begin_date_past')]);
  await next(page, 'ru');
  await expectStep(page, 'document');
  await expect(messages).toHaveText([text('ru', 'documents.error.begin_date_past')]);
});
