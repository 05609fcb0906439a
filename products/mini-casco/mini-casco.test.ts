import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { isoToDmy } from '../kit/api/api-format';
import { apiFailure, fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { miniCascoTariff, type MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import { apiSchema } from '../kit/testing/product-tests';
import { createTestApp, get, inDays, post, sandboxSaleContext } from '../../server/test-helpers';
import type { CreatePolicyRequest } from './api.generated';
import { miniCascoSaveRequest, vehicleQuery } from './binding';
import miniCasco from './definition';
import { quoteMiniCasco, termPremium } from './pricing';
import manifest from './product';
import sale from './sale';
import samples, { sampleBasicElantra, sampleComfortCobalt, samplePremiumSpark } from './samples';
import type { MiniCascoData } from './rules';

const tariff = miniCascoTariff.seed;
const context = sandboxSaleContext<MiniCascoTariff>(tariff, '2030-06-15');
const priced = (data: MiniCascoData) => {
  const price = miniCasco.pricing(data, tariff);
  if (!price) throw new Error('a sample without a price');
  return price;
};
const requestOf = (data: MiniCascoData, change: Partial<CreatePolicyRequest> = {}): CreatePolicyRequest => ({ ...miniCascoSaveRequest(data, priced(data)), ...change });

describe('mini-casco pricing (docs/partner-api.md §2 "Mini-casco")', () => {
  it('sells the three programs at their premium for a year, and a month at the year ÷ 12 rounded up', () => {
    expect(tariff.programs.map((p) => [p.name, p.premium, p.sumInsured])).toEqual([
      ['Basic', 60_000, 10_000_000], ['Comfort', 90_000, 20_000_000], ['Premium', 110_000, 30_000_000],
    ]);
    expect(tariff.programs.map((p) => termPremium(p, 12))).toEqual([60_000, 90_000, 110_000]);
    expect(tariff.programs.map((p) => termPremium(p, 1))).toEqual([5_000, 7_500, 9_167]);
    // Rounded up: twelve months bought one by one never cost less than the year.
    for (const program of tariff.programs) expect(termPremium(program, 1) * 12).toBeGreaterThanOrEqual(program.premium);
    expect(quoteMiniCasco(3, 1, tariff)).toEqual({ total: 9_167, lines: [{ label: 'mini-casco.price.month', amount: 9_167 }] });
    expect(quoteMiniCasco(4, 12, tariff)).toBeNull();
  });

  it('shows each program card at the price of the product\'s term, with its cover', () => {
    const cards = miniCasco.options?.(tariff, sampleComfortCobalt).programs ?? [];
    expect(cards.map((c) => [c.label, c.price, c.details?.[0]?.value])).toEqual([
      ['mini-casco.program.1', 60_000, { uzs: 10_000_000 }],
      ['mini-casco.program.2', 90_000, { uzs: 20_000_000 }],
      ['mini-casco.program.3', 110_000, { uzs: 30_000_000 }],
    ]);
  });
});

describe('mini-casco rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-15T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());
  const { defaultBeginDate, checkBeginDate } = miniCasco.machine.actions;

  it('starts a chosen program tomorrow unless a first day is set, and refuses a first day before tomorrow', () => {
    if (!defaultBeginDate || !checkBeginDate) throw new Error('rules missing');
    const chosen = { ...sampleComfortCobalt, program: { programId: 2, months: 12 as const } };
    expect(defaultBeginDate(chosen, chosen).data.program.beginDate).toBe('2030-06-16');
    expect(defaultBeginDate(sampleComfortCobalt, sampleComfortCobalt).data.program.beginDate).toBe('2030-07-01');
    const today = { ...sampleComfortCobalt, program: { ...sampleComfortCobalt.program, beginDate: '2030-06-15' } };
    expect(checkBeginDate(today, sampleComfortCobalt).errors).toEqual({ program: { '/beginDate': 'mini-casco.error.begin_date' } });
    const tomorrow = { ...sampleComfortCobalt, program: { ...sampleComfortCobalt.program, beginDate: '2030-06-16' } };
    expect(checkBeginDate(tomorrow, sampleComfortCobalt).errors).toBeUndefined();
  });

  it('says at the birthday that an applicant under 18 on the first day cannot buy, as the server refuses the save', () => {
    const { checkApplicantAge } = miniCasco.machine.actions;
    if (!checkApplicantAge) throw new Error('rules missing');
    const born = (birthday: string) => ({ ...sampleComfortCobalt, program: { ...sampleComfortCobalt.program, beginDate: '2030-07-01' }, applicant: { ...sampleComfortCobalt.applicant, birthday } });
    expect(checkApplicantAge(born('2012-07-02'), sampleComfortCobalt).errors).toEqual({ applicant: { '/birthday': 'mini-casco.error.applicant_age' } });
    // 18 on the first day, though not yet today.
    expect(checkApplicantAge(born('2012-07-01'), sampleComfortCobalt).errors).toBeUndefined();
    // A birthday after today is the date field's to refuse.
    expect(checkApplicantAge(born('2031-01-01'), sampleComfortCobalt).errors).toBeUndefined();
  });
});

describe('mini-casco binding', () => {
  const [personLookup, vehicleLookup] = miniCasco.binding.lookups ?? [];
  const checkCar = miniCasco.binding.calls?.checkCar;

  it('loads the programs from getTariffs', async () => {
    const api = fakeApi(() => ok(tariff));
    expect(await miniCasco.binding.load(api)).toEqual(tariff);
    expect(api.calls).toEqual([{ method: 'GET', path: '/takoful/mini-casco/getTariffs' }]);
  });

  it('checks the car as soon as plate and tech passport are complete, filling model and year', async () => {
    if (!vehicleLookup) throw new Error('no vehicle lookup');
    expect(vehicleLookup.key({ plate: '01A123BC', techPassport: 'AAF039042' })).toBeNull();
    const api = fakeApi(() => ok(samples.answers[manifest.calls.checkCar]));
    expect(await vehicleLookup.run(api, { plate: '01A123BC', techPassport: 'AAF0390422' }, tariff)).toEqual({ model: 'Chevrolet Cobalt', issueYear: 2022 });
    expect(api.calls).toEqual([{ method: 'POST', path: '/minikasko_neo/checkCar', body: { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422' } }]);
  });

  it('says checkCar error 1 at the plate (the car step) and error 9 at the applicant\'s passport', async () => {
    if (!vehicleLookup || !checkCar) throw new Error('no car check');
    await expect(vehicleLookup.run(fakeApi(() => notOk(1, 'vehicle_not_found')), { plate: '01X000XX', techPassport: 'AAA0000000' }, tariff))
      .rejects.toMatchObject({ messageId: 'mini-casco.error.vehicle_not_found', field: { step: 'car', path: '/plate' } });
    const api = fakeApi(() => notOk(9, 'passport_not_found'));
    await expect(checkCar(api, sampleComfortCobalt, tariff)).rejects.toMatchObject({ messageId: 'mini-casco.error.passport_not_found', field: { step: 'applicant', path: '/passport' } });
    expect(api.calls[0]?.body).toEqual({ gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422', passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' });
    await expect(checkCar(fakeApi(() => notOk(1, 'vehicle_not_found')), sampleComfortCobalt, tariff)).rejects.toMatchObject({ field: { step: 'car', path: '/plate' } });
    await expect(checkCar(fakeApi(() => notOk(5, 'whatever')), sampleComfortCobalt, tariff)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    expect(await checkCar(fakeApi(() => ok({ ...samples.answers[manifest.calls.checkCar] as object, applicant: true })), sampleComfortCobalt, tariff)).toEqual({});
  });

  it('looks the applicant up by passport and birthday (datas_not_found at the passport)', async () => {
    if (!personLookup) throw new Error('no person lookup');
    expect(personLookup.step).toBe('applicant');
    await expect(personLookup.run(fakeApi(() => notOk(1, 'datas_not_found')), { passport: 'AA7777777', birthday: '1990-01-01' }, tariff))
      .rejects.toMatchObject({ messageId: 'datas_not_found', field: { step: 'applicant', path: '/passport' } });
  });

  it('saves at createPolicy and checks at getPolicy', async () => {
    const saved = { contract_id: 'M-1', order_id: '1', amount: 90_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/x' };
    const api = fakeApi((call) => ok(call.path === manifest.calls.save ? saved : { policy_number: 'MKS 2030000001', pdf_url: 'https://x.uz/p.pdf' }));
    const payment = await miniCasco.binding.save(api, sampleComfortCobalt, priced(sampleComfortCobalt), saveContext);
    expect(api.calls[0]).toEqual({
      method: 'POST', path: '/takoful/mini-casco/createPolicy',
      body: {
        program_id: 2, months: 12, begin_date: '01.07.2030', gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422',
        applicant: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' },
        phone: '998901234567', amount: 90_000, return_url: saveContext.returnPath,
      },
    });
    expect(await miniCasco.binding.check(api, payment)).toEqual({ policyNumber: 'MKS 2030000001', policyUrl: 'https://x.uz/p.pdf' });
    expect(api.calls[1]).toMatchObject({ path: '/minikasko_neo/getPolicy', body: { contract_id: 'M-1' } });
  });

  it('says fault_on_driver_data when the server refuses the save with HTTP 422 (requirements §8)', async () => {
    await expect(miniCasco.binding.save(fakeApi(() => apiFailure(422, notOk(422, 'applicant must be 18'))), sampleComfortCobalt, priced(sampleComfortCobalt), saveContext))
      .rejects.toMatchObject({ messageId: 'fault_on_driver_data' });
    await expect(miniCasco.binding.save(fakeApi(() => apiFailure(null)), sampleComfortCobalt, priced(sampleComfortCobalt), saveContext))
      .rejects.toMatchObject({ messageId: 'network_error' });
  });

  it('maps every sample to requests its schemas accept, and its sandbox answers to their schemas', () => {
    const save = apiSchema('mini-casco/create-policy.request');
    const check = apiSchema('mini-casco/check-car.request');
    for (const { data } of samples.flows) {
      expect(save({ ...requestOf(data), return_url: '/en/mini-kasko?step=payment' })).toEqual([]);
      expect(check(vehicleQuery(data.car))).toEqual([]);
    }
    expect(save({ ...requestOf(sampleComfortCobalt), months: 6 })).not.toEqual([]);
    expect(apiSchema('mini-casco/get-tariffs.response')(samples.answers[manifest.calls.tariffs])).toEqual([]);
    expect(apiSchema('mini-casco/check-car.response')(samples.answers[manifest.calls.checkCar])).toEqual([]);
  });
});

describe('mini-casco sale (the server\'s price and checks)', () => {
  it('prices every sample on the server exactly as on the page, for a year of the program\'s cover', async () => {
    for (const data of [sampleComfortCobalt, samplePremiumSpark, sampleBasicElantra]) {
      const { price, terms } = await sale.quote(requestOf(data), context);
      expect(price).toEqual(priced(data));
      expect(terms.beginDate).toBe(data.program.beginDate);
    }
    const { terms } = await sale.quote(requestOf(sampleComfortCobalt), context);
    expect(terms).toMatchObject({ holder: 'Vali Aliyev', endDate: '2031-06-30', sumInsured: 20_000_000, programName: 'Komfort / Комфорт, 12 oy / мес.', subject: 'Chevrolet Cobalt, 01 A 123 BC, 2022' });
  });

  it('refuses a month\'s term, a first day before tomorrow and a program it does not sell', async () => {
    await expect(sale.quote(requestOf(sampleComfortCobalt, { months: 1, amount: 7_500 }), context)).rejects.toMatchObject({ status: 400, field: '/months' });
    await expect(sale.quote(requestOf(sampleComfortCobalt, { begin_date: '15.06.2030' }), context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
    await expect(sale.quote(requestOf(sampleComfortCobalt, { program_id: 4 }), context)).rejects.toMatchObject({ status: 422, field: '/program_id' });
  });

  it('refuses (422) a car the registry lacks, an applicant whose passport it lacks and an applicant under 18', async () => {
    await expect(sale.quote(requestOf(sampleComfortCobalt, { gos_number: '01X000XX', tech_sery: 'AAA', tech_number: '0000000' }), context)).rejects.toMatchObject({ status: 422, field: '/gos_number' });
    const applicant = requestOf(sampleComfortCobalt).applicant;
    await expect(sale.quote(requestOf(sampleComfortCobalt, { applicant: { ...applicant, birthday: '16.05.1990' } }), context)).rejects.toMatchObject({ status: 422, field: '/applicant' });
    // The sandbox's test person of error 9: the registry names them, the passport check refuses them.
    await expect(sale.quote(requestOf(sampleComfortCobalt, { applicant: { passport_seria: 'AF', passport_number: '0000009', birthday: '01.01.1980' } }), context)).rejects.toMatchObject({ status: 422, field: '/applicant' });
    // Timur Aliyev, born 20.03.2012, is 17 on 1 July 2029.
    const in2029 = sandboxSaleContext<MiniCascoTariff>(tariff, '2029-06-15');
    const timur = { passport_seria: 'AC', passport_number: '1111111', birthday: '20.03.2012' };
    await expect(sale.quote(requestOf(sampleComfortCobalt, { begin_date: '01.07.2029', applicant: timur }), in2029)).rejects.toMatchObject({ status: 422, field: '/applicant/birthday' });
  });
});

describe('mini-casco sandbox in the READMEs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-15T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  /** README lines naming an applicant (passport, birthday) and what the page shows for them. */
  const claims = ['README.md', 'products/mini-casco/README.md', 'products/monthly-casco/README.md'].flatMap((file) =>
    readFileSync(file, 'utf8').split('\n').flatMap((line) => {
      const passport = /\b([A-Z]{2}) ?(\d{7})\b/.exec(line);
      const birthday = /\b(\d{2})\.(\d{2})\.(\d{4})\b/.exec(line);
      if (!/mini-casco\.error\.applicant_age|fault_on_driver_data/.test(line) || !passport || !birthday) return [];
      return [{ file, line, seria: passport[1] ?? '', number: passport[2] ?? '', birthday: `${birthday[3]}-${birthday[2]}-${birthday[1]}` }];
    }),
  );
  const { checkApplicantAge } = miniCasco.machine.actions;
  const withApplicant = (birthday: string) => ({ ...sampleComfortCobalt, applicant: { ...sampleComfortCobalt.applicant, birthday } });

  it('names only applicants whose message the page really shows: the age message at a minor\'s birthday, the save\'s 422 only for one the page lets save', async () => {
    if (!checkApplicantAge) throw new Error('rules missing');
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const pageSays = checkApplicantAge(withApplicant(claim.birthday), sampleComfortCobalt).errors;
      if (claim.line.includes('mini-casco.error.applicant_age')) {
        expect(pageSays, `${claim.file}: ${claim.line}`).toEqual({ applicant: { '/birthday': 'mini-casco.error.applicant_age' } });
      } else {
        // A 422 the README promises from the page: the page saves, and the server refuses the save.
        expect(pageSays, `${claim.file}: ${claim.line}`).toBeUndefined();
        const applicant = { passport_seria: claim.seria, passport_number: claim.number, birthday: isoToDmy(claim.birthday, '.') };
        await expect(sale.quote(requestOf(sampleComfortCobalt, { applicant }), context), `${claim.file}: ${claim.line}`).rejects.toMatchObject({ status: 422 });
      }
    }
  });
});

describe('mini-casco on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const cobalt = { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422' };

  it('sells OSAGO\'s mini-casco extra and its own programs from one tariffs row: a price changed there changes both', async () => {
    const changed = { programs: tariff.programs.map((p) => (p.id === 2 ? { ...p, premium: 95_000 } : p)) };
    // The row is read on the first price of each product (then kept for a minute), so it is changed before either reads it.
    await sql`UPDATE tariffs SET data = ${JSON.stringify(changed)}::jsonb WHERE product = 'mini-casco'`.execute(app.db);
    expect((await get(app, '/api/takoful/mini-casco/getTariffs')).json().response).toEqual(changed);
    expect((await get(app, '/api/osago-neo/references')).json().response.miniCasco).toEqual(changed);
    const osago = await post(app, '/api/osago-neo/get-calc-osago/v2', { ...cobalt, period_id: 1, number_drivers_id: 4, minikasko_program_id: 2 });
    expect(osago.json()).toMatchObject({ result: true, response: { amount_uzs: 192_000 + 95_000 } });
    const begin = isoToDmy(inDays(2), '.');
    const old = await post(app, '/api/takoful/mini-casco/createPolicy', requestOf(sampleComfortCobalt, { begin_date: begin }));
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toBe('amount differs, server: 95000');
    const saved = await post(app, '/api/takoful/mini-casco/createPolicy', requestOf(sampleComfortCobalt, { begin_date: begin, amount: 95_000 }));
    expect(saved.json()).toMatchObject({ result: true, response: { amount: 95_000 } });
    // Monthly casco reads the same row: Comfort's 95 000 a year is 7 917 a month.
    const monthly = await post(app, '/api/takoful/mini-casco/monthly/createPolicy', requestOf(sampleComfortCobalt, { begin_date: begin, months: 1, amount: 7_917 }));
    expect(monthly.json()).toMatchObject({ result: true, response: { amount: 7_917 } });
  });

  it('answers the car check: the vehicle, error 1 for a car the registry lacks, error 9 for an applicant\'s passport it lacks', async () => {
    expect((await post(app, '/api/minikasko_neo/checkCar', cobalt)).json()).toMatchObject({ result: true, response: { model: 'Chevrolet Cobalt', issue_year: 2022, applicant: false } });
    const vali = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' };
    expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, ...vali })).json()).toMatchObject({ result: true, response: { applicant: true } });
    expect((await post(app, '/api/minikasko_neo/checkCar', { gos_number: '01X000XX', tech_sery: 'AAA', tech_number: '0000000' })).json())
      .toMatchObject({ result: false, error: 1, message: 'vehicle_not_found' });
    for (const applicant of [{ passport_seria: 'AF', passport_number: '0000009', birthday: '01.01.1980' }, { ...vali, passport_number: '7777777' }]) {
      expect((await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, ...applicant })).json()).toMatchObject({ result: false, error: 9, message: 'passport_not_found' });
    }
    const partial = await post(app, '/api/minikasko_neo/checkCar', { ...cobalt, passport_seria: 'AA', passport_number: '1234567' });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ result: false, response: { field: '/birthday' } });
  });
});
