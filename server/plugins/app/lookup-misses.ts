import fp from 'fastify-plugin';
import { FailedLookups, lookupMissLimits } from '../../lib/failed-lookups';

declare module 'fastify' {
  interface FastifyInstance {
    /** The registry lookups' misses (server/lib/calls.ts `asCaller`): one count per server, whichever product's call asks. */
    lookupMisses: { passports: FailedLookups; plates: FailedLookups };
  }
}

export default fp(
  async (app) => {
    app.decorate('lookupMisses', {
      passports: new FailedLookups({ what: 'passport', ...lookupMissLimits }),
      plates: new FailedLookups({ what: 'plate', ...lookupMissLimits }),
    });
  },
  { name: 'lookup-misses' },
);
