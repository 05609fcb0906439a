import type { Price } from '../../../engine/definition';
import { addDays, ageOn, dmyToIso, isIsoDate, isoToDmy } from '../api/api-format';
import { citizenPassportShape, foreignPassportShape, type RequestPerson } from '../api/passport-shapes';
import { policyholderAge } from '../rules/policyholder-age';
import { latestStartDays } from '../rules/start-window';
import { isRecord } from '../../../engine/is-record';
import { either } from './request-reader';
import type { CompanyResponse } from '../api/site-api.generated';

/**
 * The server's side of a product (`products/<id>/sale.ts`, default export): how a save request
 * becomes the cover a policy states and the price of exactly that cover, the reference data to seed,
 * and what the printed policy says. Pure, like the rest of the folder: the server's generic handlers
 * call it with the ports it needs (tariffs, the person registry, today's date).
 */

export interface InsuredPerson {
  name: string;
  passport: string;
  /** ISO date. */
  birthday: string;
}

/** What the policy will say, fixed when the contract is saved so payment cannot change it. */
export interface PolicyTerms {
  holder: string;
  insured: InsuredPerson[];
  /** ISO dates: the first and the last covered day. */
  beginDate: string;
  endDate: string;
  sumInsured: number;
  currency: 'UZS' | 'USD';
  programName: string;
  /** What is insured: the countries of a trip, the address of a home, the sum per person. */
  subject: string;
  /**
   * A vehicle's policy: the registry's plate of the vehicle it covers, as stored (`01A123BC`), which
   * the check answers as `gos_number` (OSAGO's partner clients read it from confirm-check).
   */
  plate?: string;
  /**
   * What the cover holds beyond its program and period, each in Uzbek and Russian as the policy prints
   * it (`Koʻp martalik: 45 kun chet elda / Многократный: 45 дней за рубежом`, an extra risk bought);
   * absent when there is nothing to add.
   */
  conditions?: string[];
  /** The contact phone the save request gives, as `998` and nine digits (the form a cabinet client's phone is kept in); absent when the request has none. */
  clientPhone?: string;
  /** The PINFLs the person registry gave for the policyholder and the applicant, without repeats; absent or empty for foreigners. */
  clientPinfls?: string[];
}

/** A save request read: the cover it buys and the price of that very cover. */
export interface SaleQuote {
  terms: PolicyTerms;
  price: Price;
}

export interface PersonQuery {
  passportSeria: string;
  passportNumber: string;
  /** ISO date. */
  birthday: string;
  pinfl?: string;
}

/** A person of the state registry (passport + birthday → names). */
export interface RegistryPerson {
  pinfl: string;
  firstName: string;
  lastName: string;
  firstNameCyr: string;
  lastNameCyr: string;
  birthday: string;
}

/** Vehicle type ids of the vehicle registry: 1 passenger car, 6 truck, 9 bus or minibus, 15 motorcycle, tram or tractor. */
export type VehicleTypeId = 1 | 6 | 9 | 15;

/** Who owns a vehicle: a person of the person registry or a company of the tax registry. */
export type RegistryOwner =
  | { kind: 'person'; name: string; pinfl: string; passportSeria: string; passportNumber: string; birthday: string }
  | { kind: 'company'; name: string; inn: string };

/** A vehicle of the state vehicle registry, found by plate and tech passport. */
export interface RegistryVehicle {
  plate: string;
  techSeria: string;
  techNumber: string;
  model: string;
  vehicleType: VehicleTypeId;
  issueYear: number;
  seats: number;
  fuel: string;
  owner: RegistryOwner;
  /** The last day (ISO) of a compulsory policy in force, or null. */
  policyEnd: string | null;
}

/**
 * A company (or individual entrepreneur) of the tax registry, as the company lookup answers it
 * (`schemas/api/site/company.response.json`); `short_name` may be missing.
 */
export type RegistryCompany = CompanyResponse;

/** A driving licence of the licence registry. */
export interface RegistryLicence {
  seria: string;
  number: string;
  /** ISO date. */
  issuedOn: string;
}

/**
 * The insurer's car price list (casco): brands, their models, and each model's positions (trims)
 * with the price of a new car in whole UZS. Ids are the insurer's and stay with a position for good.
 */
export interface CarCatalogue {
  brands: { id: number; name: string }[];
  models: { id: number; brand_id: number; name: string }[];
  positions: { id: number; model_id: number; name: string; price: number }[];
}

/** A passport, as the registries key people. */
export interface PassportQuery {
  passportSeria: string;
  passportNumber: string;
}

/** The state registries a car product asks (sandbox tables, or the state's services in production). */
export interface Registries {
  vehicle(query: { plate: string; techSeria: string; techNumber: string }): Promise<RegistryVehicle | null>;
  company(inn: string): Promise<RegistryCompany | null>;
  licence(query: PassportQuery): Promise<RegistryLicence | null>;
  /**
   * A person's OSAGO benefit category (2–9), or null for none, and null when the PINFL is not the
   * passport's: a benefit is granted to a person, not to a number anyone may type.
   */
  benefit(person: PassportQuery & { pinfl: string }): Promise<number | null>;
  /**
   * The insurer's error a request naming this person is refused with — an OSAGO save (codes 1–10),
   * mini-casco's car check (code 9, the passport check): the sandbox's test people only, null in production.
   */
  saveError(query: PassportQuery): Promise<number | null>;
  /** Whether the insurer insures no car of this registry model online (products/kit/cars/restricted-models.ts). */
  restrictedModel(model: string): Promise<boolean>;
  /** Keeps a vehicle check (/save-ip): the plate and when. */
  recordVehicleCheck(plate: string): Promise<void>;
  /**
   * The insurer's car price list (migration 020). Not a state registry, but read by the car products
   * beside them; the server keeps it a minute, as it keeps tariffs.
   */
  carCatalogue(): Promise<CarCatalogue>;
}

/** The ports a sale may use, given by the server. */
export interface SaleContext<T> {
  /** The product's reference data as stored (seeded from `ProductSale.tariffs`). */
  tariffs: T;
  /** Today in Tashkent, ISO. */
  today: string;
  findPerson(query: PersonQuery): Promise<RegistryPerson | null>;
  /** Whether the person registry has a citizen of Uzbekistan with this passport (a request may call them a foreigner). */
  citizenPassport(query: PassportQuery): Promise<boolean>;
  registries: Registries;
  /** The page's words for what the policy prints, from the message catalogs. */
  words: PolicyWords;
}

/** Values of a message's placeholders (`{days}`). */
export type MessageValues = Record<string, string | number>;

/**
 * A message of the page's catalogs (`locales/{uz,ru}/<area>.po`) as a bilingual policy prints it:
 * `Eksklyuziv / Эксклюзив`, once when both languages write it alike; undefined when a catalog lacks
 * the id (a program added to a tariff without its labels). The policy then says what the buyer
 * read on the page, in the words of one source.
 */
export type PolicyWords = (id: string, values?: MessageValues) => string | undefined;

/** A message a product names by a fixed id: its catalogs must hold it (the product's tests read every one). */
export function policyText(context: Pick<SaleContext<unknown>, 'words'>, id: string, values?: MessageValues): string {
  const text = context.words(id, values);
  if (text === undefined) throw new Error(`no message ${id} in the uz and ru catalogs`);
  return text;
}

/**
 * A request the sale refuses: 400 for a value that is wrong in itself (a date that does not exist,
 * a period that contradicts itself), 422 for a valid request that cannot be sold (unknown person,
 * program not sold). `field` is the JSON pointer of the offending field in the request body.
 */
export class SaleRefusal extends Error {
  override name = 'SaleRefusal';
  constructor(
    readonly status: 400 | 422,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * A save the insurer declines with a code of its own (OSAGO's errors 1–10, requirements §8): HTTP 200,
 * `result: false`, `error` the code and `response` what names the cause (`{ key: 2 }`, the 1-based
 * driver row). `message` must carry no personal data: it is logged.
 */
export class SaveDeclined extends Error {
  override name = 'SaveDeclined';
  constructor(
    readonly code: number,
    message: string,
    readonly response: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

/** A business "no" that is still a successful call (HTTP 200, `result: false`): unpaid, unknown person. */
export class Refusal {
  constructor(
    readonly error: number,
    readonly message: string,
  ) {}
}

/**
 * A call of the product's own besides save and check (a catalog, a calculator, a registry lookup):
 * the server mounts it at `path` under `/api`, validates the body with the `request` schema, and
 * answers `answer(...)` in the envelope (a Refusal as `result: false`).
 */
export interface ProductCall<T> {
  method: 'GET' | 'POST';
  path: string;
  /** One line for the API documentation. */
  summary: string;
  /** `schemas/api` names of the request body (POST) and of the answer's `response`. */
  request?: string;
  response: string;
  /** Reads a partner's shape of the body into the documented one before the schema checks it. */
  read?(body: unknown, context: SaleContext<T>): unknown;
  /** The answer, or a promise of it for a call that waits (a registry lookup): one that need not wait is answered without a promise. */
  answer(body: unknown, context: SaleContext<T>): Promise<unknown> | unknown;
}

/** What the printed policy and its verification page say of the product. */
export interface PolicyWording {
  /** Series printed before the number (`HOM 2026000123`). */
  series: string;
  title: { uz: string; ru: string; en: string };
  /** Label of the `subject` line. */
  subjectLabel: { uz: string; ru: string };
  /** Whether the sum insured is each insured person's (travel, accident), which the policy then says beside it. */
  sumPerPerson?: boolean;
}

/**
 * Reference data several products read (the mini-casco programs): kept once, as the `tariffs` row
 * `key`, seeded from `seed` when missing.
 */
export interface SharedTariff<T> {
  key: string;
  seed: T;
}

export interface ProductSale<Save, T> {
  /** Name of the `schemas/api` schema of the save request (`home/save.request`). */
  schemas: { save: string };
  /**
   * Reference data the server seeds under the product id and prices with (tariffs, programs). The
   * members named in `shared` are not stored with it: they are the shared rows, read in their place.
   */
  tariffs: T;
  /** Members of `tariffs` that are shared tables (`{ miniCasco: miniCascoTariff }`), read from their own row. */
  shared?: Readonly<Record<string, SharedTariff<unknown>>>;
  /**
   * A variant that prices with its base product's reference data names the base here: no row of its
   * own is seeded, and it reads the base's (with the base's shared tables), so the two cannot drift.
   */
  tariffsFrom?: string;
  /** The cover a schema-valid save request buys and its price, priced from that cover; throws SaleRefusal. */
  quote(request: Save, context: SaleContext<T>): Promise<SaleQuote>;
  /** Reads a partner's shape of the save request into the documented one before the schema checks it. */
  readSave?(body: unknown, context: SaleContext<T>): unknown;
  /** The total the caller was shown (must equal the price, else HTTP 422). */
  amount(request: Save): number;
  /** Where `amount` reads it in the request (`/summa_all`): the field a 422 for another total names. */
  amountField: string;
  /** The product's own calls, served beside save and check. */
  calls?: ProductCall<T>[];
  /**
   * A car price list the product sells by, seeded into the car catalogue tables (migration 020) with
   * only what is missing, so prices changed there are kept. Its calls read it through `registries`.
   */
  carCatalogue?: CarCatalogue;
  policy: PolicyWording;
}

/** A `DD-MM-YYYY` / `DD.MM.YYYY` value (already schema-valid) as an ISO date; 400 naming the field when the day does not exist. */
export function requestDate(value: string, field: string): string {
  const iso = dmyToIso(value);
  if (!isIsoDate(iso)) throw new SaleRefusal(400, `body${field} is not a calendar date`, field);
  return iso;
}

/** A birthday of a request as an ISO date: a calendar date, not after `today` (a person not yet born is priced as the youngest). */
export function requestBirthday(value: string, field: string, today: string): string {
  const iso = requestDate(value, field);
  if (iso > today) throw new SaleRefusal(400, `body${field} is in the future`, field);
  return iso;
}

/** 422 unless the policyholder born on `birthday` (ISO) is of age on `on`: a minor cannot take out a policy. */
export function requireOfAge(birthday: string, on: string, field: string): void {
  if (ageOn(birthday, on) < policyholderAge) throw new SaleRefusal(422, `body${field}: a policyholder must be ${policyholderAge} or older`, field);
}

/**
 * 400 naming the second of two people a list gives the same passport (series and number joined, in
 * the list's order; its number at `numberField`): a person is insured once per policy, and ten
 * entries of one person would stack ten covers of the sum insured on them.
 */
export function requireDistinctPeople(passports: readonly string[], field: string, numberField = 'passport_number'): void {
  const seen = new Set<string>();
  passports.forEach((passport, i) => {
    if (seen.has(passport)) throw new SaleRefusal(400, `body${field}/${i}: ${passport} is already on this policy`, `${field}/${i}/${numberField}`);
    seen.add(passport);
  });
}

/** A request person's passport, series and number joined (a foreigner's may come with no series). */
export const passportOf = (person: { passport_seria?: string; passport_number: string }): string => `${person.passport_seria ?? ''}${person.passport_number}`;

/**
 * A citizen's passport of a request whose passport fields also carry foreigners' documents: 400
 * naming the series or the number unless they are a passport of Uzbekistan's (2 letters, 7 digits).
 */
export function citizenPassport<P extends { passport_seria?: string; passport_number: string }>(person: P, field: string): P & { passport_seria: string } {
  const { passport_seria: seria, passport_number: number } = person;
  if (seria === undefined || !/^[A-Z]{2}$/.test(seria)) throw new SaleRefusal(400, `body${field}/passport_seria must be 2 Latin letters for a citizen`, `${field}/passport_seria`);
  if (!/^[0-9]{7}$/.test(number)) throw new SaleRefusal(400, `body${field}/passport_number must be 7 digits for a citizen`, `${field}/passport_number`);
  return { ...person, passport_seria: seria };
}

/** A foreigner's passport as printed (series, when sent, and number joined): 400 naming the number unless it is 5 to 15 Latin letters and digits. */
export function foreignPassport(person: { passport_seria?: string; passport_number: string }, field: string): string {
  const document = passportOf(person);
  if (!foreignPassportShape.test(document)) throw new SaleRefusal(400, `body${field}/passport_number: a foreigner's passport is 5 to 15 Latin letters and digits as printed`, `${field}/passport_number`);
  return document;
}

/**
 * 400 unless the first day of cover is at most `days` after today (`start-window.ts`): a cover bought
 * now for a far year would be sold at today's tariff, with ages and registry checks taken on that day.
 */
export function notTooFarAhead(iso: string, today: string, field: string, days: number = latestStartDays): void {
  const latest = addDays(today, days);
  if (iso > latest) throw new SaleRefusal(400, `body${field} must be ${isoToDmy(latest, '.')} or earlier: a cover starts within ${days} days`, field);
}

/** 400 unless the first day of cover is from today to `days` after it (`notTooFarAhead`). */
export function coverStartInWindow(iso: string, today: string, field: string, days: number = latestStartDays): void {
  if (iso < today) throw new SaleRefusal(400, `body${field} must be today or later`, field);
  notTooFarAhead(iso, today, field, days);
}

/**
 * How a request that names a person the registry does not know is refused: 422 at `field` saying
 * `message`, or the save error the product's API answers for it (OSAGO's error 3 for a driver).
 */
export type NotFound = { field: string; message: string } | (() => SaveDeclined);

/** The person of the registry a query names (passport, ISO birthday, PINFL when given), else refused as `notFound` says: a policy names only people the registry knows. */
export async function knownPerson<T>(query: PersonQuery, context: Pick<SaleContext<T>, 'findPerson'>, notFound: NotFound): Promise<RegistryPerson> {
  const found = await context.findPerson(query);
  if (found) return found;
  throw typeof notFound === 'function' ? notFound() : new SaleRefusal(422, notFound.message, notFound.field);
}

/**
 * A person of a save request as the policy names them, from the person registry (the names are the
 * registry's, never the request's). `field` is where the request holds them (a JSON pointer; '' for
 * a request that is the person itself); a person the registry does not know is refused as `notFound`
 * says, by default 422 naming `field`.
 */
export async function registeredPerson<T>(
  person: RequestPerson,
  field: string,
  context: Pick<SaleContext<T>, 'findPerson'>,
  notFound: NotFound = { field, message: `${field.slice(1)}: not found in the person registry` },
): Promise<InsuredPerson> {
  const birthday = requestDate(person.birthday, `${field}/birthday`);
  const query = { passportSeria: person.passport_seria, passportNumber: person.passport_number, birthday, ...(person.pinfl ? { pinfl: person.pinfl } : {}) };
  const found = await knownPerson(query, context, notFound);
  return { name: `${found.firstName} ${found.lastName}`, passport: passportOf(person), birthday };
}

/**
 * A person a request calls a foreigner, whom no registry checks: with a citizenship (`country`, at
 * `fields.country`) that is not Uzbekistan's, and a passport the person registry does not have as a
 * citizen's — a citizen called a foreigner would be insured with a birthday, and so at a price, of
 * the buyer's choosing. 422 naming `fields.foreign` (the flag that called them a foreigner) for a citizen.
 */
export async function requireForeigner<T>(person: { passport_seria?: string; passport_number: string }, country: string | undefined, fields: { foreign: string; country: string }, context: SaleContext<T>): Promise<void> {
  if (country === undefined) throw new SaleRefusal(400, `body${fields.country} is required for a foreigner`, fields.country);
  if (country === 'UZ') throw new SaleRefusal(400, `body${fields.country}: a citizen of Uzbekistan is not a foreigner`, fields.country);
  // Only a document of a citizen's passport's shape can be one the registry has.
  const shaped = citizenPassportShape.exec(passportOf(person));
  if (shaped && (await context.citizenPassport({ passportSeria: shaped[1] as string, passportNumber: shaped[2] as string }))) {
    throw new SaleRefusal(422, `${fields.foreign.slice(1)}: this passport is a citizen's of Uzbekistan in the person registry, not a foreigner's`, fields.foreign);
  }
}

/** A registry person as the lookup calls answer: `ism`/`familya` as the registry writes them (Cyrillic), `_eng` in Latin. */
export function personAnswer(person: RegistryPerson) {
  return { ism: person.firstNameCyr, familya: person.lastNameCyr, ism_eng: person.firstName, familya_eng: person.lastName, pinfl: person.pinfl };
}

/** A person lookup call (`passportSeria`, `passportNumber`, `birthday`, `pinfl`): the person, or `datas_not_found`. */
export function personLookupCall<T>(path: string, schemas: { request: string; response: string }, read?: (body: unknown) => unknown): ProductCall<T> {
  return {
    method: 'POST',
    path,
    summary: 'A person of the state registry by passport and birthday: names (Cyrillic and Latin) and PINFL, or datas_not_found',
    ...schemas,
    ...(read ? { read } : {}),
    async answer(body, context) {
      const { passportSeria, passportNumber, birthday, pinfl } = body as { passportSeria: string; passportNumber: string; birthday: string; pinfl?: string };
      const person = await context.findPerson({ passportSeria, passportNumber, birthday: requestDate(birthday, '/birthday'), ...(pinfl ? { pinfl } : {}) });
      return person ? personAnswer(person) : new Refusal(1, 'datas_not_found');
    },
  };
}

/** The taxpayer number under the names partners give it (`tin`, Uzbek `stir`); its digits are the shared reading's (a number, spaces). */
function readCompanyQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return { inn: either(body, 'inn', 'tin', 'stir') };
}

/** The company lookup call (`{ inn }`): the company of the tax registry, or `wrong_inn` when it knows no such number. */
export function companyLookupCall<T>(path: string, schemas: { request: string; response: string }): ProductCall<T> {
  return {
    method: 'POST',
    path,
    summary: 'A company or individual entrepreneur of the tax registry by INN: names (short_name null when the registry has none), director, address, bank details; or wrong_inn',
    ...schemas,
    read: readCompanyQuery,
    async answer(body, context) {
      const company = await context.registries.company((body as { inn: string }).inn);
      return company ?? new Refusal(1, 'wrong_inn');
    },
  };
}
