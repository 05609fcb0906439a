import { defineManifest } from '../kit/define/define';
import { homePrograms } from './pricing';

export default defineManifest({
  id: 'home',
  title: 'site.product.home.title',
  shortTitle: 'site.product.home.short',
  summary: 'site.product.home.summary',
  kind: 'home',
  group: 'property',
  rank: 1,
  routes: { page: '/housing', webview: '/mobile/housing' },
  calls: { save: '/sayt/uyjoy-api/save', check: '/sayt/uyjoy-api/check' },
  fromPrice: Math.min(...homePrograms.map((program) => program.premium)),
});
