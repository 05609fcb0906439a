import { isRecord } from '../../../engine/is-record';
import { timingSafeEqual } from 'node:crypto';

/**
 * Paynet's provider protocol ("universal provider web-service", UZPAYNET v1.0, JSON-RPC 2.0): its
 * error codes, its GMT+5 timestamps and how its parameters are read. Paynet's specification is
 * not public; what is known and what is assumed is in README.md here.
 */

/**
 * The codes Paynet's error table holds (as two public integrations quote its §2.5; in brief in
 * docs/partner-api.md §4), and JSON-RPC's own. Each message is Russian,
 * the language of Paynet's specification and of its support desk.
 */
const messages = {
  102: 'Системная ошибка',
  201: 'Транзакция уже существует',
  202: 'Транзакция уже отменена',
  203: 'Транзакция не найдена',
  302: 'Клиент не найден',
  305: 'Услуга не найдена',
  411: 'Не заданы один или несколько обязательных параметров',
  412: 'Неверный логин или пароль',
  413: 'Неверная сумма',
  414: 'Неверный формат даты и времени',
  [-32700]: 'Ошибка разбора JSON',
  [-32600]: 'Неверный запрос JSON-RPC',
  [-32601]: 'Метод не найден',
} satisfies Record<number, string>;

export type PaynetErrorCode = keyof typeof messages;

export const paynetErrors = {
  systemError: 102,
  transactionExists: 201,
  transactionCancelled: 202,
  transactionNotFound: 203,
  /** The order number names no order we can take money for (unknown, already paid, cancelled). */
  clientNotFound: 302,
  serviceNotFound: 305,
  paramsMissing: 411,
  wrongCredential: 412,
  wrongAmount: 413,
  wrongDate: 414,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
} as const satisfies Record<string, PaynetErrorCode>;

/** A refusal in Paynet's terms: its code, and in `data` what it is about (a parameter, an order's state). */
export class PaynetError extends Error {
  override name = 'PaynetError';
  constructor(
    readonly code: PaynetErrorCode,
    readonly data?: string | Record<string, unknown>,
  ) {
    super(messages[code]);
  }
}

export type RpcId = string | number | null;

export type PaynetAnswer =
  | { jsonrpc: '2.0'; id: RpcId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: PaynetErrorCode; message: string; data?: string | Record<string, unknown> } };

export function failure(id: RpcId, error: PaynetError): PaynetAnswer {
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
}

export type Params = Record<string, unknown>;


/** Whether the Authorization header is HTTP Basic with exactly this login and password (compared in constant time). */
export function credentialMatches(authorization: string | undefined, login: string, password: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'base64');
  const expected = Buffer.from(`${login}:${password}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ---------------------------------------------------------------- timestamps

/** Uzbekistan's one time zone, UTC+5 without daylight saving: Paynet's timestamps are written in it. */
const gmt5Ms = 5 * 3_600_000;

/** `2026-11-24 15:04:05`: a moment as Paynet writes it, in GMT+5. */
export function paynetTime(at: Date | number): string {
  return new Date(new Date(at).getTime() + gmt5Ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A Paynet timestamp read as a moment, or null when it is none: `YYYY-MM-DD HH:mm:ss` in GMT+5,
 * and `DD.MM.YYYY HH:mm:ss`, which the specification's own examples also use.
 */
export function parsePaynetTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : dotted ? [dotted[3], dotted[2], dotted[1], dotted[4], dotted[5], dotted[6]] : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31.02 over into March; a date that does not exist is not one.
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return null;
  return new Date(utc - gmt5Ms);
}

// ---------------------------------------------------------------- parameters

/** The service a call names must be ours (305 otherwise): Paynet may route several services of one provider to one address. */
export function checkService(params: Params, serviceId: string): void {
  const given = params.serviceId;
  if (given === undefined || given === null || given === '') throw new PaynetError(paynetErrors.paramsMissing, 'serviceId');
  if ((typeof given !== 'number' && typeof given !== 'string') || String(given) !== serviceId) throw new PaynetError(paynetErrors.serviceNotFound, 'serviceId');
}

/**
 * Paynet's id of a transaction, as our payment's reference: a number in Paynet's samples, a short
 * token when it comes as text; anything else is no id (411).
 */
export function transactionIdOf(params: Params): string {
  const id = params.transactionId;
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) return String(id);
  if (typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)) return id;
  throw new PaynetError(paynetErrors.paramsMissing, 'transactionId');
}

/** The amount in tiyin: a positive whole number (413 otherwise, 411 when absent). */
export function amountOf(params: Params): number {
  const amount = params.amount;
  if (amount === undefined || amount === null) throw new PaynetError(paynetErrors.paramsMissing, 'amount');
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new PaynetError(paynetErrors.wrongAmount, 'amount');
  return amount;
}

/** A timestamp parameter (414 when it is not one, 411 when absent). */
export function timeOf(params: Params, key: string): Date {
  const value = params[key];
  if (value === undefined || value === null || value === '') throw new PaynetError(paynetErrors.paramsMissing, key);
  const at = parsePaynetTime(value);
  if (!at) throw new PaynetError(paynetErrors.wrongDate, key);
  return at;
}

/**
 * `fields.order_id`: our order number (the payment step's `order_id`), as text or as a number.
 * Absent is 411; anything that cannot be an order number is an unknown client (302).
 */
export function orderNumberOf(params: Params): string {
  const fields = params.fields;
  const value = isRecord(fields) ? fields.order_id : undefined;
  if (value === undefined || value === null || value === '') throw new PaynetError(paynetErrors.paramsMissing, 'order_id');
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[0-9]{1,16}$/.test(text)) throw new PaynetError(paynetErrors.clientNotFound, 'order_id');
  return text;
}
