import type { ColumnType, Generated, Selectable } from 'kysely';
import type { InsuredPerson, RegistryCompany } from '../../products/kit/sale/sale';

/** Timestamps are read as Date and written as Date or ISO text. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns travel as ISO `YYYY-MM-DD` text (see the type parsers in connect.ts). */
type DateText = string;
type Json<T> = ColumnType<T, string, string>;

export type ContractStatus = 'draft' | 'awaiting_payment' | 'paid' | 'issued' | 'cancelled';
/** A product id: the name of its folder under products/. */
export type Product = string;

export interface ContractsTable {
  id: string;
  product: Product;
  channel: string;
  status: ContractStatus;
  amount: number;
  request: Json<Record<string, unknown>>;
  order_id: number;
  return_url: string;
  policy_number: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  terms_accepted_at: Timestamp | null;
  terms_lang: 'uz' | 'en' | 'ru' | null;
  /** The client whose referral link the buyer arrived through (the `ref` cookie), never the buyer themselves. */
  referrer_client_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PaymentState = 'created' | 'paid' | 'failed' | 'refunded';

export interface PaymentsTable {
  id: string;
  contract_id: string;
  provider: string;
  reference: string;
  amount: number;
  state: PaymentState;
  detail: Json<Record<string, unknown>>;
  failure: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CardSessionsTable {
  token_hash: string;
  contract_id: string;
  /** The card as the provider masks it (`860006******6311`). */
  card: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  /** The receipt the token paid, once it has (the session then spent). */
  receipt: string | null;
  /** When a request began paying with the token; null while none is (payme-subscribe/api.ts). */
  paying_since: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  caller: string;
  /** SHA-256 of the key (plugins/app/idempotency.ts): the key itself is the caller's alone. */
  key_hash: string;
  fingerprint: string;
  /** The first answer's status, body (sealed with the key) and type; null while its request runs. */
  status: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Timestamp;
}

export interface SandboxProviderStateTable {
  provider: string;
  reference: string;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Payme states: 1 created, 2 performed, −1 cancelled before perform, −2 cancelled after. */
export type PaymeState = 1 | 2 | -1 | -2;

export interface PaymeTransactionsTable {
  id: string;
  transaction: string;
  contract_id: string;
  amount: number;
  state: PaymeState;
  payme_time: number;
  create_time: number;
  perform_time: ColumnType<number, number | undefined, number>;
  cancel_time: ColumnType<number, number | undefined, number>;
  reason: number | null;
}


export interface PoliciesTable {
  id: string;
  contract_id: string;
  number: string;
  product: Product;
  holder: string;
  insured: Json<InsuredPerson[]>;
  begin_date: DateText;
  end_date: DateText;
  premium: number;
  sum_insured: number;
  sum_insured_currency: 'UZS' | 'USD';
  /** Rendered on the first download (null until then); everything printed on it is in this row and its contract. */
  pdf: Uint8Array | null;
  issued_at: Timestamp;
  revoked_at: NullableTimestamp;
  /** Takaful flag: 1 for every policy the shop issues (migration 081); the cabinet lists only those. */
  takoful: ColumnType<number, number | undefined, number>;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  text: string;
  attempts: ColumnType<number, number | undefined, number>;
  parts_sent: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  /** The claim the row is under while an instance sends it (the lease ends at `next_attempt_at`). */
  lease: string | null;
  /** An SMS's recipient (kind `sms`, 998 and nine digits); null for a chat message. */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BotWaitsTable {
  /** A hash of the bot's token. */
  bot: string;
  /** No message goes to this bot before then (its last 429's retry_after). */
  until: Timestamp;
}

export interface ClientsTable {
  id: string;
  phone: string;
  pinfl: string;
  passport_seria: string;
  passport_number: string;
  birthday: DateText;
  first_name: string;
  last_name: string;
  email: string | null;
  lang: ColumnType<'uz' | 'en' | 'ru', 'uz' | 'en' | 'ru' | undefined, 'uz' | 'en' | 'ru'>;
  terms_accepted_at: Timestamp;
  created_at: Timestamp;
}

/** Sign-in counters of one phone (named by an HMAC): codes per window, the last send, wrong entries in a row and the lock. */
export interface SignInPhonesTable {
  phone_key: string;
  last_code_at: NullableTimestamp;
  window_start: NullableTimestamp;
  window_codes: ColumnType<number, number | undefined, number>;
  day_start: NullableTimestamp;
  day_codes: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
  locks: ColumnType<number, number | undefined, number>;
  locked_until: NullableTimestamp;
}

export interface SignInAddressesTable {
  address: string;
  window_start: Timestamp;
  codes: ColumnType<number, number | undefined, number>;
}

export interface SignInCodesTable {
  id: string;
  phone_key: string;
  code_hmac: string;
  wrong: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  verified_at: NullableTimestamp;
  ticket_hash: string | null;
  ticket_expires_at: NullableTimestamp;
  ticket_spent_at: NullableTimestamp;
  /** A phone change's code: the signed-in client who asked, and the number it was sent to (both null for a sign-in code). */
  client_id: ColumnType<string | null, string | null | undefined, never>;
  new_phone: ColumnType<string | null, string | null | undefined, never>;
}

/** A client's referral code (made the first time they ask for it). */
export interface ReferralCodesTable {
  code: string;
  client_id: string;
}

export interface ClientSessionsTable {
  token_hash: string;
  client_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export type ClaimStatus = 'received' | 'documents_requested' | 'under_review' | 'approved' | 'declined' | 'paid';

/**
 * A claim (migrations 082, 085): filed signed in (`client_id` the filer) or signed out by policy
 * number (no client); read by a client through the rule that it is theirs (filed by them, or under a
 * policy that is theirs).
 */
export interface ClaimsTable {
  id: string;
  client_id: string | null;
  number: string;
  product: Product;
  policy_id: string | null;
  event_date: DateText;
  claim_status: ColumnType<ClaimStatus, ClaimStatus | undefined, ClaimStatus>;
  description: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The claimant's phone for status SMS (998 and nine digits). */
  phone: ColumnType<string, string | undefined, string>;
  lang: ColumnType<'uz' | 'en' | 'ru', 'uz' | 'en' | 'ru' | undefined, 'uz' | 'en' | 'ru'>;
  /** The form's answers as filed, by step. */
  answers: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Kinds of the documents the insurer still needs. */
  documents_needed: ColumnType<string[], string[] | undefined, string[]>;
  decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
  payout_amount: ColumnType<number | null, number | null | undefined, number | null>;
  answer_by: ColumnType<DateText | null, string | null | undefined, string | null>;
}

/** A file of a claim (migration 085). */
export interface ClaimFilesTable {
  id: string;
  claim_id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  store: string;
  created_at: Timestamp;
}

/** The bytes of a claim file the database store keeps. */
export interface ClaimFileDataTable {
  file_id: string;
  data: Uint8Array;
}

/** A status a claim went through (migration 085): the cabinet's timeline. */
export interface ClaimEventsTable {
  id: Generated<number>;
  claim_id: string;
  status: ClaimStatus;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  documents: ColumnType<string[], string[] | undefined, string[]>;
  amount: ColumnType<number | null, number | null | undefined, number | null>;
  actor: 'claimant' | 'back_office';
  created_at: Timestamp;
}

/** A renewal reminder enqueued (migration 084): once per policy and days before its end. */
export interface PolicyRemindersTable {
  policy_id: string;
  days: 30 | 7 | 1;
  created_at: Timestamp;
}

export interface RedirectsTable {
  from_path: string;
  to_url: string;
  status: 301 | 302;
}

export interface TariffsTable {
  product: string;
  data: Json<unknown>;
  updated_at: Timestamp;
}

export interface PersonsTable {
  passport_seria: string;
  passport_number: string;
  birthday: DateText;
  pinfl: string;
  first_name: string;
  last_name: string;
  first_name_cyr: string;
  last_name_cyr: string;
}

/** The tax registry's companies, a column for each field the company lookup answers. */
export type CompaniesTable = RegistryCompany;

/** Vehicle type ids of the registry: 1 passenger car, 6 truck, 9 bus or minibus, 15 motorcycle, tram or tractor. */
export type VehicleTypeId = 1 | 6 | 9 | 15;

export interface VehiclesTable {
  plate: string;
  tech_seria: string;
  tech_number: string;
  model: string;
  vehicle_type: VehicleTypeId;
  issue_year: number;
  seats: number;
  fuel: string;
  owner_pinfl: string | null;
  owner_passport_seria: string | null;
  owner_passport_number: string | null;
  owner_birthday: DateText | null;
  owner_inn: string | null;
  owner_name: string;
  policy_end: DateText | null;
}

export interface DriverLicencesTable {
  passport_seria: string;
  passport_number: string;
  licence_seria: string;
  licence_number: string;
  issued_on: DateText;
}

export interface BenefitsTable {
  pinfl: string;
  category: number;
}

export interface SaveErrorTriggersTable {
  passport_seria: string;
  passport_number: string;
  code: number;
}

export interface VehicleChecksTable {
  id: Generated<number>;
  plate: string;
  checked_at: Timestamp;
}

/** The insurer's car price list (migration 020): brands, models, positions with a new car's price. */
export interface CarBrandsTable {
  id: number;
  name: string;
}

export interface CarModelsTable {
  id: number;
  brand_id: number;
  name: string;
}

export interface CarPositionsTable {
  id: number;
  model_id: number;
  name: string;
  /** Whole UZS. */
  price: number;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** A file a save carried (migration 040): what it is; its bytes are in the store it names. */
export interface ContractFilesTable {
  id: string;
  contract_id: string;
  field: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  store: string;
  created_at: Timestamp;
}

/** The bytes of a file the database store keeps. */
export interface ContractFileDataTable {
  file_id: string;
  data: Uint8Array;
}

export interface Database {
  contracts: ContractsTable;
  contract_files: ContractFilesTable;
  contract_file_data: ContractFileDataTable;
  payme_transactions: PaymeTransactionsTable;
  payments: PaymentsTable;
  card_sessions: CardSessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  sandbox_provider_state: SandboxProviderStateTable;
  policies: PoliciesTable;
  outbox: OutboxTable;
  bot_waits: BotWaitsTable;
  redirects: RedirectsTable;
  tariffs: TariffsTable;
  persons: PersonsTable;
  companies: CompaniesTable;
  vehicles: VehiclesTable;
  driver_licences: DriverLicencesTable;
  benefits: BenefitsTable;
  save_error_triggers: SaveErrorTriggersTable;
  vehicle_checks: VehicleChecksTable;
  car_brands: CarBrandsTable;
  car_models: CarModelsTable;
  car_positions: CarPositionsTable;
  schema_migrations: SchemaMigrationsTable;
  clients: ClientsTable;
  sign_in_phones: SignInPhonesTable;
  sign_in_addresses: SignInAddressesTable;
  sign_in_codes: SignInCodesTable;
  client_sessions: ClientSessionsTable;
  claims: ClaimsTable;
  claim_files: ClaimFilesTable;
  claim_file_data: ClaimFileDataTable;
  claim_events: ClaimEventsTable;
  policy_reminders: PolicyRemindersTable;
  referral_codes: ReferralCodesTable;
}

export type Contract = Selectable<ContractsTable>;
export type ContractFile = Selectable<ContractFilesTable>;
export type PaymeTransaction = Selectable<PaymeTransactionsTable>;
export type Payment = Selectable<PaymentsTable>;
/** A policy as services read it: everything but the PDF's bytes, which only the download reads. */
export type Policy = Omit<Selectable<PoliciesTable>, 'pdf'>;
export type OutboxRow = Selectable<OutboxTable>;
export type Client = Selectable<ClientsTable>;
