/**
 * A client signing in to the cabinet and opening the policies list, many at once, on the embedded
 * PGlite: send-code → the code read from the sandbox SMS inbox → check-verification-code →
 * check_register (the session) → get/policy-new, which answers the client's 10 policies out of the
 * 200 of 20 clients. BENCH_CLIENTS clients (default 20, each with BENCH_POLICIES policies, default
 * 10, bought beforehand through the save and Payme's merchant API with the client's phone) sign in
 * at the same moment, BENCH_ROUNDS times (default 20) after a round that warms the code up. Prints p50/p99 of the sign-in (its four
 * calls and the inbox read), of get/policy-new, and of the two together.
 *
 * The sign-in's limits (a code a minute per phone, 3 in 10 minutes, 10 a day; 10 codes a minute per
 * address) would refuse the second round, as they must: the server runs in this process with the
 * cabinet's clock (`cabinet.clock`) moved on a day between rounds, and each client asks from its
 * own address (X-Forwarded-For behind one trusted proxy). So, unlike `purchase.ts`, the load
 * generator shares the server's event loop: its few calls weigh little beside the server's work,
 * but the figures are the whole process's.
 *
 * Run: `npx tsx tests/bench/cabinet-sign-in.ts` (BENCH_PORT, default 3410).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { loggerOptions } from '../../server/logging';
import { homeSaveBody, paycomAuth, siteAuth } from '../../server/test-helpers';

const clients = Number(process.env.BENCH_CLIENTS ?? 20);
const policiesEach = Number(process.env.BENCH_POLICIES ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 3410);

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

const agent = new Agent({ keepAlive: true, maxSockets: clients * 2 });

function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`http://127.0.0.1:${port}${path}`, { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), cookies: res.headers['set-cookie'] ?? [] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function answered<T>(answer: Answer, step: string): T {
  const envelope = JSON.parse(answer.body) as { result: boolean; response: T };
  if (answer.status !== 200 || envelope.result !== true) throw new Error(`${step}: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
  return envelope.response;
}

/** A policy bought with `phone` as the contact phone: the save, then Payme's Check, Create and Perform. */
async function buy(phone: string): Promise<void> {
  const saved = answered<{ contract_id: string; amount: number }>(await call('POST', '/api/sayt/uyjoy-api/save', { authorization: siteAuth }, homeSaveBody({ applicant: { ...homeSaveBody().applicant, phone } })), 'save');
  const account = { contract_id: saved.contract_id };
  const amount = saved.amount * 100;
  const payme = async (method: string, params: Record<string, unknown>) => {
    const answer = JSON.parse((await call('POST', '/api/payme', { authorization: paycomAuth() }, { id: 1, method, params })).body) as { result?: { state?: number }; error?: { code: number } };
    if (answer.error) throw new Error(`${method}: Payme error ${answer.error.code}`);
    return answer.result ?? {};
  };
  await payme('CheckPerformTransaction', { amount, account });
  const id = randomUUID().replace(/-/g, '').slice(0, 24);
  await payme('CreateTransaction', { id, time: Date.now(), amount, account });
  if ((await payme('PerformTransaction', { id })).state !== 2) throw new Error('PerformTransaction: not performed');
}

/** One client's sign-in and policies list, from `address`; milliseconds of each. */
async function signInAndList(phone: string, address: string): Promise<{ signIn: number; list: number }> {
  const from = { authorization: siteAuth, 'x-forwarded-for': address };
  const start = performance.now();
  const { request_id: requestId } = answered<{ request_id: string }>(await call('POST', '/api/shaxsiy_kabinet/send-code', from, { phone }), 'send-code');
  const inbox = JSON.parse((await call('GET', `/sandbox/sms/messages?phone=${phone}`, {})).body) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(inbox.messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code in the sandbox inbox');
  const { ticket } = answered<{ ticket: string }>(await call('POST', '/api/shaxsiy_kabinet/check-verification-code', from, { phone, request_id: requestId, code }), 'check-verification-code');
  const signedIn = await call('POST', '/api/shaxsiy_kabinet/check_register', from, { phone, ticket });
  answered(signedIn, 'check_register');
  const session = signedIn.cookies.map((cookie) => cookie.split(';')[0]).find((cookie) => cookie?.startsWith('__Host-session='));
  if (!session) throw new Error('check_register: no session cookie');
  const signIn = performance.now() - start;
  const listed = answered<unknown[]>(await call('GET', '/api/shaxsiy_kabinet/get/policy-new', { ...from, cookie: session }), 'get/policy-new');
  if (listed.length !== policiesEach) throw new Error(`get/policy-new: ${listed.length} policies, not ${policiesEach}`);
  return { signIn, list: performance.now() - start - signIn };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
const figures = (name: string, values: number[]) => `${name.padEnd(34)} p50 ${percentile(values, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(7)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-cabinet-'));
let now = new Date();
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TRUST_PROXY: '1', LOG_LEVEL: 'warn' });
const app = await buildApp({ ...config, database: { kind: 'pglite', dataDir }, cabinet: { ...config.cabinet, clock: () => now } }, { logger: loggerOptions('warn') });
try {
  await app.listen({ host: '127.0.0.1', port });
  const phones = Array.from({ length: clients }, (_, i) => `99890${String(7_000_000 + i)}`);
  console.log(`node ${process.version}, ${availableParallelism()} CPUs, PGlite; ${clients} clients × ${policiesEach} policies, ${rounds} rounds of all clients signing in at once`);
  const setupStart = performance.now();
  // The clients, as register-person leaves them (their PINFLs are no sale's: each finds the policies of its phone).
  await app.db.insertInto('clients').values(phones.map((phone, i) => ({
    id: randomUUID(), phone, pinfl: `9${String(i).padStart(13, '0')}`, passport_seria: 'ZZ', passport_number: String(1_000_000 + i), birthday: '1990-01-01',
    first_name: 'Bench', last_name: `Client ${i + 1}`, terms_accepted_at: now,
  }))).execute();
  for (let n = 0; n < policiesEach; n += 1) await Promise.all(phones.map((phone) => buy(phone)));
  console.log(`${clients * policiesEach} policies bought in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const signIns: number[] = [];
  const lists: number[] = [];
  const wholes: number[] = [];
  // A first round warms the code up (V8 compiling it is not what a server that runs for days spends); it is not counted.
  for (let round = 0; round <= rounds; round += 1) {
    // A day later: every per-phone and per-address window of the last round is over.
    now = new Date(now.getTime() + 24 * 3_600_000 + 60_000);
    const results = await Promise.all(phones.map((phone, i) => signInAndList(phone, `10.${20 + round}.${Math.floor(i / 250)}.${(i % 250) + 1}`)));
    if (round === 0) continue;
    for (const { signIn, list } of results) {
      signIns.push(signIn);
      lists.push(list);
      wholes.push(signIn + list);
    }
  }
  console.log(figures('sign-in (4 calls + inbox read)', signIns));
  console.log(figures('get/policy-new', lists));
  console.log(figures('sign-in → policies list', wholes));
} finally {
  await app.close();
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
