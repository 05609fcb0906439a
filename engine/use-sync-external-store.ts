/**
 * Replaces `use-sync-external-store/shim` in the browser build (vite.config.ts alias): @xstate/react
 * imports the shim for React versions without the hook; React 19 has it, so it is React's own.
 */
export { useSyncExternalStore } from 'react';
