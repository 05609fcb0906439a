import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { daysBetween } from '../kit/api/api-format';
import { apiFailure, fakeApi, notOk, ok, registryContext, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import { travelUzbSaveRequest } from './binding';
import travelUzb from './definition';
import { quoteTravelUzb, sandboxTravelUzbTariff as tariff } from './pricing';
import sale, { tarifsAnswer } from './sale';
import { sampleCouple, samplePurchase, sampleWithGuest } from './samples';
import { tripDays, type TravelUzbData } from './rules';
import { policyWords } from '../../server/lib/policy-words';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

const context = registryContext(tariff, '2030-06-15', policyWords());
const standart = tariff.programs[1];
const { syncDays, syncTourists } = travelUzb.machine.actions;
if (!standart || !syncDays || !syncTourists) throw new Error('the sandbox tariff or the rules changed');

const withTrip = (trip: TravelUzbData['trip']): TravelUzbData => ({ ...sampleCouple, trip: { programId: 2, ...trip } });

describe('domestic travel price (requirements §5, §9)', () => {
  it('counts days as the difference + 1', () => {
    expect(tripDays('2030-08-01', '2030-08-01')).toBe(1);
    expect(tripDays('2030-08-01', '2030-08-03')).toBe(3);
    expect(tripDays('2030-12-30', '2031-01-02')).toBe(4);
    expect(tripDays('2030-08-01', '2030-10-29')).toBe(90);
    expect(daysBetween('2032-02-28', '2032-03-01')).toBe(3);
  });

  it('is premium × tourists × days', () => {
    expect(quoteTravelUzb(standart, 1, 1).total).toBe(4_000);
    expect(quoteTravelUzb(standart, 2, 3).total).toBe(24_000);
    expect(quoteTravelUzb(standart, 10, 90).total).toBe(3_600_000);
    expect(travelUzb.pricing(sampleWithGuest, tariff)?.total).toBe(7_000 * 3 * 10);
    // Another tourist or another day each add a premium.
    const three = { ...sampleCouple, tourists: { tourists: [...sampleCouple.tourists.tourists, { foreign: false }] } };
    expect(travelUzb.pricing(three, tariff)?.total).toBe(4_000 * 3 * 3);
    expect(travelUzb.pricing(withTrip({ beginDate: '2030-08-01', endDate: '2030-08-04', days: 4 }), tariff)?.total).toBe(4_000 * 2 * 4);
  });

  it('has no price until the dates make days and a program is chosen', () => {
    expect(travelUzb.pricing(travelUzb.initialData, tariff)).toBeNull();
    expect(travelUzb.pricing(withTrip({ beginDate: '2030-08-01', endDate: '2030-08-03', days: 3, programId: 9 }), tariff)).toBeNull();
  });

  it('shows each program card with the trip\'s price under it', () => {
    const cards = travelUzb.options?.(tariff, sampleCouple).programs ?? [];
    expect(cards.map((c) => c.price)).toEqual([12_000, 24_000, 42_000]);
  });
});

describe('domestic travel dates', () => {
  it('derives the days from the dates', () => {
    const synced = syncDays(withTrip({ beginDate: '2030-08-01', endDate: '2030-08-05' }), sampleCouple);
    expect(synced.data).toEqual(withTrip({ beginDate: '2030-08-01', endDate: '2030-08-05', days: 5 }));
    expect(synced.errors).toBeUndefined();
  });

  it('says startdate_cant_be_more_than_enddate at the end date when the begin date is after it, and keeps no days', () => {
    const result = syncDays(withTrip({ beginDate: '2030-08-05', endDate: '2030-08-01', days: 5 }), sampleCouple);
    expect(result.errors).toEqual({ trip: { '/endDate': 'startdate_cant_be_more_than_enddate' } });
    expect(result.data.trip.days).toBeUndefined();
    expect(travelUzb.pricing(result.data, tariff)).toBeNull();
  });

  it('refuses a begin date in the past and a trip over 90 days', () => {
    expect(syncDays(withTrip({ beginDate: '2030-06-14', endDate: '2030-06-20' }), sampleCouple).errors).toEqual({ trip: { '/beginDate': 'travel-uzb.error.begin_date_past' } });
    expect(syncDays(withTrip({ beginDate: '2030-08-01', endDate: '2030-10-30' }), sampleCouple).errors).toEqual({ trip: { '/endDate': 'travel-uzb.error.trip_too_long' } });
  });
});

describe('domestic travel tourists', () => {
  it('clears a Cyrillic name (use_latin_alphabet) and keeps a citizenship and a foreign passport for foreigners only', () => {
    const next = { ...sampleWithGuest, tourists: { tourists: [{ ...sampleWithGuest.tourists.tourists[0], foreign: true, firstName: 'Айгерим', passport: 'AA1234567' }, { foreign: false, country: 'KZ', foreignPassport: 'N12345678', passport: 'AB7654321', pinfl: '31505900000011' }] } };
    const result = syncTourists(next, sampleWithGuest);
    expect(result.errors).toEqual({ tourists: { '/tourists/0/firstName': 'use_latin_alphabet' } });
    expect(result.data.tourists.tourists[0]).not.toHaveProperty('firstName');
    expect(result.data.tourists.tourists[0]).toMatchObject({ foreignPassport: 'N12345678', country: 'KZ' });
    expect(result.data.tourists.tourists[0]).not.toHaveProperty('passport');
    expect(result.data.tourists.tourists[1]).toEqual({ foreign: false, passport: 'AB7654321', pinfl: '31505900000011' });
  });

  it("asks a citizen for the passport of Uzbekistan the registry knows and a foreigner for theirs as printed", () => {
    const { show, guards } = travelUzb.machine;
    expect(show).toMatchObject({ 'tourists.tourists[].passport': 'touristIsCitizen', 'tourists.tourists[].foreignPassport': 'touristIsForeign' });
    const [vali, guest] = samplePurchase.tourists.tourists;
    expect([guards.touristIsCitizen?.(samplePurchase, vali), guards.touristIsForeign?.(samplePurchase, vali)]).toEqual([true, false]);
    expect([guards.touristIsCitizen?.(samplePurchase, guest), guards.touristIsForeign?.(samplePurchase, guest)]).toEqual([false, true]);
  });

  it('looks each citizen row up in the person registry, and no foreigner', async () => {
    const rowLookup = travelUzb.binding.lookups?.find((l) => l.step === 'tourists');
    if (!rowLookup) throw new Error('no row lookup');
    const [vali, guest] = samplePurchase.tourists.tourists;
    expect(rowLookup.key({ ...vali })).toBe('AA1234567|15.05.1990');
    expect(rowLookup.key({ ...guest })).toBeNull();
    const api = fakeApi(() => ok({ ism: 'Вали', familya: 'Алиев', ism_eng: 'Vali', familya_eng: 'Aliyev', pinfl: '31505900000011' }));
    expect(await rowLookup.run(api, { passport: 'AA1234567', birthday: '1990-05-15', foreign: false }, tariff)).toEqual({ firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011' });
    expect(api.calls[0]).toMatchObject({ path: '/sayt/getPerson', body: { passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' } });
    await expect(rowLookup.run(fakeApi(() => notOk(1, 'datas_not_found')), { passport: 'AA1234567', birthday: '1990-05-16' }, tariff)).rejects.toMatchObject({ messageId: 'datas_not_found' });
  });
});

describe('domestic travel binding', () => {
  const price = { total: 24_000, lines: [] };
  const saved = { contract_id: 'U-1', order_id: '100001', amount: 24_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };

  it('loads the tarifs', async () => {
    const api = fakeApi(() => ok(tarifsAnswer(tariff)));
    expect(await travelUzb.binding.load(api)).toEqual(tariff);
    expect(api.calls).toEqual([{ method: 'GET', path: '/sayt/travel-uzb/tarifs' }]);
  });

  it('saves the period as dates and days, the program, the applicant and the tourists', async () => {
    const api = fakeApi(() => ok(saved));
    const payment = await travelUzb.binding.save(api, samplePurchase, price, saveContext);
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/sayt/travel-uzb/save',
      body: {
        begin_date: '01.08.2030', end_date: '03.08.2030', days: 3, tarif_id: 2, amount: 24_000, phone: '998901234567',
        applicant: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' },
        tourists: [
          { name: 'Vali', lastname: 'Aliyev', passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011', foreign_type: 0 },
          { name: 'Aigerim', lastname: 'Nurlanova', passport_number: 'N12345678', birthday: '12.04.1994', foreign_type: 1, country: 'KZ' },
        ],
        return_url: saveContext.returnPath,
      },
    });
    expect(apiSchema('travel-uzb/save.request')(api.calls[0]?.body)).toEqual([]);
    expect(payment).toEqual({ contractId: 'U-1', orderId: '100001', price: 24_000, links: { click: saved.url, payme: saved.payme_url } } satisfies PaymentDetails);
  });

  it('says alert-modal-text in the error dialog when the save answers HTTP 500 or 422 (requirements §8)', async () => {
    for (const status of [500, 422]) {
      await expect(travelUzb.binding.save(fakeApi(() => apiFailure(status)), samplePurchase, price, saveContext))
        .rejects.toMatchObject({ messageId: 'alert-modal-text', modal: true });
    }
    // Other failures say what they say elsewhere, on the page.
    const other = travelUzb.binding.save(fakeApi(() => apiFailure(400)), samplePurchase, price, saveContext);
    await expect(other).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(other).rejects.not.toMatchObject({ modal: true });
    await expect(travelUzb.binding.save(fakeApi(() => apiFailure(null)), samplePurchase, price, saveContext)).rejects.toMatchObject({ messageId: 'network_error' });
  });

  it('checks payment as the /sayt/* products do: the policy when paid, null on error 1', async () => {
    const payment: PaymentDetails = { contractId: 'U-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'UZT 2030000001', pdf_url: 'https://example.uz/u.pdf' }));
    expect(await travelUzb.binding.check(paid, payment)).toEqual({ policyNumber: 'UZT 2030000001', policyUrl: 'https://example.uz/u.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/travel-uzb/check', body: { contract_id: 'U-1' } });
    expect(await travelUzb.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
  });
});

describe('domestic travel sale', () => {
  const request = (data: TravelUzbData) => travelUzbSaveRequest(data, travelUzb.pricing(data, tariff) ?? { total: 0, lines: [] });

  it('prices exactly the days, tourists and program the policy states', async () => {
    const quoted = await sale.quote(request(sampleWithGuest), context);
    expect(quoted.price.total).toBe(210_000);
    expect(quoted.terms).toMatchObject({
      holder: 'Dilnoza Karimova', beginDate: '2030-09-01', endDate: '2030-09-10', sumInsured: 30_000_000, currency: 'UZS',
      insured: [{ name: 'Aigerim Nurlanova', passport: 'N12345678', birthday: '1994-04-12' }, { name: 'Dilnoza Karimova' }, { name: 'Vali Aliyev' }],
    });
  });

  it('refuses a longer cover for a lower price: the days are the dates\', the total the server\'s', async () => {
    const short = request(sampleCouple);
    // The same claimed total for ten days: days that are not the dates' are refused...
    await expect(sale.quote({ ...short, end_date: '10.08.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/days' });
    // ...and with consistent days the price is of ten days, which the claimed amount is not (the route answers 422).
    const long = await sale.quote({ ...short, end_date: '10.08.2030', days: 10 }, context);
    expect(long.price.total).toBe(4_000 * 2 * 10);
    expect(sale.amount({ ...short, end_date: '10.08.2030', days: 10 })).not.toBe(long.price.total);
    // A tourist named twice is not insured twice; a program that is not sold is refused.
    await expect(sale.quote({ ...short, tourists: [...short.tourists, ...short.tourists] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/2/passport_number' });
    await expect(sale.quote({ ...short, tarif_id: 9 }, context)).rejects.toMatchObject({ status: 422, field: '/tarif_id' });
  });

  it("judges the applicant's age on the first day of the trip, as the page does", async () => {
    // Timur Aliyev of the sandbox registry turns 18 on 20 March 2030: under age ten days before it.
    const march = registryContext(tariff, '2030-03-10', policyWords());
    const body = request(samplePurchase);
    const trip = { ...body, begin_date: '20.03.2030', end_date: '22.03.2030', days: 3, applicant: { ...body.applicant, passport_seria: 'AC', passport_number: '1111111', birthday: '20.03.2012', pinfl: '32003120000033' } };
    await expect(sale.quote(trip, march)).resolves.toMatchObject({ terms: { holder: 'Timur Aliyev' } });
    await expect(sale.quote({ ...trip, begin_date: '19.03.2030', days: 4 }, march)).rejects.toMatchObject({ status: 422, field: '/applicant/birthday' });
  });

  it('refuses an end before the begin, a begin in the past, and a trip over 90 days', async () => {
    const body = request(sampleCouple);
    await expect(sale.quote({ ...body, end_date: '31.07.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/end_date', message: 'body/end_date: startdate_cant_be_more_than_enddate' });
    await expect(sale.quote({ ...body, begin_date: '14.06.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
    await expect(sale.quote({ ...body, end_date: '30.10.2030', days: 91 }, context)).rejects.toMatchObject({ status: 400, field: '/end_date' });
  });

  it('refuses a citizen the registry does not know, naming the row, and a foreigner without a citizenship sold', async () => {
    const body = request(samplePurchase);
    const [vali, guest] = body.tourists;
    if (!vali || !guest) throw new Error('the purchase sample changed');
    await expect(sale.quote({ ...body, tourists: [vali, { ...vali, passport_number: '0000000' }] }, context)).rejects.toMatchObject({ status: 422, field: '/tourists/1' });
    await expect(sale.quote({ ...body, applicant: { ...body.applicant, birthday: '16.05.1990' } }, context)).rejects.toMatchObject({ status: 422, field: '/applicant' });
    const { country: _country, ...stateless } = guest;
    await expect(sale.quote({ ...body, tourists: [vali, stateless] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/1/country' });
    await expect(sale.quote({ ...body, tourists: [vali, { ...guest, country: 'UZ' }] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/1/country' });
    // A citizen the registry knows, called a foreigner: their birthday and name would be the buyer's word.
    const citizenAsGuest = { ...guest, passport_seria: 'AB', passport_number: '7654321' };
    await expect(sale.quote({ ...body, tourists: [vali, citizenAsGuest] }, context)).rejects.toMatchObject({ status: 422, field: '/tourists/1/foreign_type' });
    await expect(sale.quote({ ...body, tourists: [{ ...vali, country: 'KZ' }, guest] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/0/country' });
    await expect(sale.quote({ ...body, tourists: [vali, { ...guest, birthday: '01.01.2031' }] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/1/birthday' });
  });

  it("takes a foreigner's passport as printed, and a citizen's only as a passport of Uzbekistan", async () => {
    const body = request(samplePurchase);
    const [vali, guest] = body.tourists;
    if (!vali || !guest) throw new Error('the purchase sample changed');
    // A German passport (letters and digits mixed), a Russian one (digits only), one sent as series and number.
    for (const [document, sent] of [['C01X00T47', { passport_number: 'C01X00T47' }], ['721234567', { passport_number: '721234567' }], ['KZ0123456', { passport_seria: 'KZ', passport_number: '0123456' }]] as const) {
      const { passport_seria: _seria, ...unnumbered } = guest;
      const quoted = await sale.quote({ ...body, tourists: [vali, { ...unnumbered, ...sent }] }, context);
      expect(quoted.terms.insured[1]).toMatchObject({ name: 'Aigerim Nurlanova', passport: document });
    }
    expect(apiSchema('travel-uzb/save.request')({ ...body, tourists: [vali, { ...guest, passport_number: 'C01X00T47' }] })).toEqual([]);
    await expect(sale.quote({ ...body, tourists: [vali, { ...guest, passport_number: '123' }] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/1/passport_number' });
    // A citizen is the registry's by a passport of Uzbekistan's: 2 letters and 7 digits, said where it is not.
    const { passport_seria: _series, ...noSeries } = vali;
    await expect(sale.quote({ ...body, tourists: [noSeries, guest] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/0/passport_seria' });
    await expect(sale.quote({ ...body, tourists: [{ ...vali, passport_number: 'C01X00T47' }, guest] }, context)).rejects.toMatchObject({ status: 400, field: '/tourists/0/passport_number' });
    // A citizen's passport sent as a foreigner's whole number is still found a citizen's.
    const citizenWhole = { ...guest, passport_seria: undefined, passport_number: 'AB7654321' };
    await expect(sale.quote({ ...body, tourists: [vali, citizenWhole] }, context)).rejects.toMatchObject({ status: 422, field: '/tourists/1/foreign_type' });
  });
});
