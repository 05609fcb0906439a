import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { deliverOutbox } from './lib/outbox-worker';
import { loggerOptions } from './logging';
import { savePolicyRequest } from '../products/osago/binding';
import osago from '../products/osago/definition';
import { sampleOsagoCatalog, sampleOwnCarTwoDrivers } from '../products/osago/samples';
import { homeSaveBody, payInSandbox, post, siteAuth, travelPrice, travelSaveBody } from './test-helpers';

/**
 * No personal data in logs or chat messages, on any path: a whole purchase, and every failure —
 * refused input, wrong price, unknown person, a declined card, a database insert that fails, a
 * chat message that cannot be sent. The sample people's passport, PINFL and phone and the test
 * cards must appear nowhere in what the server writes, at the most verbose log level.
 */

const secrets = [
  'AA1234567', '1234567', 'AB7654321', '7654321', // passports
  '31505900000011', '41102850000022', // PINFLs
  '998901234567', '901234567', '90 123 45 67', // phones
  'AF0557857', '0557857', 'AB1234321', // driving licences
  '8600000000000001', '8600000000000002', '8600 0000 0000 0002', // cards
];

let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
});
afterAll(() => app.close());

async function written(): Promise<string> {
  const outbox = await app.db.selectFrom('outbox').select(['text', 'last_error']).execute();
  return [...lines, ...outbox.map((row) => `${row.text}\n${row.last_error ?? ''}`)].join('\n');
}

describe('personal data', () => {
  test('a whole purchase writes none', async () => {
    const price = await travelPrice(app);
    const saved = (await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price))).json().response;
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    expect((await post(app, '/api/takoful/travel-neo/checkPolis', { contract_id: saved.contract_id })).json().result).toBe(true);
  });

  test('an OSAGO purchase, and its declined saves, write none', async () => {
    const price = osago.pricing(sampleOwnCarTwoDrivers, sampleOsagoCatalog);
    if (!price) throw new Error('the OSAGO sample has no price');
    const body = savePolicyRequest(sampleOwnCarTwoDrivers, price);
    const saved = (await post(app, '/api/osago-neo/save-policy/v2', body)).json().response;
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    expect((await post(app, '/api/osago-neo/confirm-check', { contract_id: saved.contract_id })).json().result).toBe(true);
    // A driver row the insurer declines (logged), and error 10 (also reported to the chat).
    const [vali] = body.drivers;
    for (const n of ['0000003', '0000010']) {
      const declined = { ...body, drivers: [vali, { passport__seria: 'AF', passport__number: n, driver_birthday: '01.01.1980', licenseSeria: 'AF', licenseNumber: '0900001', licenseIssueDate: '10.01.2000', relative: 0 }] };
      expect((await post(app, '/api/osago-neo/save-policy/v2', declined)).json().result).toBe(false);
    }
  });

  test('failures write none', async () => {
    // Refused input, wrong price, unknown person.
    await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ applicant: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', phone: '99890123456' } }));
    await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ amount: 1 }));
    await post(app, '/api/sayt/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '16.05.1990' });
    // A declined card.
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, saved.payme_url, '8600 0000 0000 0002')).statusCode).toBe(402);
    // A database insert that fails: the database's own message would quote the row.
    await sql`ALTER TABLE contracts ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`.execute(app.db);
    const broken = await app.inject({ method: 'POST', url: '/api/sayt/uyjoy-api/save', payload: homeSaveBody(), headers: { authorization: siteAuth } });
    expect(broken.statusCode).toBe(500);
    await sql`ALTER TABLE contracts DROP CONSTRAINT refuse_all`.execute(app.db);
    // Chat messages that cannot be sent (no bot token): logged instead.
    await deliverOutbox(app, { batchSize: 100 });
  });

  test('nothing written holds a passport, PINFL, phone or card number', async () => {
    const all = await written();
    expect(lines.length).toBeGreaterThan(20);
    expect(all).toContain('request failed');
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
  });
});
