import { defineManifest } from '../kit/define/define';
import { miniCascoTariff } from '../kit/cars/mini-casco-programs';
import { termPremium } from '../mini-casco/pricing';

/**
 * Monthly casco (requirements §2 `/mobile/monthly-kasko`, the app's webview only): mini-casco paid by the
 * month, a one-month policy renewed by a new purchase (README.md). Its save and check are its own
 * paths (its contracts are its own); the programs and the car check are mini-casco's calls.
 */
export default defineManifest({
  id: 'monthly-casco',
  title: 'site.product.monthly-casco.title',
  shortTitle: 'site.product.monthly-casco.short',
  summary: 'site.product.monthly-casco.summary',
  kind: 'kasko',
  group: 'car',
  rank: 6,
  // The requirements name only the webview page: the product lives in the app, with no site page.
  routes: { webview: '/mobile/monthly-kasko' },
  calls: { save: '/takoful/mini-casco/monthly/createPolicy', check: '/minikasko_neo/monthly/getPolicy' },
  fromPrice: Math.min(...miniCascoTariff.seed.programs.map((program) => termPremium(program, 1))),
  // Its steps are mini-casco's, and so are their messages.
  messages: ['mini-casco'],
});
