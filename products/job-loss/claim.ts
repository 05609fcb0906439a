import { assembleClaim } from '../kit/claims/claim-kit';
import { jobLossFamily } from '../kit/claims/families/job-loss';
import manifest from './product';

/** The insurance-event form of this product: the job-loss family's questions (products/kit/claims/families/job-loss.ts). */
export default assembleClaim(manifest, jobLossFamily);
