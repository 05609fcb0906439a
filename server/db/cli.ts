/* Database maintenance: `tsx server/db/cli.ts migrate|seed` (npm run db:migrate / db:seed). */
import { loadConfig } from '../config';
import { connectDatabase } from './connect';
import { migrate } from './migrate';
import { seed } from './seed';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: tsx server/db/cli.ts migrate|seed');
  process.exit(2);
}

const config = loadConfig();
const db = await connectDatabase(config.database);
try {
  const applied = await migrate(db);
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations: up to date');
  if (command === 'seed') {
    await seed(db);
    console.log('seed: done');
  }
} finally {
  await db.destroy();
}
