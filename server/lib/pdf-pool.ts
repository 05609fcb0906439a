import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PolicyDocument } from './policy-pdf';

export interface PdfRenderer {
  render(document: PolicyDocument): Promise<Uint8Array>;
  close(): Promise<void>;
}

const workerFile = fileURLToPath(new URL('./policy-pdf-worker.ts', import.meta.url));

/**
 * Policy PDFs drawn in a worker thread, off the event loop that answers every other request: a
 * drawing is the largest piece of CPU a purchase costs. One thread (the machine's other core
 * serves the database and the event loop), started with the first PDF and stopped after a minute
 * without one. The worker loads TypeScript through tsx, as the server itself does.
 */
export function pdfPool(): PdfRenderer {
  let pool: Piscina | null = null;
  return {
    render(document) {
      pool ??= new Piscina({ filename: workerFile, minThreads: 0, maxThreads: 1, idleTimeout: 60_000, execArgv: ['--import', 'tsx'] });
      return pool.run(document) as Promise<Uint8Array>;
    },
    async close() {
      await pool?.destroy();
      pool = null;
    },
  };
}
