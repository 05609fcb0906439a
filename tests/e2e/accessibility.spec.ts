import { expect, test } from '@playwright/test';
import { dayFromToday, expectAccessible, expectStep, loadTexts, next, text } from './shop';

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, the fixed help bar never hides the element that has keyboard focus (WCAG 2.4.11)', async ({ page }) => {
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('aside[aria-label]').filter({ has: page.locator('a') })).toBeVisible();
  let checked = 0;
  for (let i = 0; i < 15; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      const bar = document.querySelector('aside[aria-label] a')?.closest('aside');
      if (!element || element === document.body || !bar) return { kind: 'nothing' as const };
      if (bar.contains(element)) return { kind: 'bar' as const };
      return { kind: 'page' as const, text: element.textContent?.trim() ?? '', bottom: element.getBoundingClientRect().bottom, barTop: bar.getBoundingClientRect().top };
    });
    // The bar's own link may take focus; nothing else may be left without it.
    expect(focus.kind, `Tab ${i + 1} focuses something`).not.toBe('nothing');
    if (focus.kind !== 'page') continue;
    expect(focus.bottom, `"${focus.text}" is under the help bar`).toBeLessThanOrEqual(focus.barTop);
    checked += 1;
  }
  expect(checked).toBeGreaterThanOrEqual(13);
});

test('on a phone, where the header shows short language codes, the home and flow pages pass axe in every language', async ({ page }) => {
  for (const lang of ['uz', 'en', 'ru'] as const) {
    for (const path of [`/${lang}`, `/${lang}/travel`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, `${path} at 390 px`);
    }
  }
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the help call never covers an error of the form: it sits below the last one of the tourists step', async ({ page }) => {
    await loadTexts();
    await page.goto('/en/travel');
    await expectStep(page, 'trip');
    await next(page, 'en');
    await expectStep(page, 'dates');
    await page.getByRole('checkbox', { name: text('en', 'region.TR'), exact: true }).check();
    await page.locator('#flow-dates_beginDate').fill(dayFromToday(10));
    await page.locator('#flow-dates_endDate').fill(dayFromToday(19));
    await next(page, 'en');
    await expectStep(page, 'tourists');
    // Next on an empty step: every required field says so, the last ones at the foot of the form.
    await next(page, 'en');
    const errors = page.locator('form [id$="__error"]');
    await expect(errors.first()).toBeVisible();
    const help = page.locator('aside[aria-label]').filter({ has: page.locator('a[href^="tel:"]') });
    await expect(help).toBeVisible();
    expect(await errors.count()).toBeGreaterThan(3);
    // On a flow page the help call sits in the page after the form, not over it: measured from the top
    // of the page, it starts below the last error, so no scrolling can bring it over one.
    await page.evaluate(() => window.scrollTo(0, 0));
    const [lastError, helpBox] = await Promise.all([errors.last().boundingBox(), help.boundingBox()]);
    if (!lastError || !helpBox) throw new Error('an error or the help call is not drawn');
    expect(helpBox.y, 'the help call starts below the last error').toBeGreaterThanOrEqual(lastError.y + lastError.height);
  });
});
