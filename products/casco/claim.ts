import { assembleClaim } from '../kit/claims/claim-kit';
import { carFamily } from '../kit/claims/families/car';
import manifest from './product';

/** The insurance-event form of this product: the car family's questions (products/kit/claims/families/car.ts). */
export default assembleClaim(manifest, carFamily);
