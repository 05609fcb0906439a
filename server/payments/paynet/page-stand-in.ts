import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderLookupPlaceholders, orderLookupStates, prerenderedLookupFile, siteLanguages } from '../../../products/kit/site/site-pages';

/**
 * A built site holding only what the /paynet page needs (tests): the page as first opened and one
 * page per lookup answer, each with the placeholders the real build's hold (site/prerender.tsx),
 * so the server's lookup runs without a `vite build`. Answers the directory (`siteDir`).
 */
export function paynetPageStandIn(): string {
  const { order, amount } = orderLookupPlaceholders;
  const siteDir = mkdtempSync(join(tmpdir(), 'paynet-page-'));
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body><div id="root"></div></body></html>');
  for (const lang of siteLanguages) {
    mkdirSync(join(siteDir, 'prerendered', lang, 'paynet'), { recursive: true });
    writeFileSync(join(siteDir, 'prerendered', lang, 'paynet', 'index.html'), `<!doctype html><html lang="${lang}"><head></head><body><form><input name="order"></form></body></html>`);
    for (const state of orderLookupStates) {
      writeFileSync(join(siteDir, prerenderedLookupFile(lang, state)), `<!doctype html><html lang="${lang}"><head></head><body><p role="status">${state}: ${order} ${amount}</p><input name="order" value="${order}"></body></html>`);
    }
  }
  return siteDir;
}
