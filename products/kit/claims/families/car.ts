import type { ClaimFamily } from '../claim-kit';
import { dateText, dropEmptyList, familyStep } from '../claim-kit';
import eventSchema from '../../../../schemas/claims/car/event.json';
import eventUi from '../../../../schemas/claims/car/event.ui.json';
import partySchema from '../../../../schemas/claims/car/party.json';
import partyUi from '../../../../schemas/claims/car/party.ui.json';
import documentsSchema from '../../../../schemas/claims/car/documents.json';
import documentsUi from '../../../../schemas/claims/car/documents.ui.json';

/**
 * A road accident or damage to the car (OSAGO, OSGOP and the casco products): when and where, what
 * happened, the other party and their plate, the police's or the road-accident report with its
 * number, and photos of the damage.
 */
export const carFamily: ClaimFamily = {
  id: 'car',
  steps: [
    familyStep('event', eventSchema, eventUi, 'claim.car.step.event.help'),
    familyStep('party', partySchema, partyUi, 'claim.car.step.party.help'),
    familyStep('documents', documentsSchema, documentsUi, 'claim.car.step.documents.help'),
  ],
  documents: [
    { kind: 'police_report', step: 'documents', needed: true },
    { kind: 'photos', step: 'documents', needed: true },
  ],
  // The insurer's usual term for a car claim with its report and photos.
  decisionDays: 15,
  show: { 'party.driverName': 'otherParty', 'party.plate': 'otherParty' },
  onChange: { 'documents.photos': 'photosEmptied' },
  guards: { otherParty: (data) => data.party?.involved !== false },
  actions: { photosEmptied: dropEmptyList('documents', 'photos') },
  summary: (data) => {
    const { event, party = {}, documents = {} } = data;
    return [
      { label: 'claim.car.field.time', value: typeof event.time === 'string' ? `${dateText(event.date)} ${event.time}` : '' },
      { label: 'claim.car.field.place', value: typeof event.place === 'string' ? event.place : '' },
      ...(party.involved !== false && typeof party.plate === 'string'
        ? [{ label: 'claim.car.field.plate', value: { plate: party.plate } }, { label: 'claim.car.field.driver_name', value: typeof party.driverName === 'string' ? party.driverName : '' }]
        : [{ label: 'claim.car.field.involved', value: { message: 'claim.car.involved.none' } }]),
      { label: `claim.car.report_kind.${documents.reportKind === 'europrotocol' ? 'europrotocol' : 'police'}`, value: typeof documents.reportNumber === 'string' ? documents.reportNumber : '' },
    ];
  },
};
