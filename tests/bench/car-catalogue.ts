/**
 * Casco's car price list, `GET /api/sayt/kasko/cars`, as a page asks for it: the answer's size (raw
 * and gzip, as a browser receives it), the latency of one request at a time (p50/p95/p99 of
 * `BENCH_REQUESTS`, default 500, after a warm-up: the list is read from its tables once a minute and
 * kept), and requests/s with its server CPU per request at saturation (autocannon, 8 connections,
 * `BENCH_SECONDS`, default 4). Target (issue 10): well under 50 ms per request. The page then filters
 * the list itself, without a request per keystroke (engine/widgets/option-search.test.ts times that).
 *
 * Run: `npx tsx tests/bench/car-catalogue.ts`. The server runs in its own process, as `npm start`
 * runs it, on a fresh PGlite database.
 */
import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { siteAuth } from '../../server/test-helpers';
import { startServer } from './support/servers';

const requests = Number(process.env.BENCH_REQUESTS ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const dataDir = join(tmpdir(), `shop-bench-cars-${process.pid}`);
const shop = await startServer('shop', { DATA_DIR: dataDir, LOG_LEVEL: 'warn', BOT_TOKEN: '' });
const url = `${shop.url}/api/sayt/kasko/cars`;
const headers = { authorization: siteAuth };
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

try {
  const first = await fetch(url, { headers });
  const body = await first.text();
  if (!first.ok) throw new Error(`${url}: HTTP ${first.status}`);
  const answer = JSON.parse(body) as { response: { brands: unknown[]; models: unknown[]; positions: unknown[] } };
  const { brands, models, positions } = answer.response;
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, loopback, the server in its own process`);
  console.log(`answer: ${brands.length} brands, ${models.length} models, ${positions.length} positions; ${(body.length / 1024).toFixed(1)} KB, ${(gzipSync(body).length / 1024).toFixed(1)} KB gzip`);

  for (let i = 0; i < 50; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  }
  times.sort((a, b) => a - b);
  console.log(`one at a time (${requests} requests): p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms`);

  const before = await shop.cpuMicros();
  const result = await autocannon({ url, headers, connections: 8, duration: seconds });
  const cpu = ((await shop.cpuMicros()) - before) / Math.max(1, result.requests.total);
  if (result.non2xx + result.errors + result.timeouts > 0) {
    console.log(`FAILED ${result.non2xx + result.errors + result.timeouts} requests`);
    process.exitCode = 1;
  }
  console.log(`at saturation (8 connections, ${seconds} s): ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${cpu.toFixed(0)} µs server CPU/request`);
  if (quantile(times, 0.99) >= 50) {
    console.log('target (issue 10): NOT met, p99 of one request at a time is 50 ms or more');
    process.exitCode = 1;
  } else console.log('target (issue 10): met, every percentile of one request at a time well under 50 ms');
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
