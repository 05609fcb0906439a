import fp from 'fastify-plugin';
import { isRestrictedModel, restrictedModelsProduct } from '../../../products/kit/cars/restricted-models';
import type { CarCatalogue, Registries, RegistryVehicle } from '../../../products/kit/sale/sale';
import type { VehiclesTable } from '../../db/database';
import { cachedRead } from '../../lib/cached-read';
import { referenceDataCacheMs } from './tariffs';

declare module 'fastify' {
  interface FastifyInstance {
    registries: Registries;
  }
}

/** A vehicle row as the products read it: the owner a person or a company. */
function vehicleOf(row: VehiclesTable): RegistryVehicle {
  const owner: RegistryVehicle['owner'] = row.owner_inn !== null
    ? { kind: 'company', name: row.owner_name, inn: row.owner_inn }
    : {
      kind: 'person',
      name: row.owner_name,
      pinfl: row.owner_pinfl ?? '',
      passportSeria: row.owner_passport_seria ?? '',
      passportNumber: row.owner_passport_number ?? '',
      birthday: row.owner_birthday ?? '',
    };
  return {
    plate: row.plate,
    techSeria: row.tech_seria,
    techNumber: row.tech_number,
    model: row.model,
    vehicleType: row.vehicle_type,
    issueYear: row.issue_year,
    seats: row.seats,
    fuel: row.fuel,
    owner,
    policyEnd: row.policy_end,
  };
}

/**
 * The state registries the car products ask (vehicles, the tax registry, driving licences, benefit
 * categories): the sandbox adapter answers from the tables of migration 010, seeded with the data
 * README.md lists, so lookups are deterministic in tests and by hand. The car price list (migration
 * 020) is the insurer's own, the same in production: read at most once a minute, as tariffs are,
 * since every casco page asks for it.
 */
export default fp(
  async (app) => {
    const catalogue = cachedRead(async (): Promise<CarCatalogue> => {
      const [brands, models, positions] = await Promise.all([
        app.db.selectFrom('car_brands').select(['id', 'name']).orderBy('id').execute(),
        app.db.selectFrom('car_models').select(['id', 'brand_id', 'name']).orderBy('id').execute(),
        app.db.selectFrom('car_positions').select(['id', 'model_id', 'name', 'price']).orderBy('id').execute(),
      ]);
      return { brands, models, positions };
    }, referenceDataCacheMs);
    app.decorate('registries', {
      async vehicle({ plate, techSeria, techNumber }) {
        const row = await app.db
          .selectFrom('vehicles')
          .select([
            'plate', 'tech_seria', 'tech_number', 'model', 'vehicle_type', 'issue_year', 'seats', 'fuel', 'owner_pinfl',
            'owner_passport_seria', 'owner_passport_number', 'owner_birthday', 'owner_inn', 'owner_name', 'policy_end',
          ])
          .where('plate', '=', plate)
          .where('tech_seria', '=', techSeria)
          .where('tech_number', '=', techNumber)
          .executeTakeFirst();
        return row ? vehicleOf(row) : null;
      },
      async company(inn) {
        const row = await app.db
          .selectFrom('companies')
          .select(['inn', 'name', 'short_name', 'director', 'address', 'oked', 'mfo', 'bank', 'account'])
          .where('inn', '=', inn)
          .executeTakeFirst();
        return row ?? null;
      },
      async licence({ passportSeria, passportNumber }) {
        const row = await app.db
          .selectFrom('driver_licences')
          .select(['licence_seria', 'licence_number', 'issued_on'])
          .where('passport_seria', '=', passportSeria)
          .where('passport_number', '=', passportNumber)
          .executeTakeFirst();
        return row ? { seria: row.licence_seria, number: row.licence_number, issuedOn: row.issued_on } : null;
      },
      async benefit({ pinfl, passportSeria, passportNumber }) {
        const row = await app.db
          .selectFrom('benefits')
          .innerJoin('persons', 'persons.pinfl', 'benefits.pinfl')
          .select('benefits.category')
          .where('benefits.pinfl', '=', pinfl)
          .where('persons.passport_seria', '=', passportSeria.toUpperCase())
          .where('persons.passport_number', '=', passportNumber)
          .executeTakeFirst();
        return row?.category ?? null;
      },
      async saveError({ passportSeria, passportNumber }) {
        const row = await app.db
          .selectFrom('save_error_triggers')
          .select('code')
          .where('passport_seria', '=', passportSeria)
          .where('passport_number', '=', passportNumber)
          .executeTakeFirst();
        return row?.code ?? null;
      },
      async restrictedModel(model) {
        const { restrictedModels } = await app.tariffs.of<{ restrictedModels: string[] }>(restrictedModelsProduct);
        return isRestrictedModel(model, restrictedModels);
      },
      async recordVehicleCheck(plate) {
        await app.db.insertInto('vehicle_checks').values({ plate }).execute();
      },
      carCatalogue: catalogue,
    } satisfies Registries);
  },
  { name: 'registries', dependencies: ['database', 'tariffs'] },
);
