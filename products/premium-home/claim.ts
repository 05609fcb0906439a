import { assembleClaim } from '../kit/claims/claim-kit';
import { homeFamily } from '../kit/claims/families/home';
import manifest from './product';

/** The insurance-event form of this product: the home family's questions (products/kit/claims/families/home.ts). */
export default assembleClaim(manifest, homeFamily);
