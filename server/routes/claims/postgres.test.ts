/*
 * Filing claims at two instances on one real PostgreSQL (TEST_DATABASE_URL; vitest's global setup
 * starts a scratch cluster when PostgreSQL is installed): the same filing sent to both at once with
 * one Idempotency-Key is one claim with one SMS and one chat message; different filings at once get
 * numbers of their own from the one sequence. In a database of its own that it drops afterwards;
 * without the variable it fails with instructions, never silently.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { claimBody, claimData, fileClaim, fixtureClaimsDir, vali } from '../../../tests/support/claim-filing';
import { issuedPolicy } from '../../../tests/support/cabinet-clients';
import { testDatabase } from '../../../tests/support/test-database';
import { twoInstances } from '../../../tests/support/two-instances';
import type { Policy } from '../../db/database';
import { inDays } from '../../test-helpers';

const missing = 'TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).';
const database = testDatabase('shop_claims');
let policy: Policy;

const instances = twoInstances(database, { claimsDir: fixtureClaimsDir });
beforeAll(async () => {
  if (!database.server) return;
  policy = await issuedPolicy(instances[0], { pinfls: [vali.pinfl], product: 'osago', beginDate: inDays(-30), endDate: inDays(330) });
});

describe('claims filed at two instances at once', () => {
  test('the same filing with one Idempotency-Key, three at each: one claim, one SMS, one chat message', async () => {
    expect(database.server, missing).toBeDefined();
    const body = claimBody(claimData({ number: policy.number }, inDays(-1)));
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => fileClaim(instances[i % 2]!, body, { 'idempotency-key': 'one-claim-at-two-instances' })));
    expect(answers.every((answer) => answer.statusCode < 500), answers.map((answer) => answer.body).join('\n')).toBe(true);
    const filed = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json<{ response: { number: string } }>().response.number);
    expect(filed.length).toBeGreaterThan(0);
    expect(new Set(filed).size).toBe(1);
    const db = instances[0].db;
    expect(await db.selectFrom('claims').select('id').where('event_date', '=', inDays(-1)).execute()).toHaveLength(1);
    const messages = (await db.selectFrom('outbox').select(['kind', 'text']).execute()).filter((row) => row.text.includes(filed[0] ?? '-'));
    expect(messages.map((row) => row.kind).sort()).toEqual(['claim', 'sms']);
  });

  test('different filings at once get numbers of their own', async () => {
    expect(database.server, missing).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => fileClaim(instances[i % 2]!, claimBody(claimData({ number: policy.number }, inDays(-2 - i))))));
    expect(answers.map((answer) => answer.statusCode), answers.map((answer) => answer.body).join('\n')).toEqual(Array(6).fill(200));
    const numbers = answers.map((answer) => answer.json<{ response: { number: string } }>().response.number);
    expect(new Set(numbers).size).toBe(6);
    for (const number of numbers) expect(number).toMatch(/^C\d{2}-\d{6}$/);
  });
});
