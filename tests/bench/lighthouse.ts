/**
 * Lighthouse 12 (mobile preset: a mid-range phone on slow 4G, simulated) on the pages issue #7 names,
 * in two languages each, against the built site served as `npm start` serves it, in Debian's
 * Chromium. Prints performance, accessibility, best practices and SEO with the metrics behind the
 * performance score (npm test runs one pass of the same as tests/e2e/lighthouse.spec.ts).
 *
 * Run after `npm run build`: `npx tsx tests/bench/lighthouse.ts` (BENCH_RUNS runs per page, default 2; the run with the median performance is printed).
 */
import { killableServer } from '../support/killable-server';
import { figuresHeader, figuresLine, lighthousePages, lighthouseSession } from '../support/lighthouse';

const runs = Number(process.env.BENCH_RUNS ?? 2);
const server = killableServer();
const session = await lighthouseSession();
try {
  await server.start();
  console.log(`Lighthouse, mobile preset, median of ${runs} run(s) per page`);
  console.log(figuresHeader);
  for (const path of lighthousePages) {
    console.log(figuresLine(path, await session.auditMedian(`${server.base}${path}`, runs)));
  }
} finally {
  session.close();
  server.dispose();
}
