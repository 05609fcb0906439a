import { defineManifest } from '../kit/define/define';

/** Casco, voluntary car cover (requirements §2, §3, §7, §9): products/casco/README.md. */
export default defineManifest({
  id: 'casco',
  title: 'site.product.casco.title',
  shortTitle: 'site.product.casco.short',
  summary: 'site.product.casco.summary',
  // Requirements §9's image kind for casco (ids 11, 34, 58).
  kind: 'kasko',
  group: 'car',
  rank: 3,
  routes: { page: '/kasko', webview: '/mobile/kasko' },
  // The requirements name cars, hisoblash, get-tarif and save; the check and car_price_cal follow the save's base (README.md).
  calls: {
    save: '/takoful/kasko-neo/save',
    check: '/takoful/kasko-neo/check',
    cars: '/sayt/kasko/cars',
    calculate: '/takoful/kasko-neo/hisoblash',
    tariff: '/kasko-neo/get-tarif',
    // Partner clients value a car with it beside hisoblash (reference §1 "Casco": car_price_cal).
    carPrice: '/takoful/kasko-neo/car_price_cal',
  },
  // Basic on the cheapest position, as old and as low as casco insures it, less the discount
  // (casco.test.ts holds it to the seeded price list and tariff): a figure, so the manifest every
  // page loads does not carry them.
  fromPrice: 250_640,
});
