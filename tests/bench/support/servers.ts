import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ServerQuestion = { ask: 'cpu' } | { ask: 'profile-start' } | { ask: 'profile-stop'; file: string } | { ask: 'stop' };
export type ServerMessage = { url: string } | { cpuMicros: number } | { profiling: true } | { profile: string } | { stopped: true };

export interface BenchServer {
  url: string;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
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
  return {
    url,
    cpuMicros: async () => (await ask({ ask: 'cpu' }, 'cpuMicros')).cpuMicros,
    profileStart: async () => void (await ask({ ask: 'profile-start' }, 'profiling')),
    profileStop: async (file) => void (await ask({ ask: 'profile-stop', file }, 'profile')),
    stop: async () => void (await ask({ ask: 'stop' }, 'stopped')),
  };
}
