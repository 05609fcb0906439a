import { useEffect } from 'react';
import { useLingui } from '@lingui/react';

/** Sets `document.title` to "<page> — <brand>" in the active language. */
export function usePageTitle(title: string | null): void {
  const { i18n } = useLingui();
  useEffect(() => {
    const brand = i18n._('site.brand');
    document.title = title ? `${title} — ${brand}` : brand;
  }, [title, i18n]);
}
