import { Outlet } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { i18n } from './i18n';
import { ScrollManager } from './navigation/scroll-manager';
import { Toaster } from './toast/toaster';

/** Wraps every page: translations, scroll handling and the toasts. */
export function AppShell() {
  return (
    <I18nProvider i18n={i18n}>
      <ScrollManager />
      <Outlet />
      <Toaster />
    </I18nProvider>
  );
}
