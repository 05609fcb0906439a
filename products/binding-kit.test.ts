import { describe, expect, it } from 'vitest';
import { companyLookup, placedSaveFailure, type SaveErrorTable } from './binding-kit';
import { apiFailure, fakeApi, notOk, ok } from './fake-api';

const company = {
  inn: '301234567', name: '"NEO LOGISTIKA" MASʼULIYATI CHEKLANGAN JAMIYATI', short_name: '"NEO LOGISTIKA" MChJ',
  director: 'Karimova Dilnoza', address: 'Toshkent', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010',
};

describe('company lookup by tax number', () => {
  const lookup = companyLookup({ call: '/osgor_neo/inn', step: 'personal', at: 'company' });

  it('runs once the INN has nine digits and fills the short name beside it', async () => {
    expect(lookup.key({ company: { inn: '30123456' } })).toBeNull();
    expect(lookup.key({ company: { inn: '301234567' } })).toBe('301234567');
    const api = fakeApi(() => ok(company));
    expect(await lookup.run(api, { company: { inn: '301234567' }, phone: '998901234567' }, {})).toEqual({ company: { inn: '301234567', name: '"NEO LOGISTIKA" MChJ' } });
    expect(api.calls).toEqual([{ method: 'POST', path: '/osgor_neo/inn', body: { inn: '301234567' } }]);
  });

  it('says wrong_inn at the INN for an unknown number and for a company without a short name (spec §5)', async () => {
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
