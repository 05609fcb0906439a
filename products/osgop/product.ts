import { defineManifest } from '../kit/define/define';
import { fromOsgop, osgopTariff } from './pricing';

export default defineManifest({
  id: 'osgop',
  title: 'site.product.osgop.title',
  shortTitle: 'site.product.osgop.short',
  summary: 'site.product.osgop.summary',
  kind: 'osago',
  group: 'car',
  rank: 7,
  // Requirements §2 lists no webview page for OSGOP; the engine's webview layout serves it all the same.
  routes: { page: '/osgop', webview: '/mobile/osgop' },
  // The requirements name auto, calculation and save; the check follows the other /sayt/… products (README.md).
  calls: { save: '/sayt/osgop/save', check: '/sayt/osgop/check', auto: '/sayt/osgop/auto', calculation: '/sayt/osgop/calculation' },
  fromPrice: fromOsgop(osgopTariff),
});
