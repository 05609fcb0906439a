/*
 * The sandbox back office page (`/sandbox/claims`): each claim with a form per move its status
 * allows, which moves the claim as the back office's call does and comes back to the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertClaim, smsTo } from '../../../tests/support/back-office-claims';
import { createTestApp } from '../../test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const form = (fields: [string, string][]) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
const send = (id: string, fields: [string, string][], headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/sandbox/claims/${id}/status`, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
/** The forms of one claim's section: each one's status and the names of its fields. */
function formsOf(body: string, id: string): { status: string; fields: string[]; checkboxes: string[] }[] {
  const section = new RegExp(`<section id="claim-${id}"[\\s\\S]*?</section>`).exec(body)?.[0] ?? '';
  return [...section.matchAll(/<form[\s\S]*?<\/form>/g)].map(([text]) => ({
    status: /name="status" value="([a-z_]+)"/.exec(text)?.[1] ?? '',
    fields: [...text.matchAll(/<input[^>]*name="([a-z_]+)"/g)].map((m) => m[1] ?? '').filter((name) => !['_xsrf', 'status', 'documents'].includes(name)),
    checkboxes: [...text.matchAll(/type="checkbox" name="documents" value="([a-z_]+)"/g)].map((m) => m[1] ?? ''),
  }));
}

/** axe's WCAG 2.2 A/AA rules over a page's HTML (in jsdom: what needs layout, such as contrast, is checked in the browser, not here). */
async function axeViolations(body: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  // jsdom ships no types: the little of it used here, as it is.
  const { JSDOM } = require('jsdom') as { JSDOM: new (html: string, options: { runScripts: 'outside-only' }) => { window: { eval: (code: string) => void; document: unknown; close: () => void } } };
  const dom = new JSDOM(body, { runScripts: 'outside-only' });
  dom.window.eval(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const axe = (dom.window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; help: string }[] }> } }).axe;
  const result = await axe.run(dom.window.document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
  dom.window.close();
  return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('the sandbox back office page', () => {
  test('lists a claim with its number, product and status, and one form per allowed move with the fields that move takes', async () => {
    const id = await insertClaim(app.db, { status: 'under_review' });
    const page = await app.inject('/sandbox/claims');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toMatch(/<script/);
    const number = (await app.db.selectFrom('claims').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number;
    expect(page.body).toContain(number);
    expect(formsOf(page.body, id)).toEqual([
      { status: 'documents_requested', fields: ['reason'], checkboxes: ['police_report', 'photos'] },
      { status: 'approved', fields: ['amount', 'reason'], checkboxes: [] },
      { status: 'declined', fields: ['reason'], checkboxes: [] },
    ]);
    // Every field has its label.
    for (const [, fieldId] of page.body.matchAll(/<input id="([^"]+)"/g)) expect(page.body).toContain(`<label for="${fieldId}">`);
    expect(await axeViolations(page.body)).toEqual([]);
    const closed = await insertClaim(app.db, { status: 'paid' });
    expect(formsOf((await app.inject('/sandbox/claims')).body, closed)).toEqual([]);
  });

  test('a form walks a claim to paid, each move back to the page (303) and told by one SMS; a refused move says why', async () => {
    const phone = '998990001234';
    const id = await insertClaim(app.db, { phone });
    const steps: [string, string][][] = [
      [['status', 'documents_requested'], ['documents', 'photos'], ['documents', 'police_report'], ['reason', '']],
      [['status', 'under_review'], ['reason', '']],
      [['status', 'approved'], ['amount', '1 500 000'], ['reason', 'Repair of the door']],
      [['status', 'paid'], ['reason', '']],
    ];
    for (const fields of steps) {
      const answer = await send(id, fields);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(`/sandbox/claims?notice=moved&claim=${id}#claim-${id}`);
    }
    const row = await app.db.selectFrom('claims').select(['claim_status', 'payout_amount']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ ...row, payout_amount: Number(row.payout_amount) }).toEqual({ claim_status: 'paid', payout_amount: 1_500_000 });
    expect(await smsTo(app.db, phone)).toHaveLength(4);
    const declined = await send(id, [['status', 'declined'], ['reason', 'Too late']]);
    expect(declined.headers.location).toBe(`/sandbox/claims?notice=claim_status_not_allowed&claim=${id}#claim-${id}`);
    const shown = await app.inject(String(declined.headers.location).replace(/#.*/, ''));
    // Said beside the claim it is about, where the redirect scrolls.
    expect(/<section id="claim-[^"]+"[\s\S]*?<\/section>/.exec(shown.body.slice(shown.body.indexOf(`<section id="claim-${id}"`)))?.[0]).toContain('That move is not allowed');
    expect(await axeViolations(shown.body)).toEqual([]);
  });

  test('a decline without a reason, a repeated field, an amount that is not whole soʻm and a stale XSRF token are refused by name, nothing moved', async () => {
    const phone = '998990004321';
    const id = await insertClaim(app.db, { status: 'under_review', phone });
    const cases: [[string, string][], Record<string, string>, string][] = [
      [[['status', 'declined'], ['reason', '']], {}, 'claim_reason_required'],
      [[['status', 'approved'], ['amount', '']], {}, 'claim_amount_required'],
      [[['status', 'approved'], ['amount', '12.5']], {}, 'bad_form'],
      [[['status', 'approved'], ['amount', '5'], ['amount', '6']], {}, 'bad_form'],
      [[['status', 'declined'], ['status', 'approved'], ['reason', 'x']], {}, 'bad_form'],
      [[['status', 'lost']], {}, 'bad_form'],
      [[['status', 'declined'], ['reason', 'x'], ['_xsrf', 'old']], { cookie: 'XSRF-TOKEN=new' }, 'expired'],
    ];
    for (const [fields, headers, notice] of cases) {
      const answer = await send(id, fields, headers);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(303);
      expect(answer.headers.location, JSON.stringify(fields)).toContain(`notice=${notice}&`);
    }
    expect((await app.db.selectFrom('claims').select('claim_status').where('id', '=', id).executeTakeFirstOrThrow()).claim_status).toBe('under_review');
    expect(await smsTo(app.db, phone)).toEqual([]);
  });

  test('is not served where the sandbox is off', async () => {
    const production = await createTestApp({ sandboxPayments: false });
    try {
      expect((await production.inject('/sandbox/claims')).statusCode).toBe(404);
      expect((await production.inject({ method: 'POST', url: `/sandbox/claims/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/status`, payload: 'status=paid', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
