import { defineSamples } from '../kit/define/define';
import { osgopTariff } from './pricing';
import manifest from './product';
import type { OsgopData } from './rules';

/* Vehicles, companies and people of the sandbox registries (README.md "Buying with the sandbox"). */

const phone = '998901234567';

/** The Bukhara city bus (30 seats, 29 passengers) of "BUXORO YOʻLOVCHI TRANS" AJ, insured by its owner for a year. */
export const sampleBus: OsgopData = {
  car: { plate: '80321BTR', techPassport: 'AAL3333333', category: 'bus', passengerSeats: 29, model: 'Isuzu Citiport', issueYear: 2021, owner: '"BUXORO YOʻLOVCHI TRANS" AJ', ownerInn: '303456789' },
  holder: { kind: 'company', inn: '303456789', companyName: '"BUXORO YOʻLOVCHI TRANS" AJ', phone },
  policy: { months: 12, beginDate: '2030-07-01', endDate: '2031-06-30' },
};

/** Rustam Nazarov's Damas minibus (6 passengers), insured by himself for 6 months. */
export const sampleMinibus: OsgopData = {
  car: { plate: '95E555EE', techPassport: 'AAL5555555', category: 'minibus', passengerSeats: 6, model: 'Chevrolet Damas', issueYear: 2015, owner: 'NAZAROV RUSTAM' },
  holder: { kind: 'person', passport: 'AD2222222', birthday: '1958-07-01', firstName: 'Rustam', lastName: 'Nazarov', pinfl: '30107580000044', phone },
  policy: { months: 6, beginDate: '2030-07-01', endDate: '2030-12-31' },
};

/** A Tashkent taxi (4 passengers) of "TOSHKENT TAKSI" MChJ for 3 months, its trim added to the model by hand. */
export const sampleTaxi: OsgopData = {
  car: { plate: '01777TAX', techPassport: 'AAF4444444', category: 'taxi', passengerSeats: 4, model: 'Chevrolet Nexia 3 R2', issueYear: 2020, owner: '"TOSHKENT TAKSI" MChJ', ownerInn: '304567890', edit: true },
  holder: { kind: 'company', inn: '304567890', companyName: '"TOSHKENT TAKSI" MChJ', phone },
  policy: { months: 3, beginDate: '2030-07-01', endDate: '2030-09-30' },
};

export default defineSamples({
  catalog: structuredClone(osgopTariff),
  flows: [
    { name: 'a company bus for a year', data: sampleBus },
    { name: 'a person\'s minibus for 6 months', data: sampleMinibus },
    { name: 'a taxi for 3 months, edited', data: sampleTaxi },
  ],
  // The shop's tariff (README.md): passenger seats × rate per seat × term factor.
  prices: [
    { name: 'bus, 29 seats × 26 400, 12 months', data: sampleBus, total: 765_600 },
    { name: 'bus, 29 seats × 26 400, 6 months × 0.7', data: { ...sampleBus, policy: { months: 6, beginDate: '2030-07-01' } }, total: 535_920 },
    { name: 'minibus, 6 seats × 35 200, 6 months × 0.7', data: sampleMinibus, total: 147_840 },
    { name: 'minibus, 6 seats × 35 200, 12 months', data: { ...sampleMinibus, policy: { months: 12, beginDate: '2030-07-01' } }, total: 211_200 },
    { name: 'taxi, 4 seats × 44 000, 3 months × 0.4', data: sampleTaxi, total: 70_400 },
    { name: 'taxi, 4 seats × 44 000, 12 months', data: { ...sampleTaxi, policy: { months: 12, beginDate: '2030-07-01' } }, total: 176_000 },
  ],
  // A person carrier: the person lookup is the first the stories and the purchase specs meet.
  purchase: sampleMinibus,
  // The sandbox's answers for the purchase sample's vehicle (stories answer every plate with it).
  answers: {
    [manifest.calls.auto]: {
      gos_number: '95E555EE', model: 'Chevrolet Damas', vehicleTypeId: 9, issue_year: 2015, seats: 7, passenger_seats: 6, category: 'minibus', owner: 'NAZAROV RUSTAM', owner_inn: null,
    },
    [manifest.calls.calculation]: { amount_uzs: 147_840, category: 'minibus', passenger_seats: 6, rate_per_seat: 35_200, period_factor: 0.7, sum_insured: 264_000_000 },
    [manifest.calls.check]: { policy_number: 'OGP 2026000001', pdf_url: 'https://shop.example.uz/policies/O-1.pdf' },
  },
});
