import { expect, test } from '@playwright/test';
import { figuresHeader, figuresLine, lighthousePages, lighthouseSession } from '../support/lighthouse';

/**
 * Lighthouse (mobile preset, Debian Chromium) on the pages issue #7 names, in two languages each:
 * prints the figures, and fails when accessibility, best practices or SEO fall below 100 on any of
 * them, or the home page's performance below 100. Flow pages' performance (88–93 today, target 95)
 * is printed, not gated: tests/bench/README.md says what holds it back.
 */
test('Lighthouse: accessibility, best practices and SEO 100 everywhere, the home page 100 for performance', async ({ baseURL }) => {
  test.setTimeout(10 * 60_000);
  const session = await lighthouseSession();
  try {
    console.log(figuresHeader);
    for (const path of lighthousePages) {
      const figures = await session.audit(`${baseURL}${path}`);
      console.log(figuresLine(path, figures));
      for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
        expect(figures.scores[category], `${path} ${category}: ${figures.failures.join('; ')}`).toBe(100);
      }
      if (path === '/en' || path === '/ru') expect(figures.scores.performance, `${path} performance`).toBe(100);
    }
  } finally {
    session.close();
  }
});
