import { defineManifest } from '../kit/define/define';
import { fromPrice, sandboxSportTariff } from './pricing';

export default defineManifest({
  id: 'sport',
  title: 'site.product.sport.title',
  shortTitle: 'site.product.sport.short',
  summary: 'site.product.sport.summary',
  kind: 'sportsman',
  group: 'people',
  rank: 2,
  routes: { page: '/sport', webview: '/mobile/sport' },
  calls: { save: '/sayt/sportsman/save/v2', check: '/sayt/sportsman/check/v2', types: '/sayt/sportsman/type/v2' },
  // Requirements §8: error 0 paid, 1 a network error, 2 not paid yet.
  checkAnswer: 'sport-documents',
  fromPrice: fromPrice(sandboxSportTariff),
});
