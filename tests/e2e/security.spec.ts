import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

test('pages are served with a Content-Security-Policy that forbids eval', async ({ request }) => {
  for (const path of ['/', '/en/travel', '/ru/housing']) {
    const response = await request.get(path);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp, path).toContain("script-src 'self'");
    expect(csp, path).not.toContain('unsafe-eval');
  }
});

test('the shipped JavaScript compiles no code at run time', () => {
  const assets = join(process.cwd(), 'dist/site/assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const code = readFileSync(join(assets, file), 'utf8');
    expect(code, file).not.toMatch(/new Function\s*\(|[^.\w]eval\s*\(/);
  }
});

test('a flow runs under the CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto('/en/travel');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/step=dates/);
  expect(violations).toEqual([]);
});
