import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SandboxSmsInbox } from '../../server/sms/sms';
import { siteAuth } from '../../server/test-helpers';

/**
 * A client signing in to the cabinet as the site does: send-code, the code read from the sandbox SMS
 * inbox, check-verification-code, then check_register (a client) or register-person with the
 * passport and birthday given (a new one). Answers the headers of the signed-in calls.
 */

const base = '/api/shaxsiy_kabinet';

/** A person of the sandbox registry a new client registers as. */
export interface CabinetPerson {
  passport_seria: string;
  passport_number: string;
  /** DD.MM.YYYY */
  birthday: string;
}

async function posted(app: FastifyInstance, path: string, payload: object, address: string): Promise<LightMyRequestResponse> {
  const answer = await app.inject({ method: 'POST', url: `${base}/${path}`, payload, remoteAddress: address, headers: { authorization: siteAuth } });
  if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/** The last code the sandbox inbox holds for `phone`. */
export function sentCode(app: FastifyInstance, phone: string): string {
  const code = /\b(\d{6})\b/.exec((app.sms as SandboxSmsInbox).messages(phone)[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code was sent to that phone');
  return code;
}

/**
 * Signs `phone` in (registering it as `person` when it is no client yet) from `address`; the
 * headers every signed-in call then sends: the site's credential and the session cookie.
 */
export async function signIn(app: FastifyInstance, phone: string, person: CabinetPerson | null, address = '10.7.0.1'): Promise<Record<string, string>> {
  const sent = await posted(app, 'send-code', { phone }, address);
  const requestId = sent.json<{ response: { request_id: string } }>().response.request_id;
  const checked = await posted(app, 'check-verification-code', { phone, request_id: requestId, code: sentCode(app, phone) }, address);
  const ticket = checked.json<{ response: { ticket: string } }>().response.ticket;
  let answer = await posted(app, 'check_register', { phone, ticket }, address);
  if (!answer.json<{ response: { registered: boolean } }>().response.registered) {
    if (!person) throw new Error('not a client, and no person to register');
    answer = await posted(app, 'register-person', { phone, ticket, ...person, accept_terms: 1 }, address);
  }
  const cookie = answer.cookies.find((c) => c.name === '__Host-session');
  if (!cookie) throw new Error('no session cookie');
  return { authorization: siteAuth, cookie: `__Host-session=${cookie.value}` };
}
