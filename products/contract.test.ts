import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { ApiPort, FlowData, PaymentDetails, ProductDefinition } from '../engine/definition';
import { fakeApi, notOk, ok, type RecordedCall, saveContext } from './fake-api';
import { home } from './home/definition';
import { homePrograms } from './home/pricing';
import { sampleHome } from './home/samples';
import { travelQuoteInputFromRequest } from './travel/api';
import { calculatorRequest, travel } from './travel/definition';
import { quoteTravel } from './travel/pricing';
import {
  sampleFamilyTrip, sampleGetCountryAnswer, sampleGroupTrip, sampleMultiTrip, sampleSingleTrip, sampleTravelCatalog, sampleWorkStay,
} from './travel/samples';

/**
 * Every request a binding sends validates against its schemas/api request schema, and sample
 * answers that validate against the response schemas map back to what the engine expects.
 * Compiled with plain ajv 8 + ajv-formats, as the server's route validation does.
 */

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const schema = (file: string) => {
  const compiled = ajv.compile(JSON.parse(readFileSync(new URL(`../schemas/api/${file}`, import.meta.url), 'utf8')) as object);
  return (value: unknown) => (compiled(value) ? [] : compiled.errors);
};
const envelope = schema('common/envelope.json');

/** path → [request schema, response schema]. */
const calls: Record<string, [string | null, string]> = {
  '/takoful/travel-neo/get_country': [null, 'travel/get-country.response.json'],
  '/takoful/travel-neo/calculator': ['travel/calculator.request.json', 'travel/calculator.response.json'],
  '/takoful/travel-neo/getPerson': ['travel/get-person.request.json', 'travel/get-person.response.json'],
  '/takoful/travel-neo/save-polis': ['travel/save-polis.request.json', 'travel/save-polis.response.json'],
  '/takoful/travel-neo/checkPolis': ['travel/check-polis.request.json', 'travel/check-polis.response.json'],
  '/sayt/uyjoy-api/save': ['home/save.request.json', 'home/save.response.json'],
  '/sayt/uyjoy-api/check': ['home/check.request.json', 'home/check.response.json'],
};

const answers: Record<string, unknown> = {
  '/takoful/travel-neo/get_country': sampleGetCountryAnswer,
  '/takoful/travel-neo/getPerson': { ism: 'Вали', familya: 'Алиев', ism_eng: 'VALI', familya_eng: 'ALIYEV', pinfl: '31505900000011' },
  '/takoful/travel-neo/save-polis': { contract_id: 'T-1001', order_id: 'O-1001', amount: 574_015, url: 'https://my.click.uz/services/pay?service_id=1&transaction_param=T-1001', payme_url: 'https://checkout.paycom.uz/bT0xO2FjLmNvbnRyYWN0PVQtMTAwMQ==' },
  '/takoful/travel-neo/checkPolis': { check: true, url: 'https://shop.example.uz/policies/T-1001.pdf', polis_seria: 'TRV', polis_number: '0001001' },
  '/sayt/uyjoy-api/save': { contract_id: 'H-77', order_id: 'O-77', amount: 320_000, url: 'https://my.click.uz/services/pay?service_id=2&transaction_param=H-77', payme_url: 'https://checkout.paycom.uz/bT0yO2FjLmNvbnRyYWN0PUgtNzc=' },
  '/sayt/uyjoy-api/check': { policy_number: 'UY 0000077', pdf_url: 'https://shop.example.uz/policies/H-77.pdf' },
};

/** A port that answers the sample answers, after checking each request and answer against the schemas. */
function contractApi(): ApiPort & { calls: RecordedCall[] } {
  return fakeApi((call) => {
    const entry = calls[call.path];
    if (!entry) throw new Error(`${call.path} is not a documented call`);
    const [request, response] = entry;
    if (request) expect(schema(request)(call.body), `${call.path} request`).toEqual([]);
    else expect(call.method).toBe('GET');
    const answer = ok(answers[call.path]);
    expect(envelope(answer), `${call.path} envelope`).toEqual([]);
    expect(schema(response)(answer.response), `${call.path} answer`).toEqual([]);
    return answer;
  });
}

async function runBinding<D extends FlowData, C>(definition: ProductDefinition<D, C>, data: D) {
  const api = contractApi();
  const catalog = await definition.binding.load(api);
  const lookups: Record<string, unknown>[] = [];
  for (const lookup of definition.binding.lookups ?? []) {
    const object = data[lookup.step] ?? {};
    const rows = lookup.rows ? (object[lookup.rows] as Record<string, unknown>[]) : [object];
    for (const row of rows) if (lookup.key(row) !== null) lookups.push(await lookup.run(api, row));
  }
  const price = definition.pricing(data, catalog);
  if (!price) throw new Error(`${definition.id}: sample has no price`);
  const payment = await definition.binding.save(api, data, price, saveContext);
  // Providers send the visitor back to the flow's payment step, with the partner's `ad` kept.
  expect(api.calls.at(-1)?.body).toMatchObject({ return_url: saveContext.returnPath });
  const policy = await definition.binding.check(api, payment);
  return { api, catalog, lookups, price, payment, policy };
}

describe('travel binding ↔ schemas/api/travel', () => {
  for (const [name, data] of Object.entries({ sampleSingleTrip, sampleWorkStay, sampleMultiTrip, sampleFamilyTrip, sampleGroupTrip })) {
    it(`${name}: every request and answer matches the schemas`, async () => {
      const { api, catalog, lookups, payment, policy } = await runBinding(travel, data);
      expect(catalog).toEqual(sampleTravelCatalog);
      expect(api.calls.map((c) => c.path)).toEqual(expect.arrayContaining([
        '/takoful/travel-neo/get_country', '/takoful/travel-neo/save-polis', '/takoful/travel-neo/checkPolis',
      ]));
      for (const found of lookups) expect(JSON.stringify(found)).toContain('VALI');
      expect(payment).toEqual({
        contractId: 'T-1001', orderId: 'O-1001', price: 574_015,
        links: { click: (answers['/takoful/travel-neo/save-polis'] as { url: string }).url, payme: expect.stringMatching(/^https:\/\/checkout\.paycom\.uz\//) },
      } satisfies PaymentDetails);
      expect(policy).toEqual({ policyNumber: 'TRV 0001001', policyUrl: 'https://shop.example.uz/policies/T-1001.pdf' });
    });
  }

  it('the calculator request of each sample validates, and pricing it answers the page price', () => {
    const validate = schema('travel/calculator.request.json');
    for (const data of [sampleSingleTrip, sampleWorkStay, sampleMultiTrip, sampleFamilyTrip, sampleGroupTrip]) {
      const request = calculatorRequest(data);
      expect(validate(request)).toEqual([]);
      const programId = data.program.programId ?? 0;
      const total = quoteTravel(travelQuoteInputFromRequest(request, programId), sampleTravelCatalog.tariffs)?.total;
      expect(total).toBe(travel.pricing(data, sampleTravelCatalog)?.total);
    }
    expect('end_date' in calculatorRequest(sampleSingleTrip)).toBe(true);
    expect(calculatorRequest(sampleWorkStay)).toMatchObject({ days: 60 });
  });

  it('a calculator answer validates', () => {
    const rows = [1, 2, 3].map((id) => ({ program_id: id, program_name: ['Basic', 'Comfort', 'Premium'][id - 1], prem_usd: 35.1, prem_uzs: 444_015, kurs_cbu: 12_650 }));
    expect(schema('travel/calculator.response.json')(rows)).toEqual([]);
  });

  it('the request schemas refuse what the server must refuse', async () => {
    const save = schema('travel/save-polis.request.json');
    const good = await sentBody(travel, sampleSingleTrip, '/takoful/travel-neo/save-polis');
    expect(save(good)).toEqual([]);
    expect(save({ ...good, begin_date: '2030-07-01' })).not.toEqual([]);
    expect(save({ ...good, purpose_id: 2 })).not.toEqual([]);
    expect(save({ ...good, extra: 1 })).not.toEqual([]);
    expect(save({ ...good, sugurtalovchi: { ...(good.sugurtalovchi as object), name: 'x'.repeat(10_000) } })).not.toEqual([]);
    expect(save({ ...good, sugurtalovchi: { ...(good.sugurtalovchi as object), name: 'Вали' } })).not.toEqual([]);
    expect(save({ ...good, return_url: 'https://evil.example/' })).not.toEqual([]);
    expect(schema('travel/get-person.request.json')({ passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' })).not.toEqual([]);
    expect(envelope(notOk(1, 'payment_not_made'))).toEqual([]);
  });
});

/** The body a product's save sends for sample data. */
async function sentBody<D extends FlowData, C>(definition: ProductDefinition<D, C>, data: D, path: string) {
  const api = fakeApi(() => ok(answers[path]));
  await definition.binding.save(api, data, { total: 1, lines: [] }, saveContext);
  return api.calls[0]?.body as Record<string, unknown>;
}

describe('home binding ↔ schemas/api/home', () => {
  it('every request and answer matches the schemas', async () => {
    const { api, catalog, payment, policy } = await runBinding(home, sampleHome);
    expect(catalog).toEqual({ programs: [...homePrograms] });
    expect(api.calls.map((c) => c.path)).toEqual(['/sayt/uyjoy-api/save', '/sayt/uyjoy-api/check']);
    expect(payment).toMatchObject({ contractId: 'H-77', orderId: 'O-77', price: 320_000 });
    expect(policy).toEqual({ policyNumber: 'UY 0000077', policyUrl: 'https://shop.example.uz/policies/H-77.pdf' });
  });

  it('the save schema refuses a wrong date format, region and house type', async () => {
    const save = schema('home/save.request.json');
    const body = await sentBody(home, sampleHome, '/sayt/uyjoy-api/save');
    expect(save(body)).toEqual([]);
    expect(save({ ...body, begin_date: '01-07-2030' })).not.toEqual([]);
    expect(save({ ...body, region_id: 15 })).not.toEqual([]);
    expect(save({ ...body, house_type: 'villa' })).not.toEqual([]);
    expect(save({ ...body, address: 'x'.repeat(10_000) })).not.toEqual([]);
  });
});
