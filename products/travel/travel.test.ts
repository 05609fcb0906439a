import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { apiFailure, fakeApi, notOk, ok, registryContext, saveContext } from '../kit/testing/fake-api';
import { apiSchema, createStepAjv } from '../kit/testing/product-tests';
import { hiddenPaths, lockedPaths } from '../../engine/visibility';
import { calculatorRequest, savePolisRequest } from './binding';
import travel from './definition';
import { ageOn, daysBetween } from '../kit/api/api-format';
import { coverPeriod, spendDayOptions, travelMode } from './period';
import { familyAdultMaxAge, familyMisfits } from './family';
import { quoteTravel } from './pricing';
import { travelCover, type TravelData } from './rules';
import { readCalculator, readSave } from './read';
import sale, { getCountryAnswer } from './sale';
import { sandboxTravelReference } from './tariffs';
import {
  sampleFamilyTrip, sampleForeignTraveller, sampleGetCountryAnswer, sampleGroupTrip, sampleMultiTrip, sampleSingleTrip, sampleTravelCatalog, sampleWorkStay,
} from './samples';
import { policyWords } from '../../server/lib/policy-words';

/** A sale's ports over the sandbox's travel reference, no registry people. */
const travelContext = () => registryContext(sandboxTravelReference, '2030-06-15', policyWords());

const action = (field: string) => {
  const name = travel.machine.onChange?.[field];
  const fn = name ? travel.machine.actions[name] : undefined;
  if (!fn) throw new Error(`no action on ${field}`);
  return fn;
};

const withTrip = (data: TravelData, trip: Partial<TravelData['trip']>): TravelData => ({ ...data, trip: { ...data.trip, ...trip } });
const withDates = (data: TravelData, dates: Partial<TravelData['dates']>): TravelData => ({ ...data, dates: { ...data.dates, ...dates } });
const withTourists = (data: TravelData, tourists: Partial<TravelData['tourists']>): TravelData =>
  ({ ...data, tourists: { ...data.tourists, ...tourists } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

describe('travel trip rules', () => {
  it('resets spend days to 30 and reusable to false when the purpose changes (requirements §4)', () => {
    const previous = withTrip(sampleMultiTrip, { spendDays: 90, reusable: true });
    const next = withTrip(previous, { purpose: 4 });
    const { data } = action('trip.purpose')(next, previous);
    expect(data.trip).toMatchObject({ purpose: 4, spendDays: 30, reusable: false });
  });

  it('keeps spend days inside the options of the new mode when reusable is toggled', () => {
    const stay = withTrip(sampleWorkStay, { spendDays: 365 });
    expect(action('trip.reusable')(withTrip(stay, { reusable: true }), stay).data.trip.spendDays).toBe(30);
    const ok90 = withTrip(sampleWorkStay, { spendDays: 90 });
    expect(action('trip.reusable')(withTrip(ok90, { reusable: true }), ok90).data.trip.spendDays).toBe(90);
  });

  it('offers the spend-day options of requirements §9 per mode', () => {
    expect(spendDayOptions('stay')).toEqual([30, 60, 90, 180, 365]);
    expect(spendDayOptions('multi')).toEqual([15, 30, 45, 90, 180]);
    expect(spendDayOptions('single')).toEqual([]);
    expect(travel.options?.(sampleTravelCatalog, sampleMultiTrip).spendDays?.map((o) => o.value)).toEqual([15, 30, 45, 90, 180]);
    expect(travelMode({ purpose: 4, reusable: true })).toBe('multi');
    expect(travelMode({ purpose: 4, reusable: false })).toBe('stay');
    expect(travelMode({ purpose: 3, reusable: false })).toBe('single');
  });
});

describe('travel field visibility', () => {
  const hidden = (step: string, data: TravelData) => hiddenPaths(travel.machine, step, data);

  it('asks spend days of multi-trip policies and study/work stays only, the end date of single trips only', () => {
    expect(hidden('trip', sampleSingleTrip)).toEqual(['/spendDays']);
    expect(hidden('dates', sampleSingleTrip)).toEqual([]);
    expect(hidden('trip', sampleMultiTrip)).toEqual([]);
    expect(hidden('dates', sampleMultiTrip)).toEqual(['/endDate']);
    for (const purpose of [4, 5]) {
      const stay = withTrip(sampleSingleTrip, { purpose });
      expect(hidden('trip', stay), `purpose ${purpose}`).toEqual([]);
      expect(hidden('dates', stay), `purpose ${purpose}`).toEqual(['/endDate']);
    }
    expect(hidden('trip', withTrip(sampleSingleTrip, { purpose: 3 }))).toEqual(['/spendDays']);
  });

  it('asks citizenship and their own passport of foreigners, the passport of Uzbekistan and the PINFL of citizens, payer and each tourist row apart', () => {
    const data = withTourists(sampleWorkStay, {
      tourists: [
        { ...sampleWorkStay.tourists.tourists[0], foreign: false, isPayer: false, canPay: true },
        { foreignPassport: '20AB12345', birthday: '1990-01-01', firstName: 'JEAN', lastName: 'DUPONT', foreign: true, country: 'FR', isPayer: false, canPay: true },
      ],
    });
    expect(hidden('tourists', data).sort()).toEqual(['/payer/passport', '/payer/pinfl', '/tourists/0/country', '/tourists/0/foreignPassport', '/tourists/1/passport', '/tourists/1/pinfl']);
    expect(hidden('tourists', sampleSingleTrip).sort()).toEqual(['/payer/country', '/payer/foreignPassport', '/tourists/0/country', '/tourists/0/foreignPassport', '/tourists/1/country', '/tourists/1/foreignPassport']);
  });

  it("keeps one passport per citizenship: ticking 'foreigner' leaves the passport of Uzbekistan behind, and unticking the foreign one", () => {
    const citizen = sampleSingleTrip.tourists.payer;
    const asForeigner = action('tourists.payer')(withTourists(sampleSingleTrip, { payer: { ...citizen, foreign: true, foreignPassport: 'C01X00T47' } }), sampleSingleTrip);
    expect(asForeigner.data.tourists.payer).toMatchObject({ foreign: true, foreignPassport: 'C01X00T47' });
    expect(asForeigner.data.tourists.payer).not.toHaveProperty('passport');
    const back = action('tourists.payer')(withTourists(sampleSingleTrip, { payer: { ...citizen, foreignPassport: 'C01X00T47' } }), sampleSingleTrip);
    expect(back.data.tourists.payer).toMatchObject({ passport: citizen.passport });
    expect(back.data.tourists.payer).not.toHaveProperty('foreignPassport');
  });

  it('says a foreign passport given twice at the second, as a passport of Uzbekistan', () => {
    const rows = sampleForeignTraveller.tourists.tourists;
    const [anna, jonas] = rows.slice(-2);
    if (!anna?.foreign || !jonas?.foreign) throw new Error('the foreign traveller sample changed');
    const twice = withTourists(sampleForeignTraveller, { tourists: [...rows.slice(0, -1), { ...jonas, foreignPassport: anna.foreignPassport }] });
    expect(action('tourists.tourists')(twice, sampleForeignTraveller).errors).toMatchObject({ tourists: { [`/tourists/${rows.length - 1}/foreignPassport`]: 'travel.error.same_person' } });
  });

  it('requires the citizenship of a foreigner (shown, so asked)', () => {
    const schema = travel.steps.find((s) => s.id === 'tourists')?.schema as object;
    const validate = createStepAjv().compile(schema);
    const { country: _country, ...payer } = sampleWorkStay.tourists.payer;
    expect(validate({ ...sampleWorkStay.tourists, payer })).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.keyword} ${String(e.params.missingProperty)}`)).toContain('/payer required country');
    expect(hidden('tourists', { ...sampleWorkStay, tourists: { ...sampleWorkStay.tourists, payer } })).not.toContain('/payer/country');
  });
});

describe('travel days and dates', () => {
  it('counts a single trip inclusively and long stays by spend days', () => {
    expect(travelCover(sampleSingleTrip)?.days ?? null).toBe(10);
    expect(travelCover(withDates(sampleSingleTrip, { endDate: '2030-07-01' }))?.days ?? null).toBe(1);
    expect(travelCover(withDates(sampleSingleTrip, { endDate: '2030-06-30' }))?.days ?? null).toBeNull();
    expect(travelCover(withDates(sampleSingleTrip, { endDate: undefined }))?.days ?? null).toBeNull();
    expect(travelCover(sampleWorkStay)?.days ?? null).toBe(60);
    expect(travelCover(sampleMultiTrip)?.days ?? null).toBe(45);
  });

  it('derives the end date of stays and multi-trip policies', () => {
    const endOf = (trip: TravelData['trip'], begin: string) => coverPeriod(travelMode(trip), begin, undefined, trip.spendDays)?.endDate;
    expect(endOf(sampleWorkStay.trip, '2030-09-01')).toBe('2030-10-30');
    expect(endOf(sampleMultiTrip.trip, '2030-07-01')).toBe('2031-06-30');
    expect(endOf(sampleMultiTrip.trip, '2032-02-29')).toBe('2033-02-28');
    const moved = withDates(sampleWorkStay, { beginDate: '2030-10-01' });
    expect(action('dates.beginDate')(moved, sampleWorkStay).data.dates.endDate).toBe('2030-11-29');
    const longer = withTrip(sampleWorkStay, { spendDays: 90 });
    expect(action('trip.spendDays')(longer, sampleWorkStay).data.dates.endDate).toBe('2030-11-29');
  });

  it('flags an end before the start, a trip over a year and a start in the past', () => {
    const reversed = withDates(sampleSingleTrip, { endDate: '2030-06-30' });
    expect(action('dates.endDate')(reversed, sampleSingleTrip).errors).toEqual({ dates: { '/endDate': 'startdate_cant_be_more_than_enddate' } });
    const long = withDates(sampleSingleTrip, { endDate: '2031-07-01' });
    expect(action('dates.endDate')(long, sampleSingleTrip).errors).toEqual({ dates: { '/endDate': 'travel.error.trip_too_long' } });
    const past = withDates(sampleSingleTrip, { beginDate: '2030-06-14' });
    expect(action('dates.beginDate')(past, sampleSingleTrip).errors).toEqual({ dates: { '/beginDate': 'travel.error.begin_date_past' } });
    expect(action('dates.beginDate')(sampleSingleTrip, sampleSingleTrip).errors).toBeUndefined();
  });
});

describe('travel price before the program is chosen', () => {
  const price = (data: TravelData) => travel.pricing(data, sampleTravelCatalog);

  it('shows a "from" price on every step, which only rises as the trip is told, up to the cheapest program of the whole trip', () => {
    const told: TravelData[] = [
      travel.initialData,
      { ...travel.initialData, trip: sampleSingleTrip.trip },
      { ...travel.initialData, trip: sampleSingleTrip.trip, dates: sampleSingleTrip.dates },
      { ...travel.initialData, trip: sampleSingleTrip.trip, dates: sampleSingleTrip.dates, tourists: sampleSingleTrip.tourists },
    ];
    const prices = told.map(price);
    for (const p of prices) expect(p).toMatchObject({ lowest: true });
    const totals = prices.map((p) => p?.total ?? 0);
    expect(totals[0]).toBeGreaterThan(0);
    for (let i = 1; i < totals.length; i += 1) expect(totals[i], `step ${i}`).toBeGreaterThanOrEqual(totals[i - 1] ?? 0);
    // Dates and Great Britain raise it: 0.9 USD × 10 days × GB 1.5 × a child's 0.8 = 10.80 USD.
    expect(totals[2]).toBe(136_620);
    // With the travellers told it is the cheapest program's exact price, and never above the one chosen.
    const everyProgram = sampleTravelCatalog.tariffs.programs.map((p) => price({ ...sampleSingleTrip, program: { ...travel.initialData.program, programId: p.id } })?.total ?? Infinity);
    expect(totals[3]).toBe(Math.min(...everyProgram));
    expect(totals[3]).toBeLessThanOrEqual(price(sampleSingleTrip)?.total ?? 0);
  });

  it('prices a multi-trip policy by its days abroad as soon as they are chosen', () => {
    const multi = { ...travel.initialData, trip: { ...travel.initialData.trip, reusable: true, spendDays: 45 } };
    // 0.9 USD × 45 days × multi-trip factor × 0.8, before any date.
    expect(price(multi)?.total).toBeGreaterThan(price(travel.initialData)?.total ?? Infinity);
  });
});

describe('travel group discount', () => {
  const tariffs = sandboxTravelReference.tariffs;
  const medical = (birthdays: string[]) =>
    quoteTravel({ purposeId: 1, programId: 1, days: 10, multiTrip: false, isFamily: false, hasCovid: false, countries: ['TR'], birthdays, beginDate: '2030-07-01', risks: {} }, tariffs)?.total ?? 0;
  const adult = '1990-01-01';
  const child = '2020-01-01';
  const elder = '1950-01-01';

  it('never prices a group below a smaller group of the same travellers', () => {
    // By place, not by size: the tenth adult pays ×0.75 of their own, on top of the nine (4 + 5 × 0.85).
    expect(medical(Array(10).fill(adult))).toBeGreaterThan(medical(Array(9).fill(adult)));
    for (const extra of [adult, child, elder]) {
      for (const base of [[], [elder], [child, child], [elder, elder, elder, child]]) {
        const group: string[] = [...base];
        let last = 0;
        while (group.length < 25) {
          group.push(extra);
          const price = medical(group);
          expect(price, `${group.length} travellers`).toBeGreaterThanOrEqual(last);
          last = price;
        }
      }
    }
  });

  it('gives each traveller the discount of their place, the dearest first', () => {
    // Five adults: 4 + 0.85 adult premiums (9 USD each); ten: 4 + 5 × 0.85 + 0.75 = 9.
    expect(medical(Array(5).fill(adult))).toBe(Math.round(9 * 4.85 * tariffs.usdRate));
    expect(medical(Array(10).fill(adult))).toBe(Math.round(9 * 9 * tariffs.usdRate));
    // The cheapest take the discounted places, whatever order they are listed in: the elder (×5) is never fifth, the child (×0.8) is.
    const mixed = [child, adult, adult, elder, adult];
    expect(medical(mixed)).toBe(medical([...mixed].reverse()));
    expect(medical(mixed)).toBe(Math.round(Math.round(9 * (5 + 1 + 1 + 1 + 0.8 * 0.85) * 100) / 100 * tariffs.usdRate));
  });
});

describe('travel tourists rules', () => {
  it('clears Cyrillic names with use_latin_alphabet (requirements §5)', () => {
    const payer = { ...sampleSingleTrip.tourists.payer, firstName: 'Вали' };
    const rows = sampleSingleTrip.tourists.tourists.map((t, i) => (i === 1 ? { ...t, lastName: 'Алиев' } : t));
    const next = withTourists(sampleSingleTrip, { payer, tourists: rows });
    const { data, errors } = action('tourists.tourists')(next, sampleSingleTrip);
    expect(data.tourists.payer.firstName).toBeUndefined();
    expect(data.tourists.tourists[1]?.lastName).toBeUndefined();
    expect(data.tourists.tourists[1]?.firstName).toBe('Kamron');
    expect(errors).toEqual({
      tourists: { '/payer/firstName': 'use_latin_alphabet', '/tourists/1/lastName': 'use_latin_alphabet' },
    });
  });

  it('keeps Latin names, apostrophes and hyphens untouched', () => {
    const payer = { ...sampleSingleTrip.tourists.payer, lastName: "O'LMASOVA-KARIMOVA" };
    const { data, errors } = action('tourists.payer')(withTourists(sampleSingleTrip, { payer }), sampleSingleTrip);
    expect(data.tourists.payer.lastName).toBe("O'LMASOVA-KARIMOVA");
    expect(errors).toBeUndefined();
  });

  it('mirrors the payer into the ticked row, moves the tick and sets canPay', () => {
    const rows = sampleGroupTrip.tourists.tourists.map((t, i) => ({ ...t, isPayer: i === 0 || i === 2 }));
    const { data } = action('tourists.tourists')(withTourists(sampleGroupTrip, { tourists: rows }), sampleGroupTrip);
    expect(data.tourists.tourists.map((t) => t.isPayer)).toEqual([false, false, true, false, false]);
    expect(data.tourists.tourists[2]).toMatchObject({ passport: 'AA1234567', firstName: 'Vali', phone: '998901234567' });
    expect(data.tourists.tourists.map((t) => t.canPay)).toEqual([true, false, true, true, true]);
  });

  it('locks the payer row (it is the payer mirrored) and leaves the other rows open', () => {
    const locked = lockedPaths(travel.machine, 'tourists', sampleGroupTrip);
    // Row 0 is the payer: every mirrored field but the PINFL, which every row shows read-only anyway.
    expect(locked.sort()).toEqual(['birthday', 'country', 'firstName', 'foreign', 'foreignPassport', 'lastName', 'passport', 'phone'].map((f) => `/tourists/0/${f}`).sort());
    const moved = sampleGroupTrip.tourists.tourists.map((t, i) => ({ ...t, isPayer: i === 3 }));
    expect(lockedPaths(travel.machine, 'tourists', withTourists(sampleGroupTrip, { tourists: moved })).every((p) => p.startsWith('/tourists/3/'))).toBe(true);
  });

  it('requires an adult payer', () => {
    const payer = { ...sampleSingleTrip.tourists.payer, birthday: '2015-01-01' };
    const { errors } = action('tourists.payer')(withTourists(sampleSingleTrip, { payer }), sampleSingleTrip);
    expect(errors).toEqual({ tourists: { '/payer/birthday': 'travel.error.payer_adult' } });
  });
});

describe('travel family policy', () => {
  const { tariffs } = sampleTravelCatalog;
  const born = (age: number) => `${2030 - age}-01-01`;
  const withBirthdays = (data: TravelData, birthdays: string[]): TravelData =>
    withTourists(data, {
      tourists: birthdays.map((birthday, i) => ({ ...data.tourists.tourists[0], passport: `AZ${String(i).padStart(7, '0')}`, isPayer: i === 0 && data.tourists.tourists[0]?.isPayer === true, birthday, canPay: true, foreign: false })),
    });

  it('covers one or two adults up to the adult rate\'s last age and any number of children: a third adult, an older one or children alone are not of it', () => {
    expect(familyAdultMaxAge(tariffs)).toBe(64);
    expect(familyMisfits([born(40), born(38), born(12), born(9), born(3), born(1)], '2030-08-01', tariffs)).toEqual([]);
    expect(familyMisfits([born(40), born(38), born(19)], '2030-08-01', tariffs)).toEqual([2]);
    expect(familyMisfits([born(70), born(66)], '2030-08-01', tariffs)).toEqual([0, 1]);
    expect(familyMisfits([born(35), born(12)], '2030-08-01', tariffs)).toEqual([]);
    // Children alone (a school group) are not a family.
    expect(familyMisfits([born(12), born(13), born(14)], '2030-08-01', tariffs)).toEqual([0, 1, 2]);
    // Until every birthday is typed, the next one may be a parent's.
    expect(familyMisfits([born(12), undefined], '2030-08-01', tariffs)).toEqual([]);
    // Ages are taken on the first day of cover, as the premium takes them.
    expect(familyMisfits(['1965-07-20'], '2030-07-19', tariffs)).toEqual([]);
    expect(familyMisfits(['1965-07-20'], '2030-07-20', tariffs)).toEqual([0]);
  });

  it('has no family price for travellers who are not a family, so nobody is insured at 2.5 adults below their own price', () => {
    const elders = withBirthdays(sampleFamilyTrip, [born(80), born(81), born(82), born(83)]);
    expect(travel.pricing(elders, sampleTravelCatalog)).toBeNull();
    expect(travel.pricing(withTrip(elders, { isFamily: false }), sampleTravelCatalog)).not.toBeNull();
    expect(travel.pricing(sampleFamilyTrip, sampleTravelCatalog)).not.toBeNull();
  });

  it('says so at the birthday of each traveller a family policy cannot cover, and takes it back once the flag is off', () => {
    const three = withBirthdays(sampleFamilyTrip, [born(40), born(38), born(30)]);
    const said = action('tourists.tourists')(three, sampleFamilyTrip, sampleTravelCatalog);
    expect(said.errors?.tourists).toEqual({ '/tourists/2/birthday': { id: 'travel.error.not_family', values: { age: 64 } } });
    const off = action('trip.isFamily')(withTrip(three, { isFamily: false }), three, sampleTravelCatalog);
    expect(off.errors?.tourists).toEqual({});
    expect(off.withdrawn?.tourists).toMatchObject({ '/tourists/2/birthday': 'travel.error.not_family' });
  });

  it('judges the travellers again when the first day of cover moves their ages', () => {
    // 64 on 1 Aug 2030, 65 from his birthday on 2 Aug.
    const family = withBirthdays(withDates(sampleFamilyTrip, { beginDate: '2030-08-01' }), [born(40), '1965-08-02', born(10)]);
    expect(action('tourists.tourists')(family, sampleFamilyTrip, sampleTravelCatalog).errors).toBeUndefined();
    const later = withDates(family, { beginDate: '2030-08-02' });
    expect(action('dates.beginDate')(later, family, sampleTravelCatalog).errors?.tourists).toEqual({ '/tourists/1/birthday': { id: 'travel.error.not_family', values: { age: 64 } } });
    const back = action('dates.beginDate')(family, later, sampleTravelCatalog);
    expect(back.withdrawn?.tourists).toMatchObject({ '/tourists/1/birthday': 'travel.error.not_family' });
  });

  it('is refused by the calculator and the save, naming the first traveller who is not of the family', async () => {
    const three = withBirthdays(sampleFamilyTrip, [born(40), born(38), born(30)]);
    const calculator = sale.calls?.find((call) => call.request === 'travel/calculator.request');
    expect(() => calculator?.answer(calculatorRequest(three), travelContext())).toThrow(expect.objectContaining({ status: 400, field: '/travelers/2/birthday' }));
    const body = savePolisRequest(sampleFamilyTrip, { total: 1, lines: [] });
    const bahodir = { passport_seria: 'AD', passport_number: '3333333', birthday: '10-01-1960', pinfl: '31001600000077', name: 'Bahodir', surname: 'Yusupov', foreign: false, is_payer: false };
    const saved = { ...body, travelers: [...body.travelers, bahodir] };
    await expect(sale.quote(saved, travelContext())).rejects.toMatchObject({ status: 400, field: '/travelers/3/birthday' });
  });
});

describe('travel tourists: one person once', () => {
  it('says so at the passport of a row an earlier row names, and takes it back once it differs', () => {
    const [vali, kamron] = sampleSingleTrip.tourists.tourists as [TravelData['tourists']['tourists'][number], TravelData['tourists']['tourists'][number]];
    const twice = withTourists(sampleSingleTrip, { tourists: [vali, kamron, { ...kamron, isPayer: false }] });
    const said = action('tourists.tourists')(twice, sampleSingleTrip);
    expect(said.errors?.tourists).toEqual({ '/tourists/2/passport': 'travel.error.same_person' });
    const other = withTourists(twice, { tourists: [vali, kamron, { ...kamron, passport: 'AB7654321' }] });
    const taken = action('tourists.tourists')(other, twice);
    expect(taken.errors).toBeUndefined();
    expect(taken.withdrawn?.tourists).toMatchObject({ '/tourists/2/passport': 'travel.error.same_person' });
  });
});

describe('travel save: the people it names', () => {
  const body = savePolisRequest(sampleSingleTrip, { total: 1, lines: [] });
  const [vali, kamron] = body.travelers as [(typeof body.travelers)[number], (typeof body.travelers)[number]];
  const refusal = (request: typeof body) => sale.quote(request, travelContext());

  it('prices a citizen by the registry\'s birthday: another birthday, or a passport the registry lacks, is refused naming the traveller', async () => {
    await expect(refusal({ ...body, travelers: [vali, { ...kamron, birthday: '20-03-1990' }] })).rejects.toMatchObject({ status: 422, field: '/travelers/1' });
    await expect(refusal({ ...body, travelers: [vali, { ...kamron, passport_number: '9999999' }] })).rejects.toMatchObject({ status: 422, field: '/travelers/1' });
    await expect(refusal({ ...body, sugurtalovchi: { ...body.sugurtalovchi, birthday: '15-05-1991' } })).rejects.toMatchObject({ status: 422, field: '/sugurtalovchi' });
    // A foreigner is not in the Uzbek registry: named as the request names them.
    await expect(refusal({ ...body, travelers: [vali, { ...kamron, passport_seria: 'FR', foreign: true, country_id: 'FR' }] })).resolves.toBeDefined();
  });

  it('refuses a citizen the registry knows called a foreigner, and a foreigner without a citizenship or of Uzbekistan', async () => {
    // Rustam (born 1958) as a "foreigner" born 2000 would be priced a band cheaper.
    const rustam = { ...kamron, passport_seria: 'AD', passport_number: '2222222', birthday: '01-07-2000', foreign: true, country_id: 'TR' };
    await expect(refusal({ ...body, travelers: [vali, rustam] })).rejects.toMatchObject({ status: 422, field: '/travelers/1/foreign' });
    const { country_id: _country, ...stateless } = { ...kamron, passport_seria: 'FR', foreign: true, country_id: 'FR' };
    await expect(refusal({ ...body, travelers: [vali, stateless] })).rejects.toMatchObject({ status: 400, field: '/travelers/1/country_id' });
    await expect(refusal({ ...body, travelers: [vali, { ...stateless, country_id: 'UZ' }] })).rejects.toMatchObject({ status: 400, field: '/travelers/1/country_id' });
    const citizenPayer = { ...body.sugurtalovchi, type: 2 as const, country_id: 'TR' };
    await expect(refusal({ ...body, sugurtalovchi: citizenPayer })).rejects.toMatchObject({ status: 422, field: '/sugurtalovchi/type' });
  });

  it("takes a foreigner's passport as printed, payer or traveller, and a citizen's only as a passport of Uzbekistan", async () => {
    const { passport_seria: _seria, pinfl: _pinfl, ...unnumbered } = kamron;
    const german = { ...unnumbered, passport_number: 'C01X00T47', foreign: true, country_id: 'DE' };
    const quoted = await refusal({ ...body, travelers: [vali, german] });
    expect(quoted.terms.insured[1]).toMatchObject({ passport: 'C01X00T47' });
    expect(apiSchema('travel/save-polis.request')({ ...body, travelers: [vali, german] })).toEqual([]);
    const { passport_seria: _payerSeria, pinfl: _payerPinfl, ...payerUnnumbered } = body.sugurtalovchi;
    const foreignPayer = { ...payerUnnumbered, type: 2 as const, passport_number: '721234567', country_id: 'RU' };
    await expect(refusal({ ...body, sugurtalovchi: foreignPayer, travelers: [{ ...vali, is_payer: false }, german] })).resolves.toBeDefined();
    await expect(refusal({ ...body, travelers: [vali, { ...german, passport_number: 'C01' }] })).rejects.toMatchObject({ status: 400, field: '/travelers/1/passport_number' });
    await expect(refusal({ ...body, sugurtalovchi: { ...foreignPayer, passport_number: 'C01' } })).rejects.toMatchObject({ status: 400, field: '/sugurtalovchi/passport_number' });
    // A citizen is the registry's by a passport of Uzbekistan's: 2 letters and 7 digits, said where it is not.
    await expect(refusal({ ...body, travelers: [vali, { ...kamron, passport_number: 'C01X00T47' }] })).rejects.toMatchObject({ status: 400, field: '/travelers/1/passport_number' });
    await expect(refusal({ ...body, sugurtalovchi: { ...payerUnnumbered, passport_number: '1234567' } })).rejects.toMatchObject({ status: 400, field: '/sugurtalovchi/passport_seria' });
    // A citizen's passport sent as a foreigner's whole number is still found a citizen's.
    await expect(refusal({ ...body, travelers: [vali, { ...german, passport_number: 'AD2222222', birthday: '01-07-2000' }] })).rejects.toMatchObject({ status: 422, field: '/travelers/1/foreign' });
  });

  it('insures a person once, has one payer at most, and a payer of age', async () => {
    await expect(refusal({ ...body, travelers: [vali, kamron, kamron] })).rejects.toMatchObject({ status: 400, field: '/travelers/2/passport_number' });
    await expect(refusal({ ...body, travelers: [vali, { ...kamron, is_payer: true }] })).rejects.toMatchObject({ status: 400, field: '/travelers/1/is_payer' });
    const minor = { ...body.sugurtalovchi, passport_seria: 'AC', passport_number: '2020202', birthday: '20-03-2020', pinfl: '52003200000066' };
    await expect(refusal({ ...body, sugurtalovchi: minor })).rejects.toMatchObject({ status: 422, field: '/sugurtalovchi/birthday' });
  });
});

describe('travel lookups', () => {
  const person = { ism: 'Вали', familya: 'Алиев', ism_eng: 'VALI', familya_eng: 'ALIYEV', pinfl: '31505900000011' };
  const [payerLookup, rowLookup] = travel.binding.lookups ?? [];

  it('looks the payer up once passport and birthday are complete, and fills names, pinfl and the payer row', async () => {
    if (!payerLookup) throw new Error('no payer lookup');
    const step = {
      payer: { passport: 'AA1234567', birthday: '1990-05-15', foreign: false, phone: '998901234567' },
      tourists: [{ isPayer: true, canPay: true, foreign: false }, { isPayer: false, canPay: false, foreign: false }],
    };
    expect(payerLookup.key({ payer: { ...step.payer, passport: 'AA12345' } })).toBeNull();
    expect(payerLookup.key({ payer: { ...step.payer, foreign: true } })).toBeNull();
    expect(payerLookup.key(step)).toBe('AA1234567|15-05-1990');
    const api = fakeApi(() => ok(person));
    const answer = await payerLookup.run(api, step, sampleTravelCatalog);
    expect(api.calls).toEqual([{
      method: 'POST', path: '/takoful/travel-neo/getPerson',
      body: { passportSeria: 'AA', passportNumber: '1234567', birthday: '15-05-1990' },
    }]);
    expect(answer).toEqual({
      payer: { ...step.payer, firstName: 'VALI', lastName: 'ALIYEV', pinfl: '31505900000011' },
      tourists: [
        { isPayer: true, canPay: true, foreign: false, passport: 'AA1234567', birthday: '1990-05-15', firstName: 'VALI', lastName: 'ALIYEV', pinfl: '31505900000011', phone: '998901234567' },
        { isPayer: false, canPay: false, foreign: false },
      ],
    });
  });

  it('looks tourist rows up, except the payer row', async () => {
    if (!rowLookup) throw new Error('no row lookup');
    expect(rowLookup.rows).toBe('tourists');
    expect(rowLookup.key({ isPayer: true, passport: 'AC1111111', birthday: '2020-03-20' })).toBeNull();
    const api = fakeApi(() => ok({ ...person, ism_eng: 'TIMUR', pinfl: '32003120000033' }));
    const row = { isPayer: false, passport: 'AC1111111', birthday: '2020-03-20', pinfl: '32003120000033' };
    expect(await rowLookup.run(api, row, sampleTravelCatalog)).toEqual({ firstName: 'TIMUR', lastName: 'ALIYEV', pinfl: '32003120000033' });
    // The PINFL the row holds is the last answer's: not sent, it would be another person's for a corrected passport.
    expect(api.calls[0]?.body).toEqual({ passportSeria: 'AC', passportNumber: '1111111', birthday: '20-03-2020' });
  });

  it('maps a not-found envelope to datas_not_found on the payer passport', async () => {
    if (!payerLookup) throw new Error('no payer lookup');
    const step = { payer: { passport: 'ZZ0000000', birthday: '1990-01-01', foreign: false }, tourists: [] };
    await expect(payerLookup.run(fakeApi(() => notOk(1, 'datas_not_found')), step, sampleTravelCatalog)).rejects.toMatchObject({
      messageId: 'datas_not_found', field: { step: 'tourists', path: '/payer/passport' },
    });
  });

  it('maps HTTP 422 and other failures to maybe-data-is-incorrect, no answer to network_error', async () => {
    if (!rowLookup) throw new Error('no row lookup');
    const row = { isPayer: false, passport: 'AC1111111', birthday: '2020-03-20' };
    await expect(rowLookup.run(fakeApi(() => apiFailure(422)), row, sampleTravelCatalog)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(rowLookup.run(fakeApi(() => apiFailure(500)), row, sampleTravelCatalog)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(rowLookup.run(fakeApi(() => apiFailure(null)), row, sampleTravelCatalog)).rejects.toMatchObject({ messageId: 'network_error' });
  });
});

describe('travel save, check and load', () => {
  const saved = { contract_id: 'T-1001', order_id: 'O-1001', amount: 574_015, url: 'https://my.click.uz/services/pay?x=1', payme_url: 'https://checkout.paycom.uz/abc' };

  it('saves with every field mapped to the API format', async () => {
    const price = travel.pricing(sampleSingleTrip, sampleTravelCatalog);
    if (!price) throw new Error('no price');
    const api = fakeApi(() => ok(saved));
    const payment = await travel.binding.save(api, sampleSingleTrip, price, saveContext);
    expect(payment).toEqual({
      contractId: 'T-1001', orderId: 'O-1001', price: 574_015,
      links: { click: saved.url, payme: saved.payme_url },
    } satisfies PaymentDetails);
    expect(api.calls[0]?.path).toBe('/takoful/travel-neo/save-polis');
    expect(api.calls[0]?.body).toEqual({
      begin_date: '01-07-2030', end_date: '10-07-2030', days: 10, countries: ['TR', 'GB'],
      purpose_id: 1, kop_martali: 0, is_family: 0, has_covid: 0,
      risklar: { luggage: 1, accident: 1, cancel_travel: 0, person_respon: 0, delay_travel: 0 },
      summa_all: 574_015, program_id: 2,
      sugurtalovchi: {
        type: 0, passport_seria: 'AA', passport_number: '1234567', birthday: '15-05-1990', pinfl: '31505900000011',
        phone: '998901234567', name: 'Vali', surname: 'Aliyev',
      },
      travelers: [
        { passport_seria: 'AA', passport_number: '1234567', birthday: '15-05-1990', pinfl: '31505900000011', name: 'Vali', surname: 'Aliyev', foreign: false, is_payer: true },
        { passport_seria: 'AC', passport_number: '2020202', birthday: '20-03-2020', pinfl: '52003200000066', name: 'Kamron', surname: 'Aliyev', foreign: false, is_payer: false },
      ],
      return_url: saveContext.returnPath,
    });
  });

  it('sends a foreign payer as type 2 with country_id, and stays with derived end date and days', () => {
    const request = savePolisRequest(sampleWorkStay, { total: 2_561_625, lines: [] });
    expect(request.sugurtalovchi).toEqual({
      type: 2, passport_number: 'C01X00T47', birthday: '02-11-1985', country_id: 'DE',
      phone: '998935550011', name: 'ANNA', surname: 'MULLER',
    });
    expect(request).toMatchObject({ begin_date: '01-09-2030', end_date: '30-10-2030', days: 60, purpose_id: 5, has_covid: 1 });
  });

  it('prices on the server exactly as on the page, for the period the policy states', async () => {
    const context = travelContext();
    for (const data of [sampleSingleTrip, sampleWorkStay, sampleMultiTrip, sampleFamilyTrip, sampleGroupTrip]) {
      const price = travel.pricing(data, sampleTravelCatalog);
      if (!price) throw new Error('no price');
      const quoted = await sale.quote({ ...savePolisRequest(data, price) }, context);
      expect(quoted.price).toEqual(price);
      expect(quoted.terms).toMatchObject({ beginDate: data.dates.beginDate, endDate: travelCover(data)?.endDate });
    }
  });

  it('the policy and the page summary state the purpose, COVID-19 cover, a multi-trip policy\'s days abroad, a family policy and every extra risk bought', async () => {
    const context = travelContext();
    const multi = { ...sampleMultiTrip, program: { ...sampleMultiTrip.program, risks: { ...sampleMultiTrip.program.risks, luggage: { on: true }, accident: { on: true } } } };
    const quoteOf = async (data: TravelData) => {
      const price = travel.pricing(data, sampleTravelCatalog);
      if (!price) throw new Error('no price');
      return (await sale.quote({ ...savePolisRequest(data, price) }, context)).terms;
    };
    expect((await quoteOf(multi)).conditions).toEqual([
      'Safar maqsadi / Цель поездки: Turizm / Туризм',
      'Koʻp martalik polis: chet elda 45 kun / Многократный полис: 45 дн. за рубежом',
      'Bagajning yoʻqolishi / Утрата багажа',
      'Baxtsiz hodisa / Несчастный случай',
    ]);
    expect((await quoteOf(sampleFamilyTrip)).conditions).toContain('Oilaviy polis / Семейный полис');
    expect((await quoteOf(sampleWorkStay)).conditions).toEqual(['Safar maqsadi / Цель поездки: Ish / Работа', 'COVID-19 qoplamasi bilan / С покрытием COVID-19']);
    expect(travel.summary(sampleWorkStay, sampleTravelCatalog)).toEqual(expect.arrayContaining([
      { label: 'travel.field.purpose', value: { message: 'travel.purpose.5' } },
      { label: 'travel.field.has_covid', value: { message: 'engine.yes' } },
    ]));
    const rows = travel.summary(multi, sampleTravelCatalog);
    expect(rows).toContainEqual({ label: 'travel.field.reusable', value: { message: 'travel.days.45' } });
  });

  it('the calculator quotes every program at the price the page shows for it', async () => {
    const context = travelContext();
    const calculator = sale.calls?.find((call) => call.path.endsWith('/calculator'));
    if (!calculator?.read) throw new Error('no calculator');
    for (const data of [sampleSingleTrip, sampleWorkStay, sampleMultiTrip, sampleFamilyTrip, sampleGroupTrip]) {
      const answer = await calculator.answer(calculator.read(calculatorRequest(data), context), context);
      const onPage = sandboxTravelReference.tariffs.programs.map((program) => ({
        program_id: program.id,
        prem_uzs: travel.pricing({ ...data, program: { ...data.program, programId: program.id } }, sampleTravelCatalog)?.total,
      }));
      expect(onPage.every((quote) => typeof quote.prem_uzs === 'number')).toBe(true);
      expect(answer).toMatchObject(onPage);
    }
  });

  it('maps any save failure to maybe-data-is-incorrect with the error modal', async () => {
    const price = { total: 1, lines: [] };
    for (const answer of [notOk(2, 'amount differs'), apiFailure(422), apiFailure(500), apiFailure(null)]) {
      const failure = await travel.binding.save(fakeApi(() => answer), sampleSingleTrip, price, saveContext).catch((e: unknown) => e);
      expect(failure).toMatchObject({ modal: true });
      expect((failure as { messageId: string }).messageId).toMatch(/^(maybe-data-is-incorrect|network_error)$/);
    }
    await expect(travel.binding.save(fakeApi(() => apiFailure(422)), sampleSingleTrip, price, saveContext))
      .rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect', modal: true });
  });

  it('checks payment: policy when paid, null while unpaid', async () => {
    const payment: PaymentDetails = { contractId: 'T-1001', orderId: 'O-1001', price: 1, links: {} };
    const paid = fakeApi(() => ok({ check: true, url: 'https://example.uz/p.pdf', polis_seria: 'TRV', polis_number: '0000123' }));
    expect(await travel.binding.check(paid, payment)).toEqual({ policyNumber: 'TRV 0000123', policyUrl: 'https://example.uz/p.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/takoful/travel-neo/checkPolis', body: { contract_id: 'T-1001' } });
    expect(await travel.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
    expect(await travel.binding.check(fakeApi(() => ({ result: false, error: 1, message: 'payment_not_made', response: { last_payment: 'declined' } })), payment)).toBe('declined');
    await expect(travel.binding.check(fakeApi(() => apiFailure(500)), payment)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
  });

  it('loads the catalog from get_country', async () => {
    const api = fakeApi(() => ok(sampleGetCountryAnswer));
    expect(await travel.binding.load(api)).toEqual(sampleTravelCatalog);
    expect(api.calls).toEqual([{ method: 'GET', path: '/takoful/travel-neo/get_country' }]);
  });

  it('shows each program with its price and sum insured, and risks priced per traveller', () => {
    const options = travel.options?.(sampleTravelCatalog, sampleSingleTrip);
    const priced = options?.programs?.map((o) => [o.value, o.price, o.details?.[0]?.value]);
    const priceWith = (programId: number) => travel.pricing({ ...sampleSingleTrip, program: { ...sampleSingleTrip.program, programId } }, sampleTravelCatalog)?.total;
    expect(priced).toEqual([[1, priceWith(1), '30 000'], [2, 574_015, '60 000'], [3, priceWith(3), '100 000']]);
    expect(options?.risks?.find((r) => r.value === 'cancel_travel')?.price).toBe(120_000);
    expect(options?.countries).toHaveLength(sampleTravelCatalog.countries.length);
    expect(options?.countries?.some((c) => c.value === 'UZ')).toBe(false);
  });
});

describe('travel save with incomplete data', () => {
  it('fails with the modal before calling the API', async () => {
    const api = fakeApi(() => ok({}));
    const broken = withTourists(sampleSingleTrip, { payer: { ...sampleSingleTrip.tourists.payer, passport: 'A1' } });
    await expect(travel.binding.save(api, broken, { total: 1, lines: [] }, saveContext)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect', modal: true });
    expect(api.calls).toEqual([]);
  });
});

describe('travel API schemas', () => {
  it('the save-polis schema accepts what the page sends and refuses what the server must refuse', () => {
    const save = apiSchema('travel/save-polis.request');
    const good = { ...savePolisRequest(sampleSingleTrip, { total: 574_015, lines: [] }), return_url: saveContext.returnPath };
    expect(save(good)).toEqual([]);
    expect(save({ ...good, begin_date: '2030-07-01' })).not.toEqual([]);
    expect(save({ ...good, purpose_id: 2 })).not.toEqual([]);
    // The documented shape is strict; partners' extra fields are dropped by readSave before it (read.ts).
    expect(save({ ...good, extra: 1 })).not.toEqual([]);
    expect(save({ ...good, sugurtalovchi: { ...good.sugurtalovchi, name: 'x'.repeat(10_000) } })).not.toEqual([]);
    expect(save({ ...good, sugurtalovchi: { ...good.sugurtalovchi, name: 'Вали' } })).not.toEqual([]);
    expect(save({ ...good, return_url: 'https://evil.example/' })).not.toEqual([]);
    expect(apiSchema('travel/get-person.request')({ passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' })).not.toEqual([]);
  });

  it('the calculator request of each sample validates and names its period as the cover does', () => {
    const validate = apiSchema('travel/calculator.request');
    for (const data of [sampleSingleTrip, sampleWorkStay, sampleMultiTrip, sampleFamilyTrip, sampleGroupTrip]) {
      expect(validate(calculatorRequest(data))).toEqual([]);
    }
    expect(calculatorRequest(sampleSingleTrip)).toMatchObject({ begin_date: '01-07-2030', end_date: '10-07-2030' });
    expect(calculatorRequest(sampleWorkStay)).toMatchObject({ days: 60 });
  });
});


describe('travel period arithmetic', () => {
  it('counts whole years of age, the day before and on a birthday, and across 29 February', () => {
    expect(ageOn('1990-05-15', '2026-05-14')).toBe(35);
    expect(ageOn('1990-05-15', '2026-05-15')).toBe(36);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2026-12-31', '2027-01-01')).toBe(0);
  });

  it('counts the days of a trip inclusively, across a year end and a leap day', () => {
    expect(daysBetween('2026-07-01', '2026-07-01')).toBe(1);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(4);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(365);
  });
});

describe('travel countries by id', () => {
  it('names each destination by an id of its own, which a country added or removed does not move', () => {
    // Türkiye keeps its id when the countries listed before it change (ids were positions once).
    const reference = { ...sandboxTravelReference, countries: [{ id: 60, code: 'TR' }, { id: 64, code: 'MX' }, { id: 14, code: 'DE' }] };
    expect(getCountryAnswer(reference).country).toEqual([{ id: 60, code: 'TR' }, { id: 64, code: 'MX' }, { id: 14, code: 'DE' }]);
    expect(readCalculator({ countries: [60, '14', 'MX'] }, reference)).toMatchObject({ countries: ['TR', 'DE', 'MX'] });
    expect(readSave({ countries: ['64'] }, reference)).toMatchObject({ countries: ['MX'] });
    // An id no country has stays as sent, for the schema to refuse.
    expect(readCalculator({ countries: [1] }, reference)).toMatchObject({ countries: [1] });
    // The sandbox's ids are the positions the list had, so the ids partners hold name the same countries.
    expect(sandboxTravelReference.countries.slice(0, 2)).toEqual([{ id: 1, code: 'AE' }, { id: 2, code: 'AM' }]);
    expect(sandboxTravelReference.countries.find((c) => c.code === 'TR')?.id).toBe(60);
  });
});
