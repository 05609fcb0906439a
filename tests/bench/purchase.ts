/**
 * Whole purchases per second, as buyers and Payme make them: save (home, the server prices it) →
 * Payme CheckPerformTransaction, CreateTransaction, PerformTransaction (the policy and its PDF are
 * issued) → check → PDF download, against the shop as `npm start` runs it (own process, outbox
 * worker on), on the embedded PGlite and on PostgreSQL.
 *
 * After a warm-up (load until the server's CPU per purchase stops falling: V8 compiling the code of
 * a purchase is not what a shop that serves for days spends), two phases per store: the peak
 * (BENCH_BUYERS concurrent buyers, each starting the next purchase when one ends), then an
 * open-loop load at half that peak (purchases started on a fixed schedule, latency counted from the
 * scheduled start, so a stall is not hidden). Each prints purchases/s, p50/p99 of a whole purchase
 * and the CPU time per purchase of the server, of the PostgreSQL cluster (read from /proc when it
 * runs on this machine), of this load generator and of whatever else the machine ran meanwhile,
 * next to the core time the machine had per purchase: on a small machine the four share the same
 * cores, and those figures say where they went, and what they allow at most; and how long each step
 * took (p50/p99). BENCH_PROFILE=1 adds where the server's CPU time goes. Target (issue #6): ≥ 200
 * purchases/s on PostgreSQL, p99 ≤ 50 ms at half the peak.
 *
 * PostgreSQL: TEST_DATABASE_URL, or a scratch cluster from Debian's postgresql package.
 * Run: `npx tsx tests/bench/purchase.ts` (BENCH_SECONDS per phase, default 8; BENCH_STORES
 * `pglite`, `postgres` or both, the default).
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { homeSaveBody, paycomAuth, siteAuth } from '../../server/test-helpers';
import pg from 'pg';
import startScratchPostgres from '../support/scratch-postgres';
import { machineCpuMicros, parentOf, treeCpuMicros } from './support/proc-cpu';
import { profileSummary } from './support/profile-summary';
import { startServer, type BenchServer } from './support/servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const buyers = Number(process.env.BENCH_BUYERS ?? 16);
/** Which stores to measure: `pglite`, `postgres` or both (the default), comma-separated. */
const stores = (process.env.BENCH_STORES ?? 'pglite,postgres').split(',');

interface Answer {
  status: number;
  body: Buffer;
}

function call(agent: Agent, url: string, method: 'GET' | 'POST', headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(url, { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function json<T>(answer: Answer, step: string): T {
  if (answer.status !== 200) throw new Error(`${step}: HTTP ${answer.status} ${answer.body.toString().slice(0, 200)}`);
  return JSON.parse(answer.body.toString()) as T;
}

type Envelope<T> = { result: boolean; response: T };
type Rpc = { result?: Record<string, unknown>; error?: { code: number } };

/** Milliseconds each step of a purchase took, by step, while a phase collects them (`steps`). */
type StepTimes = Map<string, number[]>;

/** One whole purchase; throws unless every step answers as a real one would. */
async function purchase(server: BenchServer, agent: Agent, steps?: StepTimes): Promise<void> {
  const timed = async (step: string, method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) => {
    const start = performance.now();
    const answer = await call(agent, url, method, headers, body);
    const took = performance.now() - start;
    const times = steps?.get(step);
    if (times) times.push(took);
    else steps?.set(step, [took]);
    return answer;
  };
  const api = (path: string, body: unknown) => timed(path.slice(path.lastIndexOf('/') + 1), 'POST', `${server.url}/api${path}`, { authorization: siteAuth }, body);
  const payme = async (method: string, params: Record<string, unknown>) => {
    const answer = json<Rpc>(await timed(method, 'POST', `${server.url}/api/payme`, { authorization: paycomAuth() }, { id: 1, method, params }), method);
    if (answer.error) throw new Error(`${method}: Payme error ${answer.error.code}`);
    return answer.result ?? {};
  };
  const saved = json<Envelope<{ contract_id: string; amount: number }>>(await api('/sayt/uyjoy-api/save', homeSaveBody()), 'save').response;
  const account = { contract_id: saved.contract_id };
  const amount = saved.amount * 100;
  await payme('CheckPerformTransaction', { amount, account });
  const id = randomUUID().replace(/-/g, '').slice(0, 24);
  await payme('CreateTransaction', { id, time: Date.now(), amount, account });
  if ((await payme('PerformTransaction', { id })).state !== 2) throw new Error('PerformTransaction: not performed');
  const checked = json<Envelope<{ pdf_url: string }>>(await api('/sayt/uyjoy-api/check', account), 'check');
  if (!checked.result) throw new Error('check: not paid');
  const pdf = await timed('PDF', 'GET', checked.response.pdf_url.replace(/^https?:\/\/[^/]+/, server.url), {});
  if (pdf.status !== 200 || pdf.body.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF: HTTP ${pdf.status}`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

interface Phase {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU time per purchase, ms: the shop's process, the PostgreSQL cluster (NaN when not on this machine), this load generator, and whatever else the machine ran meanwhile. */
  cpu: { server: number; database: number; generator: number; others: number; steal: number };
  /** Core time the machine had per purchase (cores × elapsed ÷ purchases), ms. */
  capacity: number;
  /** How long each step of the purchases took, ms. */
  steps: StepTimes;
}

/** Where a store's CPU time can be read: the PostgreSQL cluster's (its postmaster's tree), or none for the embedded PGlite. */
type DatabaseCpu = (() => number) | undefined;

async function measure(server: BenchServer, database: DatabaseCpu, run: (record: (ms: number) => void, fail: (error: unknown) => void, steps: StepTimes) => Promise<void>): Promise<Phase> {
  const latencies: number[] = [];
  const steps: StepTimes = new Map();
  let failed = 0;
  let firstFailure: unknown = null;
  const before = { server: await server.cpuMicros(), database: database?.() ?? 0, generator: process.cpuUsage(), machine: machineCpuMicros() };
  const started = performance.now();
  await run(
    (ms) => latencies.push(ms),
    (error) => {
      failed += 1;
      firstFailure ??= error;
    },
    steps,
  );
  const elapsed = (performance.now() - started) / 1000;
  const generatorUsage = process.cpuUsage(before.generator);
  const machine = machineCpuMicros();
  const micros = {
    server: (await server.cpuMicros()) - before.server,
    database: database ? database() - before.database : Number.NaN,
    generator: generatorUsage.user + generatorUsage.system,
  };
  if (firstFailure) console.log(`  first failure: ${firstFailure instanceof Error ? firstFailure.message : String(firstFailure)}`);
  latencies.sort((a, b) => a - b);
  const perPurchase = (value: number) => value / 1000 / Math.max(1, latencies.length);
  const ours = micros.server + (Number.isNaN(micros.database) ? 0 : micros.database) + micros.generator;
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
    cpu: {
      server: perPurchase(micros.server),
      database: perPurchase(micros.database),
      generator: perPurchase(micros.generator),
      others: perPurchase(Math.max(0, machine.busy - before.machine.busy - ours)),
      steal: perPurchase(machine.steal - before.machine.steal),
    },
    capacity: perPurchase(availableParallelism() * elapsed * 1_000_000),
    steps,
  };
}

/** Buyers each starting the next purchase as soon as one ends: the most this server completes. */
function peak(server: BenchServer, database: DatabaseCpu, agent: Agent, duration: number) {
  return measure(server, database, async (record, fail, steps) => {
    const until = performance.now() + duration * 1000;
    await Promise.all(
      Array.from({ length: buyers }, async () => {
        while (performance.now() < until) {
          const start = performance.now();
          await purchase(server, agent, steps).then(() => record(performance.now() - start), fail);
        }
      }),
    );
  });
}

/** Purchases started every 1/rate seconds whatever the server does; latency from the planned start. */
function steady(server: BenchServer, database: DatabaseCpu, agent: Agent, rate: number, duration: number) {
  return measure(server, database, async (record, fail, steps) => {
    const begin = performance.now();
    const total = Math.floor(rate * duration);
    const running: Promise<void>[] = [];
    for (let i = 0; i < total; i += 1) {
      const planned = begin + (i * 1000) / rate;
      const wait = planned - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      running.push(purchase(server, agent, steps).then(() => record(performance.now() - planned), fail));
    }
    await Promise.all(running);
  });
}

const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(2)} ms`);

/**
 * What these CPU times allow at most, derived (not measured): the server's JavaScript runs on one
 * event loop, so it cannot pass about 1 s ÷ its CPU per purchase (a little of that CPU is V8's
 * helper threads); and the server, the cluster and the generator share the machine's cores, so
 * together they cannot pass cores ÷ their sum.
 */
function ceilings(phase: Phase): string {
  const ours = phase.cpu.server + (Number.isNaN(phase.cpu.database) ? 0 : phase.cpu.database) + phase.cpu.generator;
  return `ceilings from these figures: the server's event loop ≈ ${(1000 / phase.cpu.server).toFixed(0)}/s, the ${availableParallelism()} cores with nothing else running ${((availableParallelism() * 1000) / ours).toFixed(0)}/s`;
}

const line = (title: string, phase: Phase) =>
  `  ${title.padEnd(26)} ${phase.perSecond.toFixed(0).padStart(5)} purchases/s   p50 ${phase.p50.toFixed(1)} ms   p99 ${phase.p99.toFixed(1)} ms   ${phase.cpu.server.toFixed(2)} ms server CPU/purchase${phase.failed ? `   FAILED ${phase.failed}` : ''}\n` +
  `    CPU per purchase: server ${ms(phase.cpu.server)}, ${Number.isNaN(phase.cpu.database) ? 'database inside the server or elsewhere' : `PostgreSQL ${ms(phase.cpu.database)}`}, load generator ${ms(phase.cpu.generator)}, ` +
  `other work on the machine ${ms(phase.cpu.others)}${phase.cpu.steal >= 0.05 ? `, hypervisor steal ${ms(phase.cpu.steal)}` : ''} — of ${ms(phase.capacity)} the ${availableParallelism()} cores had per purchase\n` +
  `    ${ceilings(phase)}\n` +
  `    each step, p50 / p99: ${[...phase.steps].map(([step, times]) => {
    const sorted = times.sort((a, b) => a - b);
    return `${step} ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`;
  }).join(', ')} ms`;

/**
 * The CPU time of the PostgreSQL cluster behind `url`, read from /proc: the postmaster is the parent
 * of the backend serving a connection. Undefined when that backend is not on this machine.
 */
async function clusterCpu(url: string): Promise<DatabaseCpu> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postmaster = rows[0] ? parentOf(rows[0].pid) : undefined;
    if (postmaster === undefined || Number.isNaN(treeCpuMicros(postmaster))) return undefined;
    return () => treeCpuMicros(postmaster);
  } finally {
    await client.end();
  }
}

/**
 * Load until the server's CPU per purchase stops falling: V8 optimises the code of a purchase over
 * its first thousands of requests (in the first seconds TurboFan's compiler threads alone cost
 * about 1 ms per purchase), and a shop serves for days, so the phases measure the code as it runs
 * after that, not while it is being compiled. Two-second windows, at most 40 s.
 */
async function warmUp(server: BenchServer, database: DatabaseCpu, agent: Agent): Promise<string> {
  const costs: number[] = [];
  while (costs.length < 20) {
    const window = await peak(server, database, agent, 2);
    costs.push(window.cpu.server);
    const previous = costs.at(-2);
    if (previous !== undefined && window.cpu.server > previous * 0.97) break;
  }
  return `warmed up for ${2 * costs.length} s: server CPU per purchase ${costs.map((cost) => cost.toFixed(1)).join(' → ')} ms`;
}

async function bench(store: string, env: Record<string, string>, database?: DatabaseCpu): Promise<void> {
  const server = await startServer('shop', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', BOT_TOKEN: '', ...env });
  const agent = new Agent({ keepAlive: true, maxSockets: buyers * 2 });
  try {
    console.log(`${store}:`);
    console.log(`  ${await warmUp(server, database, agent)}`);
    const top = await peak(server, database, agent, seconds);
    console.log(line(`peak (${buyers} buyers)`, top));
    const half = await steady(server, database, agent, top.perSecond / 2, seconds);
    console.log(line(`half the peak (${(top.perSecond / 2).toFixed(0)}/s)`, half));
    if (top.failed || half.failed) process.exitCode = 1;
    if (process.env.BENCH_PROFILE) {
      const file = join(tmpdir(), `shop-purchase-${store.replace(/\W/g, '')}-${process.pid}.cpuprofile`);
      await server.profileStart();
      await peak(server, database, agent, seconds);
      await server.profileStop(file);
      console.log(`  where a purchase's server CPU time goes (${file}; the sampler counts a system call as wall time, so writev includes the waits for a core after waking the database's process):`);
      for (const entry of profileSummary(file)) console.log(`    ${entry}`);
    }
  } finally {
    agent.destroy();
    await server.stop();
  }
}

console.log(`node ${process.version}, ${availableParallelism()} CPUs, ${seconds} s per phase, the server in its own process (LOG_LEVEL ${process.env.LOG_LEVEL ?? 'warn'})`);
const dataDir = join(tmpdir(), `shop-bench-purchase-${process.pid}`);
if (stores.includes('pglite')) {
  try {
    await bench('PGlite (embedded, files on disk)', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (stores.includes('postgres')) {
  const stopScratch = process.env.TEST_DATABASE_URL ? undefined : startScratchPostgres();
  try {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await bench('PostgreSQL', { DATABASE_URL: url }, await clusterCpu(url));
    else console.log('PostgreSQL: not measured (set TEST_DATABASE_URL, or install Debian\'s postgresql package)');
  } finally {
    stopScratch?.();
  }
}
