import { killableServer } from '../support/killable-server';
import { figuresHeader, figuresLine, lighthouseSession } from '../support/lighthouse';
const server = killableServer();
const session = await lighthouseSession();
await server.start();
console.log(figuresHeader);
for (let round = 0; round < 2; round++) {
  for (const [name, base] of [['new', server.base], ['old', 'http://127.0.0.1:3300']] as const) {
    for (const path of ['/en/travel', '/ru/housing']) console.log(name, figuresLine(path, await session.auditMedian(`${base}${path}`, 1)));
  }
}
session.close(); server.dispose();
