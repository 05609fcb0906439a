import { assembleClaim } from '../kit/claims/claim-kit';
import { documentsFamily } from '../kit/claims/families/documents';
import manifest from './product';

/** The insurance-event form of this product: the documents family's questions (products/kit/claims/families/documents.ts). */
export default assembleClaim(manifest, documentsFamily);
