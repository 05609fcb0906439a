import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { deliverOutbox } from './lib/outbox-worker';
import { loadProducts } from './lib/product-registry';
import { loggerOptions } from './logging';
import { alifSandboxOtp } from './payments/alif/sandbox-api';
import { savePolicyRequest } from '../products/osago/binding';
import osago from '../products/osago/definition';
import { sampleOsagoCatalog, sampleOwnCarTwoDrivers } from '../products/osago/samples';
import { fixtureFile, fixtureFiles, homeSaveBody, inDays, multipart, payInSandbox, post, postMultipart, refusedFiles, siteAuth } from './test-helpers';
import { miniCascoSaveRequest } from '../products/mini-casco/binding';
import { sampleComfortCobalt } from '../products/mini-casco/samples';
import { quickCascoSaveRequest } from '../products/quick-casco/binding';
import { sampleCitizenOptimal } from '../products/quick-casco/samples';
import { isoToDmy } from '../products/kit/api/api-format';
import { isRecord } from '../engine/is-record';
import { travelUzbSaveRequest } from '../products/travel-uzb/binding';
import travelUzb from '../products/travel-uzb/definition';
import { samplePurchase as travelUzbPurchase } from '../products/travel-uzb/samples';
import { sandboxTravelUzbTariff } from '../products/travel-uzb/pricing';
import { cascoSaveRequest } from '../products/casco/binding';
import casco from '../products/casco/definition';
import { sampleCascoCatalog, sampleCobaltComfort } from '../products/casco/samples';
import pets from '../products/pets/definition';
import { fakeApi, ok, saveContext } from '../products/kit/testing/fake-api';
import petSamples, { sampleCat } from '../products/pets/samples';
import { onSamplesDay, registeredProducts } from '../products/kit/testing/product-tests';
import { buySample, serverApi, type Exchange } from '../tests/support/sample-purchase';

// The samples' covers start within the start window of the day they are told on: the tests run on it.
onSamplesDay();

/**
 * No personal data in logs or chat messages, on any path: every product's purchase (the product
 * registry's, each bought through its own binding) and every failure — refused input, wrong price,
 * unknown person, a declined card, a database insert that fails, a chat message that cannot be
 * sent. The sample people's passports, licences, PINFLs and phones (found in what each purchase sent
 * and was answered) and the test cards must appear nowhere in what the server writes, at the most
 * verbose log level.
 */

/** What no product's data holds: the test cards, the SMS codes, and the numbers of the hand-written refusals below. */
const secrets = new Set([
  '998901234567', '901234567', '90 123 45 67', // the sample phone as people write it
  '8600000000000001', '8600000000000002', '8600 0000 0000 0002', '8600 0000 0000 0001', '8600069195406311', // cards
  '666666', // the card API's SMS code
  alifSandboxOtp, // Alif's SMS code
  'AF0557857', '0557857', 'AB1234321', // driving licences
  'FRA1234567', 'AC1111111', '1111111', 'AF0000009', // quick casco's foreigner, mini-casco's refused applicants
  'KZ0123456', '0123456', // a foreign tourist's passport (domestic travel)
]);

/**
 * The personal numbers a request or an answer holds — passports (series and number together and the
 * number alone), driving licences, PINFLs, phones — under whatever names its product gives them, so
 * a new product's people are looked for without a line here.
 */
function personalNumbers(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) personalNumbers(item, found);
    return;
  }
  if (!isRecord(value)) return;
  const keys = Object.keys(value);
  const text = (pattern: RegExp) => keys.filter((key) => pattern.test(key)).map((key) => value[key]).filter((v): v is string => typeof v === 'string' && v.length > 0);
  for (const number of text(/pass.*num|licen[cs]e.*num|pinfl|phone/i)) {
    if (number.length >= 7) found.add(number);
    if (/^998\d{9}$/.test(number)) found.add(number.slice(3));
  }
  for (const [series, numbers] of [[/pass.*ser/i, /pass.*num/i], [/licen[cs]e.*ser/i, /licen[cs]e.*num/i]] as const) {
    const [seria] = text(series);
    const [number] = text(numbers);
    if (seria && number) found.add(`${seria}${number}`);
  }
  for (const member of Object.values(value)) personalNumbers(member, found);
}

/** What an exchange carries: its JSON body, its multipart text fields, and the answer. */
const carried = (exchange: Exchange): unknown[] => [exchange.body, exchange.form && Object.fromEntries(exchange.form.fields), exchange.envelope.response];

/** A save request at another price: its amount (`amountField`, a top-level member) one less. */
function cheaper(exchange: Exchange, amountField: string): Exchange {
  const name = amountField.slice(1);
  if (exchange.form) return { ...exchange, form: { ...exchange.form, fields: exchange.form.fields.map(([key, text]) => [key, key === name ? String(Number(text) - 1) : text]) } };
  const body = exchange.body as Record<string, number>;
  return { ...exchange, body: { ...body, [name]: (body[name] ?? 0) - 1 } };
}

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
  const sales = new Map<string, { amountField: string }>();
  beforeAll(async () => {
    for (const { manifest, sale } of await loadProducts()) sales.set(manifest.id, sale);
  });

  // Every product of the registry: a new product's purchase is held to it without a line here.
  test.each(registeredProducts().map((product) => ({ ...product, id: product.manifest.id })))(
    '$id: a purchase (catalog, lookups, quote, save, unpaid check, payment, paid check) and a save at another price write none',
    async ({ manifest, definition, samples }) => {
      const api = serverApi(app);
      const { payment } = await buySample(definition, samples, api, { ...saveContext, files: fixtureFiles });
      const payme = payment.links.payme;
      if (!payme) throw new Error(`${manifest.id}: no Payme link`);
      expect((await payInSandbox(app, payme)).statusCode).toBe(303);
      expect(await definition.binding.check(api, payment)).toMatchObject({ policyNumber: expect.any(String) });
      const save = api.exchanges.find((exchange) => exchange.path === manifest.calls.save);
      if (!save) throw new Error(`${manifest.id}: no save sent`);
      const other = cheaper(save, sales.get(manifest.id)?.amountField ?? '/amount');
      const refused = other.form ? await postMultipart(app, `/api${other.path}`, other.form) : await post(app, `/api${other.path}`, other.body);
      expect(refused.statusCode).toBe(422);
      for (const exchange of api.exchanges) for (const value of carried(exchange)) personalNumbers(value, secrets);
    },
  );

  test('a payment through Click\'s link writes none', async () => {
    // Click's page, then Click's Prepare and Complete.
    const home = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, home.url)).statusCode).toBe(303);
    expect((await app.db.selectFrom('payments').select('state').where('contract_id', '=', home.contract_id).where('provider', '=', 'click').executeTakeFirst())?.state).toBe('paid');
  });

  test('the refusals only one product has write none: OSAGO\'s declined drivers, a car check\'s errors, a company\'s car, a stranger', async () => {
    const price = osago.pricing(sampleOwnCarTwoDrivers, sampleOsagoCatalog);
    if (!price) throw new Error('the OSAGO sample has no price');
    const body = savePolicyRequest(sampleOwnCarTwoDrivers, price);
    // A driver row the insurer declines (logged), and error 10 (also reported to the chat).
    const [vali] = body.drivers;
    for (const n of ['0000003', '0000010']) {
      const declined = { ...body, drivers: [vali, { passport__seria: 'AF', passport__number: n, driver_birthday: '01.01.1980', licenseSeria: 'AF', licenseNumber: '0900001', licenseIssueDate: '10.01.2000', relative: 0 }] };
      expect((await post(app, '/api/osago-neo/save-policy/v2', declined)).json().result).toBe(false);
    }
    // The car check's errors 1 and 9, an applicant the registry does not know (422), a legal entity's car (422 for_only_individuals).
    const cobalt = { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422' };
    expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, gos_number: '01X000XX' })).json().error).toBe(1);
    expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, passport_seria: 'AF', passport_number: '0000009', birthday: '01.01.1980' })).json().error).toBe(9);
    const stranger = { passport_seria: 'AC', passport_number: '9999999', birthday: '20.03.2002' };
    const soon = isoToDmy(inDays(2), '.');
    expect((await post(app, '/api/takoful/mini-casco/createPolicy', { ...miniCascoSaveRequest(sampleComfortCobalt, { total: 90_000, lines: [] }), begin_date: soon, applicant: stranger })).statusCode).toBe(422);
    const companyCar = { gos_number: '01123ABC', tech_sery: 'AAF', tech_number: '1111111' };
    expect((await post(app, '/api/sayt/tez-kasko/save', { ...quickCascoSaveRequest(sampleCitizenOptimal, { total: 900_000, lines: [] }), ...companyCar })).statusCode).toBe(422);
    // A domestic tourist the registry does not know by that birthday.
    const tripPrice = travelUzb.pricing(travelUzbPurchase, sandboxTravelUzbTariff);
    if (!tripPrice) throw new Error('the domestic travel sample has no price');
    const travel = travelUzbSaveRequest(travelUzbPurchase, tripPrice);
    const tourists = travel.tourists.map((t) => (t.foreign_type === 0 ? { ...t, birthday: '16.05.1990' } : t));
    expect((await post(app, '/api/sayt/travel-uzb/save', { ...travel, tourists })).statusCode).toBe(422);
    // Casco: a payer the registry lacks, a value beyond the tariff's share.
    const cascoPrice = casco.pricing(sampleCobaltComfort, sampleCascoCatalog);
    if (!cascoPrice) throw new Error('the casco sample has no price');
    const cascoBody = cascoSaveRequest(sampleCobaltComfort, cascoPrice);
    expect((await post(app, '/api/takoful/kasko-neo/save', { ...cascoBody, payer: { ...cascoBody.payer, birthday: '16-05-1990' } })).statusCode).toBe(422);
    expect((await post(app, '/api/takoful/kasko-neo/save', { ...cascoBody, car: { ...cascoBody.car, price: cascoBody.car.price * 2 } })).statusCode).toBe(422);
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
    // The sample people of every product (found in what their purchases sent and were answered), and the ones above.
    expect(secrets).toContain('31505900000011');
    expect(secrets).toContain('AA1234567');
    for (const secret of secrets) expect(all, secret).not.toContain(secret);
    // Nothing of an uploaded file: a JPEG's and a PDF's own markers.
    for (const marker of ['JFIF', '%PDF', 'IHDR']) expect(all, marker).not.toContain(marker);
    // The sample holder's name: a Paynet bill shows it masked, and nothing written names it whole.
    expect(all).not.toMatch(/Dilnoza/);
  });
});
