import { expect, test } from 'vitest';
import { testConfig } from '../../config';
import { parsePaymePayload, paymeUrl } from './link';

test('a return address holding a ";" cannot add a field to the checkout payload: it is written as %3B', () => {
  const config = testConfig();
  const url = paymeUrl(config, { id: 'c0ffee00-0000-4000-8000-000000000001', amount: 70_000, return_url: '/en/thank-you;a=1;m=evil' });
  const encoded = url.slice(config.payme.checkoutUrl.length + 1);
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  expect(text.split(';')).toHaveLength(4);
  expect(parsePaymePayload(encoded)).toMatchObject({ merchantId: config.payme.merchantId, amount: 7_000_000, returnUrl: expect.stringContaining('/en/thank-you%3Ba=1%3Bm=evil') });
});
