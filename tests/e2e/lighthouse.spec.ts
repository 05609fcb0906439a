import { expect, test } from '@playwright/test';
import { figuresHeader, figuresLine, lighthousePages, lighthouseSession } from '../support/lighthouse';

/**
 * Lighthouse (mobile preset, Debian Chromium) on the pages issue #7 names, in two languages each:
 * prints the figures, and fails when accessibility, best practices or SEO fall below 100 on any of
 * them, the home page's performance below 100, or a flow page's below 90. Flow pages measure 99–100
 * on a quiet machine (target 95); the gate leaves room for a busy CI machine, where blocking time is
 * what moves. `npm test` runs this alone after the other browser tests (tagged @lighthouse), since
 * tests running beside it make every page's blocking time several times longer.
 */
const flowGate = 90;

test('Lighthouse: accessibility, best practices and SEO 100 everywhere, performance 100 on the home page and 90 or more on flow pages @lighthouse', async ({ baseURL }) => {
  test.setTimeout(10 * 60_000);
  const session = await lighthouseSession();
  try {
    console.log(figuresHeader);
    for (const path of lighthousePages) {
      const figures = await session.audit(`${baseURL}${path}`);
      console.log(figuresLine(path, figures));
      expect(figures.failures, `${path}: failed audits`).toEqual([]);
      for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
        expect(figures.scores[category], `${path} ${category}: ${figures.failures.join('; ')}`).toBe(100);
      }
      if (path === '/en' || path === '/ru') expect(figures.scores.performance, `${path} performance`).toBe(100);
      else expect(figures.scores.performance, `${path} performance`).toBeGreaterThanOrEqual(flowGate);
    }
  } finally {
    session.close();
  }
});
