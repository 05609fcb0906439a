import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ServerQuestion = { ask: 'cpu' } | { ask: 'profile-start' } | { ask: 'profile-stop'; file: string } | { ask: 'stop' };
export type ServerMessage = { url: string } | { cpu: CpuTime } | { profiling: true } | { profile: string } | { stopped: true };

/** CPU time a process has used so far, in microseconds: its own code (user) and the kernel's work for it (system). */
export interface CpuTime {
  user: number;
  system: number;
}

export interface BenchServer {
  url: string;
  /** CPU time the server process (all its threads) has used so far. */
  cpu(): Promise<CpuTime>;
  /** The same, user and system together. */
  cpuMicros(): Promise<number>;
  profileStart(): Promise<void>;
  profileStop(file: string): Promise<void>;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./server-process.ts', import.meta.url));

/** Forks a bare Fastify (`bare`) or the shop (`shop`, configured by `env` as `npm start` is) and waits until it listens. */
export async function startServer(kind: 'bare' | 'shop', env: Record<string, string> = {}): Promise<BenchServer> {
  const child: ChildProcess = fork(entry, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_SERVER: kind, FASTIFY_AUTOLOAD_TYPESCRIPT: '1', HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<ServerMessage, Record<K, unknown>>>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (key in message) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message as Extract<ServerMessage, Record<K, unknown>>);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`the ${kind} server exited (${code}) before answering ${key}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <K extends string>(question: ServerQuestion, key: K) => {
    const answer = next(key);
    child.send(question);
    return answer;
  };
  const { url } = await next('url');
  const cpu = async () => (await ask({ ask: 'cpu' }, 'cpu')).cpu;
  return {
    url,
    cpu,
    cpuMicros: async () => {
      const { user, system } = await cpu();
      return user + system;
    },
    profileStart: async () => void (await ask({ ask: 'profile-start' }, 'profiling')),
    profileStop: async (file) => void (await ask({ ask: 'profile-stop', file }, 'profile')),
    stop: async () => void (await ask({ ask: 'stop' }, 'stopped')),
  };
}
