/**
 * The insurer's car models not insured online (requirements §5: "restricted car models, the list is loaded
 * elsewhere, matched by lowercase model name"). The list is kept with OSAGO's reference data, whose
 * references call serves it to the pages. OSAGO and casco refuse these models at the plate, and
 * their sales again on the server, since a request need not come from the page. Quick casco and
 * mini-casco do not: their programs insure a fixed sum whatever the car (their READMEs).
 */

/** The product whose stored reference data holds the list (`restrictedModels`). */
export const restrictedModelsProduct = 'osago';

/** Whether `model` (a registry's model name) is on `list` (lowercase names): trimmed and lowercased. */
export const isRestrictedModel = (model: string, list: readonly string[]) => list.includes(model.trim().toLowerCase());
