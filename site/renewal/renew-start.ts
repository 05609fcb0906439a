import type { ApiPort, FlowData, ProductDefinition } from '../../engine/definition';
import { startData } from '../../engine/flow-start';
import { isRecord } from '../../engine/is-record';
import type { RenewalResponse } from '../../products/kit/api/cabinet-api.generated';

/** What the cabinet's `get/renewal/:id` answers for a renewable policy of the signed-in client (checked: it is read as data). */
type RenewalAnswer = Pick<RenewalResponse, 'product' | 'request' | 'renew_from'>;

function isRenewalAnswer(value: unknown): value is RenewalAnswer {
  return isRecord(value) && typeof value.product === 'string' && isRecord(value.request) && typeof value.renew_from === 'string' && /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value.renew_from);
}

/** How a renewal starts: the flow on its data (with the catalog it was read with), the sign-in page, or a new flow with a message. */
export type RenewStart =
  | { kind: 'start'; data: FlowData; catalog: unknown }
  | { kind: 'sign-in' }
  | { kind: 'refused'; message: RenewRefusal; data: FlowData };

export type RenewRefusal = 'site.renew.notFound' | 'site.renew.notRenewable' | 'site.renew.failed';

const statusOf = (error: unknown): number | null => (isRecord(error) && typeof error.status === 'number' ? error.status : null);

/**
 * Asks the cabinet for the policy `id` to renew and reads its saved request as `definition`'s flow
 * data (`binding.renewal`), with today's catalog (the one the page has, else loaded): 401 is a
 * visitor to sign in; a policy not theirs or unknown (404), one not renewable yet or cancelled (409),
 * one of another product or a request the product cannot read are refused with their message.
 */
export async function renewStart(definition: ProductDefinition, api: ApiPort, id: string, catalog: unknown): Promise<RenewStart> {
  // Refused, the flow starts empty all the same: a draft of another purchase is not what the visitor came for.
  const refused = (message: RenewRefusal): RenewStart => ({ kind: 'refused', message, data: startData(definition, {}) });
  let answer: unknown;
  try {
    const envelope = await api.get<unknown>(`/shaxsiy_kabinet/get/renewal/${encodeURIComponent(id)}`);
    answer = envelope.result ? envelope.response : null;
  } catch (error) {
    const status = statusOf(error);
    if (status === 401) return { kind: 'sign-in' };
    if (status === 404) return refused('site.renew.notFound');
    if (status === 409) return refused('site.renew.notRenewable');
    return refused('site.renew.failed');
  }
  if (!isRenewalAnswer(answer)) return refused('site.renew.failed');
  if (answer.product !== definition.id || !definition.binding.renewal) return refused('site.renew.notFound');
  try {
    const [renewal, today] = await Promise.all([definition.binding.renewal(), catalog ?? definition.binding.load(api)]);
    const data = renewal.data(answer.request, { renewFrom: answer.renew_from, catalog: today, actions: definition.machine.actions });
    return { kind: 'start', data: startData(definition, data), catalog: today };
  } catch (error) {
    console.error(`${definition.id}: the policy could not be read to renew`, error instanceof Error ? error.message : error);
    return refused('site.renew.failed');
  }
}
