import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, type AppConfig } from '../../config';
import { loggerOptions } from '../../logging';
import type { SandboxSmsInbox } from '../../sms/sms';
import { siteAuth } from '../../test-helpers';

/** People of the sandbox person registry (schemas/api/README.md), each of whom can register once per database. */
export const people = {
  vali: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' },
  dilnoza: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985' },
  rustam: { passport_seria: 'AD', passport_number: '2222222', birthday: '01.07.1958' },
  bahodir: { passport_seria: 'AD', passport_number: '3333333', birthday: '10.01.1960' },
  sardor: { passport_seria: 'AD', passport_number: '4444444', birthday: '10.01.1980' },
  shahlo: { passport_seria: 'AE', passport_number: '3333333', birthday: '01.06.1992' },
} as const;
export type Person = (typeof people)[keyof typeof people];

/** A signed-in client: the phone, and the session token as the mobile app sends it. */
export interface SignedIn {
  phone: string;
  token: string;
  bearer: { authorization: string };
}

export const cabinetBase = '/api/shaxsiy_kabinet';

/**
 * A cabinet under test: an app on a clock of the test's (`advance`), its log (trace level) kept in
 * `lines`, and the sign-in steps as a client takes them. `prefix` (two digits) keeps this file's
 * phones and addresses apart from another's on a shared database.
 */
export async function cabinetTest(prefix: string, overrides: Partial<AppConfig> = {}) {
  let now = new Date('2030-01-01T08:00:00Z');
  const lines: string[] = [];
  const config = testConfig(overrides);
  const app: FastifyInstance = await buildApp({ ...config, cabinet: { ...config.cabinet, clock: () => now } }, { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  const inbox = app.sms as SandboxSmsInbox;
  let phones = 0;
  let addresses = 0;

  const advance = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  /** A mobile number no other call of this kit used. */
  const newPhone = () => `9989${prefix}${String(100_000 + (phones += 1)).slice(1)}0`;
  /** An address no other call of this kit used: the per-address limit is its caller's alone. */
  const newAddress = () => `10.${prefix}.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;
  const post = (path: string, payload: unknown, headers: Record<string, string> = {}, from = '10.0.0.1'): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'POST', url: `${cabinetBase}/${path}`, payload: payload as object, remoteAddress: from, headers: { authorization: siteAuth, ...headers } });
  const get = (path: string, headers: Record<string, string>): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url: `${cabinetBase}/${path}`, headers });
  /** The last code sent to `phone`, or what the test says when none was. */
  const lastCode = (phone: string): string => {
    const code = /\b(\d{6})\b/.exec(inbox.messages(phone)[0]?.text ?? '')?.[1];
    if (!code) throw new Error('no code was sent to that phone');
    return code;
  };
  const sendCode = async (phone: string, from = newAddress()): Promise<string> => {
    const answer = await post('send-code', { phone }, {}, from);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ response: { request_id: string } }>().response.request_id;
  };
  const verify = async (phone: string): Promise<string> => {
    const requestId = await sendCode(phone);
    const answer = await post('check-verification-code', { phone, request_id: requestId, code: lastCode(phone) });
    expect(answer.json(), answer.body).toMatchObject({ result: true });
    return answer.json<{ response: { ticket: string } }>().response.ticket;
  };
  /** Registers `person` with a new phone and signs them in (as the app: a token). */
  const register = async (person: Person): Promise<SignedIn> => {
    const phone = newPhone();
    const answer = await post('register-person', { phone, ticket: await verify(phone), ...person, accept_terms: 1, app: 1 });
    expect(answer.statusCode, answer.body).toBe(200);
    const { token } = answer.json<{ response: { token: string } }>().response;
    return { phone, token, bearer: { authorization: `Bearer ${token}` } };
  };
  /** Another session of a registered phone (after the resend wait), as the app. */
  const signIn = async (phone: string): Promise<SignedIn> => {
    advance(60_000);
    const answer = await post('check_register', { phone, ticket: await verify(phone), app: 1 });
    const { token } = answer.json<{ response: { token: string } }>().response;
    expect(token, answer.body).toMatch(/^[\w-]{43}$/);
    return { phone, token, bearer: { authorization: `Bearer ${token}` } };
  };
  return { app, inbox, lines, advance, newPhone, newAddress, post, get, lastCode, sendCode, verify, register, signIn };
}

/** The message key of an answer. */
export const messageOf = (answer: LightMyRequestResponse) => answer.json<{ message: string }>().message;

/** A code that is not `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
