/* Shared fixtures of the server tests: an app on in-memory PGlite and valid sample requests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addDays, isoToDmy } from '../products/kit/api/api-format';
import { memoryRegistries } from '../products/kit/testing/memory-registries';
import type { RegistryVehicle, SaleContext } from '../products/kit/sale/sale';
import { buildApp } from './app';
import { testConfig, type AppConfig } from './config';
import { todayInTashkent } from './dates';
import { loadApiSchemas } from './plugins/external/schemas';
import { sandboxBenefits, sandboxCompanies, sandboxLicences, sandboxPersons, sandboxSaveErrorTriggers, sandboxVehicles } from './db/sandbox-data';
import { policyWords } from './lib/policy-words';

export const siteAuth = `Basic ${Buffer.from('site:site-sandbox').toString('base64')}`;
export const neoAuth = `Basic ${Buffer.from('neo:neo-sandbox').toString('base64')}`;
export const paycomAuth = (key = testConfig().payme.key) => `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`;

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides));
  await app.ready();
  return app;
}

/** POST with the site credential and no cookies (as a partner's server would call). */
export function post(app: FastifyInstance, url: string, payload: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { authorization: siteAuth, ...headers } });
}

/** A multipart body: text fields, then files (the shape of the engine's FormBody, which the server may not import). */
export interface MultipartBody {
  fields: [name: string, value: string][];
  files: { name: string; filename: string; blob: Blob }[];
}

/** A multipart/form-data body as a browser writes it (FormData's own encoding): the bytes and their content type with the boundary. */
export async function multipart(body: MultipartBody): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const file of body.files) form.append(file.name, file.blob, file.filename);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}

/** POST of a multipart body with the site credential. */
export async function postMultipart(app: FastifyInstance, url: string, body: MultipartBody, headers: Record<string, string> = {}, remoteAddress?: string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipart(body);
  return app.inject({ method: 'POST', url, payload, headers: { authorization: siteAuth, 'content-type': contentType, ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** A sample file of tests/fixtures (photos, a scan, a PDF) as a Blob. */
export function fixtureFile(name: string): Blob {
  return new Blob([readFileSync(fileURLToPath(new URL(`../tests/fixtures/${name}`, import.meta.url)))]);
}

/**
 * The files of flow data as the page would read them off the device: the samples' FileRefs name the
 * fixture files (tests/fixtures), whose bytes a save sends (the engine's FileSource, by shape).
 */
export const fixtureFiles = { read: async (ref: { name: string }): Promise<Blob | null> => fixtureFile(ref.name) };

/** A PNG that declares `width` × `height` pixels and holds almost nothing: a decompression bomb for 50 000 × 50 000. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.from('0000000049454e44ae426082', 'hex')]);
}

/** Files every file part must refuse, each with the reason the server gives (`response.reason`). */
export function refusedFiles(): { what: string; filename: string; blob: Blob; status: number; reason: string }[] {
  const pdf = readFileSync(fileURLToPath(new URL('../tests/fixtures/salary-certificate.pdf', import.meta.url)));
  const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 0x41)]);
  return [
    { what: 'an empty file', filename: 'photo.jpg', blob: new Blob([]), status: 400, reason: 'empty' },
    { what: 'a program named as a photo', filename: 'photo.jpg', blob: new Blob([new Uint8Array(program)]), status: 415, reason: 'type' },
    { what: 'a text file', filename: 'notes.pdf', blob: new Blob(['just some words, not a document']), status: 415, reason: 'type' },
    { what: 'a PNG declaring 50 000 × 50 000 pixels', filename: 'bomb.png', blob: new Blob([new Uint8Array(pngDeclaring(50_000, 50_000))]), status: 413, reason: 'dimensions' },
    { what: 'a PDF cut off half way', filename: 'certificate.pdf', blob: new Blob([new Uint8Array(pdf.subarray(0, Math.floor(pdf.length / 2)))]), status: 400, reason: 'unreadable' },
    { what: 'a 20 MB photo', filename: 'huge.jpg', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), new Uint8Array(20 * 1024 * 1024)]), status: 413, reason: 'size' },
  ];
}

export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: { authorization: siteAuth, ...headers } });
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const schemas = loadApiSchemas();

/** Throws unless `value` validates against schemas/api/<name>.json (the contract the site relies on). */
export function assertMatchesSchema(name: string, value: unknown): void {
  const schema = schemas.get(name);
  if (!schema) throw new Error(`no schema ${name}`);
  const validate = ajv.compile(schema);
  if (!validate(value)) throw new Error(`${name}: ${ajv.errorsText(validate.errors)}`);
}

export const inDays = (n: number) => addDays(todayInTashkent(), n);

/** A valid travel trip (a week in Turkey from ten days ahead) for one traveller from the registry. */
export function travelTrip() {
  return {
    begin_date: isoToDmy(inDays(10), '-'),
    end_date: isoToDmy(inDays(16), '-'),
    countries: ['TR'],
    purpose_id: 1,
    kop_martali: 0,
    is_family: 0,
    has_covid: 0,
    risklar: { luggage: 0, accident: 1, cancel_travel: 0, person_respon: 0, delay_travel: 0 },
  };
}

export function travelCalculatorBody() {
  return { ...travelTrip(), travelers: [{ birthday: '15-05-1990' }] };
}

export function travelSaveBody(summaAll: number, extra: Record<string, unknown> = {}) {
  return {
    ...travelTrip(),
    days: 7,
    summa_all: summaAll,
    program_id: 1,
    sugurtalovchi: { type: 0, passport_seria: 'AA', passport_number: '1234567', birthday: '15-05-1990', pinfl: '31505900000011', phone: '998901234567', name: 'Vali', surname: 'Aliyev' },
    travelers: [
      { passport_seria: 'AA', passport_number: '1234567', birthday: '15-05-1990', pinfl: '31505900000011', name: 'Vali', surname: 'Aliyev', foreign: false, is_payer: true },
    ],
    ...extra,
  };
}

export function homeSaveBody(extra: Record<string, unknown> = {}) {
  return {
    program_id: 1,
    house_type: 'apartment',
    region_id: 1,
    address: 'Tashkent, Chilonzor 5, 12',
    begin_date: isoToDmy(inDays(1), '.'),
    applicant: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', phone: '998901234567' },
    amount: 70_000,
    ...extra,
  };
}

/** Price of program 1 for travelCalculatorBody(), as the server's calculator answers it. */
export async function travelPrice(app: FastifyInstance, programId = 1): Promise<number> {
  const res = await post(app, '/api/takoful/travel-neo/calculator', travelCalculatorBody());
  const rows = res.json<{ response: { program_id: number; prem_uzs: number }[] }>().response;
  const row = rows.find((r) => r.program_id === programId);
  if (!row) throw new Error(`no price for program ${programId}: ${res.body}`);
  return row.prem_uzs;
}

/** Pays a checkout link (Payme's, or Click's with its query) through the sandbox page, as a browser would; returns the page's answer. */
export async function payInSandbox(app: FastifyInstance, checkoutUrl: string, card = '8600 0000 0000 0001', expiry = '12/30'): Promise<LightMyRequestResponse> {
  const url = new URL(checkoutUrl);
  const path = `${url.pathname}${url.search}`;
  const page = await app.inject({ method: 'GET', url: path });
  const cookie = page.cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('checkout page set no XSRF cookie');
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${cookie.value}` },
    payload: new URLSearchParams({ card_number: card, card_expiry: expiry, _xsrf: cookie.value }).toString(),
  });
}

/** The sandbox's vehicle registry as the registries port answers it. */
const sandboxRegistryVehicles: RegistryVehicle[] = sandboxVehicles.map((v) => ({
  plate: v.plate,
  techSeria: v.tech_seria,
  techNumber: v.tech_number,
  model: v.model,
  vehicleType: v.vehicle_type as RegistryVehicle['vehicleType'],
  issueYear: v.issue_year,
  seats: v.seats,
  fuel: v.fuel,
  owner: v.owner_inn
    ? { kind: 'company', name: v.owner_name, inn: v.owner_inn }
    : { kind: 'person', name: v.owner_name, pinfl: v.owner_pinfl ?? '', passportSeria: v.owner_passport_seria ?? '', passportNumber: v.owner_passport_number ?? '', birthday: v.owner_birthday ?? '' },
  policyEnd: v.policy_end,
}));

/**
 * A sale's context over the sandbox's own data (server/db/sandbox-data.ts) without a database: the
 * registries and the person registry the server seeds, for a product's tests of its sale.
 */
export function sandboxSaleContext<T>(tariffs: T, today: string): SaleContext<T> {
  const registries = memoryRegistries({
    vehicles: sandboxRegistryVehicles,
    companies: sandboxCompanies,
    licences: Object.fromEntries(sandboxLicences.map((l) => [`${l.passport_seria}${l.passport_number}`, { seria: l.licence_seria, number: l.licence_number, issuedOn: l.issued_on }])),
    benefits: sandboxBenefits.flatMap(({ pinfl, category }) => {
      const person = sandboxPersons.find((p) => p.pinfl === pinfl);
      return person ? [{ pinfl, category, passport: `${person.passport_seria}${person.passport_number}` }] : [];
    }),
    saveErrors: Object.fromEntries(sandboxSaveErrorTriggers.map((t) => [`${t.passport_seria}${t.passport_number}`, t.code])),
  });
  return {
    tariffs,
    today,
    registries,
    words: policyWords(),
    findPerson: async (query) => {
      const p = sandboxPersons.find((x) => x.passport_seria === query.passportSeria && x.passport_number === query.passportNumber && x.birthday === query.birthday);
      return p ? { pinfl: p.pinfl, firstName: p.first_name, lastName: p.last_name, firstNameCyr: p.first_name_cyr, lastNameCyr: p.last_name_cyr, birthday: p.birthday } : null;
    },
    citizenPassport: async (query) => sandboxPersons.some((x) => x.passport_seria === query.passportSeria && x.passport_number === query.passportNumber),
  };
}
