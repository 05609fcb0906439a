import type { BindingFailure, FieldMessage, MessageId } from './definition';

/** True when `error` has the shape of a BindingFailure (an Error carrying a string `messageId`). */
export function isBindingFailure(error: unknown): error is BindingFailure {
  return error instanceof Error && typeof (error as Partial<BindingFailure>).messageId === 'string';
}

/** The message id for any failure: the binding's own, otherwise the general message of requirements §8. */
export function failureMessageId(error: unknown): MessageId {
  return isBindingFailure(error) ? error.messageId : 'maybe-data-is-incorrect';
}

/** What a field says of a failure: its message, with the values it names (a date) when it has them. */
export function failureFieldMessage(error: unknown): FieldMessage {
  if (!isBindingFailure(error)) return 'maybe-data-is-incorrect';
  return error.values ? { id: error.messageId, values: error.values } : error.messageId;
}
