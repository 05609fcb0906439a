/**
 * Server configuration, read once from the environment. Every value has a sandbox default so
 * `npm start` works on a fresh clone; production overrides them (see server/README.md).
 */
import { isIsoDate } from '../products/kit/api/api-format';

export type Channel = string;

/** Where an S3-compatible object store keeps the files' bytes (`FILE_STORE=s3`, server/README.md "Files"). */
export interface S3Settings {
  /** The service's address (`https://s3.eu-central-1.amazonaws.com`, `http://minio:9000`); objects are addressed path-style under it. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Put before each file's id in its key (`contract-files/`). */
  prefix: string;
}


/** Where the SMS messages go: the sandbox inbox (`/sandbox/sms`), or Eskiz (notify.eskiz.uz) over HTTP. */
export type SmsGateway =
  | { kind: 'sandbox' }
  | { kind: 'eskiz'; apiUrl: string; email: string; password: string; from: string };

/** The customer cabinet's sign-in (server/README.md "Cabinet"). */
export interface CabinetConfig {
  /** Key of the HMACs that name a phone in the sign-in counters and keep a code (`CABINET_SECRET`). */
  secret: string;
  sms: SmsGateway;
  /**
   * The time the sign-in rules are judged at, instead of the database's clock (the one clock every
   * instance shares), and the one the unpaid contracts are listed at. Tests only: no variable sets it.
   */
  clock?: () => Date;
}

export interface ApiClient {
  login: string;
  password: string;
  channel: Channel;
}

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  apiClients: ApiClient[];
  publicUrl: string;
  /**
   * Whether this server also serves the payment providers' sandbox stand-ins (`/sandbox/…`: their
   * checkout pages and APIs), and the providers' addresses default to them. On by default;
   * `PAYMENTS_SANDBOX=off` in production, where every provider's own address is configured.
   */
  sandboxPayments: boolean;
  /**
   * Payme: the merchant id and key its merchant API calls us with, where its checkout is, and its
   * Subscribe API (cards and receipts: the card in the page, the bill by phone) with its key.
   */
  payme: { merchantId: string; key: string; checkoutUrl: string; subscribeUrl: string; subscribeKey: string };
  /**
   * Click: the service and merchant ids, the secret key (SHOP API signatures and the merchant API's
   * `Auth` digest), where its payment page is, and its merchant API (`api.click.uz/v2/merchant`)
   * with the merchant user id it is called as.
   */
  click: { serviceId: string; merchantId: string; secretKey: string; payUrl: string; merchantUserId: string; apiUrl: string };
  /**
   * Octo: the shop id and secret its API takes in every body, the separate key its notifications
   * are signed with, its API's address, and whether payments are Octo's test ones (`test: true`).
   */
  octo: { shopId: number; secret: string; uniqueKey: string; apiUrl: string; test: boolean };
  /** Alif: the `Token` its API takes, the secret its webhooks are signed with, its API's and its checkout's addresses. */
  alif: { token: string; secret: string; apiUrl: string; checkoutUrl: string };
  /**
   * The bank's hosted payment page (server/payments/hosted: its protocol is assumed, not public):
   * the merchant id and API key our calls carry, the secret its notifications are signed with, its API's address.
   */
  hosted: { merchantId: string; apiKey: string; secret: string; apiUrl: string };
  /**
   * Paynet: the Basic credential its provider protocol calls `POST /api/paynet` with (the login and
   * password we choose and give Paynet), and the id of our service at Paynet, which every call names.
   */
  paynet: { login: string; password: string; serviceId: string };
  bot: { apiUrl: string; token: string | null; chatId: string };
  /** Built site to serve (main sets `dist/site`); null in tests that only exercise the API. */
  siteDir: string | null;
  /** Bytes; a 10 KB field fits, a runaway upload does not. */
  bodyLimit: number;
  /** How long the server may take to answer a request once it has arrived (and a connection may sit idle). */
  requestTimeoutMs: number;
  /**
   * How long a request may take to arrive whole: a save with files on a phone's slow uplink (two
   * photos and two scans may be 20 MB; the limit per file is in each save's schema).
   */
  uploadTimeoutMs: number;
  /**
   * The files a save carried (photos, documents): `store` is the name of the store their bytes are
   * written to (`FILE_STORE`, server/lib/file-store.ts), and the files of a contract still unpaid
   * after `abandonedAfterHours` (`ABANDONED_FILES_AFTER_HOURS`) are deleted and the contract cancelled.
   */
  files: { store: 'database' | 's3'; abandonedAfterHours: number; s3?: S3Settings };
  /**
   * Payment reconciliation (server/lib/payment-reconciler.ts): every `everyMinutes`
   * (`RECONCILE_EVERY_MINUTES`), the providers are asked about payments still open after
   * `afterMinutes` (`RECONCILE_AFTER_MINUTES`), whose callback should have arrived by then.
   */
  reconcile: { everyMinutes: number; afterMinutes: number };
  /**
   * The calendar day sales are judged on (`SALES_DAY`, ISO) instead of Tashkent's today: for a
   * sandbox whose sample purchases are dated (the browser tests of the product samples). Refused
   * unless the payment sandbox is on, so a production server always sells on the real day.
   */
  salesDay: string | null;
  /**
   * How many proxies in front of the server add the visitor's address to X-Forwarded-For
   * (`TRUST_PROXY`, 0 by default; compose.yaml's nginx is 1). Only their additions are believed:
   * an address a caller writes into the header itself is not, so the caller a lookup's misses are
   * counted against (server/lib/failed-lookups.ts) cannot be chosen by the caller.
   */
  trustedProxies: number;
  cabinet: CabinetConfig;
  /** The folder whose `<product>/claim.ts` forms are served (server/lib/claims/claim-registry.ts); the products' own unless a test points elsewhere. No variable sets it. */
  claimsDir?: string;
  /**
   * The insurer's back office (`/api/back-office/…`): the token its calls carry as
   * `Authorization: Bearer` (`BACK_OFFICE_TOKEN`), a credential of its own, never the site's.
   */
  backOffice: { token: string };
}

/** How often payments are reconciled, and after how long an open one is asked about, unless the environment says otherwise. */
export const reconcileDefaults: AppConfig['reconcile'] = { everyMinutes: 1, afterMinutes: 10 };

export const sandboxApiClients: ApiClient[] = [
  { login: 'site', password: 'site-sandbox', channel: 'site' },
  { login: 'neo', password: 'neo-sandbox', channel: 'neo' },
];

export const sandboxPaymeKey = 'payme-sandbox-key';
export const sandboxPaynetPassword = 'paynet-sandbox';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseApiClients(raw: string | undefined): ApiClient[] {
  if (!raw) return sandboxApiClients;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('API_CLIENTS: not valid JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new ConfigError('API_CLIENTS: expected a non-empty JSON list');
  return parsed.map((item: unknown, i) => {
    const c = item as Partial<Record<keyof ApiClient, unknown>>;
    if (typeof c?.login !== 'string' || typeof c.password !== 'string' || typeof c.channel !== 'string' || !c.login || !c.password || !c.channel) {
      throw new ConfigError(`API_CLIENTS[${i}]: expected { login, password, channel } strings`);
    }
    return { login: c.login, password: c.password, channel: c.channel };
  });
}

function parseShopId(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 27;
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ConfigError(`OCTO_SHOP_ID: "${raw}" is not Octo's numeric shop id`);
  return id;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const isOff = (raw: string | undefined) => /^(off|false|0|no)$/i.test(raw ?? '');

function parseHours(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const hours = Number(raw);
  // Payme may still perform a transaction created 12 hours before: files must outlive that.
  if (!Number.isFinite(hours) || hours < 13) throw new ConfigError(`ABANDONED_FILES_AFTER_HOURS: "${raw}" is not a number of hours of at least 13`);
  return hours;
}

/** Minutes for a setting read from `name`: a positive number, fractions allowed (0.5 is thirty seconds). */
function parseMinutes(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 7 * 24 * 60) throw new ConfigError(`${name}: "${raw}" is not a number of minutes between 0 and a week`);
  return minutes;
}

/**
 * The files' store: `database` (the default), or `s3`, an S3-compatible object store, which needs
 * `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` (`S3_REGION`, default
 * us-east-1; `S3_PREFIX`, default `contract-files/`).
 */
function parseFileStore(env: NodeJS.ProcessEnv): Pick<AppConfig['files'], 'store' | 's3'> {
  const store = env.FILE_STORE || 'database';
  if (store === 'database') return { store };
  if (store !== 's3') throw new ConfigError(`FILE_STORE: "${store}" is not a file store this server has (database, s3)`);
  const needed = (name: string): string => {
    const value = env[name];
    if (!value) throw new ConfigError(`${name}: needed with FILE_STORE=s3`);
    return value;
  };
  const endpoint = needed('S3_ENDPOINT');
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(endpoint)) throw new ConfigError(`S3_ENDPOINT: "${endpoint}" is not an http(s) address`);
  const bucket = needed('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET: "${bucket}" is not a bucket name`);
  const prefix = env.S3_PREFIX ?? 'contract-files/';
  if (!/^[A-Za-z0-9/_.-]{0,200}$/.test(prefix)) throw new ConfigError(`S3_PREFIX: "${prefix}" may hold only letters, digits and / _ . -`);
  return {
    store,
    s3: { endpoint, bucket, region: env.S3_REGION || 'us-east-1', accessKeyId: needed('S3_ACCESS_KEY_ID'), secretAccessKey: needed('S3_SECRET_ACCESS_KEY'), prefix },
  };
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT: "${raw}" is not a port number`);
  return port;
}

function parseProxyHops(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 5) throw new ConfigError(`TRUST_PROXY: "${raw}" is not a number of proxies (0–5)`);
  return hops;
}

/** Reads the configuration from `env` (defaults to process.env); throws ConfigError on bad values. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const port = parsePort(env.PORT);
  // Without a public address, links point at this server as started (PORT may differ from 3000).
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  const sandboxPayments = !isOff(env.PAYMENTS_SANDBOX);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR || './data' },
    apiClients: parseApiClients(env.API_CLIENTS),
    publicUrl,
    sandboxPayments,
    payme: {
      merchantId: env.PAYME_MERCHANT_ID || 'sandbox-merchant',
      key: env.PAYME_KEY || sandboxPaymeKey,
      checkoutUrl: (env.PAYME_CHECKOUT_URL || `${publicUrl}/sandbox/payme`).replace(/\/+$/, ''),
      subscribeUrl: env.PAYME_SUBSCRIBE_URL || `${publicUrl}/sandbox/card/api`,
      subscribeKey: env.PAYME_SUBSCRIBE_KEY || env.PAYME_KEY || sandboxPaymeKey,
    },
    click: {
      serviceId: env.CLICK_SERVICE_ID || '10001',
      merchantId: env.CLICK_MERCHANT_ID || '20002',
      secretKey: env.CLICK_SECRET_KEY || 'click-sandbox-secret',
      payUrl: env.CLICK_PAY_URL || `${publicUrl}/sandbox/click/services/pay`,
      merchantUserId: env.CLICK_MERCHANT_USER_ID || '30003',
      apiUrl: (env.CLICK_API_URL || `${publicUrl}/sandbox/click/api`).replace(/\/+$/, ''),
    },
    octo: {
      shopId: parseShopId(env.OCTO_SHOP_ID),
      secret: env.OCTO_SECRET || 'octo-sandbox-secret',
      uniqueKey: env.OCTO_UNIQUE_KEY || 'octo-sandbox-unique-key',
      apiUrl: trimSlash(env.OCTO_API_URL || `${publicUrl}/sandbox/octo/api`),
      // Octo's test payments move no money: never the default where the sandbox is off (production).
      test: env.OCTO_TEST === undefined || env.OCTO_TEST === '' ? sandboxPayments : !isOff(env.OCTO_TEST),
    },
    alif: {
      token: env.ALIF_TOKEN || 'alif-sandbox-token',
      secret: env.ALIF_SECRET || 'alif-sandbox-secret',
      apiUrl: trimSlash(env.ALIF_API_URL || `${publicUrl}/sandbox/alif/api`),
      checkoutUrl: trimSlash(env.ALIF_CHECKOUT_URL || `${publicUrl}/sandbox/alif/checkout`),
    },
    hosted: {
      merchantId: env.HOSTED_MERCHANT_ID || 'hosted-sandbox-merchant',
      apiKey: env.HOSTED_API_KEY || 'hosted-sandbox-key',
      secret: env.HOSTED_SECRET || 'hosted-sandbox-secret',
      apiUrl: trimSlash(env.HOSTED_API_URL || `${publicUrl}/sandbox/hosted/api`),
    },
    paynet: {
      login: env.PAYNET_LOGIN || 'paynet',
      password: env.PAYNET_PASSWORD || sandboxPaynetPassword,
      serviceId: env.PAYNET_SERVICE_ID || '7001',
    },
    bot: { apiUrl: (env.BOT_API_URL || 'https://api.telegram.org').replace(/\/+$/, ''), token: env.BOT_TOKEN || null, chatId: env.BOT_CHAT_ID || '' },
    siteDir: null,
    bodyLimit: 64 * 1024,
    requestTimeoutMs: 60_000,
    uploadTimeoutMs: 300_000,
    files: { ...parseFileStore(env), abandonedAfterHours: parseHours(env.ABANDONED_FILES_AFTER_HOURS, 48) },
    reconcile: {
      everyMinutes: parseMinutes('RECONCILE_EVERY_MINUTES', env.RECONCILE_EVERY_MINUTES, reconcileDefaults.everyMinutes),
      afterMinutes: parseMinutes('RECONCILE_AFTER_MINUTES', env.RECONCILE_AFTER_MINUTES, reconcileDefaults.afterMinutes),
    },
    salesDay: parseSalesDay(env.SALES_DAY, sandboxPayments),
    trustedProxies: parseProxyHops(env.TRUST_PROXY),
    cabinet: { secret: parseCabinetSecret(env.CABINET_SECRET, sandboxPayments), sms: parseSmsGateway(env, sandboxPayments) },
    backOffice: { token: parseBackOfficeToken(env.BACK_OFFICE_TOKEN, sandboxPayments) },
  };
}

/** The back office's token in the sandbox: a production server sets its own. */
export const sandboxBackOfficeToken = 'back-office-sandbox';

function parseBackOfficeToken(raw: string | undefined, sandbox: boolean): string {
  if (raw) {
    if (raw === sandboxBackOfficeToken) {
      if (!sandbox) throw new ConfigError('BACK_OFFICE_TOKEN: the sandbox\'s token is public; set a random one where the payment sandbox is off');
      return raw;
    }
    if (raw.length < 32 || !/^[\x21-\x7E]+$/.test(raw)) throw new ConfigError('BACK_OFFICE_TOKEN: at least 32 printable characters without spaces (a random key)');
    return raw;
  }
  if (!sandbox) throw new ConfigError('BACK_OFFICE_TOKEN: needed where the payment sandbox is off (the insurer\'s back office calls with it)');
  return sandboxBackOfficeToken;
}

/** The sandbox's key of the sign-in HMACs: a production server sets its own. */
export const sandboxCabinetSecret = 'cabinet-sandbox-secret';

/**
 * The SMS gateway: `SMS_GATEWAY` `sandbox` (the default while the payment sandbox is on) or `eskiz`
 * (the default where it is off). The sandbox shows every message, codes included, on a page: never
 * where the sandbox is off.
 */
function parseSmsGateway(env: Record<string, string | undefined>, sandbox: boolean): SmsGateway {
  const kind = env.SMS_GATEWAY || (sandbox ? 'sandbox' : 'eskiz');
  if (kind === 'sandbox') {
    if (!sandbox) throw new ConfigError('SMS_GATEWAY: the sandbox inbox shows every code sent; only a sandbox (PAYMENTS_SANDBOX on) may use it');
    return { kind };
  }
  if (kind !== 'eskiz') throw new ConfigError(`SMS_GATEWAY: "${kind}" is not an SMS gateway this server speaks (sandbox, eskiz)`);
  return {
    kind,
    apiUrl: trimSlash(env.ESKIZ_API_URL || 'https://notify.eskiz.uz/api'),
    email: neededForEskiz(env, 'ESKIZ_EMAIL'),
    password: neededForEskiz(env, 'ESKIZ_PASSWORD'),
    from: env.ESKIZ_FROM || '4546',
  };
}

function neededForEskiz(env: Record<string, string | undefined>, name: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(`${name}: needed with SMS_GATEWAY=eskiz (the account the codes are sent from)`);
  return value;
}

function parseCabinetSecret(raw: string | undefined, sandbox: boolean): string {
  if (raw) {
    if (raw.length < 32) throw new ConfigError('CABINET_SECRET: at least 32 characters (a random key)');
    return raw;
  }
  if (!sandbox) throw new ConfigError('CABINET_SECRET: needed where the payment sandbox is off (the key of the sign-in codes\' HMACs)');
  return sandboxCabinetSecret;
}

function parseSalesDay(raw: string | undefined, sandboxPayments: boolean): string | null {
  if (!raw) return null;
  if (!sandboxPayments) throw new ConfigError('SALES_DAY: only a sandbox (PAYMENTS_SANDBOX on) may sell on another day than today');
  if (!isIsoDate(raw)) throw new ConfigError(`SALES_DAY: "${raw}" is not a calendar date (YYYY-MM-DD)`);
  return raw;
}

/** Test configuration: in-memory PGlite, sandbox credentials, no bot. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({}), database: { kind: 'pglite', dataDir: null }, ...overrides };
}
