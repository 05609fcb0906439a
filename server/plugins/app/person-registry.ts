import fp from 'fastify-plugin';
import type { PassportQuery, PersonQuery, RegistryPerson } from '../../../products/kit/sale/sale';

/** The state person registry (passport + birthday → person). */
export interface PersonRegistry {
  find(query: PersonQuery): Promise<RegistryPerson | null>;
  /** Whether a citizen holds this passport (no birthday: it says whether, never who). */
  citizenPassport(query: PassportQuery): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    persons: PersonRegistry;
  }
}

/**
 * The sandbox adapter answers from the seeded `persons` table (schemas/api/README.md lists the
 * people), so lookups are deterministic in tests and by hand. Whatever answers, a passport that
 * keeps finding nobody is held back where the sales ask (server/lib/calls.ts, `FailedLookups`).
 */
export default fp(
  async (app) => {
    async function lookup(query: PersonQuery): Promise<RegistryPerson | null> {
      const row = await app.db
        .selectFrom('persons')
        .select(['pinfl', 'first_name', 'last_name', 'first_name_cyr', 'last_name_cyr', 'birthday'])
        .where('passport_seria', '=', query.passportSeria.toUpperCase())
        .where('passport_number', '=', query.passportNumber)
        .where('birthday', '=', query.birthday)
        .executeTakeFirst();
      if (!row || (query.pinfl && query.pinfl !== row.pinfl)) return null;
      return {
        pinfl: row.pinfl,
        firstName: row.first_name,
        lastName: row.last_name,
        firstNameCyr: row.first_name_cyr,
        lastNameCyr: row.last_name_cyr,
        birthday: row.birthday,
      };
    }
    app.decorate('persons', {
      find: lookup,
      async citizenPassport(query) {
        const row = await app.db
          .selectFrom('persons')
          .select('pinfl')
          .where('passport_seria', '=', query.passportSeria.toUpperCase())
          .where('passport_number', '=', query.passportNumber)
          .executeTakeFirst();
        return row !== undefined;
      },
    } satisfies PersonRegistry);
  },
  { name: 'person-registry', dependencies: ['database'] },
);
