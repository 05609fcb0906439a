import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isoToDmy, oneYearFrom } from '../products/kit/api/api-format';
import { samplesDay } from '../products/kit/define/define';
import travelSale, { getCountryAnswer } from '../products/travel/sale';
import type { TravelReference } from '../products/travel/tariffs';
import { saleContext } from './lib/calls';
import { documentsSaveRequest } from '../products/documents/binding';
import { samplePlate } from '../products/documents/samples';
import { sportSaveRequest } from '../products/sport/binding';
import { sampleBoxer } from '../products/sport/samples';
import { travelUzbSaveRequest } from '../products/travel-uzb/binding';
import travelUzb from '../products/travel-uzb/definition';
import { sandboxTravelUzbTariff } from '../products/travel-uzb/pricing';
import { samplePurchase as travelUzbPurchase } from '../products/travel-uzb/samples';
import { buildApp } from './app';
import { testConfig } from './config';
import { assertMatchesSchema, createTestApp, get, homeSaveBody, inDays, neoAuth, post, siteAuth, travelCalculatorBody, travelPrice, travelSaveBody, travelTrip } from './test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('travel routes', () => {
  test('get_country answers purposes, countries, programs and the tariff', async () => {
    const res = await get(app, '/api/takoful/travel-neo/get_country');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ result: true, error: 0 });
    assertMatchesSchema('common/envelope', body);
    assertMatchesSchema('travel/get-country.response', body.response);
    expect(body.response.country.map((c: { code: string }) => c.code)).toContain('TR');
    expect(body.response.program.map((p: { name: string }) => p.name)).toEqual(['Basic', 'Comfort', 'Premium']);
  });

  test('calculator prices every program with the shared pricing', async () => {
    const res = await post(app, '/api/takoful/travel-neo/calculator', travelCalculatorBody());
    expect(res.statusCode).toBe(200);
    const rows = res.json().response;
    assertMatchesSchema('travel/calculator.response', rows);
    expect(rows).toHaveLength(3);
    // Basic: 0.9 USD × 7 days = 6.30 USD at 12 650 = 79 695, plus the accident risk 40 000; 119 695 is 9.46 USD.
    expect(rows[0]).toEqual({ program_id: 1, program_name: 'Basic', prem_usd: 9.46, prem_uzs: 119_695, kurs_cbu: 12_650 });
    expect(rows[2].prem_uzs).toBeGreaterThan(rows[1].prem_uzs);
  });

  test('answers written by their schema say all that JSON.stringify would', async () => {
    const context = await saleContext<TravelReference>(app, 'travel');
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    expect((await get(app, '/api/takoful/travel-neo/get_country')).json().response).toEqual(asJson(getCountryAnswer(context.tariffs)));
    const calculator = travelSale.calls?.find((call) => call.path.endsWith('/calculator'));
    const body = travelCalculatorBody();
    const rows = (await post(app, '/api/takoful/travel-neo/calculator', body)).json().response;
    expect(rows).toEqual(asJson(await calculator?.answer(calculator.read?.(body, context), context)));
  });

  test('getPerson finds a registry person and says datas_not_found otherwise', async () => {
    const found = await post(app, '/api/takoful/travel-neo/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '15-05-1990' });
    expect(found.json()).toEqual({
      result: true,
      error: 0,
      message: 'ok',
      response: { ism: 'Вали', familya: 'Алиев', ism_eng: 'Vali', familya_eng: 'Aliyev', pinfl: '31505900000011' },
    });
    assertMatchesSchema('travel/get-person.response', found.json().response);
    const missing = await post(app, '/api/takoful/travel-neo/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '16-05-1990' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ result: false, error: 1, message: 'datas_not_found', response: null });
  });

  test('save-polis creates an awaiting_payment contract with both payment links', async () => {
    const price = await travelPrice(app);
    const res = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price, { return_url: '/en/thank-you' }), { authorization: neoAuth });
    expect(res.statusCode).toBe(200);
    const answer = res.json().response;
    assertMatchesSchema('common/save.response', answer);
    expect(answer.amount).toBe(price);
    const payload = Buffer.from(new URL(answer.payme_url).pathname.replace('/sandbox/payme/', ''), 'base64').toString();
    expect(payload).toBe(`m=sandbox-merchant;ac.contract_id=${answer.contract_id};a=${price * 100};c=http://localhost:3000/en/thank-you`);
    const click = new URL(answer.url);
    expect(click.pathname).toBe('/sandbox/click/services/pay');
    expect(click.searchParams.get('amount')).toBe(`${price}.00`);
    expect(click.searchParams.get('transaction_param')).toBe(answer.contract_id);
    const contract = await app.contracts.get(answer.contract_id);
    expect(contract).toMatchObject({ status: 'awaiting_payment', channel: 'neo', product: 'travel', amount: price });
  });

  test('save-polis refuses a price that is not the server price with 422 and reports it', async () => {
    const before = await app.db.selectFrom('outbox').select('id').where('kind', '=', 'failure').execute();
    const res = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(1000));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ result: false, error: 422, message: 'amount differs, server: 119695' });
    const after = await app.db.selectFrom('outbox').select(['id', 'text']).where('kind', '=', 'failure').execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.text).toContain('travel save');
  });

  test('save-polis prices the period the policy covers: a 30-day trip cannot be bought at the 1-day price', async () => {
    const begin = travelTrip().begin_date;
    const thirtyDaysEnd = isoToDmy(inDays(39), '-');
    const oneDay = await post(app, '/api/takoful/travel-neo/calculator', { ...travelCalculatorBody(), end_date: begin });
    const oneDayPrice = oneDay.json().response[0].prem_uzs as number;
    const cheat = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(oneDayPrice, { end_date: thirtyDaysEnd, days: 1 }));
    expect(cheat.statusCode).toBe(400);
    expect(cheat.json()).toMatchObject({ result: false, message: 'body/days must be 30, the days from begin_date to end_date', response: { field: '/days' } });

    const thirty = await post(app, '/api/takoful/travel-neo/calculator', { ...travelCalculatorBody(), end_date: thirtyDaysEnd });
    const thirtyPrice = thirty.json().response[0].prem_uzs as number;
    expect(thirtyPrice).toBeGreaterThan(oneDayPrice);
    expect((await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(oneDayPrice, { end_date: thirtyDaysEnd, days: 30 }))).statusCode).toBe(422);
    const fair = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(thirtyPrice, { end_date: thirtyDaysEnd, days: 30 }));
    expect(fair.statusCode).toBe(200);
    const contract = await app.contracts.get(fair.json().response.contract_id);
    const terms = (contract?.request as { terms: { beginDate: string; endDate: string } }).terms;
    expect([terms.beginDate, terms.endDate]).toEqual([inDays(10), inDays(39)]);
  });

  test('a multi-trip save covers a year from its begin date and refuses another end date', async () => {
    const multi = { kop_martali: 1, days: 45 };
    const price = (await post(app, '/api/takoful/travel-neo/calculator', { ...travelCalculatorBody(), ...multi, end_date: undefined })).json().response[0].prem_uzs as number;
    const wrongEnd = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price, { ...multi, end_date: isoToDmy(inDays(54), '-') }));
    expect(wrongEnd.statusCode).toBe(400);
    expect(wrongEnd.json().response).toEqual({ field: '/end_date' });
    const yearEnd = isoToDmy(oneYearFrom(inDays(10)), '-');
    const saved = await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price, { ...multi, end_date: yearEnd }));
    expect(saved.statusCode).toBe(200);
  });

  test('checkPolis says payment_not_made before payment', async () => {
    const price = await travelPrice(app);
    const saved = (await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price))).json().response;
    const res = await post(app, '/api/takoful/travel-neo/checkPolis', { contract_id: saved.contract_id });
    expect(res.json()).toEqual({ result: false, error: 1, message: 'payment_not_made', response: null });
  });
});

describe('home routes', () => {
  test('save answers the contract and the return url defaults to the thank-you page', async () => {
    const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody());
    expect(res.statusCode).toBe(200);
    const answer = res.json().response;
    assertMatchesSchema('common/save.response', answer);
    expect(answer.amount).toBe(70_000);
    const contract = await app.contracts.get(answer.contract_id);
    expect(contract?.return_url).toBe(`/thank-you/${answer.contract_id}`);
  });

  test('a return path holding a control character is refused naming it: a provider would refuse the address made of it', async () => {
    for (const control of ['\u0007', '\u007f', '\u009b']) {
      const refused = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: `/uz/housing${control}x` }));
      expect(refused.statusCode, JSON.stringify(control)).toBe(400);
      expect(refused.json().response.field).toBe('/return_url');
    }
  });

  test('save refuses a wrong amount and an applicant outside the registry with 422', async () => {
    const wrong = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ amount: 69_000 }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('amount differs, server: 70000');
    const stranger = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ applicant: { passport_seria: 'ZZ', passport_number: '0000000', birthday: '01.01.1980', phone: '998901234567' } }));
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json()).toMatchObject({ result: false, message: 'applicant not found in the person registry' });
  });

  test('save refuses a start date in the past, naming the field', async () => {
    const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ begin_date: '01.01.2020' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'body/begin_date must be today or later', response: { field: '/begin_date' } });
  });

  test('check says payment_not_made before payment, 404 for an unknown contract', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json().message).toBe('payment_not_made');
    const unknown = await post(app, '/api/sayt/uyjoy-api/check', { contract_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  test('a home cover starts within 90 days: the 91st day and a far year are refused, naming the begin date', async () => {
    expect((await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ begin_date: isoToDmy(inDays(90), '.') }))).statusCode).toBe(200);
    for (const begin_date of [isoToDmy(inDays(91), '.'), '01.01.2099']) {
      const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ begin_date }));
      expect(res.statusCode, begin_date).toBe(400);
      expect(res.json()).toMatchObject({ response: { field: '/begin_date' } });
    }
  });

  test('sport and documents checks say not paid with error 2 (requirements §8: 1 is a network error there), domestic travel with error 1', async () => {
    const price = travelUzb.pricing(travelUzbPurchase, sandboxTravelUzbTariff);
    if (!price) throw new Error('the domestic travel sample has no price');
    const cases = [
      { save: '/api/sayt/sportsman/save/v2', check: '/api/sayt/sportsman/check/v2', body: sportSaveRequest(sampleBoxer, { total: 300_000, lines: [] }), unpaid: 2 },
      { save: '/api/sayt/document_sugurtasi/save', check: '/api/sayt/document_sugurtasi/check', body: documentsSaveRequest(samplePlate, { total: 60_000, lines: [] }), unpaid: 2 },
      { save: '/api/sayt/travel-uzb/save', check: '/api/sayt/travel-uzb/check', body: travelUzbSaveRequest(travelUzbPurchase, price), unpaid: 1 },
    ];
    // The samples' covers start in the summer of 2030: a server selling on the day they are told on.
    const samplesApp = await createTestApp({ salesDay: samplesDay });
    try {
      for (const { save, check, body, unpaid } of cases) {
        const saved = (await post(samplesApp, save, body)).json().response;
        expect((await post(samplesApp, check, { contract_id: saved.contract_id })).json(), check).toEqual({ result: false, error: unpaid, message: 'payment_not_made', response: null });
      }
    } finally {
      await samplesApp.close();
    }
  });
});

describe('site routes', () => {
  test('/sayt/getPerson takes DD.MM.YYYY birthdays', async () => {
    const res = await post(app, '/api/sayt/getPerson', { passportSeria: 'AD', passportNumber: '2222222', birthday: '01.07.1958' });
    expect(res.json().response).toMatchObject({ ism_eng: 'Rustam', familya_eng: 'Nazarov', familya: 'Назаров' });
    assertMatchesSchema('site/get-person.response', res.json().response);
    const dashed = await post(app, '/api/sayt/getPerson', { passportSeria: 'AD', passportNumber: '2222222', birthday: '01-07-1958' });
    expect(dashed.statusCode).toBe(400);
  });

  test('/osgor_neo/inn answers a company of the tax registry, its short name null when it has none, and wrong_inn for an unknown INN', async () => {
    const found = await post(app, '/api/osgor_neo/inn', { inn: '301234567' });
    expect(found.json().response).toMatchObject({ inn: '301234567', short_name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza' });
    assertMatchesSchema('site/company.response', found.json().response);
    expect((await post(app, '/api/osgor_neo/inn', { inn: '309999999' })).json().response.short_name).toBeNull();
    // Partners send the INN as a number as often as a string.
    expect((await post(app, '/api/osgor_neo/inn', { inn: 301234567 })).json().response.inn).toBe('301234567');
    expect((await post(app, '/api/osgor_neo/inn', { inn: '300000000' })).json()).toMatchObject({ result: false, error: 1, message: 'wrong_inn' });
    expect((await post(app, '/api/osgor_neo/inn', { inn: '30123' })).statusCode).toBe(400);
  });

  test('redirects answer the seeded redirect or null', async () => {
    const hit = await get(app, '/api/redirects?path=/en/travel-insurance');
    expect(hit.json().response).toEqual({ to: '/en/travel', status: 301 });
    assertMatchesSchema('site/redirects.response', hit.json().response);
    const miss = await get(app, '/api/redirects?path=/en/travel');
    expect(miss.json().response).toEqual({ to: null, status: 301 });
  });

  test('contract check shows the status of any contract, and its order number as the save answered it', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const res = await post(app, '/api/sayt/contract/check', { contract_id: saved.contract_id });
    expect(saved.order_id).toMatch(/^[1-8]\d{15}$/);
    expect(res.json().response).toEqual({ contract_id: saved.contract_id, order_id: saved.order_id, product: 'home', status: 'awaiting_payment', amount: 70_000, policy_number: null, pdf_url: null });
    assertMatchesSchema('site/contract-check.response', res.json().response);
    const unknown = await post(app, '/api/sayt/contract/check', { contract_id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ result: false, message: 'contract not found' });
  });

  test('unknown API paths answer a 404 envelope', async () => {
    const res = await get(app, '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: false, error: 404, message: 'Not found: GET /api/nope', response: null });
  });
});

describe('built site', () => {
  let siteApp: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, 'builds'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
    // The build's prerendered home page (tools/prerender.ts), here in English only.
    mkdirSync(join(dir, 'prerendered', 'en'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', 'en', 'index.html'), '<!doctype html><html lang="en"><head><title>home, prerendered</title></head>');
    writeFileSync(
      join(dir, 'prerendered', 'en', '404.html'),
      '<!doctype html><html lang="en"><title>404</title><a href="/ru/__address__">RU</a><p>No page at /en/__address__.</p>',
    );
    // A flow page as the build prerenders it: the site's shell around the flow's island element.
    mkdirSync(join(dir, 'prerendered', 'en', 'travel'), { recursive: true });
    writeFileSync(
      join(dir, 'prerendered', 'en', 'travel', 'index.html'),
      '<!doctype html><html lang="en"><head><title>travel</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head><body><div id="root"><h1>Travel</h1><div id="flow-island" data-product="travel" data-layout="default"></div></div></body></html>',
    );
    writeFileSync(join(dir, 'prerendered', 'en', '500.html'), '<!doctype html><html lang="en"><title>500</title><a href="/en/__address__">Reload</a>');
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'] },
        '_shared.js': { file: 'assets/shared-1.js' },
        'pages/product-page.tsx': { file: 'assets/product-page-1.js', imports: ['_shared.js', '_validators.js'] },
        'flow-main.tsx': { file: 'assets/flow-main-1.js', isEntry: true, imports: ['_shared.js', '_validators.js'] },
        '_validators.js': { file: 'assets/validators-1.js' },
        '../products/travel/definition.ts': { file: 'assets/definition-1.js' },
        '../locales/ru/site.po': { file: 'assets/site-ru.js' },
        '../locales/ru/travel.po': { file: 'assets/travel-ru.js' },
        'pages/home-page.tsx': { file: 'assets/home-page-1.js' },
      }),
    );
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's compressed copies (tools/vite-plugin-precompress.ts).
    const script = 'console.log("a bundle");\n'.repeat(200);
    writeFileSync(join(dir, 'assets', 'big-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(dir, 'builds', 'latest.json'), '{"id":"1"}');
    siteApp = await buildApp(testConfig({ siteDir: dir }));
    // A page the server fails to serve (a database fault while rendering a server page, say).
    siteApp.get('/en/failing-page', async () => {
      throw new Error('connection terminated');
    });
    await siteApp.ready();
  });
  afterAll(() => siteApp.close());

  test('assets are cached for a year, index.html and the build manifest are not', async () => {
    const asset = await siteApp.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await siteApp.inject('/builds/latest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const index = await siteApp.inject('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  test('assets go out as the build compressed them, chosen by Accept-Encoding, without cookies', async () => {
    const br = await siteApp.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('a bundle');
    const gz = await siteApp.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('a bundle');
    const plain = await siteApp.inject('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('a bundle');
    for (const res of [br, gz, plain]) {
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  test("a page's shell is in its language and preloads what the page loads next, beyond the shell", async () => {
    const flow = await siteApp.inject('/ru/travel/neo');
    expect(flow.statusCode).toBe(200);
    expect(flow.body).toContain('<html lang="ru">');
    for (const file of ['product-page-1', 'validators-1', 'definition-1', 'site-ru', 'travel-ru']) {
      expect(flow.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}.js">`);
    }
    // Already loaded by the shell itself: not again.
    expect(flow.body).not.toContain('shared-1.js');
    const home = await siteApp.inject('/ru');
    expect(home.body).toContain('<html lang="ru">');
    expect(home.body).toContain('home-page-1.js');
    expect(home.body).not.toContain('product-page-1.js');
    // A prerendered page is sent as the build wrote it.
    const prerendered = await siteApp.inject('/en');
    expect(prerendered.statusCode).toBe(200);
    expect(prerendered.body).toContain('home, prerendered');
    expect(prerendered.headers['cache-control']).toBe('private, no-cache');
    // Pages go out compressed as the browser accepts.
    const compressed = await siteApp.inject({ url: '/en', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('home, prerendered');
    const gzipOnly = await siteApp.inject({ url: '/ru/travel', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toContain('<html lang="ru">');
  });

  test("a flow page goes out with its island's own entry, not the site's, and preloads what the flow loads", async () => {
    const page = await siteApp.inject('/en/travel/neo');
    expect(page.statusCode).toBe(200);
    const list = /<script type="application\/json" id="site-modules">([^<]*)<\/script>/.exec(page.body)?.[1];
    const modules = JSON.parse(list ?? '{}') as { entry?: string; preload?: string[] };
    expect(modules.entry).toBe('/assets/flow-main-1.js');
    expect(modules.preload).toEqual(expect.arrayContaining(['/assets/shared-1.js', '/assets/validators-1.js', '/assets/definition-1.js']));
    expect(page.body).not.toContain('index-1.js');
    expect(page.body).not.toContain('product-page-1.js');
  });

  test('any page address, query, cookie and language list gets a page, the 404 page or a redirect into this site, never a 5xx', async () => {
    const segment = fc.oneof(fc.constantFrom('', 'uz', 'en', 'ru', 'de', 'travel', 'thank-you', 'mobile', 'paynet', '..', '%00', '%2F%2Fevil.example', '__proto__'), fc.string({ maxLength: 12 }).map(encodeURIComponent));
    const address = fc.record({
      path: fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
      query: fc.option(fc.dictionary(fc.constantFrom('contract_id', 'step', 'order', 'x'), fc.string({ maxLength: 40 })), { nil: undefined }),
      cookie: fc.option(fc.string({ maxLength: 60 }).map((value) => `lang=${value}`), { nil: undefined }),
      languages: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(address, async ({ path, query, cookie, languages }) => {
        const search = query ? `?${new URLSearchParams(query).toString()}` : '';
        const headers: Record<string, string> = { accept: 'text/html' };
        if (cookie) headers.cookie = cookie.replace(/[^\x20-\x7e]/g, '');
        if (languages) headers['accept-language'] = languages.replace(/[^\x20-\x7e]/g, '');
        const answer = await siteApp.inject({ url: `${path}${search}`, headers });
        expect(answer.statusCode, `${path}${search}`).toBeLessThan(500);
        if (answer.statusCode === 302) expect(String(answer.headers.location), `${path}${search}`).toMatch(/^\/(uz|en|ru)(\/(?!\/)|\?|$)/);
      }),
      { numRuns: 300 },
    );
  });

  test('page addresses fall back to index.html; API addresses do not', async () => {
    const page = await siteApp.inject('/ru/travel');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>shop</title>');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    for (const known of ['/uz', '/en/travel/neo', '/ru/mobile/housing', '/ru/thank-you/9f0c', '/ru/thank-you']) {
      expect((await siteApp.inject(known)).statusCode, known).toBe(200);
    }
    // An address without a language is sent on to the visitor's, as the browser would detect it.
    for (const [bare, headers, to] of [
      ['/travel?step=dates', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }, '/ru/travel?step=dates'],
      ['/thank-you/9f0c', { cookie: 'lang=en', 'accept-language': 'ru' }, '/en/thank-you/9f0c'],
    ] as const) {
      const sent = await siteApp.inject({ url: bare, headers });
      expect(sent.statusCode, bare).toBe(302);
      expect(sent.headers.location, bare).toBe(to);
      expect(sent.headers.vary).toBe('Cookie, Accept-Language');
    }
    // Old addresses of the redirects table are followed by the server when opened directly.
    const moved = await siteApp.inject('/en/travel-insurance');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/en/travel');
    const external = await siteApp.inject('/en/app');
    expect(external.statusCode).toBe(302);
    expect(external.headers.location).toBe('https://play.google.com/store/apps');
    // The prerendered 404 page names the address asked for, as text, and links to it in the other languages.
    const named = await siteApp.inject("/en/nope$'<b>");
    expect(named.statusCode).toBe(404);
    expect(named.body).toContain("<p>No page at /en/nope$&#39;%3Cb%3E.</p>");
    expect(named.body).toContain('<a href="/ru/nope$&#39;%3Cb%3E">RU</a>');
    // Addresses that are no page get the site (its 404 page) with the status that says so.
    for (const unknown of ['/ru/nope', '/en/travel/neo/extra', '/travel/bad%20partner', '/de/travel', '/wp-login.php']) {
      const missing = await siteApp.inject(unknown);
      expect(missing.statusCode, unknown).toBe(404);
      // The prerendered 404 page of the address's language (English here), else the shell that renders it.
      expect(missing.body).toContain(unknown.startsWith('/en/') ? '<title>404</title>' : '<title>shop</title>');
    }
    const api = await siteApp.inject({ url: '/api/unknown', headers: { authorization: siteAuth } });
    expect(api.statusCode).toBe(404);
    expect(api.json().result).toBe(false);
  });

  test("the bare address is the home page in the visitor's language, with its own address for search engines and caches told to tell visitors apart", async () => {
    for (const headers of [{ 'accept-language': 'en-GB,en;q=0.9' }, { cookie: 'lang=en', 'accept-language': 'ru' }]) {
      const home = await siteApp.inject({ url: '/', headers: { ...headers, 'accept-encoding': 'gzip' } });
      expect(home.statusCode).toBe(200);
      expect(gunzipSync(home.rawPayload).toString()).toContain('home, prerendered');
      expect(gunzipSync(home.rawPayload).toString()).toContain(`<link rel="canonical" href="${siteApp.config.publicUrl}/en">`);
      expect(home.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
      expect(home.headers['cache-control']).toBe('private, no-cache');
    }
    // A page's own address is its language whoever asks.
    const own = await siteApp.inject({ url: '/en', headers: { cookie: 'lang=ru' } });
    expect(own.headers.vary).toBe('Accept-Encoding');
    expect(own.body).toContain(`<link rel="canonical" href="${siteApp.config.publicUrl}/en">`);
  });

  test("every page keeps its language in the visitor's lang cookie for a year, the pages without scripts too", async () => {
    const langCookieOf = (res: { cookies: { name: string; value: string; maxAge?: number; path?: string; sameSite?: string }[] }) => res.cookies.find((cookie) => cookie.name === 'lang');
    for (const [url, headers, lang] of [
      ['/en', { cookie: 'lang=ru' }, 'en'],
      ['/ru/travel/neo', {}, 'ru'],
      ['/ru/thank-you/9f0c', { cookie: 'lang=uz' }, 'ru'],
      ['/ru/nope', { 'accept-language': 'en' }, 'ru'],
      ['/', { 'accept-language': 'en' }, 'en'],
      ['/no-such-page', { 'accept-language': 'en' }, 'en'],
      // The 404 page of an address refused as malformed (a NUL byte in its query).
      ['/en/travel?step=%00', {}, 'en'],
    ] as const) {
      // As a browser opens a page.
      const res = await siteApp.inject({ url, headers: { ...headers, accept: 'text/html,application/xhtml+xml' } });
      expect(langCookieOf(res), url).toEqual({ name: 'lang', value: lang, maxAge: 365 * 24 * 60 * 60, path: '/', sameSite: 'Lax' });
      // Only this visitor's browser may keep an answer that sets their cookies.
      expect(res.headers['cache-control'], url).toMatch(/^(private, no-cache|no-store)$/);
    }
    // An address without a language leads on to the page, which sets it; the redirect sets none.
    expect(langCookieOf(await siteApp.inject({ url: '/travel', headers: { 'accept-language': 'en', accept: 'text/html' } }))).toBeUndefined();
    // A client that is no browser reading a page (its Accept not HTML) is given no cookie that would make it one to the API.
    const read = await siteApp.inject({ url: '/ru/travel', headers: { accept: '*/*' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['set-cookie']).toBeUndefined();
    // Neither do files and API answers.
    expect(langCookieOf(await siteApp.inject('/builds/latest.json'))).toBeUndefined();
    expect(langCookieOf(await siteApp.inject({ url: '/api/unknown', headers: { authorization: siteAuth } }))).toBeUndefined();
  });

  test("an address that is no page gets the 404 page in the visitor's language, naming the address as asked", async () => {
    for (const headers of [{ 'accept-language': 'en-US,en;q=0.9' }, { cookie: 'lang=en', 'accept-language': 'ru-RU' }]) {
      const missing = await siteApp.inject({ url: '/no-such-page', headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('<html lang="en"><title>404</title><a href="/ru/no-such-page">RU</a><p>No page at /no-such-page.</p>');
      expect(missing.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    }
  });

  test("a page the server fails to serve is the site's 500 page in its language, not JSON; a script's call still gets the envelope", async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const page = await siteApp.inject({ url: '/en/failing-page?step=trip&x=<b>', headers: html });
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    // Its reload link leads back to the address asked for, query included, as text.
    expect(page.body).toContain('<title>500</title><a href="/en/failing-page?step=trip&amp;x=%3Cb%3E">Reload</a>');
    const call = await siteApp.inject({ url: '/en/failing-page', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(500);
    expect(call.json()).toEqual({ result: false, error: 500, message: 'Internal server error', response: null });
  });

  test('a page address with a NUL byte in its query gets the 404 page, not JSON', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    for (const query of ['step=%00', 'ad=neo%00', 'step=trip&step=%00']) {
      const page = await siteApp.inject({ url: `/en/travel?${query}`, headers: html });
      expect(page.statusCode, query).toBe(404);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body, query).toContain('No page at /en/travel.');
    }
    // A script's call to the same address still learns which field was refused.
    const call = await siteApp.inject({ url: '/en/travel?step=%00', headers: { accept: 'application/json' } });
    expect(call.statusCode).toBe(400);
    expect(call.json<{ response: { field: string } }>().response.field).toBe('/step');
  });

  test('pages are served while the redirect lookup fails (the database away)', async () => {
    const redirects = siteApp.redirects;
    const of = redirects.of;
    redirects.of = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    try {
      const page = await siteApp.inject('/ru/travel');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="ru">');
      expect((await siteApp.inject('/en/nope')).statusCode).toBe(404);
    } finally {
      redirects.of = of;
    }
  });

  test('every answer carries the security headers and a CSP without unsafe-eval', async () => {
    const res = await siteApp.inject('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('a JSON answer carries a short strict policy: not sniffed, not framed, loads nothing', async () => {
    const res = await siteApp.inject({ url: '/api/redirects?path=/en', headers: { authorization: siteAuth } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toBeUndefined();
  });
});
