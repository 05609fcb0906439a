/** An SMS gateway: sends one text to one phone (998 and nine digits), or throws (`SmsNotSent`). */
export interface SmsSender {
  kind: 'sandbox' | 'eskiz';
  send(phone: string, text: string): Promise<void>;
}

/** The gateway did not take the message; what it says names no phone and no text. */
export class SmsNotSent extends Error {
  override name = 'SmsNotSent';
}
