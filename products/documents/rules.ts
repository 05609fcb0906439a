import type { EffectResult } from '../../engine/definition';
import { isIsoDate, oneYearFrom, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';
import { stateNumberTypeId } from './pricing';

export type DocumentsData = {
  document: {
    typeId?: number;
    /** Series and number of a paper document (any type but 38). */
    documentNumber?: string;
    /** The state number plate (type 38). */
    plate?: string;
    beginDate?: string;
    endDate?: string;
  };
  owner: PersonStep;
};

/** The cover lasts a year from its start, which may not lie in the past. */
function syncPeriod(next: DocumentsData): EffectResult<DocumentsData> {
  const { beginDate } = next.document;
  const document = { ...next.document };
  if (isIsoDate(beginDate)) document.endDate = oneYearFrom(beginDate);
  else delete document.endDate;
  const data = { ...next, document };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { document: { '/beginDate': 'documents.error.begin_date_past' } } };
  return { data };
}

/** Document numbers are printed as the document has them: capitals and digits, no spaces or dashes. */
function normaliseNumber(next: DocumentsData): EffectResult<DocumentsData> {
  const { documentNumber } = next.document;
  if (typeof documentNumber !== 'string') return { data: next };
  return { data: { ...next, document: { ...next.document, documentNumber: documentNumber.toUpperCase().replace(/[\s-]/g, '') } } };
}

const isStateNumber = (data: DocumentsData) => data.document.typeId === stateNumberTypeId;

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<DocumentsData>('owner', (d) => d.owner.birthday, (d) => d.document.beginDate);

export const documentsRules = defineRules<DocumentsData>()({
  onChange: { 'document.beginDate': 'syncPeriod', 'document.documentNumber': 'normaliseNumber', 'owner.birthday': 'checkPolicyholderAge' },
  // Requirements §9: type 38 (the state number) is named by its plate, every other document by its number.
  show: { 'document.plate': 'isStateNumber', 'document.documentNumber': 'isPaperDocument' },
  guards: {
    isStateNumber,
    isPaperDocument: (data) => data.document.typeId !== undefined && !isStateNumber(data),
  },
  actions: { syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), normaliseNumber, checkPolicyholderAge },
});
