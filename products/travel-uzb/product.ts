import { defineManifest } from '../kit/define/define';
import { fromPrice, sandboxTravelUzbTariff } from './pricing';

export default defineManifest({
  id: 'travel-uzb',
  title: 'site.product.travel-uzb.title',
  shortTitle: 'site.product.travel-uzb.short',
  summary: 'site.product.travel-uzb.summary',
  kind: 'uzb-travel',
  group: 'travel',
  rank: 2,
  routes: { page: '/travel-around-uzbekistan', webview: '/mobile/travel-around-uzbekistan' },
  calls: { save: '/sayt/travel-uzb/save', check: '/sayt/travel-uzb/check', tariffs: '/sayt/travel-uzb/tarifs' },
  // A foreign tourist's citizenship is named by the region catalog (`region.KZ`).
  messages: ['regions'],
  fromPrice: fromPrice(sandboxTravelUzbTariff),
});
