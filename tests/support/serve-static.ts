/**
 * `tsx tests/support/serve-static.ts <dir> <port>`: serves a built folder (Storybook's) on
 * 127.0.0.1 for the end-to-end suite, with the content types browsers need for modules.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const [dir = 'storybook-static', port = '6107'] = process.argv.slice(2);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(dir, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(404).end('not found');
    return;
  }
  // Hashed assets may be kept: each story page then reuses the bundle the first one loaded.
  const cache = file.includes(`${join(dir, 'assets')}`) ? 'public, max-age=3600' : 'no-cache';
  response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
  createReadStream(file).pipe(response);
}).listen(Number(port), '127.0.0.1');
