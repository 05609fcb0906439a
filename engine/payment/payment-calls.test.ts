import { describe, expect, it } from 'vitest';
import type { ApiPort, CallOptions, Envelope } from '../definition';
import { paymentCalls, paymentPaths } from './payment-calls';

describe('the payment step\'s calls', () => {
  it('send what starts a payment as repeatable: the code and the bill also after a reload, the card (its number) only while the page lives', async () => {
    const seen: Record<string, CallOptions | undefined> = {};
    const answer: Envelope<unknown> = { result: true, error: 0, message: 'ok', response: {} };
    const port: ApiPort = {
      get: async <T>() => answer as Envelope<T>,
      post: async <T>(path: string, _body: unknown, options?: CallOptions) => ((seen[path] = options), answer as Envelope<T>),
      postForm: async <T>() => answer as Envelope<T>,
    };
    const calls = paymentCalls(port);
    await calls.card({ card_number: '8600000000000001', card_date: '1230', contract_id: 'c' });
    await calls.cardCheck({ contract_id: 'c', card_id: 't', code: '666666' });
    await calls.invoice({ contract_id: 'c', phone: '998901234567' });
    await calls.terms({ contract_id: 'c', lang: 'en' });
    expect(seen).toEqual({
      [paymentPaths.card]: { repeatable: 'page' },
      [paymentPaths.cardCheck]: { repeatable: 'tab' },
      [paymentPaths.invoice]: { repeatable: 'tab' },
      [paymentPaths.terms]: undefined,
    });
  });
});
