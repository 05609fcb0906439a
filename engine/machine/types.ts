import type { EventObject, MetaObject, PromiseActorLogic, StateNodeConfig, TransitionConfig } from 'xstate';
import type { ClaimReceipt, FieldErrors, FlowData, MessageId, PaymentCheck, PaymentDetails, PolicyResult, Price } from '../definition';
import type { FieldPath } from '../paths';

/** Progress of one step (requirements §4): `active` = opened (reached and not backed out of). */
export interface StepProgress {
  status: 'active' | 'inactive';
  completed: boolean;
}

export type StepsProgress = Record<string, StepProgress>;

/** The last error of the flow; `field` also places it on a form field, `modal` opens the error dialog. */
export interface FlowError {
  messageId: MessageId;
  /** What the message names (`{date}`). */
  values?: Record<string, string | number>;
  field?: { step: string; path: string };
  modal?: boolean;
}

/** A lookup running as a spawned child (`lookup.<seq>`). */
export interface PendingLookup {
  /** Which `definition.binding.lookups` entry. */
  lookup: number;
  /** Row index inside the `rows` array; null when the step object itself is looked up. */
  row: number | null;
  /** `lookup:row` identity used for `lookupKeys`. */
  rowKey: string;
  key: string;
  /** The row (or step object) as it was when the lookup started: what the visitor changed since stays theirs. */
  asked: Record<string, unknown>;
}

export interface FlowContext {
  data: FlowData;
  steps: StepsProgress;
  catalog: unknown;
  price: Price | null;
  payment: PaymentDetails | null;
  policy: PolicyResult | null;
  /** A filed claim's receipt (a claim's flow; a purchase's stays null). */
  receipt: ClaimReceipt | null;
  error: FlowError | null;
  fieldErrors: FieldErrors;
  /** Last lookup key started for each row (`<lookup>:<row>`). */
  lookupKeys: Record<string, string>;
  pending: Record<string, PendingLookup>;
  lookupSeq: number;
  /**
   * Where each row's last failed lookup put its message (`<lookup>:<row>` → step and path): taken away
   * when the lookup's inputs change, since it spoke of the inputs before (a plate refused with the
   * tech passport that was then corrected).
   */
  lookupFailures: Record<string, { step: string; path: string }>;
  /**
   * The fields each row's last answer filled in (`<lookup>:<row>` → field → value): a later failure of
   * that row takes away those the visitor left as they came, so a new plate the registry refuses does
   * not stand beside the last car's model and owner.
   */
  lookupAnswers: Record<string, Record<string, unknown>>;
  /** The server's last price and the quote key it was asked for. */
  quote: { key: string; price: Price } | null;
  /** The quote being asked (its spawned child's id and key), or null. */
  quoting: { id: string; key: string } | null;
  quoteSeq: number;
  /** Step to land on once the catalog is loaded (draft resume). */
  resumeStep: string | null;
  /** Whether the data the flow starts on is to be looked up once the catalog is there (`FlowResume.handedIn`). */
  lookUpStart: boolean;
}

/** What a saved draft gives back to a new flow. */
export interface FlowResume {
  step: string;
  data: FlowData;
  steps: StepsProgress;
  payment: PaymentDetails | null;
  policy: PolicyResult | null;
  /** A filed claim's receipt (absent in a purchase's draft). */
  receipt?: ClaimReceipt | null;
  /** What the lookups and the flow's rules last said, so a reload (or a change of language) keeps a refused plate refused. */
  verdicts?: LookupVerdicts;
  /**
   * Data handed in from elsewhere (a renewal), whose people and car the flow looks up at once, as if
   * typed. A draft is not: it keeps what its lookups said (`verdicts`).
   */
  handedIn?: boolean;
}

/** The lookups' settled state and the field messages a draft keeps (`FlowContext`'s fields of the same names). */
export interface LookupVerdicts {
  fieldErrors: FieldErrors;
  lookupKeys: Record<string, string>;
  lookupFailures: Record<string, { step: string; path: string }>;
  lookupAnswers: Record<string, Record<string, unknown>>;
}

export interface FlowInput {
  resume?: FlowResume | null;
  /** The catalog the page was first rendered with (on the server): the flow starts without loading it. */
  catalog?: unknown;
}

export type FlowEvent =
  /** Without `data`: the step as the flow holds it (the form had nothing it lacked). */
  | { type: 'step.next'; data?: Record<string, unknown> }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: string }
  | { type: 'flow.reset' }
  /**
   * Step objects the flow is given from elsewhere than the form (a signed-in client's details for its
   * applicant, `engine/applicant-offer.ts`), on whatever step it stands: taken as the visitor's own change of each.
   */
  | { type: 'steps.offered'; steps: [step: string, data: Record<string, unknown>][] }
  /**
   * The form's data of `step` after a change. With `path`, the visitor changed that field alone: the
   * rest of a report can be older than the flow's last answer (a lookup's, which reaches the form
   * only once the keys typed meanwhile are in), so only that field's value is taken.
   */
  | { type: 'field.changed'; step: string; data: Record<string, unknown>; path?: FieldPath }
  /** Next was refused on `step`: its failed lookups are asked again (a registry that did not answer may now). */
  | { type: 'lookups.retry'; step: string }
  | { type: 'payment.check' }
  /** A check that says nothing while unpaid (the page waiting for a bill paid in the Payme app). */
  | { type: 'payment.poll' }
  | { type: 'payment.confirmed'; policy?: PolicyResult }
  | { type: 'retry' }
  | { type: 'error.dismiss' };

export interface SaveInput {
  data: FlowData;
  price: Price | null;
}

export interface CheckInput {
  payment: PaymentDetails | null;
}

export interface StepCallInput {
  /** The name in `binding.calls`. */
  call: string;
  data: FlowData;
  catalog: unknown;
}

export interface QuoteInput {
  data: FlowData;
  catalog: unknown;
}

export interface LookupInput {
  lookup: number;
  row: Record<string, unknown>;
  /** The flow's catalog when the lookup started. */
  catalog: unknown;
}

/** A move between steps: the steps passed over on the way are closed. */
export interface Move {
  from: string;
  to: string;
  skipped: string[];
}

/**
 * The flow machine's guards by name, with the params each takes (`undefined`: none). `createFlowMachine`
 * implements exactly these, and the states it builds are typed by them (`FlowStateConfig`): a name
 * misspelt there is a type error, where XState itself would pass over an action it does not know.
 */
export type FlowGuards = {
  noPendingLookups: undefined;
  isOwnStep: { step: string };
  resumeAt: { step: string };
  isPaid: { policy: PaymentCheck };
  isDeclined: { policy: PaymentCheck };
  hasPolicy: undefined;
  catalogLoaded: undefined;
  canGoto: { from: string; to: string };
  /** The step is passed over: its skip rule holds, or its show rules hide all it asks. */
  passOver: { step: string };
};

/** The flow machine's actions by name, with their params (as `FlowGuards`). */
export type FlowActions = {
  clearError: undefined;
  storeCatalog: { catalog: unknown };
  storeBootFailure: { failure: unknown };
  acceptStepData: { step: string };
  storePayment: { payment: PaymentDetails };
  storeReceipt: { receipt: ClaimReceipt };
  logUnexpected: { failure: unknown };
  mergeCallAnswer: { answer: Partial<FlowData> };
  storeCallFailure: { failure: unknown };
  advance: Move;
  retreat: Move;
  changeField: undefined;
  mergeLookup: { actorId: string; answer: Record<string, unknown> };
  storeLookupFailure: { actorId: string; failure: unknown };
  retryLookups: undefined;
  storePolicy: { policy: PaymentCheck };
  confirmPayment: undefined;
  acceptConfirmation: { from: string; to: string };
  reportUnpaid: undefined;
  reportDeclined: undefined;
  reportCheckFailure: { failure: unknown };
  resetFlow: undefined;
  takeOffered: undefined;
  startLookups: undefined;
  forgetResume: undefined;
  requote: undefined;
  storeQuote: { actorId: string; price: Price };
  dropQuote: { actorId: string };
};

/** The flow machine's actors by name: what each is given and answers. (Type aliases, not interfaces: XState takes these maps as records.) */
export type FlowActors = {
  loadCatalog: PromiseActorLogic<unknown>;
  save: PromiseActorLogic<PaymentDetails, SaveInput>;
  /** A claim's save step: the claim filed (`ClaimBinding.file`). */
  file: PromiseActorLogic<ClaimReceipt, SaveInput>;
  check: PromiseActorLogic<PaymentCheck, CheckInput>;
  stepCall: PromiseActorLogic<Partial<FlowData>, StepCallInput>;
  quote: PromiseActorLogic<Price, QuoteInput>;
  lookup: PromiseActorLogic<Record<string, unknown>, LookupInput>;
};

/** `{ type, params }` of each name of a map, as XState's typed configs name an implementation. */
type Named<T> = { [K in keyof T & string]: { type: K; params: T[K] } }[keyof T & string];
type FlowGuard = Named<FlowGuards>;
type FlowAction = Named<FlowActions>;
type FlowActor = { [K in keyof FlowActors & string]: { src: K; logic: FlowActors[K]; id: string | undefined } }[keyof FlowActors & string];

/** A state of the flow machine, naming only the flow's guards, actions and actors. */
export type FlowStateConfig = StateNodeConfig<FlowContext, FlowEvent, FlowActor, FlowAction, FlowGuard, never, string, unknown, EventObject, MetaObject, MetaObject>;

/** A transition taken on `E` (by default, any of the flow's events), naming only the flow's guards and actions. */
export type FlowTransition<E extends EventObject = FlowEvent> = TransitionConfig<FlowContext, E, FlowEvent, FlowActor, FlowAction, FlowGuard, never>;

/** Invoke/spawn ids; the matching done/error events are `xstate.done.actor.<id>`. */
export const ACTOR_IDS = { catalog: 'catalog', save: 'save', check: 'check', stepCall: 'step-call', lookupPrefix: 'lookup.', quotePrefix: 'quote.' } as const;

/** The tag of every state that waits for the API (catalog, a step's call, save, payment check). */
export const BUSY = 'busy';
