import { useLingui } from '@lingui/react';
import { defaultLang, isLang, type Lang } from './language';

/** The active site language (the one i18n is activated with). */
export function useLang(): Lang {
  const { i18n } = useLingui();
  return isLang(i18n.locale) ? i18n.locale : defaultLang;
}
