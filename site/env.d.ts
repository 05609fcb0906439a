/// <reference types="vite/client" />
// A script file (no top-level import): wildcard module declarations are only ambient here.

/** Id of this build; the same value is written to `builds/latest.json` (vite.config.ts). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** JSON `{ "site": "user:password", "<partner>": "user:password" }`: public-site credentials. */
  readonly VITE_API_CREDENTIALS?: string;
  /** Support phone in international form without spaces, e.g. `+998712000000`. */
  readonly VITE_SUPPORT_PHONE?: string;
}

/** A PO catalog compiled by @lingui/vite-plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
