import { defineManifest } from '../kit/define/define';
import osago from '../osago/product';

/**
 * OSAGO limited (requirements §2 `/osago-limited`): OSAGO with named drivers fixed. Its save and check are
 * its own paths (the contracts are its own); every registry call, the catalog and the calculator
 * are OSAGO's. The requirements name no webview page for it: `/mobile/osago-limited` is ours.
 */
export default defineManifest({
  id: 'osago-limited',
  title: 'site.product.osago-limited.title',
  shortTitle: 'site.product.osago-limited.short',
  summary: 'site.product.osago-limited.summary',
  kind: 'osago',
  group: 'car',
  rank: 2,
  routes: { page: '/osago-limited', webview: '/mobile/osago-limited' },
  calls: { save: '/osago-neo/limited/save-policy/v2', check: '/osago-neo/limited/confirm-check' },
  // Named drivers are OSAGO's cheaper option: the card's "from" price is OSAGO's.
  fromPrice: osago.fromPrice,
  // Its steps are OSAGO's, and so are their messages.
  messages: ['osago'],
});
