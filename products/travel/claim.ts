import { assembleClaim } from '../kit/claims/claim-kit';
import { travelFamily } from '../kit/claims/families/travel';
import manifest from './product';

/** The insurance-event form of this product: the travel family's questions (products/kit/claims/families/travel.ts). */
export default assembleClaim(manifest, travelFamily);
