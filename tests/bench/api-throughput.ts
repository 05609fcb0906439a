/**
 * API throughput next to bare Fastify on this machine: the same load (autocannon, loopback only,
 * bounded in time) against a bare Fastify "hello" route, and against our catalog read and the
 * travel calculator (auth, XSRF rules, body validation and pricing on every request).
 * Run: `npx tsx tests/bench/api-throughput.ts` (prints requests/s and latency).
 */
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { siteAuth, travelCalculatorBody } from '../../server/test-helpers';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function load(title: string, url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: 32, duration: seconds, ...options });
  const failed = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${title.padEnd(34)} ${Math.round(result.requests.average).toString().padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${failed ? `   FAILED ${failed}` : ''}`,
  );
  return result.requests.average;
}

const bare = Fastify();
bare.get('/hello', async () => ({ result: true, error: 0, message: 'ok', response: null }));
const bareUrl = await listen(bare);

const app = await buildApp(testConfig());
const appUrl = await listen(app);
const headers = { authorization: siteAuth, 'content-type': 'application/json' };

console.log(`node ${process.version}, ${seconds} s per run, 32 connections, loopback`);
const baseline = await load('bare Fastify GET /hello', `${bareUrl}/hello`);
const catalog = await load('GET travel get_country', `${appUrl}/api/takoful/travel-neo/get_country`, { headers });
const calculator = await load('POST travel calculator', `${appUrl}/api/takoful/travel-neo/calculator`, {
  method: 'POST',
  headers,
  body: JSON.stringify(travelCalculatorBody()),
});
console.log(`catalog read: ${((catalog / baseline) * 100).toFixed(0)} % of bare Fastify; calculator: ${((calculator / baseline) * 100).toFixed(0)} %`);

await Promise.all([bare.close(), app.close()]);
