import type { BindingFailure, MessageId } from './definition';

/** True when `error` has the shape of a BindingFailure (an Error carrying a string `messageId`). */
export function isBindingFailure(error: unknown): error is BindingFailure {
  return error instanceof Error && typeof (error as Partial<BindingFailure>).messageId === 'string';
}

/** The message id for any failure: the binding's own, otherwise the spec's general message. */
export function failureMessageId(error: unknown): MessageId {
  return isBindingFailure(error) ? error.messageId : 'maybe-data-is-incorrect';
}
