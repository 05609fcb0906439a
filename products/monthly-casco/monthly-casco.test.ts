import { describe, expect, it } from 'vitest';
import { fakeApi, ok, saveContext } from '../kit/testing/fake-api';
import { miniCascoTariff, type MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import { miniCascoSaveRequest } from '../mini-casco/binding';
import miniCasco from '../mini-casco/definition';
import miniCascoManifest from '../mini-casco/product';
import { sampleComfortCobalt } from '../mini-casco/samples';
import { sandboxSaleContext } from '../../server/test-helpers';
import monthlyCasco from './definition';
import manifest from './product';
import sale from './sale';
import { sampleMonthlyComfortCobalt } from './samples';

const tariff = miniCascoTariff.seed;
const context = sandboxSaleContext<MiniCascoTariff>(tariff, '2030-06-15');

describe('monthly casco, a variant of mini-casco', () => {
  it('is mini-casco\'s flow with the term fixed to a month, in the app\'s webview only', () => {
    expect(monthlyCasco.steps.map((s) => s.id)).toEqual(miniCasco.steps.map((s) => s.id));
    expect(monthlyCasco.steps.slice(1)).toEqual(miniCasco.steps.slice(1));
    expect(monthlyCasco.machine).toBe(miniCasco.machine);
    expect(monthlyCasco.preset).toEqual({ program: { months: 1 } });
    expect(monthlyCasco.initialData.program).toEqual({ months: 1 });
    expect(manifest.routes).toEqual({ webview: '/mobile/monthly-kasko' });
    expect(manifest.fromPrice).toBe(5_000);
  });

  it('prices each program at the year ÷ 12, rounded up to whole UZS: 5 000, 7 500, 9 167', () => {
    const cards = monthlyCasco.options?.(tariff, sampleMonthlyComfortCobalt).programs ?? [];
    expect(cards.map((c) => c.price)).toEqual([5_000, 7_500, 9_167]);
    expect(monthlyCasco.pricing(sampleMonthlyComfortCobalt, tariff)).toEqual({ total: 7_500, lines: [{ label: 'mini-casco.price.month', amount: 7_500 }] });
  });

  it('saves and checks at its own paths, and asks mini-casco\'s programs and car check', async () => {
    const api = fakeApi((call) => ok(call.path === manifest.calls.save
      ? { contract_id: 'MM-1', order_id: '1', amount: 7_500, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/x' }
      : tariff));
    expect(await monthlyCasco.binding.load(api)).toEqual(tariff);
    await monthlyCasco.binding.save(api, sampleMonthlyComfortCobalt, { total: 7_500, lines: [] }, saveContext);
    expect(api.calls.map((c) => c.path)).toEqual([miniCascoManifest.calls.tariffs, '/takoful/mini-casco/monthly/createPolicy']);
    expect(api.calls[1]?.body).toMatchObject({ months: 1, amount: 7_500 });
    expect(monthlyCasco.binding.calls?.checkCar).toBe(miniCasco.binding.calls?.checkCar);
  });

  it('sells a month (the server prices it as the page does) and refuses a year, reading mini-casco\'s tariffs row', async () => {
    const request = { ...miniCascoSaveRequest(sampleMonthlyComfortCobalt, { total: 7_500, lines: [] }) };
    const { price, terms } = await sale.quote(request, context);
    expect(price.total).toBe(7_500);
    expect(terms).toMatchObject({ beginDate: '2030-07-01', endDate: '2030-07-31', sumInsured: 20_000_000, programName: 'Komfort / Комфорт, 1 oy / мес.' });
    const year = miniCascoSaveRequest(sampleComfortCobalt, { total: 90_000, lines: [] });
    await expect(sale.quote(year, context)).rejects.toMatchObject({ status: 400, field: '/months' });
    expect(sale.tariffsFrom).toBe('mini-casco');
    expect(sale.calls).toBeUndefined();
    expect(sale.policy.series).toBe('MKM');
  });
});
