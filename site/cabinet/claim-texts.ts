import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { catalogLoaders, catalogs, type CatalogLoaders } from '../i18n';
import { languages } from '../language';
import type { ClaimStatus } from './cabinet-api';

const claimArea = catalogLoaders('claim');

/**
 * The claims' own catalog area (document titles `claim.document.<kind>`, statuses
 * `claim.status.<status>`), which the claim form also loads. An area that cannot be had loads as
 * empty rather than failing: the pages then fall back to texts of their own, and the language
 * switch, which reloads every required area, keeps working.
 */
const claimCatalogs = Object.fromEntries(
  languages.map((lang) => [lang, () => claimArea[lang]().catch(() => ({ messages: {} }))]),
) as CatalogLoaders;

/** A message of the claim area, or `fallback` while (or when) the area lacks it. */
function claimText(i18n: { _: (id: string) => string }, id: string, fallback: string): string {
  const text = i18n._(id);
  return text === id ? fallback : text;
}

/** A claim's status in words: the claim area's, else the cabinet's own. */
export function claimStatusText(i18n: { _: (id: string) => string }, status: ClaimStatus): string {
  return claimText(i18n, `claim.status.${status}`, i18n._(`cabinet.claim.status.${status}`));
}

/** A document kind's title: the claim area's, else the kind itself in words (`police_report`: "police report"). */
export function documentTitle(i18n: { _: (id: string) => string }, kind: string): string {
  return claimText(i18n, `claim.document.${kind}`, kind.replace(/[_-]+/g, ' '));
}

/** Loads the claim area for the claim pages; the texts show as soon as it has loaded. */
export function useClaimTexts(): { status: (status: ClaimStatus) => string; document: (kind: string) => string } {
  const { i18n } = useLingui();
  useEffect(() => {
    void catalogs.require('claim', claimCatalogs);
  }, []);
  return { status: (status) => claimStatusText(i18n, status), document: (kind) => documentTitle(i18n, kind) };
}
