/** The family each product's claim asks the questions of (its `claim.ts` assembles it so; the claim kit's test checks they agree). */
export const claimFamilyOf: Readonly<Record<string, string>> = {
  osago: 'car', 'osago-limited': 'car', osgop: 'car', casco: 'car', 'quick-casco': 'car', 'mini-casco': 'car', 'monthly-casco': 'car',
  travel: 'travel', 'travel-uzb': 'travel',
  home: 'home', 'premium-home': 'home',
  accident: 'injury', sport: 'injury',
  pets: 'pets',
  documents: 'documents',
  'job-loss': 'job-loss',
};

/**
 * The message areas a product's claim page shows besides the site's and the engine's: the claims'
 * words the cabinet shows too (`claim`: statuses, document titles), the form's common texts
 * (`claim-form`: the policy, payout and consent steps, the receipt) and its family's questions
 * (`claim-<family>`). Known before the claim's chunk loads, so the page fetches its catalogs
 * alongside it; a page loads no other family's texts, and a step's own areas come with the step
 * (`messageAreas`: a trip's country names).
 */
export function claimMessageAreas(productId: string): readonly string[] {
  const family = claimFamilyOf[productId];
  return family === undefined ? ['claim', 'claim-form'] : ['claim', 'claim-form', `claim-${family}`];
}
