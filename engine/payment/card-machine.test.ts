import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MessageId } from '../definition';
import { cardPaymentMachine } from './card-machine';
import { PaymentProblem, type PaymentCalls } from './payment-calls';

afterEach(() => {
  vi.useRealTimers();
});

/** Payment calls answering as the card provider would, each answer taken in turn. */
function scriptedCalls(cardAnswers: (MessageId | null)[], payAnswers: (MessageId | null)[]) {
  const answer = <T>(queue: (MessageId | null)[], ok: T) => {
    const next = queue.shift();
    if (next === undefined) throw new Error('an unexpected call');
    return next === null ? Promise.resolve(ok) : Promise.reject(new PaymentProblem(next));
  };
  const card = vi.fn(() => answer(cardAnswers, { card_id: `token-${card.mock.calls.length}`, phone: '99890*****66', wait: 60 }));
  const cardCheck = vi.fn(() => answer(payAnswers, { paid: true }));
  const calls = { card, cardCheck, invoice: vi.fn(), terms: vi.fn() } as unknown as PaymentCalls;
  return { calls, card, cardCheck };
}

function start(calls: PaymentCalls) {
  const actor = createActor(cardPaymentMachine, { input: { calls, contractId: 'contract-1' } });
  actor.start();
  return actor;
}

const typedCard = { type: 'card.submit', number: '8600000000000001', date: '1230' } as const;

describe('paying by card in the page', () => {
  it('asks for the code, then pays with it; the card is forgotten once paid', async () => {
    const { calls, card, cardCheck } = scriptedCalls([null], [null]);
    const actor = start(calls);
    actor.send(typedCard);
    await waitFor(actor, (s) => s.matches('code'));
    expect(card).toHaveBeenCalledWith({ card_number: '8600000000000001', card_date: '1230', contract_id: 'contract-1' });
    expect(actor.getSnapshot().context.phone).toBe('99890*****66');
    actor.send({ type: 'code.submit', code: '666666' });
    await waitFor(actor, (s) => s.matches('paid'));
    expect(cardCheck).toHaveBeenCalledWith({ contract_id: 'contract-1', card_id: 'token-1', code: '666666' });
    expect(actor.getSnapshot().context.card).toBeNull();
  });

  it('keeps the visitor on the code when it is wrong, expired or tried too often, each said by its own message', async () => {
    for (const problem of ['card_code_wrong', 'card_code_expired', 'card_code_attempts'] as const) {
      const { calls } = scriptedCalls([null], [problem, null]);
      const actor = start(calls);
      actor.send(typedCard);
      await waitFor(actor, (s) => s.matches('code'));
      actor.send({ type: 'code.submit', code: '123456' });
      await waitFor(actor, (s) => s.matches('code') && s.context.problem !== null);
      expect(actor.getSnapshot().context.problem).toBe(problem);
      // The card is still known, so a new code can be asked for without typing it again.
      expect(actor.getSnapshot().context.card).toEqual({ number: '8600000000000001', date: '1230' });
      actor.send({ type: 'code.submit', code: '666666' });
      await waitFor(actor, (s) => s.matches('paid'));
    }
  });

  it('sends a new code only once the provider’s wait is over, and an expired code is then paid with the new one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls, card } = scriptedCalls([null, null], ['card_code_expired', null]);
    const actor = start(calls);
    actor.send(typedCard);
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => s.context.problem === 'card_code_expired');
    // Within the 60 s the provider asked for, a new code is not requested.
    vi.setSystemTime(Date.now() + 59_000);
    actor.send({ type: 'code.resend' });
    expect(actor.getSnapshot().value).toBe('code');
    expect(card).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2_000);
    actor.send({ type: 'code.resend' });
    await waitFor(actor, (s) => s.matches('code') && s.context.cardId === 'token-2');
    expect(card).toHaveBeenCalledTimes(2);
    expect(card).toHaveBeenLastCalledWith({ card_number: '8600000000000001', card_date: '1230', contract_id: 'contract-1' });
    expect(actor.getSnapshot().context.problem).toBeNull();
    actor.send({ type: 'code.submit', code: '666666' });
    await waitFor(actor, (s) => s.matches('paid'));
  });

  it('sends a refused card back to the card with the reason, and forgets it', async () => {
    for (const problem of ['card_declined', 'card_insufficient_funds', 'card_session_expired'] as const) {
      const { calls } = scriptedCalls([null], [problem]);
      const actor = start(calls);
      actor.send(typedCard);
      await waitFor(actor, (s) => s.matches('code'));
      actor.send({ type: 'code.submit', code: '666666' });
      await waitFor(actor, (s) => s.matches('entry'));
      expect(actor.getSnapshot().context).toMatchObject({ problem, card: null, cardId: null });
    }
  });

  it('says why a card could not get a code, and keeps the code step when only a new code failed', async () => {
    const refused = scriptedCalls(['card_blocked'], []);
    const first = start(refused.calls);
    first.send(typedCard);
    await waitFor(first, (s) => s.matches('entry') && s.context.problem !== null);
    expect(first.getSnapshot().context.problem).toBe('card_blocked');

    vi.useFakeTimers({ toFake: ['Date'] });
    const resend = scriptedCalls([null, 'card_sms_failed'], []);
    const second = start(resend.calls);
    second.send(typedCard);
    await waitFor(second, (s) => s.matches('code'));
    vi.setSystemTime(Date.now() + 61_000);
    second.send({ type: 'code.resend' });
    await waitFor(second, (s) => s.matches('code') && s.context.problem !== null);
    expect(second.getSnapshot().context).toMatchObject({ problem: 'card_sms_failed', cardId: 'token-1' });
  });
});
