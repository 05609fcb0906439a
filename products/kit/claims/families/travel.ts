import type { ClaimFamily } from '../claim-kit';
import { dropEmptyList, familyStep } from '../claim-kit';
import { sandboxCountries } from '../../../travel/tariffs';
import eventSchema from '../../../../schemas/claims/travel/event.json';
import eventUi from '../../../../schemas/claims/travel/event.ui.json';
import documentsSchema from '../../../../schemas/claims/travel/documents.json';
import documentsUi from '../../../../schemas/claims/travel/documents.ui.json';

/** Falling ill or hurt on a trip (travel, travel-uzb): the country, the clinic, the medical documents and the bills. */
export const travelFamily: ClaimFamily = {
  id: 'travel',
  steps: [
    // The country names (`region.<code>`) come with the step that lists them.
    familyStep('event', eventSchema, eventUi, 'claim.travel.step.event.help', ['regions']),
    familyStep('documents', documentsSchema, documentsUi, 'claim.travel.step.documents.help'),
  ],
  documents: [
    { kind: 'medical_documents', step: 'documents', needed: true },
    { kind: 'bills', step: 'documents', needed: true },
  ],
  // Bills from abroad are checked with the clinic and the assistance company first.
  decisionDays: 30,
  onChange: { 'documents.medical_documents': 'medicalEmptied', 'documents.bills': 'billsEmptied' },
  actions: { medicalEmptied: dropEmptyList('documents', 'medical_documents'), billsEmptied: dropEmptyList('documents', 'bills') },
  // The countries the travel flows sell cover for, named as the flows name them (`region.<code>`), and
  // Uzbekistan itself, where travel-uzb covers its visitors.
  options: () => ({ countries: ['UZ', ...sandboxCountries.map(({ code }) => code)].map((code) => ({ value: code, label: `region.${code}` })) }),
  summary: ({ event }) => [
    { label: 'claim.travel.field.country', value: typeof event.country === 'string' ? { message: `region.${event.country}` } : '' },
    { label: 'claim.travel.field.clinic', value: typeof event.clinic === 'string' ? event.clinic : '' },
  ],
};
