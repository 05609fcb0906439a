import { isRestrictedModel } from '../cars/restricted-models';
import type { CarCatalogue, PassportQuery, Registries, RegistryCompany, RegistryLicence, RegistryVehicle } from '../sale/sale';

/** What an in-memory registry holds; every list may be left out. */
export interface RegistryData {
  vehicles?: RegistryVehicle[];
  companies?: RegistryCompany[];
  /** Licences by passport (`AA1234567`). */
  licences?: Record<string, RegistryLicence>;
  /** Benefit categories of people: their PINFL, their passport (`AD2222222`) and the category. */
  benefits?: { pinfl: string; passport: string; category: number }[];
  /** Save errors by passport (`AF0000001`). */
  saveErrors?: Record<string, number>;
  /** The car price list; an empty one when left out. */
  catalogue?: CarCatalogue;
  /** Models not insured online, lowercase (products/kit/cars/restricted-models.ts); none when left out. */
  restrictedModels?: string[];
}

/**
 * The car registries port over plain data, for tests and stories that price or sell a car product
 * without the server (the server's own adapter reads the tables of migration 010). `checks` lists the
 * plates recorded by `recordVehicleCheck`.
 */
export function memoryRegistries(data: RegistryData = {}): Registries & { checks: string[] } {
  const checks: string[] = [];
  const passport = (query: PassportQuery) => `${query.passportSeria}${query.passportNumber}`;
  return {
    checks,
    vehicle: async ({ plate, techSeria, techNumber }) =>
      data.vehicles?.find((v) => v.plate === plate && v.techSeria === techSeria && v.techNumber === techNumber) ?? null,
    company: async (inn) => data.companies?.find((c) => c.inn === inn) ?? null,
    licence: async (query) => data.licences?.[passport(query)] ?? null,
    benefit: async (person) => data.benefits?.find((b) => b.pinfl === person.pinfl && b.passport === passport(person))?.category ?? null,
    saveError: async (query) => data.saveErrors?.[passport(query)] ?? null,
    restrictedModel: async (model) => isRestrictedModel(model, data.restrictedModels ?? []),
    recordVehicleCheck: async (plate) => {
      checks.push(plate);
    },
    carCatalogue: async () => data.catalogue ?? { brands: [], models: [], positions: [] },
  };
}
