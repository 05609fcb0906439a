import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isoToDmy } from '../../products/kit/api/api-format';
import { tashkentHour, todayInTashkent } from '../dates';
import { reminderText, type MessageLang } from '../sms/texts';
import { ownedBy } from './contract-owner';
import { siteMessage } from './policy-words';
import { startRepeating, type RepeatingJob } from './repeating-job';

/** A reminder goes this many days before a policy's last day. */
export const reminderDays = [30, 7, 1] as const;

/** Reminders are enqueued from 09:00 to 21:00 on Tashkent's clock: none wakes a client at night. */
export const reminderHours = { from: 9, until: 21 } as const;

const hourMs = 3_600_000;

/** A policy whose latest due reminder has not been enqueued, with whom to tell. */
interface DueReminder {
  policy_id: string;
  number: string;
  product: string;
  end_date: string;
  days: 30 | 7 | 1;
  contract_phone: string | null;
  terms_lang: MessageLang | null;
  owners: { phone: string; lang: MessageLang }[];
}

const mobile = /^998[0-9]{9}$/;

/**
 * Whom a reminder goes to, each in their language: the contact phone the contract was saved with
 * (in the language of the client who has that phone, else the one its terms were accepted in, else
 * Uzbek), and every registered client the contract is theirs of (`ownedBy`) whose phone differs, in
 * their own language.
 */
function recipients(due: DueReminder): { phone: string; lang: MessageLang }[] {
  const byPhone = new Map<string, MessageLang>();
  if (due.contract_phone && mobile.test(due.contract_phone)) {
    byPhone.set(due.contract_phone, due.owners.find((owner) => owner.phone === due.contract_phone)?.lang ?? due.terms_lang ?? 'uz');
  }
  for (const owner of due.owners) if (!byPhone.has(owner.phone) && mobile.test(owner.phone)) byPhone.set(owner.phone, owner.lang);
  return [...byPhone].map(([phone, lang]) => ({ phone, lang }));
}

export interface ReminderRound {
  /** The time the round runs at (tests); the server's clock otherwise. */
  now?: Date;
  /** Policies looked at per statement. */
  batch?: number;
}

/**
 * One round of renewal reminders: for each policy not cancelled that ends within 30 days and has
 * not ended, the latest reminder due (30, 7 or 1 days before its last day; a reminder missed while
 * the server was down is still sent, but only the latest one), unless it is enqueued already or its
 * day came before the policy was bought (a 20-day trip gets no "30 days left"). Each is recorded
 * in `policy_reminders`, whose key (policy, days) lets it be recorded once, whichever instance
 * runs the round, in the transaction that queues its SMS in the outbox. Outside
 * `reminderHours` it does nothing. Returns how many reminders were enqueued.
 */
export async function enqueueReminders(app: FastifyInstance, options: ReminderRound = {}): Promise<number> {
  const now = options.now ?? new Date();
  const batch = options.batch ?? 200;
  const hour = tashkentHour(now);
  if (hour < reminderHours.from || hour >= reminderHours.until) return 0;
  const today = todayInTashkent(now);
  const daysLeft = sql<number>`(policies.end_date - ${today}::date)`;
  const owner = ownedBy({ phone: sql.ref<string>('clients.phone'), pinfl: sql.ref<string>('clients.pinfl') });
  let enqueued = 0;
  for (;;) {
    const { rows } = await sql<DueReminder>`
      SELECT policies.id AS policy_id, policies.number, policies.product, policies.end_date, due.days,
        contracts.request -> 'terms' ->> 'clientPhone' AS contract_phone, contracts.terms_lang,
        (SELECT COALESCE(json_agg(json_build_object('phone', clients.phone, 'lang', clients.lang)), '[]'::json) FROM clients WHERE ${owner}) AS owners
      FROM policies
      JOIN contracts ON contracts.id = policies.contract_id
      CROSS JOIN LATERAL (SELECT (CASE WHEN ${daysLeft} <= 1 THEN 1 WHEN ${daysLeft} <= 7 THEN 7 ELSE 30 END)::smallint AS days) AS due
      WHERE policies.revoked_at IS NULL AND contracts.status = 'issued'
        AND policies.end_date BETWEEN ${today}::date AND ${today}::date + ${reminderDays[0]}::integer
        AND policies.end_date - due.days > ((policies.issued_at AT TIME ZONE 'UTC') + interval '5 hours')::date
        AND NOT EXISTS (SELECT 1 FROM policy_reminders WHERE policy_reminders.policy_id = policies.id AND policy_reminders.days <= due.days)
      ORDER BY policies.end_date, policies.id
      LIMIT ${batch}`.execute(app.db);
    let round = 0;
    for (const due of rows) {
      const queued = await app.db.transaction().execute(async (trx) => {
        const recorded = await trx.insertInto('policy_reminders').values({ policy_id: due.policy_id, days: due.days })
          .onConflict((conflict) => conflict.columns(['policy_id', 'days']).doNothing())
          .returning('policy_id').executeTakeFirst();
        // Another instance recorded it first: it queues the SMS.
        if (!recorded) return false;
        for (const { phone, lang } of recipients(due)) {
          const facts = {
            product: siteMessage(lang, app.products.get(due.product)?.manifest.shortTitle ?? '') ?? due.product,
            number: due.number,
            endDate: isoToDmy(due.end_date, '.'),
            link: `${app.config.publicUrl}/${lang}/dashboard/policies/${due.policy_id}`,
          };
          await app.outbox.enqueueSms(phone, reminderText(facts, lang), trx);
        }
        return true;
      });
      if (queued) round += 1;
    }
    enqueued += round;
    // A batch that was all another instance's would come back whole: stop when nothing was new.
    if (rows.length < batch || round === 0) break;
  }
  if (enqueued > 0) app.log.info({ reminders: enqueued }, 'renewal reminders enqueued');
  return enqueued;
}

/** Runs `enqueueReminders` when the server starts and then every hour, until stopped. */
export function startPolicyReminders(app: FastifyInstance, options: { intervalMs?: number } = {}): RepeatingJob {
  const intervalMs = options.intervalMs ?? hourMs;
  return startRepeating(() => enqueueReminders(app), {
    firstDelayMs: 0,
    nextDelayMs: () => intervalMs,
    onError: (err) => app.log.error({ err }, 'renewal reminders round failed'),
  });
}
