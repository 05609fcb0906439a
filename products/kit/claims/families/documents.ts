import type { ClaimFamily } from '../claim-kit';
import { familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/documents/event.json';
import eventUi from '../../../../schemas/claims/documents/event.ui.json';
import documentsSchema from '../../../../schemas/claims/documents/documents.json';
import documentsUi from '../../../../schemas/claims/documents/documents.ui.json';

/** A lost document (documents insurance): which one, and the police's certificate of the loss. */
export const documentsFamily: ClaimFamily = {
  id: 'documents',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.documents.step.event.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.documents.step.documents.help'),
  ],
  documents: [{ kind: 'police_certificate', step: 'documents', needed: true }],
  decisionDays: 15,
  summary: ({ event }) => [
    { label: 'claim.documents.field.document', value: typeof event.document === 'string' ? { message: `claim.documents.document.${event.document}` } : '' },
  ],
};
