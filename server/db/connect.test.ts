import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { connectDatabase, databaseConnectTimeoutMs } from './connect';
import { databaseUnavailable } from './errors';

const sockets = new Set<Socket>();
const silent = createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

it('gives up on a database that takes the connection and never answers, as the database being away', async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as AddressInfo;
  const db = await connectDatabase({ kind: 'postgres', url: `postgres://shop@127.0.0.1:${port}/shop` });
  const started = Date.now();
  const failure = await sql`select 1`.execute(db).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).not.toBeNull();
  expect(databaseUnavailable(failure)).toBe(true);
  expect(Date.now() - started).toBeLessThan(databaseConnectTimeoutMs + 3_000);
  await db.destroy();
}, databaseConnectTimeoutMs + 10_000);
