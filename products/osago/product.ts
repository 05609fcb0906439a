import { defineManifest } from '../kit/define/define';

/** Compulsory motor third-party liability (OSAGO): requirements §2, §3, §7; products/osago/README.md. */
export default defineManifest({
  id: 'osago',
  title: 'site.product.osago.title',
  shortTitle: 'site.product.osago.short',
  summary: 'site.product.osago.summary',
  kind: 'osago',
  group: 'car',
  rank: 1,
  routes: { page: '/osago', webview: '/mobile/osago' },
  calls: {
    save: '/osago-neo/save-policy/v2',
    check: '/osago-neo/confirm-check',
    references: '/osago-neo/references',
    vehicle: '/osago-neo/osago-juridik',
    checkPerson: '/osago-neo/check-person',
    discount: '/osago-neo/check-discount',
    driverCheck: '/osago-neo/driver-check',
    calculator: '/osago-neo/get-calc-osago/v2',
    checkIp: '/check-ip',
    saveIp: '/save-ip',
  },
  // Partner clients call the calculator without /v2 (docs/partner-api.md §2) and check with confirm-policy.
  alsoUnder: { '/osago-neo/get-calc-osago/v2': '/osago-neo/get-calc-osago', '/osago-neo/confirm-check': '/osago-neo/confirm-policy' },
  // The tariff's lowest premium (a car's six months with named drivers outside Tashkent, osago.test.ts
  // holds it to tariff.ts): a figure, so the manifest every page loads does not carry the tariff.
  fromPrice: 112_000,
});
