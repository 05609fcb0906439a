// @vitest-environment jsdom
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sendCodeSchema from '../../schemas/api/cabinet/send-code.request.json';
import { catalogLoaders, pageCatalogs } from '../i18n';
import { setSignedIn, signedInName } from './account';
import { CabinetRefusal, refusalOf, type CabinetApi, type CabinetPolicy, type ClientClaim } from './cabinet-api';
import { CabinetApiContext } from './use-cabinet';
import ApplicationsPage, { byEventDate } from './applications-page';
import LoginPage from './login-page';
import PoliciesPage from './policies-page';
import { mobilePhone, typedDate, validDate } from './sign-in-fields';

afterEach(() => {
  cleanup();
  setSignedIn(null);
});

let i18n: I18n;
beforeAll(async () => {
  i18n = setupI18n();
  i18n.load('en', { ...(await catalogLoaders('site').en()).messages, ...(await pageCatalogs.en()).messages });
  i18n.activate('en');
});

/** Where the page sent the visitor, shown by the route it landed on. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

const refusing = (key: string, status: number): (() => Promise<never>) => () => Promise.reject(new CabinetRefusal(key, status));

/** A cabinet whose every call is refused as a session ended, but those the test gives. */
function fakeCabinet(calls: Partial<CabinetApi>): CabinetApi {
  const ended = refusing('session_expired', 401);
  return {
    sendCode: ended, checkCode: ended, checkRegister: ended, register: ended, info: ended, editProfile: ended, logout: ended, policies: ended, policy: ended,
    unpaid: () => Promise.resolve([]), claims: ended, claim: ended, addDocuments: ended, referrals: ended, changePhoneSendCode: ended, changePhoneConfirm: ended,
    ...calls,
  };
}

function draw(address: string, page: React.ReactNode, cabinet: CabinetApi) {
  const path = new URL(address, 'http://x').pathname;
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [address] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <CabinetApiContext value={cabinet}>
        <RouterProvider router={router} />
      </CabinetApiContext>
    </I18nProvider>,
  );
}

const sent = { request_id: 'c0ffee00-0000-4000-8000-000000000001', expires_in: 300, resend_after: 60 };
const ticket = { ticket: 't', expires_in: 600 };

async function typePhoneAndCode(code = '123456') {
  fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '90 123 45 67' } });
  fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
  const input = await screen.findByLabelText('6-digit code');
  expect(input.getAttribute('autocomplete')).toBe('one-time-code');
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return input;
}

describe('sign-in page', () => {
  it('a client signs in with the code and goes back to the cabinet address it came from; the header learns their name', async () => {
    const sendCode = vi.fn(() => Promise.resolve(sent));
    const checkCode = vi.fn(() => Promise.resolve(ticket));
    draw('/en/login?next=%2Fen%2Fdashboard%2Fpolicies%3Fx%3D1', <LoginPage />, fakeCabinet({
      sendCode, checkCode, checkRegister: () => Promise.resolve({ registered: true, client: { first_name: 'Vali', last_name: 'Aliyev' } }),
    }));
    await typePhoneAndCode();
    expect((await screen.findByTestId('landed')).textContent).toBe('/en/dashboard/policies?x=1');
    expect(sendCode).toHaveBeenCalledWith('998901234567', 'en');
    expect(checkCode).toHaveBeenCalledWith('998901234567', sent.request_id, '123456');
    expect(signedInName()).toBe('Vali');
  });

  it('an address outside the cabinet in `next` is not followed', async () => {
    draw('/en/login?next=https%3A%2F%2Fevil.example%2Fen%2Fdashboard', <LoginPage />, fakeCabinet({
      sendCode: () => Promise.resolve(sent), checkCode: () => Promise.resolve(ticket),
      checkRegister: () => Promise.resolve({ registered: true, client: { first_name: 'Vali', last_name: 'Aliyev' } }),
    }));
    await typePhoneAndCode();
    expect((await screen.findByTestId('landed')).textContent).toBe('/en/dashboard');
  });

  it('a number that is no Uzbek mobile one is refused beside its field, without asking the server', async () => {
    const sendCode = vi.fn(() => Promise.resolve(sent));
    draw('/en/login', <LoginPage />, fakeCabinet({ sendCode }));
    const phone = screen.getByLabelText('Mobile number');
    fireEvent.change(phone, { target: { value: '71 123 45 6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(i18n._('cabinet.error.phone'));
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('a wrong code says how many attempts are left beside the code; a lock says how long it lasts', async () => {
    const checkCode = vi
      .fn<CabinetApi['checkCode']>()
      .mockRejectedValueOnce(refusalOf({ result: false, error: 1, message: 'code_wrong', response: { attempts_left: 3 } }))
      .mockRejectedValueOnce(refusalOf({ result: false, error: 429, message: 'sign_in_locked', response: { retry_after: 900 } }, 429));
    draw('/en/login', <LoginPage />, fakeCabinet({ sendCode: () => Promise.resolve(sent), checkCode }));
    const input = await typePhoneAndCode('000000');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const error = () => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(error()).toBe('The code is wrong. Attempts left: 3');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(error()).toBe(i18n._('cabinet.error.sign_in_locked', { minutes: 15 })));
    expect(error()).toContain('15 min');
  });

  it('the resend waits the seconds the server named, then sends again', async () => {
    const sendCode = vi.fn(() => Promise.resolve({ ...sent, resend_after: 60 }));
    draw('/en/login', <LoginPage />, fakeCabinet({ sendCode }));
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+998 90 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get the code' }));
    expect(await screen.findByText('You can get a new code in 60 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the code again' })).toBeNull();
  });

  it('a new phone registers: the fields are asked beside themselves, a person the registry does not know is said beside the passport', async () => {
    const register = vi.fn<CabinetApi['register']>().mockRejectedValueOnce(refusalOf({ result: false, error: 422, message: 'datas_not_found', response: { field: '/passport_number' } }, 422));
    draw('/en/login', <LoginPage />, fakeCabinet({
      sendCode: () => Promise.resolve(sent), checkCode: () => Promise.resolve(ticket), checkRegister: () => Promise.resolve({ registered: false }), register,
    }));
    await typePhoneAndCode();
    await screen.findByRole('heading', { name: 'Registration' });
    fireEvent.click(screen.getByRole('button', { name: 'Register and sign in' }));
    expect(screen.getByText(i18n._('cabinet.error.accept_terms'))).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Series'), { target: { value: 'aa' } });
    fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: '1234567' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '15051990' } });
    expect((screen.getByLabelText('Date of birth') as HTMLInputElement).value).toBe('15.05.1990');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Register and sign in' }));
    const number = screen.getByLabelText('Passport number');
    await waitFor(() => expect(number.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toBe(i18n._('cabinet.error.datas_not_found'));
    expect(register).toHaveBeenCalledWith({ phone: '998901234567', ticket: 't', passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', accept_terms: 1, lang: 'en' });
  });

  it('every key the server refuses sign-in with has its own text in each language', async () => {
    const { refusalKeys } = await import('./cabinet-api');
    for (const lang of ['uz', 'en', 'ru'] as const) {
      const messages = (await pageCatalogs[lang]()).messages;
      for (const key of [...refusalKeys, 'invalid', 'refused', 'unavailable']) expect(messages[`cabinet.error.${key}`], `${lang} ${key}`).toBeTruthy();
    }
  });
});

describe('what the sign-in forms accept', () => {
  it('Uzbek mobile numbers as the server takes them', () => {
    const operators = (pattern: string) => /\(([\d|]+)\)/.exec(pattern)?.[1]?.split('|').sort();
    expect(operators(mobilePhone.source)).toEqual(operators(sendCodeSchema.properties.phone.pattern));
    expect(mobilePhone.test('998901234567')).toBe(true);
    expect(mobilePhone.test('998711234567')).toBe(false);
  });

  it('a birthday typed as digits, and real days only', () => {
    expect(typedDate('1505199')).toBe('15.05.199');
    expect(typedDate('15/05/1990 ')).toBe('15.05.1990');
    expect(validDate('29.02.2024')).toBe(true);
    expect(validDate('29.02.2023')).toBe(false);
    expect(validDate('1.5.1990')).toBe(false);
  });
});

const policy = (over: Partial<CabinetPolicy>): CabinetPolicy => ({
  id: '0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60', number: 'OSG-0000001', product: 'osago', takoful: 1, status: 'active', begin_date: '2026-01-10', end_date: '2027-01-09',
  subject: '01 A 123 BC, Chevrolet Cobalt', plate: '01A123BC', insured: [{ name: 'Vali Aliyev' }], premium: 168_000, renewable: false, ...over,
});

describe('policies page', () => {
  it('each policy with its product, number, status, period, subject and premium; "Renew" on renewable ones leads to the product page with the policy', async () => {
    draw('/en/dashboard/policies', <PoliciesPage />, fakeCabinet({
      policies: () => Promise.resolve([policy({ status: 'ending', renewable: true }), policy({ id: '1b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f61', number: 'OSG-0000002', status: 'cancelled' })]),
    }));
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [ending, cancelled] = cards as [HTMLElement, HTMLElement];
    expect(within(ending).getByText('Ends soon')).toBeTruthy();
    expect(within(ending).getByText('OSG-0000001')).toBeTruthy();
    expect(within(ending).getByText('10.01.2026 – 09.01.2027')).toBeTruthy();
    expect(within(ending).getByText('01 A 123 BC, Chevrolet Cobalt')).toBeTruthy();
    expect(within(ending).getByText(/168\s000 UZS/)).toBeTruthy();
    expect(within(ending).getByRole('link', { name: 'Renew' }).getAttribute('href')).toBe('/en/osago?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60');
    expect(within(ending).getAllByRole('link')[0]?.getAttribute('href')).toBe('/en/dashboard/policies/0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60');
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).queryByRole('link', { name: 'Renew' })).toBeNull();
  });

  it('none yet: says so and offers to buy', async () => {
    draw('/en/dashboard/policies', <PoliciesPage />, fakeCabinet({ policies: () => Promise.resolve([]) }));
    expect(await screen.findByText(i18n._('cabinet.policies.none'))).toBeTruthy();
  });

  it('an ended session (401) signs the visitor out and sends them to sign in, back to this address', async () => {
    setSignedIn('Vali');
    draw('/en/dashboard/policies?page=2', <PoliciesPage />, fakeCabinet({}));
    expect((await screen.findByTestId('landed')).textContent).toBe(`/en/login?next=${encodeURIComponent('/en/dashboard/policies?page=2')}`);
    expect(signedInName()).toBeNull();
  });
});

const claim = (id: string, eventDate: string, status: ClientClaim['claim_status']): ClientClaim => ({
  id, number: `C-${id}`, product: 'osago', policy_number: 'OSG-1', event_date: eventDate, claim_status: status, created_at: '2026-12-01T10:00:00Z', documents_needed: [],
});

describe('claims page', () => {
  it('claims by the day of their event, newest day first', () => {
    const days = byEventDate([claim('a', '2026-11-02', 'received'), claim('b', '2026-11-20T08:00:00Z', 'paid'), claim('c', '2026-11-02', 'declined')]);
    expect(days.map((day) => [day.date, day.claims.map((one) => one.id)])).toEqual([['2026-11-20', ['b']], ['2026-11-02', ['a', 'c']]]);
  });

  it('each claim with its status under its day; none yet says so', async () => {
    draw('/en/dashboard/applications', <ApplicationsPage />, fakeCabinet({ claims: () => Promise.resolve([claim('a', '2026-11-02', 'documents_requested')]) }));
    const day = await screen.findByRole('heading', { name: 'Event of 02.11.2026' });
    expect(day).toBeTruthy();
    expect(screen.getByText('Documents requested')).toBeTruthy();
    cleanup();
    draw('/en/dashboard/applications', <ApplicationsPage />, fakeCabinet({ claims: () => Promise.resolve([]) }));
    expect(await screen.findByText('You have no claims yet.')).toBeTruthy();
  });
});

describe('the cabinet\'s calls over fetch', () => {
  const envelope = (response: unknown, result = true, message = 'ok') => ({ result, error: result ? 0 : 1, message, response });
  const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('a POST sends the site\'s credential and the XSRF token, in no cache; refused for the token, it goes once more with the new one', async () => {
    let cookie = 'lang=en; XSRF-TOKEN=first';
    const seen: { url: string; init: RequestInit }[] = [];
    const fetcher = vi.fn((url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (seen.length === 1) {
        cookie = 'XSRF-TOKEN=second';
        return Promise.resolve(reply(403, envelope(null, false, 'XSRF token missing or wrong')));
      }
      return Promise.resolve(reply(200, envelope({ signed_out: true })));
    });
    const { fetchTransport } = await import('./cabinet-transport');
    const transport = fetchTransport({ fetch: fetcher as unknown as typeof fetch, authorization: () => 'Basic c2l0ZTp4', cookie: () => cookie });
    expect(await transport.post('/shaxsiy_kabinet/logout', {})).toMatchObject({ result: true });
    expect(seen.map(({ url, init }) => [url, (init.headers as Record<string, string>)['x-xsrf-token'], init.cache])).toEqual([
      ['/api/shaxsiy_kabinet/logout', 'first', 'no-store'],
      ['/api/shaxsiy_kabinet/logout', 'second', 'no-store'],
    ]);
    expect((seen[0]?.init.headers as Record<string, string>).authorization).toBe('Basic c2l0ZTp4');
  });

  it('a refusal keeps its status and envelope (a 401 signs out); no answer at all is the network', async () => {
    const { fetchTransport } = await import('./cabinet-transport');
    const { cabinetApi } = await import('./cabinet-api');
    const refusedWith = (answer: () => Promise<Response>) =>
      cabinetApi(fetchTransport({ fetch: answer as unknown as typeof fetch, authorization: () => '', cookie: () => '', isOnline: () => true }))
        .info()
        .then(() => null, (error: unknown) => error as CabinetRefusal);
    const ended = await refusedWith(() => Promise.resolve(reply(401, envelope(null, false, 'session_expired'))));
    expect([ended?.key, ended?.status, ended?.signedOut]).toEqual(['session_expired', 401, true]);
    const locked = await refusedWith(() => Promise.resolve(reply(429, envelope({ retry_after: 120 }, false, 'sign_in_locked'))));
    expect([locked?.key, locked?.retryAfter]).toEqual(['sign_in_locked', 120]);
    const down = await refusedWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect([down?.key, down?.status]).toEqual(['unavailable', null]);
  });
});
