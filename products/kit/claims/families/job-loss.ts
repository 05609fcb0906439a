import type { ClaimFamily } from '../claim-kit';
import { familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/job-loss/event.json';
import eventUi from '../../../../schemas/claims/job-loss/event.ui.json';
import documentsSchema from '../../../../schemas/claims/job-loss/documents.json';
import documentsUi from '../../../../schemas/claims/job-loss/documents.ui.json';

/** A job lost (job-loss insurance): the day, the last salary, the employer's termination order. */
export const jobLossFamily: ClaimFamily = {
  id: 'job-loss',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.job-loss.step.event.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.job-loss.step.documents.help'),
  ],
  documents: [{ kind: 'termination_order', step: 'documents', needed: true }],
  // The benefit is paid monthly once the employment service confirms the person is looking for work.
  decisionDays: 30,
  summary: ({ event }) => [
    { label: 'claim.job-loss.field.last_salary', value: typeof event.lastSalary === 'number' ? { uzs: event.lastSalary } : '' },
  ],
};
