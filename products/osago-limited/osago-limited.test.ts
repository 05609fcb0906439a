import { describe, expect, it } from 'vitest';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { savePolicyRequest } from '../osago/binding';
import { sampleOsagoCatalog, sampleOwnCarTwoDrivers } from '../osago/samples';
import { sandboxOsagoReference } from '../osago/tariff';
import osagoLimited from './definition';
import manifest from './product';
import sale from './sale';
import { policyWords } from '../../server/lib/policy-words';

describe('OSAGO limited', () => {
  it('fixes named drivers from the start, whatever the policy step reports, and never skips the drivers step', () => {
    expect(osagoLimited.initialData.policy).toMatchObject({ drivers: 4 });
    expect(osagoLimited.preset).toEqual({ policy: { drivers: 4 } });
    expect(osagoLimited.machine.skip ?? {}).toEqual({});
    expect(Object.keys(osagoLimited.machine.show ?? {})).not.toContain('drivers.drivers');
  });

  it('saves and checks at its own paths, and asks OSAGO\'s registry calls', async () => {
    const posted: string[] = [];
    const api = {
      get: async () => ({ result: true, error: 0, message: '', response: sampleOsagoCatalog }),
      post: async (path: string) => {
        posted.push(path);
        return { result: true, error: 0, message: '', response: { amount_uzs: 192_000, contract_id: 'c', order_id: '1', url: 'https://click.uz/x', payme_url: 'https://payme.uz/x' } };
      },
    };
    const price = osagoLimited.pricing(sampleOwnCarTwoDrivers, sampleOsagoCatalog);
    if (!price) throw new Error('no price');
    await osagoLimited.binding.save(api as never, sampleOwnCarTwoDrivers, price, { returnPath: '/en/osago-limited?step=payment' }).catch(() => undefined);
    expect(posted).toEqual([manifest.calls.save]);
    expect(manifest.calls.save).not.toBe('/osago-neo/save-policy/v2');
  });

  it('refuses a policy for any driver on the server', async () => {
    const price = osagoLimited.pricing(sampleOwnCarTwoDrivers, sampleOsagoCatalog);
    if (!price) throw new Error('no price');
    const request = { ...savePolicyRequest(sampleOwnCarTwoDrivers, price), number_drivers_id: 1 as const, drivers: [] };
    const context = { tariffs: sandboxOsagoReference, today: '2030-06-15', registries: memoryRegistries(), findPerson: async () => null, citizenPassport: async () => false, words: policyWords() };
    await expect(sale.quote(request, context)).rejects.toMatchObject({ status: 400, field: '/number_drivers_id' });
    expect(sale.tariffsFrom).toBe('osago');
  });
});
