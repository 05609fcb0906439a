import type { RJSFSchema, UiSchema } from '@rjsf/utils';

export type { RJSFSchema, UiSchema };

/**
 * The contract between a product folder and the generic runtime. A definition is data plus
 * small pure functions referred to by name, so the same object drives the site, Storybook,
 * the machine-path tests and (through its pure parts) the server.
 */

/** A Lingui message id; translated where it is rendered. */
export type MessageId = string;

/**
 * Special steps the engine renders itself instead of an rjsf form: a purchase's payment and policy
 * download, a claim's receipt (its number, the documents still needed, what happens next).
 */
export type StepComponent = 'form' | 'payment' | 'download' | 'receipt';

/** Flow data is keyed by step id; each form step owns one object. */
export type FlowData = Record<string, Record<string, unknown>>;

export interface StepDefinition {
  id: string;
  title: MessageId;
  /** A line under the step's title saying what the step asks and why (message id). */
  description?: MessageId;
  /** Defaults to 'form'. */
  component?: StepComponent;
  /** JSON Schema of this step's object (form steps only). */
  schema?: RJSFSchema;
  uiSchema?: UiSchema;
  /** Hidden steps are not drawn in the stepper header (e.g. policy download). */
  hidden?: boolean;
  /**
   * The save: made when the flow leaves this step forward — or leaves an earlier step for a later
   * one past this step, when a skip rule removes this one (the save always comes before payment).
   */
  submit?: 'save';
  /**
   * A call of the binding's `calls` made when Next leaves this step (a registry check, a discount):
   * what it answers is merged into the flow data; a failure keeps the visitor on the step with its message.
   */
  call?: string;
  /**
   * Message areas (`locales/<lang>/<area>.po`) only this step shows, loaded with its widgets and
   * validator (engine/step-parts.ts) instead of with the page: a travel claim's country names, which
   * its first step does not need.
   */
  messageAreas?: readonly string[];
}

/** A line of a price breakdown. */
export interface PriceLine {
  label: MessageId;
  amount: number;
}

export interface Price {
  /** Whole UZS. */
  total: number;
  lines: PriceLine[];
  /**
   * The lowest price the answers so far allow, shown "from …" while a choice that sets the price
   * (a program) is still open. Never saved: a contract is priced by complete data.
   */
  lowest?: true;
}

/** A field's message: its id, with the values of its placeholders when it has any (`{date}`). */
export type FieldMessage = MessageId | { id: MessageId; values: Record<string, string | number> };

/** Errors keyed by step id, then by a JSON-pointer-like path inside the step object
 * (`/persons/1/firstName`). */
export type FieldErrors = Record<string, Record<string, FieldMessage>>;

/** Result of a synchronous field effect (named action). */
export interface EffectResult<D extends FlowData> {
  data: D;
  errors?: FieldErrors;
  /**
   * Messages the effect may have placed before and takes back now (what they spoke of changed
   * elsewhere: a family rule once its flag is off), each only while that very message still stands,
   * so a lookup's or the visitor's own message on the same field stays.
   */
  withdrawn?: Record<string, Record<string, MessageId>>;
}

/** A named condition; `row` is given only when a `show` rule of an array's rows asks. */
export type Guard<D extends FlowData> = (data: D, row?: Record<string, unknown>) => boolean;
/**
 * A named field effect: the data after a change (and the data before it) → the data to keep. The
 * machine also hands it the flow's catalog (a price list a derived value is read from); an effect
 * that reads none is written, and called in tests, with two arguments.
 */
export type Action<D extends FlowData, C = unknown> = (next: D, previous: D, catalog?: C) => EffectResult<D>;

/** The rules of a flow: skips, field effects and conditional fields, naming guards and actions. */
export interface MachineRules<D extends FlowData, C = unknown> {
  /** stepId → guard name; the step is skipped when the guard holds. */
  skip?: Record<string, string>;
  /** `stepId.field` (a top-level property of the step object) → action name, run when it changes. */
  onChange?: Record<string, string>;
  /**
   * Conditional fields: `stepId.field`, `stepId.object.field` or `stepId.array[].field` (row level)
   * → guard name; the field is shown (and validated) only while the guard holds. Row rules call the
   * guard with the row as its second argument. A hidden field is neither rendered nor required.
   */
  show?: Record<string, string>;
  /**
   * Registry-filled fields, keyed as `show` is: the field is read-only while the guard holds (a
   * vehicle the registry found, until the visitor asks to edit it; a licence the registry knows).
   * A locked field is still validated and saved.
   */
  lock?: Record<string, string>;
  guards: Record<string, Guard<D>>;
  actions: Record<string, Action<D, C>>;
}

/** The envelope every site API call answers (requirements §7, docs/partner-api.md §1). */
export interface Envelope<T> {
  result: boolean;
  error: number;
  message: string;
  response: T;
}

/**
 * What an ApiPort call rejects with when the call fails below the envelope: no answer
 * (status null: network error, abort, timeout) or an HTTP status outside 200–299.
 */
export interface ApiFailure extends Error {
  status: number | null;
  /** The envelope of the error answer, when the server sent one. */
  envelope?: Envelope<unknown>;
}

/**
 * A file the visitor chose, as flow data keeps it (the draft is text): what it is and a random id;
 * its bytes stay on the device (`FileSource`) until a save sends them. `type` is the type read from
 * its content, and `size` counts the bytes that will be sent (after a photo was downscaled).
 */
export interface FileRef {
  id: string;
  name: string;
  type: string;
  size: number;
}

/** A multipart/form-data body: text fields, then files, each under its part name. */
export interface FormBody {
  fields: [name: string, value: string][];
  files: { name: string; filename: string; blob: Blob }[];
}

/** Told how much of a request's body has gone out, in bytes, while it uploads. */
export type UploadProgressListener = (sent: number, total: number) => void;

/**
 * How long a call that must not be done twice (a save, a call that starts a payment) may be sent
 * again as the same attempt: the site sends it with an Idempotency-Key, fresh for each attempt and
 * the same whenever that attempt (the same call with the same body) is sent again before its answer
 * came, so a repeat after a lost answer gets the first answer instead of a second contract or
 * payment. `tab`: also after a reload, which rebuilds the request from the draft (the key is kept
 * with the tab, as the draft is); `page`: while the page lives (what a card's number is sent with).
 */
export type Repeatable = 'tab' | 'page';

export interface CallOptions {
  repeatable?: Repeatable;
}

/** The engine talks to the site API only through this port (site: axios; stories: fixtures). */
export interface ApiPort {
  /** Resolves with the envelope of any 2xx answer (also when `result` is false); rejects with ApiFailure. */
  get<T>(path: string): Promise<Envelope<T>>;
  post<T>(path: string, body: unknown, options?: CallOptions): Promise<Envelope<T>>;
  /** Posts a multipart/form-data body (a save with files); `onProgress` hears the upload's progress. As `post` otherwise. */
  postForm<T>(path: string, body: FormBody, onProgress?: UploadProgressListener, options?: CallOptions): Promise<Envelope<T>>;
}

/**
 * What a binding throws (products build it with an Error subclass of their own, since they may
 * import only engine types). The engine recognises it by shape with `isBindingFailure`.
 */
export interface BindingFailure extends Error {
  messageId: MessageId;
  /** What the message names (`{date}`), said at the field. */
  values?: Record<string, string | number>;
  /** stepId + path inside the step object, e.g. `{ step: 'people', path: '/persons/0/passport' }` */
  field?: { step: string; path: string };
  /** Open the blocking error modal as well as showing the message. */
  modal?: boolean;
}

/** What `save` answers: the contract and the links the visitor pays with (requirements §3 "Payment details"). */
export interface PaymentDetails {
  contractId: string;
  orderId: string;
  price: number;
  links: Partial<Record<'payme' | 'click' | 'octo' | 'alif' | 'hosted', string>>;
}

/** The address that pays `contractId` with a provider of the save's links, made by the page that shows it. */
export type PayLink = (provider: keyof PaymentDetails['links'], contractId: string) => string;

/** What a successful payment check answers (requirements §3 "Policy result"). */
export interface PolicyResult {
  policyNumber: string;
  policyUrl: string;
}

/** A payment check's answer: the policy once paid, `declined` when the card was refused, null while the payment is awaited. */
export type PaymentCheck = PolicyResult | 'declined' | null;

/** Prefill of one object (a step object or one row of an array in it) from a registry lookup. */
export interface LookupBinding<C = unknown> {
  step: string;
  /** Array property of the step whose rows are looked up; absent = the step object itself. */
  rows?: string;
  /** A stable key of the inputs; a lookup runs when it is non-null and differs from the last one. */
  key: (row: Record<string, unknown>) => string | null;
  /**
   * Answers the fields to merge into the row (its field effects then run as for a change the visitor
   * made); throws BindingFailure on failure. `catalog` is the flow's (e.g. a list the answer is checked against).
   */
  run: (api: ApiPort, row: Record<string, unknown>, catalog: C) => Promise<Record<string, unknown>>;
}

/** The bytes of the files flow data refers to (the site keeps them in IndexedDB beside the draft). */
export interface FileSource {
  /** The file's bytes, or null when this device no longer has them. */
  read(ref: FileRef): Promise<Blob | null>;
}

/** What the page tells a save besides the data. */
export interface SaveContext {
  /** Path on this site the payment provider sends the visitor back to (the flow's payment step). */
  returnPath: string;
  /** Where the files of the flow's data are; a save with files fails without it. */
  files?: FileSource;
}

/**
 * A call made when the visitor leaves a step (`StepDefinition.call`): answers the step objects to
 * replace in the flow data (the others stay as they are); throws BindingFailure.
 */
export type StepCall<D extends FlowData, C> = (api: ApiPort, data: D, catalog: C) => Promise<Partial<D>>;

/**
 * The server's price for the flow (a calculator call): asked again whenever `key` changes, while the
 * visitor goes on typing. Until it answers the page shows `pricing`'s figure; once it has, the
 * server's. `key` is null while the data cannot be quoted yet.
 */
export interface QuoteBinding<D extends FlowData, C> {
  key: (data: D) => string | null;
  /** Answers the server's price; throws (the page keeps its own figure) when the call fails. */
  run: (api: ApiPort, data: D, catalog: C) => Promise<Price>;
}

/**
 * How a request this product saved comes back as its flow's data, to buy the cover again ("renew in
 * one tap"). `data` answers the step objects it fills (the others start as a new flow's) with the
 * first day of cover on `renewFrom` and a period as long as the old one where the flow asks for an
 * end; it throws when the request is not one this product saves. What cannot come back (a file, a
 * consent given once, the price) is left for the visitor: `visitor` names those fields (`step.field`).
 */
export interface Renewal<D extends FlowData, C = unknown> {
  /**
   * `catalog` is the flow's (today's tariff): what the request names by an id the flow shows through
   * it (a car's position); `actions` are the flow's own field effects (`machine.actions`), for what
   * the flow derives from the answers (a car's value, a trip's last day), so no rule is written twice.
   */
  data: (request: Record<string, unknown>, options: { renewFrom: string; catalog: C; actions: MachineRules<D, C>['actions'] }) => { [Step in keyof D]?: D[Step] };
  visitor?: readonly string[];
}

export interface ProductBinding<D extends FlowData, C> {
  /** Catalog data loaded when the flow starts (tariffs, programs, option lists). */
  load: (api: ApiPort) => Promise<C>;
  /** The server quotes the price (authoritative; the page's `pricing` shows meanwhile). */
  quote?: QuoteBinding<D, C>;
  lookups?: LookupBinding<C>[];
  /** Calls made on leaving a step, by the name its `call` gives. */
  calls?: Record<string, StepCall<D, C>>;
  /** Saves the contract; throws BindingFailure. */
  save: (api: ApiPort, data: D, price: Price, context: SaveContext) => Promise<PaymentDetails>;
  /** Checks payment; throws BindingFailure on other failures. */
  check: (api: ApiPort, payment: PaymentDetails) => Promise<PaymentCheck>;
  /** The body `save` sends for flow data and the total shown, without the return address; throws while data is incomplete. */
  toRequest?: (data: D, price: Price) => object;
  /** The product's `Renewal`, loaded only when a flow is renewed (a module of its own, not part of the flow page). */
  renewal?: () => Promise<Renewal<D, C>>;
}

/** A line of an option's details: a text as written (`1.5 %`), or an amount of UZS, written with its currency. */
export interface OptionDetail {
  label: MessageId;
  value: string | { uzs: number };
}

/** Options a widget may read from the catalog (`ui:options.optionsFrom`). */
export interface CatalogOption {
  value: string | number;
  label: MessageId;
  /**
   * A name that is data, not a message (a car make or model of a price list, a year): shown as it
   * is, never looked up in the catalogs; `label` then holds the same name.
   */
  text?: string;
  /** Shown instead of `label` when the catalogs have no message for it (an option the data added later). */
  fallback?: string;
  /** Extra lines shown on a program card (sum insured, …). */
  details?: OptionDetail[];
  /** What a program card lists below its details, one message each (what the program covers). */
  notes?: MessageId[];
  /** Price of the flow if this option were chosen (program cards). */
  price?: number;
}

/** A text of a purchase summary: shown as it is (names, dates), a message to translate, or an amount of UZS. */
/** A summary's text: as written, a message, an amount of UZS, or a vehicle plate (written as its field shows it, `01 A 123 BC`). */
export type SummaryText = string | { message: MessageId; values?: Record<string, string | number> } | { uzs: number } | { plate: string };

/** One line of what is bought, as the payment and download steps list it. */
export interface SummaryRow {
  label: MessageId;
  /** Several texts are listed one under the other (travellers, countries). */
  value: SummaryText | SummaryText[];
}

/**
 * A "start again" action some steps offer (casco's clear-car, requirements §4 "resets all steps to the
 * first"): after the visitor confirms, the flow forgets every answer (`flow.reset`) and stands on its
 * first step.
 */
export interface ResetAction<D extends FlowData, C> {
  /** The button's text (message id), e.g. "Clear the car". */
  label: MessageId;
  /** The steps that offer it. */
  steps: string[];
  /** What it would clear, shown beside the button (the chosen car); null while there is nothing to show. */
  subject?: (data: D, catalog: C) => string | null;
}

export interface ProductDefinition<D extends FlowData = FlowData, C = unknown> {
  /** What the flow ends in: a purchase (the default) is priced, saved, paid and issued; a claim (`ClaimDefinition`) is filed. */
  kind?: 'purchase';
  id: string;
  /** Bumped whenever steps or data shape change; drafts of another version are discarded. */
  version: number;
  title: MessageId;
  steps: StepDefinition[];
  initialData: D;
  /**
   * Answers a variant fixes (OSAGO limited: named drivers): filled in from the start, kept whatever
   * the form reports, drawn read-only. Step id → the step object's fields.
   */
  preset?: Partial<Record<keyof D & string, Record<string, unknown>>>;
  machine: MachineRules<D, C>;
  /** Live price in the browser, authoritative price on the server. Null while data is incomplete. */
  pricing: (data: D, catalog: C) => Price | null;
  /** Lists of options widgets draw from (`ui:options.optionsFrom` names a key). */
  options?: (catalog: C, data: D) => Record<string, CatalogOption[]>;
  binding: ProductBinding<D, C>;
  /**
   * Where the flow asks for the person who buys (the applicant, the policyholder), as JSON pointers
   * into the flow data: `person` an object of `FlowPerson` fields (`/personal/applicant`), `phone`
   * the contact phone (`/personal/phone`). A signed-in client's own passport, birthday and phone fill them in.
   */
  applicant?: { person: string; phone?: string };
  /** A "start again" action offered on some steps (clear the car), if the product has one. */
  reset?: ResetAction<D, C>;
  /**
   * What is bought (program, insured persons, period, …) in the order the visitor reads it, shown
   * with the total at payment, for the terms to be accepted, and again beside the issued policy.
   */
  summary: (data: D, catalog: C) => SummaryRow[];
}

/**
 * What filing a claim answers at once: the number the client and the insurer call it by (also sent
 * by SMS), the documents the insurer still needs to decide, and the day by which it answers.
 */
export interface ClaimReceipt {
  claimId: string;
  number: string;
  /** The kinds (`ClaimDocument.kind`) of the needed documents not sent with the claim, to send from the cabinet. */
  documents: string[];
  /** ISO date: the insurer decides by then. */
  answerBy: string;
}

/** A document a claim asks for: a file field of one of its steps. */
export interface ClaimDocument {
  /** The field's name in its step object (`photos`): also the kind the stored files are filed under. */
  kind: string;
  /** The step that holds the field. */
  step: string;
  /** What the document is called (message id), in the receipt, the cabinet and the back office. */
  title: MessageId;
  /** The insurer decides only with it: when the claim comes without it, it is asked for afterwards. */
  needed: boolean;
}

/** A claim's calls: what its first step lists (the client's policies), step calls (find a policy by number), and filing. */
export interface ClaimBinding<D extends FlowData, C> {
  load: (api: ApiPort) => Promise<C>;
  lookups?: LookupBinding<C>[];
  calls?: Record<string, StepCall<D, C>>;
  /** Files the claim with its files; throws BindingFailure (a refused field names its step and path). */
  file: (api: ApiPort, data: D, context: SaveContext) => Promise<ClaimReceipt>;
}

/**
 * An insurance event's form (`/insurance-event/{product}`), declared as a purchase flow is (steps as
 * JSON Schema, rules, a binding) and run by the same engine; a product family's claim differs from
 * another's in its steps and documents, not in code. Its steps end with a `receipt` step.
 */
export interface ClaimDefinition<D extends FlowData = FlowData, C = unknown> {
  kind: 'claim';
  /** The product claimed under (its folder id). */
  id: string;
  /** The family whose questions it asks (`car`, `travel`, …): one set of step schemas per family. */
  family: string;
  /** Bumped whenever steps or data shape change; drafts of another version are discarded. */
  version: number;
  title: MessageId;
  steps: StepDefinition[];
  initialData: D;
  machine: MachineRules<D, C>;
  options?: (catalog: C, data: D) => Record<string, CatalogOption[]>;
  binding: ClaimBinding<D, C>;
  /** The documents its steps ask for, in the order the receipt and the cabinet list them. */
  documents: ClaimDocument[];
  /** Days from filing (with every needed document) by which the insurer decides. */
  decisionDays: number;
  /** What is claimed (policy, event, payout) as the last step before filing lists it for the consent. */
  summary: (data: D, catalog: C) => SummaryRow[];
}

/** What the engine runs: a purchase or a claim, told apart by `kind`. */
export type FlowDefinition<D extends FlowData = FlowData, C = unknown> = ProductDefinition<D, C> | ClaimDefinition<D, C>;

/** Whether a flow files a claim rather than selling a policy. */
export function isClaim<D extends FlowData, C>(definition: FlowDefinition<D, C>): definition is ClaimDefinition<D, C> {
  return definition.kind === 'claim';
}
