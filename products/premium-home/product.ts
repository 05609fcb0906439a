import { defineManifest } from '../kit/define/define';
import { premiumHomePrograms } from './pricing';

/** Premium home (requirements §2: "same as Home"): home's flow, rules and calls' shapes with its own programs. */
export default defineManifest({
  id: 'premium-home',
  title: 'site.product.premium-home.title',
  shortTitle: 'site.product.premium-home.short',
  summary: 'site.product.premium-home.summary',
  kind: 'premium-home',
  group: 'property',
  rank: 2,
  routes: { page: '/premium-property', webview: '/mobile/premium-property' },
  calls: { save: '/sayt/premium-property/save', check: '/sayt/premium-property/check' },
  fromPrice: Math.min(...premiumHomePrograms.map((program) => program.premium)),
  // Its steps are home's, and so are their messages.
  messages: ['home'],
});
