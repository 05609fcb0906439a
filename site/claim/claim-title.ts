import type { I18n } from '@lingui/core';

/** A claim page's title: the product's title with "insurance event" (the engine's message), or the product's alone until that is loaded. */
export function claimTitle(i18n: I18n, productTitle: string, engineLoaded = true): string {
  const product = i18n._(productTitle);
  return engineLoaded ? i18n._('engine.claim.page.title', { product }) : product;
}
