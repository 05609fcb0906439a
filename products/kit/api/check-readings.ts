import type { Envelope } from '../../../engine/definition';

/** What a payment check answer says: paid (its policy is read), not paid yet, or that the check could not reach the payment (a network error). */
export type CheckOutcome = 'paid' | 'unpaid' | 'network';

/** A reading by the `error` code alone, whatever `result` says (requirements §4: the paid flag is set "when the payment check returns error 0"). */
function byCode(outcomes: Readonly<Record<number, CheckOutcome>>): (envelope: Envelope<unknown>) => CheckOutcome | null {
  // An answer's code comes off the wire: only the table's own entries count (never `constructor` and the like).
  return (envelope) => (Object.hasOwn(outcomes, envelope.error) ? (outcomes[envelope.error] ?? null) : null);
}

/**
 * How a product's check answers read, by the envelope's `error` (requirements §4 and §8), each named so a
 * product's binding declares its own (`checkAnswer`):
 *
 * - `standard`: this API's check, as every product here answers it: `result: true` is the policy;
 *   error 1 `payment_not_made` (requirements §8: "check error 1 in most flows") is not paid yet.
 * - `sport-documents`: requirements §8 "Sport and documents payment check: error 0 success, error 1
 *   network error, error 2 payment not made"; §4: the flow sets its paid flag on error 0.
 * - `pets`: requirements §8 "Pets are reversed", read with §4, which has the pet flow set its paid flag on
 *   error 0 as sport and documents do: what is reversed is the meaning of 1 and 2, so error 0 is
 *   paid, 1 payment not made, 2 a network error. (Reversing all three codes would make error 0
 *   "not paid" and contradict §4.)
 *
 * Any other code is a failure with the envelope's message (`maybe-data-is-incorrect` otherwise).
 */
export const checkReadings = {
  standard: (envelope) => (envelope.result ? 'paid' : envelope.error === 1 || envelope.message === 'payment_not_made' ? 'unpaid' : null),
  'sport-documents': byCode({ 0: 'paid', 1: 'network', 2: 'unpaid' }),
  pets: byCode({ 0: 'paid', 1: 'unpaid', 2: 'network' }),
} as const satisfies Record<string, (envelope: Envelope<unknown>) => CheckOutcome | null>;

export type CheckReading = keyof typeof checkReadings;

/**
 * The error code this shop's server answers an unpaid check with under each reading, so that the
 * page reads its own server's "not paid yet" as such (a `sport-documents` page would read the
 * standard error 1 as a network error). Paid is error 0 with the policy under every reading.
 */
export const unpaidCheckCode = { standard: 1, 'sport-documents': 2, pets: 1 } as const satisfies Record<CheckReading, number>;
