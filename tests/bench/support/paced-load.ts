import { connect, type Socket } from 'node:net';

/**
 * An open-loop load at a steady rate: requests are due every 1/rate seconds whatever the server
 * does, each goes out on an idle keep-alive connection, and its latency counts from when it was due
 * (a server that falls behind is charged for the wait, no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it lets every connection send back to back until its quota
 * for the second is used up and then waits for the next second, so a "fixed rate" is bursts at full
 * speed, in which the server, or the load generator, is as saturated as without a rate. Comparing
 * two servers' CPU per request at the same paced rate puts them in the same conditions: the same
 * arrivals, one at a time, and a load generator that is awake for every answer of either.
 */

export interface PacedLoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second. */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most (a request waits when all are busy). */
  connections?: number;
}

export interface PacedLoadResult {
  /** Answers received per second of the run. */
  requestsPerSecond: number;
  completed: number;
  failed: number;
  /** Due requests not answered by the end of the run (a server that does not keep the rate leaves many). */
  behind: number;
  p50: number;
  p99: number;
}

interface Connection {
  socket: Socket;
  /** When the request in flight was due (ms, performance.now), or null when idle. */
  dueAt: number | null;
  received: Buffer;
}

/** The length of a complete answer at the start of `data` and its status, or null while incomplete (answers carry Content-Length). */
function completeAnswer(data: Buffer): { length: number; status: number } | null {
  const headerEnd = data.indexOf('\r\n\r\n');
  if (headerEnd < 0) return null;
  const head = data.subarray(0, headerEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
  const total = headerEnd + 4 + Number(length ?? 0);
  return data.length >= total ? { length: total, status } : null;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const url = new URL(options.url);
  const body = options.body ?? '';
  const head = [
    `${options.method ?? 'GET'} ${url.pathname}${url.search} HTTP/1.1`,
    `host: ${url.host}`,
    'connection: keep-alive',
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`content-length: ${Buffer.byteLength(body)}`] : []),
  ].join('\r\n');
  const request = Buffer.from(`${head}\r\n\r\n${body}`);

  // Set once every connection is open.
  let start = Infinity;
  let end = Infinity;
  const latencies: number[] = [];
  let answeredInTime = 0;
  let failed = 0;
  let sent = 0;
  const idle: Connection[] = [];
  const connections = await Promise.all(
    Array.from({ length: options.connections ?? 64 }, () =>
      new Promise<Connection>((resolve, reject) => {
        const socket = connect(Number(url.port), url.hostname, () => resolve(connection));
        const connection: Connection = { socket, dueAt: null, received: Buffer.alloc(0) };
        socket.setNoDelay(true);
        socket.once('error', reject);
        socket.on('data', (chunk: Buffer) => {
          connection.received = connection.received.length ? Buffer.concat([connection.received, chunk]) : chunk;
          const answer = completeAnswer(connection.received);
          if (!answer || connection.dueAt === null) return;
          connection.received = connection.received.subarray(answer.length);
          const now = performance.now();
          latencies.push(now - connection.dueAt);
          if (now <= end) answeredInTime += 1;
          if (answer.status < 200 || answer.status >= 300) failed += 1;
          connection.dueAt = null;
          idle.push(connection);
          sendDue();
        });
      }),
    ),
  );
  idle.push(...connections);
  start = performance.now();
  end = start + options.seconds * 1000;

  const interval = 1000 / options.rate;
  /** Sends every request due by now that an idle connection can take; none once the time is up. */
  function sendDue(): void {
    const now = performance.now();
    if (now > end) return;
    const due = Math.floor((now - start) / interval);
    while (sent < due && idle.length > 0) {
      const connection = idle.pop() as Connection;
      connection.dueAt = start + sent * interval;
      sent += 1;
      connection.socket.write(request);
    }
  }
  // The generator spins (setImmediate, never a timer) so that it is never asleep when an answer
  // arrives: waking a sleeping process on the other core costs the writer an inter-processor
  // interrupt, a VM exit on this machine, and a slower server's answers find the generator asleep
  // more often (with a 1 ms timer: 5.8 µs of the shop's kernel time per request against bare
  // Fastify's 1.2 at 10 000/s). A real server writes to a network card, not to a sleeping
  // neighbour. The price is one core busy during the run, and requests go out exactly when due.
  await new Promise<void>((resolve) => {
    const tick = () => {
      sendDue();
      if (performance.now() >= end) resolve();
      else setImmediate(tick);
    };
    tick();
  });
  // Answers in flight at the end are awaited (their CPU is in the figures), but only those before the end count as kept.
  const drainUntil = performance.now() + 1000;
  while (idle.length < connections.length && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 5));
  for (const connection of connections) connection.socket.destroy();

  const scheduled = Math.floor((options.seconds * 1000) / interval);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: answeredInTime / options.seconds,
    completed: latencies.length,
    failed,
    behind: scheduled - answeredInTime,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}
