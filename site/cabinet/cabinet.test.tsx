// @vitest-environment jsdom
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import sendCodeSchema from '../../schemas/api/cabinet/send-code.request.json';
import { catalogLoaders, pageCatalogs } from '../i18n';
import { setSignedIn, signedInName } from './account';
import { CabinetRefusal, refusalOf, type CabinetApi, type CabinetPolicy, type ClaimDetail, type ClaimStatus, type ClaimTimelineEntry, type ClientClaim } from './cabinet-api';
import { CabinetApiContext } from './use-cabinet';
import ApplicationPage, { timelineSteps } from './application-page';
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

const claim = (id: string, eventDate: string, status: ClientClaim['claim_status'], documentsNeeded: string[] = []): ClientClaim => ({
  id, number: `C-${id}`, product: 'osago', policy_number: 'OSG-1', event_date: eventDate, claim_status: status, created_at: '2026-12-01T10:00:00Z', documents_needed: documentsNeeded,
});

describe('claims page', () => {
  it('claims by the day of their event, newest day first', () => {
    const days = byEventDate([claim('a', '2026-11-02', 'received'), claim('b', '2026-11-20T08:00:00Z', 'paid'), claim('c', '2026-11-02', 'declined')]);
    expect(days.map((day) => [day.date, day.claims.map((one) => one.id)])).toEqual([['2026-11-20', ['b']], ['2026-11-02', ['a', 'c']]]);
  });

  it('each claim under its day with its number (a link to it), product, policy and status; one that needs documents says so', async () => {
    draw('/en/dashboard/applications', <ApplicationsPage />, fakeCabinet({
      claims: () => Promise.resolve([claim('a', '2026-11-02', 'documents_requested', ['police_report']), claim('b', '2026-11-20', 'received')]),
    }));
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Event of 20.11.2026', 'Event of 02.11.2026']);
    const [received, requested] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(requested).getByRole('link', { name: 'Claim C-a' }).getAttribute('href')).toBe('/en/dashboard/applications/a');
    expect(within(requested).getByText('Documents requested')).toBeTruthy();
    expect(within(requested).getByText('Policy OSG-1')).toBeTruthy();
    expect(within(requested).getByText(i18n._('cabinet.applications.documentsNeeded'))).toBeTruthy();
    expect(within(received).queryByText(i18n._('cabinet.applications.documentsNeeded'))).toBeNull();
  });

  it('none yet: says so and offers to file one under each product of the client\'s policies, or to buy with none', async () => {
    draw('/en/dashboard/applications', <ApplicationsPage />, fakeCabinet({
      claims: () => Promise.resolve([]),
      policies: () => Promise.resolve([policy({}), policy({ id: '2b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f62', product: 'travel' }), policy({ id: '3b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f63' })]),
    }));
    expect(await screen.findByText('You have no claims yet.')).toBeTruthy();
    const chooser = await screen.findByRole('list', { name: i18n._('cabinet.applications.file') });
    expect(within(chooser).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/en/insurance-event/osago', '/en/insurance-event/travel']);
    cleanup();
    draw('/en/dashboard/applications', <ApplicationsPage />, fakeCabinet({ claims: () => Promise.resolve([]), policies: () => Promise.resolve([]) }));
    expect((await screen.findByRole('link', { name: i18n._('cabinet.policies.buy') })).getAttribute('href')).toBe('/en');
  });
});

const claimId = '5d0c0a3e-1f2b-4c3d-8e4f-000000000042';
const at = (status: ClaimStatus, day: string, over: Partial<ClaimTimelineEntry> = {}): ClaimTimelineEntry => ({ status, at: `2026-${day}T09:00:00Z`, reason: null, documents: [], amount: null, ...over });

/** A claim's page answer: OSAGO, photos sent, a police report still needed, unless the test says otherwise. */
const detail = (over: Partial<ClaimDetail> = {}): ClaimDetail => ({
  id: claimId, number: 'C26-000042', product: 'osago', policy_number: 'OSG-0000001', event_date: '2026-11-30', claim_status: 'documents_requested',
  created_at: '2026-12-01T10:00:00Z', answer_by: '2026-12-16', description: 'A car hit mine at the crossing.', decision_reason: null, payout_amount: null,
  payout: { method: 'card', masked: '8600 •••• •••• 1234' },
  documents: [{ kind: 'photos', needed: false, sent: 1 }, { kind: 'police_report', needed: true, sent: 0 }],
  documents_needed: ['police_report'],
  timeline: [at('received', '12-01'), at('documents_requested', '12-02', { documents: ['police_report'] })],
  files: [{ id: 'f1', kind: 'photos', filename: 'front.jpg', content_type: 'image/jpeg', size: 1_572_864, created_at: '2026-12-01T10:00:00Z', url: `/api/shaxsiy_kabinet/client-claim/${claimId}/file/f1` }],
  ...over,
});

const claimAddress = `/en/dashboard/applications/${claimId}`;
/** A document kind's (hidden) file input, which its "Choose files" button opens. */
const fileInput = (kind: string) => document.getElementById(`document-${kind}`) as HTMLInputElement;
const fieldError = (kind: string) => document.getElementById(`document-${kind}-error`)?.textContent ?? null;
const steps = () => screen.getAllByRole('listitem').filter((item) => item.dataset.step).map((item) => `${item.dataset.step}:${item.dataset.state}${item.getAttribute('aria-current') === 'step' ? '*' : ''}`);

describe('claim page', () => {
  it('a moment is shown as its day in Tashkent (UTC+5)', async () => {
    const { shownDay } = await import('./cabinet-ui');
    expect([shownDay('2026-12-01T18:59:59Z'), shownDay('2026-12-01T19:00:00Z'), shownDay('2026-12-01')]).toEqual(['01.12.2026', '02.12.2026', '01.12.2026']);
  });

  it('the way of a claim in each status: steps gone through with their dates, the current one marked, those to come', () => {
    const way = (status: ClaimStatus, timeline: ClaimTimelineEntry[]) => timelineSteps({ claim_status: status, timeline }).map((step) => `${step.status}:${step.state}`);
    expect(way('received', [at('received', '12-01')])).toEqual(['received:current', 'under_review:upcoming', 'decision:upcoming', 'paid:upcoming']);
    expect(way('documents_requested', [at('received', '12-01'), at('documents_requested', '12-02')])).toEqual(['received:done', 'documents_requested:current', 'under_review:upcoming', 'decision:upcoming', 'paid:upcoming']);
    expect(way('under_review', [at('received', '12-01'), at('under_review', '12-02')])).toEqual(['received:done', 'under_review:current', 'decision:upcoming', 'paid:upcoming']);
    expect(way('approved', [at('received', '12-01'), at('under_review', '12-02'), at('approved', '12-03')])).toEqual(['received:done', 'under_review:done', 'approved:current', 'paid:upcoming']);
    expect(way('declined', [at('received', '12-01'), at('declined', '12-03')])).toEqual(['received:done', 'declined:current']);
    expect(way('paid', [at('received', '12-01'), at('under_review', '12-02'), at('approved', '12-03'), at('paid', '12-04')])).toEqual(['received:done', 'under_review:done', 'approved:done', 'paid:current']);
  });

  it('documents requested: the needed ones named, the answer-by date, the timeline with the current step marked, the files sent with their links', async () => {
    draw(claimAddress, <ApplicationPage />, fakeCabinet({ claim: () => Promise.resolve(detail()) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim C26-000042' })).toBeTruthy();
    expect(steps()).toEqual(['received:done', 'documents_requested:current*', 'under_review:upcoming', 'decision:upcoming', 'paid:upcoming']);
    const current = screen.getAllByRole('listitem').find((item) => item.getAttribute('aria-current') === 'step') as HTMLElement;
    expect(within(current).getByText('02.12.2026')).toBeTruthy();
    expect(within(current).getByText('Documents asked for: police report')).toBeTruthy();
    expect(screen.getByText('16.12.2026')).toBeTruthy();
    expect(screen.getByText('Card 8600 •••• •••• 1234')).toBeTruthy();
    const file = screen.getByRole('link', { name: 'front.jpg' });
    expect(file.getAttribute('href')).toBe(`/api/shaxsiy_kabinet/client-claim/${claimId}/file/f1`);
    expect(screen.getByText('photos · 1.5 MB · 01.12.2026')).toBeTruthy();
    // The form: a field per kind, the needed one first and marked.
    const fields = [...document.querySelectorAll<HTMLElement>('[data-kind]')];
    expect(fields.map((field) => field.dataset.kind)).toEqual(['police_report', 'photos']);
    expect(within(fields[0] as HTMLElement).getByText(i18n._('cabinet.documents.neededMark'))).toBeTruthy();
  });

  it('declined: the reason, no form to add documents; paid: the amount paid out to the masked account', async () => {
    draw(claimAddress, <ApplicationPage />, fakeCabinet({
      claim: () => Promise.resolve(detail({ claim_status: 'declined', decision_reason: 'The event is not covered.', documents_needed: [], timeline: [at('received', '12-01'), at('declined', '12-05', { reason: 'The event is not covered.' })] })),
    }));
    expect((await screen.findByTestId('decision-reason')).textContent).toContain('The event is not covered.');
    expect(steps()).toEqual(['received:done', 'declined:current*']);
    expect(screen.getByText('Reason: The event is not covered.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: i18n._('cabinet.documents.send') })).toBeNull();
    expect(screen.queryByText('16.12.2026')).toBeNull();
    cleanup();
    draw(claimAddress, <ApplicationPage />, fakeCabinet({
      claim: () => Promise.resolve(detail({
        claim_status: 'paid', payout_amount: 2_500_000, payout: { method: 'account', masked: '•••• 1234' }, documents_needed: [],
        timeline: [at('received', '12-01'), at('under_review', '12-02'), at('approved', '12-03', { amount: 2_500_000 }), at('paid', '12-04', { amount: 2_500_000 })],
      })),
    }));
    expect(await screen.findByText('Bank account •••• 1234')).toBeTruthy();
    expect(steps()).toEqual(['received:done', 'under_review:done', 'approved:done', 'paid:current*']);
    expect(screen.getByText(i18n._('cabinet.application.amountPaid')).nextElementSibling?.textContent).toMatch(/^2\s500\s000 UZS$/);
    expect(screen.getAllByText(/^Amount: 2\s500\s000 UZS$/)).toHaveLength(2);
  });

  it('a file that is not a document type is refused at its field before anything is sent', async () => {
    const addDocuments = vi.fn<CabinetApi['addDocuments']>();
    draw(claimAddress, <ApplicationPage />, fakeCabinet({ claim: () => Promise.resolve(detail()), addDocuments }));
    const choose = await screen.findByRole('button', { name: 'Choose files police report needed' });
    fireEvent.change(fileInput('police_report'), { target: { files: [new File(['MZ\x90\x00 a program'], 'report.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(fieldError('police_report')).toBe(`report.pdf: ${i18n._('cabinet.file.problem.type')}`));
    expect(choose.getAttribute('aria-describedby')?.split(' ')).toContain('document-police_report-error');
    expect(document.getElementById('document-police_report-chosen')?.textContent).toBe(i18n._('cabinet.documents.nothingChosen'));
    fireEvent.click(screen.getByRole('button', { name: i18n._('cabinet.documents.send') }));
    expect(await screen.findByText(i18n._('cabinet.documents.none'))).toBeTruthy();
    expect(addDocuments).not.toHaveBeenCalled();
  });

  it('sending shows its progress; the answer replaces the page; the server\'s refusal of a file is said at its field', async () => {
    let finish: (claim: ClaimDetail) => void = () => undefined;
    const addDocuments = vi
      .fn<CabinetApi['addDocuments']>()
      .mockImplementationOnce((_id, _files, onProgress) => {
        onProgress?.(50, 200);
        return new Promise((resolve) => { finish = resolve; });
      })
      .mockRejectedValueOnce(refusalOf({ result: false, error: 413, message: 'body/photos is larger than 10 MB', response: { field: '/photos', reason: 'size' } }, 413));
    draw(claimAddress, <ApplicationPage />, fakeCabinet({ claim: () => Promise.resolve(detail()), addDocuments }));
    const report = new File(['%PDF-1.4\n1 0 obj\n%%EOF\n'], 'report.pdf', { type: 'application/pdf' });
    await screen.findByRole('button', { name: 'Choose files police report needed' });
    fireEvent.change(fileInput('police_report'), { target: { files: [report] } });
    await waitFor(() => expect(document.getElementById('document-police_report-chosen')?.textContent).toBe('report.pdf'));
    fireEvent.click(screen.getByRole('button', { name: i18n._('cabinet.documents.send') }));
    expect(await screen.findByText('Sending the documents: 25%')).toBeTruthy();
    expect(addDocuments).toHaveBeenCalledWith(claimId, [{ kind: 'police_report', file: report }], expect.any(Function));
    finish(detail({
      claim_status: 'under_review', documents_needed: [],
      documents: [{ kind: 'photos', needed: false, sent: 1 }, { kind: 'police_report', needed: false, sent: 1 }],
      timeline: [at('received', '12-01'), at('documents_requested', '12-02'), at('under_review', '12-03')],
      files: [...detail().files, { id: 'f2', kind: 'police_report', filename: 'report.pdf', content_type: 'application/pdf', size: 24, created_at: '2026-12-03T10:00:00Z', url: `/api/shaxsiy_kabinet/client-claim/${claimId}/file/f2` }],
    }));
    expect(await screen.findByText(i18n._('cabinet.documents.sent'))).toBeTruthy();
    expect(steps()).toEqual(['received:done', 'documents_requested:done', 'under_review:current*', 'decision:upcoming', 'paid:upcoming']);
    expect(screen.getByRole('link', { name: 'report.pdf' })).toBeTruthy();
    expect(screen.queryByText('Sending the documents: 25%')).toBeNull();
    // Again, refused by the server for the photo's size: said at the photos' field.
    const photo = new File(['%PDF-1.4\n%%EOF'], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(fileInput('photos'), { target: { files: [photo] } });
    await waitFor(() => expect(document.getElementById('document-photos-chosen')?.textContent).toBe('scan.pdf'));
    fireEvent.click(screen.getByRole('button', { name: i18n._('cabinet.documents.send') }));
    await waitFor(() => expect(fieldError('photos')).toBe(i18n._('cabinet.file.problem.size')));
  });

  it('another client\'s or an unknown claim (404 claim_not_found) is the site\'s not-found page', async () => {
    draw(claimAddress, <ApplicationPage />, fakeCabinet({ claim: () => Promise.reject(refusalOf({ result: false, error: 404, message: 'claim_not_found', response: null }, 404)) }));
    expect(await screen.findByRole('heading', { level: 1, name: i18n._('pages.notFound.title') })).toBeTruthy();
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

  it('an upload goes as multipart over XMLHttpRequest with the credential and the XSRF token, telling its progress; a refused file keeps its field and reason', async () => {
    const { fetchTransport } = await import('./cabinet-transport');
    const { cabinetApi } = await import('./cabinet-api');
    const sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
    const answers = [
      { status: 200, body: envelope({ id: 'c1' }) },
      { status: 413, body: envelope({ field: '/photos', reason: 'size' }, false, 'body/photos is larger than 10 MB') },
    ];
    /** A request that answers as the server would, after reporting half of its body sent. */
    class FakeRequest {
      upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
      status = 0;
      response: unknown = null;
      responseType = '';
      timeout = 0;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      ontimeout: (() => void) | null = null;
      private url = '';
      private headers: Record<string, string> = {};
      open(_method: string, url: string) { this.url = url; }
      setRequestHeader(name: string, value: string) { this.headers[name] = value; }
      send(body: FormData) {
        sent.push({ url: this.url, headers: this.headers, body });
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        const answer = answers.shift();
        this.status = answer?.status ?? 500;
        this.response = answer?.body ?? null;
        this.onload?.();
      }
    }
    const cabinet = cabinetApi(fetchTransport({
      fetch: (() => Promise.reject(new Error('no fetch'))) as unknown as typeof fetch, authorization: () => 'Basic c2l0ZTp4', cookie: () => 'XSRF-TOKEN=t1',
      request: () => new FakeRequest() as unknown as XMLHttpRequest,
    }));
    const progress: number[][] = [];
    const file = new File(['%PDF-1.4 %%EOF'], 'report.pdf', { type: 'application/pdf' });
    expect(await cabinet.addDocuments('c/1', [{ kind: 'police_report', file }], (done, total) => progress.push([done, total]))).toEqual({ id: 'c1' });
    expect(sent[0]?.url).toBe('/api/shaxsiy_kabinet/client-claim/c%2F1/documents');
    expect([sent[0]?.headers.authorization, sent[0]?.headers['x-xsrf-token']]).toEqual(['Basic c2l0ZTp4', 't1']);
    expect((sent[0]?.body.get('police_report') as File).name).toBe('report.pdf');
    expect(progress).toEqual([[5, 10]]);
    const refused = await cabinet.addDocuments('c1', [{ kind: 'photos', file }]).then(() => null, (error: unknown) => error as CabinetRefusal);
    expect([refused?.status, refused?.field, refused?.reason]).toEqual([413, '/photos', 'size']);
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
