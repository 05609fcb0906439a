import type { ClaimFamily } from '../claim-kit';
import { dropEmptyList, familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/pets/event.json';
import eventUi from '../../../../schemas/claims/pets/event.ui.json';
import documentsSchema from '../../../../schemas/claims/pets/documents.json';
import documentsUi from '../../../../schemas/claims/pets/documents.ui.json';

/** A pet's illness, injury or death: what happened, the vet's documents. */
export const petsFamily: ClaimFamily = {
  id: 'pets',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.pets.step.event.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.pets.step.documents.help'),
  ],
  documents: [{ kind: 'vet_documents', step: 'documents', needed: true }],
  decisionDays: 15,
  onChange: { 'documents.vet_documents': 'vetEmptied' },
  actions: { vetEmptied: dropEmptyList('documents', 'vet_documents') },
  summary: ({ event }) => [{ label: 'claim.pets.field.what', value: typeof event.what === 'string' ? { message: `claim.pets.what.${event.what}` } : '' }],
};
