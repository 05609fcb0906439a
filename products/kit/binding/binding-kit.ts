import type {
  ApiPort, CallOptions, Envelope, FlowData, LookupBinding, MessageId, PaymentDetails, PolicyResult, Price, ProductBinding, Renewal,
} from '../../../engine/definition';
import { isIsoDate, isoToDmy, splitPassport, todayIso } from '../api/api-format';
import {
  envelopeFailure, genericErrorId, isApiFailure, networkErrorId, ProductBindingFailure, requireFields, toFailure, type FailureOptions,
} from './binding-failure';
import { checkReadings, type CheckReading } from '../api/check-readings';
import type { CheckRequest, SaveResponse } from '../api/common-api.generated';
import type { CompanyDetails, FlowPerson, ProductManifest } from '../define/define';
import { citizenPassportShape, type RequestPerson } from '../api/passport-shapes';
import { isFileRef } from '../../../engine/files/file-ref';
import { isRecord } from '../../../engine/is-record';
import type { CompanyResponse, GetPersonRequest, GetPersonResponse } from '../api/site-api.generated';

/**
 * The plumbing every product's API binding shares, written once: calling the API with failures
 * mapped to spec messages, required fields, save → payment details, check → policy or null while
 * unpaid, and person lookups. A product configures it in its `binding.ts`.
 */

/** The value, or a BindingFailure (`maybe-data-is-incorrect`) naming what is missing. */
export function required<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null || value === '') {
    throw new ProductBindingFailure(genericErrorId, { detail: `${what} is missing` });
  }
  return value;
}

/** Runs one API call; whatever it throws arrives as a BindingFailure (requirements §8 messages). */
export async function call<T>(request: () => Promise<Envelope<T>>, options: FailureOptions = {}): Promise<Envelope<T>> {
  try {
    return await request();
  } catch (error) {
    throw toFailure(error, options);
  }
}

export function paymentDetailsFrom(answer: SaveResponse): PaymentDetails {
  return {
    contractId: answer.contract_id,
    orderId: answer.order_id,
    price: answer.amount,
    links: {
      click: answer.url,
      payme: answer.payme_url,
      ...(answer.octo_url ? { octo: answer.octo_url } : {}),
      ...(answer.hosted_url ? { hosted: answer.hosted_url } : {}),
      ...(answer.alif_url ? { alif: answer.alif_url } : {}),
    },
  };
}

const saveFields = ['contract_id', 'order_id', 'amount', 'url', 'payme_url'] as const;

/** How a paid check answer reads as a policy: the fields it must carry, then the policy (null: not paid yet). */
export interface PolicyReader {
  fields: readonly string[];
  read: (answer: Record<string, unknown>) => PolicyResult | null;
}

/** `policy_number` and `pdf_url` of the check answer (schemas/api/common/check.response.json), as the `/sayt/*` clients read it. */
export const policyNumberAnswer: PolicyReader = {
  fields: ['policy_number', 'pdf_url'],
  read: (answer) => ({ policyNumber: String(answer.policy_number), policyUrl: String(answer.pdf_url) }),
};

/**
 * Where a refused save's message goes (`result: false` with an `error` code): a general message on
 * the page, the error dialog, or — when the answer names a row with its 1-based `response.key` — that
 * row's field of a repeater (a driver's passport).
 */
export interface SaveErrorPlacement {
  message: MessageId;
  /** The repeater whose rows `response.key` counts from 1, and the field of the row the message marks. */
  row?: { step: string; rows: string; field: string };
  /** Opens the error dialog (and the failure is logged) instead of a message on the page. */
  modal?: boolean;
}

/** The placement of each save error code, and of any other code. */
export interface SaveErrorTable {
  codes: Record<number, SaveErrorPlacement>;
  otherwise: SaveErrorPlacement;
}

/** The 1-based row a refusal names in `response.key`, as a 0-based index, or null. */
function keyedRow(response: unknown): number | null {
  const key = asRecord(response).key;
  const row = typeof key === 'number' ? key : typeof key === 'string' && /^[0-9]{1,3}$/.test(key) ? Number(key) : NaN;
  return Number.isInteger(row) && row >= 1 ? row - 1 : null;
}

/** The failure a placement says, for an answer whose `response` may name a row. */
function placed(placement: SaveErrorPlacement, response: unknown, data: FlowData, detail: string): ProductBindingFailure {
  if (placement.modal) return new ProductBindingFailure(placement.message, { modal: true, detail });
  const row = placement.row ? keyedRow(response) : null;
  const rows = placement.row ? asRecord(data[placement.row.step])[placement.row.rows] : undefined;
  if (placement.row && row !== null && Array.isArray(rows) && row < rows.length) {
    const { step, rows: array, field } = placement.row;
    return new ProductBindingFailure(placement.message, { field: { step, path: `/${array}/${row}/${field}` }, detail });
  }
  return new ProductBindingFailure(placement.message, { detail });
}

/**
 * The failure of a refused save placed as `table` says: on the named row's field when the code has a
 * row and the answer a valid key (a row the flow has), else a general message or the error dialog.
 */
export function placedSaveFailure(envelope: Envelope<unknown>, table: SaveErrorTable, data: FlowData): ProductBindingFailure {
  return placed(table.codes[envelope.error] ?? table.otherwise, envelope.response, data, `save refused: error ${envelope.error} "${envelope.message}"`);
}

/**
 * Where a save answered with an HTTP error status is shown, by status, where the requirements give a product
 * its own (mini-casco: 422 → `fault_on_driver_data`; casco: 500 in the error dialog, any other status
 * on the page, requirements §8); a status neither names nor `otherwise` covers is said as `toFailure` says it.
 */
export interface SaveStatusTable {
  codes: Record<number, SaveErrorPlacement>;
  otherwise?: SaveErrorPlacement;
}

/** The failure of a save the server answered with an HTTP status the product places (`saveStatuses`), or null for any other failure (no answer at all among them). */
function placedStatusFailure(error: unknown, statuses: SaveStatusTable | undefined, data: FlowData): ProductBindingFailure | null {
  if (!statuses || !isApiFailure(error) || error.status === null) return null;
  const placement = Object.hasOwn(statuses.codes, error.status) ? statuses.codes[error.status] : statuses.otherwise;
  return placement ? placed(placement, error.envelope?.response, data, `save refused: HTTP ${error.status}`) : null;
}

/** The flow's field a refused save's request field stands for, with what is said there. */
export interface RefusedField {
  /** The status of that refusal: the same field refused otherwise (a malformed date, 400) says what any refusal does. */
  status: number;
  message: MessageId;
  field: { step: string; path: string };
}

/**
 * The failure of a save the server refused with the status a product places for a request field
 * (`refusedFields`, by the pointer the answer's `response.field` gives), or null for any other.
 */
function refusedFieldFailure(error: unknown, fields: Readonly<Record<string, RefusedField>> | undefined): ProductBindingFailure | null {
  if (!fields || !isApiFailure(error) || error.status === null) return null;
  const pointer = asRecord(error.envelope?.response).field;
  const refused = typeof pointer === 'string' && Object.hasOwn(fields, pointer) ? fields[pointer] : undefined;
  if (refused?.status !== error.status) return null;
  return new ProductBindingFailure(refused.message, { field: refused.field, cause: error, detail: `save refused: HTTP ${error.status} on ${String(pointer)}` });
}

export interface SaleBindingConfig<D extends FlowData, C> {
  calls: ProductManifest['calls'];
  /** Catalog data for the flow (tariffs, programs, countries), loaded when it starts. */
  load: (api: ApiPort) => Promise<C>;
  lookups?: LookupBinding<C>[];
  /** The save request for flow data and the total the visitor was shown; throws (e.g. through `required`) when data is incomplete. */
  saveRequest: (data: D, price: Price) => object;
  /**
   * `modal`: every refused save shows `maybe-data-is-incorrect` in the error dialog (requirements §8, travel);
   * otherwise the envelope's error key, on the page.
   */
  saveFailure?: 'modal' | 'inline';
  /** Where each error code of a refused save (`result: false`) is shown; by default the envelope's error key on the page. */
  saveErrors?: SaveErrorTable;
  /** What a save refused with an HTTP status says (`SaveStatusTable`); by default as `toFailure` maps it (422: `maybe-data-is-incorrect`). */
  saveStatuses?: SaveStatusTable;
  /**
   * A save refused for a request field that stands for a flow's field (the policyholder's birthday,
   * whose age the server judges as the page does), by the pointer the server names: said at that
   * field, in the page's own words, rather than as a refused save in general.
   */
  refusedFields?: Readonly<Record<string, RefusedField>>;
  policy: PolicyReader;
  /** How the check's answer reads (`checkReadings`); `standard` when not said. */
  checkAnswer?: CheckReading;
  /** The product's renewal (`products/<id>/renewal.ts`), loaded only when a flow is renewed. */
  renewal?: () => Promise<Renewal<D, C>>;
}

const repeatableSave: CallOptions = { repeatable: 'tab' };

/** A product's binding from its configuration: save → payment links, check → policy or null while unpaid. */
export function saleBinding<D extends FlowData, C>(config: SaleBindingConfig<D, C>): ProductBinding<D, C> {
  const failure: FailureOptions = config.saveFailure === 'modal' ? { modal: true } : {};
  return {
    load: config.load,
    ...(config.lookups ? { lookups: config.lookups } : {}),
    toRequest: config.saveRequest,
    ...(config.renewal ? { renewal: config.renewal } : {}),
    async save(api, data, shown, context) {
      let request: Record<string, unknown>;
      try {
        request = { ...config.saveRequest(data, shown), return_url: context.returnPath };
      } catch (error) {
        throw toFailure(error, failure);
      }
      // A request holding chosen files goes as multipart/form-data, the files as its parts (requirements §7).
      // Its code loads with such a save only: most flows have no files.
      const multipart = Object.values(request).some(isFileRef) ? await import('../api/multipart') : null;
      const envelope = await call(async () => {
        try {
          // Sent again after a lost answer (a retry, a reload rebuilding it from the draft), it is the same save: one contract.
          if (!multipart) return await api.post<SaveResponse>(config.calls.save, request, repeatableSave);
          return await api.postForm<SaveResponse>(config.calls.save, await multipart.formBody(request, data, context.files), undefined, repeatableSave);
        } catch (error) {
          throw multipart?.fileRefusal(error, request, data) ?? refusedFieldFailure(error, config.refusedFields) ?? placedStatusFailure(error, config.saveStatuses, data) ?? error;
        }
      }, failure);
      if (!envelope.result) {
        if (config.saveErrors) throw placedSaveFailure(envelope, config.saveErrors, data);
        throw failure.modal
          ? new ProductBindingFailure(genericErrorId, { modal: true, detail: `${config.calls.save}: ${envelope.message}` })
          : envelopeFailure(envelope, genericErrorId);
      }
      try {
        return paymentDetailsFrom(requireFields<SaveResponse>(envelope.response, saveFields, config.calls.save));
      } catch (error) {
        throw toFailure(error, failure);
      }
    },
    // The answer's code read as the product declares (`checkAnswer`): the policy once paid, null while unpaid.
    async check(api, payment) {
      const body: CheckRequest = { contract_id: payment.contractId };
      const envelope = await call(() => api.post<Record<string, unknown>>(config.calls.check, body));
      const outcome = checkReadings[config.checkAnswer ?? 'standard'](envelope);
      if (outcome === 'unpaid') {
        const response = envelope.response as { last_payment?: unknown } | null | undefined;
        return response?.last_payment === 'declined' ? 'declined' : null;
      }
      if (outcome === 'network') throw new ProductBindingFailure(networkErrorId, { detail: `${config.calls.check}: error ${envelope.error} "${envelope.message}"` });
      if (outcome === null) throw envelopeFailure(envelope, genericErrorId);
      return config.policy.read(requireFields<Record<string, unknown>>(envelope.response, config.policy.fields, config.calls.check));
    },
  };
}

// ---------------------------------------------------------------- people

/**
 * A person of flow data as a request's passport fields: series, number and birthday (`DD.MM.YYYY`;
 * `DD-MM-YYYY` where the product's calls write dates so). Throws (`required`) while one is missing.
 */
export function passportFields(person: FlowPerson, separator: '-' | '.' = '.'): Omit<RequestPerson, 'pinfl'> {
  const { seria, number } = splitPassport(required(person.passport, 'passport'));
  return { passport_seria: seria, passport_number: number, birthday: isoToDmy(required(person.birthday, 'birthday'), separator) };
}

const pinflShape = /^[0-9]{14}$/;

/** A person of flow data as a save request names them (`passportFields`), with the PINFL the registry lookup filled in when there is one. */
export function requestPerson(person: FlowPerson, separator: '-' | '.' = '.'): RequestPerson {
  const { pinfl } = person;
  return { ...passportFields(person, separator), ...(pinfl && pinflShape.test(pinfl) ? { pinfl } : {}) };
}

/** What a registry lookup fills in: the Latin names and the PINFL. */
export interface FoundPerson {
  firstName: string;
  lastName: string;
  pinfl?: string;
}

/**
 * The lookup request for a person of flow data (`passport`, `birthday`, `foreign`), or null while
 * passport or birthday is incomplete. Foreign passports are not in the Uzbek registry. Travel dates
 * are `DD-MM-YYYY` (separator `-`), the `/sayt/*` ones `DD.MM.YYYY`. The PINFL the flow holds is not
 * sent: the registry filled it for the passport looked up before, so for a corrected passport it
 * would be another person's, and the registry would find no one.
 */
export function personRequest(person: Record<string, unknown>, separator: '-' | '.'): GetPersonRequest | null {
  const { passport, birthday, foreign } = person;
  // A birthday after today is the date field's to refuse: the registry would only say it found nobody.
  if (foreign === true || typeof passport !== 'string' || !citizenPassportShape.test(passport) || !isIsoDate(birthday) || birthday > todayIso()) return null;
  const { seria, number } = splitPassport(passport);
  return { passportSeria: seria, passportNumber: number, birthday: isoToDmy(birthday, separator) };
}

export interface PersonLookupOptions {
  /** The lookup call (`/sayt/getPerson`, `/takoful/travel-neo/getPerson`). */
  call: string;
  dateSeparator: '-' | '.';
  step: string;
  /** Array property of the step whose rows are each a person. */
  rows?: string;
  /** Property of the step object that holds the person (e.g. `payer`); absent: the step object or row itself. */
  at?: string;
  /** Persons this lookup leaves alone (e.g. a row that mirrors the payer). */
  skip?: (person: Record<string, unknown>) => boolean;
  /** Also keep the PINFL the registry answers (the step's schema must have a `pinfl` field). */
  withPinfl?: boolean;
  /** What to merge into the step object (or row) once the person is found; by default the names (and PINFL when asked). */
  merge?: (target: Record<string, unknown>, found: FoundPerson) => Record<string, unknown>;
}

const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/**
 * Looks a person up in the registry when passport and birthday are complete and fills the Latin
 * names (`ism_eng`, `familya_eng`) and PINFL. Not found → `datas_not_found` on the passport field.
 */
export function personLookup(options: PersonLookupOptions): LookupBinding {
  const personOf = (target: Record<string, unknown>) => (options.at ? asRecord(target[options.at]) : target);
  const field = options.rows ? undefined : { step: options.step, path: options.at ? `/${options.at}/passport` : '/passport' };
  const fieldOption = field ? { field } : {};
  // The engine merges what a lookup answers into the step object (or row) it ran for.
  const mergeFound = options.merge ?? ((target: Record<string, unknown>, found: FoundPerson) =>
    (options.at ? { [options.at]: { ...personOf(target), ...found } } : { ...found }));
  return {
    step: options.step,
    ...(options.rows ? { rows: options.rows } : {}),
    key: (target) => {
      const person = personOf(target);
      const request = options.skip?.(person) ? null : personRequest(person, options.dateSeparator);
      return request ? `${request.passportSeria}${request.passportNumber}|${request.birthday}` : null;
    },
    run: async (api, target) => {
      const request = personRequest(personOf(target), options.dateSeparator);
      if (!request) throw new ProductBindingFailure('datas_not_found', { ...fieldOption, detail: 'passport or birthday incomplete' });
      const envelope = await call(() => api.post<GetPersonResponse>(options.call, request), fieldOption);
      if (!envelope.result) throw envelopeFailure(envelope, 'datas_not_found', fieldOption);
      const person = requireFields<GetPersonResponse>(envelope.response, ['ism_eng', 'familya_eng'], options.call);
      const found: FoundPerson = { firstName: person.ism_eng, lastName: person.familya_eng, ...(options.withPinfl && person.pinfl ? { pinfl: person.pinfl } : {}) };
      return mergeFound(target, found);
    },
  };
}

// ---------------------------------------------------------------- company lookups

/** What a tax-registry lookup finds: the company's details, and its short name as the policy prints it. */
export interface FoundCompany extends CompanyDetails {
  name: string;
}

export interface CompanyLookupOptions {
  /** The lookup call (`/osgor_neo/inn`). */
  call: string;
  step: string;
  /** Property of the step object holding the company (`{ inn, name }`); absent: the step object itself. */
  at?: string;
  /** What to merge into the step object once the company is found; by default its name beside the INN (the details only when asked). */
  merge?: (target: Record<string, unknown>, found: FoundCompany) => Record<string, unknown>;
}

/**
 * Looks a company up in the tax registry once its INN has 9 digits and fills its short name. An INN
 * the registry does not know, or knows without a short name, says `wrong_inn` (requirements §5) at the INN.
 */
export function companyLookup(options: CompanyLookupOptions): LookupBinding {
  const companyOf = (target: Record<string, unknown>) => (options.at ? asRecord(target[options.at]) : target);
  const field = { step: options.step, path: options.at ? `/${options.at}/inn` : '/inn' };
  const mergeFound = options.merge ?? ((target: Record<string, unknown>, found: FoundCompany) =>
    (options.at ? { [options.at]: { ...companyOf(target), name: found.name } } : { name: found.name }));
  const innOf = (target: Record<string, unknown>) => {
    const { inn } = companyOf(target);
    return typeof inn === 'string' && /^[0-9]{9}$/.test(inn) ? inn : null;
  };
  return {
    step: options.step,
    key: innOf,
    run: async (api, target) => {
      const inn = innOf(target);
      if (!inn) throw new ProductBindingFailure('wrong_inn', { field, detail: 'INN incomplete' });
      const envelope = await call(() => api.post<CompanyResponse>(options.call, { inn }), { field });
      if (!envelope.result) throw envelopeFailure(envelope, 'wrong_inn', { field });
      const company = asRecord(envelope.response);
      const shortName = company.short_name;
      if (typeof shortName !== 'string' || shortName.trim() === '') throw new ProductBindingFailure('wrong_inn', { field, detail: `${options.call}: no short name` });
      const text = (key: string) => (typeof company[key] === 'string' ? (company[key] as string) : '');
      return mergeFound(target, { name: shortName, director: text('director'), address: text('address'), oked: text('oked'), mfo: text('mfo'), bank: text('bank'), account: text('account') });
    },
  };
}
