import { describe, expect, it } from 'vitest';
import type { FlowData, ProductDefinition } from '../../engine/definition';
import sport from '../../products/sport/definition';
import sportManifest from '../../products/sport/product';
import sportSamples from '../../products/sport/samples';
import { apiFailure, fakeApi, ok } from '../../products/kit/testing/fake-api';
import { renewIdOf, withoutRenew } from './renew-param';
import { renewStart } from './renew-start';

const definition = sport as unknown as ProductDefinition;
const id = '0b5e1f3c-6a57-4c1e-9b0a-2f8d3c4e5a61';
const request = { ...sport.binding.toRequest?.(sportSamples.purchase, { total: 150_000, lines: [] }), return_url: '/uz/sport?step=payment' };
const renewal = { product: 'sport', request, begin_date: '2030-06-16', end_date: '2031-06-15', renew_from: '2031-06-16' };

describe('a flow page renewing a policy (?renew=)', () => {
  it('takes only a policy id shaped as a uuid, and lets go of it keeping the rest of the address', () => {
    expect(renewIdOf(`?renew=${id}&step=sport`)).toBe(id);
    expect(renewIdOf('?renew=../../get/info')).toBeNull();
    expect(renewIdOf('?renew=')).toBeNull();
    expect(withoutRenew(`?ad=neo&renew=${id}&step=sport`)).toBe('?ad=neo&step=sport');
    expect(withoutRenew(`?renew=${id}`)).toBe('');
  });

  it('starts the flow on the policy: the same sport, sum and sportsman, its cover from the day after the old one ends', async () => {
    const api = fakeApi(() => ok(renewal));
    const outcome = await renewStart(definition, api, id, sportSamples.catalog);
    expect(api.calls.map((call) => call.path)).toEqual([`/shaxsiy_kabinet/get/renewal/${id}`]);
    expect(outcome.kind).toBe('start');
    const data = outcome.kind === 'start' ? (outcome.data as FlowData) : {};
    expect(data.sport).toEqual({ sportTypeId: sportSamples.purchase.sport.sportTypeId, beginDate: '2031-06-16', endDate: '2032-06-15' });
    expect(data.sum).toEqual(sportSamples.purchase.sum);
    expect(data.insured).toMatchObject({ passport: sportSamples.purchase.insured.passport, birthday: sportSamples.purchase.insured.birthday, phone: sportSamples.purchase.insured.phone });
  });

  it('loads today\'s catalog when the page has none', async () => {
    const api = fakeApi((call) => (call.path.startsWith('/shaxsiy_kabinet/') ? ok(renewal) : ok(sportSamples.answers[call.path])));
    const outcome = await renewStart(definition, api, id, undefined);
    expect(outcome.kind).toBe('start');
    expect(api.calls.map((call) => call.path)).toEqual([`/shaxsiy_kabinet/get/renewal/${id}`, sportManifest.calls.types]);
  });

  it('sends a visitor without a session to sign in, and says why a policy cannot be renewed otherwise', async () => {
    const answering = (status: number) => fakeApi(() => apiFailure(status, { result: false, error: status, message: 'refused', response: null }));
    expect(await renewStart(definition, answering(401), id, sportSamples.catalog)).toEqual({ kind: 'sign-in' });
    expect(await renewStart(definition, answering(404), id, sportSamples.catalog)).toEqual({ kind: 'refused', message: 'site.renew.notFound', data: sport.initialData });
    expect(await renewStart(definition, answering(409), id, sportSamples.catalog)).toEqual({ kind: 'refused', message: 'site.renew.notRenewable', data: sport.initialData });
    expect(await renewStart(definition, fakeApi(() => apiFailure(null)), id, sportSamples.catalog)).toEqual({ kind: 'refused', message: 'site.renew.failed', data: sport.initialData });
    // Another product's policy, or a request the product cannot read, is not started on.
    expect(await renewStart(definition, fakeApi(() => ok({ ...renewal, product: 'travel' })), id, sportSamples.catalog)).toEqual({ kind: 'refused', message: 'site.renew.notFound', data: sport.initialData });
    expect(await renewStart(definition, fakeApi(() => ok({ ...renewal, request: { phone: '998901234567' } })), id, sportSamples.catalog)).toEqual({ kind: 'refused', message: 'site.renew.failed', data: sport.initialData });
  });
});
