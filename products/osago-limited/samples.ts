import { defineSamples } from '../kit/define/define';
import osagoSamples, {
  sampleCompanyNamedDriver, sampleOsagoCatalog, sampleOwnCarTwoDrivers, samplePensionerTruck, sampleSomeoneElsesCarAllExtras,
} from '../osago/samples';
import type { OsagoData } from '../osago/rules';
import manifest from './product';

/**
 * OSAGO's samples with named drivers (the variant's preset holds in each), and Vali insuring
 * Dilnoza's Samarkand Spark with her driving, every extra and Comfort: 160 000 × 0.7 + 140 000.
 */
const [, dilnoza] = sampleOwnCarTwoDrivers.drivers.drivers;

export const sampleSomeoneElsesCarNamedDriver: OsagoData = {
  ...sampleSomeoneElsesCarAllExtras,
  policy: { ...sampleSomeoneElsesCarAllExtras.policy, drivers: 4 },
  drivers: { drivers: dilnoza ? [{ ...dilnoza, relative: 0 }] : [] },
};

export default defineSamples({
  catalog: sampleOsagoCatalog,
  flows: [
    { name: 'own car, two named drivers', data: sampleOwnCarTwoDrivers },
    { name: 'someone else\'s car, every extra', data: sampleSomeoneElsesCarNamedDriver },
    { name: 'legal entity, named driver', data: sampleCompanyNamedDriver },
    { name: 'pensioner, vehicle corrected', data: samplePensionerTruck },
  ],
  prices: [
    { name: 'Tashkent car, 12 months', data: sampleOwnCarTwoDrivers, total: 192_000 },
    { name: 'regions car, 6 months, every extra, Comfort', data: sampleSomeoneElsesCarNamedDriver, total: 252_000 },
    { name: 'legal entity, regions truck', data: sampleCompanyNamedDriver, total: 280_000 },
  ],
  purchase: sampleOwnCarTwoDrivers,
  answers: {
    ...osagoSamples.answers,
    [manifest.calls.check]: { policy_number: 'OSL 2026000001', pdf_url: 'https://shop.example.uz/policies/OL-1.pdf' },
  },
});
