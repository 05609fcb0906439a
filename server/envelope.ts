/** The answer every /api route gives (schemas/api/README.md): partners read exactly these four members. */
export interface Envelope<T = unknown> {
  result: boolean;
  error: number;
  message: string;
  response: T;
}

export function ok<T>(response: T, message = 'ok'): Envelope<T> {
  return { result: true, error: 0, message, response };
}

/** A business "no" that is still a successful call (HTTP 200): unpaid policy, unknown person. */
export function refusal(error: number, message: string, response: unknown = null): Envelope {
  return { result: false, error, message, response };
}

/**
 * An error with its HTTP status, thrown by services and mapped once by the error handler. The
 * message is shown to the caller, so it carries context but no secrets.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly response: unknown = null,
    readonly errorCode: number = statusCode,
  ) {
    super(message);
  }
}
