/**
 * Basic credentials of the site API (requirements §6): the public-site one, or a partner's when the page
 * was opened with `ad=<partner>`. They are public by nature (compiled into the page); production
 * builds supply their own through `VITE_API_CREDENTIALS`.
 */

export interface BasicCredential {
  username: string;
  password: string;
}

export type Credentials = { site: BasicCredential } & Record<string, BasicCredential>;

/** Parses `{ "site": "user:password", "<partner>": "user:password" }`; throws when unusable. */
export function parseCredentials(json: string | undefined): Credentials {
  if (!json) throw new Error('VITE_API_CREDENTIALS is not set (see site/.env)');
  const raw: unknown = JSON.parse(json);
  if (typeof raw !== 'object' || raw === null) throw new Error('VITE_API_CREDENTIALS must be a JSON object');
  const out: Record<string, BasicCredential> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string' || !value.includes(':')) {
      throw new Error(`VITE_API_CREDENTIALS.${name} must be "user:password"`);
    }
    const at = value.indexOf(':');
    out[name] = { username: value.slice(0, at), password: value.slice(at + 1) };
  }
  const site = out.site;
  if (!site) throw new Error('VITE_API_CREDENTIALS has no "site" credential');
  return { ...out, site };
}

/** The partner's credential for a known `ad`, else the public-site one (absent or unknown ad). */
export function credentialFor(credentials: Credentials, ad: string | null | undefined): BasicCredential {
  if (ad && ad !== 'site' && Object.hasOwn(credentials, ad)) return credentials[ad] ?? credentials.site;
  return credentials.site;
}

/** `Authorization` header value for fetch-based calls. */
export function basicAuthorization(credential: BasicCredential): string {
  return `Basic ${btoa(`${credential.username}:${credential.password}`)}`;
}
