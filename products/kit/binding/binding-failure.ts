import type { ApiFailure, BindingFailure, Envelope, MessageId } from '../../../engine/definition';
import { isRecord } from '../../../engine/is-record';

/** The error keys of requirements §8 a server may put in an envelope's `message`; they are message ids as they stand. */
export const specErrorKeys = ['datas_not_found', 'maybe-data-is-incorrect', 'payment_not_made', 'use_latin_alphabet', 'wrong_inn', 'fault_on_driver_data'] as const;

/** No answer at all (network down, timeout, abort). */
export const networkErrorId: MessageId = 'network_error';
export const genericErrorId: MessageId = 'maybe-data-is-incorrect';
/** HTTP 429: a passport or plate looked up too often without a find (server/lib/failed-lookups.ts). */
export const tooManyAttemptsId: MessageId = 'engine.error.too-many-attempts';

export interface FailureOptions {
  field?: { step: string; path: string };
  modal?: boolean;
  /** What the message names, said with it at the field. */
  values?: Record<string, string | number>;
}

/**
 * Products may import only engine types, so they bring their own Error subclass; the engine
 * recognises it by shape (`messageId`, optional `field` and `modal`).
 */
export class ProductBindingFailure extends Error implements BindingFailure {
  readonly messageId: MessageId;
  readonly field?: { step: string; path: string };
  readonly modal?: boolean;
  readonly values?: Record<string, string | number>;

  constructor(messageId: MessageId, options: FailureOptions & { cause?: unknown; detail?: string } = {}) {
    super(options.detail ? `${messageId}: ${options.detail}` : messageId, { cause: options.cause });
    this.name = 'BindingFailure';
    this.messageId = messageId;
    if (options.field) this.field = options.field;
    if (options.modal) this.modal = true;
    if (options.values) this.values = options.values;
  }
}

export function isBindingFailure(error: unknown): error is BindingFailure {
  return error instanceof Error && typeof (error as Partial<BindingFailure>).messageId === 'string';
}

export function isApiFailure(error: unknown): error is ApiFailure {
  return error instanceof Error && 'status' in error
    && ((error as ApiFailure).status === null || typeof (error as ApiFailure).status === 'number');
}

const knownKey = (message: unknown): MessageId | null =>
  typeof message === 'string' && (specErrorKeys as readonly string[]).includes(message) ? message : null;

/** Failure for an envelope that answered `result: false`: the error key it names, else `fallback`. */
export function envelopeFailure(envelope: Envelope<unknown>, fallback: MessageId, options: FailureOptions = {}): ProductBindingFailure {
  return new ProductBindingFailure(knownKey(envelope.message) ?? fallback, {
    ...options,
    detail: `envelope error ${envelope.error} "${envelope.message}"`,
  });
}

/**
 * Maps whatever a binding call threw to a BindingFailure: a BindingFailure passes through; an
 * ApiFailure without an answer becomes `network_error`; HTTP 429 says to try later; HTTP 422 becomes `maybe-data-is-incorrect`
 * (requirements §8); other statuses take the error key of their envelope, else `maybe-data-is-incorrect`.
 */
export function toFailure(error: unknown, options: FailureOptions = {}): BindingFailure {
  if (isBindingFailure(error)) {
    if (!options.modal || error.modal) return error;
    return new ProductBindingFailure(error.messageId, { field: error.field ?? options.field, modal: true, cause: error });
  }
  if (isApiFailure(error)) {
    if (error.status === null) return new ProductBindingFailure(networkErrorId, { ...options, cause: error, detail: error.message });
    if (error.status === 429) return new ProductBindingFailure(tooManyAttemptsId, { ...options, cause: error, detail: 'HTTP 429' });
    const fromEnvelope = error.status === 422 ? null : knownKey(isRecord(error.envelope) ? error.envelope.message : undefined);
    return new ProductBindingFailure(fromEnvelope ?? genericErrorId, { ...options, cause: error, detail: `HTTP ${error.status}` });
  }
  return new ProductBindingFailure(genericErrorId, {
    ...options,
    cause: error,
    detail: error instanceof Error ? error.message : String(error),
  });
}

/** Rejects unless the answer's `response` has the fields a mapping reads (servers and fixtures drift). */
export function requireFields<T>(response: unknown, fields: readonly string[], context: string): T {
  const missing = isRecord(response) ? fields.filter((f) => response[f] === undefined || response[f] === null) : fields;
  if (missing.length > 0) {
    throw new ProductBindingFailure(genericErrorId, { detail: `${context}: answer lacks ${missing.join(', ')}` });
  }
  return response as T;
}
