import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { downloadPolicyText, fillUntilPayment, loadTexts, onSamplesDay, payWithSandboxCard, productPath, purchasePlans, samplesDayServer } from './shop';

// The products' samples are told on 15.06.2030: bought on the server selling on that day, the page's clock on it.
test.use({ baseURL: samplesDayServer });
test.beforeEach(({ page }) => onSamplesDay(page));

const products = purchasePlans();

test('pages are served with a Content-Security-Policy that forbids eval', async ({ request }) => {
  for (const path of ['/', ...products.flatMap((p) => [productPath(p, 'en'), ...(p.routes.webview === undefined ? [] : [`/ru${p.routes.webview}`])])]) {
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
  for (const product of products) {
    await page.goto(productPath(product, 'en'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A form renders and validates (precompiled validators, no eval) when Next is pressed.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.locator('form')).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('a whole purchase, the sandbox checkout and the policy check page run under the CSP without violations', async ({ page }) => {
  await loadTexts();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  const plan = products[0];
  if (!plan) throw new Error('no purchase plan');
  await fillUntilPayment(page, plan, 'en', productPath(plan, 'en'));
  await payWithSandboxCard(page, 'en');
  const { policyNumber } = await downloadPolicyText(page, 'en');
  await page.goto(`/verify/${encodeURIComponent(policyNumber)}`);
  await expect(page.getByText(policyNumber).first()).toBeVisible();
  expect(violations).toEqual([]);
});
