import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface DatabaseSwitch {
  /** The database's URL through the switch: what the app under test connects to. */
  url: string;
  /** The database goes away as a stopped server does: open connections are cut, new ones refused. */
  off(): Promise<void>;
  /** The database is back, on the same address. */
  on(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP relay between the app and a PostgreSQL database that a test can switch off and on, so the
 * app meets a database stopped under it (connections cut, connections refused) without stopping
 * the cluster other tests share.
 */
export async function databaseSwitch(databaseUrl: string): Promise<DatabaseSwitch> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    const relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
    port = (relay.address() as AddressInfo).port;
    server = relay;
  };
  const off = async () => {
    const relay = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (relay) await new Promise<void>((resolve) => relay.close(() => resolve()));
  };

  await listen();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), off, on: () => (server ? Promise.resolve() : listen()), close: off };
}
