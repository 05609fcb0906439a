import { accountMetaName } from '../../products/kit/site/site-pages';

/**
 * `?renew=<policy id>` on a flow page: the cabinet's "Renew" link, which starts the flow filled from
 * that policy. Only a uuid is taken; anything else is no policy of the shop's and is ignored.
 */
export const renewParam = 'renew';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The policy id an address's query asks to renew, or null. */
export function renewIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get(renewParam);
  return id !== null && uuid.test(id) ? id.toLowerCase() : null;
}

/** The query without `renew` (`?step=…` and the rest kept), as the address keeps it once the renewal is taken. */
export function withoutRenew(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(renewParam);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The meta element the server writes into a signed-in client's pages (their first name: the session
 * cookie is HttpOnly, so a page's scripts learn of the session only so). Without it the page does not
 * ask for the client's profile at all.
 */
const accountMeta = `meta[name="${accountMetaName}"]`;

export function maySignedIn(doc: Document): boolean {
  return Boolean(doc.querySelector<HTMLMetaElement>(accountMeta)?.content);
}
