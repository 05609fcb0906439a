import type { Kysely } from 'kysely';
import { loadProducts } from '../lib/product-registry';
import type { Database } from './database';
import {
  sandboxBenefits, sandboxCompanies, sandboxLicences, sandboxPersons, sandboxSaveErrorTriggers, sandboxVehicles, seedRedirects,
} from './sandbox-data';

/**
 * Inserts the reference data the sandbox needs: each product's tariffs, the redirects, the person
 * registry and the car registries (vehicles, companies, licences, benefits, save-error triggers). Idempotent: rows that exist are kept, so tariffs edited in the database are
 * not overwritten by a restart.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const products = await loadProducts();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tariffs')
      .values(products.map(({ manifest, sale }) => ({ product: manifest.id, data: JSON.stringify(sale.tariffs) })))
      .onConflict((oc) => oc.column('product').doNothing())
      .execute();
    await trx.insertInto('redirects').values(seedRedirects).onConflict((oc) => oc.column('from_path').doNothing()).execute();
    await trx.insertInto('persons').values(sandboxPersons).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('companies').values(sandboxCompanies).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('vehicles').values(sandboxVehicles).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('driver_licences').values(sandboxLicences).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('benefits').values(sandboxBenefits).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('save_error_triggers').values(sandboxSaveErrorTriggers).onConflict((oc) => oc.doNothing()).execute();
  });
}
