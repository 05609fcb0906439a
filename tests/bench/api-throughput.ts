/**
 * API throughput next to bare Fastify on this machine, in the same run: autocannon (loopback,
 * bounded in time) against a bare Fastify route answering the envelope, then against the shop's
 * catalog read, redirect lookup and travel calculator (credential, XSRF rule, body reading and
 * validation, pricing on every request). Each server runs in its own process, so the figures are
 * also given as server CPU time per request: on a small machine the load generator competes for the
 * same cores, and CPU per request is what the server itself costs.
 *
 * Run: `npx tsx tests/bench/api-throughput.ts` (BENCH_ROUNDS rounds, default 3, of BENCH_SECONDS per target, default 4; BENCH_PROFILE=1
 * adds where the calculator's CPU time goes). Target (issue #6): calculator ≥ 60 % of bare Fastify.
 */
import { rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { siteAuth, travelCalculatorBody } from '../../server/test-helpers';
import { profileSummary } from './support/profile-summary';
import { startServer, type BenchServer } from './support/servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = 32;

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuMicrosPerRequest: number;
}

async function load(server: BenchServer, path: string, options: Partial<autocannon.Options>, duration: number): Promise<Figures> {
  const url = `${server.url}${path}`;
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({ url, connections, duration, ...options });
  const cpu = (await server.cpuMicros()) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed) {
    console.log(`${path}: FAILED ${failed} requests`);
    process.exitCode = 1;
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface Target {
  title: string;
  server: () => BenchServer;
  path: string;
  options?: Partial<autocannon.Options>;
  runs: Figures[];
}

/** The median of each figure over the rounds (a shared machine's noise moves single runs by ±30 %). */
function summary(target: Target): Figures {
  const of = (key: keyof Figures) => median(target.runs.map((run) => run[key]));
  return { requestsPerSecond: of('requestsPerSecond'), p50: of('p50'), p99: of('p99'), cpuMicrosPerRequest: of('cpuMicrosPerRequest') };
}

const share = (ours: Figures, bare: Figures) =>
  `${((ours.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(0)} % of its requests/s, ${((bare.cpuMicrosPerRequest / ours.cpuMicrosPerRequest) * 100).toFixed(0)} % of its requests per CPU second`;

const dataDir = join(tmpdir(), `shop-bench-${process.pid}`);
const bare = await startServer('bare');
const shop = await startServer('shop', { DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', BOT_TOKEN: '' });
const headers = { authorization: siteAuth, 'content-type': 'application/json' };
const calculator: Partial<autocannon.Options> = { method: 'POST', headers, body: JSON.stringify(travelCalculatorBody()) };

const targets: Target[] = [
  { title: 'bare Fastify GET /hello', server: () => bare, path: '/hello', runs: [] },
  { title: 'bare Fastify GET /big (2.7 KB)', server: () => bare, path: '/big', runs: [] },
  { title: 'bare Fastify POST /echo (JSON)', server: () => bare, path: '/echo', options: calculator, runs: [] },
  { title: 'GET travel get_country', server: () => shop, path: '/api/takoful/travel-neo/get_country', options: { headers }, runs: [] },
  { title: 'GET redirects', server: () => shop, path: '/api/redirects?path=/en/travel', options: { headers }, runs: [] },
  { title: 'POST travel calculator', server: () => shop, path: '/api/takoful/travel-neo/calculator', options: calculator, runs: [] },
];

try {
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, ${rounds} rounds of ${seconds} s per target (medians), ${connections} connections, loopback, servers in their own processes`);
  for (const target of targets) await load(target.server(), target.path, target.options ?? {}, 1);
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) target.runs.push(await load(target.server(), target.path, target.options ?? {}, seconds));
  }
  const [baseline, bareBig, bareJson, catalog, redirects, price] = targets.map((target) => {
    const figures = summary(target);
    console.log(
      `${target.title.padEnd(32)} ${Math.round(figures.requestsPerSecond).toString().padStart(7)} req/s   p50 ${figures.p50} ms   p99 ${figures.p99} ms   ${figures.cpuMicrosPerRequest.toFixed(0).padStart(4)} µs CPU/request`,
    );
    return figures;
  }) as [Figures, Figures, Figures, Figures, Figures, Figures];
  console.log(`catalog read: ${share(catalog, baseline)}; next to a bare answer of its size: ${share(catalog, bareBig)}`);
  console.log(`redirect lookup: ${share(redirects, baseline)}`);
  console.log(`calculator: ${share(price, baseline)} (target ≥ 60 %)`);
  console.log(`calculator next to a bare JSON POST: ${share(price, bareJson)}`);

  if (process.env.BENCH_PROFILE) {
    const file = join(tmpdir(), `shop-calculator-${process.pid}.cpuprofile`);
    await shop.profileStart();
    await autocannon({ url: `${shop.url}/api/takoful/travel-neo/calculator`, connections, duration: seconds, ...calculator });
    await shop.profileStop(file);
    console.log(`where the calculator's CPU time goes (${file}):`);
    for (const line of profileSummary(file)) console.log(`  ${line}`);
  }
} finally {
  await Promise.all([bare.stop(), shop.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
}
