import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { formatter } from '@lingui/format-po';
import { pdfText } from '../support/pdf-text';
import type { FormAction, PurchasePlan } from '../support/purchase-plans';
import type { ClaimPlan } from '../support/claim-plans';
import { mainRoute, samplesDay } from '../../products/kit/define/define';
import { checkoutTexts, sandboxCards } from '../../server/payments/sandbox-checkout';

export type Lang = 'uz' | 'en' | 'ru';

/** First-load JavaScript of a flow page, and of a cabinet page, at most (KB gzip). */
export const flowBudgetKb = 160;

/**
 * The JavaScript a page loads until `ready` says it is usable, gzipped at level 9, in KB: every
 * script the browser fetches meanwhile.
 */
export async function scriptKb(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<number> {
  const scripts: Promise<number>[] = [];
  let loading = true;
  // What the page needed to become usable; chunks preloaded afterwards for later pages do not count.
  page.on('response', (response) => {
    if (loading && response.request().resourceType() === 'script') scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  await page.goto(path);
  await ready(page);
  loading = false;
  return (await Promise.all(scripts)).reduce((sum, bytes) => sum + bytes, 0) / 1024;
}

/** The visitor sees translated texts; the tests find them through the same catalogs. */
const po = formatter({ explicitIdAsDefault: true });
const catalogs = new Map<Lang, Map<string, string>>();
export async function loadTexts(): Promise<void> {
  for (const lang of ['uz', 'en', 'ru'] as const) {
    const catalog = new Map<string, string>();
    for (const area of readdirSync(`locales/${lang}`).filter((f) => f.endsWith('.po')).map((f) => f.slice(0, -'.po'.length))) {
      const filename = `locales/${lang}/${area}.po`;
      const entries = await po.parse(readFileSync(filename, 'utf8'), { locale: lang, sourceLocale: 'en', filename });
      for (const [id, entry] of Object.entries(entries ?? {})) if (entry.translation) catalog.set(id, entry.translation);
    }
    catalogs.set(lang, catalog);
  }
}

export function text(lang: Lang, id: string): string {
  const value = catalogs.get(lang)?.get(id);
  if (!value) throw new Error(`no ${lang} message ${id}`);
  return value;
}

/** An ISO date `days` from today, typed as the visitor types it (DD.MM.YYYY). */
export function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** The server selling on the day the products' samples are told on (`SALES_DAY`, playwright.config.ts). */
export const samplesDayServer = `http://127.0.0.1:${Number(process.env.E2E_SAMPLES_DAY_PORT ?? 3211)}`;

/**
 * The page's clock on the samples' day, noon in Tashkent, so a sample's first day of cover lies in
 * the page's start window as it does in the server's (`samplesDayServer`). Only the date is fixed:
 * the page's timers run as usual.
 */
export async function onSamplesDay(page: Page): Promise<void> {
  await page.clock.setFixedTime(new Date(`${samplesDay}T12:00:00+05:00`));
}

export const next = (page: Page, lang: Lang) => page.getByRole('button', { name: text(lang, 'engine.next'), exact: true }).click();

export async function expectStep(page: Page, step: string) {
  await expect(page).toHaveURL(new RegExp(`[?&]step=${step}(&|$)`));
}

const currentStep = (page: Page) => new URL(page.url()).searchParams.get('step');

async function perform(page: Page, lang: Lang, action: FormAction) {
  switch (action.kind) {
    case 'fill':
      return page.locator(`[id="${action.id}"]`).fill(action.value);
    case 'check':
      return page.locator(`[id="${action.id}"]`).setChecked(action.checked);
    case 'choose':
      return page.locator(`[id="${action.id}"]`).check();
    case 'select':
      return page.locator(`[id="${action.id}"]`).selectOption({ index: action.index });
    case 'combo': {
      // Typed as a visitor finds it, then the option of that value tapped in the narrowed list.
      await page.locator(`[id="${action.id}"]`).fill(catalogs.get(lang)?.get(action.label) ?? action.label);
      return page.locator(`[id="${action.id}__listbox"] [data-value="${action.value}"]`).click();
    }
    case 'selectValue':
      return page.locator(`[id="${action.id}"]`).selectOption(action.value);
    case 'upload':
      // As the system's file dialog hands a file over; the field then reads, shrinks and keeps it.
      await page.getByTestId(`${action.id}__input`).setInputFiles(action.file);
      return expect(page.getByTestId(`${action.id}__kept`)).toBeVisible({ timeout: 20_000 });
    case 'checkLabel':
      return page.locator(`[id="${action.within}"]`).getByRole('checkbox', { name: text(lang, action.label), exact: true }).check();
    case 'addRow':
    case 'press':
      return page.locator(`[id="${action.id}"]`).click();
  }
}

/**
 * Fails with every WCAG 2.2 A/AA rule axe finds broken on the page as it stands, Label in Name
 * (2.5.3) included, which axe still ships as experimental and leaves off by default.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // options() replaces what withTags() set, so it comes first.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const violations = results.violations.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** How a form's steps are filled: a purchase's plan, or a claim's (tests/support/claim-plans.ts). */
type StepPlan = Pick<PurchasePlan, 'id' | 'steps'>;

/** Fills one step's fields as the plan says, without leaving it. */
export async function fillStep(page: Page, plan: StepPlan, lang: Lang, step: string): Promise<void> {
  for (const action of plan.steps[step] ?? []) await perform(page, lang, action);
}

/**
 * Fills the plan's steps from the one the flow stands on, each left with Next, until it stands on
 * `stop` (left unfilled) or on a step that is not a form (the payment); with `checkAccessibility`,
 * axe checks every step on arrival.
 */
export async function fillSteps(page: Page, plan: StepPlan, lang: Lang, stop?: string, checkAccessibility = false): Promise<void> {
  // Skipped steps never appear.
  for (let step = currentStep(page); step && plan.steps[step] && step !== stop; step = currentStep(page)) {
    if (checkAccessibility) {
      await expect(page.locator('form')).toBeVisible();
      await expectAccessible(page, `${plan.id} ${lang} step ${step}`);
    }
    await fillStep(page, plan, lang, step);
    await next(page, lang);
    await expect(page, `Next leaves the ${step} step`).not.toHaveURL(new RegExp(`[?&]step=${step}(&|$)`), { timeout: 20_000 });
  }
}

/**
 * Opens a product page and fills its purchase sample's steps until the flow has saved and shows
 * the payment step with the sample's total; with `checkAccessibility`, axe checks every step on arrival.
 */
export async function fillUntilPayment(page: Page, plan: PurchasePlan, lang: Lang, path: string, checkAccessibility = false): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/[?&]step=/);
  await fillSteps(page, plan, lang, undefined, checkAccessibility);
  await expect(page.getByTestId('summary-total')).toContainText(plan.total);
  await expectSummary(page, plan, lang);
  if (checkAccessibility) await expectAccessible(page, `${plan.id} ${lang} payment`);
}

/**
 * The purchase summary shown (on the payment step, then with the policy): the product, each row of
 * the product's summary in the visitor's language with what was typed (holder, period), the total.
 */
export async function expectSummary(page: Page, plan: PurchasePlan, lang: Lang): Promise<void> {
  const summary = page.getByTestId('purchase-summary');
  await expect(summary).toBeVisible();
  await expect(summary.locator('dd').first()).not.toBeEmpty();
  for (const row of plan.summary) {
    const label = summary.locator('dt', { hasText: text(lang, row.label) });
    await expect(label, `${plan.id} summary row ${row.label}`).toHaveCount(1);
    const value = label.locator('xpath=following-sibling::dd[1]');
    await expect(value, `${plan.id} summary row ${row.label}`).not.toBeEmpty();
    for (const shown of row.texts) await expect(value, `${plan.id} summary row ${row.label}`).toContainText(shown);
  }
  await expect(summary.getByTestId('summary-total')).toContainText(plan.total);
}

/** Accepts the terms on the payment step (the server records them) and chooses a way to pay (engine/payment/provider-marks.tsx ids). */
export async function choosePayment(page: Page, lang: Lang, option: 'card' | 'payme' | 'click' | 'octo' | 'hosted' | 'alif' | 'invoice') {
  const accept = page.getByRole('checkbox', { name: text(lang, 'engine.terms.accept') });
  if (!(await accept.isChecked())) await accept.check();
  // Recorded once the box is usable again.
  await expect(accept).toBeEnabled();
  await page.locator(`input[type="radio"][data-option="${option}"]`).check();
}

/** Chooses a way to pay that is a provider's own page and follows its link: the provider's (sandbox) page opens. */
export async function goToProviderPage(page: Page, lang: Lang, option: 'payme' | 'click' | 'octo' | 'hosted' | 'alif') {
  await choosePayment(page, lang, option);
  await page.locator(`a[data-provider="${option}"]`).click();
}

/** Types a sandbox test card on a stand-in's checkout page, which speaks the visitor's language. */
export async function fillSandboxCard(page: Page, lang: Lang, card: string = sandboxCards.pays.number) {
  const texts = checkoutTexts[lang];
  await page.getByLabel(texts.cardNumber).fill(card.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel(texts.expiry).fill(sandboxCards.pays.expiry);
}

/** The pay button of a stand-in's card form (`Pay 70 000 UZS`). */
export const sandboxPayButton = (page: Page, lang: Lang) => page.getByRole('button', { name: new RegExp(`^${checkoutTexts[lang].pay} `) });

/**
 * Pays on a sandbox checkout, Payme's by default or Click's (each speaks the visitor's language),
 * with `card`, by default the one that pays; `beforePaying` looks at the filled checkout page first.
 */
export async function payWithSandboxCard(page: Page, lang: Lang, card: string = sandboxCards.pays.number, beforePaying?: () => Promise<void>, provider: 'payme' | 'click' = 'payme') {
  await goToProviderPage(page, lang, provider);
  await fillSandboxCard(page, lang, card);
  await beforePaying?.();
  await sandboxPayButton(page, lang).click();
}

/** Pays with a card in the page: its number and expiry, then the SMS code (the sandbox's is 666666). */
export async function payWithCardInPage(page: Page, lang: Lang, card: { number: string; expire: string }, code = '666666') {
  await choosePayment(page, lang, 'card');
  await page.getByLabel(text(lang, 'engine.card.number')).fill(card.number);
  await page.getByLabel(text(lang, 'engine.card.expiry')).fill(card.expire);
  await page.getByRole('button', { name: text(lang, 'engine.card.sendCode') }).click();
  await enterSmsCode(page, lang, code);
}

/** Types the SMS code and pays. */
export async function enterSmsCode(page: Page, lang: Lang, code: string) {
  await page.getByLabel(text(lang, 'engine.card.code')).fill(code);
  await page.locator('form button[type="submit"]').filter({ hasText: text(lang, 'engine.card.pay') }).click();
}

/** Downloads the policy PDF from the download step and answers its text (pdftotext). */
export async function downloadPolicyText(page: Page, lang: Lang): Promise<{ policyNumber: string; pdfText: string }> {
  const link = page.getByRole('link', { name: text(lang, 'engine.download') });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error('download link without href');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  const policyNumber = (await page.getByTestId('policy-number').innerText()).trim();
  return { policyNumber, pdfText: pdfText(await response.body()) };
}

/**
 * The address a visitor opens a product on in a language: its site page, or its webview page for a
 * product that lives in the app alone (the requirements give monthly casco no site page).
 */
export const productPath = (plan: PurchasePlan, lang: Lang): string => `/${lang}${mainRoute(plan.routes)}`;

const claimPlansByDay = new Map<string, ClaimPlan[]>();
/** How each claim form's sample with its event on `eventDate` is filled in (tests/support/claim-plans.ts), the policy step left out; read once per worker and day. */
export function claimPlan(id: string, eventDate: string): ClaimPlan {
  let plans = claimPlansByDay.get(eventDate);
  if (!plans) {
    plans = JSON.parse(execFileSync('node_modules/.bin/tsx', ['tests/support/claim-plans.ts', eventDate], { encoding: 'utf8' })) as ClaimPlan[];
    claimPlansByDay.set(eventDate, plans);
  }
  const plan = plans.find((one) => one.id === id);
  if (!plan) throw new Error(`no claim plan for ${id}`);
  return plan;
}

let plans: PurchasePlan[] | null = null;
/** How each registered product's purchase sample is filled in (tests/support/purchase-plans.ts), read once per worker. */
export function purchasePlans(): PurchasePlan[] {
  plans ??= JSON.parse(execFileSync('node_modules/.bin/tsx', ['tests/support/purchase-plans.ts'], { encoding: 'utf8' })) as PurchasePlan[];
  return plans;
}
