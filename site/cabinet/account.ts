import { useSyncExternalStore } from 'react';
import { accountMetaName } from '../../products/kit/site/site-pages';

/**
 * Whether the visitor is signed in, as the header shows it: the client's first name, or null. The
 * session cookie is HttpOnly, so the page learns it from the server (the meta element it writes
 * into a signed-in client's page), from signing in, and from the cabinet's calls; a logout or an
 * ended session (401) clears it.
 */
function fromPage(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>(`meta[name="${accountMetaName}"]`)?.content || null;
}

/** As the server drew the page: what hydration must render. */
const drawn = fromPage();
let current = drawn;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signedInName(): string | null {
  return current;
}

/** Records a sign-in (the first name) or a sign-out (null). */
export function setSignedIn(firstName: string | null): void {
  if (firstName === current) return;
  current = firstName;
  for (const listener of listeners) listener();
}

export function useSignedInName(): string | null {
  return useSyncExternalStore(subscribe, signedInName, () => drawn);
}
