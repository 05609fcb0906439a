/**
 * Vitest global setup: when TEST_DATABASE_URL is not given, start a throwaway PostgreSQL cluster
 * from Debian's postgresql package so `npm test` runs the PostgreSQL suite on any machine that has
 * it installed (CI installs it). initdb refuses to run as root, so as root the cluster belongs to
 * the `postgres` user the package creates. Without PostgreSQL the suite fails with instructions.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = '/usr/lib/postgresql/15/bin';

function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const quoted = [command, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: 'pipe' });
  else execFileSync(command, args, { stdio: 'pipe' });
}

export default function setup(): (() => void) | undefined {
  if (process.env.TEST_DATABASE_URL || !existsSync(join(bin, 'initdb'))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = 55_000 + Math.floor(Math.random() * 1_000);
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, '-w', '-l', join(dir, 'log'), 'start']);
  process.env.TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return () => {
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
