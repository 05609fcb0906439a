/**
 * Whether the registry's vehicle is the car chosen from the price list, as the page (on leaving the
 * car info step) and the server (on save) both judge it: the same year of manufacture — the value
 * was computed for it — and a registry model that names the chosen model (`Chevrolet Cobalt` and
 * `COBALT` name `Cobalt`; `Kia K5` names `K5`). Case, spaces and punctuation do not count.
 */

const fold = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

export type VehicleMismatch = 'year' | 'model';

/** Why the registry's vehicle is not the chosen car, or null when it is. */
export function vehicleMismatch(registry: { model: string; issueYear: number }, chosen: { model: string; year: number }): VehicleMismatch | null {
  // Another model is said first: a car of another model and year is another car, not a year to correct.
  const model = fold(chosen.model);
  if (model === '' || !fold(registry.model).includes(model)) return 'model';
  return registry.issueYear === chosen.year ? null : 'year';
}
