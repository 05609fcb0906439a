import { describe, expect, it } from 'vitest';
import { companyLookup } from './binding-kit';
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
