import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { deliverOutbox } from './lib/outbox-worker';
import { loggerOptions } from './logging';
import { alifSandboxOtp } from './payments/alif/sandbox-api';
import { savePolicyRequest } from '../products/osago/binding';
import osago from '../products/osago/definition';
import { sampleOsagoCatalog, sampleOwnCarTwoDrivers } from '../products/osago/samples';
import { fixtureFile, homeSaveBody, inDays, multipart, payInSandbox, post, postMultipart, refusedFiles, siteAuth, travelPrice, travelSaveBody } from './test-helpers';
import { miniCascoSaveRequest } from '../products/mini-casco/binding';
import { sampleComfortCobalt } from '../products/mini-casco/samples';
import { sampleMonthlyComfortCobalt } from '../products/monthly-casco/samples';
import { quickCascoSaveRequest } from '../products/quick-casco/binding';
import { sampleCitizenOptimal, sampleForeignerStart } from '../products/quick-casco/samples';
import { isoToDmy } from '../products/api-format';
import { travelUzbSaveRequest } from '../products/travel-uzb/binding';
import travelUzb from '../products/travel-uzb/definition';
import { samplePurchase as travelUzbPurchase } from '../products/travel-uzb/samples';
import { sandboxTravelUzbTariff } from '../products/travel-uzb/pricing';
import { sportSaveRequest } from '../products/sport/binding';
import { sampleBoxer } from '../products/sport/samples';
import { documentsSaveRequest } from '../products/documents/binding';
import { samplePlate } from '../products/documents/samples';
import { cascoSaveRequest } from '../products/casco/binding';
import casco from '../products/casco/definition';
import { sampleCascoCatalog, sampleCobaltComfort } from '../products/casco/samples';
import pets from '../products/pets/definition';
import { fakeApi, ok, saveContext } from '../products/fake-api';
import petSamples, { sampleCat } from '../products/pets/samples';
import { onSamplesDay } from '../products/product-tests';

// The samples' covers start within the start window of the day they are told on: the tests run on it.
onSamplesDay();

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
  '8600000000000001', '8600000000000002', '8600 0000 0000 0002', '8600 0000 0000 0001', '8600069195406311', // cards
  '666666', // the card API's SMS code
  alifSandboxOtp, // Alif's SMS code
  'AF0557857', '0557857', 'AB1234321', // driving licences
  'FRA1234567', 'AC1111111', '1111111', 'AF0000009', // quick casco's foreigner, mini-casco's refused applicants
  'KZ0123456', '0123456', // a foreign tourist's passport (domestic travel)
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
    // Paid with Click's link: its page, then Click's Prepare and Complete.
    const home = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, home.url)).statusCode).toBe(303);
    expect((await app.db.selectFrom('payments').select('state').where('contract_id', '=', home.contract_id).where('provider', '=', 'click').executeTakeFirst())?.state).toBe('paid');
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

  test('mini-casco, monthly casco and quick casco purchases, and their refusals, write none', async () => {
    const buy = async (save: string, check: string, body: object) => {
      const saved = (await post(app, save, body)).json().response;
      expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
      expect((await post(app, check, { contract_id: saved.contract_id })).json().result).toBe(true);
    };
    await buy('/api/takoful/mini-casco/createPolicy', '/api/minikasko_neo/getPolicy', miniCascoSaveRequest(sampleComfortCobalt, { total: 90_000, lines: [] }));
    await buy('/api/takoful/mini-casco/monthly/createPolicy', '/api/minikasko_neo/monthly/getPolicy', miniCascoSaveRequest(sampleMonthlyComfortCobalt, { total: 7_500, lines: [] }));
    await buy('/api/sayt/tez-kasko/save', '/api/sayt/tez-kasko/check', quickCascoSaveRequest(sampleCitizenOptimal, { total: 900_000, lines: [] }));
    await buy('/api/sayt/tez-kasko/save', '/api/sayt/tez-kasko/check', quickCascoSaveRequest(sampleForeignerStart, { total: 300_000, lines: [] }));
    // The car check's errors 1 and 9, an applicant the registry does not know (422), a legal entity's car (422 for_only_individuals).
    const cobalt = { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422' };
    expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, gos_number: '01X000XX' })).json().error).toBe(1);
    expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, passport_seria: 'AF', passport_number: '0000009', birthday: '01.01.1980' })).json().error).toBe(9);
    const stranger = { passport_seria: 'AC', passport_number: '9999999', birthday: '20.03.2002' };
    const soon = isoToDmy(inDays(2), '.');
    expect((await post(app, '/api/takoful/mini-casco/createPolicy', { ...miniCascoSaveRequest(sampleComfortCobalt, { total: 90_000, lines: [] }), begin_date: soon, applicant: stranger })).statusCode).toBe(422);
    const companyCar = { gos_number: '01123ABC', tech_sery: 'AAF', tech_number: '1111111' };
    expect((await post(app, '/api/sayt/tez-kasko/save', { ...quickCascoSaveRequest(sampleCitizenOptimal, { total: 900_000, lines: [] }), ...companyCar })).statusCode).toBe(422);
  });

  test('domestic travel, sport and documents purchases, their unpaid checks and their refusals write none', async () => {
    const price = travelUzb.pricing(travelUzbPurchase, sandboxTravelUzbTariff);
    if (!price) throw new Error('the domestic travel sample has no price');
    const travel = travelUzbSaveRequest(travelUzbPurchase, price);
    const bodies = [
      { save: '/api/sayt/travel-uzb/save', check: '/api/sayt/travel-uzb/check', body: travel },
      { save: '/api/sayt/sportsman/save/v2', check: '/api/sayt/sportsman/check/v2', body: sportSaveRequest(sampleBoxer, { total: 300_000, lines: [] }) },
      { save: '/api/sayt/document_sugurtasi/save', check: '/api/sayt/document_sugurtasi/check', body: documentsSaveRequest(samplePlate, { total: 60_000, lines: [] }) },
    ];
    for (const { save, check, body } of bodies) {
      const saved = (await post(app, save, body)).json().response;
      expect((await post(app, check, { contract_id: saved.contract_id })).json().result).toBe(false);
      expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
      expect((await post(app, check, { contract_id: saved.contract_id })).json()).toMatchObject({ result: true, error: 0 });
      // A wrong price, then a stranger (the registry does not know the birthday).
      expect((await post(app, save, { ...body, amount: body.amount - 1 })).statusCode).toBe(422);
    }
    const tourists = travel.tourists.map((t) => (t.foreign_type === 0 ? { ...t, birthday: '16.05.1990' } : t));
    expect((await post(app, '/api/sayt/travel-uzb/save', { ...travel, tourists })).statusCode).toBe(422);
  });

  test('a casco purchase, and its refused saves, write none', async () => {
    const price = casco.pricing(sampleCobaltComfort, sampleCascoCatalog);
    if (!price) throw new Error('the casco sample has no price');
    const body = cascoSaveRequest(sampleCobaltComfort, price);
    const saved = (await post(app, '/api/takoful/kasko-neo/save', body)).json().response;
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    expect((await post(app, '/api/takoful/kasko-neo/check', { contract_id: saved.contract_id })).json().result).toBe(true);
    // A payer the registry lacks, a value beyond the tariff's share, another premium: refused, and logged.
    expect((await post(app, '/api/takoful/kasko-neo/save', { ...body, payer: { ...body.payer, birthday: '16-05-1990' } })).statusCode).toBe(422);
    expect((await post(app, '/api/takoful/kasko-neo/save', { ...body, car: { ...body.car, price: body.car.price * 2 } })).statusCode).toBe(422);
    expect((await post(app, '/api/takoful/kasko-neo/save', { ...body, premium: 1 })).statusCode).toBe(422);
  });

  test('failures write none', async () => {
    // Refused input, wrong price, unknown person.
    await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ applicant: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', phone: '99890123456' } }));
    await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ amount: 1 }));
    await post(app, '/api/sayt/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '16.05.1990' });
    // A declined card.
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, saved.payme_url, '8600 0000 0000 0002')).statusCode).toBe(402);
    // The same card on Click's page: Click's Complete carries its error.
    expect((await payInSandbox(app, saved.url, '8600 0000 0000 0002')).statusCode).toBe(402);
    // A database insert that fails: the database's own message would quote the row.
    await sql`ALTER TABLE contracts ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`.execute(app.db);
    const broken = await app.inject({ method: 'POST', url: '/api/sayt/uyjoy-api/save', payload: homeSaveBody(), headers: { authorization: siteAuth } });
    expect(broken.statusCode).toBe(500);
    await sql`ALTER TABLE contracts DROP CONSTRAINT refuse_all`.execute(app.db);
    // The card in the page: a card without money, a wrong code, then paying; the bill by phone.
    const card = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const poor = (await post(app, '/api/sayt/payment/payme/card', { card_number: '8600000000000002', card_date: '12/30', contract_id: card.contract_id })).json().response;
    await post(app, '/api/sayt/payment/payme/check', { contract_id: card.contract_id, card_id: poor.card_id, code: '666666' });
    const good = (await post(app, '/api/sayt/payment/payme/card', { card_number: '8600069195406311', card_date: '0399', contract_id: card.contract_id })).json().response;
    await post(app, '/api/sayt/payment/payme/check', { contract_id: card.contract_id, card_id: good.card_id, code: '111111' });
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: card.contract_id, card_id: good.card_id, code: '666666' })).json().result).toBe(true);
    const bill = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    await post(app, '/api/sayt/payment/payme', { contract_id: bill.contract_id, phone: '998901234567' });
    // Chat messages that cannot be sent (no bot token): logged instead.
    await deliverOutbox(app, { batchSize: 100 });
  });

  test('a payment through Paynet, and Paynet taking it back, write none', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    // Through the sandbox terminal, as a payer would: the bill names the holder, masked.
    const bill = await app.inject({ method: 'POST', url: '/sandbox/paynet/terminal', payload: { order: saved.order_id, lang: 'en' } });
    expect(bill.body).toContain('D. Karimova');
    const amount = String(saved.amount * 100);
    expect((await app.inject({ method: 'POST', url: '/sandbox/paynet/terminal/pay', payload: { order: saved.order_id, amount, lang: 'en' } })).statusCode).toBe(200);
    const payment = await app.db.selectFrom('payments').select('reference').where('contract_id', '=', saved.contract_id).where('provider', '=', 'paynet').executeTakeFirstOrThrow();
    const { login, password, serviceId } = testConfig().paynet;
    const cancel = await app.inject({
      method: 'POST',
      url: '/api/paynet',
      payload: { jsonrpc: '2.0', id: 1, method: 'CancelTransaction', params: { serviceId: Number(serviceId), transactionId: Number(payment.reference) } },
      headers: { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` },
    });
    expect(cancel.json()).toMatchObject({ result: { transactionState: 2 } });
    await deliverOutbox(app, { batchSize: 100 });
  });

  test('the providers\' own pages (Octo, the hosted page, Alif by card and in instalments) write none', async () => {
    const form = (url: string, fields: Record<string, string>) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const pageOf = async (link: string) => {
      const started = await app.inject(new URL(link).pathname);
      expect(started.statusCode).toBe(303);
      const location = new URL(String(started.headers.location));
      return `${location.pathname}${location.search}`;
    };
    const save = async () => (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    // Octo and the bank's page: a declined card, then the one that pays.
    for (const link of [(await save()).octo_url, (await save()).hosted_url]) {
      const page = await pageOf(link);
      expect((await form(page, { card_number: '8600 0000 0000 0002', card_expiry: '12/30' })).statusCode).toBe(402);
      expect((await form(page, { card_number: '8600 0000 0000 0001', card_expiry: '12/30' })).statusCode).toBe(303);
    }
    const hostedApi = await post(app, '/api/payment/initialize', { contract_id: (await save()).contract_id });
    expect(hostedApi.json().result).toBe(true);
    // Alif: the invoice made with the payer's phone; a declined card; Nasiya by phone, a wrong code, the right one.
    const contract = await save();
    const invoice = await post(app, '/api/alifpay/createAlifInvoice', { contract_id: contract.contract_id, phone: '998901234567' });
    const id = String(invoice.json().response.invoice_id);
    expect((await form('/sandbox/alif/checkout/card', { invoice: id, card_number: '8600 0000 0000 0002', card_expiry: '12/30' })).statusCode).toBe(402);
    expect((await form('/sandbox/alif/checkout/nasiya', { invoice: id, phone: '+998 90 123 45 67', months: '6' })).statusCode).toBe(200);
    expect((await form('/sandbox/alif/checkout/confirm', { invoice: id, code: '000000' })).statusCode).toBe(400);
    expect((await form('/sandbox/alif/checkout/confirm', { invoice: id, code: alifSandboxOtp })).statusCode).toBe(303);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('a pet purchase with its photos, and photos refused, write no personal number and nothing of the files', async () => {
    const price = pets.pricing(sampleCat, petSamples.catalog);
    if (!price) throw new Error('the pet sample has no price');
    // Files named after their owner's passport, as people name scans: the name must not be written either.
    const named = { read: async (ref: { name: string }) => fixtureFile(ref.name) };
    const recorder = fakeApi(() => ok({ contract_id: 'c', order_id: '1', amount: 1, url: 'https://x.uz/', payme_url: 'https://x.uz/' }));
    await pets.binding.save(recorder, sampleCat, price, { ...saveContext, files: named });
    const form = recorder.calls[0]?.form;
    if (!form) throw new Error('the pet save is not multipart');
    const body = {
      fields: Object.entries(form.fields),
      files: Object.entries(form.files).map(([name, file]) => ({ name, filename: `passport AA1234567 ${name}.jpg`, blob: file.blob })),
    };
    const saved = await postMultipart(app, '/api/sayt/pet-insurance/save', body);
    expect(saved.statusCode).toBe(200);
    expect((await payInSandbox(app, saved.json().response.payme_url)).statusCode).toBe(303);
    for (const refused of refusedFiles()) {
      const res = await postMultipart(app, '/api/sayt/pet-insurance/save', { ...body, files: [body.files[0]!, { name: 'photo_2', filename: `AA1234567 ${refused.filename}`, blob: refused.blob }] });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const { payload, contentType } = await multipart(body);
    const cut = await app.inject({ method: 'POST', url: '/api/sayt/pet-insurance/save', payload: payload.subarray(0, payload.length / 2), headers: { authorization: siteAuth, 'content-type': contentType } });
    expect(cut.statusCode).toBe(400);
  });

  test('nothing written holds a passport, PINFL, phone, card number or SMS code', async () => {
    const all = await written();
    expect(lines.length).toBeGreaterThan(20);
    expect(all).toContain('request failed');
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
    // Nothing of an uploaded file: a JPEG's and a PDF's own markers.
    for (const marker of ['JFIF', '%PDF', 'IHDR']) expect(all, marker).not.toContain(marker);
    // The sample holder's name: a Paynet bill shows it masked, and nothing written names it whole.
    expect(all).not.toMatch(/Dilnoza/);
  });
});
