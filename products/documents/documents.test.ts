import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { hiddenPaths } from '../../engine/visibility';
import { fakeApi, notOk, ok, registryContext, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import { documentsSaveRequest, tariffFrom } from './binding';
import documents from './definition';
import { quoteDocument, sandboxDocumentsTariff as tariff, stateNumberTypeId } from './pricing';
import sale, { typesAnswer } from './sale';
import { sampleLicence, samplePassport, samplePlate } from './samples';
import { policyWords } from '../../server/lib/policy-words';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

const context = registryContext(tariff, '2030-06-15', policyWords());

describe('document prices (requirements §9: type 38 apart)', () => {
  it('prices the state number (38) at its own premium, every other document at its type\'s', () => {
    expect(stateNumberTypeId).toBe(38);
    // A price of one line shows its total alone: a label of its own for type 38 was never read.
    expect(quoteDocument(38, tariff)).toEqual({ total: 60_000, lines: [{ label: 'documents.price.premium', amount: 60_000 }] });
    expect(quoteDocument(1, tariff)).toEqual({ total: 40_000, lines: [{ label: 'documents.price.premium', amount: 40_000 }] });
    expect(quoteDocument(3, tariff)?.total).toBe(30_000);
    expect(quoteDocument(6, tariff)?.total).toBe(20_000);
    expect(quoteDocument(undefined, tariff)).toBeNull();
    expect(quoteDocument(7, tariff)).toBeNull();
  });

  it('does not sell the state number when the insurer lists no type 38, nor a paper document as one', () => {
    const withoutPlates = { ...tariff, stateNumber: null };
    expect(quoteDocument(38, withoutPlates)).toBeNull();
    expect(tariffFrom(typesAnswer(tariff))).toEqual(tariff);
    expect(tariffFrom([{ id: 1, name: 'Pasport', premium: 1, sum_insured: 1 }]).stateNumber).toBeNull();
  });
});

describe('document step', () => {
  it('asks the plate of type 38 and the number of any other document', () => {
    expect(hiddenPaths(documents.machine, 'document', samplePlate)).toEqual(['/documentNumber']);
    expect(hiddenPaths(documents.machine, 'document', samplePassport)).toEqual(['/plate']);
    expect(hiddenPaths(documents.machine, 'document', documents.initialData)).toEqual(expect.arrayContaining(['/plate', '/documentNumber']));
  });

  it('writes a document number in capitals without spaces', () => {
    const normalise = documents.machine.actions.normaliseNumber;
    if (!normalise) throw new Error('no normaliseNumber');
    const typed = { ...samplePassport, document: { ...samplePassport.document, documentNumber: 'aa 123-4567' } };
    expect(normalise(typed, samplePassport).data.document.documentNumber).toBe('AA1234567');
  });
});

describe('documents binding', () => {
  const saved = { contract_id: 'D-1', order_id: '100001', amount: 60_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };

  it('names type 38 by its gos_number and other documents by document_number', async () => {
    const api = fakeApi(() => ok(saved));
    await documents.binding.save(api, samplePlate, { total: 60_000, lines: [] }, saveContext);
    await documents.binding.save(api, sampleLicence, { total: 30_000, lines: [] }, saveContext);
    const owner = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '31505900000011' };
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/sayt/document_sugurtasi/save',
      body: { document_type_id: 38, gos_number: '01A123BC', begin_date: '01.07.2030', owner, phone: '998901234567', amount: 60_000, return_url: saveContext.returnPath },
    });
    expect(api.calls[1]?.body).toMatchObject({ document_type_id: 3, document_number: 'AB1234321', amount: 30_000 });
    expect(api.calls[1]?.body).not.toHaveProperty('gos_number');
    for (const request of api.calls) expect(apiSchema('documents/save.request')(request.body)).toEqual([]);
  });

  it('reads the check as sport does (requirements §8): 0 paid, 1 a network error, 2 not paid', async () => {
    const payment: PaymentDetails = { contractId: 'D-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'DOC 2030000001', pdf_url: 'https://example.uz/d.pdf' }));
    expect(await documents.binding.check(paid, payment)).toEqual({ policyNumber: 'DOC 2030000001', policyUrl: 'https://example.uz/d.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/document_sugurtasi/check', body: { contract_id: 'D-1' } });
    await expect(documents.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).rejects.toMatchObject({ messageId: 'network_error' });
    expect(await documents.binding.check(fakeApi(() => notOk(2, 'payment_not_made')), payment)).toBeNull();
  });
});

describe('documents sale', () => {
  const plate = documentsSaveRequest(samplePlate, { total: 60_000, lines: [] });
  const passport = documentsSaveRequest(samplePassport, { total: 40_000, lines: [] });

  it('prices the type the request names: the state number at its own premium', async () => {
    const quoted = await sale.quote(plate, context);
    expect(quoted.price.total).toBe(60_000);
    expect(quoted.terms).toMatchObject({ holder: 'Vali Aliyev', sumInsured: 2_000_000, beginDate: '2030-07-01', endDate: '2031-06-30', programName: 'Davlat raqam belgisi / Государственный номерной знак', subject: 'Davlat raqam belgisi / Государственный номерной знак: 01 A 123 BC' });
    expect((await sale.quote(passport, context)).price.total).toBe(40_000);
  });

  it('refuses a plate on a paper document, a number on type 38, either missing, an unsold type and a stranger', async () => {
    const { gos_number: _plate, ...noPlate } = plate;
    await expect(sale.quote(noPlate, context)).rejects.toMatchObject({ status: 400, field: '/gos_number' });
    await expect(sale.quote({ ...plate, document_number: 'AA1234567' }, context)).rejects.toMatchObject({ status: 400, field: '/document_number' });
    await expect(sale.quote({ ...passport, gos_number: '01A123BC' }, context)).rejects.toMatchObject({ status: 400, field: '/gos_number' });
    const { document_number: _number, ...noNumber } = passport;
    await expect(sale.quote(noNumber, context)).rejects.toMatchObject({ status: 400, field: '/document_number' });
    await expect(sale.quote({ ...passport, document_type_id: 7 }, context)).rejects.toMatchObject({ status: 422, field: '/document_type_id' });
    await expect(sale.quote({ ...passport, owner: { ...passport.owner, birthday: '16.05.1990' } }, context)).rejects.toMatchObject({ status: 422, field: '/owner' });
    const child = { ...passport.owner, passport_seria: 'AC', passport_number: '2020202', birthday: '20.03.2020' };
    await expect(sale.quote({ ...passport, owner: child }, context)).rejects.toMatchObject({ status: 422, field: '/owner/birthday' });
  });
});
