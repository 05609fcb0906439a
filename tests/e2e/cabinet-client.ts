import { expect, type APIRequestContext } from '@playwright/test';
import { siteAuth } from '../../server/test-helpers';

/** A person of the sandbox person registry (schemas/api/README.md): each can be a cabinet client once per database. */
export interface SandboxPerson {
  seria: string;
  number: string;
  birthday: string;
  firstName: string;
  pinfl: string;
}

/** The sandbox people the browser tests register, one per test, so that no two tests ask for the same. */
export const sandboxPeople = {
  phone: { seria: 'AD', number: '3333333', birthday: '10.01.1960', firstName: 'Bahodir', pinfl: '31001600000077' },
  desktop: { seria: 'AD', number: '4444444', birthday: '10.01.1980', firstName: 'Sardor', pinfl: '31001800000088' },
  policies: { seria: 'AE', number: '3333333', birthday: '01.06.1992', firstName: 'Shahlo', pinfl: '40106920000099' },
  budgets: { seria: 'AD', number: '2222222', birthday: '01.07.1958', firstName: 'Rustam', pinfl: '30107580000044' },
  lighthouse: { seria: 'AB', number: '7654321', birthday: '02.11.1985', firstName: 'Dilnoza', pinfl: '41102850000022' },
  claims: { seria: 'AF', number: '0000008', birthday: '01.01.1980', firstName: 'Sinov', pinfl: '30101800000008' },
  claimFiler: { seria: 'AF', number: '0000006', birthday: '01.01.1980', firstName: 'Sinov', pinfl: '30101800000006' },
  claimFollower: { seria: 'AF', number: '0000007', birthday: '01.01.1980', firstName: 'Sinov', pinfl: '30101800000007' },
} satisfies Record<string, SandboxPerson>;

let phones = 0;
/** A mobile number no other test of this run used. */
export function newPhone(): string {
  phones += 1;
  return `99890${String((Date.now() + phones * 7919 + process.pid) % 10_000_000).padStart(7, '0')}`;
}

/** The latest code the sandbox gateway sent to a phone (its SMS inbox as JSON). */
export async function codeFor(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const inbox = (await (await request.get(`/sandbox/sms/messages?phone=${phone}`)).json()) as { messages: { text: string }[] };
      code = /\b(\d{6})\b/.exec(inbox.messages[0]?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

/**
 * Registers a new client through the cabinet's calls, as the sign-in page makes them: the session
 * cookie lands in the request's browser context. Made before the context opens any page, so the
 * calls carry no site cookie and need no XSRF token.
 */
export async function registerByApi(request: APIRequestContext, phone: string, person: SandboxPerson): Promise<void> {
  const headers = { authorization: siteAuth };
  const post = async <T>(path: string, data: object): Promise<T> => {
    const answer = await request.post(`/api/shaxsiy_kabinet/${path}`, { headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return ((await answer.json()) as { response: T }).response;
  };
  const { request_id: requestId } = await post<{ request_id: string }>('send-code', { phone });
  const { ticket } = await post<{ ticket: string }>('check-verification-code', { phone, request_id: requestId, code: await codeFor(request, phone) });
  await post('register-person', { phone, ticket, passport_seria: person.seria, passport_number: person.number, birthday: person.birthday, accept_terms: 1 });
}
