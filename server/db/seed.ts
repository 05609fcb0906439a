import type { Kysely } from 'kysely';
import { loadProducts, type ServerProduct } from '../lib/product-registry';
import type { Database } from './database';
import {
  sandboxBenefits, sandboxCompanies, sandboxLicences, sandboxPersons, sandboxSaveErrorTriggers, sandboxVehicles, seedRedirects,
} from './sandbox-data';

/**
 * Inserts the reference data the sandbox needs: each product's tariffs and the tables products
 * share, the redirects, the person registry, the car registries (vehicles, companies, licences,
 * benefits, save-error triggers) and the car price list of the sales that carry one. Idempotent: rows that exist are kept, so tariffs edited in the
 * database are not overwritten by a restart.
 */
export async function seed(db: Kysely<Database>): Promise<void> {
  const products = await loadProducts();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tariffs')
      .values([...ownTariffRows(products), ...sharedTariffRows(products)])
      .onConflict((oc) => oc.column('product').doNothing())
      .execute();
    await trx.insertInto('redirects').values(seedRedirects).onConflict((oc) => oc.column('from_path').doNothing()).execute();
    await trx.insertInto('persons').values(sandboxPersons).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('companies').values(sandboxCompanies).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('vehicles').values(sandboxVehicles).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('driver_licences').values(sandboxLicences).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('benefits').values(sandboxBenefits).onConflict((oc) => oc.doNothing()).execute();
    await trx.insertInto('save_error_triggers').values(sandboxSaveErrorTriggers).onConflict((oc) => oc.doNothing()).execute();
    for (const { sale } of products) {
      const catalogue = sale.carCatalogue;
      if (!catalogue) continue;
      await trx.insertInto('car_brands').values(catalogue.brands).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx.insertInto('car_models').values(catalogue.models).onConflict((oc) => oc.column('id').doNothing()).execute();
      await trx.insertInto('car_positions').values(catalogue.positions).onConflict((oc) => oc.column('id').doNothing()).execute();
    }
  });
}

/** Each product's own row (a variant reading its base's has none): its tariffs without the members that are shared tables. */
function ownTariffRows(products: readonly ServerProduct[]) {
  return products.filter(({ sale }) => sale.tariffsFrom === undefined).map(({ manifest, sale }) => {
    const shared = new Set(Object.keys(sale.shared ?? {}));
    const own = Object.fromEntries(Object.entries(sale.tariffs as Record<string, unknown>).filter(([name]) => !shared.has(name)));
    return { product: manifest.id, data: JSON.stringify(own) };
  });
}

/** One row per shared table, however many products read it (a product of that id seeds it first). */
function sharedTariffRows(products: readonly ServerProduct[]) {
  const ids = new Set(products.map(({ manifest }) => manifest.id));
  const rows = new Map<string, string>();
  for (const { sale } of products) {
    for (const table of Object.values(sale.shared ?? {})) {
      if (!ids.has(table.key) && !rows.has(table.key)) rows.set(table.key, JSON.stringify(table.seed));
    }
  }
  return [...rows].map(([product, data]) => ({ product, data }));
}
