import type { ReactNode } from 'react';
import { Outlet } from 'react-router';

/** For the mobile app's webview: no header, footer or help (the app has its own), compact. */
export function WebviewLayout({ children }: { children?: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="min-h-screen bg-white px-3 py-3 outline-none">
      {children ?? <Outlet />}
    </main>
  );
}
