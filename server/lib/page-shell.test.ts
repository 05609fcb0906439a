import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterPaint, pageEncoding, pageShell, type RenderedPage } from './page-shell';

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
    expect(drawn.body.html).toContain('<div id="root"><form>first step of /ru/travel</form></div><script type="application/json" id="flow-catalog">{}</script>');
    // Replacement patterns in a title stay text.
    expect(drawn.body.html).toContain('<title>travel $&amp;</title>');
    expect(drawn.body.html).toContain('<html lang="ru"');
    await shell('/ru/travel');
    expect(draws).toBe(1);
    now = 1000;
    failing = true;
    const fallback = await shell('/ru/travel');
    expect(draws).toBe(2);
    expect(fallback.body.html).toContain('loading the flow');
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
});
