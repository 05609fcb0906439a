import { describe, expect, it } from 'vitest';
import { afterPaint, pageEncoding } from './page-shell';

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
});
