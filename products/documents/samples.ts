import { defineSamples } from '../kit/define/define';
import { sandboxDocumentsTariff } from './pricing';
import manifest from './product';
import type { DocumentsData } from './rules';
import { typesAnswer } from './sale';

/** People of the sandbox person registry (schemas/api/README.md). */
const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' };
const dilnoza = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022', phone: '998935550011' };

/** Vali insures his passport from 1 July 2030. */
export const samplePassport: DocumentsData = {
  document: { typeId: 1, documentNumber: 'AA1234567', beginDate: '2030-07-01', endDate: '2031-06-30' },
  owner: vali,
};

/** Vali insures his car's state number plates (type 38), 01 A 123 BC. */
export const samplePlate: DocumentsData = {
  document: { typeId: 38, plate: '01A123BC', beginDate: '2030-07-01', endDate: '2031-06-30' },
  owner: vali,
};

/** Dilnoza insures her driving licence from 1 September 2030. */
export const sampleLicence: DocumentsData = {
  document: { typeId: 3, documentNumber: 'AB1234321', beginDate: '2030-09-01', endDate: '2031-08-31' },
  owner: dilnoza,
};

export default defineSamples({
  catalog: sandboxDocumentsTariff,
  flows: [
    { name: 'passport', data: samplePassport },
    { name: 'state number (type 38)', data: samplePlate },
    { name: 'driving licence', data: sampleLicence },
  ],
  // Each type's premium from README.md's tariff; type 38 has its own.
  prices: [
    { name: 'passport', data: samplePassport, total: 40_000 },
    { name: 'state number plate, type 38', data: samplePlate, total: 60_000 },
    { name: 'driving licence', data: sampleLicence, total: 30_000 },
  ],
  purchase: samplePassport,
  answers: {
    [manifest.calls.types]: typesAnswer(sandboxDocumentsTariff),
    [manifest.calls.check]: { policy_number: 'DOC 2026000001', pdf_url: 'https://shop.example.uz/policies/D-1.pdf' },
  },
});
