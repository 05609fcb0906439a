import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPort, Envelope, FormBody } from '../../engine/definition';
import { apiFailure, saveContext } from '../../products/kit/testing/fake-api';
import { onSamplesDay, registeredProducts } from '../../products/kit/testing/product-tests';
import { isRecord } from '../../engine/is-record';
import { createTestApp, fixtureFiles, post, postMultipart, siteAuth, type MultipartBody } from '../../server/test-helpers';
import { buySample, serverApi } from '../support/sample-purchase';

/**
 * One leniency for every product. Each request a product's page sends to buy its purchase sample
 * (catalog, registry lookups, quote, the calls made on leaving steps, save, check), and each of its
 * samples' requests of the calls only partners make (`partnerRequests`), is sent again as
 * partner backends write it — whole numbers as strings, yes/no as "1" and "0", 0/1 flags as
 * booleans and "true", phones as `+998 90 123 45 67`, series in small letters, every member under
 * its other spelling (camelCase for snake_case and back) — and must be answered as the documented
 * request is: the same envelope, and for a save the very contract stored. Then the strict side: a
 * value that cannot be read without guessing (`"2.5"` for a whole number, `"yes"` for a yes/no, a
 * phone of nine digits, a NUL) is a 400 naming the field. Products are found through the registry,
 * so a new product's calls are held to both without a line here.
 */

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  pattern?: string;
}

const isFlag = (schema: Schema) => schema.type === 'integer' && schema.enum?.length === 2 && schema.enum.includes(0) && schema.enum.includes(1);
const isPhone = (schema: Schema) => schema.pattern === '^998[0-9]{9}$';
const isSeries = (schema: Schema) => /^\^\[A-Z\]\{\d(,\d)?\}\$$/.test(schema.pattern ?? '');

/** The other spelling of a member's name: snake_case in camelCase (`passport__seria` → `passportSeria`), camelCase in snake_case. */
const otherSpelling = (name: string): string => (name.includes('_')
  ? name.replace(/_+([a-z0-9])/g, (_, next: string) => next.toUpperCase())
  : name.replace(/[A-Z]/g, (capital) => `_${capital.toLowerCase()}`));

/** `998901234567` as people write it. */
const spacedPhone = (digits: string) => `+998 ${digits.slice(3, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 10)}-${digits.slice(10)}`;

/** A JSON request as a partner's backend writes it. */
function partnerShape(value: unknown, schema: Schema | undefined): unknown {
  if (!schema) return value;
  if (schema.properties && isRecord(value)) {
    const properties = schema.properties;
    return Object.fromEntries(Object.entries(value).map(([name, member]) => [otherSpelling(name), partnerShape(member, properties[name])]));
  }
  if (Array.isArray(value)) return value.map((item) => partnerShape(item, schema.items));
  if (isFlag(schema)) return value === 1 ? 'true' : false;
  if (schema.type === 'integer' && typeof value === 'number') return String(value);
  if (schema.type === 'boolean' && typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'string' && isPhone(schema)) return spacedPhone(value);
  if (typeof value === 'string' && isSeries(schema)) return value.toLowerCase();
  return value;
}

/** A multipart request's text fields as a partner's backend writes them (the files as they are). */
function partnerForm(form: FormBody, schema: Schema): MultipartBody {
  return {
    fields: form.fields.map(([name, text]) => {
      const member = schema.properties?.[name] ?? {};
      const written = member.type === 'boolean' ? (text === 'true' ? '1' : '0') : isPhone(member) ? spacedPhone(text) : isSeries(member) ? text.toLowerCase() : text;
      return [otherSpelling(name), written];
    }),
    files: form.files.map((file) => ({ ...file })),
  };
}

/** What differs between two saves of the same request: the contract, its order and the links that name them. */
const saveAnswer = (envelope: Envelope<Record<string, unknown>>) => ({ ...envelope, response: { keys: Object.keys(envelope.response ?? {}).sort(), amount: envelope.response?.amount } });

let app: FastifyInstance;
// The samples' covers start in the summer of 2030: the server sells on the day they are told on.
onSamplesDay();
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The body schema of a POST the server serves, as it registered it. */
function bodySchema(path: string): Schema {
  const route = app.routeList.find((r) => r.method === 'POST' && r.url === `/api${path}`);
  if (!route?.schema.body) throw new Error(`POST /api${path} takes no body`);
  return route.schema.body as Schema;
}

const storedRequest = async (envelope: Envelope<{ contract_id?: string }>) => (await app.contracts.get(envelope.response?.contract_id ?? ''))?.request;

interface Compared {
  path: string;
  multipart: boolean;
}

/**
 * An ApiPort that sends every POST twice, as documented and in a partner's shape, expects the same
 * answer (a save: the same contract stored), and hands the binding the documented request's answer.
 */
function pairedApi(save: string): ApiPort & { compared: Compared[] } {
  const compared: Compared[] = [];
  const same = async (path: string, documented: LightMyRequestResponse, partner: LightMyRequestResponse) => {
    expect(partner.statusCode, `${path}: ${partner.body.slice(0, 400)}`).toBe(documented.statusCode);
    const [ours, theirs] = [documented.json<Envelope<Record<string, unknown>>>(), partner.json<Envelope<Record<string, unknown>>>()];
    if (path !== save) expect(theirs, path).toEqual(ours);
    else {
      expect(saveAnswer(theirs), path).toEqual(saveAnswer(ours));
      expect(await storedRequest(theirs), `${path}: the contract stored`).toEqual(await storedRequest(ours));
    }
    if (documented.statusCode < 200 || documented.statusCode > 299) throw apiFailure(documented.statusCode, ours);
    return ours;
  };
  return {
    compared,
    get: async <T>(path: string) => (await app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: siteAuth } })).json<Envelope<T>>(),
    post: async <T>(path: string, body: unknown) => {
      const documented = await post(app, `/api${path}`, body);
      const partner = await post(app, `/api${path}`, partnerShape(body, bodySchema(path)));
      compared.push({ path, multipart: false });
      return (await same(path, documented, partner)) as Envelope<T>;
    },
    postForm: async <T>(path: string, form: FormBody) => {
      const documented = await postMultipart(app, `/api${path}`, { fields: form.fields, files: form.files });
      const partner = await postMultipart(app, `/api${path}`, partnerForm(form, bodySchema(path)));
      compared.push({ path, multipart: true });
      return (await same(path, documented, partner)) as Envelope<T>;
    },
  };
}

type Leaf = { pointer: string; schema: Schema };

/** The scalar members of a request, each with its JSON pointer and schema. */
function leaves(value: unknown, schema: Schema | undefined, pointer = ''): Leaf[] {
  if (!schema) return [];
  if (schema.properties && isRecord(value)) {
    const properties = schema.properties;
    return Object.entries(value).flatMap(([name, member]) => leaves(member, properties[name], `${pointer}/${name}`));
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, schema.items, `${pointer}/${i}`));
  return [{ pointer, schema }];
}

/** The request with one member replaced. */
function replaced(body: unknown, pointer: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const path = pointer.split('/').slice(1);
  const parent = path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
  parent[path.at(-1) as string] = value;
  return copy;
}

/** Another value of a member's kind: a number one more, a date another day, a code's last digit another, a text one letter longer. */
function otherValue(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (typeof value !== 'string') return undefined;
  const date = /^(\d{2})([.-]\d{2}[.-]\d{4})$/.exec(value);
  if (date) return `${date[1] === '27' ? '26' : '27'}${date[2]}`;
  if (/\d$/.test(value)) return `${value.slice(0, -1)}${(Number(value.at(-1)) + 1) % 10}`;
  return `${value}A`;
}

/** Values the reading may not take, each for the members it is wrong for. */
const unreadable: { what: string; applies: (schema: Schema) => boolean; value: unknown }[] = [
  { what: 'a fraction for a whole number', applies: (schema) => schema.type === 'integer' && !isFlag(schema), value: '2.5' },
  { what: '"yes" for a yes/no', applies: (schema) => schema.type === 'boolean' || isFlag(schema), value: 'yes' },
  { what: 'a phone of nine digits', applies: isPhone, value: '90 123 45 67' },
  { what: 'a NUL in a text', applies: (schema) => schema.type === 'string', value: 'A\u0000A' },
];

for (const { manifest, definition, samples } of registeredProducts()) {
  describe(`${manifest.id} in partners' shapes`, () => {
    it('answers every request of a purchase as partners write it as it answers the documented one', async () => {
      const api = pairedApi(manifest.calls.save);
      await buySample(definition, samples, api, { ...saveContext, files: fixtureFiles });
      // And the calls only partners make.
      for (const [path, body] of Object.entries(samples.partnerRequests ?? {})) await api.post(path, body);
      const paths = api.compared.map((call) => call.path);
      expect(paths).toContain(manifest.calls.save);
      expect(paths).toContain(manifest.calls.check);
      expect(paths).toEqual(expect.arrayContaining(Object.keys(samples.partnerRequests ?? {})));
    });

    it('refuses a member sent under two of its names with different values, naming the other name, whichever comes first', async () => {
      const api = serverApi(app);
      await buySample(definition, samples, api, { ...saveContext, files: fixtureFiles });
      const save = api.exchanges.find((exchange) => exchange.path === manifest.calls.save);
      // A save with files sends each part once (multipart-body.ts refuses a part sent twice, under any name).
      if (!isRecord(save?.body)) return;
      const body = save.body;
      const tried: string[] = [];
      for (const [name, value] of Object.entries(body)) {
        const other = otherValue(value);
        const alias = otherSpelling(name);
        if (other === undefined || alias === name) continue;
        for (const sent of [{ ...body, [alias]: other }, { [alias]: other, ...body }]) {
          const res = await post(app, `/api${manifest.calls.save}`, sent);
          expect(res.statusCode, `${name} and ${alias}: ${res.body.slice(0, 300)}`).toBe(400);
          expect(res.json().response.field, `${name} and ${alias}`).toBe(`/${alias}`);
        }
        tried.push(name);
      }
      expect(tried.length, 'a save has members with another spelling').toBeGreaterThan(0);
    });

    it('still refuses what cannot be read without guessing, naming the field', async () => {
      // The documented save, as the binding sends it.
      const api = serverApi(app);
      await buySample(definition, samples, api, { ...saveContext, files: fixtureFiles });
      const save = api.exchanges.find((exchange) => exchange.path === manifest.calls.save) ?? { body: undefined, form: undefined };
      const schema = bodySchema(manifest.calls.save);
      const tried: string[] = [];
      for (const { what, applies, value } of unreadable) {
        if (save.form) {
          const form = save.form;
          const field = form.fields.find(([name]) => applies(schema.properties?.[name] ?? {}));
          if (!field) continue;
          const fields = form.fields.map(([name, text]): [string, string] => [name, name === field[0] ? String(value) : text]);
          const res = await postMultipart(app, `/api${manifest.calls.save}`, { fields, files: form.files });
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          expect(res.json().response.field, what).toBe(`/${field[0]}`);
        } else {
          const leaf = leaves(save.body, schema).find((candidate) => applies(candidate.schema));
          if (!leaf) continue;
          const res = await post(app, `/api${manifest.calls.save}`, replaced(save.body, leaf.pointer, value));
          expect(res.statusCode, `${what} at ${leaf.pointer}: ${res.body}`).toBe(400);
          expect(res.json().response.field, what).toBe(leaf.pointer);
        }
        tried.push(what);
      }
      expect(tried, 'every save has a whole number and a text').toEqual(expect.arrayContaining(['a fraction for a whole number', 'a NUL in a text']));
    });
  });
}

describe('the names a product reads beside its schema\'s (travel\'s birth_date, OSAGO\'s carNumber)', () => {
  /** The documented save of a product's purchase sample, as its page sends it. */
  async function sampleSave(id: string): Promise<{ path: string; body: Record<string, unknown> }> {
    const product = registeredProducts().find((candidate) => candidate.manifest.id === id);
    if (!product) throw new Error(`no product ${id}`);
    const api = serverApi(app);
    await buySample(product.definition, product.samples, api, { ...saveContext, files: fixtureFiles });
    const save = api.exchanges.find((exchange) => exchange.path === product.manifest.calls.save);
    if (!isRecord(save?.body)) throw new Error(`${id}: no JSON save`);
    return { path: `/api${product.manifest.calls.save}`, body: save.body };
  }

  /** The request with `name` added beside the member at `pointer`'s parent, holding `value`. */
  const besides = (body: Record<string, unknown>, parent: string, name: string, value: unknown) => {
    const copy = structuredClone(body);
    const record = parent.split('/').slice(1).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, copy);
    record[name] = value;
    return copy;
  };

  it('refuses one sent under two of them with different values, naming the other; the same value under both is read once', async () => {
    const travel = await sampleSave('travel');
    const osago = await sampleSave('osago');
    const traveller = (travel.body.travelers as Record<string, unknown>[])[0] as Record<string, unknown>;
    const cases = [
      { save: travel, parent: '/travelers/0', name: 'birth_date', same: traveller.birthday, other: otherValue(traveller.birthday) },
      { save: travel, parent: '/sugurtalovchi', name: 'first_name', same: (travel.body.sugurtalovchi as Record<string, unknown>).name, other: 'Boshqa' },
      { save: osago, parent: '', name: 'carNumber', same: osago.body.gos_number, other: '01F224LC' },
      { save: osago, parent: '/drivers/0', name: 'licenceNumber', same: (osago.body.drivers as Record<string, unknown>[])[0]?.licenseNumber, other: '0000001' },
    ];
    for (const { save, parent, name, same, other } of cases) {
      const refused = await post(app, save.path, besides(save.body, parent, name, other));
      expect(refused.statusCode, `${parent}/${name}: ${refused.body.slice(0, 300)}`).toBe(400);
      expect(refused.json().response.field).toBe(`${parent}/${name}`);
      const saved = await post(app, save.path, besides(save.body, parent, name, same));
      expect(saved.statusCode, `${parent}/${name} the same: ${saved.body.slice(0, 300)}`).toBe(200);
    }
  });

  it('takes the same value under two of them written two ways as one: a flag as 1 and true, a series in small letters, an id as digits, the registry\'s 2 for a passenger car', async () => {
    const travel = await sampleSave('travel');
    const osago = await sampleSave('osago');
    const traveller = (travel.body.travelers as Record<string, unknown>[])[0] as Record<string, unknown>;
    const driver = (osago.body.drivers as Record<string, unknown>[])[0] as Record<string, unknown>;
    const cases = [
      { save: osago, parent: '', name: 'gas', value: osago.body.gaz === 1 ? true : 'false' },
      { save: osago, parent: '', name: 'car_type_id', value: osago.body.vehicleTypeId === 1 ? 2 : String(osago.body.vehicleTypeId) },
      { save: osago, parent: '', name: 'carNumber', value: String(osago.body.gos_number).replace(/^(\d\d)([A-Z])/, '$1 $2 ').toLowerCase() },
      { save: osago, parent: '/drivers/0', name: 'licenceSeria', value: String(driver.licenseSeria).toLowerCase() },
      { save: osago, parent: '/drivers/0', name: 'relation', value: String(driver.relative) },
      { save: travel, parent: '/travelers/0', name: 'passportSeries', value: String(traveller.passport_seria).toLowerCase() },
    ];
    for (const { save, parent, name, value } of cases) {
      const saved = await post(app, save.path, besides(save.body, parent, name, value));
      expect(saved.statusCode, `${parent}/${name} ${JSON.stringify(value)}: ${saved.body.slice(0, 300)}`).toBe(200);
    }
  });
});
