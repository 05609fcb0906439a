import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { CardCheckRequest, CardRequest, InvoiceRequest } from '../../../products/kit/api/payment-api.generated';
import { AppError, ok, refusal, type Envelope } from '../../envelope';
import { maskPersonalData } from '../../logging';
import { notPayable } from '../payable';
import { declinedFailure } from '../provider';
import { providerTransport, ProviderUnavailable } from '../transport';
import { receiptPaid, SubscribeApiError, subscribeApi, type SubscribeApi } from './client';

/** The client of Payme's Subscribe API as this server is configured (its sandbox stand-in by default). */
export function paymeSubscribe(app: FastifyInstance): SubscribeApi {
  const { subscribeUrl, merchantId, subscribeKey } = app.config.payme;
  return subscribeApi(providerTransport(app, subscribeUrl), { url: subscribeUrl, merchantId, key: subscribeKey });
}

/** How long a card may wait for its code to be typed: Payme's code lives a few minutes. */
const cardSessionMs = 15 * 60_000;

/**
 * How long the same code sent while another request pays with its card waits for that payment's
 * outcome (then 409, to be sent again), and how often it looks.
 */
const payingWaitMs = 20_000;
const payingPollMs = 100;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A phone as a page may show it back: `99890*****67`. */
export const maskedPhone = (phone: string) => `${phone.slice(0, 5)}*****${phone.slice(-2)}`;

/** What the visitor is told of a refusal of Payme's Subscribe API (the engine's message ids, schemas/api/payment). */
export function subscribeProblem(error: unknown, expire?: string): string {
  if (!(error instanceof SubscribeApiError)) return 'payment_unavailable';
  switch (error.code) {
    case -31300:
    case -31050:
      return 'card_invalid';
    case -31301:
      // Expired, blocked or SMS notifications off: Payme gives one code for all three.
      return expire && isPast(expire) ? 'card_expired' : 'card_blocked';
    case -31302:
    case -31303:
    case -31630:
      return 'card_insufficient_funds';
    case -31101:
      return 'card_code_expired';
    case -31102:
      return 'card_code_attempts';
    case -31103:
      return 'card_code_wrong';
    case -31110:
      return 'card_sms_failed';
    case -31400:
      return 'card_session_expired';
    case -31002:
    case -32400:
      return 'payment_unavailable';
    default:
      return 'card_declined';
  }
}

function isPast(expire: string, now = new Date()): boolean {
  const month = Number(expire.slice(0, 2));
  const year = 2000 + Number(expire.slice(2));
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** A card expiry as partners send it (`MM/YY` or `MMYY`), as the card API takes it. */
export function readCardDate(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  const record = body as Record<string, unknown>;
  const date = typeof record.card_date === 'string' ? record.card_date.replace(/[\s/.-]/g, '') : record.card_date;
  const number = typeof record.card_number === 'string' ? record.card_number.replace(/[\s-]/g, '') : record.card_number;
  return { ...record, card_date: date, card_number: number };
}

/**
 * The card in the page and the bill by phone, over Payme's Subscribe API: `POST /sayt/payment/payme/card`
 * (cards.create, cards.get_verify_code), `POST /sayt/payment/payme/check` (cards.verify,
 * receipts.create, receipts.pay: the contract is paid), `POST /sayt/payment/payme` (receipts.create,
 * receipts.send). The card's number and expiry go to Payme only; its token is kept hashed, until paid.
 */
export async function subscribeApiCalls(app: FastifyInstance): Promise<void> {
  const payme = paymeSubscribe(app);
  /** A claim on a token older than twice a request's time was left by a request that never finished (its instance stopped). */
  const abandonedAfterMs = 2 * app.config.requestTimeoutMs;

  app.post<{ Body: CardRequest }>(
    '/sayt/payment/payme/card',
    {
      preValidation: async (request) => {
        request.body = readCardDate(request.body) as CardRequest;
      },
      schema: { body: app.apiSchema('payment/card.request') },
      config: { idempotent: true, docs: { summary: 'A Uzcard or Humo card for its SMS code (Payme cards.create + cards.get_verify_code); card_id is the token the code pays with', response: 'payment/card.response' } },
    },
    async (request) => {
      const { card_number: number, card_date: expire, contract_id: contractId } = request.body;
      if (contractId) {
        const refused = await notPayable(app, contractId);
        if (refused) return refused;
      }
      try {
        const card = await payme.cardsCreate(number, expire);
        const code = await payme.getVerifyCode(card.token);
        if (contractId) {
          await app.db
            .insertInto('card_sessions')
            .values({ token_hash: tokenHash(card.token), contract_id: contractId, card: card.number, expires_at: new Date(Date.now() + cardSessionMs) })
            .onConflict((conflict) => conflict.column('token_hash').doNothing())
            .execute();
        }
        return ok({ card_id: card.token, phone: code.phone.slice(0, 20), wait: Math.min(600, Math.round(code.wait / 1000)) });
      } catch (err) {
        return refuseCard(err, expire);
      }
    },
  );

  app.post<{ Body: CardCheckRequest }>(
    '/sayt/payment/payme/check',
    {
      schema: { body: app.apiSchema('payment/card-check.request') },
      config: { idempotent: true, docs: { summary: 'Pays the contract with a card and its 6-digit SMS code (Payme cards.verify, receipts.create, receipts.pay); errors name the reason (card_code_wrong, card_insufficient_funds…)', response: 'payment/card-check.response' } },
    },
    async (request, reply) => {
      const { contract_id: contractId, code, card_id: token } = request.body;
      const hash = tokenHash(token);
      const session = () => app.db.selectFrom('card_sessions').select(['contract_id', 'expires_at', 'receipt', 'paying_since']).where('token_hash', '=', hash).executeTakeFirst();
      // The token's payment made by another request (the same code sent twice at once, here or at another instance).
      const paidByToken = (row: Awaited<ReturnType<typeof session>>) => (row?.receipt && row.contract_id === contractId ? row.receipt : null);
      const held = (row: Awaited<ReturnType<typeof session>>) => row?.paying_since != null && row.paying_since.getTime() > Date.now() - abandonedAfterMs;
      for (const deadline = Date.now() + payingWaitMs; ; await sleep(payingPollMs)) {
        const found = await session();
        // The code sent again after it paid (its answer lost on the way): what became of that payment.
        const receipt = paidByToken(found);
        if (receipt) return paidBefore(receipt);
        // A card asked for one contract does not pay another, and not after its session.
        if (found && (found.contract_id !== contractId || found.expires_at.getTime() < Date.now())) return refusal(1, 'card_session_expired');
        if (!held(found)) {
          const refused = await notPayable(app, contractId);
          if (refused) {
            // Paid by this token a moment ago, its receipt written just after the contract was paid: that payment's answer.
            const now = await session();
            const paid = paidByToken(now);
            if (paid) return paidBefore(paid);
            if (!held(now)) return refused;
          } else {
            const claim = await claimToken(hash, contractId);
            if (claim) {
              try {
                return await payWithCard(contractId, token, code, hash);
              } finally {
                await claim.release();
              }
            }
          }
        }
        // Another request is paying with this token right now: its outcome is this one's too.
        if (Date.now() >= deadline) {
          reply.header('Retry-After', '1');
          throw new AppError(409, 'a payment with this card is still being made: send the code again shortly for its outcome', { field: '/card_id' });
        }
      }
    },
  );

  app.post<{ Body: InvoiceRequest }>(
    '/sayt/payment/payme',
    {
      schema: { body: app.apiSchema('payment/invoice.request') },
      config: { idempotent: true, docs: { summary: 'Sends the contract\'s bill to the payer\'s Payme app by phone (receipts.create + receipts.send); the contract is paid when the payer pays it there', response: 'payment/invoice.response' } },
    },
    async (request) => {
      const { contract_id: contractId, phone } = request.body;
      const refused = await notPayable(app, contractId);
      if (refused) return refused;
      const contract = await app.contracts.get(contractId);
      if (!contract) return refusal(404, 'contract_not_payable');
      try {
        const receipt = await payme.receiptsCreate(contract.amount * 100, { contract_id: contractId }, `Order ${contract.order_id}`);
        if (!(await app.payments.open({ contractId, provider: 'invoice', reference: receipt._id, amount: contract.amount }))) {
          await payme.receiptsCancel(receipt._id);
          return (await notPayable(app, contractId)) ?? refusal(1, 'contract_not_payable');
        }
        await payme.receiptsSend(receipt._id, phone);
        return ok({ sent: true as const, phone: maskedPhone(phone) });
      } catch (err) {
        return refuseCard(err);
      }
    },
  );

  /**
   * Takes the token's payment for this request: a claim on its session (made now for a token asked
   * for without a contract), which the same code sent at the same moment, here or at another
   * instance, cannot take too; it waits for this payment's outcome instead (the loop above), so the
   * card is debited once. Null when another request holds it. Released once the payment is done: a
   * session made by the claim goes (the token stays one asked for without a contract), another one
   * is free for the next code (a spent one keeps its receipt, which answers every later code).
   */
  async function claimToken(hash: string, contractId: string): Promise<{ release(): Promise<void> } | null> {
    const claimed = await app.db
      .insertInto('card_sessions')
      .values({ token_hash: hash, contract_id: contractId, card: '', expires_at: new Date(Date.now() + cardSessionMs), paying_since: sql<Date>`now()` })
      .onConflict((conflict) =>
        conflict
          .column('token_hash')
          .doUpdateSet({ paying_since: sql<Date>`now()` })
          .where('card_sessions.receipt', 'is', null)
          .where('card_sessions.contract_id', '=', contractId)
          .where((eb) => eb.or([eb('card_sessions.paying_since', 'is', null), eb('card_sessions.paying_since', '<', sql<Date>`now() - make_interval(secs => ${abandonedAfterMs / 1000})`)])),
      )
      // xmax is 0 for a row this statement inserted, and the updater's id for one it updated.
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .executeTakeFirst();
    if (!claimed) return null;
    const mine = app.db.deleteFrom('card_sessions').where('token_hash', '=', hash).where('receipt', 'is', null);
    return {
      release: async () => {
        if (claimed.inserted) await mine.execute();
        else await app.db.updateTable('card_sessions').set({ paying_since: null }).where('token_hash', '=', hash).where('receipt', 'is', null).execute();
      },
    };
  }

  /** Verifies the code and pays the contract with the card: a receipt made, recorded and paid, then settled; the token spent. */
  async function payWithCard(contractId: string, token: string, code: string, hash: string): Promise<Envelope> {
    let receipt: string | null = null;
    let card: { number: string };
    try {
      card = await payme.verify(token, code);
      const contract = await app.contracts.get(contractId);
      if (!contract) return refusal(404, 'contract_not_payable');
      receipt = (await payme.receiptsCreate(contract.amount * 100, { contract_id: contractId }, `Order ${contract.order_id}`))._id;
      const opened = await app.payments.open({ contractId, provider: 'card', reference: receipt, amount: contract.amount, detail: { card: card.number } });
      if (!opened) {
        await payme.receiptsCancel(receipt);
        return (await notPayable(app, contractId)) ?? refusal(1, 'contract_not_payable');
      }
      const paid = await payme.receiptsPay(receipt, token);
      if (paid.state !== receiptPaid) throw new SubscribeApiError(-31008, `receipt state ${paid.state}`);
    } catch (err) {
      if (receipt && err instanceof SubscribeApiError) await app.payments.fail('card', receipt, subscribeProblem(err) === 'card_insufficient_funds' || err.code === -31301 ? declinedFailure : `payme ${err.code}`);
      return refuseCard(err);
    }
    const settlement = await app.payments.settle('card', receipt);
    if (settlement.outcome === 'refused') {
      // Paid another way while this card paid: its money goes back.
      await payme.receiptsCancel(receipt);
      await app.payments.refunded('card', receipt, `the contract was ${settlement.reason === 'cancelled' ? 'cancelled' : 'paid another way'}`);
      return refusal(1, 'contract_already_paid');
    }
    // The token has paid: spent, not forgotten, so it pays nothing else (a forgotten one, or one
    // made without a contract, would otherwise pay any contract with the next code).
    const spent = new Date();
    await app.db
      .insertInto('card_sessions')
      .values({ token_hash: hash, contract_id: contractId, card: card.number, expires_at: spent, receipt })
      .onConflict((conflict) => conflict.column('token_hash').doUpdateSet({ contract_id: contractId, expires_at: spent, receipt }))
      .execute();
    return ok({ paid: true as const });
  }

  /** The answer to a token's code once the token has paid `receipt`: paid, or given back when the contract was paid another way meanwhile. */
  async function paidBefore(receipt: string): Promise<Envelope> {
    const payment = await app.payments.get('card', receipt);
    if (payment?.state === 'paid') return ok({ paid: true as const });
    return refusal(1, payment?.state === 'refunded' ? 'contract_already_paid' : 'card_session_expired');
  }

  /** A refusal the page says in the visitor's language; a provider that did not answer is logged. */
  function refuseCard(err: unknown, expire?: string): Envelope {
    if (err instanceof ProviderUnavailable || !(err instanceof SubscribeApiError)) {
      app.log.warn({ error: maskPersonalData(err instanceof Error ? err.message : String(err)) }, 'payme subscribe API did not answer');
    }
    return refusal(1, subscribeProblem(err, expire));
  }
}
