import type { I18n } from '@lingui/core';

/** A claim page's title: the product's title with "insurance event" (a message of the claims' texts), or the product's alone until those are loaded. */
export function claimTitle(i18n: I18n, productTitle: string, textsLoaded = true): string {
  const product = i18n._(productTitle);
  return textsLoaded ? i18n._('engine.claim.page.title', { product }) : product;
}
