/*
 * Renewal reminders at two instances on one real PostgreSQL (TEST_DATABASE_URL; vitest's global
 * setup starts a scratch cluster when PostgreSQL is installed): the reminder job run at both at the
 * same moment enqueues each reminder once, both outbox workers together send each SMS once, and an
 * SMS the gateway refused is sent later, once. In a database of its own that it drops afterwards;
 * without the variable it fails with instructions, never silently.
 */
import { describe, expect, test, vi } from 'vitest';
import { issuedPolicy } from '../../tests/support/cabinet-clients';
import { testDatabase } from '../../tests/support/test-database';
import { twoInstances } from '../../tests/support/two-instances';
import { SmsNotSent } from '../sms/sender';
import type { SandboxSmsInbox } from '../sms/sms';
import { inDays } from '../test-helpers';
import { deliverOutbox } from './outbox-worker';
import { enqueueReminders } from './policy-reminders';

const missing = 'TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).';
const database = testDatabase('shop_reminders');

const instances = twoInstances(database);

const tashkent = (days: number, hour = 10) => new Date(`${inDays(days)}T${String(hour).padStart(2, '0')}:00:00+05:00`);
/** What both instances' sandbox gateways sent to `phone`. */
const sentTo = (phone: string) => instances.flatMap((instance) => (instance.sms as SandboxSmsInbox).messages(phone).map((message) => message.text));

async function policies(prefix: string, count: number, endsIn: number) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    const phone = `${prefix}${String(i).padStart(4, '0')}`;
    const policy = await issuedPolicy(instances[0], { phone, beginDate: inDays(endsIn - 364), endDate: inDays(endsIn) });
    made.push({ phone, policy });
  }
  await instances[0].db.updateTable('policies').set({ issued_at: tashkent(-300) }).where('id', 'in', made.map((m) => m.policy.id)).execute();
  return made;
}

describe('renewal reminders, two instances on one database', () => {
  test('the job run at both at the same moment, several times, enqueues each reminder once; both workers send each SMS once', async () => {
    expect(database.server, missing).toBeDefined();
    const made = await policies('99891444', 24, 7);
    const now = tashkent(0);
    const counts = await Promise.all([0, 1, 0, 1, 0, 1].map((at) => enqueueReminders(instances[at % 2]!, { now, batch: 5 })));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(24);
    const reminders = await instances[1].db.selectFrom('policy_reminders').select(['policy_id', 'days']).where('policy_id', 'in', made.map((m) => m.policy.id)).execute();
    expect(reminders).toHaveLength(24);
    expect(reminders.every((row) => row.days === 7)).toBe(true);
    const sms = await instances[1].db.selectFrom('outbox').select('phone').where('kind', '=', 'sms').execute();
    expect(sms.map((row) => row.phone).sort()).toEqual(made.map((m) => m.phone).sort());

    await Promise.all([deliverOutbox(instances[0], { pacingMs: 0, batchSize: 4 }), deliverOutbox(instances[1], { pacingMs: 0, batchSize: 4 }), deliverOutbox(instances[0], { pacingMs: 0, batchSize: 4 }), deliverOutbox(instances[1], { pacingMs: 0, batchSize: 4 })]);
    for (let round = 0; round < 10; round += 1) await Promise.all(instances.map((instance) => deliverOutbox(instance, { pacingMs: 0 })));
    for (const { phone, policy } of made) expect(sentTo(phone), phone).toEqual([expect.stringContaining(policy.number)]);
  });

  test('an SMS the gateway refused is tried again later by either instance and sent once', async () => {
    expect(database.server, missing).toBeDefined();
    const [made] = await policies('99891555', 1, 1);
    const phone = made?.phone ?? '';
    await enqueueReminders(instances[0], { now: tashkent(0) });
    const refusals = instances.map((instance) => vi.spyOn(instance.sms as SandboxSmsInbox, 'send').mockRejectedValueOnce(new SmsNotSent('Eskiz /message/sms/send: HTTP 503')));
    try {
      const first = await Promise.all(instances.map((instance) => deliverOutbox(instance, { pacingMs: 0 })));
      expect(first.reduce((sum, round) => sum + round.retried, 0)).toBe(1);
      expect(sentTo(phone)).toEqual([]);
      const row = await instances[0].db.selectFrom('outbox').selectAll().where('phone', '=', phone).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      // Both try at the retry's time; the one that did not fail before takes it (or the other, now well).
      const later = new Date(row.next_attempt_at.getTime() + 1);
      for (const refusal of refusals) refusal.mockReset();
      await Promise.all(instances.map((instance) => deliverOutbox(instance, { pacingMs: 0, now: later })));
      expect(sentTo(phone)).toHaveLength(1);
      await Promise.all(instances.map((instance) => deliverOutbox(instance, { pacingMs: 0, now: new Date(later.getTime() + 3_600_000) })));
      expect(sentTo(phone)).toHaveLength(1);
    } finally {
      for (const refusal of refusals) refusal.mockRestore();
    }
  });
});
