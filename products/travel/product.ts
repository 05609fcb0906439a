import { defineManifest } from '../kit/define/define';

export default defineManifest({
  id: 'travel',
  title: 'site.product.travel.title',
  shortTitle: 'site.product.travel.short',
  summary: 'site.product.travel.summary',
  kind: 'travel',
  group: 'travel',
  rank: 1,
  routes: { page: '/travel', webview: '/mobile/travel' },
  calls: {
    save: '/takoful/travel-neo/save-polis',
    check: '/takoful/travel-neo/checkPolis',
    calculator: '/takoful/travel-neo/calculator',
    countries: '/takoful/travel-neo/get_country',
    getPerson: '/takoful/travel-neo/getPerson',
  },
  // Partner clients call the travel API with and without the /takoful prefix (requirements §7 names both).
  alsoUnder: { '/takoful/travel-neo/': '/travel-neo/' },
  // The countries of a trip are named by the region catalog (`region.TR`).
  messages: ['regions'],
});
