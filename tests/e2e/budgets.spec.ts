import { expect, test } from '@playwright/test';
import { flowBudgetKb, productPath, purchasePlans, scriptKb } from './shop';
import { newPhone, registerByApi, sandboxPeople } from './cabinet-client';
import { borrowedMessages, flowFiles, gzipKb, prerenderedScripts, productIds, readBuildManifest } from '../support/bundle-manifest';
import { claimProductIds } from '../../server/lib/product-registry';
import { claimFamilyOf } from '../../products/kit/site/claim-areas';

/**
 * First-load JavaScript budgets (issue #7), measured as a visitor's browser loads a page: every
 * script it fetches until the page is usable (a flow: its first step's form, hydrated), gzipped at level 9.
 * The home page and content pages (the home and thank-you pages are drawn without script): ≤ 70 KB. Flow pages and the
 * cabinet's: ≤ 160 KB (a flow's scripts hydrate its island only, site/flow-main.tsx).
 */
const homeBudgetKb = 70;

test('the home page and the thank-you page load at most 70 KB of JavaScript in every language', async ({ page }) => {
  for (const lang of ['uz', 'en', 'ru']) {
    for (const [name, path] of [['home', `/${lang}`], ['thank-you', `/${lang}/thank-you/00000000-0000-4000-8000-000000000000`]] as const) {
      const kb = await scriptKb(page, path, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible());
      console.log(`${name} ${path}: ${kb.toFixed(1)} KB gzip JavaScript (budget ${homeBudgetKb} KB)`);
      expect(kb, path).toBeLessThanOrEqual(homeBudgetKb);
    }
  }
});

for (const plan of purchasePlans()) {
  test(`the ${plan.id} flow page loads no more JavaScript than its budget in each language`, async ({ browser }) => {
    // The server draws the first step, so it is visible at once; it is usable once the flow has
    // started (its step in the address) and the drawn step is no longer inert.
    // What the page fetches ahead on idle for later steps (site/navigation/preload.ts) is not first
    // load: on a busy machine hydration can outlast the preload's one-second delay, so the test
    // turns preloading off the way a visitor with Save-Data on does.
    // In each language (the catalogs differ; Cyrillic texts weigh most), each a new visitor: nothing cached, no draft.
    for (const lang of ['uz', 'en', 'ru'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      const kb = await scriptKb(page, productPath(plan, lang), async (p) => {
        await expect(p).toHaveURL(/[?&]step=/);
        await expect(p.locator('form')).toBeVisible();
        await expect(p.locator('[inert]')).toHaveCount(0);
      });
      console.log(`flow ${plan.id} in ${lang}: ${kb.toFixed(1)} KB gzip JavaScript (budget ${flowBudgetKb} KB)`);
      expect.soft(kb, `${plan.id} in ${lang}`).toBeLessThanOrEqual(flowBudgetKb);
      await context.close();
    }
  });
}

// A claim page is a flow page (one island, site/flow-main.tsx): the same budget, usable once its first step is the scripts'.
// The claims of one family share their steps' code and messages, so one product of each family stands for the family.
const familyOf = (id: string) => claimFamilyOf[id] ?? id;
const claimOfEachFamily = claimProductIds().filter((id, i, all) => all.findIndex((other) => familyOf(other) === familyOf(id)) === i);
for (const id of claimOfEachFamily) {
  test(`the ${id} claim page loads no more JavaScript than a flow page in each language`, async ({ browser }) => {
    for (const lang of ['uz', 'en', 'ru'] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      const kb = await scriptKb(page, `/${lang}/insurance-event/${id}`, async (p) => {
        await expect(p).toHaveURL(/[?&]step=/);
        await expect(p.locator('form')).toBeVisible();
        await expect(p.locator('[inert]')).toHaveCount(0);
      });
      console.log(`claim ${id} in ${lang}: ${kb.toFixed(1)} KB gzip JavaScript (budget ${flowBudgetKb} KB)`);
      expect.soft(kb, `claim ${id} in ${lang}`).toBeLessThanOrEqual(flowBudgetKb);
      await context.close();
    }
  });
}

test('the sign-in page and a signed-in client\'s policies and claims pages load no more JavaScript than a flow page, in each language', async ({ browser }) => {
  // Each a new visitor (nothing cached); the policies and claims pages for a client signed in through the cabinet's calls.
  const client = await browser.newContext();
  await registerByApi(client.request, newPhone(), sandboxPeople.budgets);
  for (const lang of ['uz', 'en', 'ru'] as const) {
    for (const [name, path, context] of [
      ['sign-in', `/${lang}/login`, await browser.newContext()],
      ['policies', `/${lang}/dashboard/policies`, client],
      ['claims', `/${lang}/dashboard/applications`, client],
    ] as const) {
      const page = await context.newPage();
      await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
      // Usable: drawn at build, the page is usable once its scripts own the form (sign-in) or have shown the client's list (policies).
      const kb = await scriptKb(page, path, async (p) => {
        await expect(p).toHaveURL(path);
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(p.locator('fieldset[disabled], .spinner')).toHaveCount(0);
        await expect(p.locator('[data-account="in"], form')).not.toHaveCount(0);
      });
      console.log(`cabinet ${name} ${path}: ${kb.toFixed(1)} KB gzip JavaScript (budget ${flowBudgetKb} KB)`);
      expect.soft(kb, path).toBeLessThanOrEqual(flowBudgetKb);
      await page.close();
      if (context !== client) await context.close();
    }
  }
  await client.close();
});

// The same budgets read from the build manifest, in every language: what a page's entry imports
// statically, whether or not a browser asks for it before the page is usable.
test('by the build manifest, every flow page in every language and the home page are inside their budgets', async () => {
  const manifest = readBuildManifest();
  const firstSteps = new Map(purchasePlans().map((plan) => [plan.id, Object.keys(plan.steps)[0] ?? '']));
  for (const lang of ['uz', 'en', 'ru']) {
    const home = prerenderedScripts(`${lang}/index.html`);
    expect(home, `/${lang} is prerendered`).not.toBeNull();
    expect(gzipKb(home ?? []), `home /${lang}`).toBeLessThanOrEqual(homeBudgetKb);
    for (const id of productIds()) {
      const kb = gzipKb(flowFiles(manifest, id, firstSteps.get(id) ?? '', await borrowedMessages(id), lang));
      expect(kb, `flow ${id} in ${lang}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(flowBudgetKb);
    }
    for (const id of claimProductIds()) {
      // Every claim starts by finding its policy (its `policy` step).
      const kb = gzipKb(flowFiles(manifest, id, 'policy', await borrowedMessages(id), lang, 'claim'));
      expect(kb, `claim ${id} in ${lang}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(flowBudgetKb);
    }
  }
});
