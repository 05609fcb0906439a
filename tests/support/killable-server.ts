import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KillableServer {
  /** `http://127.0.0.1:<port>`, also the server's public address. */
  base: string;
  /** Starts the server as `npm start` does, on its own embedded database, and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush, as a crash or an out-of-memory kill ends it. */
  kill(): void;
  /** Kills it if running and deletes its database. */
  dispose(): void;
}

/**
 * A shop server in its own process group on a random port, to be killed outright and started again
 * on the same data; `env` adds to its environment (`SALES_DAY` to buy the products' dated samples).
 */
export function killableServer(env: Record<string, string> = {}): KillableServer {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-kill-'));
  const port = 36_000 + Math.floor(Math.random() * 2_000);
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  // The last server's exit: a SIGKILL is sent at once but takes effect a moment later, and a server
  // started meanwhile would meet the dying one's port and database files.
  let exited: Promise<void> = Promise.resolve();
  const kill = () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null) process.kill(-server.pid, 'SIGKILL');
    server = null;
  };
  return {
    base,
    async start() {
      await exited;
      // Its own process group, so the kill reaches the node process tsx starts as well.
      const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base, BOT_TOKEN: '', LOG_LEVEL: 'warn', ...env },
      });
      server = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      exited = new Promise((resolve) => child.once('exit', () => resolve()));
      for (let i = 0; i < 240; i += 1) {
        if (child.exitCode !== null || child.signalCode !== null) {
          if (server === child) throw new Error(`the server exited while starting (${child.exitCode ?? child.signalCode}): ${stderr}`);
          throw new Error('the server was killed while starting');
        }
        // The API description needs no credential and is there once every route is.
        const up = await fetch(`${base}/api/docs/json`).then((r) => r.ok, () => false);
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the server did not start within a minute: ${stderr}`);
    },
    kill,
    dispose() {
      kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
