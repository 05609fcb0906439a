import { SmsNotSent, type SmsSender } from './sender';

/** Eskiz (notify.eskiz.uz), the SMS gateway most Uzbek shops send through: an account, its token, a sender name. */
export interface EskizSettings {
  /** `https://notify.eskiz.uz/api`. */
  apiUrl: string;
  email: string;
  password: string;
  /** The sender name or short number Eskiz assigned the account (`4546` until one is approved). */
  from: string;
  timeoutMs?: number;
}

/**
 * Eskiz's protocol: `POST /auth/login` with the account's e-mail and password (form fields) answers
 * `{ message: "token_generated", data: { token } }`, a bearer token valid about a month; `POST
 * /message/sms/send` with that token and the form fields `mobile_phone` (998 and nine digits),
 * `message` and `from` queues one SMS (`{ id, status: "waiting" }`). A 401 means the token has run
 * out: it logs in again once and sends again. Eskiz sends only texts whose template it approved
 * (a test account only its test text), so the texts of server/sms/texts.ts are given it to approve.
 */
export function eskizSender(settings: EskizSettings, fetcher: typeof fetch = fetch): SmsSender {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let token: Promise<string> | null = null;

  async function call(path: string, fields: Record<string, string>, bearer?: string): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    try {
      return await fetcher(`${settings.apiUrl}${path}`, {
        method: 'POST',
        body: form,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SmsNotSent(`Eskiz ${path}: no answer (${(error as Error).name})`);
    }
  }

  async function login(): Promise<string> {
    const response = await call('/auth/login', { email: settings.email, password: settings.password });
    const body = (await response.json().catch(() => null)) as { data?: { token?: unknown } } | null;
    const issued = body?.data?.token;
    if (!response.ok || typeof issued !== 'string' || issued === '') throw new SmsNotSent(`Eskiz /auth/login: HTTP ${response.status}, no token`);
    return issued;
  }

  const currentToken = (): Promise<string> => {
    token ??= login().catch((error: unknown) => {
      token = null;
      throw error;
    });
    return token;
  };

  return {
    kind: 'eskiz',
    async send(phone, text) {
      const fields = { mobile_phone: phone, message: text, from: settings.from };
      let response = await call('/message/sms/send', fields, await currentToken());
      if (response.status === 401) {
        token = null;
        response = await call('/message/sms/send', fields, await currentToken());
      }
      // Eskiz's answers never name the phone back in what is kept of them: only the status.
      if (!response.ok) throw new SmsNotSent(`Eskiz /message/sms/send: HTTP ${response.status}`);
    },
  };
}
