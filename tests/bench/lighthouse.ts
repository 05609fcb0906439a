/**
 * Lighthouse 12 (mobile preset: a mid-range phone on slow 4G, simulated) on the pages issue #7 names,
 * in two languages each, against the built site served as `npm start` serves it, in Debian's
 * Chromium. Prints performance, accessibility, best practices and SEO with the metrics behind the
 * performance score. Targets: home page 100, flow pages ≥ 95, the other categories 100.
 *
 * Run after `npm run build`: `npx tsx tests/bench/lighthouse.ts` (BENCH_RUNS runs per page, default 2; the median is printed).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { killableServer } from '../support/killable-server';

const runs = Number(process.env.BENCH_RUNS ?? 2);
const pages = ['/en', '/ru', '/en/travel', '/uz/travel', '/ru/housing', '/en/housing', '/uz/mobile/housing', '/ru/mobile/travel'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' } as const;

interface Run {
  scores: Record<(typeof categories)[number], number>;
  metrics: Record<keyof typeof metrics, string>;
}

const server = killableServer();
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await server.start();
  console.log(`Lighthouse, mobile preset, median of ${runs} run(s) per page`);
  console.log(`${'page'.padEnd(20)} perf  a11y  bp   seo   ${Object.keys(metrics).map((m) => m.padEnd(8)).join('')}`);
  for (const path of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(`${server.base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = result;
      results.push({
        scores: Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores'],
        metrics: Object.fromEntries(Object.entries(metrics).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? '-'])) as Run['metrics'],
      });
    }
    // The run with the median performance score, so its metrics belong together.
    const median = [...results].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(results.length / 2)] as Run;
    console.log(
      `${path.padEnd(20)} ${categories.map((c) => String(median.scores[c]).padEnd(5)).join(' ')} ${Object.values(median.metrics).map((v) => String(v).padEnd(8)).join('')}`,
    );
  }
} finally {
  chrome.kill();
  server.dispose();
}
