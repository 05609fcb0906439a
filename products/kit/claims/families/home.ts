import type { ClaimFamily } from '../claim-kit';
import { dropEmptyList, familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/home/event.json';
import eventUi from '../../../../schemas/claims/home/event.ui.json';
import documentsSchema from '../../../../schemas/claims/home/documents.json';
import documentsUi from '../../../../schemas/claims/home/documents.ui.json';

/** Damage to a home (home, premium-home): the address, what was damaged, photos. */
export const homeFamily: ClaimFamily = {
  id: 'home',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.home.step.event.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.home.step.documents.help'),
  ],
  documents: [{ kind: 'photos', step: 'documents', needed: true }],
  // The insurer's assessor visits the home before deciding.
  decisionDays: 20,
  onChange: { 'documents.photos': 'photosEmptied' },
  actions: { photosEmptied: dropEmptyList('documents', 'photos') },
  summary: ({ event }) => [
    { label: 'claim.home.field.address', value: typeof event.address === 'string' ? event.address : '' },
    { label: 'claim.home.field.damaged', value: typeof event.damaged === 'string' ? { message: `claim.home.damaged.${event.damaged}` } : '' },
  ],
};
