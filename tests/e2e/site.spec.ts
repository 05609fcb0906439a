import { expect, test } from '@playwright/test';
import { loadTexts, text } from './shop';

test.beforeAll(loadTexts);

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  // The server knows the site's page list (products/site-pages.ts): the status says 404 too.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text('en', 'site.notFound.title'));
});

test('the home page arrives as finished HTML in its language, loads no script, and leads into a flow', async ({ page, request }) => {
  for (const lang of ['uz', 'en', 'ru'] as const) {
    const response = await request.get(`/${lang}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(text(lang, 'site.home.title'));
    expect(html).not.toMatch(/<script|modulepreload/);
  }
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ru', 'site.home.title'));
  expect(scripts).toEqual([]);
  await page.getByRole('link', { name: `${text('ru', 'site.home.buy')}: ${text('ru', 'site.product.travel.title')}` }).click();
  await expect(page).toHaveURL(/\/ru\/travel\?step=/);
  await expect(page.locator('form')).toBeVisible();
});
