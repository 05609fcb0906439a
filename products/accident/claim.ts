import { assembleClaim } from '../kit/claims/claim-kit';
import { injuryFamily } from '../kit/claims/families/injury';
import manifest from './product';

/** The insurance-event form of this product: the injury family's questions (products/kit/claims/families/injury.ts). */
export default assembleClaim(manifest, injuryFamily);
