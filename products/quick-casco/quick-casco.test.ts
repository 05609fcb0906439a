import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isoToDmy } from '../kit/api/api-format';
import { fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import osagoSamples from '../osago/samples';
import osago from '../osago/product';
import { createTestApp, get, inDays, post, sandboxSaleContext } from '../../server/test-helpers';
import type { SaveRequest } from './api.generated';
import { quickCascoSaveRequest } from './binding';
import quickCasco from './definition';
import { quickCascoTariff, quoteQuickCasco, type QuickCascoTariff } from './pricing';
import manifest from './product';
import sale from './sale';
import samples, { sampleCitizenMaximum, sampleCitizenOptimal, sampleForeignerStart } from './samples';
import type { QuickCascoData } from './rules';

const tariff = quickCascoTariff;
const context = sandboxSaleContext<QuickCascoTariff>(tariff, '2030-06-15');
const priced = (data: QuickCascoData) => {
  const price = quickCasco.pricing(data, tariff);
  if (!price) throw new Error('a sample without a price');
  return price;
};
const requestOf = (data: QuickCascoData, change: Partial<SaveRequest> = {}): SaveRequest => ({ ...quickCascoSaveRequest(data, priced(data)), ...change });
/** Kia K5 of "NEO LOGISTIKA" MChJ: a legal entity's car (README.md). */
const companyCar = { gos_number: '01123ABC', tech_sery: 'AAF', tech_number: '1111111' };

describe('quick casco programs (README.md "Programs")', () => {
  it('sells three fixed programs, priced at NEO\'s casco rates of the cover: 1 %, 1.5 %, 2.5 %', () => {
    expect(tariff.programs.map((p) => [p.name, p.premium, p.sumInsured, p.premium / p.sumInsured])).toEqual([
      ['Start', 300_000, 30_000_000, 0.01], ['Optimal', 900_000, 60_000_000, 0.015], ['Maximum', 2_500_000, 100_000_000, 0.025],
    ]);
    expect(tariff.programs.map((p) => quoteQuickCasco(p.id, tariff)?.total)).toEqual([300_000, 900_000, 2_500_000]);
    expect(quoteQuickCasco(4, tariff)).toBeNull();
    expect(manifest.fromPrice).toBe(300_000);
  });

  it('shows each program\'s premium, cover and risks on its card, each program adding to the one before', () => {
    const cards = quickCasco.options?.(tariff, sampleCitizenOptimal).programs ?? [];
    expect(cards.map((c) => [c.label, c.price, c.details?.[0]?.value, c.notes])).toEqual([
      ['quick-casco.program.1', 300_000, { uzs: 30_000_000 }, ['quick-casco.risk.accident']],
      ['quick-casco.program.2', 900_000, { uzs: 60_000_000 }, ['quick-casco.risk.accident', 'quick-casco.risk.fire', 'quick-casco.risk.nature', 'quick-casco.risk.third-parties']],
      ['quick-casco.program.3', 2_500_000, { uzs: 100_000_000 }, ['quick-casco.risk.accident', 'quick-casco.risk.fire', 'quick-casco.risk.nature', 'quick-casco.risk.third-parties', 'quick-casco.risk.theft']],
    ]);
  });
});

describe('quick casco rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-15T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks a citizen for the 2-letter passport (names from the registry) and a foreigner for the 3-letter one (names typed)', () => {
    const { show, lock, guards } = quickCasco.machine;
    expect(show).toEqual({ 'applicant.passport': 'citizen', 'applicant.foreignPassport': 'foreigner' });
    expect(lock).toEqual({ 'applicant.firstName': 'citizen', 'applicant.lastName': 'citizen' });
    expect([guards.citizen?.(sampleCitizenOptimal), guards.foreigner?.(sampleCitizenOptimal)]).toEqual([true, false]);
    expect([guards.citizen?.(sampleForeignerStart), guards.foreigner?.(sampleForeignerStart)]).toEqual([false, true]);
  });

  it('starts the names over when the citizenship changes, and the first day tomorrow at the earliest', () => {
    const { switchCitizenship, defaultBeginDate, checkBeginDate } = quickCasco.machine.actions;
    if (!switchCitizenship || !defaultBeginDate || !checkBeginDate) throw new Error('rules missing');
    const foreign = { ...sampleCitizenOptimal, applicant: { ...sampleCitizenOptimal.applicant, foreign: true } };
    expect(switchCitizenship(foreign, sampleCitizenOptimal).data.applicant).toEqual({ foreign: true, passport: 'AA1234567', birthday: '1990-05-15', phone: '998901234567' });
    const chosen = { ...sampleCitizenOptimal, program: { programId: 1 } };
    expect(defaultBeginDate(chosen, chosen).data.program.beginDate).toBe('2030-06-16');
    const today = { ...sampleCitizenOptimal, program: { programId: 1, beginDate: '2030-06-15' } };
    expect(checkBeginDate(today, sampleCitizenOptimal).errors).toEqual({ program: { '/beginDate': 'quick-casco.error.begin_date' } });
  });
});

describe('quick casco binding', () => {
  const [personLookup, vehicleLookup] = quickCasco.binding.lookups ?? [];

  it('finds the car in the vehicle registry as OSAGO asks it, filling model, year and owner', async () => {
    if (!vehicleLookup) throw new Error('no vehicle lookup');
    const api = fakeApi(() => ok(osagoSamples.answers[osago.calls.vehicle]));
    expect(await vehicleLookup.run(api, { plate: '01A123BC', techPassport: 'AAF0390422' }, tariff)).toEqual({ model: 'Chevrolet Cobalt', issueYear: 2022, ownerName: 'ALIYEV VALI' });
    expect(api.calls).toEqual([{ method: 'POST', path: '/osago-neo/osago-juridik', body: { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422' } }]);
  });

  it('refuses a legal entity\'s car at the car step with for_only_individuals (requirements §5), and says an unknown car at the plate', async () => {
    if (!vehicleLookup) throw new Error('no vehicle lookup');
    const company = { juridik: 1, name: '"NEO LOGISTIKA" MChJ', pinfl: null, inn: '301234567', modelName: 'Kia K5', vehicleTypeId: 1, issueYear: 2023, seats: 5, yoqilgi_type: 'petrol', restricted: false };
    await expect(vehicleLookup.run(fakeApi(() => ok(company)), { plate: '01123ABC', techPassport: 'AAF1111111' }, tariff))
      .rejects.toMatchObject({ messageId: 'for_only_individuals', field: { step: 'car', path: '/plate' } });
    await expect(vehicleLookup.run(fakeApi(() => notOk(1, 'vehicle_not_found')), { plate: '01X000XX', techPassport: 'AAA0000000' }, tariff))
      .rejects.toMatchObject({ messageId: 'quick-casco.error.vehicle_not_found', field: { step: 'car', path: '/plate' } });
  });

  it('looks a citizen up in the person registry, never a foreigner', () => {
    if (!personLookup) throw new Error('no person lookup');
    expect(personLookup.key(sampleCitizenOptimal.applicant)).toBe('AA1234567|15.05.1990');
    expect(personLookup.key(sampleForeignerStart.applicant)).toBeNull();
    expect(personLookup.key({ ...sampleForeignerStart.applicant, passport: 'AB7654321' })).toBeNull();
  });

  it('saves a citizen by the 2-letter passport and a foreigner by the 3-letter one with the names typed', async () => {
    const saved = { contract_id: 'Q-1', order_id: '1', amount: 900_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/x' };
    const api = fakeApi(() => ok(saved));
    await quickCasco.binding.save(api, sampleCitizenOptimal, priced(sampleCitizenOptimal), saveContext);
    expect(api.calls[0]).toEqual({
      method: 'POST', path: '/sayt/tez-kasko/save',
      body: {
        program_id: 2, begin_date: '01.07.2030', gos_number: '01A123BC', tech_sery: 'AAF', tech_number: '0390422',
        applicant: { foreign: false, passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' },
        phone: '998901234567', amount: 900_000, return_url: saveContext.returnPath,
      },
    });
    expect(requestOf(sampleForeignerStart).applicant).toEqual({ foreign: true, passport_seria: 'FRA', passport_number: '1234567', birthday: '02.11.1985', first_name: 'Anna', last_name: 'Muller' });
    const schema = apiSchema('quick-casco/save.request');
    for (const { data } of samples.flows) expect(schema({ ...requestOf(data), return_url: '/en/quick-car-insurance?step=payment' })).toEqual([]);
    expect(apiSchema('quick-casco/programs.response')(samples.answers[manifest.calls.programs])).toEqual([]);
  });
});

describe('quick casco sale (the server\'s price and checks)', () => {
  it('prices every sample on the server exactly as on the page, for a year of the program\'s cover', async () => {
    for (const data of [sampleCitizenOptimal, sampleForeignerStart, sampleCitizenMaximum]) {
      expect((await sale.quote(requestOf(data), context)).price).toEqual(priced(data));
    }
    expect((await sale.quote(requestOf(sampleCitizenOptimal), context)).terms).toMatchObject({
      holder: 'Vali Aliyev', beginDate: '2030-07-01', endDate: '2031-06-30', sumInsured: 60_000_000, programName: 'Optimal / Оптимальная, 12 oy / мес.',
      // The plate as the page and every other car policy write it.
      subject: 'Chevrolet Cobalt, 01 A 123 BC, 2022; egasi / владелец: ALIYEV VALI',
    });
    expect((await sale.quote(requestOf(sampleForeignerStart), context)).terms).toMatchObject({ holder: 'Anna Muller', insured: [{ passport: 'FRA1234567' }] });
  });

  it('refuses a legal entity\'s car (422 for_only_individuals at the plate) and a car the registry lacks', async () => {
    await expect(sale.quote(requestOf(sampleCitizenOptimal, companyCar), context)).rejects.toMatchObject({ status: 422, field: '/gos_number', message: expect.stringContaining('for_only_individuals') });
    await expect(sale.quote(requestOf(sampleCitizenOptimal, { gos_number: '01X000XX', tech_sery: 'AAA', tech_number: '0000000' }), context)).rejects.toMatchObject({ status: 422, field: '/gos_number' });
  });

  it('holds the passport series to the citizenship: 2 letters for a citizen, 3 for a foreigner, who must give names', async () => {
    const foreigner = requestOf(sampleForeignerStart).applicant;
    const citizen = requestOf(sampleCitizenOptimal).applicant;
    await expect(sale.quote(requestOf(sampleForeignerStart, { applicant: { ...foreigner, passport_seria: 'FR' } }), context)).rejects.toMatchObject({ status: 400, field: '/applicant/passport_seria' });
    await expect(sale.quote(requestOf(sampleCitizenOptimal, { applicant: { ...citizen, passport_seria: 'AAA' } }), context)).rejects.toMatchObject({ status: 400, field: '/applicant/passport_seria' });
    const { first_name: _name, ...nameless } = foreigner;
    await expect(sale.quote(requestOf(sampleForeignerStart, { applicant: nameless }), context)).rejects.toMatchObject({ status: 400, field: '/applicant/first_name' });
    await expect(sale.quote(requestOf(sampleCitizenOptimal, { applicant: { ...citizen, birthday: '16.05.1990' } }), context)).rejects.toMatchObject({ status: 422, field: '/applicant' });
  });

  it('refuses a first day before tomorrow, a program it does not sell and an applicant under 18', async () => {
    await expect(sale.quote(requestOf(sampleCitizenOptimal, { begin_date: '15.06.2030' }), context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
    await expect(sale.quote(requestOf(sampleCitizenOptimal, { program_id: 9 }), context)).rejects.toMatchObject({ status: 422, field: '/program_id' });
    const young = requestOf(sampleForeignerStart, { applicant: { ...requestOf(sampleForeignerStart).applicant, birthday: '01.01.2020' } });
    await expect(sale.quote(young, context)).rejects.toMatchObject({ status: 422, field: '/applicant/birthday' });
  });
});

describe('quick casco on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers its programs, and refuses a legal entity\'s car with 422 naming the plate', async () => {
    expect((await get(app, '/api/sayt/tez-kasko/programs')).json()).toMatchObject({ result: true, response: tariff });
    const begin = isoToDmy(inDays(2), '.');
    const refused = await post(app, '/api/sayt/tez-kasko/save', requestOf(sampleCitizenOptimal, { ...companyCar, begin_date: begin }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ result: false, response: { field: '/gos_number' } });
    expect(refused.json().message).toContain('for_only_individuals');
    const sold = await post(app, '/api/sayt/tez-kasko/save', requestOf(sampleForeignerStart, { begin_date: begin }));
    expect(sold.json()).toMatchObject({ result: true, response: { amount: 300_000 } });
  });
});
