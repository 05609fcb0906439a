import { describe, expect, it } from 'vitest';
import { apiFailure, fakeApi, ok, saveContext } from '../kit/testing/fake-api';
import home from '../home/definition';
import premiumHome from './definition';
import { premiumHomePrograms } from './pricing';
import sale from './sale';
import { samplePremiumHome } from './samples';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { policyWords } from '../../server/lib/policy-words';

const catalog = { programs: [...premiumHomePrograms] };

describe('premium home', () => {
  it('is home with its own program step: the same applicant and address steps and rules', () => {
    expect(premiumHome.steps.map((s) => s.id)).toEqual(home.steps.map((s) => s.id));
    expect(premiumHome.steps.slice(1)).toEqual(home.steps.slice(1));
    expect(premiumHome.machine).toBe(home.machine);
    expect(premiumHome.steps[0]?.schema).not.toBe(home.steps[0]?.schema);
  });

  it('shows the four programs of requirements §9 with premium and sum insured', () => {
    const cards = premiumHome.options?.(catalog, samplePremiumHome).programs ?? [];
    expect(cards.map((c) => [c.label, c.price, c.details?.[0]?.value])).toEqual([
      ['premium-home.program.1', 2_500_000, { uzs: 1_000_000_000 }],
      ['premium-home.program.2', 5_500_000, { uzs: 2_500_000_000 }],
      ['premium-home.program.3', 10_000_000, { uzs: 5_000_000_000 }],
      ['premium-home.program.4', 18_000_000, { uzs: 10_000_000_000 }],
    ]);
  });

  it('saves and checks at /sayt/premium-property/*', async () => {
    const saved = { contract_id: 'P-1', order_id: '100001', amount: 5_500_000, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const api = fakeApi((call) => ok(call.path.endsWith('/save') ? saved : { policy_number: 'PRM 2030000001', pdf_url: 'https://example.uz/p.pdf' }));
    const payment = await premiumHome.binding.save(api, samplePremiumHome, { total: 5_500_000, lines: [] }, saveContext);
    expect(api.calls[0]).toMatchObject({ path: '/sayt/premium-property/save', body: { program_id: 2, amount: 5_500_000, house_type: 'house' } });
    expect(await premiumHome.binding.check(api, payment)).toEqual({ policyNumber: 'PRM 2030000001', policyUrl: 'https://example.uz/p.pdf' });
    expect(api.calls[1]).toEqual({ method: 'POST', path: '/sayt/premium-property/check', body: { contract_id: 'P-1' } });
  });

  it('says maybe-data-is-incorrect on HTTP 422 (requirements §8)', async () => {
    await expect(premiumHome.binding.save(fakeApi(() => apiFailure(422)), samplePremiumHome, { total: 1, lines: [] }, saveContext))
      .rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
  });

  it('sells its own programs, not home\'s, under the PRM series', async () => {
    const context = { tariffs: sale.tariffs, today: '2030-06-15', findPerson: async () => ({ pinfl: '1', firstName: 'Dilnoza', lastName: 'Karimova', firstNameCyr: '', lastNameCyr: '', birthday: '1985-11-02' }), citizenPassport: async () => false, registries: memoryRegistries(), words: policyWords() };
    const request = { program_id: 4, house_type: 'house' as const, region_id: 1, address: 'Toshkent, 12-uy', begin_date: '01.07.2030', applicant: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', phone: '998935550011' }, amount: 18_000_000 };
    expect((await sale.quote(request, context)).terms).toMatchObject({ programName: 'VIP', sumInsured: 10_000_000_000, holder: 'Dilnoza Karimova' });
    // Named as the page names them, from premium home's catalog, not home's.
    expect((await sale.quote({ ...request, program_id: 1, amount: 2_500_000 }, context)).terms).toMatchObject({
      programName: 'Komfort / Комфорт',
      subject: expect.stringMatching(/^Hovli uy \/ Частный дом, /),
    });
    await expect(sale.quote({ ...request, program_id: 5 }, context)).rejects.toMatchObject({ status: 422 });
    expect(sale.policy.series).toBe('PRM');
    // The registry's child is not a policyholder (home's own sale, shared).
    const child = { ...context, findPerson: async () => ({ pinfl: '2', firstName: 'Kamron', lastName: 'Aliyev', firstNameCyr: '', lastNameCyr: '', birthday: '2020-03-20' }) };
    const childApplicant = { ...request.applicant, passport_seria: 'AC', passport_number: '2020202', birthday: '20.03.2020' };
    await expect(sale.quote({ ...request, applicant: childApplicant }, child)).rejects.toMatchObject({ status: 422, field: '/applicant/birthday' });
  });
});
