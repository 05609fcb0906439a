import { randomInt } from 'node:crypto';
import fp from 'fastify-plugin';
import { sessionCookieOf } from './cabinet';
import { isPageNavigation } from './edge';

/** The cookie a visitor who arrived through a referral link keeps its code in, for the save to read. */
const referralCookie = 'ref';

/** How long a referral link counts after the visit: 30 days. */
const referralCookieMaxAgeSeconds = 30 * 24 * 60 * 60;

/** RFC 4648 base32: no 0, 1, 8 or 9 to mistake for letters when a code is read out. */
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new referral code: 8 characters of base32 from `crypto.randomInt`, 40 random bits, too many to try one by one. */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** The code a link or cookie carries, upper-cased (a messenger may lower-case a link); null unless well-formed. */
export function referralCodeOf(text: string | null | undefined): string | null {
  return typeof text === 'string' && /^[A-Za-z2-7]{8}$/.test(text) ? text.toUpperCase() : null;
}

/** Who is buying, as the save's terms name them: to tell a referral of the buyer to themselves. */
export interface Buyer {
  /** The contact phone of the save, `998` and nine digits. */
  phone?: string | undefined;
  /** The PINFLs of the policyholder and the applicant. */
  pinfls?: readonly string[] | undefined;
}

export interface ReferralService {
  /** The client's referral code, made the first time it is asked for. */
  codeOf(clientId: string): Promise<string>;
  /** The contracts paid (or issued) that came through the client's code. */
  purchases(clientId: string): Promise<number>;
  /**
   * The client whose code the save's `ref` cookie holds, for a contract `buyer` saves; null for a
   * malformed or unknown code and for the buyer's own (their phone or PINFL, or the browser is
   * signed in to the cabinet as them).
   */
  referrerOf(cookies: Readonly<Record<string, string | undefined>>, buyer: Buyer): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    referrals: ReferralService;
  }
}

/**
 * Referrals: every client's code, the `ref` cookie a visitor arriving at any page with
 * `?ref=<code>` gets from the page's answer (so a page without scripts keeps it too), and the
 * referrer a save reads from it.
 */
export default fp(
  async (app) => {
    // As the site's other page cookies (the language, the XSRF token): Secure when the site is served over https.
    const options = { path: '/', maxAge: referralCookieMaxAgeSeconds, sameSite: 'lax', httpOnly: true, secure: app.config.publicUrl.startsWith('https://') } as const;
    const sessionCookie = sessionCookieOf(app.config.publicUrl).name;

    app.addHook('onRequest', (request, reply, done) => {
      const query = request.url.indexOf('?');
      if (query !== -1 && isPageNavigation(request) && !request.url.startsWith('/api/')) {
        const code = referralCodeOf(new URLSearchParams(request.url.slice(query + 1)).get('ref'));
        if (code) reply.setCookie(referralCookie, code, options);
      }
      done();
    });

    const service: ReferralService = {
      async codeOf(clientId) {
        // Two asks at once, or a code drawn twice (one in a trillion): the insert does nothing, and the next round reads or draws again.
        for (let round = 0; round < 5; round += 1) {
          const kept = await app.db.selectFrom('referral_codes').select('code').where('client_id', '=', clientId).executeTakeFirst();
          if (kept) return kept.code;
          const made = await app.db.insertInto('referral_codes').values({ code: newReferralCode(), client_id: clientId }).onConflict((conflict) => conflict.doNothing()).returning('code').executeTakeFirst();
          if (made) return made.code;
        }
        throw new Error('no referral code could be kept');
      },

      async purchases(clientId) {
        const row = await app.db.selectFrom('contracts').select((eb) => eb.fn.countAll<string>().as('count'))
          .where('referrer_client_id', '=', clientId).where('status', 'in', ['paid', 'issued']).executeTakeFirstOrThrow();
        return Number(row.count);
      },

      async referrerOf(cookies, buyer) {
        const code = referralCodeOf(cookies[referralCookie]);
        if (!code) return null;
        const referrer = await app.db.selectFrom('referral_codes').innerJoin('clients', 'clients.id', 'referral_codes.client_id')
          .select(['clients.id', 'clients.phone', 'clients.pinfl']).where('referral_codes.code', '=', code).executeTakeFirst();
        if (!referrer) return null;
        if (referrer.phone === buyer.phone || buyer.pinfls?.includes(referrer.pinfl)) return null;
        const session = cookies[sessionCookie];
        if (session && (await app.cabinet.sessionClient(session))?.id === referrer.id) return null;
        return referrer.id;
      },
    };
    app.decorate('referrals', service);
  },
  { name: 'referrals', dependencies: ['database', 'cabinet', 'edge'] },
);
