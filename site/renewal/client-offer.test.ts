import { describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, ok } from '../../products/kit/testing/fake-api';
import { clientOffer } from './client-offer';

const info = { first_name: 'Vali', last_name: 'Aliyev', pinfl: '31505900000011', birthday: '1990-05-15', phone: '998901234567', email: null, lang: 'uz', passport_seria: 'AA', passport_number: '1234567' };

describe('a signed-in client\'s details for a new flow\'s applicant', () => {
  it('are the profile\'s passport, birthday and phone', async () => {
    const api = fakeApi(() => ok(info));
    expect(await clientOffer(api)).toEqual({ person: { passport: 'AA1234567', birthday: '1990-05-15' }, phone: '998901234567' });
    expect(api.calls).toEqual([{ method: 'GET', path: '/shaxsiy_kabinet/get/info' }]);
  });

  it('leave out what is not well formed, and are nothing for a session that ended (401)', async () => {
    expect(await clientOffer(fakeApi(() => ok({ ...info, passport_number: '12<b>' })))).toEqual({ person: {}, phone: '998901234567' });
    expect(await clientOffer(fakeApi(() => ok({ ...info, passport_seria: undefined, phone: '+1 555' })))).toBeNull();
    expect(await clientOffer(fakeApi(() => apiFailure(401, { result: false, error: 401, message: 'session_expired', response: null })))).toBeNull();
  });
});
