import { useContext } from 'react';
import { Outlet } from 'react-router';
import { I18nProvider } from '@lingui/react';
import { IslandSlotContext } from './island-slot';
import { i18n } from './i18n';
import { ScrollManager } from './navigation/scroll-manager';
import { Toaster } from './toast/toaster';

/** Wraps every page: translations, scroll handling and the toasts (a flow page's island brings its own). */
export function AppShell() {
  const islandSlot = useContext(IslandSlotContext);
  return (
    <I18nProvider i18n={i18n}>
      <ScrollManager />
      <Outlet />
      {!islandSlot && <Toaster />}
    </I18nProvider>
  );
}
