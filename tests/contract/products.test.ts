import type { FastifyInstance } from 'fastify';
import { pdfText } from '../support/pdf-text';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClaimDefinition, FileRef, FileSource, FlowData } from '../../engine/definition';
import { claimSample } from '../../products/kit/claims/samples';
import { saveContext } from '../../products/kit/testing/fake-api';
import { clientTermsProblems } from '../../products/kit/testing/conformance';
import { onSamplesDay, registeredProducts } from '../../products/kit/testing/product-tests';
import { samplesDay } from '../../products/kit/define/define';
import type { ContractRequest } from '../../server/plugins/app/contracts';
import { sandboxPersons } from '../../server/db/sandbox-data';
import { loadProducts } from '../../server/lib/product-registry';
import { assertMatchesSchema, createTestApp, fixtureFile, fixtureFiles, payInSandbox } from '../../server/test-helpers';
import { sandboxCards } from '../../server/payments/sandbox-checkout';
import { lookedUp, serverApi, type Exchange } from '../support/sample-purchase';

/**
 * Every product's binding against the real server (in-memory PGlite, sandbox adapters): each
 * request the page sends is one the server accepts at the price the page shows, every answer
 * validates against the schema of its call, and a purchase goes from catalog to PDF. Products are
 * found through the registry, so a new product is held to the contract without a line here.
 */

/** The sandbox registry's PINFLs by the name a policy prints. */
const registryPinfls = new Map(sandboxPersons.map((person) => [`${person.first_name} ${person.last_name}`, person.pinfl]));

/** What the page hands a save, with the sample files its FileRefs name. */
const withFiles = { ...saveContext, files: fixtureFiles };

/** A lossless WebP of one pixel: the claim samples' WebP photo. */
const webp = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** The bytes a claim sample's files are sent with: a sample file of the type its FileRef names. */
const claimFiles: FileSource = {
  read: async (ref: FileRef) => {
    switch (ref.type) {
      case 'image/webp': return new Blob([webp], { type: ref.type });
      case 'image/png': return fixtureFile('round-transparent.png');
      case 'application/pdf': return fixtureFile('salary-certificate.pdf');
      default: return fixtureFile('pet-face.jpg');
    }
  },
};

let app: FastifyInstance;
// The samples' covers start in the summer of 2030: the page and the server sell on the day they are told on.
onSamplesDay();
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The request and answer schemas of every call the server serves, by path. */
async function callSchemas(): Promise<Map<string, { request?: string; response: string }>> {
  const schemas = new Map<string, { request?: string; response: string }>([
    ['/sayt/getPerson', { request: 'site/get-person.request', response: 'site/get-person.response' }],
    ['/osgor_neo/inn', { request: 'site/company.request', response: 'site/company.response' }],
  ]);
  for (const { manifest, sale } of await loadProducts()) {
    schemas.set(manifest.calls.save, { request: sale.schemas.save, response: 'common/save.response' });
    schemas.set(manifest.calls.check, { request: 'common/check.request', response: 'common/check.response' });
    for (const call of sale.calls ?? []) schemas.set(call.path, { ...(call.request ? { request: call.request } : {}), response: call.response });
  }
  return schemas;
}

async function expectContract(exchanges: Exchange[]) {
  const schemas = await callSchemas();
  for (const exchange of exchanges) {
    const schema = schemas.get(exchange.path);
    expect(schema, `${exchange.path} is a documented call`).toBeDefined();
    if (!schema) continue;
    if (schema.request && !exchange.form) assertMatchesSchema(schema.request, exchange.body);
    assertMatchesSchema('common/envelope', exchange.envelope);
    if (exchange.envelope.result) assertMatchesSchema(schema.response, exchange.envelope.response);
  }
}

for (const { manifest, definition, samples } of registeredProducts()) {
  describe(`${manifest.id}: the binding against the server`, () => {
    it('loads the catalog the samples describe', async () => {
      const api = serverApi(app);
      expect(await definition.binding.load(api)).toEqual(samples.catalog);
      await expectContract(api.exchanges);
    });

    it('saves every sample flow at the price the page shows', async () => {
      const api = serverApi(app);
      const catalog = await definition.binding.load(api);
      for (const { name, data } of [...samples.flows, { name: 'purchase', data: samples.purchase }]) {
        const price = definition.pricing(data, catalog);
        expect(price, name).not.toBeNull();
        if (!price) continue;
        const payment = await definition.binding.save(api, data, price, withFiles);
        expect(payment.price, name).toBe(price.total);
      }
      await expectContract(api.exchanges);
    });

    it('buys the purchase sample: lookups, save (whose contract it is), unpaid check, sandbox payment, policy and its PDF; then files its claim sample under that policy', async () => {
      const api = serverApi(app);
      const catalog = await definition.binding.load(api);
      const data = await lookedUp(definition, api, samples.purchase, samples.catalog);
      const price = definition.pricing(data, catalog);
      if (!price) throw new Error(`${manifest.id}: the purchase sample has no price`);
      const payment = await definition.binding.save(api, data, price, withFiles);
      // The cabinet finds the contract by the request's phone and the policyholder's PINFL.
      const { body, terms } = (await app.contracts.get(payment.contractId))?.request as unknown as ContractRequest;
      expect(terms.clientPhone).toMatch(/^998[0-9]{9}$/);
      expect(clientTermsProblems(terms, body, registryPinfls)).toEqual([]);
      expect(await definition.binding.check(api, payment)).toBeNull();
      const payme = payment.links.payme;
      if (!payme) throw new Error('no Payme link');
      // A refused card first: the check says so, and the same link then pays with another card.
      expect((await payInSandbox(app, payme, sandboxCards.declined.number)).statusCode).toBe(402);
      expect(await definition.binding.check(api, payment)).toBe('declined');
      expect((await payInSandbox(app, payme)).statusCode).toBe(303);
      const policy = await definition.binding.check(api, payment);
      if (typeof policy !== 'object' || policy === null) throw new Error(`${manifest.id}: not paid after the sandbox payment`);
      expect(policy.policyNumber).toMatch(/^[A-Z]{2,4} \d{10}$/);
      const pdf = await app.inject(new URL(policy.policyUrl).pathname);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(policy.policyNumber);
      // Plates and the insured persons' passports as the page shows them (`01 A 123 BC`,
      // `AA 1234567`), not as stored (a lost document's number is shown as typed, unspaced).
      expect(text).not.toMatch(/\b\d{2}(?:[A-Z]\d{3}[A-Z]{2}|\d{3}[A-Z]{3})\b/);
      const insured = text.split('\n').filter((line) => /^\s*\d+\. /.test(line));
      expect(insured.filter((line) => /\b[A-Z]{2,3}\d{7}\b/.test(line))).toEqual([]);
      await expectContract(api.exchanges);

      // Its claim form files a claim under it, as a visitor signed out does: the policy's number and
      // the policyholder's passport and birthday, an event on the cover's first day (the day it is then).
      const claim = ((await import(`../../products/${manifest.id}/claim.ts`)) as { default: ClaimDefinition }).default;
      const cover = await app.db.selectFrom('policies').select('begin_date').where('number', '=', policy.policyNumber).executeTakeFirstOrThrow();
      const beginDate = String(cover.begin_date).slice(0, 10);
      const holder = sandboxPersons.find((person) => terms.clientPinfls?.includes(person.pinfl));
      if (!holder) throw new Error(`${manifest.id}: the policy names no person of the registry`);
      vi.setSystemTime(new Date(`${beginDate}T12:00:00+05:00`));
      const claimApi = serverApi(app);
      const claimCatalog = await claim.binding.load(claimApi);
      let claimData: FlowData = claimSample(manifest.id, { number: policy.policyNumber, passport: `${holder.passport_seria}${holder.passport_number}`, birthday: holder.birthday, eventDate: beginDate });
      for (const call of Object.values(claim.binding.calls ?? {})) claimData = { ...claimData, ...(await call(claimApi, claimData, claimCatalog)) } as FlowData;
      const receipt = await claim.binding.file(claimApi, claimData, { returnPath: `/en/insurance-event/${manifest.id}`, files: claimFiles });
      expect(receipt.number).toMatch(/^C\d{2}-\d{6}$/);
      const filed = await app.db.selectFrom('claims').select(['product', 'event_date', 'lang']).where('id', '=', receipt.claimId).executeTakeFirstOrThrow();
      expect({ ...filed, event_date: String(filed.event_date).slice(0, 10) }).toEqual({ product: manifest.id, event_date: beginDate, lang: 'en' });
      vi.setSystemTime(new Date(`${samplesDay}T12:00:00+05:00`));
    });
  });
}
