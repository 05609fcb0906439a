import { describe, expect, it } from 'vitest';
import { clientOf, knownPerson, registeredParty, registeredPerson, requireDistinctPeople, requireOfAge, SaveDeclined, type PersonQuery, type RegistryPerson } from './sale';

describe('the people a policy names', () => {
  it('takes a policyholder from their 18th birthday', () => {
    expect(() => requireOfAge('2008-06-15', '2026-06-15', '/payer/birthday')).not.toThrow();
    expect(() => requireOfAge('2008-06-16', '2026-06-15', '/payer/birthday')).toThrow(expect.objectContaining({ status: 422, field: '/payer/birthday' }));
  });

  it('names the second entry of a person already on the policy, at the list\'s own number field', () => {
    expect(() => requireDistinctPeople(['AA1234567', 'AB7654321'], '/insureds')).not.toThrow();
    expect(() => requireDistinctPeople(['AA1234567', 'AB7654321', 'AA1234567'], '/insureds')).toThrow(expect.objectContaining({ status: 400, field: '/insureds/2/passport_number' }));
    expect(() => requireDistinctPeople(['AA1234567', 'AA1234567'], '/drivers', 'passport__number')).toThrow(expect.objectContaining({ field: '/drivers/1/passport__number' }));
  });
});

describe('a person of a request, from the person registry', () => {
  const vali: RegistryPerson = { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' };
  const asked: PersonQuery[] = [];
  const registry = {
    findPerson: async (query: PersonQuery) => {
      asked.push(query);
      return query.passportSeria === 'AA' && query.passportNumber === '1234567' && query.birthday === vali.birthday && (query.pinfl ?? vali.pinfl) === vali.pinfl ? vali : null;
    },
  };
  const request = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' };

  it('is named as the registry names them, never as the request does, with the request\'s passport and the ISO birthday', async () => {
    asked.length = 0;
    expect(await registeredPerson({ ...request, pinfl: vali.pinfl }, '/payer', registry)).toEqual({ name: 'Vali Aliyev', passport: 'AA1234567', birthday: '1990-05-15' });
    expect(await registeredPerson(request, '/payer', registry)).toEqual({ name: 'Vali Aliyev', passport: 'AA1234567', birthday: '1990-05-15' });
    expect(asked).toEqual([
      { passportSeria: 'AA', passportNumber: '1234567', birthday: '1990-05-15', pinfl: vali.pinfl },
      { passportSeria: 'AA', passportNumber: '1234567', birthday: '1990-05-15' },
    ]);
  });

  it('refuses with 422 a person the registry does not know: at the person, or where and as the product says', async () => {
    const stranger = { ...request, passport_number: '7777777' };
    await expect(registeredPerson(stranger, '/payer', registry)).rejects.toMatchObject({ status: 422, field: '/payer', message: 'payer: not found in the person registry' });
    const owner = { field: '/passport_number', message: 'passport_number: the owner is not in the person registry' };
    await expect(registeredPerson(stranger, '', registry, owner)).rejects.toMatchObject({ status: 422, ...owner });
    await expect(registeredPerson({ ...request, pinfl: '30000000000000' }, '/payer', registry)).rejects.toMatchObject({ status: 422, field: '/payer' });
    await expect(knownPerson({ passportSeria: 'AA', passportNumber: '7777777', birthday: '1990-05-15' }, registry, owner)).rejects.toMatchObject({ status: 422, ...owner });
  });

  it('refuses with the save error a product\'s API answers for a person the registry does not know, when it has one', async () => {
    const declined = () => new SaveDeclined(3, 'driver not found', { key: 2 });
    const stranger = { passportSeria: 'AA', passportNumber: '7777777', birthday: '1990-05-15' };
    await expect(knownPerson(stranger, registry, declined)).rejects.toEqual(declined());
    await expect(knownPerson(stranger, registry, declined)).rejects.toBeInstanceOf(SaveDeclined);
    expect(await knownPerson({ ...stranger, passportNumber: '1234567' }, registry, declined)).toBe(vali);
  });

  it('refuses a birthday that is no calendar date with 400 at the person\'s birthday, before asking the registry', async () => {
    asked.length = 0;
    await expect(registeredPerson({ ...request, birthday: '31.02.1990' }, '/payer', registry)).rejects.toMatchObject({ status: 400, field: '/payer/birthday' });
    await expect(registeredPerson({ ...request, birthday: '31.02.1990' }, '', registry)).rejects.toMatchObject({ status: 400, field: '/birthday' });
    expect(asked).toEqual([]);
  });
});

describe('whose contract it is', () => {
  it('keeps an Uzbek phone as 998 and nine digits, and each PINFL found once', () => {
    expect(clientOf('+998 90 123-45-67', ['31505900000011', undefined, '31505900000011', '41102850000022'])).toEqual({ clientPhone: '998901234567', clientPinfls: ['31505900000011', '41102850000022'] });
    // A foreign number, a foreigner (no PINFL), a company: nothing to find the contract by.
    expect(clientOf('79161234567', [undefined, null])).toEqual({});
    expect(clientOf(undefined, [])).toEqual({});
  });

  it('gives the registry\'s PINFL beside the person a request names, which the policy prints without it', async () => {
    const vali: RegistryPerson = { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' };
    const context = { findPerson: async (query: PersonQuery) => (query.passportNumber === '1234567' ? vali : null) };
    const found = await registeredParty({ passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' }, '/applicant', context);
    expect(found).toEqual({ person: { name: 'Vali Aliyev', passport: 'AA1234567', birthday: '1990-05-15' }, pinfl: '31505900000011' });
  });
});
