import type { ApiPort } from '../../engine/definition';
import type { ApplicantOffer } from '../../engine/flow-start';
import { isRecord } from '../../engine/is-record';
import type { FlowPerson } from '../../products/kit/define/define';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A client's own details as every flow's applicant takes them (`ProductDefinition.applicant` says
 * where): the passport and birthday of a `FlowPerson` (the registry lookup then fills the names and
 * PINFL) and the phone; what is not well formed is left out, and null when nothing is left.
 */
export function clientApplicant(info: Record<string, unknown>): ApplicantOffer | null {
  const passport = `${text(info.passport_seria)}${text(info.passport_number)}`;
  const birthday = text(info.birthday);
  const person: FlowPerson = /^[A-Z]{2}[0-9]{7}$/.test(passport) && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(birthday) ? { passport, birthday } : {};
  const phone = /^998[0-9]{9}$/.test(text(info.phone)) ? text(info.phone) : undefined;
  if (Object.keys(person).length === 0 && !phone) return null;
  return { person: person as Record<string, string>, ...(phone ? { phone } : {}) };
}

/**
 * The signed-in client's own passport, birthday and phone for a new flow's applicant, from the
 * cabinet's `get/info`; null when it does not answer (401: the session ended, so the visitor is
 * simply not signed in here) or answers without them.
 */
export async function clientOffer(api: ApiPort): Promise<ApplicantOffer | null> {
  try {
    const envelope = await api.get<unknown>('/shaxsiy_kabinet/get/info');
    return envelope.result && isRecord(envelope.response) ? clientApplicant(envelope.response) : null;
  } catch {
    return null;
  }
}
