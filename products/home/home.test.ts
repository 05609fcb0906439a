import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetails } from '../../engine/definition';
import { apiFailure, fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { apiSchema } from '../kit/testing/product-tests';
import { homeSaveRequest } from './binding';
import home from './definition';
import { homePrograms } from './pricing';
import { homeRegions } from './regions';
import { sampleHome } from './samples';

const catalog = { programs: [...homePrograms] };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

const noNetwork = () => fakeApi((call) => {
  throw new Error(`unexpected call ${call.method} ${call.path}`);
});

describe('home', () => {
  it('prints regions on the policy as the site names them in Uzbek and Russian', () => {
    for (const lang of ['uz', 'ru'] as const) {
      const po = readFileSync(`locales/${lang}/home.po`, 'utf8');
      for (const [id, names] of Object.entries(homeRegions)) {
        expect(po, `home.region.${id} (${lang})`).toContain(`msgid "home.region.${id}"\nmsgstr "${names[lang]}"`);
      }
    }
  });


  it('loads the program table of requirements §9 as its catalog without the network', async () => {
    const api = noNetwork();
    expect(await home.binding.load(api)).toEqual(catalog);
    expect(api.calls).toEqual([]);
  });

  it('shows six program cards with premium and sum insured', () => {
    const cards = home.options?.(catalog, sampleHome).programs ?? [];
    expect(cards.map((c) => [c.label, c.price, c.details?.[0]?.value])).toEqual([
      ['home.program.1', 70_000, { uzs: 56_000_000 }],
      ['home.program.2', 140_000, { uzs: 115_000_000 }],
      ['home.program.3', 320_000, { uzs: 280_000_000 }],
      ['home.program.4', 500_000, { uzs: 450_000_000 }],
      ['home.program.5', 840_000, { uzs: 840_000_000 }],
      ['home.program.6', 1_100_000, { uzs: 1_120_000_000 }],
    ]);
  });

  it('refuses a start date in the past', () => {
    const check = home.machine.actions.checkBeginDate;
    if (!check) throw new Error('no checkBeginDate');
    const past = { ...sampleHome, address: { ...sampleHome.address, beginDate: '2030-06-14' } };
    expect(check(past, sampleHome).errors).toEqual({ address: { '/beginDate': 'home.error.begin_date_past' } });
    const today = { ...sampleHome, address: { ...sampleHome.address, beginDate: '2030-06-15' } };
    expect(check(today, sampleHome).errors).toBeUndefined();
  });

  it('saves with DD.MM.YYYY dates, split passport and phone digits', async () => {
    const saved = { contract_id: 'H-77', order_id: 'O-77', amount: 320_000, url: 'https://my.click.uz/services/pay?a=1', payme_url: 'https://checkout.paycom.uz/x' };
    const api = fakeApi(() => ok(saved));
    const payment = await home.binding.save(api, sampleHome, { total: 320_000, lines: [] }, saveContext);
    expect(api.calls).toEqual([{
      method: 'POST', path: '/sayt/uyjoy-api/save',
      body: {
        program_id: 3, house_type: 'apartment', region_id: 11, address: 'Registon ko‘chasi 12, 34-xonadon',
        begin_date: '01.07.2030',
        applicant: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', phone: '998901234567' },
        amount: 320_000,
        return_url: saveContext.returnPath,
      },
    }]);
    expect(payment).toEqual({ contractId: 'H-77', orderId: 'O-77', price: 320_000, links: { click: saved.url, payme: saved.payme_url } });
  });

  it('maps HTTP 422 to maybe-data-is-incorrect (requirements §8)', async () => {
    await expect(home.binding.save(fakeApi(() => apiFailure(422, notOk(422, 'person not found'))), sampleHome, { total: 1, lines: [] }, saveContext))
      .rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    expect(() => homeSaveRequest({ ...sampleHome, address: { houseType: 'house' } }, { total: 1, lines: [] })).toThrow(/regionId/);
  });

  it('checks payment: policy when paid, null while unpaid', async () => {
    const payment: PaymentDetails = { contractId: 'H-77', orderId: 'O-77', price: 1, links: {} };
    const paid = fakeApi(() => ok({ policy_number: 'UY 0000042', pdf_url: 'https://example.uz/h.pdf' }));
    expect(await home.binding.check(paid, payment)).toEqual({ policyNumber: 'UY 0000042', policyUrl: 'https://example.uz/h.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/sayt/uyjoy-api/check', body: { contract_id: 'H-77' } });
    expect(await home.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
    await expect(home.binding.check(fakeApi(() => notOk(5, 'contract not found')), payment)).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
  });
});

describe('home API schema', () => {
  it('refuses a wrong date format, region, house type and an overlong address', () => {
    const save = apiSchema('home/save.request');
    const body = { ...homeSaveRequest(sampleHome, { total: 320_000, lines: [] }), return_url: saveContext.returnPath };
    expect(save(body)).toEqual([]);
    expect(save({ ...body, begin_date: '01-07-2030' })).not.toEqual([]);
    expect(save({ ...body, region_id: 15 })).not.toEqual([]);
    expect(save({ ...body, house_type: 'villa' })).not.toEqual([]);
    expect(save({ ...body, address: 'x'.repeat(10_000) })).not.toEqual([]);
  });
});

describe('home applicant lookup', () => {
  const [lookup] = home.binding.lookups ?? [];

  it('looks the applicant up by passport and birthday and fills the Latin names', async () => {
    if (!lookup) throw new Error('no applicant lookup');
    expect(lookup.step).toBe('applicant');
    expect(lookup.key({ passport: 'AA12345', birthday: '1990-05-15' })).toBeNull();
    const api = fakeApi(() => ok({ ism: 'Вали', familya: 'Алиев', ism_eng: 'VALI', familya_eng: 'ALIYEV', pinfl: '31505900000011' }));
    expect(await lookup.run(api, { passport: 'AA1234567', birthday: '1990-05-15', phone: '998901234567' }, catalog)).toEqual({ firstName: 'VALI', lastName: 'ALIYEV' });
    expect(api.calls).toEqual([{ method: 'POST', path: '/sayt/getPerson', body: { passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' } }]);
  });

  it('says datas_not_found at the passport of an unknown applicant', async () => {
    if (!lookup) throw new Error('no applicant lookup');
    await expect(lookup.run(fakeApi(() => notOk(1, 'datas_not_found')), { passport: 'ZZ0000000', birthday: '1990-01-01' }, catalog))
      .rejects.toMatchObject({ messageId: 'datas_not_found', field: { step: 'applicant', path: '/passport' } });
  });
});

