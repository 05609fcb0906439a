import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { createTestApp, inDays, payInSandbox, post } from '../../server/test-helpers';
import { pdfText } from '../../tests/support/pdf-text';
import { isoToDmy } from '../kit/api/api-format';
import { fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { apiSchema } from '../kit/testing/product-tests';
import type { RegistryCompany, RegistryPerson, RegistryVehicle, SaleContext } from '../kit/sale/sale';
import { osgopSaveRequest } from './binding';
import osgop from './definition';
import { coverEnd } from './period';
import { categoryOf, osgopTariff, passengerSeatsOf, quoteOsgop, type OsgopTariff } from './pricing';
import sale from './sale';
import { sampleBus, sampleMinibus, sampleTaxi } from './samples';
import { policyWords } from '../../server/lib/policy-words';

describe('osgop tariff (README.md "Tariff")', () => {
  it('prices seats × rate per seat of the category × term factor', () => {
    // 12 months: 0.10 %, 0.08 %, 0.06 % of 44 mln per seat.
    expect(quoteOsgop('taxi', 1, 12, osgopTariff).total).toBe(44_000);
    expect(quoteOsgop('minibus', 1, 12, osgopTariff).total).toBe(35_200);
    expect(quoteOsgop('bus', 1, 12, osgopTariff).total).toBe(26_400);
    expect(quoteOsgop('bus', 29, 6, osgopTariff).total).toBe(535_920);
    expect(quoteOsgop('taxi', 4, 3, osgopTariff).total).toBe(70_400);
    expect(quoteOsgop('minibus', 15, 3, osgopTariff)).toEqual({ total: 211_200, lines: [{ label: 'osgop.price.premium', amount: 211_200 }] });
  });

  it('counts the passengers without the driver and draws the minibus line at 16 passengers', () => {
    expect(passengerSeatsOf(30)).toBe(29);
    expect(passengerSeatsOf(1)).toBe(1);
    expect(categoryOf(1, 7, osgopTariff)).toBe('taxi');
    expect(categoryOf(9, 16, osgopTariff)).toBe('minibus');
    expect(categoryOf(9, 17, osgopTariff)).toBe('bus');
  });

  it('follows a changed tariff row (the server prices with what is stored)', () => {
    const dearer: OsgopTariff = { ...osgopTariff, perSeat: { ...osgopTariff.perSeat, bus: 30_000 } };
    expect(quoteOsgop('bus', 29, 12, dearer).total).toBe(870_000);
  });
});

describe('osgop period', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-15T09:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('ends the day before the same date the term later, or on the last day of a shorter month', () => {
    expect(coverEnd('2030-07-01', 12)).toBe('2031-06-30');
    expect(coverEnd('2030-07-01', 6)).toBe('2030-12-31');
    expect(coverEnd('2030-11-15', 3)).toBe('2031-02-14');
    expect(coverEnd('2030-08-31', 6)).toBe('2031-02-28');
    expect(coverEnd('2031-11-30', 3)).toBe('2032-02-29');
  });

  it('makes the owning company the carrier, unless the visitor chose a person or named another INN', () => {
    const prefill = osgop.machine.actions.prefillCarrier;
    if (!prefill) throw new Error('no prefillCarrier');
    const fresh = { ...sampleBus, holder: { kind: 'company' as const } };
    // The registry's owner comes with its INN: the carrier step opens with both, not an INN beside an empty name.
    expect(prefill({ ...fresh, car: { ...fresh.car, owner: '"BUXORO YOʻLOVCHI TRANS" AJ', ownerInn: '303456789' } }, fresh).data.holder).toEqual({ kind: 'company', inn: '303456789', companyName: '"BUXORO YOʻLOVCHI TRANS" AJ' });
    const person = { ...sampleMinibus, car: { ...sampleMinibus.car, ownerInn: '303456789' } };
    expect(prefill(person, sampleMinibus).data.holder).toEqual(sampleMinibus.holder);
    const named = { ...sampleTaxi, car: { ...sampleTaxi.car, ownerInn: '303456789' } };
    expect(prefill(named, sampleTaxi).data.holder.inn).toBe('304567890');
  });

  it('derives the end from start and term, and refuses a start in the past', () => {
    const syncPeriod = osgop.machine.actions.syncPeriod;
    if (!syncPeriod) throw new Error('no syncPeriod');
    const next = { ...sampleBus, policy: { months: 3 as const, beginDate: '2030-08-01' } };
    expect(syncPeriod(next, sampleBus).data.policy).toEqual({ months: 3, beginDate: '2030-08-01', endDate: '2030-10-31' });
    const past = { ...sampleBus, policy: { months: 12 as const, beginDate: '2030-06-14' } };
    expect(syncPeriod(past, sampleBus).errors).toEqual({ policy: { '/beginDate': 'osgop.error.begin_date_past' } });
  });
});

const autoAnswer = {
  gos_number: '80321BTR', model: 'Isuzu Citiport', vehicleTypeId: 9, issue_year: 2021, seats: 30, passenger_seats: 29,
  category: 'bus', owner: '"BUXORO YOʻLOVCHI TRANS" AJ', owner_inn: '303456789',
};

describe('osgop binding', () => {
  const vehicleLookup = osgop.binding.lookups?.find((lookup) => lookup.step === 'car');
  if (!vehicleLookup) throw new Error('no vehicle lookup');

  it('looks the vehicle up once plate and tech passport are complete, and fills it in locked', async () => {
    expect(vehicleLookup.key({ plate: '80321BTR', techPassport: 'AAL333333' })).toBeNull();
    expect(vehicleLookup.key({ plate: '80321BTR', techPassport: 'AAL3333333' })).toBe('80321BTR|AAL3333333');
    const api = fakeApi(() => ok(autoAnswer));
    const found = await vehicleLookup.run(api, { plate: '80321BTR', techPassport: 'AAL3333333', edit: true }, osgopTariff);
    expect(api.calls[0]).toEqual({ method: 'POST', path: '/sayt/osgop/auto', body: { gos_number: '80321BTR', techSery: 'AAL', techNumber: '3333333' } });
    expect(apiSchema('osgop/auto.request')(api.calls[0]?.body)).toEqual([]);
    expect(apiSchema('osgop/auto.response')(autoAnswer)).toEqual([]);
    expect(found).toEqual({ category: 'bus', passengerSeats: 29, model: 'Isuzu Citiport', issueYear: 2021, owner: '"BUXORO YOʻLOVCHI TRANS" AJ', ownerInn: '303456789', edit: false });
    const personal = await vehicleLookup.run(fakeApi(() => ok({ ...autoAnswer, owner: 'NAZAROV RUSTAM', owner_inn: null })), { plate: '80321BTR', techPassport: 'AAL3333333' }, osgopTariff);
    expect(personal.ownerInn).toBeUndefined();
  });

  it('says at the plate when the registry does not know the vehicle or it carries no passengers', async () => {
    const car = { plate: '10B456CD', techPassport: 'AAG1234567' };
    await expect(vehicleLookup.run(fakeApi(() => notOk(1, 'vehicle_not_found')), car, osgopTariff))
      .rejects.toMatchObject({ messageId: 'osgop.error.vehicle_not_found', field: { step: 'car', path: '/plate' } });
    await expect(vehicleLookup.run(fakeApi(() => notOk(2, 'not_passenger_vehicle')), car, osgopTariff))
      .rejects.toMatchObject({ messageId: 'osgop.error.not_passenger_vehicle', field: { step: 'car', path: '/plate' } });
  });

  it('asks the calculator for the vehicle and term once the registry answered, and shows its figure', async () => {
    const quote = osgop.binding.quote;
    if (!quote) throw new Error('no quote');
    expect(quote.key({ ...sampleBus, car: { plate: '80321BTR', techPassport: 'AAL3333333' } })).toBeNull();
    expect(quote.key(sampleBus)).toBe('80321BTR|AAL3333333|12');
    expect(quote.key(sampleTaxi)).toBe('01777TAX|AAF4444444|3');
    const api = fakeApi(() => ok({ amount_uzs: 765_600, category: 'bus', passenger_seats: 29, rate_per_seat: 26_400, period_factor: 1, sum_insured: 1_276_000_000 }));
    expect(await quote.run(api, sampleBus, osgopTariff)).toEqual({ total: 765_600, lines: [{ label: 'osgop.price.premium', amount: 765_600 }] });
    expect(api.calls[0]?.body).toEqual({ gos_number: '80321BTR', techSery: 'AAL', techNumber: '3333333', period: 12 });
    expect(apiSchema('osgop/calculation.request')(api.calls[0]?.body)).toEqual([]);
  });

  it('fills the company\'s name from the tax registry, and the person\'s lookup waits for a person', async () => {
    const company = osgop.binding.lookups?.find((lookup) => lookup.step === 'holder' && lookup.key({ inn: '303456789' }) !== null);
    if (!company) throw new Error('no company lookup');
    const api = fakeApi(() => ok({ inn: '303456789', name: 'X', short_name: '"BUXORO YOʻLOVCHI TRANS" AJ', director: '', address: '', oked: '', mfo: '', bank: '', account: '' }));
    expect(await company.run(api, { kind: 'company', inn: '303456789' }, osgopTariff)).toEqual({ companyName: '"BUXORO YOʻLOVCHI TRANS" AJ' });
    const person = osgop.binding.lookups?.find((lookup) => lookup.step === 'holder' && lookup !== company);
    expect(person?.key({ kind: 'company', passport: 'AD2222222', birthday: '1958-07-01' })).toBeNull();
    expect(person?.key({ kind: 'person', passport: 'AD2222222', birthday: '1958-07-01' })).toBe('AD2222222|01.07.1958');
  });

  it('saves a company carrier by INN and a person by passport, dates DD.MM.YYYY', async () => {
    const saved = { contract_id: 'O-1', order_id: '100001', amount: 765_600, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const api = fakeApi(() => ok(saved));
    const payment = await osgop.binding.save(api, sampleBus, { total: 765_600, lines: [] }, saveContext);
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/sayt/osgop/save',
      body: {
        gos_number: '80321BTR', techSery: 'AAL', techNumber: '3333333', model: 'Isuzu Citiport', issue_year: 2021, period: 12,
        begin_date: '01.07.2030', insurant: { type: 'company', inn: '303456789' }, phone: '998901234567', amount: 765_600, return_url: saveContext.returnPath,
      },
    });
    expect(apiSchema('osgop/save.request')(api.calls[0]?.body)).toEqual([]);
    expect(payment).toEqual({ contractId: 'O-1', orderId: '100001', price: 765_600, links: { click: saved.url, payme: saved.payme_url } } satisfies PaymentDetails);
    const person = osgopSaveRequest(sampleMinibus, { total: 147_840, lines: [] });
    expect(person.insurant).toEqual({ type: 'person', passport_seria: 'AD', passport_number: '2222222', birthday: '01.07.1958', pinfl: '30107580000044' });
    expect(person).toMatchObject({ model: 'Chevrolet Damas', period: 6 });
    expect(apiSchema('osgop/save.request')(person)).toEqual([]);
  });

  it('checks payment at /sayt/osgop/check: the policy when paid, null while unpaid', async () => {
    const payment: PaymentDetails = { contractId: 'O-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'OGP 2030000001', pdf_url: 'https://example.uz/o.pdf' }));
    expect(await osgop.binding.check(paid, payment)).toEqual({ policyNumber: 'OGP 2030000001', policyUrl: 'https://example.uz/o.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/osgop/check', body: { contract_id: 'O-1' } });
    expect(await osgop.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
  });
});

describe('osgop sale', () => {
  const owner = { kind: 'company' as const, name: '"BUXORO YOʻLOVCHI TRANS" AJ', inn: '303456789' };
  const vehicles: RegistryVehicle[] = [
    { plate: '80321BTR', techSeria: 'AAL', techNumber: '3333333', model: 'Isuzu Citiport', vehicleType: 9, issueYear: 2021, seats: 30, fuel: 'diesel', owner, policyEnd: null },
    { plate: '10B456CD', techSeria: 'AAG', techNumber: '1234567', model: 'Isuzu NQR 71', vehicleType: 6, issueYear: 2019, seats: 3, fuel: 'diesel', owner, policyEnd: null },
    { plate: '95E555EE', techSeria: 'AAL', techNumber: '5555555', model: 'Chevrolet Damas', vehicleType: 9, issueYear: 2015, seats: 7, fuel: 'gas', owner, policyEnd: null },
  ];
  const company = (inn: string, shortName: string | null): RegistryCompany => ({ inn, name: 'N', short_name: shortName, director: '', address: '', oked: '', mfo: '', bank: '', account: '' });
  const rustam: RegistryPerson = { pinfl: '30107580000044', firstName: 'Rustam', lastName: 'Nazarov', firstNameCyr: 'Рустам', lastNameCyr: 'Назаров', birthday: '1958-07-01' };
  const context: SaleContext<OsgopTariff> = {
    tariffs: osgopTariff,
    today: '2030-06-15',
    findPerson: async (query) => (query.passportSeria === 'AD' && query.passportNumber === '2222222' && query.birthday === rustam.birthday ? rustam : null),
    citizenPassport: async () => false,
    words: policyWords(),
    registries: memoryRegistries({ vehicles, companies: [company('303456789', '"BUXORO YOʻLOVCHI TRANS" AJ'), company('309999999', null)] }),
  };
  const bus = osgopSaveRequest(sampleBus, { total: 765_600, lines: [] });

  it('prices the registry\'s seats and category for the term the policy states', async () => {
    const quoted = await sale.quote(bus, context);
    expect(quoted.price.total).toBe(765_600);
    expect(quoted.terms).toMatchObject({
      holder: '"BUXORO YOʻLOVCHI TRANS" AJ', insured: [], beginDate: '2030-07-01', endDate: '2031-06-30', sumInsured: 29 * 44_000_000, currency: 'UZS',
    });
    expect(quoted.terms.subject).toContain('80 321 BTR');
    const minibus = await sale.quote(osgopSaveRequest(sampleMinibus, { total: 147_840, lines: [] }), context);
    expect(minibus.price.total).toBe(147_840);
    expect(minibus.terms).toMatchObject({ holder: 'Rustam Nazarov', endDate: '2030-12-31' });
    const taxi = await sale.quote(osgopSaveRequest(sampleTaxi, { total: 70_400, lines: [] }), {
      ...context,
      registries: memoryRegistries({
        vehicles: [{ plate: '01777TAX', techSeria: 'AAF', techNumber: '4444444', model: 'Chevrolet Nexia 3', vehicleType: 1, issueYear: 2020, seats: 5, fuel: 'gas', owner, policyEnd: null }],
        companies: [company('304567890', '"TOSHKENT TAKSI" MChJ')],
      }),
    });
    // The visitor's correction of the model is what the policy prints; the price is the registry's seats.
    expect(taxi.terms.subject).toContain('Chevrolet Nexia 3 R2');
    expect(taxi.price.total).toBe(70_400);
  });

  it('refuses what cannot be sold, naming the field', async () => {
    await expect(sale.quote({ ...bus, gos_number: '01X000XX' }, context)).rejects.toMatchObject({ status: 422, field: '/gos_number' });
    await expect(sale.quote({ ...bus, gos_number: '10B456CD', techSery: 'AAG', techNumber: '1234567' }, context)).rejects.toMatchObject({ status: 422, field: '/gos_number' });
    await expect(sale.quote({ ...bus, insurant: { type: 'company', inn: '309999999' } }, context)).rejects.toMatchObject({ status: 422, field: '/insurant/inn' });
    await expect(sale.quote({ ...bus, insurant: { type: 'company' } }, context)).rejects.toMatchObject({ status: 400, field: '/insurant/inn' });
    await expect(sale.quote({ ...bus, insurant: { type: 'person', passport_seria: 'AD', passport_number: '2222222' } }, context)).rejects.toMatchObject({ status: 400, field: '/insurant/birthday' });
    await expect(sale.quote({ ...bus, insurant: { type: 'person', passport_seria: 'ZZ', passport_number: '0000000', birthday: '01.01.1980' } }, context)).rejects.toMatchObject({ status: 422, field: '/insurant' });
    await expect(sale.quote({ ...bus, begin_date: '14.06.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
    await expect(sale.quote({ ...bus, begin_date: '31.06.2030' }, context)).rejects.toMatchObject({ status: 400, field: '/begin_date' });
  });

  it("judges a person carrier's age on the first day of cover, as the page does", async () => {
    // 17 today, 18 on 10 July 2030.
    const teen: RegistryPerson = { ...rustam, pinfl: '31007120000055', firstName: 'Aziz', birthday: '2012-07-10' };
    const teenContext = { ...context, findPerson: async () => teen };
    const minibus = osgopSaveRequest(sampleMinibus, { total: 147_840, lines: [] });
    const carrier = { ...minibus, insurant: { ...minibus.insurant, birthday: '10.07.2012' } };
    await expect(sale.quote({ ...carrier, begin_date: '10.07.2030' }, teenContext)).resolves.toMatchObject({ terms: { holder: 'Aziz Nazarov' } });
    await expect(sale.quote({ ...carrier, begin_date: '09.07.2030' }, teenContext)).rejects.toMatchObject({ status: 422, field: '/insurant/birthday' });
  });

  it('answers its calls from the registry: the vehicle, the premium, or the refusal by code', async () => {
    const [auto, calculation] = sale.calls ?? [];
    if (!auto || !calculation) throw new Error('no calls');
    const query = { gos_number: '80321BTR', techSery: 'AAL', techNumber: '3333333' };
    const answered = await auto.answer(query, context);
    expect(answered).toEqual(autoAnswer);
    expect(apiSchema('osgop/auto.response')(answered)).toEqual([]);
    expect(await auto.answer({ ...query, gos_number: '01X000XX' }, context)).toMatchObject({ error: 1, message: 'vehicle_not_found' });
    expect(await auto.answer({ gos_number: '10B456CD', techSery: 'AAG', techNumber: '1234567' }, context)).toMatchObject({ error: 2, message: 'not_passenger_vehicle' });
    const premium = await calculation.answer({ ...query, period: 6 }, context);
    expect(premium).toEqual({ amount_uzs: 535_920, category: 'bus', passenger_seats: 29, rate_per_seat: 26_400, period_factor: 0.7, sum_insured: 1_276_000_000 });
    expect(apiSchema('osgop/calculation.response')(premium)).toEqual([]);
  });
});

describe('osgop on the server', () => {
  let app: FastifyInstance;
  // Migrating and seeding a fresh database takes a while on a busy machine.
  beforeAll(async () => {
    app = await createTestApp();
  }, 60_000);
  afterAll(() => app.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    ...osgopSaveRequest({ ...sampleTaxi, policy: { months: 3, beginDate: inDays(3) } }, { total: 70_400, lines: [] }),
    ...extra,
  });

  it('re-prices the save and refuses another amount, answering its own', async () => {
    const cheaper = await post(app, '/api/sayt/osgop/save', body({ amount: 70_000 }));
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json()).toMatchObject({ result: false, response: { amount: 70_400, field: '/amount' } });
    const saved = await post(app, '/api/sayt/osgop/save', body());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ result: true, response: { amount: 70_400 } });
  });

  it('names the registry\'s vehicle: another model or year is refused, a trim added to the model is not', async () => {
    const other = await post(app, '/api/sayt/osgop/save', { ...body(), model: 'Lamborghini Urus' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ result: false, response: { field: '/model' } });
    const older = await post(app, '/api/sayt/osgop/save', { ...body(), issue_year: 2099 });
    expect(older.json()).toMatchObject({ result: false, response: { field: '/issue_year' } });
    // The buyer's sentence after the model, the model inside one, or text that prints backwards would be on the policy.
    for (const model of [`${body().model}; 60 seats, sum 9 999 999 999`, `NOT an ${body().model}`, 'Chevrolet Nexia 30', `${body().model} \u202eTSET`]) {
      const said = await post(app, '/api/sayt/osgop/save', { ...body(), model });
      expect(said.json(), model).toMatchObject({ result: false, response: { field: '/model' } });
    }
  });

  it('issues the paid policy: the check answers an OGP number, the PDF names the vehicle, the bot hears of it without personal data', async () => {
    const request = { ...osgopSaveRequest({ ...sampleMinibus, policy: { months: 6, beginDate: inDays(2) } }, { total: 147_840, lines: [] }), return_url: '/ru/osgop?step=payment' };
    const saved = (await post(app, '/api/sayt/osgop/save', request)).json<{ response: { contract_id: string; payme_url: string } }>().response;
    expect((await post(app, '/api/sayt/osgop/check', { contract_id: saved.contract_id })).json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const checked = (await post(app, '/api/sayt/osgop/check', { contract_id: saved.contract_id })).json<{ response: { policy_number: string; pdf_url: string } }>().response;
    expect(checked.policy_number).toMatch(/^OGP \d{10}$/);
    const pdf = await app.inject(new URL(checked.pdf_url).pathname);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain(checked.policy_number);
    expect(printed).toContain('95 E 555 EE');
    expect(printed).toContain('Rustam Nazarov');
    const messages = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    const message = messages.map((m) => m.text).find((text) => text.includes(checked.policy_number));
    expect(message).toContain('osgop');
    for (const secret of ['2222222', '998901234567', '30107580000044']) expect(message).not.toContain(secret);
  });

  it('answers bad input with 4xx naming the field', async () => {
    const expectField = async (payload: unknown, status: number, field: string) => {
      const res = await post(app, '/api/sayt/osgop/save', payload);
      expect(res.statusCode, field).toBe(status);
      expect(res.json(), field).toMatchObject({ result: false, response: { field } });
    };
    await expectField(body({ gos_number: '01 A 123' }), 400, '/gos_number');
    await expectField(body({ period: 9 }), 400, '/period');
    await expectField(body({ begin_date: isoToDmy(inDays(-1), '.') }), 400, '/begin_date');
    await expectField(body({ gos_number: '10B456CD', techSery: 'AAG', techNumber: '1234567' }), 422, '/gos_number');
    await expectField(body({ insurant: { type: 'company', inn: '309999999' } }), 422, '/insurant/inn');
    const calc = await post(app, '/api/sayt/osgop/calculation', { gos_number: '80321BTR', techSery: 'AAL', techNumber: '3333333' });
    expect(calc.statusCode).toBe(400);
    expect(calc.json()).toMatchObject({ response: { field: '/period' } });
  });

  it('serves the sandbox vehicles: the bus, the minibus, the taxi; a truck and an unknown plate refused', async () => {
    const auto = async (gos_number: string, tech: string) => (await post(app, '/api/sayt/osgop/auto', { gos_number, techSery: tech.slice(0, 3), techNumber: tech.slice(3) })).json();
    expect(await auto('80321BTR', 'AAL3333333')).toMatchObject({ result: true, response: { category: 'bus', passenger_seats: 29 } });
    expect(await auto('95E555EE', 'AAL5555555')).toMatchObject({ result: true, response: { category: 'minibus', passenger_seats: 6, owner_inn: null } });
    expect(await auto('01777TAX', 'AAF4444444')).toMatchObject({ result: true, response: { category: 'taxi', passenger_seats: 4, owner_inn: '304567890' } });
    expect(await auto('10B456CD', 'AAG1234567')).toMatchObject({ result: false, error: 2, message: 'not_passenger_vehicle' });
    expect(await auto('01X000XX', 'AAA0000000')).toMatchObject({ result: false, error: 1, message: 'vehicle_not_found' });
  });
});
