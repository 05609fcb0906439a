/**
 * A server under load in its own process (forked by `servers.ts` with `--import tsx`), so the load
 * generator does not share its event loop: `BENCH_SERVER=bare` is a bare Fastify answering the
 * envelope, `shop` the application as `npm start` runs it (configuration from the environment,
 * the outbox worker running). It answers the parent's questions over IPC: its CPU time, and a CPU
 * profile of a window of the load.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { startOutboxWorker } from '../../../server/lib/outbox-worker';
import { loggerOptions } from '../../../server/logging';
import type { ServerMessage, ServerQuestion } from './servers';

async function start(): Promise<{ app: FastifyInstance; stop: () => Promise<void> }> {
  if (process.env.BENCH_SERVER === 'bare') {
    const app = Fastify();
    app.get('/hello', async () => ({ result: true, error: 0, message: 'ok', response: null }));
    // An answer the size of the travel catalog's: on small VMs the bytes of an answer cost as much as the code behind it.
    const big = { result: true, error: 0, message: 'ok', response: Array.from({ length: 60 }, (_, i) => ({ id: i, code: 'TR', name: 'Turkiya / Турция' })) };
    app.get('/big', async () => big);
    // The same request shape as the shop's calculator: a JSON body parsed, a JSON envelope back.
    app.post('/echo', async (request) => ({ result: true, error: 0, message: 'ok', response: { fields: Object.keys(request.body as object).length } }));
    return { app, stop: () => app.close() };
  }
  const logLevel = process.env.LOG_LEVEL || 'info';
  const app = await buildApp(loadConfig(), { logger: loggerOptions(logLevel) });
  const worker = startOutboxWorker(app);
  return { app, stop: async () => { await worker.stop(); await app.close(); } };
}

const send = (message: ServerMessage) => process.send?.(message);
const { app, stop } = await start();
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const session = new Session();

process.on('message', (question: ServerQuestion) => {
  void (async () => {
    if (question.ask === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ cpu: { user, system } });
    } else if (question.ask === 'profile-start') {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      send({ profiling: true });
    } else if (question.ask === 'profile-stop') {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(question.file, JSON.stringify(profile));
      send({ profile: question.file });
    } else if (question.ask === 'stop') {
      await stop();
      send({ stopped: true });
      process.exit(0);
    }
  })();
});
send({ url });
