import { expect, test } from '@playwright/test';
import { loadTexts, text } from './shop';

test.beforeAll(loadTexts);

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  // The server answers every page address with the app, which renders its own 404 page (issue #7
  // prerenders the pages; then an unknown address will answer HTTP 404 itself).
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text('en', 'site.notFound.title'));
});
