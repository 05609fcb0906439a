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

  it("sends an address without a language on to the visitor's language: the lang cookie, else the browser's, else Uzbek", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shell-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body><div id="root"></div></body></html>');
    const manifests = [{ id: 'travel', routes: { page: '/travel' } }] as Parameters<typeof pageShell>[1];
    const shell = pageShell(dir, manifests);
    expect(await shell('/', undefined, {})).toEqual({ status: 302, location: '/uz' });
    expect(await shell('/travel/partner1', new URLSearchParams('step=dates&x=%3Cb%3E'), { acceptLanguage: 'de-DE, ru;q=0.8, en;q=0.9' })).toEqual({
      status: 302,
      location: '/en/travel/partner1?step=dates&x=%3Cb%3E',
    });
    expect(await shell('/thank-you/abc', undefined, { cookie: 'a=1; lang=ru', acceptLanguage: 'en' })).toEqual({ status: 302, location: '/ru/thank-you/abc' });
    // A refused language (q=0) and an unknown cookie value are passed over.
    expect(await shell('/', undefined, { cookie: 'lang=de', acceptLanguage: 'ru;q=0, en-GB' })).toEqual({ status: 302, location: '/en' });
    // An address that is no page is no page in any language.
    expect((await shell('/no-such-page', undefined, { cookie: 'lang=ru' })).status).toBe(404);
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
