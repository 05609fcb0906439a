import { assign, fromPromise, setup } from 'xstate';
import type { MessageId } from '../definition';
import type { CardCheckResponse, CardResponse } from '../payment-api.generated';
import { PaymentProblem, type PaymentCalls } from './payment-calls';

/** Problems that concern the code, not the card: the visitor stays on the code. */
const codeProblems: readonly MessageId[] = ['card_code_wrong', 'card_code_expired', 'card_code_attempts', 'card_sms_failed'];

export interface CardContext {
  calls: PaymentCalls;
  contractId: string;
  /** The card as typed, kept in memory only (never in the draft) so a new code can be asked for. */
  card: { number: string; date: string } | null;
  cardId: string | null;
  /** Where the code went, masked by the provider. */
  phone: string | null;
  /** When another code may be asked for (ms since epoch). */
  resendAt: number;
  problem: MessageId | null;
}

export type CardEvent =
  | { type: 'card.submit'; number: string; date: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'card.change' };

const problemOf = (error: unknown): MessageId => (error instanceof PaymentProblem ? error.messageId : 'payment_unavailable');

/**
 * Paying by card in the page (requirements §7 `/sayt/payment/payme/card` and `/check`): the card asks for an
 * SMS code, the code pays. A wrong or expired code keeps the visitor on the code (a new one after
 * the provider's wait); a refused card sends them back to the card with the reason.
 */
export const cardPaymentMachine = setup({
  types: {
    context: {} as CardContext,
    events: {} as CardEvent,
    input: {} as { calls: PaymentCalls; contractId: string },
  },
  actors: {
    requestCode: fromPromise<CardResponse, { calls: PaymentCalls; contractId: string; card: { number: string; date: string } }>(({ input }) =>
      input.calls.card({ card_number: input.card.number, card_date: input.card.date, contract_id: input.contractId }),
    ),
    pay: fromPromise<CardCheckResponse, { calls: PaymentCalls; contractId: string; cardId: string; code: string }>(({ input }) =>
      input.calls.cardCheck({ contract_id: input.contractId, card_id: input.cardId, code: input.code }),
    ),
  },
  guards: {
    isCodeProblem: (_, params: { error: unknown }) => codeProblems.includes(problemOf(params.error)),
    mayResend: ({ context }) => Date.now() >= context.resendAt && context.card !== null,
  },
  actions: {
    keepCard: assign(({ event }) => (event.type === 'card.submit' ? { card: { number: event.number, date: event.date }, problem: null } : {})),
    storeCode: assign((_, params: { answer: CardResponse }) => ({
      cardId: params.answer.card_id,
      phone: params.answer.phone,
      resendAt: Date.now() + params.answer.wait * 1000,
      problem: null,
    })),
    storeProblem: assign((_, params: { error: unknown }) => ({ problem: problemOf(params.error) })),
    forgetCard: assign({ card: null, cardId: null, phone: null }),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'card-payment',
  initial: 'entry',
  context: ({ input }) => ({ calls: input.calls, contractId: input.contractId, card: null, cardId: null, phone: null, resendAt: 0, problem: null }),
  states: {
    entry: {
      on: { 'card.submit': { target: 'requesting', actions: 'keepCard' } },
    },
    requesting: {
      invoke: {
        src: 'requestCode',
        input: ({ context }) => ({ calls: context.calls, contractId: context.contractId, card: context.card ?? { number: '', date: '' } }),
        onDone: { target: 'code', actions: { type: 'storeCode', params: ({ event }) => ({ answer: event.output }) } },
        onError: [
          // A code that could not be sent again keeps the code step (the first one may still arrive).
          { guard: { type: 'isCodeProblem', params: ({ event }) => ({ error: event.error }) }, target: 'code', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
          { target: 'entry', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    code: {
      on: {
        'code.submit': { target: 'paying', actions: 'clearProblem' },
        'code.resend': { guard: 'mayResend', target: 'requesting', actions: 'clearProblem' },
        'card.change': { target: 'entry', actions: ['forgetCard', 'clearProblem'] },
      },
    },
    paying: {
      invoke: {
        src: 'pay',
        input: ({ context, event }) => ({
          calls: context.calls,
          contractId: context.contractId,
          cardId: context.cardId ?? '',
          code: event.type === 'code.submit' ? event.code : '',
        }),
        onDone: { target: 'paid', actions: 'forgetCard' },
        onError: [
          { guard: { type: 'isCodeProblem', params: ({ event }) => ({ error: event.error }) }, target: 'code', actions: { type: 'storeProblem', params: ({ event }) => ({ error: event.error }) } },
          // The card itself was refused (declined, no funds, its session gone): back to the card, the reason said.
          { target: 'entry', actions: [{ type: 'storeProblem', params: ({ event }) => ({ error: event.error }) }, 'forgetCard'] },
        ],
      },
    },
    paid: { type: 'final' },
  },
});
