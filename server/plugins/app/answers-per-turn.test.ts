import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import answersPerTurn from './answers-per-turn';

async function appRecording(events: string[]) {
  const app = Fastify();
  await app.register(answersPerTurn);
  // Not async: without the plugin, each answer would be written before the next request is handled.
  app.get('/:id', (request, reply) => {
    const { id } = request.params as { id: string };
    events.push(`handled ${id}`);
    if (id === 'late') setTimeout(() => void reply.send({ id }), 5);
    else void reply.send({ id });
  });
  // Registered after the plugin's, so it runs when the answer is about to be written.
  app.addHook('onSend', (request, _reply, _payload, done) => {
    events.push(`written ${(request.params as { id: string }).id}`);
    done();
  });
  return app;
}

/** Sends the requests in one write on one connection (so the server reads them in one turn); resolves with what came back once every one is answered. */
async function pipelined(port: number, paths: string[], statusLine = /HTTP\/1\.1 200/g): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if ((received.match(statusLine) ?? []).length === paths.length) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.write(paths.map((path) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`).join(''));
  });
}

afterEach(() => vi.useRealTimers());

describe('answers written per turn of the event loop', () => {
  test('requests read in one turn are all handled before any answer is written, and all are answered in order', async () => {
    const events: string[] = [];
    const app = await appRecording(events);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const received = await pipelined((app.server.address() as AddressInfo).port, ['/a', '/b', '/c']);
    expect(received.match(/\{"id":"\w+"\}/g)).toEqual(['{"id":"a"}', '{"id":"b"}', '{"id":"c"}']);
    expect(events).toEqual(['handled a', 'handled b', 'handled c', 'written a', 'written b', 'written c']);
    await app.close();
  });

  test('an answer that waits for something is written when it is ready', async () => {
    const events: string[] = [];
    const app = await appRecording(events);
    const [late, early] = await Promise.all([app.inject('/late'), app.inject('/early')]);
    expect([late.json(), early.json()]).toEqual([{ id: 'late' }, { id: 'early' }]);
    expect(events.indexOf('written early')).toBeLessThan(events.indexOf('written late'));
    await app.close();
  });

  test('an answer that cannot be written goes to the error handler, and the others of its turn are written', async () => {
    const app = Fastify();
    await app.register(answersPerTurn);
    app.get('/refused', (_request, reply) => void reply.header('x-note', 'a\u0000b').send({ id: 'refused' }));
    app.get('/:id', (request, reply) => void reply.send(request.params));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const received = await pipelined((app.server.address() as AddressInfo).port, ['/a', '/refused', '/b'], /HTTP\/1\.1 (200|500)/g);
    expect(received.match(/HTTP\/1\.1 \d+|\{"id":"\w+"\}|Invalid character in header content/g)).toEqual(['HTTP/1.1 200', '{"id":"a"}', 'HTTP/1.1 500', 'Invalid character in header content', 'HTTP/1.1 200', '{"id":"b"}']);
    await app.close();
  });

  test('a test that fakes the clock still gets its answers', async () => {
    const app = await appRecording([]);
    await app.ready();
    vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout', 'setInterval'] });
    expect((await app.inject('/a')).json()).toEqual({ id: 'a' });
    vi.useRealTimers();
    await app.close();
  });
});
