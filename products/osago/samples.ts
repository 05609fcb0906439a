import { defineSamples } from '../kit/define/define';
import type { OsagoCatalog } from './binding';
import manifest from './product';
import type { OsagoCar, OsagoData, OsagoDriver, OsagoPerson } from './rules';
import { sandboxOsagoReference } from './tariff';

/**
 * Sample flows for tests, stories and the contract suite. Vehicles, people, companies and licences
 * are the sandbox registries' (README.md, server/db/sandbox-data.ts); first days lie in 2030 and
 * 2031 so "from tomorrow" holds for years. Together the flows take every skip, show and lock rule
 * both ways, and each is one the sandbox server sells at the page's price.
 */

export const sampleOsagoCatalog: OsagoCatalog = sandboxOsagoReference;

const vali: OsagoPerson = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011' };
const dilnoza: OsagoPerson = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022' };
const rustam: OsagoPerson = { passport: 'AD2222222', birthday: '1958-07-01', firstName: 'Rustam', lastName: 'Nazarov', pinfl: '30107580000044' };
const aziz: OsagoPerson = { passport: 'AE1234567', birthday: '1995-09-12', firstName: 'Aziz', lastName: 'Rahimov', pinfl: '31209950000055' };

const driver = (person: OsagoPerson, relative: number, licence: string, licenseIssueDate: string, licenceSource: 'registry' | 'manual' = 'registry'): OsagoDriver => ({
  ...person, relative, licence, licenseIssueDate, licenceSource,
});

/** The registry's answer for a vehicle, as the vehicle lookup stores it. */
const found = (car: OsagoCar): OsagoCar => ({ ...car, found: true, edit: false });

const cobalt = found({ plate: '01A123BC', techPassport: 'AAF0390422', ownerName: 'ALIYEV VALI', model: 'Chevrolet Cobalt', vehicleType: 1, issueYear: 2022, legalEntity: false, ownerPinfl: vali.pinfl });
const spark = found({ plate: '30C789DE', techPassport: 'AAL7654321', ownerName: 'KARIMOVA DILNOZA', model: 'Chevrolet Spark', vehicleType: 1, issueYear: 2018, legalEntity: false, ownerPinfl: dilnoza.pinfl, insuredUntil: '2030-07-31' });
const isuzu = found({ plate: '10B456CD', techPassport: 'AAG1234567', ownerName: 'NAZAROV RUSTAM', model: 'Isuzu NQR 71', vehicleType: 6, issueYear: 2019, legalEntity: false, ownerPinfl: rustam.pinfl });
const kia = found({ plate: '01123ABC', techPassport: 'AAF1111111', ownerName: '"NEO LOGISTIKA" MChJ', model: 'Kia K5', vehicleType: 1, issueYear: 2023, legalEntity: true, ownerInn: '301234567' });
const kamaz = found({ plate: '40456FGH', techPassport: 'AAG2222222', ownerName: '"FARGʻONA AGRO SERVIS" MChJ', model: 'KAMAZ 65115', vehicleType: 6, issueYear: 2016, legalEntity: true, ownerInn: '302345678' });

const phone = '998901234567';
const noExtras = { accident: false, gas: false, plateCover: false, miniCasco: false };
const anyDriver = { drivers: [{ relative: 0 }] };

/** Vali Aliyev insures his own Tashkent Cobalt for a year, himself and his wife Dilnoza driving: 192 000. */
export const sampleOwnCarTwoDrivers: OsagoData = {
  car: cobalt,
  personal: { applicant: vali, isOwner: true, owner: {}, company: {}, phone },
  policy: { period: 1, drivers: 4, startDate: '2030-07-01', ...noExtras, benefit: 1 },
  drivers: { drivers: [driver(vali, 0, 'AF0557857', '2010-06-01'), driver(dilnoza, 1, 'AB1234321', '2008-03-15')] },
};

/**
 * Vali insures Dilnoza's Samarkand Spark (insured until the end of July 2030, so from 1 August 2030) for
 * six months, any driver, every extra and Comfort mini-casco: 320 000 × 0.7 + 10 000 + 10 000 +
 * 30 000 + 90 000 = 364 000.
 */
export const sampleSomeoneElsesCarAllExtras: OsagoData = {
  car: spark,
  personal: { applicant: vali, isOwner: false, owner: dilnoza, company: {}, phone },
  policy: { period: 2, drivers: 1, startDate: '2030-08-01', accident: true, gas: true, plateCover: true, miniCasco: true, miniCascoProgram: 2, benefit: 1 },
  drivers: anyDriver,
};

/** "NEO LOGISTIKA" insures its Tashkent Kia for any driver (policy type 1: no drivers step), with plate cover: 384 000 + 30 000. */
export const sampleCompanyAnyDriver: OsagoData = {
  car: kia,
  personal: { applicant: vali, isOwner: true, owner: {}, company: { inn: '301234567', name: '"NEO LOGISTIKA" MChJ' }, phone },
  policy: { period: 1, drivers: 1, startDate: '2030-07-01', ...noExtras, plateCover: true, benefit: 1 },
  drivers: anyDriver,
};

/**
 * "FARGʻONA AGRO SERVIS" insures its KAMAZ for a year with one named driver (type 3), Aziz Rahimov,
 * whose licence the registry lacks (typed by hand): the regions' truck rate, 280 000.
 */
export const sampleCompanyNamedDriver: OsagoData = {
  car: kamaz,
  personal: { applicant: aziz, isOwner: true, owner: {}, company: { inn: '302345678', name: '"FARGʻONA AGRO SERVIS" MChJ' }, phone: '998935550011' },
  policy: { period: 1, drivers: 4, startDate: '2030-08-15', ...noExtras, benefit: 1 },
  drivers: { drivers: [driver(aziz, 0, 'AE7777777', '2015-10-01', 'manual')] },
};

/**
 * Rustam Nazarov, a pensioner (benefit 7, half the premium), insures his Tashkent-region truck with
 * himself driving, having opened the registry's answer to correct it: 336 000 − 168 000 + gas 10 000.
 */
export const samplePensionerTruck: OsagoData = {
  car: { ...isuzu, edit: true },
  personal: { applicant: rustam, isOwner: true, owner: {}, company: {}, phone: '998977770707' },
  policy: { period: 1, drivers: 4, startDate: '2030-09-01', ...noExtras, gas: true, benefit: 7 },
  drivers: { drivers: [driver(rustam, 0, 'AD7654567', '1978-09-10')] },
};

export default defineSamples({
  catalog: sampleOsagoCatalog,
  flows: [
    { name: 'own car, two named drivers', data: sampleOwnCarTwoDrivers },
    { name: 'someone else\'s car, any driver, every extra', data: sampleSomeoneElsesCarAllExtras },
    { name: 'legal entity, type 1', data: sampleCompanyAnyDriver },
    { name: 'legal entity, named driver', data: sampleCompanyNamedDriver },
    { name: 'pensioner, vehicle corrected', data: samplePensionerTruck },
  ],
  // docs/insurance-facts.md §1 (2026 tariff) and requirements §9 (extras, mini-casco programs); README.md works each one.
  prices: [
    { name: 'Tashkent car, limited, 12 months', data: sampleOwnCarTwoDrivers, total: 192_000 },
    { name: 'Tashkent car, limited, 6 months', data: { ...sampleOwnCarTwoDrivers, policy: { ...sampleOwnCarTwoDrivers.policy, period: 2 } }, total: 134_400 },
    { name: 'Tashkent car, unlimited, 6 months', data: { ...sampleOwnCarTwoDrivers, policy: { ...sampleOwnCarTwoDrivers.policy, period: 2, drivers: 1 } }, total: 268_800 },
    { name: 'regions car, unlimited, 6 months, every extra, Comfort', data: sampleSomeoneElsesCarAllExtras, total: 364_000 },
    { name: 'legal entity, Tashkent car, unlimited, plate cover', data: sampleCompanyAnyDriver, total: 414_000 },
    { name: 'legal entity, regions truck, limited', data: sampleCompanyNamedDriver, total: 280_000 },
    { name: 'pensioner, Tashkent truck, limited, gas', data: samplePensionerTruck, total: 178_000 },
  ],
  purchase: sampleOwnCarTwoDrivers,
  // The sandbox's answers for the purchase (the Cobalt of Vali Aliyev, no policy in force, no benefit).
  answers: {
    [manifest.calls.references]: sandboxOsagoReference,
    [manifest.calls.vehicle]: { juridik: 0, name: 'ALIYEV VALI', pinfl: '31505900000011', inn: null, modelName: 'Chevrolet Cobalt', vehicleTypeId: 1, issueYear: 2022, seats: 5, yoqilgi_type: 'petrol', restricted: false },
    [manifest.calls.checkIp]: { status: 0, end_date: null },
    [manifest.calls.saveIp]: { saved: true },
    [manifest.calls.checkPerson]: { owner: true },
    [manifest.calls.discount]: { discountId: 1, percent: 0 },
    [manifest.calls.driverCheck]: { licenseSeria: 'AF', licenseNumber: '0557857', licenseIssueDate: '01.06.2010', name: 'Aliyev Vali' },
    [manifest.calls.calculator]: { amount_uzs: 192_000, inn: false },
    [manifest.calls.check]: { policy_number: 'OSG 2026000001', pdf_url: 'https://shop.example.uz/policies/O-1.pdf' },
  },
});
