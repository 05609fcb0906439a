import { defineManifest } from '../kit/define/define';
import { accidentTariff, quoteAccident } from './pricing';

export default defineManifest({
  id: 'accident',
  title: 'site.product.accident.title',
  shortTitle: 'site.product.accident.short',
  summary: 'site.product.accident.summary',
  kind: 'accident',
  group: 'people',
  rank: 1,
  routes: { page: '/accident', webview: '/mobile/accident' },
  // The requirements name only the save call; the check follows the other /…/save products (README.md).
  calls: { save: '/accident_sayt/save', check: '/accident_sayt/check' },
  fromPrice: quoteAccident(accidentTariff.defaultSum, 1, accidentTariff).total,
});
