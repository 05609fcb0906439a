import type { ApiPort } from '../../engine/definition';
import type { ApplicantOffer } from '../../engine/flow-start';
import { isRecord } from '../../engine/is-record';
import { clientApplicant, type ClientProfile } from '../../products/kit/define/define';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The signed-in client's own passport, birthday and phone for a new flow's applicant, from the
 * cabinet's `get/info`; null when it does not answer (401: the session ended, so the visitor is
 * simply not signed in here) or answers without them.
 */
export async function clientOffer(api: ApiPort): Promise<ApplicantOffer | null> {
  try {
    const envelope = await api.get<unknown>('/shaxsiy_kabinet/get/info');
    const info = envelope.result && isRecord(envelope.response) ? envelope.response : null;
    if (!info) return null;
    const profile: ClientProfile = {
      passport_seria: text(info.passport_seria),
      passport_number: text(info.passport_number),
      birthday: text(info.birthday),
      phone: text(info.phone),
    };
    return clientApplicant(profile);
  } catch {
    return null;
  }
}
