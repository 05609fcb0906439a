import { eskizSender } from './eskiz';
import type { SmsGateway } from '../config';
import type { SmsSender } from './sender';


/** A message the sandbox gateway "sent": shown on the sandbox inbox, nowhere else (never in the log). */
export interface SandboxSms {
  to: string;
  text: string;
  at: Date;
}

/**
 * The sandbox gateway: keeps the last messages of this instance in memory for the sandbox inbox
 * (`/sandbox/sms`), where a tester reads the code sent to any phone. Memory, not the database:
 * a code is never written anywhere it could be read back from but this page.
 */
export class SandboxSmsInbox implements SmsSender {
  readonly kind = 'sandbox';
  readonly #messages: SandboxSms[] = [];

  constructor(private readonly keep = 200) {}

  send(phone: string, text: string): Promise<void> {
    this.#messages.unshift({ to: phone, text, at: new Date() });
    this.#messages.length = Math.min(this.#messages.length, this.keep);
    return Promise.resolve();
  }

  /** Newest first; only those sent to `phone` when given. */
  messages(phone?: string): SandboxSms[] {
    return phone ? this.#messages.filter((message) => message.to === phone) : [...this.#messages];
  }
}

/** The configured gateway. */
export function smsSender(gateway: SmsGateway): SmsSender {
  return gateway.kind === 'sandbox' ? new SandboxSmsInbox() : eskizSender(gateway);
}
