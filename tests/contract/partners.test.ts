import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isoToDmy, oneYearFrom } from '../../products/kit/api/api-format';
import { todayInTashkent } from '../../server/dates';
import { createTestApp, neoAuth, payInSandbox, post, siteAuth } from '../../server/test-helpers';

/**
 * The travel API as the existing partner backends call it (docs/partner-api.md §2, "The calls
 * partners make"): [K] a Go aggregator, [Y] a Yii2 PHP backend, [L] a Laravel booking service.
 * Each replays its own request shapes — paths, flag and id types, traveller and payer field names,
 * extra fields, checks by order or contract — and must buy a policy whose period and price agree.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const day = (n: number) => isoToDmy(addDays(todayInTashkent(), n), '-');
const vali = { passport: ['AA', '1234567'], birthday: '15-05-1990', pinfl: '31505900000011', first: 'VALI', last: 'ALIYEV' };
const dilnoza = { passport: ['AB', '7654321'], birthday: '02-11-1985', pinfl: '41102850000022', first: 'DILNOZA', last: 'KARIMOVA' };

interface Quote {
  program_id: number;
  prem_uzs: number;
}

async function calculate(path: string, body: object, auth = siteAuth): Promise<Quote[]> {
  const res = await post(app, path, body, { authorization: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ response: Quote[] }>().response;
}

async function saveAndPay(path: string, body: object, auth = siteAuth) {
  const res = await post(app, path, body, { authorization: auth });
  expect(res.statusCode, res.body).toBe(200);
  const saved = res.json<{ response: { contract_id: string; order_id: string; amount: number; payme_url: string } }>().response;
  return saved;
}

async function contractTerms(contractId: string) {
  const contract = await app.contracts.get(contractId);
  return (contract?.request as { terms: { beginDate: string; endDate: string; insured: unknown[] } }).terms;
}

describe('[K] the Go aggregator', () => {
  // Paths without /takoful, booleans for flags and risks, travellers as bare birth dates,
  // persons in camelCase and snake_case with middle names and addresses, program id as a string.
  it('buys a single trip for two and checks it by order number', async () => {
    const trip = {
      begin_date: day(12), end_date: day(21), countries: ['TR', 'ae'], purpose_id: 1,
      kop_martali: false, is_family: false, has_covid: true,
      risklar: { accident: true, luggage: false, cancel_travel: false, person_respon: false, delay_travel: false },
    };
    const quotes = await calculate('/api/travel-neo/calculator', { ...trip, travelers: [vali.birthday, dilnoza.birthday] }, neoAuth);
    const comfort = quotes.find((q) => q.program_id === 2);
    if (!comfort) throw new Error('no Comfort quote');
    const person = (p: typeof vali) => ({
      passportSeries: p.passport[0], passportNumber: p.passport[1], birthday: p.birthday, pinfl: p.pinfl,
      first_name: p.first, last_name: p.last, middle_name: 'O‘G‘LI', address: 'Tashkent, Chilonzor 5', gender: 'm',
    });
    const saved = await saveAndPay('/api/travel-neo/save-polis', {
      ...trip,
      summa_all: comfort.prem_uzs,
      program_id: '2',
      sugurtalovchi: { ...person(vali), phone: '+998 90 123-45-67' },
      travelers: [{ ...person(vali), is_payer: true }, person(dilnoza)],
      agent_commission: 0.1,
    }, neoAuth);
    expect(saved.amount).toBe(comfort.prem_uzs);
    expect(await contractTerms(saved.contract_id)).toMatchObject({ beginDate: addDays(todayInTashkent(), 12), endDate: addDays(todayInTashkent(), 21) });

    const unpaid = await post(app, '/api/travel-neo/checkPolis', { order_id: Number(saved.order_id) }, { authorization: neoAuth });
    expect(unpaid.json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const paid = (await post(app, '/api/travel-neo/checkPolis', { order_id: Number(saved.order_id) }, { authorization: neoAuth })).json();
    expect(paid).toMatchObject({ result: true, response: { check: true, polis_seria: 'TRV', url: expect.stringMatching(/\.pdf$/) } });
    expect(paid.response.polis_number).toMatch(/^\d{10}$/);
  });

  it('looks a person up with its own field names', async () => {
    const res = await post(app, '/api/travel-neo/getPerson', { passportSeries: 'aa', passportNumber: '1234567', birthday: '15-05-1990' }, { authorization: neoAuth });
    expect(res.json()).toMatchObject({ result: true, response: { ism_eng: 'Vali', familya_eng: 'Aliyev', pinfl: '31505900000011' } });
  });
});

describe('[Y] the Yii2 backend', () => {
  // PHP sends every scalar as a string: flags "0"/"1", ids and days as digits, countries by their
  // catalog id; a multi-trip policy gives days, not an end date.
  it('buys a multi-trip policy for a year and checks it by contract', async () => {
    const catalog = (await app.inject({ url: '/api/takoful/travel-neo/get_country', headers: { authorization: siteAuth } })).json().response;
    const kazakhstan = String(catalog.country.find((c: { code: string }) => c.code === 'KZ').id);
    const trip = {
      begin_date: day(5), days: '45', countries: [kazakhstan], purpose_id: '1',
      kop_martali: '1', is_family: '0', has_covid: '0',
      risklar: { accident: '0', luggage: '1', cancel_travel: '0', person_respon: '0', delay_travel: '0' },
    };
    const quotes = await calculate('/api/takoful/travel-neo/calculator', { ...trip, travelers: [{ birthday: dilnoza.birthday }] });
    const basic = quotes.find((q) => q.program_id === 1);
    if (!basic) throw new Error('no Basic quote');
    const saved = await saveAndPay('/api/takoful/travel-neo/save-polis', {
      ...trip,
      summa_all: basic.prem_uzs,
      program_id: '1',
      sugurtalovchi: { type: '0', passport_seria: 'AB', passport_number: '7654321', birthday: dilnoza.birthday, pinfl: dilnoza.pinfl, phone: '998935550011', name: 'Dilnoza', surname: 'Karimova' },
      travelers: [{ passport_seria: 'AB', passport_number: '7654321', birthday: dilnoza.birthday, name: 'Dilnoza', surname: 'Karimova', foreign: '0', is_payer: '1' }],
    });
    const begin = addDays(todayInTashkent(), 5);
    expect(await contractTerms(saved.contract_id)).toMatchObject({ beginDate: begin, endDate: oneYearFrom(begin) });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const paid = (await post(app, '/api/takoful/travel-neo/checkPolis', { contract_id: saved.contract_id })).json();
    expect(paid.response).toMatchObject({ check: true, polis_seria: 'TRV' });
  });

  it('cannot buy a longer stay for a shorter price: days that contradict the dates are refused', async () => {
    const trip = { begin_date: day(5), end_date: day(34), countries: ['TR'], purpose_id: '1', kop_martali: '0', is_family: '0', has_covid: '0' };
    const [oneDay] = await calculate('/api/takoful/travel-neo/calculator', { ...trip, end_date: day(5), travelers: [vali.birthday] });
    const res = await post(app, '/api/takoful/travel-neo/save-polis', {
      ...trip, days: '1', summa_all: oneDay?.prem_uzs, program_id: '1',
      sugurtalovchi: { passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, phone: '998901234567', name: 'Vali', surname: 'Aliyev' },
      travelers: [{ passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, name: 'Vali', surname: 'Aliyev' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().response).toEqual({ field: '/days' });
  });
});

describe('[L] the Laravel booking service', () => {
  // Objects for travellers, 0/1 integers, its own booking fields beside ours, the /travel-neo paths.
  it('buys a family policy and reads the paid answer', async () => {
    const trip = { begin_date: day(30), end_date: day(37), countries: ['US'], purpose_id: 1, kop_martali: 0, is_family: 1, has_covid: 0, booking_ref: 'BK-2291' };
    const quotes = await calculate('/api/travel-neo/calculator', { ...trip, travelers: [{ birthday: vali.birthday }, { birthday: dilnoza.birthday }] });
    const premium = quotes.find((q) => q.program_id === 3);
    if (!premium) throw new Error('no Premium quote');
    const traveller = (p: typeof vali, payer: boolean) => ({
      passport_seria: p.passport[0], passport_number: p.passport[1], birthday: p.birthday, name: p.first, surname: p.last, foreign: false, is_payer: payer, seat: '12A',
    });
    const saved = await saveAndPay('/api/travel-neo/save-polis', {
      ...trip,
      // Laravel's decimal cast sends money as a string with its cents.
      summa_all: `${premium.prem_uzs}.00`,
      program_id: 3,
      sugurtalovchi: { type: 0, passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, phone: '998901234567', name: 'VALI', surname: 'ALIYEV', email: 'vali@example.uz' },
      travelers: [traveller(vali, true), traveller(dilnoza, false)],
    });
    expect(saved.amount).toBe(premium.prem_uzs);
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    // Its check carries its own language and booking fields too.
    const paid = (await post(app, '/api/travel-neo/checkPolis', { contract_id: saved.contract_id, lang: 'ru', booking_ref: 'BK-2291' })).json();
    expect(paid.response).toMatchObject({ check: true, polis_seria: 'TRV', url: paid.response.pdf_url });
  });

  it('is refused, with the field named, where it matters: a price that is not ours, a sum that is not whole', async () => {
    const trip = { begin_date: day(30), end_date: day(37), countries: ['US'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0 };
    const body = (summa: unknown) => ({
      ...trip, summa_all: summa, program_id: 1,
      sugurtalovchi: { type: 0, passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, phone: '998901234567', name: 'VALI', surname: 'ALIYEV' },
      travelers: [{ passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, name: 'VALI', surname: 'ALIYEV' }],
    });
    const cheaper = await post(app, '/api/travel-neo/save-polis', body('100000'));
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json().message).toMatch(/^amount differs, server: \d+$/);
    for (const unread of ['100000.50', '100 000', '1e5']) {
      const res = await post(app, '/api/travel-neo/save-polis', body(unread));
      expect(res.statusCode, unread).toBe(400);
      expect(res.json().response, unread).toEqual({ field: '/summa_all' });
    }
  });
});

describe('a group priced from get_country\'s table, as a partner prices it', () => {
  interface Table {
    usdRate: number;
    programs: { id: number; dailyUsd: number }[];
    purposes: { id: number; factor: number }[];
    ageFactors: { maxAge: number | null; factor: number }[];
    groupDiscounts: { minTravellers: number; factor: number }[];
  }
  // Half a year past a birthday: ages far from a band's edge (under 18, 18–64, 65–75, over 75 in the sandbox).
  const born = (age: number) => isoToDmy(addDays(todayInTashkent(), -Math.round((age + 0.5) * 365.25)), '-');

  /** The group discount of the rule get_country's schema states: the band of the highest minTravellers the place reaches. */
  const discountOf = (table: Table, place: number) => table.groupDiscounts
    .filter((band) => band.minTravellers <= place)
    .reduce<{ minTravellers: number; factor: number } | null>((best, band) => (!best || band.minTravellers > best.minTravellers ? band : best), null)?.factor ?? 1;

  /** A 10-day trip to Turkey for tourism, Basic, the travellers of `travellerAges`: the partner's own arithmetic from the table. */
  function partnerPrice(table: Table, travellerAges: number[]): number {
    const factors = travellerAges.map((age) => table.ageFactors.find((band) => band.maxAge === null || age <= band.maxAge)?.factor ?? 1).sort((a, b) => b - a);
    let sum = 0;
    factors.forEach((factor, i) => {
      sum += factor * discountOf(table, i + 1);
    });
    const adultUsd = (table.programs.find((p) => p.id === 1)?.dailyUsd ?? 0) * 10 * (table.purposes.find((p) => p.id === 1)?.factor ?? 0) * 1 * 1 * 1;
    return Math.round((Math.round(adultUsd * sum * 100) / 100) * table.usdRate);
  }

  it('prices every group of up to ten to the calculator\'s figure, each band applied where it says', async () => {
    const table = (await app.inject({ url: '/api/travel-neo/get_country', headers: { authorization: neoAuth } })).json().response.tariffs as Table;
    // A policy takes at most ten travellers: a band beyond ten would advertise what nobody pays.
    expect(table.groupDiscounts.length).toBeGreaterThan(0);
    for (const band of table.groupDiscounts) expect(band.minTravellers).toBeLessThanOrEqual(10);
    const trip = { begin_date: day(20), end_date: day(29), countries: ['TR'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0 };
    const groups = [
      ...Array.from({ length: 10 }, (_, n) => Array<number>(n + 1).fill(30)),
      [80, 80, 80, 80, 9], [9, 9, 9, 9, 9, 9, 9, 9, 9, 80], [70, 30, 9, 80, 52, 30, 9, 70, 30, 52], [30, 30, 30, 30, 9, 9, 9, 9, 9, 9],
    ];
    let previous = 0;
    for (const [i, group] of groups.entries()) {
      const quotes = await calculate('/api/travel-neo/calculator', { ...trip, travelers: group.map(born) }, neoAuth);
      const basic = quotes.find((q) => q.program_id === 1)?.prem_uzs ?? 0;
      expect(basic, group.join()).toBe(partnerPrice(table, group));
      // Adults one by one: each band's factor is what the traveller at its place adds.
      if (i < 10) {
        const place = i + 1;
        expect(basic - previous, `the adult at place ${place}`).toBeCloseTo(partnerPrice(table, [30]) * discountOf(table, place), -1);
        previous = basic;
      }
    }
  });
});

describe('what no partner may buy', () => {
  const trip = { begin_date: day(10), end_date: day(15), purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0 };
  const person = { passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, name: 'Vali', surname: 'Aliyev' };

  it('cover for a country the catalog does not list, or for Uzbekistan itself, in the calculator and the save', async () => {
    for (const [countries, field] of [[['XX'], '/countries/0'], [['TR', 'UZ'], '/countries/1'], [['QQ'], '/countries/0']] as const) {
      const quoted = await post(app, '/api/travel-neo/calculator', { ...trip, countries, travelers: [vali.birthday] }, { authorization: neoAuth });
      expect(quoted.statusCode, countries.join()).toBe(400);
      expect(quoted.json().response).toEqual({ field });
      const saved = await post(app, '/api/travel-neo/save-polis', {
        ...trip, countries, summa_all: 100_000, program_id: 1, sugurtalovchi: { ...person, phone: '998901234567' }, travelers: [person],
      }, { authorization: neoAuth });
      expect(saved.statusCode, countries.join()).toBe(400);
      expect(saved.json().response).toEqual({ field });
    }
  });
});

describe('what no partner may buy, at any price', () => {
  const base = { begin_date: day(7), countries: ['TR'], purpose_id: 1, is_family: 0, has_covid: 0 };
  it.each([
    { name: 'a multi-trip year for 1 day abroad', body: { ...base, kop_martali: 1, days: 1 }, field: '/days' },
    { name: 'a multi-trip year for 365 days abroad', body: { ...base, kop_martali: 1, days: 365 }, field: '/days' },
    { name: 'a study stay of 7 days', body: { ...base, purpose_id: 4, kop_martali: 0, days: 7 }, field: '/days' },
    { name: 'a traveller born after the trip', body: { ...base, kop_martali: 0, end_date: day(13), birthday: isoToDmy(addDays(todayInTashkent(), 400), '-') }, field: '/travelers/0/birthday' },
  ])('$name: 400 at $field', async ({ body, field }) => {
    const { birthday = vali.birthday, ...trip } = body as typeof body & { birthday?: string };
    const res = await post(app, '/api/travel-neo/calculator', { ...trip, travelers: [birthday] }, { authorization: neoAuth });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().response).toEqual({ field });
  });
});

describe('a cover bought now for a far year', () => {
  it('starts within half a year for a trip: a later begin date is refused in the calculator and the save, naming it', async () => {
    const trip = { end_date: day(190), countries: ['TR'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0, travelers: ['01-02-1991'] };
    expect(await calculate('/api/travel-neo/calculator', { ...trip, begin_date: day(180), end_date: day(185) }, neoAuth)).not.toHaveLength(0);
    for (const begin_date of [day(181), '01-01-2099']) {
      const res = await post(app, '/api/travel-neo/calculator', { ...trip, begin_date, end_date: begin_date }, { authorization: neoAuth });
      expect(res.statusCode, begin_date).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('a cover starts within 180 days'), response: { field: '/begin_date' } });
    }
  });
});

describe('whatever the partner\'s stack adds', () => {
  it('a cookie of its own load balancer, a slash after the path, Uzbek apostrophes in names, a citizenship by catalog id', async () => {
    const catalog = (await app.inject({ url: '/api/travel-neo/get_country', headers: { authorization: neoAuth } })).json().response;
    const turkey = catalog.country.find((c: { code: string }) => c.code === 'TR').id as number;
    const trip = { begin_date: day(3), end_date: day(9), countries: ['TR'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0 };
    const headers = { authorization: neoAuth, cookie: 'SERVERID=web-2' };
    const quoted = await post(app, '/api/travel-neo/calculator/', { ...trip, travelers: ['01-02-1991'] }, headers);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const basic = quoted.json().response.find((q: Quote) => q.program_id === 1) as Quote;
    const foreigner = { type: 2, passport_seria: 'FA', passport_number: '1234567', birthday: '01-02-1991', name: 'Gʻayrat', surname: 'O‘ktamov', country_id: turkey };
    const saved = await post(app, '/api/travel-neo/save-polis/', {
      ...trip, summa_all: String(basic.prem_uzs), program_id: 1,
      sugurtalovchi: { ...foreigner, phone: '998901234567' },
      travelers: [{ ...foreigner, foreign: true, is_payer: true }],
    }, headers);
    expect(saved.statusCode, saved.body).toBe(200);
    const terms = await contractTerms(saved.json().response.contract_id);
    expect(terms.insured).toMatchObject([{ name: "G'ayrat O'ktamov" }]);
  });

  it('the fields a client does not use, sent empty: a Go struct\'s zero values, a PHP client\'s nulls', async () => {
    const trip = { begin_date: day(4), end_date: day(10), countries: ['TR'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0 };
    // Go: `days` is 0 beside the dates, empty strings for the PINFL and citizenship it does not know.
    const goQuotes = await calculate('/api/travel-neo/calculator', { ...trip, days: 0, travelers: [{ birthday: vali.birthday }] }, neoAuth);
    // PHP: nulls for what it has not got, an empty end date beside the days of a multi-trip policy.
    const phpQuotes = await calculate('/api/travel-neo/calculator', { ...trip, days: null, has_covid: null, risklar: null, travelers: [vali.birthday] }, neoAuth);
    expect(phpQuotes).toEqual(goQuotes);
    const multi = await calculate('/api/travel-neo/calculator', { ...trip, end_date: '', days: 45, kop_martali: 1, travelers: [vali.birthday] }, neoAuth);
    expect(multi.length).toBeGreaterThan(0);
    const basic = goQuotes.find((q) => q.program_id === 1) as Quote;
    const person = { passport_seria: 'AA', passport_number: '1234567', birthday: vali.birthday, name: 'Vali', surname: 'Aliyev', pinfl: '', country_id: null };
    const saved = await saveAndPay('/api/travel-neo/save-polis', {
      ...trip, days: 0, summa_all: basic.prem_uzs, program_id: 1,
      sugurtalovchi: { ...person, type: null, phone: '998901234567' },
      travelers: [{ ...person, foreign: null, is_payer: 1 }],
    }, neoAuth);
    const terms = await contractTerms(saved.contract_id);
    expect(terms).toMatchObject({ beginDate: addDays(todayInTashkent(), 4), endDate: addDays(todayInTashkent(), 10) });
    const unpaid = await post(app, '/api/travel-neo/checkPolis', { order_id: saved.order_id, contract_id: '' }, { authorization: neoAuth });
    expect(unpaid.json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    const byContract = await post(app, '/api/travel-neo/checkPolis', { order_id: null, contract_id: saved.contract_id }, { authorization: neoAuth });
    expect(byContract.json()).toMatchObject({ result: false, error: 1 });
  });

  it('JSON sent as text/plain, as a fetch without a Content-Type sends it; a text/plain body that is not JSON is refused as bad JSON', async () => {
    const trip = { begin_date: day(3), end_date: day(9), countries: ['TR'], purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0, travelers: ['01-02-1991'] };
    const headers = { authorization: neoAuth, 'content-type': 'text/plain;charset=UTF-8' };
    const quoted = await app.inject({ method: 'POST', url: '/api/travel-neo/calculator', payload: JSON.stringify(trip), headers });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().response.length).toBeGreaterThan(0);
    const refused = await app.inject({ method: 'POST', url: '/api/travel-neo/calculator', payload: 'begin_date=01-01-2030', headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ result: false, message: 'the text/plain body is not JSON', response: { field: '/body' } });
  });
});
