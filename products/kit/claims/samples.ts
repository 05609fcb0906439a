import type { FileRef, FlowData } from '../../../engine/definition';
import { todayIso } from '../api/api-format';
import { claimFamilyOf } from '../site/claim-areas';

/**
 * A complete claim of each product, as a visitor who is signed out files it (the policy by its
 * number, the policyholder's passport and birthday): for the server's tests and the browser's.
 */

/** A chosen file of a sample: its id is `'0'.repeat(31) + n`, so a test sends its bytes under that part name. */
export function sampleFile(n: number, type: 'application/pdf' | 'image/jpeg' | 'image/png' | 'image/webp', name: string): FileRef {
  return { id: `${'0'.repeat(31)}${n}`, name, type, size: 2048 };
}

/** Each family's own steps of a sample, for an event on `date`. */
const familySamples: Record<string, (date: string) => FlowData> = {
  car: (date) => ({
    event: { date, time: '14:30', place: 'Toshkent, Amir Temur koʻchasi 12', description: 'A car hit the rear bumper of mine at the traffic lights.' },
    party: { involved: true, driverName: 'Rustam Nazarov', plate: '01A123BC' },
    documents: {
      reportKind: 'police',
      reportNumber: 'YPX-2030-118',
      police_report: sampleFile(1, 'application/pdf', 'police-report.pdf'),
      photos: [sampleFile(2, 'image/jpeg', 'bumper.jpg'), sampleFile(3, 'image/jpeg', 'plate.jpg')],
    },
  }),
  travel: (date) => ({
    event: { date, country: 'TR', clinic: 'Acibadem Hospital, Istanbul', description: 'High fever on the third day of the trip; two days in the clinic.' },
    documents: { medical_documents: [sampleFile(1, 'application/pdf', 'discharge.pdf')], bills: [sampleFile(2, 'image/png', 'bill.png')] },
  }),
  home: (date) => ({
    event: { date, address: 'Toshkent, Yunusobod 4-mavze, 12-uy, 34-xonadon', damaged: 'finish', description: 'The neighbours upstairs flooded the kitchen ceiling and walls.' },
    documents: { photos: [sampleFile(1, 'image/jpeg', 'ceiling.jpg'), sampleFile(2, 'image/webp', 'wall.webp')] },
  }),
  injury: (date) => ({
    event: { date, injury: 'Broken left wrist', description: 'Fell on the ice on the way to work; a cast for four weeks.' },
    documents: { medical_documents: [sampleFile(1, 'application/pdf', 'x-ray-report.pdf')] },
  }),
  pets: (date) => ({
    event: { date, what: 'illness', description: 'The dog stopped eating; the vet treated a stomach infection.' },
    documents: { vet_documents: [sampleFile(1, 'application/pdf', 'vet-report.pdf'), sampleFile(2, 'image/jpeg', 'vet-bill.jpg')] },
  }),
  documents: (date) => ({
    event: { date, document: 'passport', description: 'The passport was stolen with my bag at the bazaar.' },
    documents: { police_certificate: sampleFile(1, 'application/pdf', 'police-certificate.pdf') },
  }),
  'job-loss': (date) => ({
    event: { date, lastSalary: 6_500_000, description: 'The company closed its Tashkent branch and let its staff go.' },
    documents: { termination_order: sampleFile(1, 'application/pdf', 'termination-order.pdf') },
  }),
};

/**
 * A complete, valid claim of `productId` filed signed out by the policy's number, the policyholder's
 * passport and birthday; the event on `eventDate` (today by default: a test picks a day within its
 * policy's cover). Throws for a product without a claim.
 */
export function claimSample(productId: string, policy: { number: string; passport: string; birthday: string; eventDate?: string }): FlowData {
  const family = claimFamilyOf[productId];
  const steps = family === undefined ? undefined : familySamples[family];
  if (!steps) throw new Error(`no claim sample for product "${productId}"`);
  return {
    policy: { way: 'number', policyNumber: policy.number, passport: policy.passport, birthday: policy.birthday, phone: '998901234567' },
    ...steps(policy.eventDate ?? todayIso()),
    payout: { method: 'card', card: '8600123456789012', holder: 'Vali Aliyev' },
    consent: { agree: true },
  };
}
