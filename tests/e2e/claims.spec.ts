import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { paycomAuth, siteAuth, travelSaveBody, travelTrip } from '../../server/test-helpers';
import { todayInTashkent } from '../../server/dates';
import { addDays, isoToDmy } from '../../products/kit/api/api-format';
import { claimSample } from '../../products/kit/claims/samples';
import { claimPlan, expectAccessible, expectStep, fillStep, fillSteps, loadTexts, next, text, type Lang } from './shop';
import { newPhone, registerByApi, sandboxPeople } from './cabinet-client';
import type { ClaimPlan } from '../support/claim-plans';

/**
 * Insurance-event claims in the browser against the real server: a car claim filed signed in under
 * the client's own policy on a phone, a travel claim filed signed out by policy number on a laptop
 * (with a reload on the way), and a claim followed from received to paid in the cabinet while the
 * insurer moves it by its back-office API and by hand on the sandbox page. Policies are bought
 * through the API and paid as Payme's merchant API does; the claims' events fall on today, the
 * first day of their cover (a policy starts today at the earliest, and an event cannot be in the
 * future). Every claim step, receipt and claim page is checked by axe.
 */

test.beforeAll(loadTexts);
// Visitors are in Tashkent, whose day the server judges events by (the date fields allow up to today).
test.use({ timezoneId: 'Asia/Tashkent' });

const phoneSize = { width: 390, height: 844 };
const laptopSize = { width: 1280, height: 800 };
const today = todayInTashkent();
/** Vali of the sandbox person registry: the policyholder of the travel policies. */
const vali = { seria: 'AA', number: '1234567', birthday: '1990-05-15' };

async function responseOf<T>(answer: APIResponse): Promise<T> {
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { response: T }).response;
}

const post = (request: APIRequestContext, path: string, data: object) => request.post(path, { headers: { authorization: siteAuth }, data });

/** Pays a saved contract as Payme's merchant API does once the card is charged; the number of the policy it issues. */
async function payWithPayme(request: APIRequestContext, saved: { contract_id: string; amount: number }): Promise<string> {
  const transaction = randomBytes(12).toString('hex');
  for (const [method, params] of [
    ['CreateTransaction', { id: transaction, time: Date.now(), amount: saved.amount * 100, account: { contract_id: saved.contract_id } }],
    ['PerformTransaction', { id: transaction }],
  ] as const) {
    const answer = await request.post('/api/payme', { headers: { authorization: paycomAuth() }, data: { id: 1, method, params } });
    const body = await answer.text();
    expect(answer.ok() && !('error' in (JSON.parse(body) as object)), `${method}: ${body}`).toBe(true);
  }
  const view = await responseOf<{ status: string; policy_number: string }>(await post(request, '/api/sayt/contract/check', { contract_id: saved.contract_id }));
  expect(view.status).toBe('issued');
  return view.policy_number;
}

/** An OSGOP policy of the sandbox's Tashkent taxi for 3 months from today, bought with `phone` (so it is that client's). */
async function buyOsgop(request: APIRequestContext, phone: string): Promise<string> {
  const saved = await responseOf<{ contract_id: string; amount: number }>(await post(request, '/api/sayt/osgop/save', {
    gos_number: '01777TAX', techSery: 'AAF', techNumber: '4444444', model: 'Chevrolet Nexia 3', issue_year: 2020, period: 3,
    begin_date: isoToDmy(today, '.'), insurant: { type: 'company', inn: '304567890' }, phone, amount: 70_400,
  }));
  return payWithPayme(request, saved);
}

/** A week's trip to Turkey from today for Vali, the policyholder, bought with `phone`. */
async function buyTravel(request: APIRequestContext, phone: string): Promise<string> {
  const trip = { ...travelTrip(), begin_date: isoToDmy(today, '-'), end_date: isoToDmy(addDays(today, 6), '-') };
  const prices = await responseOf<{ program_id: number; prem_uzs: number }[]>(await post(request, '/api/takoful/travel-neo/calculator', { ...trip, travelers: [{ birthday: isoToDmy(vali.birthday, '-') }] }));
  const price = prices.find((row) => row.program_id === 1)?.prem_uzs ?? 0;
  const body = travelSaveBody(price, trip);
  const saved = await responseOf<{ contract_id: string; amount: number }>(await post(request, '/api/takoful/travel-neo/save-polis', { ...body, sugurtalovchi: { ...body.sugurtalovchi, phone } }));
  return payWithPayme(request, saved);
}

/** Waits for an SMS to `phone` in the sandbox's inbox that says `says`. */
async function expectSms(request: APIRequestContext, phone: string, says: string): Promise<void> {
  await expect
    .poll(async () => {
      const inbox = (await (await request.get(`/sandbox/sms/messages?phone=${phone}`)).json()) as { messages: { text: string }[] };
      return inbox.messages.some((message) => message.text.includes(says));
    }, { message: `an SMS to ${phone} saying "${says}"` })
    .toBe(true);
}

const fileButton = (page: Page, lang: Lang) => page.getByRole('button', { name: text(lang, 'engine.claim.file'), exact: true });

/** On the consent step: agrees, files, and answers the number the receipt shows, checked by axe on the way. */
async function consentAndFile(page: Page, lang: Lang, plan: ClaimPlan, where: string): Promise<string> {
  await expectStep(page, 'consent');
  await expect(page.getByTestId('purchase-summary')).toBeVisible();
  await expectAccessible(page, `${where}: the consent step`);
  await fillStep(page, plan, lang, 'consent');
  await fileButton(page, lang).click();
  const number = page.getByTestId('claim-number');
  await expect(number).toHaveText(/^C\d{2}-\d{6}$/, { timeout: 30_000 });
  await expectAccessible(page, `${where}: the receipt`);
  return (await number.innerText()).trim();
}

test.describe('on a phone', () => {
  test.use({ viewport: phoneSize, isMobile: true, hasTouch: true });

  test('a car claim filed signed in, in uz: the client\'s own OSGOP policy chosen, the event, the other party, the report with two photos, a card; the receipt, the SMS and the cabinet\'s list', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const lang = 'uz';
    const phone = newPhone();
    await registerByApi(context.request, phone, sandboxPeople.claimFiler);
    const policyNumber = await buyOsgop(request, phone);
    const plan = claimPlan('osgop', today);

    await page.goto(`/${lang}/insurance-event/osgop`);
    await expectStep(page, 'policy');
    // Signed in: the way of the client's own policies is offered, and this one is among them.
    await page.locator('#flow-policy_way').selectOption({ label: text(lang, 'claim.way.mine') });
    const policy = page.locator('#flow-policy_policyId');
    await expect(policy.locator('option', { hasText: policyNumber })).toHaveCount(1);
    await policy.selectOption({ index: await policy.locator('option').evaluateAll((options, number) => options.findIndex((option) => option.textContent?.includes(number)), policyNumber) });
    await page.locator('#flow-policy_phone').fill(phone.slice(3));
    await expectAccessible(page, 'car claim: the policy step');
    await next(page, lang);
    await expectStep(page, 'event');

    // The event, the other party, the report with its file and two photos, the card: each step checked by axe on arrival.
    await fillSteps(page, plan, lang, 'consent', true);
    const number = await consentAndFile(page, lang, plan, 'car claim');
    // The report and both photos came with it: nothing is still needed.
    await expect(page.getByText(text(lang, 'engine.claim.receipt.documents.none'))).toBeVisible();
    await expectSms(request, phone, `${number} raqamli arizangiz qabul qilindi`);

    await page.goto(`/${lang}/dashboard/applications`);
    const day = page.locator(`section[aria-labelledby="day-${today}"]`);
    await expect(day.getByRole('link', { name: new RegExp(number) })).toBeVisible();
    await expectAccessible(page, 'the cabinet\'s claims with the car claim');
  });
});

test.describe('on a laptop', () => {
  test.use({ viewport: laptopSize });

  test('a travel claim filed signed out by policy number, in ru: passport, birthday and phone; the country and clinic, kept through a reload; medical documents and bills; a bank account; the receipt', async ({ page, request }) => {
    test.setTimeout(120_000);
    const lang = 'ru';
    const phone = newPhone();
    const policyNumber = await buyTravel(request, newPhone());
    const plan = claimPlan('travel', today);

    await page.goto(`/${lang}/insurance-event/travel`);
    await expectStep(page, 'policy');
    // Signed out: no policies of one's own to choose from, only the number.
    await expect(page.locator('#flow-policy_policyId')).toHaveCount(0);
    await page.locator('#flow-policy_policyNumber').fill(policyNumber);
    await page.locator('#flow-policy_passport').fill(`${vali.seria}${vali.number}`);
    await page.locator('#flow-policy_birthday').fill(isoToDmy(vali.birthday, '.'));
    await page.locator('#flow-policy_phone').fill(phone.slice(3));
    await expectAccessible(page, 'travel claim: the policy step');
    await next(page, lang);
    await expectStep(page, 'event');
    await expectAccessible(page, 'travel claim: the event step');
    await fillStep(page, plan, lang, 'event');

    // A reload on the way keeps what was typed (the draft).
    await page.reload();
    await expectStep(page, 'event');
    await expect(page.locator('#flow-event_clinic')).toHaveValue('Acibadem Hospital, Istanbul');
    await expect(page.locator('#flow-event_description')).toHaveValue(/^High fever on the third day/);
    await expect(page.locator('#flow-event_date')).toHaveValue(isoToDmy(today, '.'));
    await next(page, lang);
    await expectStep(page, 'documents');

    // The discharge summary and the bill, then the payout to a bank account instead of the sample's card.
    await fillSteps(page, plan, lang, 'payout', true);
    await expectStep(page, 'payout');
    await expectAccessible(page, 'travel claim: the payout step');
    await page.locator('#flow-payout_method-1').check();
    await page.locator('#flow-payout_account').fill('20208000900123456001');
    await page.locator('#flow-payout_mfo').fill('00440');
    await page.locator('#flow-payout_holder').fill('Vali Aliyev');
    await next(page, lang);
    const number = await consentAndFile(page, lang, plan, 'travel claim');
    await expect(page.getByText(text(lang, 'engine.claim.receipt.documents.none'))).toBeVisible();
    await expectSms(request, phone, `Ваше заявление ${number} принято`);
  });
});

test('a claim followed to paid in en on a phone and a laptop: documents asked for and sent from the claim\'s page, approved by hand on the sandbox page, paid; each status in the timeline with its SMS', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const lang = 'en';
  const phone = newPhone();
  await registerByApi(context.request, phone, sandboxPeople.claimFollower);
  const policyNumber = await buyTravel(request, phone);

  // Filed through the API as the travel page files it: the sample's answers with its files' bytes as parts named by their ids.
  const data = claimSample('travel', { number: policyNumber, passport: `${vali.seria}${vali.number}`, birthday: vali.birthday, eventDate: today });
  data.policy = { ...data.policy, phone };
  const form = new FormData();
  form.append('claim', JSON.stringify({ data, return_url: `/${lang}/insurance-event/travel` }));
  for (const ref of Object.values(data.documents ?? {}).flat() as { id: string; name: string; type: string }[]) {
    form.append(ref.id, new Blob([readFileSync(`tests/fixtures/${ref.name}`)], { type: ref.type }), ref.name);
  }
  const filed = await responseOf<{ claim_id: string; number: string }>(await request.post('/api/insurance-event/travel/file', { headers: { authorization: siteAuth }, multipart: form }));
  const { claim_id: id, number } = filed;
  const detail = `/${lang}/dashboard/applications/${id}`;
  const statusName = (status: string) => text(lang, `claim.status.${status}`);

  /** The claim's page shows `status` as the timeline's current step, checked by axe on a phone and on a laptop. */
  const expectStatus = async (status: string) => {
    await page.setViewportSize(phoneSize);
    await page.goto(detail);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(number);
    await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-step', status);
    await expectAccessible(page, `a claim ${status} at ${phoneSize.width} px`);
    await page.setViewportSize(laptopSize);
    await expectAccessible(page, `a claim ${status} at ${laptopSize.width} px`);
  };
  const move = async (body: object) =>
    responseOf(await request.post(`/api/back-office/claims/${id}/status`, { headers: { authorization: 'Bearer back-office-sandbox' }, data: body }));

  await expectSms(request, phone, `Your claim ${number} has been received`);
  await expectStatus('received');

  await move({ status: 'documents_requested', documents: ['bills'], reason: 'The bill is unreadable' });
  await expectSms(request, phone, `Claim ${number}: ${statusName('documents_requested')}.`);
  await expectStatus('documents_requested');

  // The client sends the bill from the claim's page: nothing more is needed, so it goes under review by itself.
  // Send is pressed while the file is still being checked (its checker's code slow to come): the send waits for the check.
  await page.setViewportSize(phoneSize);
  await page.route(/\/assets\/content-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('#document-bills').setInputFiles('tests/fixtures/bill.png');
  await page.getByRole('button', { name: text(lang, 'cabinet.documents.send') }).click();
  await expect(page.getByText(text(lang, 'cabinet.documents.sent'))).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'under_review');
  await expectSms(request, phone, `Claim ${number}: ${statusName('under_review')}.`);
  await expectStatus('under_review');

  // The insurer approves it by hand on the sandbox's back-office page.
  await page.goto('/sandbox/claims');
  const section = page.locator(`[id="claim-${id}"]`);
  await section.locator(`[id="${id}-approved-amount"]`).fill('2 500 000');
  await section.getByRole('button', { name: `Move to ${statusName('approved')}` }).click();
  await expect(page.locator(`[id="claim-${id}"]`).getByRole('status')).toContainText('moved');
  await expectSms(request, phone, `Claim ${number}: ${statusName('approved')}. Amount: 2 500 000 UZS.`);
  await expectStatus('approved');

  await move({ status: 'paid' });
  await expectSms(request, phone, `Claim ${number}: ${statusName('paid')}.`);
  await expectStatus('paid');
});
