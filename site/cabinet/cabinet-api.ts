import type { Envelope } from '../../engine/definition';
import type {
  CheckVerificationCodeResponse, ClientClaimResponse, ClientClaimsResponse, EditProfileRequest, InfoResponse, PolicyNewResponse, PolicyResponse, ReferralsResponse, RegisterPersonRequest, SendCodeResponse, SignInResponse,
  UnpaidResponse,
} from '../../products/kit/api/cabinet-api.generated';
import { SiteApiFailure } from '../api/failure';
import type { CabinetTransport, UploadProgress } from './cabinet-transport';

/*
 * The cabinet's calls as its pages make them (`/api/shaxsiy_kabinet/…`, schemas/api/README.md
 * "Cabinet"), typed by the answers' schemas.
 */

export type CabinetPolicy = PolicyNewResponse[number];
export type PolicyStatus = CabinetPolicy['status'];
export type CabinetPolicyDetail = PolicyResponse;
export type UnpaidContract = UnpaidResponse[number];
export type ClientClaim = ClientClaimsResponse[number];
export type ClaimStatus = ClientClaim['claim_status'];
export type ClaimDetail = ClientClaimResponse;
export type ClaimTimelineEntry = ClaimDetail['timeline'][number];
export type Referrals = ReferralsResponse;

/** Why a cabinet call was refused, as its page shows it: the message key, the field it names and what it says of limits. */
export class CabinetRefusal extends Error {
  override name = 'CabinetRefusal';
  constructor(
    /** The server's message key (`code_wrong`), or a kind of failure the site names (`invalid`, `unavailable`). */
    readonly key: string,
    readonly status: number | null,
    readonly field: string | null = null,
    readonly retryAfter: number | null = null,
    readonly attemptsLeft: number | null = null,
    /** Why a file was refused (`type`, `size`, …: engine/files/content.ts), when a file was. */
    readonly reason: string | null = null,
  ) {
    super(key);
  }

  /** The session ended (or there was none): the client is signed out. */
  get signedOut(): boolean {
    return this.status === 401 && this.key === 'session_expired';
  }
}

/** The message keys the server refuses cabinet calls with, each translated as `cabinet.error.<key>`. */
export const refusalKeys = [
  'code_wrong', 'code_expired', 'code_attempts', 'code_resend_wait', 'too_many_codes', 'sign_in_locked', 'sms_not_sent',
  'sign_in_expired', 'session_expired', 'datas_not_found', 'phone_registered', 'phone_unchanged', 'person_registered', 'policy_not_found', 'policy_not_renewable',
  'policy_cancelled', 'claim_not_found', 'claim_closed', 'claim_document_unknown',
] as const;

function numberIn(response: unknown, name: string): number | null {
  const value = typeof response === 'object' && response !== null ? (response as Record<string, unknown>)[name] : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function textIn(response: unknown, name: string): string | null {
  const value = typeof response === 'object' && response !== null ? (response as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}

/** A refusal from a business "no" (HTTP 200, `result: false`) or a failed call. */
export function refusalOf(source: Envelope<unknown> | unknown, status: number | null = 200): CabinetRefusal {
  if (source instanceof SiteApiFailure) {
    const envelope = source.envelope;
    if (!envelope) return new CabinetRefusal('unavailable', source.status);
    return refusalOf(envelope, source.status);
  }
  const envelope = source as Envelope<unknown>;
  const known = (refusalKeys as readonly string[]).includes(envelope.message);
  const key = known ? envelope.message : status === 400 ? 'invalid' : status !== null && status >= 500 ? 'unavailable' : 'refused';
  return new CabinetRefusal(key, status, textIn(envelope.response, 'field'), numberIn(envelope.response, 'retry_after'), numberIn(envelope.response, 'attempts_left'), textIn(envelope.response, 'reason'));
}

const base = '/shaxsiy_kabinet';

async function answer<T>(call: Promise<Envelope<T>>): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = await call;
  } catch (error) {
    throw refusalOf(error, null);
  }
  if (!envelope.result) throw refusalOf(envelope);
  return envelope.response;
}

export interface CabinetApi {
  sendCode(phone: string, lang: 'uz' | 'en' | 'ru'): Promise<SendCodeResponse>;
  checkCode(phone: string, requestId: string, code: string): Promise<CheckVerificationCodeResponse>;
  checkRegister(phone: string, ticket: string): Promise<SignInResponse>;
  register(body: RegisterPersonRequest): Promise<SignInResponse>;
  info(): Promise<InfoResponse>;
  editProfile(body: EditProfileRequest): Promise<InfoResponse>;
  logout(): Promise<void>;
  policies(): Promise<CabinetPolicy[]>;
  policy(id: string): Promise<CabinetPolicyDetail>;
  unpaid(): Promise<UnpaidContract[]>;
  claims(): Promise<ClientClaim[]>;
  claim(id: string): Promise<ClaimDetail>;
  /** Sends files of the claim's document kinds (each file's part named by its kind); answers the claim as it is then. */
  addDocuments(id: string, files: readonly { kind: string; file: File }[], onProgress?: UploadProgress): Promise<ClaimDetail>;
  referrals(): Promise<Referrals>;
  changePhoneSendCode(phone: string): Promise<SendCodeResponse>;
  changePhoneConfirm(requestId: string, code: string): Promise<InfoResponse>;
}

/** The cabinet's calls; every refusal a CabinetRefusal. */
export function cabinetApi(api: CabinetTransport): CabinetApi {
  const get = <T>(path: string) => answer(api.get<T>(`${base}/${path}`));
  const post = <T>(path: string, body: unknown) => answer(api.post<T>(`${base}/${path}`, body));
  return {
    sendCode: (phone, lang) => post('send-code', { phone, lang }),
    checkCode: (phone, requestId, code) => post('check-verification-code', { phone, request_id: requestId, code }),
    checkRegister: (phone, ticket) => post('check_register', { phone, ticket }),
    register: (body) => post('register-person', body),
    info: () => get('get/info'),
    editProfile: (body) => post('edit-profile', body),
    logout: async () => {
      await post('logout', {});
    },
    policies: () => get('get/policy-new'),
    policy: (id) => get(`get/policy/${encodeURIComponent(id)}`),
    unpaid: () => get('get/unpaid'),
    claims: () => get('client-claims'),
    claim: (id) => get(`client-claim/${encodeURIComponent(id)}`),
    addDocuments: (id, files, onProgress) => {
      const form = new FormData();
      for (const { kind, file } of files) form.append(kind, file, file.name);
      return answer(api.upload<ClaimDetail>(`${base}/client-claim/${encodeURIComponent(id)}/documents`, form, onProgress));
    },
    referrals: () => get('get/referrals'),
    changePhoneSendCode: (phone) => post('change-phone/send-code', { phone }),
    changePhoneConfirm: (requestId, code) => post('change-phone/confirm', { request_id: requestId, code }),
  };
}
