import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isoToDmy } from '../../products/kit/api/api-format';
import { issuedPolicy, signedInClient } from '../../tests/support/cabinet-clients';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Policy } from '../db/database';
import { loggerOptions } from '../logging';
import { SmsNotSent } from '../sms/sender';
import type { SandboxSmsInbox } from '../sms/sms';
import { inDays } from '../test-helpers';
import { deliverOutbox } from './outbox-worker';
import { enqueueReminders } from './policy-reminders';

/**
 * Renewal reminders: the job (`enqueueReminders`, at a moment of the test's choosing) and the
 * outbox worker that sends them through the sandbox SMS gateway. Each test's policies have phones
 * of their own; what a test checks is its own policies' reminders and its own phones' messages.
 */

const lines: string[] = [];
let app: FastifyInstance;
let inbox: SandboxSmsInbox;
beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  inbox = app.sms as SandboxSmsInbox;
});
afterAll(() => app.close());

/** `days` from today at `hour` o'clock in Tashkent. */
const tashkent = (days: number, hour = 10) => new Date(`${inDays(days)}T${String(hour).padStart(2, '0')}:00:00+05:00`);
/** A policy that ends `endsIn` days from today, bought `boughtAgo` days ago. */
async function policy(phone: string, endsIn: number, options: { boughtAgo?: number; pinfls?: string[]; lang?: 'uz' | 'en' | 'ru'; product?: string } = {}): Promise<Policy> {
  const issued = await issuedPolicy(app, { phone, beginDate: inDays(endsIn - 364), endDate: inDays(endsIn), ...(options.pinfls ? { pinfls: options.pinfls } : {}), ...(options.lang ? { lang: options.lang } : {}), ...(options.product ? { product: options.product } : {}) });
  await app.db.updateTable('policies').set({ issued_at: tashkent(-(options.boughtAgo ?? 300), 12) }).where('id', '=', issued.id).execute();
  return issued;
}
const remindersOf = async (policyId: string) => (await app.db.selectFrom('policy_reminders').select('days').where('policy_id', '=', policyId).orderBy('days', 'desc').execute()).map((row) => row.days);
const texts = (phone: string) => inbox.messages(phone).map((message) => message.text);
/** Sends what the outbox holds, on the database's clock. */
const deliver = () => deliverOutbox(app, { pacingMs: 0 });

describe('renewal reminders', () => {
  test('30, 7 and 1 days before the end, once each, naming the product, number and end date with the renewal link; none for a policy far off, ended or cancelled', async () => {
    const at30 = await policy('998902220030', 30);
    const at7 = await policy('998902220007', 7, { lang: 'en' });
    const at1 = await policy('998902220001', 1, { lang: 'ru' });
    const far = await policy('998902220031', 31);
    const ended = await policy('998902220099', -1);
    const cancelled = await policy('998902220098', 7);
    await app.db.updateTable('policies').set({ revoked_at: new Date() }).where('id', '=', cancelled.id).execute();
    await app.db.updateTable('contracts').set({ status: 'cancelled' }).where('id', '=', cancelled.contract_id).execute();

    await enqueueReminders(app, { now: tashkent(0) });
    expect(await remindersOf(at30.id)).toEqual([30]);
    expect(await remindersOf(at7.id)).toEqual([7]);
    expect(await remindersOf(at1.id)).toEqual([1]);
    for (const none of [far, ended, cancelled]) expect(await remindersOf(none.id)).toEqual([]);
    await deliver();
    const link = (lang: string, id: string) => `${app.config.publicUrl}/${lang}/dashboard/policies/${id}`;
    expect(texts('998902220030')).toEqual([`OSAGO polisingiz ${at30.number} ${isoToDmy(inDays(30), '.')} gacha amal qiladi. Uzaytirish: ${link('uz', at30.id)}`]);
    expect(texts('998902220007')).toEqual([`Your OSAGO policy ${at7.number} is valid until ${isoToDmy(inDays(7), '.')}. Renew it: ${link('en', at7.id)}`]);
    expect(texts('998902220001')).toEqual([`Ваш полис ОСАГО ${at1.number} действует до ${isoToDmy(inDays(1), '.')} включительно. Продлить: ${link('ru', at1.id)}`]);
    for (const phone of ['998902220031', '998902220099', '998902220098']) expect(texts(phone)).toEqual([]);

    // Again the same day, and the next hours: nothing more.
    await enqueueReminders(app, { now: tashkent(0, 11) });
    await enqueueReminders(app, { now: tashkent(0, 20) });
    await deliver();
    for (const phone of ['998902220030', '998902220007', '998902220001']) expect(texts(phone)).toHaveLength(1);

    // 23 days later the 30-day policy has 7 days left: its second reminder.
    await enqueueReminders(app, { now: tashkent(23) });
    expect(await remindersOf(at30.id)).toEqual([30, 7]);
  });

  test('one found late (the server was down on its day) is still sent, but only the latest due; none once the policy has ended', async () => {
    const late = await policy('998902230005', 5);
    await enqueueReminders(app, { now: tashkent(0) });
    expect(await remindersOf(late.id)).toEqual([7]);
    // Down on the day before its end too: found on its last day, the 1-day reminder still goes.
    await enqueueReminders(app, { now: tashkent(5) });
    expect(await remindersOf(late.id)).toEqual([7, 1]);
    const endedUnreminded = await policy('998902230006', 2);
    await enqueueReminders(app, { now: tashkent(3) });
    expect(await remindersOf(endedUnreminded.id)).toEqual([]);
    await deliver();
    expect(texts('998902230005')).toHaveLength(2);
    expect(texts('998902230006')).toEqual([]);
  });

  test('none whose day came before the policy was bought: a 20-day trip gets no "30 days left", but its 7-day one', async () => {
    const trip = await policy('998902240020', 20, { boughtAgo: 0, product: 'travel' });
    await enqueueReminders(app, { now: tashkent(0) });
    expect(await remindersOf(trip.id)).toEqual([]);
    await enqueueReminders(app, { now: tashkent(13) });
    expect(await remindersOf(trip.id)).toEqual([7]);
  });

  test('only between 09:00 and 21:00 in Tashkent', async () => {
    const soon = await policy('998902250001', 1);
    await enqueueReminders(app, { now: tashkent(0, 8) });
    await enqueueReminders(app, { now: tashkent(0, 21) });
    expect(await remindersOf(soon.id)).toEqual([]);
    await enqueueReminders(app, { now: tashkent(0, 9) });
    expect(await remindersOf(soon.id)).toEqual([1]);
  });

  test('go to the contract\'s phone in its language, and to the registered client it belongs to (by PINFL) in theirs when the phone differs', async () => {
    const owner = await signedInClient(app, { phone: '998902260002', pinfl: '31505900002601', lang: 'ru' });
    const shared = await policy('998902260001', 7, { pinfls: [owner.client.pinfl], lang: 'en' });
    const samePhone = await signedInClient(app, { phone: '998902260003', pinfl: '31505900002603', lang: 'ru' });
    await policy(samePhone.client.phone, 7, { lang: 'uz' });
    await enqueueReminders(app, { now: tashkent(0) });
    await deliver();
    expect(texts('998902260001')).toEqual([expect.stringMatching(new RegExp(`^Your OSAGO policy ${shared.number} `))]);
    expect(texts(owner.client.phone)).toEqual([expect.stringMatching(new RegExp(`^Ваш полис ОСАГО ${shared.number} `))]);
    // The contract's phone is a client's: one SMS, in that client's language.
    expect(texts(samePhone.client.phone)).toEqual([expect.stringMatching(/^Ваш полис ОСАГО /)]);
  });

  test('a gateway that fails is tried again later and the SMS delivered once; the log holds no phone or text', async () => {
    const phone = '998902270001';
    const soon = await policy(phone, 1);
    await enqueueReminders(app, { now: tashkent(0) });
    const send = vi.spyOn(inbox, 'send').mockRejectedValueOnce(new SmsNotSent('Eskiz /message/sms/send: HTTP 500'));
    try {
      const first = await deliver();
      expect(first.retried).toBeGreaterThanOrEqual(1);
      expect(texts(phone)).toEqual([]);
      const row = await app.db.selectFrom('outbox').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind: 'sms', attempts: 1, sent_at: null, last_error: 'Eskiz /message/sms/send: HTTP 500' });
      // Not before its retry is due.
      await deliver();
      expect(texts(phone)).toEqual([]);
      await deliverOutbox(app, { pacingMs: 0, now: new Date(row.next_attempt_at.getTime() + 1) });
      expect(texts(phone)).toHaveLength(1);
      await deliverOutbox(app, { pacingMs: 0, now: new Date(row.next_attempt_at.getTime() + 60 * 60_000) });
      expect(texts(phone)).toHaveLength(1);
    } finally {
      send.mockRestore();
    }
    const log = lines.join('\n');
    expect(log).toContain('SMS not delivered, will retry');
    // The policy's number is in the chat's purchase message, as every purchase's is; the SMS's text and phone nowhere.
    for (const secret of [phone, phone.slice(3), soon.id, 'Uzaytirish']) expect(log, secret).not.toContain(secret);
  });
});
