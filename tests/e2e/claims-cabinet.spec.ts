import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, flowBudgetKb, loadTexts, scriptKb, text } from './shop';
import { newPhone, registerByApi, sandboxPeople } from './cabinet-client';

/**
 * The cabinet's claim pages in the browser, for a client signed in through the cabinet's calls: the
 * list without claims as the server answers it, then claims in every status, each page checked by
 * axe on a phone and on a laptop, documents sent from a claim's page, and a claim's page's JavaScript.
 *
 * Every status at once, on both sizes, is the page's own state: the claim calls (`client-claims`,
 * `client-claim/:id`, its `documents`) are answered in the page (`page.route`) with answers of their
 * generated shapes (products/kit/api/cabinet-api.generated.ts). Claims filed and moved by the real
 * server are followed in tests/e2e/claims.spec.ts.
 */

test.beforeAll(loadTexts);

const lang = 'uz';
const sizes = [{ width: 390, height: 844 }, { width: 1280, height: 800 }] as const;
const envelope = (response: unknown) => ({ result: true, error: 0, message: 'ok', response });
const id = (n: number) => `5d0c0a3e-1f2b-4c3d-8e4f-00000000004${n}`;

type Status = 'received' | 'documents_requested' | 'under_review' | 'approved' | 'declined' | 'paid';
const ways: Record<Status, Status[]> = {
  received: ['received'],
  documents_requested: ['received', 'documents_requested'],
  under_review: ['received', 'under_review'],
  approved: ['received', 'under_review', 'approved'],
  declined: ['received', 'under_review', 'declined'],
  paid: ['received', 'under_review', 'approved', 'paid'],
};
const statuses = Object.keys(ways) as Status[];

/** A claim in `status`, its way there one day a step, as `client-claim/:id` answers it. */
function claim(status: Status, n: number) {
  const needed = status === 'documents_requested' ? ['police_report'] : [];
  const amount = ['approved', 'paid'].includes(status) ? 2_500_000 : null;
  return {
    id: id(n), number: `C26-00004${n}`, product: 'osago', policy_number: 'OSG-0000001', event_date: `2026-11-${10 + (n % 3)}`, claim_status: status,
    created_at: '2026-12-01T10:00:00Z', answer_by: '2026-12-16', description: 'Chorrahada boshqa mashina meniki bilan toʻqnashdi.',
    decision_reason: status === 'declined' ? 'Hodisa sugʻurta shartlariga kirmaydi.' : null, payout_amount: amount,
    payout: { method: 'card', masked: '8600 •••• •••• 1234' },
    documents: [{ kind: 'photos', needed: false, sent: 1 }, { kind: 'police_report', needed: needed.length > 0, sent: 0 }],
    documents_needed: needed,
    timeline: ways[status].map((step, day) => ({
      status: step, at: `2026-12-0${day + 1}T09:00:00Z`, reason: step === 'declined' ? 'Hodisa sugʻurta shartlariga kirmaydi.' : null,
      documents: step === 'documents_requested' ? ['police_report'] : [], amount: step === 'approved' || step === 'paid' ? amount : null,
    })),
    files: [{ id: 'f1', kind: 'photos', filename: 'old-tomon.jpg', content_type: 'image/jpeg', size: 1_572_864, created_at: '2026-12-01T10:00:00Z', url: `/api/shaxsiy_kabinet/client-claim/${id(n)}/file/f1` }],
  };
}

const claims = statuses.map((status, n) => claim(status, n));

/** Answers the claim calls in the page with `claims`; sending documents moves the claim asked for under review. */
async function answerClaims(page: Page): Promise<void> {
  await page.route('**/api/shaxsiy_kabinet/client-claims', (route) =>
    route.fulfill({ json: envelope(claims.map(({ id: claimId, number, product, policy_number, event_date, claim_status, created_at, documents_needed }) => ({ id: claimId, number, product, policy_number, event_date, claim_status, created_at, documents_needed }))) }));
  await page.route('**/api/shaxsiy_kabinet/client-claim/**', async (route) => {
    const [, claimId, tail] = /client-claim\/([^/?]+)(\/documents)?/.exec(route.request().url()) ?? [];
    const found = claims.find((one) => one.id === claimId);
    if (!found) return route.fulfill({ status: 404, json: { result: false, error: 404, message: 'claim_not_found', response: null } });
    if (!tail) return route.fulfill({ json: envelope(found) });
    expect(route.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const moved = claim('under_review', 9);
    return route.fulfill({ json: envelope({ ...moved, id: found.id, number: found.number, timeline: [...found.timeline, { ...moved.timeline[1], at: '2026-12-03T09:00:00Z' }], files: [...found.files, { ...found.files[0], id: 'f2', kind: 'police_report', filename: 'dalolatnoma.pdf', content_type: 'application/pdf', size: 24 }] }) });
  });
}

test('the claims pages of a signed-in client: none yet, claims in every status and a claim\'s page in each, on a phone and a laptop, checked by axe; documents sent from a claim', async ({ browser }) => {
  // One client walks every page (a sandbox person is a client once per database): axe on six claims at two sizes takes its time.
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: sizes[0] });
  await registerByApi(context.request, newPhone(), sandboxPeople.claims);
  const page = await context.newPage();

  // No claims and no policies, as the server answers: the way to the shop.
  await page.goto(`/${lang}/dashboard/applications`);
  await expect(page.getByText(text(lang, 'cabinet.applications.none'))).toBeVisible();
  await expect(page.getByRole('link', { name: text(lang, 'cabinet.policies.buy') })).toHaveAttribute('href', `/${lang}`);
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expectAccessible(page, `the claims page without claims at ${size.width} px`);
  }

  await answerClaims(page);
  await page.setViewportSize(sizes[0]);
  await page.goto(`/${lang}/dashboard/applications`);
  await expect(page.locator('section[aria-labelledby^="day-"]')).toHaveCount(3);
  await expect(page.locator('[data-claim]')).toHaveCount(statuses.length);
  await expect(page.locator(`[data-claim="${id(1)}"] [data-documents-needed]`)).toBeVisible();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expectAccessible(page, `the claims page at ${size.width} px`);
  }

  for (const [n, status] of statuses.entries()) {
    await page.setViewportSize(sizes[0]);
    await page.goto(`/${lang}/dashboard/applications/${id(n)}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`C26-00004${n}`);
    await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-step', status);
    if (status === 'declined') await expect(page.getByTestId('decision-reason')).toContainText('sugʻurta shartlariga kirmaydi');
    for (const size of sizes) {
      await page.setViewportSize(size);
      await expectAccessible(page, `a claim ${status} at ${size.width} px`);
    }
  }

  // Documents asked for: a program is refused at its field, a PDF goes and the claim moves on.
  await page.setViewportSize(sizes[0]);
  await page.goto(`/${lang}/dashboard/applications/${id(1)}`);
  const report = page.locator('#document-police_report');
  await report.setInputFiles({ name: 'dalolatnoma.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a document') });
  await expect(page.locator('#document-police_report-error')).toContainText(text(lang, 'cabinet.file.problem.type'));
  await expectAccessible(page, 'a claim\'s form with a refused file');
  // The site's own button opens the browser's file chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.locator('#document-police_report-button').click();
  await (await chooser).setFiles({ name: 'dalolatnoma.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF\n') });
  await expect(page.locator('#document-police_report-chosen')).toHaveText('dalolatnoma.pdf');
  await expect(page.locator('#document-police_report-error')).toHaveCount(0);
  await page.getByRole('button', { name: text(lang, 'cabinet.documents.send') }).click();
  await expect(page.getByText(text(lang, 'cabinet.documents.sent'))).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'under_review');
  await expect(page.getByRole('link', { name: 'dalolatnoma.pdf' })).toBeVisible();
  await expectAccessible(page, 'a claim after documents were sent');

  // Another client's or an unknown claim: the not-found page.
  await page.goto(`/${lang}/dashboard/applications/${id(8)}`);
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'pages.notFound.title') })).toBeVisible();

  // A claim's page with its form loads no more JavaScript than a flow page: each language a new
  // visitor (nothing cached) with the client's session.
  const session = await context.storageState();
  for (const language of ['uz', 'en', 'ru'] as const) {
    const visitor = await browser.newContext({ storageState: session, viewport: sizes[0] });
    const fresh = await visitor.newPage();
    await fresh.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));
    await answerClaims(fresh);
    const path = `/${language}/dashboard/applications/${id(1)}`;
    const kb = await scriptKb(fresh, path, async (p) => {
      await expect(p.locator('[aria-current="step"]')).toBeVisible();
      await expect(p.locator('#document-police_report-button')).toBeEnabled();
    });
    console.log(`cabinet claim ${path}: ${kb.toFixed(1)} KB gzip JavaScript (budget ${flowBudgetKb} KB)`);
    expect.soft(kb, path).toBeLessThanOrEqual(flowBudgetKb);
    await visitor.close();
  }
  await context.close();
});
