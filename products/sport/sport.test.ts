import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { unpaidCheckCode } from '../kit/api/check-readings';
import { fakeApi, notOk, ok, registryContext, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import { sportSaveRequest } from './binding';
import sport from './definition';
import { quoteSport, sandboxSportTariff as tariff, type SportType } from './pricing';
import manifest from './product';
import sale, { typesAnswer } from './sale';
import { sampleBoxer, sampleSwimmer } from './samples';
import { policyWords } from '../../server/lib/policy-words';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

const context = registryContext(tariff, '2030-06-15', policyWords());
const typeOf = (id: number): SportType => {
  const type = tariff.types.find((t) => t.id === id);
  if (!type) throw new Error(`no sport type ${id}`);
  return type;
};

describe('sport amount (requirements §9)', () => {
  it('is insurance_amount × limit ÷ 100', () => {
    expect(quoteSport(10_000_000, typeOf(2)).total).toBe(300_000);
    expect(quoteSport(1_000_000, { id: 99, name: 'x', limit: 1.25 }).total).toBe(12_500);
    expect(quoteSport(50_000_000, typeOf(15)).total).toBe(250_000);
    // Whole som: a fraction of a som is rounded.
    expect(quoteSport(1_500_000, { id: 99, name: 'x', limit: 0.33 }).total).toBe(4_950);
    expect(quoteSport(1_000_001, { id: 99, name: 'x', limit: 0.5 }).total).toBe(5_000);
  });

  it('prices the flow once a sport is chosen, at the sum chosen', () => {
    expect(sport.pricing(sport.initialData, tariff)).toBeNull();
    expect(sport.pricing({ ...sport.initialData, sport: { sportTypeId: 1 } }, tariff)?.total).toBe(75_000);
    expect(sport.pricing({ ...sampleBoxer, sum: { amount: 20_000_000 } }, tariff)?.total).toBe(600_000);
  });

  it('seeds realistic sport types, every limit a percentage', () => {
    expect(tariff.types.map((t) => t.name)).toEqual(expect.arrayContaining(['Futbol', 'Boks', 'Kurash', 'Dzyudo', 'Suzish', 'Yengil atletika']));
    for (const type of tariff.types) {
      expect(type.limit).toBeGreaterThan(0);
      expect(type.limit).toBeLessThan(100);
    }
    expect(apiSchema('sport/type.response')(typesAnswer(tariff))).toEqual([]);
  });
});

describe('sport period', () => {
  it('covers a year from the start and refuses a start in the past', () => {
    const syncPeriod = sport.machine.actions.syncPeriod;
    if (!syncPeriod) throw new Error('no syncPeriod');
    const next = { ...sampleBoxer, sport: { sportTypeId: 2, beginDate: '2030-08-01' } };
    const synced = syncPeriod(next, sampleBoxer);
    expect(synced.data).toEqual({ ...next, sport: { sportTypeId: 2, beginDate: '2030-08-01', endDate: '2031-07-31' } });
    expect(synced.errors).toBeUndefined();
    const past = { ...sampleBoxer, sport: { sportTypeId: 2, beginDate: '2030-06-14' } };
    expect(syncPeriod(past, sampleBoxer).errors).toEqual({ sport: { '/beginDate': 'sport.error.begin_date_past' } });
  });
});

describe('sport binding', () => {
  const payment: PaymentDetails = { contractId: 'S-1', orderId: '1', price: 1, links: {} };
  const policy = { policy_number: 'SPT 2030000001', pdf_url: 'https://example.uz/s.pdf' };
  const envelope = (error: number, result: boolean, response: unknown = null) => ({ result, error, message: '', response });

  it('loads the sport types from type/v2', async () => {
    const api = fakeApi(() => ok(typesAnswer(tariff)));
    expect(await sport.binding.load(api)).toEqual(tariff);
    expect(api.calls).toEqual([{ method: 'GET', path: '/sayt/sportsman/type/v2' }]);
    await expect(sport.binding.load(fakeApi(() => ok([])))).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
  });

  it('saves the sport, the sum, the start, the insured and the premium at save/v2', async () => {
    const saved = { contract_id: 'S-1', order_id: '100001', amount: 300_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const api = fakeApi(() => ok(saved));
    await sport.binding.save(api, sampleBoxer, { total: 300_000, lines: [] }, saveContext);
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/sayt/sportsman/save/v2',
      body: {
        sport_type_id: 2, insurance_amount: 10_000_000, begin_date: '01.07.2030', phone: '998901234567', amount: 300_000,
        insured: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' },
        return_url: saveContext.returnPath,
      },
    });
    expect(apiSchema('sport/save.request')(api.calls[0]?.body)).toEqual([]);
  });

  it('reads the check at check/v2 by its code (requirements §8): 0 paid, 1 a network error, 2 not paid', async () => {
    const paid = fakeApi(() => envelope(0, true, policy));
    expect(await sport.binding.check(paid, payment)).toEqual({ policyNumber: 'SPT 2030000001', policyUrl: 'https://example.uz/s.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/sportsman/check/v2', body: { contract_id: 'S-1' } });
    await expect(sport.binding.check(fakeApi(() => envelope(1, false)), payment)).rejects.toMatchObject({ messageId: 'network_error' });
    expect(await sport.binding.check(fakeApi(() => envelope(2, false)), payment)).toBeNull();
    // What this shop's server answers while unpaid reads as not paid.
    expect(manifest.checkAnswer).toBe('sport-documents');
    expect(await sport.binding.check(fakeApi(() => notOk(unpaidCheckCode['sport-documents'], 'payment_not_made')), payment)).toBeNull();
  });
});

describe('sport sale', () => {
  it('prices the sport type\'s limit as the tariff has it, for the sum the policy states', async () => {
    const quoted = await sale.quote(sportSaveRequest(sampleSwimmer, { total: 10_000, lines: [] }), context);
    expect(quoted.price.total).toBe(10_000);
    expect(quoted.terms).toMatchObject({ holder: 'Dilnoza Karimova', beginDate: '2030-09-01', endDate: '2031-08-31', sumInsured: 1_000_000, insured: [{ name: 'Dilnoza Karimova' }] });
    // The sport as the page names it; a fractional limit with the comma Uzbek and Russian write.
    const chess = await sale.quote(sportSaveRequest({ ...sampleSwimmer, sport: { ...sampleSwimmer.sport, sportTypeId: 15 } }, { total: 5_000, lines: [] }), context);
    expect(chess.terms.programName).toBe('Shaxmat / Шахматы, 0,5 %');
    // A riskier sport or a larger sum is priced as such, whatever amount the request claims.
    const claimed = sportSaveRequest(sampleSwimmer, { total: 10_000, lines: [] });
    expect((await sale.quote({ ...claimed, sport_type_id: 2 }, context)).price.total).toBe(30_000);
    expect((await sale.quote({ ...claimed, insurance_amount: 50_000_000 }, context)).price.total).toBe(500_000);
  });

  it('refuses a sport not covered, a stranger, a minor and a start in the past', async () => {
    const body = sportSaveRequest(sampleBoxer, { total: 300_000, lines: [] });
    await expect(sale.quote({ ...body, sport_type_id: 77 }, context)).rejects.toMatchObject({ status: 422, field: '/sport_type_id' });
    await expect(sale.quote({ ...body, insured: { ...body.insured, passport_number: '0000000' } }, context)).rejects.toMatchObject({ status: 422, field: '/insured' });
    await expect(sale.quote({ ...body, begin_date: '14.06.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
    const kamron = { ...body.insured, passport_seria: 'AC', passport_number: '2020202', birthday: '20.03.2020' };
    await expect(sale.quote({ ...body, insured: kamron }, context)).rejects.toMatchObject({ status: 422, field: '/insured/birthday' });
  });
});
