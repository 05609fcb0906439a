import { describe, expect, it } from 'vitest';
import type { BindingFailure, Envelope, PaymentDetails } from '../engine/definition';
import { checkReadings, policyNumberAnswer, saleBinding, type CheckReading } from './binding-kit';
import { fakeApi, notOk, ok } from './fake-api';

/**
 * The paid-flag rules of spec §4 and §8, one reading per kind of check answer. No product reads
 * the sport/documents or pets answers yet (those products arrive with issue #11): these tests are
 * what holds the readings to the spec until then.
 */

const policy = { policy_number: 'SPT 2026000001', pdf_url: 'https://shop.example/api/policies/p.pdf' };
const payment: PaymentDetails = { contractId: 'c-1', orderId: '1234567890123456', price: 70_000, links: {} };

/** A binding of a product whose check answers `answer`, read the way `reading` says. */
function checkWith(reading: CheckReading | undefined, answer: Envelope<unknown>) {
  const binding = saleBinding<Record<string, never>, null>({
    calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
    load: async () => null,
    saveRequest: () => ({}),
    policy: policyNumberAnswer,
    ...(reading ? { checkAnswer: reading } : {}),
  });
  const api = fakeApi(() => answer);
  return { result: binding.check(api, payment), api };
}

const envelope = (error: number, result: boolean, response: unknown = null, message = ''): Envelope<unknown> => ({ result, error, message, response });

/** The message id a check's failure shows, or what it answered instead. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    return `answered ${JSON.stringify(await promise)}`;
  } catch (error) {
    return (error as BindingFailure).messageId;
  }
}

describe('paid-flag rules (spec §4, §8)', () => {
  it('standard (every product today, and the default): the policy on result true, not paid on error 1 payment_not_made', async () => {
    expect(await checkWith(undefined, ok(policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('standard', ok(policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('standard', notOk(1, 'payment_not_made')).result).toBeNull();
    // The card's bank refused it: the page says so instead of "not paid".
    expect(await checkWith('standard', envelope(1, false, { last_payment: 'declined' }, 'payment_not_made')).result).toBe('declined');
    expect(await failureOf(checkWith('standard', notOk(2, 'whatever')).result)).toBe('maybe-data-is-incorrect');
    expect(await failureOf(checkWith('standard', notOk(404, 'datas_not_found')).result)).toBe('datas_not_found');
  });

  it('sport and documents: error 0 paid, error 1 a network error, error 2 payment not made', async () => {
    const { result, api } = checkWith('sport-documents', envelope(0, true, policy));
    expect(await result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(api.calls).toEqual([{ method: 'POST', path: '/sayt/product/check', body: { contract_id: 'c-1' } }]);
    // §4: the paid flag follows error 0, whatever `result` says.
    expect(await checkWith('sport-documents', envelope(0, false, policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await failureOf(checkWith('sport-documents', envelope(1, false)).result)).toBe('network_error');
    expect(await checkWith('sport-documents', envelope(2, false)).result).toBeNull();
    // Error 1 is not "not paid" here, as it is in the standard reading.
    expect(await failureOf(checkWith('sport-documents', notOk(1, 'payment_not_made')).result)).toBe('network_error');
    expect(await failureOf(checkWith('sport-documents', envelope(3, false)).result)).toBe('maybe-data-is-incorrect');
  });

  it('pets, reversed: error 0 paid, error 1 payment not made, error 2 a network error', async () => {
    expect(await checkWith('pets', envelope(0, true, policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('pets', envelope(1, false)).result).toBeNull();
    expect(await failureOf(checkWith('pets', envelope(2, false)).result)).toBe('network_error');
    expect(await failureOf(checkWith('pets', envelope(7, false)).result)).toBe('maybe-data-is-incorrect');
  });

  it('a paid answer without its policy fields is a failure, not a policy', async () => {
    for (const reading of ['standard', 'sport-documents', 'pets'] as const) {
      expect(await failureOf(checkWith(reading, envelope(0, true, { policy_number: 'SPT 1' })).result), reading).toBe('maybe-data-is-incorrect');
    }
  });

  it('reads nothing into codes it does not list, an answer off the wire included', () => {
    const odd = [-1, 0.5, 99, Number.NaN, 'constructor', '__proto__', 'toString'] as unknown as number[];
    for (const error of odd) {
      expect(checkReadings['sport-documents'](envelope(error, false))).toBeNull();
      expect(checkReadings.pets(envelope(error, false))).toBeNull();
    }
    // The three readings side by side, code by code.
    const table = (reading: CheckReading) => [0, 1, 2].map((error) => checkReadings[reading](envelope(error, error === 0)));
    expect(table('standard')).toEqual(['paid', 'unpaid', null]);
    expect(table('sport-documents')).toEqual(['paid', 'network', 'unpaid']);
    expect(table('pets')).toEqual(['paid', 'unpaid', 'network']);
  });
});
