import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails, Price } from '../../engine/definition';
import { createTestApp, fixtureFile, fixtureFiles, get, payInSandbox, post, postMultipart, refusedFiles, type MultipartBody } from '../../server/test-helpers';
import { startFileJanitor } from '../../server/lib/file-janitor';
import { pdfText } from '../../tests/support/pdf-text';
import { addDays, isoToDmy } from '../kit/api/api-format';
import { samplesDay } from '../kit/define/define';
import { fakeApi, memoryFiles, notOk, ok, recordedForm, saveContext } from '../kit/testing/fake-api';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { apiSchema, onSamplesDay } from '../kit/testing/product-tests';
import type { RegistryPerson, SaleContext } from '../kit/sale/sale';
import { petsSaveRequest, tariffFromAnswer } from './binding';
import pets from './definition';
import { ageInMonths, ageProblem, monthsBefore, petsTariff, quotePet, vaccinationProblem, type PetsTariff } from './pricing';
import sale, { programsAnswer } from './sale';
import { sampleCat, sampleSeniorDog, samplePhotos } from './samples';
import { policyWords } from '../../server/lib/policy-words';

// The samples' covers start within the start window of the day they are told on: the tests run on it.
onSamplesDay();

const today = samplesDay;
const files = memoryFiles({ [samplePhotos.face.id]: fixtureFile('pet-face.jpg'), [samplePhotos.body.id]: fixtureFile('pet-side.jpg') });
const catPrice: Price = { total: 220_000, lines: [] };

describe('pet pricing', () => {
  it('prices the program for the kind of pet, half as much again from 7 years, and the lowest while the age is unknown', () => {
    expect(quotePet({ programId: 1, petType: 'cat', birthMonth: '2020-01', beginDate: '2026-12-01' }, petsTariff)?.total).toBe(120_000);
    expect(quotePet({ programId: 1, petType: 'dog', birthMonth: '2020-01', beginDate: '2026-12-01' }, petsTariff)?.total).toBe(150_000);
    // Six years and eleven months, then seven years.
    expect(quotePet({ programId: 2, petType: 'dog', birthMonth: '2020-01', beginDate: '2026-12-31' }, petsTariff)?.total).toBe(280_000);
    expect(quotePet({ programId: 2, petType: 'dog', birthMonth: '2020-01', beginDate: '2027-01-01' }, petsTariff)).toEqual({
      total: 420_000,
      lines: [{ label: 'pets.price.premium', amount: 280_000 }, { label: 'pets.price.senior', amount: 140_000 }],
    });
    expect(quotePet({ programId: 3, petType: 'cat' }, petsTariff)).toEqual({ total: 400_000, lines: [{ label: 'pets.price.premium', amount: 400_000 }], lowest: true });
    expect(quotePet({ programId: 9, petType: 'cat' }, petsTariff)).toBeNull();
  });

  it('insures pets from 3 months to 10 years at the start of the cover', () => {
    expect(ageInMonths('2026-03', '2026-06-30')).toBe(3);
    expect(ageProblem('2026-04', '2026-06-30', petsTariff)).toBe('too_young');
    expect(ageProblem('2026-03', '2026-06-30', petsTariff)).toBeNull();
    expect(ageProblem('2026-07', '2026-06-30', petsTariff)).toBe('born_later');
    expect(ageProblem('2015-07', '2026-06-30', petsTariff)).toBeNull();
    expect(ageProblem('2015-06', '2026-06-30', petsTariff)).toBe('too_old');
  });

  it('takes a rabies vaccination of the last 12 months, and none to come', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 12)).toBe('2025-01-15');
    expect(vaccinationProblem('2025-11-26', '2026-11-26', '2026-11-26', petsTariff)).toBeNull();
    expect(vaccinationProblem('2025-11-25', '2026-11-26', '2026-11-26', petsTariff)).toBe('old');
    expect(vaccinationProblem('2026-11-27', '2026-11-26', '2026-11-27', petsTariff)).toBe('future');
    // Valid today, but no longer on a first day three months on.
    expect(vaccinationProblem('2025-12-01', '2026-11-26', '2027-02-26', petsTariff)).toBe('old');
    expect(vaccinationProblem('2026-02-26', '2026-11-26', '2027-02-26', petsTariff)).toBeNull();
  });

  it('reads the programs call into the tariff it answered from', () => {
    expect(tariffFromAnswer(programsAnswer(petsTariff))).toEqual(petsTariff);
  });
});

describe('pet binding', () => {
  it('saves as multipart: the fields, then the two photos as parts photo_1 and photo_2', async () => {
    const saved = { contract_id: 'P-1', order_id: '100001', amount: 220_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const api = fakeApi(() => ok(saved));
    const payment = await pets.binding.save(api, sampleCat, catPrice, { ...saveContext, files });
    const [year, month] = (sampleCat.pet.birthMonth ?? '').split('-');
    expect(api.calls[0]?.path).toBe('/sayt/pet-insurance/save');
    expect(api.calls[0]?.form?.fields).toEqual({
      program_id: '2', pet_type: 'cat', nickname: 'Mosh', birth_month: `${month}.${year}`,
      vaccination_date: isoToDmy(sampleCat.pet.vaccinatedOn ?? '', '.'), begin_date: isoToDmy(sampleCat.program.beginDate ?? '', '.'),
      passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011', phone: '998901234567', amount: '220000',
      return_url: saveContext.returnPath,
    });
    expect(Object.entries(api.calls[0]?.form?.files ?? {}).map(([part, file]) => [part, file.filename, file.blob.size])).toEqual([
      ['photo_1', 'pet-face.jpg', samplePhotos.face.size],
      ['photo_2', 'pet-side.jpg', samplePhotos.body.size],
    ]);
    expect(payment).toEqual({ contractId: 'P-1', orderId: '100001', price: 220_000, links: { click: saved.url, payme: saved.payme_url } } satisfies PaymentDetails);
  });

  it('reads the check as requirements §8 has pets: 0 paid, 1 not paid yet, 2 the check could not reach the payment', async () => {
    const payment: PaymentDetails = { contractId: 'P-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'PET 2026000001', pdf_url: 'https://example.uz/p.pdf' }));
    expect(await pets.binding.check(paid, payment)).toEqual({ policyNumber: 'PET 2026000001', policyUrl: 'https://example.uz/p.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/pet-insurance/check', body: { contract_id: 'P-1' } });
    expect(await pets.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
    await expect(pets.binding.check(fakeApi(() => notOk(2, 'network')), payment)).rejects.toMatchObject({ messageId: 'network_error' });
  });

  it('stops the visitor on the pet\'s step for a pet the tariff does not insure or an old vaccination', async () => {
    const checkPet = pets.binding.calls?.checkPet;
    if (!checkPet) throw new Error('no checkPet');
    const api = fakeApi(() => notOk(1, 'unused'));
    await expect(checkPet(api, sampleCat, petsTariff)).resolves.toEqual({});
    const begin = sampleCat.program.beginDate ?? today;
    const baby = { ...sampleCat, pet: { ...sampleCat.pet, birthMonth: begin.slice(0, 7) } };
    await expect(checkPet(api, baby, petsTariff)).rejects.toMatchObject({ messageId: 'pets.error.too_young', field: { step: 'pet', path: '/birthMonth' } });
    const stale = { ...sampleCat, pet: { ...sampleCat.pet, vaccinatedOn: addDays(monthsBefore(today, 12), -1) } };
    await expect(checkPet(api, stale, petsTariff)).rejects.toMatchObject({ messageId: 'pets.error.vaccination_old', field: { step: 'pet', path: '/vaccinatedOn' } });
    // The catalog's limits, not the page's copy of the tariff.
    const strict: PetsTariff = { ...petsTariff, maxAgeYears: 5 };
    await expect(checkPet(api, sampleSeniorDog, strict)).rejects.toMatchObject({ messageId: 'pets.error.too_old' });
    expect(api.calls).toEqual([]);
  });

  it('the save schema describes the photos as file parts that take photos only', () => {
    const request = petsSaveRequest(sampleCat, catPrice);
    const described = { ...request, photo_1: { filename: 'face.jpg', mimetype: 'image/jpeg', size: 25_537 }, photo_2: { filename: 'side.jpg', mimetype: 'image/webp', size: 1 } };
    expect(apiSchema('pets/save.request')(described)).toEqual([]);
    expect(apiSchema('pets/save.request')({ ...described, photo_2: { filename: 'x.pdf', mimetype: 'application/pdf', size: 1 } })).not.toEqual([]);
    expect(apiSchema('pets/save.request')({ ...described, nickname: 'Mosh1' })).not.toEqual([]);
    expect(apiSchema('pets/save.request')({ ...described, nickname: 'Барсик' })).toEqual([]);
  });
});

describe('pet sale', () => {
  const registry: RegistryPerson[] = [
    { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' },
    { pinfl: '52003200000066', firstName: 'Kamron', lastName: 'Aliyev', firstNameCyr: 'Камрон', lastNameCyr: 'Алиев', birthday: '2020-03-20' },
  ];
  const context: SaleContext<PetsTariff> = {
    tariffs: petsTariff,
    today,
    findPerson: async (query) => registry.find((p) => p.birthday === query.birthday) ?? null,
    citizenPassport: async () => false,
    registries: memoryRegistries(),
    words: policyWords(),
  };
  const body = (data = sampleCat) => ({
    ...petsSaveRequest(data, catPrice),
    photo_1: { filename: 'face.jpg', mimetype: 'image/jpeg' as const, size: 10 },
    photo_2: { filename: 'side.jpg', mimetype: 'image/jpeg' as const, size: 10 },
  });

  it('prices the pet of the request for a year from its start, the owner holding the policy', async () => {
    const quoted = await sale.quote(body(sampleSeniorDog), context);
    expect(quoted.price.total).toBe(750_000);
    expect(quoted.terms).toMatchObject({ holder: 'Vali Aliyev', beginDate: sampleCat.program.beginDate, sumInsured: 12_000_000, programName: 'Premium / Премиум', insured: [{ name: 'Vali Aliyev', passport: 'AA1234567' }] });
    expect(quoted.terms.subject).toMatch(/^It \/ Собака «Rex», \d{2}\.\d{4}$/);
  });

  it('refuses, naming the field, a program not sold, a pet out of age, an old or future vaccination, an unknown owner', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ program_id: 7 }, 422, '/program_id'],
      [{ birth_month: isoToDmy(`${today.slice(0, 7)}-01`, '.').slice(3) }, 422, '/birth_month'],
      [{ birth_month: `01.${Number(today.slice(0, 4)) - 12}` }, 422, '/birth_month'],
      [{ vaccination_date: isoToDmy(addDays(monthsBefore(today, 12), -1), '.') }, 422, '/vaccination_date'],
      [{ vaccination_date: isoToDmy(addDays(today, 1), '.') }, 400, '/vaccination_date'],
      [{ begin_date: isoToDmy(addDays(today, -1), '.') }, 400, '/begin_date'],
      [{ passport_number: '7654321' }, 422, '/passport_number'],
      [{ birthday: '31.02.1990' }, 400, '/birthday'],
      // A child the registry knows is not a policyholder.
      [{ passport_seria: 'AC', passport_number: '2020202', birthday: '20.03.2020' }, 422, '/birthday'],
    ];
    for (const [change, status, field] of refusals) {
      const stranger = change.passport_number === '7654321' ? { ...context, findPerson: async () => null } : context;
      await expect(sale.quote({ ...body(), ...change }, stranger), JSON.stringify(change)).rejects.toMatchObject({ status, field });
    }
  });
});

describe('pets on the server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const multipartOf = async (data = sampleCat, price = catPrice): Promise<MultipartBody> => {
    const recorder = fakeApi(() => ok({ contract_id: 'c', order_id: '1', amount: 1, url: 'https://x.uz/', payme_url: 'https://x.uz/' }));
    await pets.binding.save(recorder, data, price, { ...saveContext, files: fixtureFiles });
    const form = recorder.calls[0]?.form ?? recordedForm({ fields: [], files: [] });
    return { fields: Object.entries(form.fields), files: Object.entries(form.files).map(([name, file]) => ({ name, ...file })) };
  };

  it('answers the programs, saves with the photos kept beside the contract, and issues the policy once paid', async () => {
    const programs = await get(app, '/api/sayt/pet-insurance/programs');
    expect(programs.json().response).toEqual(programsAnswer(petsTariff));
    const res = await postMultipart(app, '/api/sayt/pet-insurance/save', await multipartOf());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().response;
    const kept = await app.contractFiles.of(saved.contract_id);
    expect(kept.map((file) => [file.field, file.filename, file.content_type, file.size])).toEqual([
      ['photo_1', 'pet-face.jpg', 'image/jpeg', samplePhotos.face.size],
      ['photo_2', 'pet-side.jpg', 'image/jpeg', samplePhotos.body.size],
    ]);
    const check = await post(app, '/api/sayt/pet-insurance/check', { contract_id: saved.contract_id });
    expect(check.json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const paid = (await post(app, '/api/sayt/pet-insurance/check', { contract_id: saved.contract_id })).json();
    expect(paid).toMatchObject({ result: true, error: 0, response: { policy_number: expect.stringMatching(/^PET \d{10}$/) } });
    const pdf = await app.inject(new URL(paid.response.pdf_url).pathname);
    expect(pdfText(pdf.rawPayload)).toContain('«Mosh»');
  });

  it('a save left unpaid past the limit loses its photos to the server\'s own job, and cannot be paid any more', async () => {
    const res = await postMultipart(app, '/api/sayt/pet-insurance/save', await multipartOf());
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().response;
    const photos = await app.contractFiles.of(saved.contract_id);
    expect(photos).toHaveLength(2);
    await app.db
      .updateTable('contracts')
      .set({ created_at: sql<Date>`now() - make_interval(hours => ${sql.lit(app.config.files.abandonedAfterHours + 1)})` })
      .where('id', '=', saved.contract_id)
      .execute();
    // The job main.ts starts, run as it runs there, only sooner.
    const janitor = startFileJanitor(app, { intervalMs: 20 });
    try {
      await vi.waitFor(async () => expect((await app.contracts.get(saved.contract_id))?.status).toBe('cancelled'), { timeout: 5_000, interval: 25 });
    } finally {
      await janitor.stop();
    }
    expect(await app.contractFiles.of(saved.contract_id)).toEqual([]);
    for (const photo of photos) expect(await app.contractFiles.read(photo.id)).toBeNull();
    const check = await post(app, '/api/sayt/pet-insurance/check', { contract_id: saved.contract_id });
    expect(check.statusCode).toBeLessThan(500);
    expect(check.json()).toMatchObject({ result: false });
    // The provider's page no longer takes a payment for it, and says why.
    const url = new URL(saved.payme_url);
    const checkout = await app.inject(`${url.pathname}${url.search}`);
    expect(checkout.body).toContain('Order cancelled');
    expect(checkout.body).not.toContain('card_number');
    expect((await app.contracts.get(saved.contract_id))?.status).toBe('cancelled');
  });

  it('refuses a JSON save, a wrong price and every bad photo with a 4xx naming the part', async () => {
    const json = await post(app, '/api/sayt/pet-insurance/save', { ...petsSaveRequest(sampleCat, catPrice) });
    expect(json.statusCode).toBe(415);
    const body = await multipartOf(sampleCat, { total: 1000, lines: [] });
    const cheap = await postMultipart(app, '/api/sayt/pet-insurance/save', body);
    expect(cheap.statusCode).toBe(422);
    expect(cheap.json().response).toEqual({ amount: 220_000, field: '/amount' });
    const good = await multipartOf();
    for (const refused of refusedFiles()) {
      const res = await postMultipart(app, '/api/sayt/pet-insurance/save', { ...good, files: [good.files[0]!, { name: 'photo_2', filename: refused.filename, blob: refused.blob }] });
      // A PDF, whole or cut, is not a photo: refused for its type.
      const reason = refused.filename.endsWith('.pdf') ? 'type' : refused.reason;
      expect(res.statusCode, refused.what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, refused.what).toBeLessThan(500);
      expect(res.json(), refused.what).toMatchObject({ result: false, message: expect.stringContaining('photo_2'), response: { field: '/photo_2', reason } });
    }
  });

  it('reads a multipart body on the save alone: its check, a JSON call, refuses one as a type it does not read', async () => {
    const res = await postMultipart(app, '/api/sayt/pet-insurance/check', { fields: [['contract_id', '00000000-0000-0000-0000-000000000000']], files: [] });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ result: false, error: 415, response: { field: '/headers/content-type' } });
  });

  it('documents the save as a form whose photos are binary parts', async () => {
    const docs = (await app.inject('/api/docs/json')).json<{ paths: Record<string, { post?: { requestBody?: { content?: Record<string, { schema: { properties: Record<string, { format?: string }> } }> } } }> }>();
    const form = docs.paths['/api/sayt/pet-insurance/save']?.post?.requestBody?.content?.['multipart/form-data'];
    expect(form?.schema.properties.photo_1?.format).toBe('binary');
    expect(form?.schema.properties.photo_2?.format).toBe('binary');
  });
});
