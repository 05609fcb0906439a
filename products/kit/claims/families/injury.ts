import type { ClaimFamily } from '../claim-kit';
import { dropEmptyList, familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/injury/event.json';
import eventUi from '../../../../schemas/claims/injury/event.ui.json';
import documentsSchema from '../../../../schemas/claims/injury/documents.json';
import documentsUi from '../../../../schemas/claims/injury/documents.ui.json';

/** An injury (accident, sport): what the injury is, the day, the medical documents. */
export const injuryFamily: ClaimFamily = {
  id: 'injury',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.injury.step.event.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.injury.step.documents.help'),
  ],
  documents: [{ kind: 'medical_documents', step: 'documents', needed: true }],
  decisionDays: 15,
  onChange: { 'documents.medical_documents': 'medicalEmptied' },
  actions: { medicalEmptied: dropEmptyList('documents', 'medical_documents') },
  summary: ({ event }) => [{ label: 'claim.injury.field.injury', value: typeof event.injury === 'string' ? event.injury : '' }],
};
