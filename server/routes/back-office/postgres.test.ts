/*
 * The back office at two instances on one real PostgreSQL (TEST_DATABASE_URL; vitest's global setup
 * starts a scratch cluster when PostgreSQL is installed): the same move sent to both at the same
 * moment changes the claim once, records one event and sends one SMS; two different moves racing
 * leave one of them done and the other refused. In a database of its own that it drops afterwards;
 * without the variable it fails with instructions, never silently.
 */
import { describe, expect, test } from 'vitest';
import { backOfficeAuth, insertClaim, smsTo } from '../../../tests/support/back-office-claims';
import { testDatabase } from '../../../tests/support/test-database';
import { twoInstances } from '../../../tests/support/two-instances';

const missing = 'TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).';
const database = testDatabase('shop_back_office');

const instances = twoInstances(database);

const move = (at: number, id: string, body: object) =>
  instances[at % 2]!.inject({ method: 'POST', url: `/api/back-office/claims/${id}/status`, payload: body, headers: backOfficeAuth });
const eventsOf = (id: string) => instances[0].db.selectFrom('claim_events').select(['status', 'actor']).where('claim_id', '=', id).orderBy('id').execute();

describe('moving a claim, two instances on one database', () => {
  test('the same move sent six times at once, three to each: one change, one event, one SMS; every answer 200', async () => {
    expect(database.server, missing).toBeDefined();
    const phone = '998971000001';
    const id = await insertClaim(instances[0].db, { status: 'under_review', phone });
    const body = { status: 'approved', amount: 2_000_000, reason: 'Repair of the bumper' };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => move(i, id, body)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await eventsOf(id)).toEqual([{ status: 'received', actor: 'claimant' }, { status: 'approved', actor: 'back_office' }]);
    const sms = await smsTo(instances[1].db, phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain('2 000 000');
  });

  test('a decline and an approval at once: one of them is made and told, the other refused with 409', async () => {
    expect(database.server, missing).toBeDefined();
    const phone = '998971000002';
    const id = await insertClaim(instances[0].db, { status: 'under_review', phone });
    const [declined, approved] = await Promise.all([move(0, id, { status: 'declined', reason: 'Damage before the cover' }), move(1, id, { status: 'approved', amount: 500_000 })]);
    expect([declined.statusCode, approved.statusCode].sort()).toEqual([200, 409]);
    expect(await eventsOf(id)).toHaveLength(2);
    expect(await smsTo(instances[0].db, phone)).toHaveLength(1);
  });
});
