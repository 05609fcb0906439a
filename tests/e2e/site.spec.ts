import { expect, test } from '@playwright/test';
import { loadTexts, text } from './shop';

test.beforeAll(loadTexts);

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  // The server knows the site's page list (products/site-pages.ts): the status says 404 too.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text('en', 'site.notFound.title'));
});
