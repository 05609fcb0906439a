import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import type { RegistryPerson, SaleContext } from '../kit/sale/sale';
import { accidentSaveRequest } from './binding';
import accident from './definition';
import { accidentTariff, type AccidentTariff } from './pricing';
import sale from './sale';
import { sampleAlone, sampleCouple } from './samples';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { policyWords } from '../../server/lib/policy-words';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

const syncPeriod = accident.machine.actions.syncPeriod;
const checkPolicyholderAge = accident.machine.actions.checkPolicyholderAge;

describe('accident period', () => {
  it('covers a year from the start and refuses a start in the past', () => {
    if (!syncPeriod) throw new Error('no syncPeriod');
    const next = { ...sampleAlone, period: { beginDate: '2030-08-01' } };
    const synced = syncPeriod(next, sampleAlone);
    expect(synced.data).toEqual({ ...next, period: { beginDate: '2030-08-01', endDate: '2031-07-31' } });
    expect(synced.errors).toBeUndefined();
    const past = { ...sampleAlone, period: { beginDate: '2030-06-14' } };
    expect(syncPeriod(past, sampleAlone).errors).toEqual({ period: { '/beginDate': 'accident.error.begin_date_past' } });
  });
});

describe('accident policyholder', () => {
  const child = { passport: 'AC2020202', birthday: '2020-03-20', firstName: 'Kamron', lastName: 'Aliyev' };
  const withPersons = (persons: (typeof child)[], beginDate = '2030-07-01') => ({ ...sampleCouple, period: { beginDate }, insureds: { ...sampleCouple.insureds, persons } });
  const [vali] = sampleCouple.insureds.persons as [typeof child];

  it('says at the first person\'s birthday that the policyholder is under 18, as the save is refused, and lets a child be insured after them', () => {
    expect(accident.machine.onChange?.['insureds.persons']).toBe('checkPolicyholderAge');
    if (!checkPolicyholderAge) throw new Error('no checkPolicyholderAge');
    const judged = (data: ReturnType<typeof withPersons>) => checkPolicyholderAge(data, sampleCouple).errors;
    expect(judged(withPersons([child, vali]))).toEqual({ insureds: { '/persons/0/birthday': 'accident.error.policyholder_age' } });
    expect(judged(withPersons([vali, child]))).toBeUndefined();
    // 18 on the first day of cover, though not yet today.
    expect(judged(withPersons([{ ...child, birthday: '2012-07-01' }]))).toBeUndefined();
    expect(judged(withPersons([{ ...child, birthday: '2012-07-02' }]))).toEqual({ insureds: { '/persons/0/birthday': 'accident.error.policyholder_age' } });
  });
});

describe('accident binding', () => {
  it('saves the first person as the owner, every person as insured, dates DD.MM.YYYY', async () => {
    const saved = { contract_id: 'A-1', order_id: '100001', amount: 50_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const api = fakeApi(() => ok(saved));
    const payment = await accident.binding.save(api, sampleCouple, { total: 50_000, lines: [] }, saveContext);
    const vali = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' };
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/accident_sayt/save',
      body: {
        begin_date: '01.07.2030', insurance_amount: 5_000_000, phone: '998901234567', owner: vali,
        insureds: [vali, { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', pinfl: '41102850000022' }],
        amount: 50_000, return_url: saveContext.returnPath,
      },
    });
    expect(apiSchema('accident/save.request')(api.calls[0]?.body)).toEqual([]);
    expect(payment).toEqual({ contractId: 'A-1', orderId: '100001', price: 50_000, links: { click: saved.url, payme: saved.payme_url } } satisfies PaymentDetails);
  });

  it('checks payment at /accident_sayt/check: policy when paid, null while unpaid', async () => {
    const payment: PaymentDetails = { contractId: 'A-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'ACC 2030000001', pdf_url: 'https://example.uz/a.pdf' }));
    expect(await accident.binding.check(paid, payment)).toEqual({ policyNumber: 'ACC 2030000001', policyUrl: 'https://example.uz/a.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/accident_sayt/check', body: { contract_id: 'A-1' } });
    expect(await accident.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
  });

  it('the save schema refuses a sum off the 100 000 steps, no insured person and eleven', () => {
    const save = apiSchema('accident/save.request');
    const body = accidentSaveRequest(sampleCouple, { total: 50_000, lines: [] });
    expect(save({ ...body, insurance_amount: 1_050_001 })).not.toEqual([]);
    expect(save({ ...body, insureds: [] })).not.toEqual([]);
    expect(save({ ...body, insureds: Array.from({ length: 11 }, () => body.owner) })).not.toEqual([]);
  });
});

describe('accident sale', () => {
  const registry: RegistryPerson[] = [
    { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' },
    { pinfl: '41102850000022', firstName: 'Dilnoza', lastName: 'Karimova', firstNameCyr: 'Дилноза', lastNameCyr: 'Каримова', birthday: '1985-11-02' },
    { pinfl: '30107120000044', firstName: 'Aziza', lastName: 'Aliyeva', firstNameCyr: 'Азиза', lastNameCyr: 'Алиева', birthday: '2012-07-01' },
  ];
  const context: SaleContext<AccidentTariff> = {
    tariffs: accidentTariff,
    today: '2030-06-15',
    findPerson: async (query) => registry.find((p) => p.birthday === query.birthday) ?? null,
    citizenPassport: async () => false,
    registries: memoryRegistries(),
    words: policyWords(),
  };

  it('prices exactly the persons and the sum the policy names, for a year', async () => {
    const quoted = await sale.quote(accidentSaveRequest(sampleCouple, { total: 50_000, lines: [] }), context);
    expect(quoted.price.total).toBe(50_000);
    expect(quoted.terms).toMatchObject({
      holder: 'Vali Aliyev', beginDate: '2030-07-01', endDate: '2031-06-30', sumInsured: 5_000_000, currency: 'UZS',
      insured: [{ name: 'Vali Aliyev', passport: 'AA1234567' }, { name: 'Dilnoza Karimova', passport: 'AB7654321' }],
    });
  });

  it('refuses a person the registry does not know, naming the row', async () => {
    const body = accidentSaveRequest(sampleCouple, { total: 50_000, lines: [] });
    const stranger = { ...body, insureds: [body.owner, { passport_seria: 'ZZ', passport_number: '0000000', birthday: '01.01.1980' }] };
    await expect(sale.quote(stranger, context)).rejects.toMatchObject({ status: 422, field: '/insureds/1' });
    await expect(sale.quote({ ...body, begin_date: '01.01.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
  });

  it('takes out the policy for an owner 18 or older on the first day of cover, as the page judges it', async () => {
    const body = accidentSaveRequest(sampleCouple, { total: 50_000, lines: [] });
    // Aziza turns 18 on 1 July 2030, the first day of cover, two weeks after today.
    const aziza = { passport_seria: 'AD', passport_number: '5555555', birthday: '01.07.2012' };
    await expect(sale.quote({ ...body, owner: aziza, insureds: [aziza, ...body.insureds] }, context)).resolves.toMatchObject({ terms: { holder: 'Aziza Aliyeva' } });
    const early = { ...body, owner: aziza, insureds: [aziza, ...body.insureds], begin_date: '30.06.2030' };
    await expect(sale.quote(early, context)).rejects.toMatchObject({ status: 422, field: '/owner/birthday' });
  });

  it('insures a person once: ten entries of one person are not ten covers on them', async () => {
    const body = accidentSaveRequest(sampleCouple, { total: 50_000, lines: [] });
    const stacked = { ...body, insureds: Array.from({ length: 10 }, () => body.owner) };
    await expect(sale.quote(stacked, context)).rejects.toMatchObject({ status: 400, field: '/insureds/1/passport_number' });
  });
});
