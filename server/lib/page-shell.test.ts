import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterPaint, pageEncoding, pageShell, type PageAnswer, type RenderedPage } from './page-shell';

/** The HTML of a page answer; a redirect fails the test. */
function htmlOf(answer: PageAnswer): string {
  if (answer.status === 302) throw new Error(`redirected to ${answer.location}`);
  return answer.body.html;
}

describe('page shell', () => {
  it("turns a prerendered page's module script and preloads into the list after-paint.js starts", () => {
    const html = [
      '<html><head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/b-1.js">',
      '</head><body><div id="root"><h1>Travel</h1></div></body></html>',
    ].join('\n');
    const deferred = afterPaint(html);
    expect(deferred).not.toContain('type="module"');
    expect(deferred).not.toContain('modulepreload');
    expect(deferred).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(deferred).toContain('<script type="application/json" id="site-modules">{"entry":"/assets/index-1.js","preload":["/assets/a-1.js","/assets/b-1.js"]}</script>');
    expect(deferred).toContain('<script defer src="/after-paint.js"></script>');
    // A page without scripts stays as it is.
    expect(afterPaint('<html><head></head><body>home</body></html>')).toBe('<html><head></head><body>home</body></html>');
  });

  it('sends a claim page with the flow island\'s entry for a product with a claim, and the 404 for any other product\'s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
    mkdirSync(join(dir, 'prerendered', 'en', 'insurance-event', 'osago'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', 'en', 'insurance-event', 'osago', 'index.html'), '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"><div id="flow-island" data-product="osago" data-flow="claim"></div></div></body></html>');
    mkdirSync(join(dir, '.vite'), { recursive: true });
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify({ 'flow-main.tsx': { file: 'assets/flow-main-1.js' }, '../products/osago/claim.ts': { file: 'assets/osago-claim-1.js' } }));
    const manifests = [{ id: 'osago', routes: { page: '/osago' } }, { id: 'travel', routes: { page: '/travel' } }] as Parameters<typeof pageShell>[1];
    const shell = pageShell(dir, manifests, { claims: ['osago'] });
    const claim = await shell('/en/insurance-event/osago');
    expect(claim.status).toBe(200);
    const html = htmlOf(claim);
    expect(html).toContain('/assets/flow-main-1.js');
    expect(html).toContain('/assets/osago-claim-1.js');
    expect(html).not.toContain('/assets/index-1.js');
    expect((await shell('/en/insurance-event/travel')).status).toBe(404);
    expect((await pageShell(dir, manifests)('/en/insurance-event/osago')).status).toBe(404);
  });

  it('picks brotli, then gzip, and honours q=0', () => {
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });

  it("sends a flow page as the server drew it, draws it again only after its time, and falls back to the build's page when drawing fails", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
    mkdirSync(join(dir, 'prerendered', 'ru', 'travel'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', 'ru', 'travel', 'index.html'), '<!doctype html><html lang="ru"><head></head><body><div id="root">loading the flow</div></body></html>');
    const manifests = [{ id: 'travel', routes: { page: '/travel', webview: '/mobile/travel' } }] as Parameters<typeof pageShell>[1];
    let draws = 0;
    let failing = false;
    const failures: unknown[] = [];
    let now = 0;
    const shell = pageShell(dir, manifests, {
      renderFlow: async (address, product): Promise<RenderedPage> => {
        draws += 1;
        if (failing) throw new Error('catalog unavailable');
        return { lang: 'ru', title: `${product} $&`, html: `<form>first step of ${address}</form>`, hydrate: true, tail: '<script type="application/json" id="flow-catalog">{}</script>' };
      },
      renderTtlMs: 1000,
      onRenderFailure: (error) => failures.push(error),
      now: () => now,
    });
    const drawn = await shell('/ru/travel/partner1');
    expect(drawn.status).toBe(200);
    expect(htmlOf(drawn)).toContain('<div id="root"><form>first step of /ru/travel</form></div><script type="application/json" id="flow-catalog">{}</script>');
    // Replacement patterns in a title stay text.
    expect(htmlOf(drawn)).toContain('<title>travel $&amp;</title>');
    expect(htmlOf(drawn)).toContain('<html lang="ru"');
    await shell('/ru/travel');
    expect(draws).toBe(1);
    now = 1000;
    failing = true;
    const fallback = await shell('/ru/travel');
    expect(draws).toBe(2);
    expect(htmlOf(fallback)).toContain('loading the flow');
    expect(failures).toHaveLength(1);
    // Pages without a language prefix or of another kind are never drawn.
    await shell('/travel');
    await shell('/ru');
    expect(draws).toBe(2);
    // Warming draws each flow page (page and webview, three languages) that is not drawn and fresh.
    failing = false;
    await shell.warm();
    expect(draws).toBe(2 + 6);
    await shell.warm();
    expect(draws).toBe(8);
  });

  it("reads an address without a language in the visitor's language (the lang cookie, else the browser's, else Uzbek): the bare address is the home page, any other page's is sent on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body><div id="root"></div></body></html>');
    for (const lang of ['uz', 'en', 'ru']) {
      mkdirSync(join(dir, 'prerendered', lang), { recursive: true });
      writeFileSync(join(dir, 'prerendered', lang, 'index.html'), `<!doctype html><html lang="${lang}"><head><title>home ${lang}</title></head><body></body></html>`);
    }
    const manifests = [{ id: 'travel', routes: { page: '/travel' } }] as Parameters<typeof pageShell>[1];
    const shell = pageShell(dir, manifests, { publicUrl: 'https://shop.example' });
    const home = async (visitor: Parameters<typeof shell>[2]) => {
      const answer = await shell('/', undefined, visitor);
      return answer.status === 302 ? answer : { status: answer.status, lang: answer.lang, detected: answer.detected, title: /<title>([^<]*)/.exec(answer.body.html)?.[1] };
    };
    expect(await home({})).toEqual({ status: 200, lang: 'uz', detected: true, title: 'home uz' });
    expect(await home({ cookie: 'a=1; lang=ru', acceptLanguage: 'en' })).toEqual({ status: 200, lang: 'ru', detected: true, title: 'home ru' });
    // A refused language (q=0) and an unknown cookie value are passed over.
    expect(await home({ cookie: 'lang=de', acceptLanguage: 'ru;q=0, en-GB' })).toEqual({ status: 200, lang: 'en', detected: true, title: 'home en' });
    // Search engines see one home page per language: `/` names the one it shows, each names itself, and all name the others.
    const bare = htmlOf(await shell('/', undefined, { acceptLanguage: 'ru' }));
    const own = htmlOf(await shell('/ru'));
    for (const html of [bare, own]) {
      expect(html).toContain('<link rel="canonical" href="https://shop.example/ru">');
      for (const lang of ['uz', 'en', 'ru']) expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="https://shop.example/${lang}">`);
    }
    expect(htmlOf(await shell('/en'))).toContain('<link rel="canonical" href="https://shop.example/en">');
    expect(await shell('/ru')).toMatchObject({ lang: 'ru', detected: false });
    // Another page's address without a language leads to it in the visitor's.
    expect(await shell('/travel/partner1', new URLSearchParams('step=dates&x=%3Cb%3E'), { acceptLanguage: 'de-DE, ru;q=0.8, en;q=0.9' })).toEqual({
      status: 302,
      location: '/en/travel/partner1?step=dates&x=%3Cb%3E',
    });
    expect(await shell('/thank-you/abc', undefined, { cookie: 'a=1; lang=ru', acceptLanguage: 'en' })).toEqual({ status: 302, location: '/ru/thank-you/abc' });
    // An address that is no page is no page in any language: the 404 page in the visitor's.
    expect(await shell('/no-such-page', undefined, { cookie: 'lang=ru' })).toMatchObject({ status: 404, lang: 'ru', detected: true });
    expect(await shell('/ru/no-such-page', undefined, { cookie: 'lang=en' })).toMatchObject({ status: 404, lang: 'ru', detected: false });
  });

  it("draws the 404 and 500 pages in the address's language, else the visitor's, naming the address as asked and linking to it in each language", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body><div id="root"></div></body></html>');
    for (const lang of ['uz', 'en', 'ru']) {
      mkdirSync(join(dir, 'prerendered', lang), { recursive: true });
      const links = ['uz', 'en', 'ru'].map((other) => `<a href="/${other}/__address__" hreflang="${other}">${other}</a>`).join('');
      writeFileSync(join(dir, 'prerendered', lang, '404.html'), `<html lang="${lang}">${links}<p>${lang}: no page at /${lang}/__address__.</p><a href="/${lang}">home</a></html>`);
      writeFileSync(join(dir, 'prerendered', lang, '500.html'), `<html lang="${lang}">${links}<a href="/${lang}/__address__">reload</a></html>`);
    }
    const shell = pageShell(dir, []);
    const russian = { acceptLanguage: 'ru-RU,ru;q=0.9' };
    const unprefixed = await shell('/no-such-page', undefined, russian);
    expect(unprefixed).toMatchObject({ status: 404, lang: 'ru' });
    expect(htmlOf(unprefixed)).toBe(
      '<html lang="ru"><a href="/uz/no-such-page" hreflang="uz">uz</a><a href="/en/no-such-page" hreflang="en">en</a><a href="/ru/no-such-page" hreflang="ru">ru</a><p>ru: no page at /no-such-page.</p><a href="/ru">home</a></html>',
    );
    expect(htmlOf(await shell('/no-such-page', undefined, { cookie: 'lang=en', acceptLanguage: 'ru' }))).toContain('<p>en: no page at /no-such-page.</p>');
    expect(htmlOf(await shell('/no-such-page'))).toContain('<p>uz: no page at /no-such-page.</p>');
    // A prefixed address is read in its own language, whatever the visitor's.
    expect(htmlOf(await shell('/en/no-such-page', undefined, russian))).toContain('<p>en: no page at /en/no-such-page.</p><a href="/en">home</a>');
    expect(shell.notFound('/nope$\'<b>', { cookie: 'lang=en' })?.html).toContain("<p>en: no page at /nope$&#39;&lt;b&gt;.</p>");
    // The 500 page's reload link asks for the address again, in the language it is shown in.
    expect(shell.serverError('/travel?step=x', russian)).toEqual({
      lang: 'ru',
      html: '<html lang="ru"><a href="/uz/travel?step=x" hreflang="uz">uz</a><a href="/en/travel?step=x" hreflang="en">en</a><a href="/ru/travel?step=x" hreflang="ru">ru</a><a href="/ru/travel?step=x">reload</a></html>',
    });
    expect(shell.serverError('/en?step=x', russian)?.lang).toBe('en');
  });

  it('draws the thank-you page for the contract its address names, in its path or in the query, and falls back to the build\'s page when drawing fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>');
    mkdirSync(join(dir, 'prerendered', 'en', 'thank-you'), { recursive: true });
    writeFileSync(join(dir, 'prerendered', 'en', 'thank-you', 'index.html'), '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root">checking the contract</div></body></html>');
    const asked: [string, string | null][] = [];
    let failing = false;
    const shell = pageShell(dir, [], {
      renderThankYou: async (address, contractId): Promise<RenderedPage> => {
        asked.push([address, contractId]);
        if (failing) throw new Error('render failed');
        return { lang: 'en', title: 'Thank you', html: `<p>contract ${contractId ?? 'none'}</p>`, hydrate: false };
      },
    });
    const drawn = await shell('/en/thank-you/abc');
    expect(htmlOf(drawn)).toContain('<div id="root"><p>contract abc</p></div>');
    // Sent without scripts, and compressed.
    expect(htmlOf(drawn)).not.toContain('<script');
    expect(drawn.status === 200 && 'br' in drawn.body).toBe(true);
    // As providers send the visitor back; the rest of the query is not the page's.
    await shell('/en/thank-you', new URLSearchParams('contract_id=a b&utm_source=x'));
    await shell('/en/thank-you');
    expect(asked).toEqual([
      ['/en/thank-you/abc', 'abc'],
      ['/en/thank-you?contract_id=a%20b', 'a b'],
      ['/en/thank-you', null],
    ]);
    failing = true;
    expect(htmlOf(await shell('/en/thank-you/abc'))).toContain('checking the contract');
  });
});
