import { assembleClaim } from '../kit/claims/claim-kit';
import { petsFamily } from '../kit/claims/families/pets';
import manifest from './product';

/** The insurance-event form of this product: the pets family's questions (products/kit/claims/families/pets.ts). */
export default assembleClaim(manifest, petsFamily);
