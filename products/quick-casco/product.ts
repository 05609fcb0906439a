import { defineManifest } from '../kit/define/define';
import { quickCascoTariff } from './pricing';

/** Quick casco (requirements §2 `/quick-car-insurance`, §5, §7): a fixed program of car cover for individual owners. README.md. */
export default defineManifest({
  id: 'quick-casco',
  title: 'site.product.quick-casco.title',
  shortTitle: 'site.product.quick-casco.short',
  summary: 'site.product.quick-casco.summary',
  kind: 'kasko',
  group: 'car',
  rank: 4,
  // The requirements list the page among the public pages and gives it no webview page.
  routes: { page: '/quick-car-insurance' },
  calls: { save: '/sayt/tez-kasko/save', check: '/sayt/tez-kasko/check', programs: '/sayt/tez-kasko/programs' },
  fromPrice: Math.min(...quickCascoTariff.programs.map((program) => program.premium)),
});
