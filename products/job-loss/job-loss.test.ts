import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Price } from '../../engine/definition';
import { createTestApp, fixtureFile, fixtureFiles, payInSandbox, post, postMultipart, refusedFiles, type MultipartBody } from '../../server/test-helpers';
import { pdfText } from '../../tests/support/pdf-text';
import { fakeApi, memoryFiles, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { apiSchema, onSamplesDay } from '../kit/testing/product-tests';
import type { RegistryCompany, RegistryPerson, SaleContext } from '../kit/sale/sale';
import { jobLossSaveRequest } from './binding';
import jobLoss from './definition';
import { jobLossTariff, quoteJobLoss, type JobLossTariff } from './pricing';
import sale from './sale';
import { sampleAccountant, sampleDirector, sampleDocuments } from './samples';
import { policyWords } from '../../server/lib/policy-words';

// The samples' covers start within the start window of the day they are told on: the tests run on it.
onSamplesDay();

const price: Price = { total: 360_000, lines: [] };
const files = memoryFiles({ [sampleDocuments.workBook.id]: fixtureFile('work-book.jpg'), [sampleDocuments.salaryCertificate.id]: fixtureFile('salary-certificate.pdf') });

describe('job-loss pricing', () => {
  it('prices the salary, capped at 10 000 000, for the months of benefit at 2 %', () => {
    expect(quoteJobLoss(6_000_000, 3, jobLossTariff)).toEqual({ total: 360_000, lines: [{ label: 'job-loss.price.premium', amount: 360_000 }] });
    expect(quoteJobLoss(6_000_000, 6, jobLossTariff)?.total).toBe(720_000);
    expect(quoteJobLoss(10_000_000, 6, jobLossTariff)?.total).toBe(1_200_000);
    expect(quoteJobLoss(25_000_000, 6, jobLossTariff)?.total).toBe(1_200_000);
    expect(quoteJobLoss(1_000_000, 3, jobLossTariff)?.total).toBe(60_000);
    expect(quoteJobLoss(1_234_567, 3, jobLossTariff)?.total).toBe(74_074);
  });

  it('prices nothing outside the tariff: a salary too small or too large, other months', () => {
    expect(quoteJobLoss(999_999, 3, jobLossTariff)).toBeNull();
    expect(quoteJobLoss(100_000_001, 3, jobLossTariff)).toBeNull();
    expect(quoteJobLoss(6_000_000, 4, jobLossTariff)).toBeNull();
    expect(jobLoss.pricing({ ...sampleAccountant, job: { months: 3 } }, jobLossTariff)).toBeNull();
  });
});

describe('job-loss rules', () => {
  it('forgets the employer the registry gave when the taxpayer number changes', () => {
    const forget = jobLoss.machine.actions.forgetEmployer;
    if (!forget) throw new Error('no forgetEmployer');
    const next = { ...sampleAccountant, job: { ...sampleAccountant.job, inn: '30123456' } };
    const { data } = forget(next, sampleAccountant);
    expect(data.job).toEqual({ salary: 6_000_000, jobTitle: 'Bosh buxgalter', inn: '30123456', regionId: 1, months: 3, beginDate: '2030-07-01', endDate: '2031-06-30' });
  });
});

describe('job-loss binding', () => {
  it('fills the employer from the tax registry, and says wrong_inn for one without a short name', async () => {
    const lookup = jobLoss.binding.lookups?.find((l) => l.step === 'job');
    if (!lookup) throw new Error('no employer lookup');
    const company = { inn: '301234567', name: 'NEO', short_name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza', address: 'Toshkent', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010' };
    expect(await lookup.run(fakeApi(() => ok(company)), { inn: '301234567' }, jobLossTariff)).toEqual({
      companyName: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza', address: 'Toshkent', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010',
    });
    await expect(lookup.run(fakeApi(() => ok({ ...company, short_name: null })), { inn: '309999999' }, jobLossTariff)).rejects.toMatchObject({ messageId: 'wrong_inn', field: { step: 'job', path: '/inn' } });
  });

  it('saves as multipart: the fields, then the work book and the salary certificate as parts', async () => {
    const api = fakeApi(() => ok({ contract_id: 'J-1', order_id: '1', amount: 360_000, url: 'https://x.uz/c', payme_url: 'https://x.uz/p' }));
    await jobLoss.binding.save(api, sampleAccountant, price, { ...saveContext, files });
    expect(api.calls[0]?.path).toBe('/sayt/job-lose/save');
    expect(api.calls[0]?.form?.fields).toMatchObject({
      salary: '6000000', job_title: 'Bosh buxgalter', inn: '301234567', company_name: '"NEO LOGISTIKA" MChJ', company_mfo: '00014',
      region_id: '1', benefit_months: '3', begin_date: '01.07.2030', passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', amount: '360000',
    });
    expect(Object.entries(api.calls[0]?.form?.files ?? {}).map(([part, file]) => [part, file.filename])).toEqual([
      ['work_book', 'work-book.jpg'],
      ['salary_certificate', 'salary-certificate.pdf'],
    ]);
  });

  it('checks at /sayt/job-lose/check as the other /sayt products: the policy once paid, null while unpaid', async () => {
    const payment = { contractId: 'J-1', orderId: '1', price: 1, links: {} };
    expect(await jobLoss.binding.check(fakeApi(() => ok({ policy_number: 'JOB 2030000001', pdf_url: 'https://x.uz/j.pdf' })), payment)).toEqual({ policyNumber: 'JOB 2030000001', policyUrl: 'https://x.uz/j.pdf' });
    expect(await jobLoss.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
  });

  it('the save schema takes a PDF or a photo for each document', () => {
    const body = { ...jobLossSaveRequest(sampleAccountant, price), work_book: { filename: 'w.jpg', mimetype: 'image/jpeg', size: 1 }, salary_certificate: { filename: 's.pdf', mimetype: 'application/pdf', size: 1 } };
    expect(apiSchema('job-loss/save.request')(body)).toEqual([]);
    expect(apiSchema('job-loss/save.request')({ ...body, salary_certificate: { filename: 's.zip', mimetype: 'application/zip', size: 1 } })).not.toEqual([]);
    expect(apiSchema('job-loss/save.request')({ ...body, benefit_months: 12 })).not.toEqual([]);
  });
});

describe('job-loss sale', () => {
  const neo: RegistryCompany = { inn: '301234567', name: 'NEO', short_name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza', address: 'Toshkent sh., Yunusobod tumani, Amir Temur shoh koʻchasi, 108', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010' };
  const people: RegistryPerson[] = [
    { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' },
    { pinfl: '41102850000022', firstName: 'Dilnoza', lastName: 'Karimova', firstNameCyr: 'Дилноза', lastNameCyr: 'Каримова', birthday: '1985-11-02' },
    { pinfl: '52003200000066', firstName: 'Kamron', lastName: 'Aliyev', firstNameCyr: 'Камрон', lastNameCyr: 'Алиев', birthday: '2020-03-20' },
  ];
  const registries = { ...memoryRegistries(), company: async (inn: string) => (inn === neo.inn ? neo : inn === '309999999' ? { ...neo, inn, short_name: null } : null) };
  const context: SaleContext<JobLossTariff> = { tariffs: jobLossTariff, today: '2030-06-15', findPerson: async (query) => people.find((p) => p.birthday === query.birthday) ?? null, citizenPassport: async () => false, registries, words: policyWords() };
  const body = (data = sampleAccountant, shown = price) => ({
    ...jobLossSaveRequest(data, shown),
    work_book: { filename: 'w.jpg', mimetype: 'image/jpeg' as const, size: 10 },
    salary_certificate: { filename: 's.pdf', mimetype: 'application/pdf' as const, size: 10 },
  });

  it('prices the capped salary for the months, the employer and region named on the policy', async () => {
    const quoted = await sale.quote(body(sampleDirector, { total: 1_200_000, lines: [] }), context);
    expect(quoted.price.total).toBe(1_200_000);
    expect(quoted.terms).toMatchObject({ holder: 'Dilnoza Karimova', sumInsured: 60_000_000, beginDate: '2030-07-01', endDate: '2031-06-30' });
    expect(quoted.terms.subject).toBe('"NEO LOGISTIKA" MChJ (STIR 301234567), Direktor; Samarqand viloyati / Самаркандская область');
  });

  it('refuses an employer the registry lacks or knows without a short name, details not the registry\'s, an unknown insured', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ inn: '300000000' }, 422, '/inn'],
      [{ inn: '309999999' }, 422, '/inn'],
      [{ company_name: 'OTHER MChJ' }, 422, '/company_name'],
      [{ company_account: '20208000900100009999' }, 422, '/company_account'],
      [{ passport_number: '0000000', birthday: '01.01.1970' }, 422, '/passport_number'],
      [{ begin_date: '14.06.2030' }, 400, '/begin_date'],
      [{ passport_seria: 'AC', passport_number: '2020202', birthday: '20.03.2020' }, 422, '/birthday'],
    ];
    for (const [change, status, field] of refusals) {
      await expect(sale.quote({ ...body(), ...change }, context), JSON.stringify(change)).rejects.toMatchObject({ status, field });
    }
  });
});

describe('job loss on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  async function multipartOf(): Promise<MultipartBody> {
    const recorder = fakeApi(() => ok({ contract_id: 'c', order_id: '1', amount: 1, url: 'https://x.uz/', payme_url: 'https://x.uz/' }));
    await jobLoss.binding.save(recorder, sampleAccountant, price, { ...saveContext, files: fixtureFiles });
    const form = recorder.calls[0]?.form;
    if (!form) throw new Error('not multipart');
    return { fields: Object.entries(form.fields), files: Object.entries(form.files).map(([name, file]) => ({ name, ...file })) };
  }

  it('saves with the employer the tax registry knows, keeps both documents, and issues the policy once paid', async () => {
    const company = await post(app, '/api/osgor_neo/inn', { inn: '301234567' });
    expect(company.json().response).toMatchObject({ short_name: '"NEO LOGISTIKA" MChJ', mfo: '00014', bank: 'Milliy bank', director: 'Karimova Dilnoza', oked: '49410' });
    const res = await postMultipart(app, '/api/sayt/job-lose/save', await multipartOf());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().response;
    expect((await app.contractFiles.of(saved.contract_id)).map((file) => [file.field, file.content_type])).toEqual([
      ['salary_certificate', 'application/pdf'],
      ['work_book', 'image/jpeg'],
    ]);
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const paid = (await post(app, '/api/sayt/job-lose/check', { contract_id: saved.contract_id })).json();
    expect(paid.response.policy_number).toMatch(/^JOB \d{10}$/);
    const pdf = await app.inject(new URL(paid.response.pdf_url).pathname);
    expect(pdfText(pdf.rawPayload)).toContain('NEO LOGISTIKA');
  });

  it('refuses every bad document with a 4xx naming the part and its reason', async () => {
    const good = await multipartOf();
    for (const refused of refusedFiles()) {
      const res = await postMultipart(app, '/api/sayt/job-lose/save', { ...good, files: [good.files[0]!, { name: 'salary_certificate', filename: refused.filename, blob: refused.blob }] });
      expect(res.statusCode, refused.what).toBe(refused.status);
      expect(res.json().response, refused.what).toEqual({ field: '/salary_certificate', reason: refused.reason });
    }
  });
});
