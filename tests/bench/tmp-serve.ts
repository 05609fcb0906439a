import { startServer } from './support/servers';
const kind = process.argv[2] as 'bare' | 'shop';
const s = await startServer(kind, { DATA_DIR: '/tmp/shop-tmp-serve', LOG_LEVEL: 'warn', BOT_TOKEN: '' });
console.log(s.url);
await new Promise((r) => setTimeout(r, 40_000));
await s.stop();
