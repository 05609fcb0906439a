import fc from 'fast-check';
import { expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { loggerOptions, maskPersonalData, maskUrl } from './logging';
import { policyNumber } from './plugins/app/policies';
import { siteAuth } from './test-helpers';

test('logs never show credentials, passport, card or PINFL numbers', async () => {
  const lines: string[] = [];
  const app = await buildApp(testConfig(), { logger: { ...loggerOptions('info'), stream: { write: (l: string) => lines.push(l) } } });
  app.get('/api/log-probe', async (request) => {
    request.log.info({ body: { passport_number: '1234567', card_number: '8600000000000001', pinfl: '31505900000011' }, token: 'bot-secret' }, 'probe');
    return { ok: true };
  });
  await app.ready();
  await app.inject({ url: '/api/log-probe', headers: { authorization: siteAuth, cookie: 'XSRF-TOKEN=abc' } });
  await app.close();
  const all = lines.join('\n');
  expect(all).toContain('probe');
  for (const secret of ['1234567', '8600000000000001', '31505900000011', 'bot-secret', siteAuth]) expect(all).not.toContain(secret);
  expect(all).toContain('[redacted]');
});

test('an address\'s personal numbers are masked however the address encodes them', () => {
  const urls = [
    '/api/redirects?path=/x&c=8600+0000+0000+0001',
    '/api/redirects?path=/x&t=%2B998%2090%20123%2045%2067',
    '/api/redirects?path=/x&i=3150%205900%200000%2011',
    '/api/redirects?path=/x&p=%41%41%31%32%33%34%35%36%37',
    '/en/thank-you/x?card=8600%200000%200000%200001',
    '/verify/%E0%A4%A?n=%31%32%33%34%35%36%37%38',
  ];
  for (const url of urls) {
    const masked = maskUrl(url);
    for (const secret of ['8600 0000 0000 0001', '+998 90 123 45 67', '3150 5900 0000 11', '1234567', '12345678']) expect(masked).not.toContain(secret);
  }
  expect(maskUrl('/api/redirects?path=/uz/travel')).toBe('/api/redirects?path=/uz/travel');
});

/** A personal number as a text may carry it, and what masking leaves of it. */
const personalNumber = fc.oneof(
  fc.tuple(fc.stringMatching(/^[A-Z]{2}$/), fc.constantFrom('', ' '), fc.stringMatching(/^\d{7}$/)).map(([series, space, digits]) => [`passport ${series}${space}${digits}`, `passport ${series}${space}${digits.slice(0, 2)}…`]),
  fc.stringMatching(/^[3-6]\d{13}$/).map((pinfl) => [`PINFL ${pinfl}`, `PINFL ${pinfl.slice(0, 2)}…`]),
  fc.stringMatching(/^\+998 (9[0-9]|33|20|88) \d{3} \d{2} \d{2}$/).map((phone) => [`phone ${phone}`, 'phone +9…']),
  fc.stringMatching(/^998(9[0-9]|33|20|88)\d{7}$/).map((phone) => [`phone ${phone}`, `phone ${phone.slice(0, 2)}…`]),
  fc.tuple(fc.stringMatching(/^(8600|9860|4\d{3}|5\d{3})$/), fc.stringMatching(/^\d{12}$/), fc.constantFrom('', ' ')).map(([head, rest, space]) => {
    const card = [head, rest.slice(0, 4), rest.slice(4, 8), rest.slice(8)].join(space);
    return [`card ${card}`, `card ${card.slice(0, 2)}…`];
  }),
);

const contractId = fc.tuple(fc.uuid(), fc.boolean()).map(([id, upper]) => (upper ? id.toUpperCase() : id));
const orderNumber = fc.stringMatching(/^[1-8]\d{15}$/);
const policy = fc.tuple(fc.constantFrom('TRV', 'HOM', 'OSG', 'PET', 'JOB', 'UZT'), fc.integer({ min: 2020, max: 2099 }), fc.integer({ min: 1, max: 9_999_999 })).map(([series, year, seq]) => policyNumber(series, year, seq));

test('identifiers come through masking whole, however many digits they hold, and the personal numbers beside them do not', () => {
  fc.assert(
    fc.property(contractId, orderNumber, policy, fc.array(personalNumber, { minLength: 1, maxLength: 3 }), (id, order, number, personal) => {
      // The purchase message, a declined card's report, a failure report quoting an address and a body.
      const message = (told: string[]) => [
        `Purchase: travel policy ${number}`,
        `Order ${order}, contract ${id}`,
        `Payment declined (sandbox Click): order ${order}, home, 350 000 soʻm, ${told.join(', ')}: insufficient funds`,
        `Failure: HTTP 500 on GET /api/sayt/contract/check?order_id=${order}&contract_id=${id} {"orderId":"${order}","policy":"${number}"} {"order_id": "${order}"} ${told.join(' ')}`,
        `PDF /api/policies/${id}.pdf, verify /verify/${number}`,
      ].join('\n');
      expect(maskPersonalData(message(personal.map(([said]) => said as string)))).toBe(message(personal.map(([, masked]) => masked as string)));
    }),
    { numRuns: 300 },
  );
});

test('a bare 16-digit number is masked as the card it may be; one the text names as an order is not', () => {
  expect(maskPersonalData('paid with 8600123412341234')).toBe('paid with 86…');
  expect(maskPersonalData('order 8600123412341234 paid')).toBe('order 8600123412341234 paid');
  expect(maskPersonalData('reorder 8600123412341234')).toBe('reorder 86…');
  // A policy number's shape with a passport's series is still a passport.
  expect(maskPersonalData('AA 2026000123')).toBe('AA 20…');
  expect(maskUrl('/verify/TRV%202026000123?k=abc')).toBe('/verify/TRV 2026000123?k=abc');
});

test('phones and passports as people write them, with brackets or in groups, are masked too', () => {
  const written = ['+998(90)123-45-67', '998 (90) 123 45 67', '+998 (90) 123-45-67', '(90) 123-45-67', 'passport AA 123 45 67', 'passport AA 123-45-67'];
  for (const text of written) {
    const masked = maskPersonalData(`declined for ${text}, try again`);
    expect(masked.replace(/\D/g, '').length, `${text} → ${masked}`).toBeLessThanOrEqual(3);
  }
  // What no person is: amounts grouped in threes, dates, times.
  for (const text of ['623 350 soʻm', '1 234 567 soʻm', '01.07.2030', '2030-07-01 12:30:45']) expect(maskPersonalData(text)).toBe(text);
});
