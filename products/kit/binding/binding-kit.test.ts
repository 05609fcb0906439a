import { describe, expect, it } from 'vitest';
import type { ApiPort, BindingFailure, CallOptions, Envelope, PaymentDetails } from '../../../engine/definition';
import { companyLookup, passportFields, personLookup, placedSaveFailure, policyNumberAnswer, requestPerson, saleBinding, type SaveErrorTable } from './binding-kit';
import { checkReadings, unpaidCheckCode, type CheckReading } from '../api/check-readings';
import { apiFailure, fakeApi, memoryFiles, notOk, ok } from '../testing/fake-api';

const company = {
  inn: '301234567', name: '"NEO LOGISTIKA" MASʼULIYATI CHEKLANGAN JAMIYATI', short_name: '"NEO LOGISTIKA" MChJ',
  director: 'Karimova Dilnoza', address: 'Toshkent', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010',
};

describe('person lookup', () => {
  it('asks for the passport and birthday typed, not the PINFL the last answer left (another person\'s after a correction)', async () => {
    const lookup = personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant', withPinfl: true });
    const api = fakeApi(() => ok({ ism: 'Тимур', familya: 'Алиев', ism_eng: 'Timur', familya_eng: 'Aliyev', pinfl: '32003120000033' }));
    // Vali's names and PINFL are still there when the visitor corrects the passport to Timur's.
    const corrected = { passport: 'AC1111111', birthday: '2012-03-20', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011' };
    expect(lookup.key(corrected)).toBe('AC1111111|20.03.2012');
    expect(await lookup.run(api, corrected, {})).toEqual({ firstName: 'Timur', lastName: 'Aliyev', pinfl: '32003120000033' });
    expect(api.calls[0]?.body).toEqual({ passportSeria: 'AC', passportNumber: '1111111', birthday: '20.03.2012' });
  });

  it('asks nothing for a birthday after today, which the date field refuses: the registry would only say it found nobody', () => {
    const lookup = personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant', withPinfl: true });
    expect(lookup.key({ passport: 'AA1234567', birthday: '2999-05-15' })).toBeNull();
  });
});

describe('a person of flow data in a request', () => {
  const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' };

  it('names the passport by series and number and the birthday in the product\'s date format, with the PINFL the registry filled in', () => {
    expect(requestPerson(vali)).toEqual({ passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' });
    expect(requestPerson(vali, '-')).toEqual({ passport_seria: 'AA', passport_number: '1234567', birthday: '15-05-1990', pinfl: '31505900000011' });
  });

  it('sends no PINFL the flow does not hold as one, and none at all where a call takes only the passport', () => {
    expect(requestPerson({ ...vali, pinfl: undefined })).toEqual({ passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' });
    expect(requestPerson({ ...vali, pinfl: '3150590' })).not.toHaveProperty('pinfl');
    expect(passportFields(vali)).toEqual({ passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' });
  });

  it('is not made while the passport or the birthday is missing', () => {
    expect(() => requestPerson({ ...vali, passport: undefined })).toThrow(expect.objectContaining({ messageId: 'maybe-data-is-incorrect' }));
    expect(() => passportFields({ ...vali, birthday: undefined })).toThrow(expect.objectContaining({ messageId: 'maybe-data-is-incorrect' }));
  });
});

describe('company lookup by tax number', () => {
  const lookup = companyLookup({ call: '/osgor_neo/inn', step: 'personal', at: 'company' });

  it('runs once the INN has nine digits and fills the short name beside it', async () => {
    expect(lookup.key({ company: { inn: '30123456' } })).toBeNull();
    expect(lookup.key({ company: { inn: '301234567' } })).toBe('301234567');
    const api = fakeApi(() => ok(company));
    expect(await lookup.run(api, { company: { inn: '301234567' }, phone: '998901234567' }, {})).toEqual({ company: { inn: '301234567', name: '"NEO LOGISTIKA" MChJ' } });
    expect(api.calls).toEqual([{ method: 'POST', path: '/osgor_neo/inn', body: { inn: '301234567' } }]);
  });

  it('says wrong_inn at the INN for an unknown number and for a company without a short name (requirements §5)', async () => {
    const at = { step: 'personal', path: '/company/inn' };
    await expect(lookup.run(fakeApi(() => notOk(1, 'wrong_inn')), { company: { inn: '300000000' } }, {})).rejects.toMatchObject({ messageId: 'wrong_inn', field: at });
    await expect(lookup.run(fakeApi(() => ok({ ...company, short_name: null })), { company: { inn: '309999999' } }, {})).rejects.toMatchObject({ messageId: 'wrong_inn', field: at });
    await expect(lookup.run(fakeApi(() => apiFailure(null)), { company: { inn: '301234567' } }, {})).rejects.toMatchObject({ messageId: 'network_error', field: at });
  });

  it('fills the step object itself when no property is named, or merges as the product asks', async () => {
    const own = companyLookup({ call: '/osgor_neo/inn', step: 'carrier' });
    expect(await own.run(fakeApi(() => ok(company)), { inn: '301234567' }, {})).toEqual({ name: '"NEO LOGISTIKA" MChJ' });
    const merged = companyLookup({ call: '/osgor_neo/inn', step: 'carrier', merge: (target, found) => ({ ...target, companyName: found.name }) });
    expect(await merged.run(fakeApi(() => ok(company)), { inn: '301234567' }, {})).toEqual({ inn: '301234567', companyName: '"NEO LOGISTIKA" MChJ' });
  });

  it('finds the company\'s details for a product that shows them (the employer of a job-loss cover)', async () => {
    const details = companyLookup({ call: '/osgor_neo/inn', step: 'job', merge: (_target, found) => ({ ...found }) });
    expect(await details.run(fakeApi(() => ok(company)), { inn: '301234567' }, {})).toEqual({
      name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza', address: 'Toshkent', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010',
    });
  });
});

describe('a refused save placed by its error code', () => {
  const table: SaveErrorTable = {
    codes: {
      1: { message: 'product.error.owner' },
      4: { message: 'product.error.licence', row: { step: 'drivers', rows: 'drivers', field: 'licenseNumber' } },
      10: { message: 'maybe-data-is-incorrect', modal: true },
    },
    otherwise: { message: 'maybe-data-is-incorrect', modal: true },
  };
  const data = { drivers: { drivers: [{}, {}, {}] } };
  const refused = (error: number, response: unknown = null) => ({ result: false, error, message: `error ${error}`, response });

  it('puts a code naming a row on that row, counting response.key from 1', () => {
    expect(placedSaveFailure(refused(4, { key: 2 }), table, data)).toMatchObject({
      messageId: 'product.error.licence', field: { step: 'drivers', path: '/drivers/1/licenseNumber' },
    });
    // Partners send the key as digits too.
    expect(placedSaveFailure(refused(4, { key: '3' }), table, data).field).toEqual({ step: 'drivers', path: '/drivers/2/licenseNumber' });
  });

  it('shows a general message without a key, or with one naming no row the flow has', () => {
    for (const response of [null, {}, { key: 0 }, { key: 4 }, { key: 1.5 }, { key: 'x' }]) {
      const failure = placedSaveFailure(refused(4, response), table, data);
      expect(failure.messageId).toBe('product.error.licence');
      expect(failure.field).toBeUndefined();
      expect(failure.modal).toBeUndefined();
    }
    expect(placedSaveFailure(refused(1, { key: 1 }), table, data)).toMatchObject({ messageId: 'product.error.owner' });
  });

  it('opens the error dialog for the codes that say so and for any unknown code', () => {
    expect(placedSaveFailure(refused(10), table, data)).toMatchObject({ messageId: 'maybe-data-is-incorrect', modal: true });
    expect(placedSaveFailure(refused(77, { key: 1 }), table, data)).toMatchObject({ messageId: 'maybe-data-is-incorrect', modal: true });
  });
});

describe('a save refused with an HTTP status the product places', () => {
  const binding = saleBinding<{ applicant: Record<string, unknown> }, null>({
    calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
    load: async () => null,
    saveRequest: () => ({}),
    policy: policyNumberAnswer,
    saveStatuses: { codes: { 422: { message: 'fault_on_driver_data' } } },
    refusedFields: { '/applicant/birthday': { status: 422, message: 'product.error.applicant_age', field: { step: 'applicant', path: '/birthday' } } },
  });
  const save = (failure: ReturnType<typeof apiFailure>) =>
    binding.save(fakeApi(() => failure), { applicant: {} }, { total: 1, lines: [] }, { returnPath: '/en/product?step=payment' });
  const refusedAt = (status: number, field: string) => save(apiFailure(status, { ...notOk(status, `body${field}: refused`), response: { field } }));

  it('says the product\'s message for that status (requirements §8: mini-casco on 422), any other as every product does', async () => {
    await expect(save(apiFailure(422, notOk(422, 'amount differs, server: 2')))).rejects.toMatchObject({ messageId: 'fault_on_driver_data' });
    await expect(save(apiFailure(422))).rejects.toMatchObject({ messageId: 'fault_on_driver_data' });
    await expect(save(apiFailure(400, notOk(400, 'datas_not_found')))).rejects.toMatchObject({ messageId: 'datas_not_found' });
    await expect(save(apiFailure(500))).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(save(apiFailure(null))).rejects.toMatchObject({ messageId: 'network_error' });
  });

  it('for a request field it places, is said at that field in the product\'s words; the field refused with another status, or another field, as any refusal', async () => {
    await expect(refusedAt(422, '/applicant/birthday')).rejects.toMatchObject({ messageId: 'product.error.applicant_age', field: { step: 'applicant', path: '/birthday' } });
    // A malformed date is not the age.
    const malformed = await refusedAt(400, '/applicant/birthday').catch((error: BindingFailure) => error);
    expect(malformed).toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    expect((malformed as BindingFailure).field).toBeUndefined();
    await expect(refusedAt(422, '/applicant/passport_number')).rejects.toMatchObject({ messageId: 'fault_on_driver_data' });
    // A pointer the product does not place, though the table's prototype has it.
    await expect(refusedAt(422, 'constructor')).rejects.toMatchObject({ messageId: 'fault_on_driver_data' });
  });
});

describe('a save refused with an HTTP status', () => {
  const binding = saleBinding<Record<string, never>, null>({
    calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
    load: async () => null,
    saveRequest: () => ({}),
    saveStatuses: { codes: { 500: { message: 'product.alert', modal: true }, 422: { message: 'product.alert', modal: true }, 409: { message: 'product.conflict' } } },
    policy: policyNumberAnswer,
  });
  const save = (status: number | null) => binding.save(fakeApi(() => apiFailure(status)), {}, { total: 1, lines: [] }, { returnPath: '/x' });

  it('is placed as its status says, in the dialog or on the page', async () => {
    await expect(save(500)).rejects.toMatchObject({ messageId: 'product.alert', modal: true });
    await expect(save(422)).rejects.toMatchObject({ messageId: 'product.alert', modal: true });
    const conflict = await save(409).catch((error: BindingFailure) => error);
    expect(conflict).toMatchObject({ messageId: 'product.conflict' });
    expect((conflict as BindingFailure).modal).toBeUndefined();
  });

  it('any other status, or no answer, as without the table', async () => {
    await expect(save(400)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(save(null)).rejects.toMatchObject({ messageId: 'network_error' });
  });
});

describe('a save refused with an HTTP status the table does not name, where it says what any other status says', () => {
  const binding = saleBinding<Record<string, never>, null>({
    calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
    load: async () => null,
    saveRequest: () => ({}),
    saveStatuses: { codes: { 500: { message: 'product.alert', modal: true } }, otherwise: { message: 'product.other' } },
    policy: policyNumberAnswer,
  });
  const save = (status: number | null) => binding.save(fakeApi(() => apiFailure(status, status === null ? undefined : notOk(status, 'datas_not_found'))), {}, { total: 1, lines: [] }, { returnPath: '/x' });

  it('is placed as `otherwise` says, on the page; a named status as named; no answer is still a network error', async () => {
    await expect(save(500)).rejects.toMatchObject({ messageId: 'product.alert', modal: true });
    for (const status of [400, 409, 422, 502]) {
      const failure = await save(status).catch((error: BindingFailure) => error);
      expect(failure, `HTTP ${status}`).toMatchObject({ messageId: 'product.other' });
      expect((failure as BindingFailure).modal, `HTTP ${status}`).toBeUndefined();
    }
    await expect(save(null)).rejects.toMatchObject({ messageId: 'network_error' });
  });
});

/** The paid-flag rules of requirements §4 and §8, one reading per kind of check answer, code by code. */

const policy = { policy_number: 'SPT 2026000001', pdf_url: 'https://shop.example/api/policies/p.pdf' };
const payment: PaymentDetails = { contractId: 'c-1', orderId: '1234567890123456', price: 70_000, links: {} };

/** A binding of a product whose check answers `answer`, read the way `reading` says. */
function checkWith(reading: CheckReading | undefined, answer: Envelope<unknown>) {
  const binding = saleBinding<Record<string, never>, null>({
    calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
    load: async () => null,
    saveRequest: () => ({}),
    policy: policyNumberAnswer,
    ...(reading ? { checkAnswer: reading } : {}),
  });
  const api = fakeApi(() => answer);
  return { result: binding.check(api, payment), api };
}

const envelope = (error: number, result: boolean, response: unknown = null, message = ''): Envelope<unknown> => ({ result, error, message, response });

/** The message id a check's failure shows, or what it answered instead. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    return `answered ${JSON.stringify(await promise)}`;
  } catch (error) {
    return (error as BindingFailure).messageId;
  }
}

describe('paid-flag rules (requirements §4, §8)', () => {
  it('standard (every product today, and the default): the policy on result true, not paid on error 1 payment_not_made', async () => {
    expect(await checkWith(undefined, ok(policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('standard', ok(policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('standard', notOk(1, 'payment_not_made')).result).toBeNull();
    // The card's bank refused it: the page says so instead of "not paid".
    expect(await checkWith('standard', envelope(1, false, { last_payment: 'declined' }, 'payment_not_made')).result).toBe('declined');
    expect(await failureOf(checkWith('standard', notOk(2, 'whatever')).result)).toBe('maybe-data-is-incorrect');
    expect(await failureOf(checkWith('standard', notOk(404, 'datas_not_found')).result)).toBe('datas_not_found');
  });

  it('sport and documents: error 0 paid, error 1 a network error, error 2 payment not made', async () => {
    const { result, api } = checkWith('sport-documents', envelope(0, true, policy));
    expect(await result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(api.calls).toEqual([{ method: 'POST', path: '/sayt/product/check', body: { contract_id: 'c-1' } }]);
    // §4: the paid flag follows error 0, whatever `result` says.
    expect(await checkWith('sport-documents', envelope(0, false, policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await failureOf(checkWith('sport-documents', envelope(1, false)).result)).toBe('network_error');
    expect(await checkWith('sport-documents', envelope(2, false)).result).toBeNull();
    // Error 1 is not "not paid" here, as it is in the standard reading.
    expect(await failureOf(checkWith('sport-documents', notOk(1, 'payment_not_made')).result)).toBe('network_error');
    expect(await failureOf(checkWith('sport-documents', envelope(3, false)).result)).toBe('maybe-data-is-incorrect');
  });

  it('pets, reversed: error 0 paid, error 1 payment not made, error 2 a network error', async () => {
    expect(await checkWith('pets', envelope(0, true, policy)).result).toEqual({ policyNumber: policy.policy_number, policyUrl: policy.pdf_url });
    expect(await checkWith('pets', envelope(1, false)).result).toBeNull();
    expect(await failureOf(checkWith('pets', envelope(2, false)).result)).toBe('network_error');
    expect(await failureOf(checkWith('pets', envelope(7, false)).result)).toBe('maybe-data-is-incorrect');
  });

  it('a paid answer without its policy fields is a failure, not a policy', async () => {
    for (const reading of ['standard', 'sport-documents', 'pets'] as const) {
      expect(await failureOf(checkWith(reading, envelope(0, true, { policy_number: 'SPT 1' })).result), reading).toBe('maybe-data-is-incorrect');
    }
  });

  it('reads nothing into codes it does not list, an answer off the wire included', () => {
    const odd = [-1, 0.5, 99, Number.NaN, 'constructor', '__proto__', 'toString'] as unknown as number[];
    for (const error of odd) {
      expect(checkReadings['sport-documents'](envelope(error, false))).toBeNull();
      expect(checkReadings.pets(envelope(error, false))).toBeNull();
    }
    // The three readings side by side, code by code.
    const table = (reading: CheckReading) => [0, 1, 2].map((error) => checkReadings[reading](envelope(error, error === 0)));
    expect(table('standard')).toEqual(['paid', 'unpaid', null]);
    expect(table('sport-documents')).toEqual(['paid', 'network', 'unpaid']);
    expect(table('pets')).toEqual(['paid', 'unpaid', 'network']);
  });

  it('the server\'s unpaid code of each reading reads as not paid, so a page never takes its own server\'s "not yet" for a failure', () => {
    for (const reading of Object.keys(unpaidCheckCode) as CheckReading[]) {
      expect(checkReadings[reading](envelope(unpaidCheckCode[reading], false, null, 'payment_not_made')), reading).toBe('unpaid');
    }
  });
});

describe('a save sent again', () => {
  it('goes as one attempt the site repeats with its Idempotency-Key, also after a reload (JSON and multipart alike)', async () => {
    const binding = saleBinding<{ applicant: Record<string, unknown> }, null>({
      calls: { save: '/sayt/product/save', check: '/sayt/product/check' },
      load: async () => null,
      saveRequest: (data) => ({ program_id: 1, ...data.applicant }),
      policy: policyNumberAnswer,
    });
    const seen: unknown[] = [];
    const saved = ok({ contract_id: 'c', order_id: '1', amount: 1, url: 'https://x.uz/', payme_url: 'https://x.uz/' });
    const port = {
      get: async () => saved,
      post: async (_path: string, _body: unknown, options?: CallOptions) => (seen.push(options), saved),
      postForm: async (_path: string, _body: unknown, _progress?: unknown, options?: CallOptions) => (seen.push(options), saved),
    } as ApiPort;
    await binding.save(port, { applicant: {} }, { total: 1, lines: [] }, { returnPath: '/en/product?step=payment' });
    const photo = { id: 'f1', name: 'cat.jpg', type: 'image/jpeg', size: 3 };
    await binding.save(port, { applicant: { photo } }, { total: 1, lines: [] }, { returnPath: '/en/product?step=payment', files: memoryFiles({ f1: new Blob(['abc']) }) });
    expect(seen).toEqual([{ repeatable: 'tab' }, { repeatable: 'tab' }]);
  });
});
