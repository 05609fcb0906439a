import type { ApiFailure, Envelope } from '../../engine/definition';

/*
 * How the site's calls fail, apart from the axios client (client.ts), so a page can report a
 * failure before that client has loaded.
 */

/** How a call failed below the envelope (requirements §8 "Generic errors"). */
export type ApiErrorKind = 'network' | 'offline' | 'timeout' | 'aborted' | 'bad-request' | 'bad-response';

/** Message ids (site.po) of each kind. */
export const apiErrorMessages: Record<ApiErrorKind, string> = {
  network: 'site.error.network',
  offline: 'site.error.offline',
  timeout: 'site.error.timeout',
  aborted: 'site.error.aborted',
  'bad-request': 'site.error.bad-request',
  'bad-response': 'site.error.bad-response',
};

/**
 * Toasts are for failures nobody else explains: no answer at all or a server fault. A 4xx answer
 * belongs to the call (422 on a save, 404 on a check…) and the flow shows its own message; an
 * abort is the visitor leaving the page.
 */
export function shouldToast(kind: ApiErrorKind): boolean {
  return kind === 'network' || kind === 'offline' || kind === 'timeout' || kind === 'bad-response';
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'result' in value && 'error' in value;
}

/** The ApiFailure the engine receives; `message` is the message id of the failure's text. */
export class SiteApiFailure extends Error implements ApiFailure {
  override name = 'ApiFailure';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly envelope?: Envelope<unknown>,
  ) {
    super(apiErrorMessages[kind]);
  }
}


/**
 * How long a multipart save may take: the 60 s of requirements §9 for the answer, and the upload's own time on a
 * slow mobile uplink (256 kbit/s, 32 KB a second) for the bytes it carries.
 */
export function uploadTimeoutMs(bytes: number): number {
  return 60_000 + Math.ceil(bytes / 32_768) * 1000;
}
