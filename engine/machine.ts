import { and, assign, enqueueActions, fromPromise, not, raise, setup } from 'xstate';
import type {
  ApiPort,
  FieldErrors,
  FlowData,
  MessageId,
  PaymentDetails,
  PolicyResult,
  Price,
  ProductDefinition,
  StepDefinition,
} from './definition';
import { failureMessageId, isBindingFailure } from './failure';
import { deepEqual, valueAt } from './paths';
import { parseShowKey } from './visibility';

/** Progress of one step (spec §4): `active` = opened (reached and not backed out of). */
export interface StepProgress {
  status: 'active' | 'inactive';
  completed: boolean;
}

export type StepsProgress = Record<string, StepProgress>;

/** The last error of the flow; `field` also places it on a form field, `modal` opens the error dialog. */
export interface FlowError {
  messageId: MessageId;
  field?: { step: string; path: string };
  modal?: boolean;
}

/** A lookup running as a spawned child (`lookup.<seq>`). */
interface PendingLookup {
  /** Which `definition.binding.lookups` entry. */
  lookup: number;
  /** Row index inside the `rows` array; null when the step object itself is looked up. */
  row: number | null;
  /** `lookup:row` identity used for `lookupKeys`. */
  rowKey: string;
  key: string;
}

export interface FlowContext {
  data: FlowData;
  steps: StepsProgress;
  catalog: unknown;
  price: Price | null;
  payment: PaymentDetails | null;
  policy: PolicyResult | null;
  loading: boolean;
  error: FlowError | null;
  fieldErrors: FieldErrors;
  /** Last lookup key started for each row (`<lookup>:<row>`). */
  lookupKeys: Record<string, string>;
  pending: Record<string, PendingLookup>;
  lookupSeq: number;
  /** The visitor pressed "check" (an automatic check stays silent when unpaid). */
  checkRequested: boolean;
  /** Step to land on once the catalog is loaded (draft resume). */
  resumeStep: string | null;
}

/** What a saved draft gives back to a new flow. */
export interface FlowResume {
  step: string;
  data: FlowData;
  steps: StepsProgress;
  payment: PaymentDetails | null;
  policy: PolicyResult | null;
}

export interface FlowInput {
  resume?: FlowResume | null;
}

export type FlowEvent =
  | { type: 'step.next'; data: Record<string, unknown> }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: string }
  | { type: 'flow.reset' }
  | { type: 'field.changed'; step: string; data: Record<string, unknown> }
  | { type: 'payment.check' }
  | { type: 'payment.confirmed'; policy?: PolicyResult }
  | { type: 'retry' }
  | { type: 'error.dismiss' };

export interface FlowDeps {
  api: ApiPort;
  /** Where payment providers return the visitor: the flow page at its payment step. */
  returnPath: string;
}

export interface SaveInput {
  data: FlowData;
  price: Price | null;
}

export interface CheckInput {
  payment: PaymentDetails | null;
}

export interface LookupInput {
  lookup: number;
  row: Record<string, unknown>;
}

/** Invoke/spawn ids; the matching done/error events are `xstate.done.actor.<id>`. */
export const ACTOR_IDS = { catalog: 'catalog', save: 'save', check: 'check', lookupPrefix: 'lookup.' } as const;

const FLOW_ID = 'flow';
const BOOT = 'boot';

function initialSteps(steps: StepDefinition[]): StepsProgress {
  return Object.fromEntries(
    steps.map((s, i) => [s.id, { status: i === 0 ? 'active' : 'inactive', completed: false } as StepProgress]),
  );
}

function rowPath(rows: string | undefined, row: number | null): string {
  return rows === undefined || row === null ? '' : `/${rows}/${row}`;
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

function setFieldError(errors: FieldErrors, step: string, path: string, id: MessageId): FieldErrors {
  return { ...errors, [step]: { ...errors[step], [path]: id } };
}

function clearFieldError(errors: FieldErrors, step: string, path: string): FieldErrors {
  const forStep = errors[step];
  if (!forStep || !(path in forStep)) return errors;
  return { ...errors, [step]: withoutKey(forStep, path) };
}

/**
 * Builds the stepper machine of a product definition (DESIGN.md "The stepper machine"): one state
 * per step id under the root `#flow`, plus `boot` while the catalog loads. Guards, actions and actors
 * are registered by name, so tests swap the API side with `machine.provide({ actors })`.
 * Throws when a skip rule, field effect or show rule names a guard/action/step the definition does not define.
 */
export function createFlowMachine<D extends FlowData, C>(definition: ProductDefinition<D, C>, deps: FlowDeps) {
  const { steps, machine: rules, binding } = definition;
  const ids = steps.map((s) => s.id);
  const firstStep = ids[0];
  if (firstStep === undefined) throw new Error(`${definition.id}: a flow needs at least one step`);
  const downloadStep = steps.find((s) => s.component === 'download')?.id ?? null;
  const lookups = binding.lookups ?? [];

  /** A lookup actor answered or failed: it is no longer pending; which lookup and row it was. */
  function settleLookup(context: FlowContext, event: { type: string }) {
    if (!('actorId' in event) || typeof event.actorId !== 'string') return null;
    const job = context.pending[event.actorId];
    const pending = withoutKey(context.pending, event.actorId);
    return { job, lookup: job ? lookups[job.lookup] : undefined, pending, loading: Object.keys(pending).length > 0 };
  }

  for (const [step, guard] of Object.entries(rules.skip ?? {})) {
    if (!rules.guards[guard]) throw new Error(`${definition.id}: skip rule of step "${step}" names unknown guard "${guard}"`);
  }
  for (const [field, action] of Object.entries(rules.onChange ?? {})) {
    if (!rules.actions[action]) throw new Error(`${definition.id}: field effect "${field}" names unknown action "${action}"`);
  }
  for (const [field, guard] of Object.entries(rules.show ?? {})) {
    const { step } = parseShowKey(field);
    if (!ids.includes(step)) throw new Error(`${definition.id}: show rule "${field}" names unknown step "${step}"`);
    if (!rules.guards[guard]) throw new Error(`${definition.id}: show rule "${field}" names unknown guard "${guard}"`);
  }

  // Definition functions are typed by the product's D and C; the machine stores the erased forms.
  const priceOf = (data: FlowData, catalog: unknown): Price | null =>
    catalog === null ? null : definition.pricing(data as D, catalog as C);
  const isSkipped = (step: string, data: FlowData): boolean => {
    const guard = rules.skip?.[step];
    const fn = guard ? rules.guards[guard] : undefined;
    return fn ? fn(data as D) : false;
  };

  /** Lookup children to start for `data`: rows whose key is set and differs from the last one started. */
  function lookupJobs(context: FlowContext, data: FlowData) {
    const jobs: { rowKey: string; key: string | null; lookup: number; row: number | null; value: Record<string, unknown> }[] = [];
    lookups.forEach((lookup, index) => {
      const object = data[lookup.step] ?? {};
      if (lookup.rows === undefined) {
        jobs.push({ rowKey: `${index}:self`, key: lookup.key(object), lookup: index, row: null, value: object });
        return;
      }
      const rows = object[lookup.rows];
      if (!Array.isArray(rows)) return;
      rows.forEach((value: unknown, row) => {
        const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
        jobs.push({ rowKey: `${index}:${row}`, key: lookup.key(record), lookup: index, row, value: record });
      });
    });
    return jobs.filter((job) => job.key !== (context.lookupKeys[job.rowKey] ?? null));
  }

  const machineSetup = setup({
    types: {
      context: {} as FlowContext,
      events: {} as FlowEvent,
      input: {} as FlowInput,
    },
    actors: {
      loadCatalog: fromPromise<unknown>(() => binding.load(deps.api)),
      save: fromPromise<PaymentDetails, SaveInput>(async ({ input }) => {
        if (!input.price) throw new Error('save: the price is not known yet');
        return binding.save(deps.api, input.data as D, input.price, { returnPath: deps.returnPath });
      }),
      check: fromPromise<PolicyResult | null, CheckInput>(async ({ input }) => {
        if (!input.payment) throw new Error('check: no payment details');
        return binding.check(deps.api, input.payment);
      }),
      lookup: fromPromise<Record<string, unknown>, LookupInput>(async ({ input }) => {
        const lookup = lookups[input.lookup];
        if (!lookup) throw new Error(`lookup ${input.lookup} is not defined`);
        return lookup.run(deps.api, input.row);
      }),
    },
    guards: {
      ...Object.fromEntries(
        Object.entries(rules.guards).map(([name, fn]) => [name, ({ context }: { context: FlowContext }) => fn(context.data as D)]),
      ),
      noPendingLookups: ({ context }) => Object.keys(context.pending).length === 0,
      isOwnStep: ({ event }, params: { step: string }) => event.type === 'field.changed' && event.step === params.step,
      resumeAt: ({ context }, params: { step: string }) => context.resumeStep === params.step,
      isPaid: ({ event }) => 'output' in event && event.output !== null && event.output !== undefined,
      hasPolicy: ({ context, event }) =>
        context.policy !== null || (event.type === 'payment.confirmed' && event.policy !== undefined),
      catalogLoaded: ({ context }) => context.catalog !== null,
      canGoto: ({ context, event }, params: { from: string; to: string }) => {
        if (event.type !== 'step.goto' || event.step !== params.to) return false;
        const from = ids.indexOf(params.from);
        const to = ids.indexOf(params.to);
        if (context.steps[params.to]?.status !== 'active' || isSkipped(params.to, context.data)) return false;
        if (to < from) return true;
        // Forward only over steps already completed, as pressing Next would have required.
        return ids.slice(from, to).every((id) => isSkipped(id, context.data) || context.steps[id]?.completed === true);
      },
    },
    actions: {
      startLoading: assign({ loading: true }),
      stopLoading: assign(({ context }) => ({ loading: Object.keys(context.pending).length > 0 })),
      clearError: assign({ error: null }),
      storeCatalog: assign(({ context, event }) => {
        const catalog = 'output' in event ? event.output : null;
        return { catalog, price: priceOf(context.data, catalog) };
      }),
      storeBootFailure: assign(({ event }) => ({
        error: { messageId: failureMessageId('error' in event ? event.error : null) },
      })),
      acceptStepData: assign(({ context, event }, params: { step: string }) => {
        if (event.type !== 'step.next') return {};
        const data = { ...context.data, [params.step]: event.data };
        return { data, price: priceOf(data, context.catalog), error: null };
      }),
      storePayment: assign(({ event }) => ({ payment: 'output' in event ? (event.output as PaymentDetails) : null })),
      storeSaveFailure: assign(({ context, event }) => {
        const failure = 'error' in event ? event.error : null;
        if (!isBindingFailure(failure)) {
          return { error: { messageId: 'maybe-data-is-incorrect', modal: true } };
        }
        const error: FlowError = { messageId: failure.messageId };
        if (failure.field) error.field = failure.field;
        if (failure.modal) error.modal = true;
        return {
          error,
          fieldErrors: failure.field
            ? setFieldError(context.fieldErrors, failure.field.step, failure.field.path, failure.messageId)
            : context.fieldErrors,
        };
      }),
      advance: assign(({ context }, params: { from: string; to: string; skipped: string[] }) => {
        const steps = { ...context.steps };
        steps[params.from] = { status: 'active', completed: true };
        for (const id of params.skipped) steps[id] = { status: 'inactive', completed: false };
        steps[params.to] = { status: 'active', completed: steps[params.to]?.completed ?? false };
        return { steps, error: null };
      }),
      retreat: assign(({ context }, params: { from: string; to: string; skipped: string[] }) => {
        const steps = { ...context.steps };
        steps[params.from] = { status: 'inactive', completed: false };
        for (const id of params.skipped) steps[id] = { status: 'inactive', completed: false };
        steps[params.to] = { status: 'active', completed: false };
        return { steps, error: null };
      }),
      changeField: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'field.changed') return;
        const previous = context.data;
        const before = previous[event.step] ?? {};
        if (deepEqual(before, event.data)) return;
        let data: FlowData = { ...previous, [event.step]: event.data };
        let fieldErrors = context.fieldErrors;
        // Messages sit on values; a value the visitor changed loses its message.
        for (const path of Object.keys(fieldErrors[event.step] ?? {})) {
          if (!deepEqual(valueAt(before, path), valueAt(event.data, path))) {
            fieldErrors = clearFieldError(fieldErrors, event.step, path);
          }
        }
        const changed = new Set([...Object.keys(before), ...Object.keys(event.data)]);
        for (const field of changed) {
          if (deepEqual(before[field], event.data[field])) continue;
          const actionName = rules.onChange?.[`${event.step}.${field}`];
          const action = actionName ? rules.actions[actionName] : undefined;
          if (!action) continue;
          const result = action(data as D, previous as D);
          data = result.data;
          for (const [step, errors] of Object.entries(result.errors ?? {})) {
            for (const [path, id] of Object.entries(errors)) fieldErrors = setFieldError(fieldErrors, step, path, id);
          }
        }
        const jobs = lookupJobs(context, data);
        const lookupKeys = { ...context.lookupKeys };
        let pending = context.pending;
        let seq = context.lookupSeq;
        for (const job of jobs) {
          // A row whose inputs changed again supersedes its running lookup.
          for (const [id, running] of Object.entries(pending)) {
            if (running.rowKey === job.rowKey) {
              enqueue.stopChild(id);
              pending = withoutKey(pending, id);
            }
          }
          if (job.key === null) {
            delete lookupKeys[job.rowKey];
            continue;
          }
          lookupKeys[job.rowKey] = job.key;
          const id = `${ACTOR_IDS.lookupPrefix}${seq++}`;
          pending = { ...pending, [id]: { lookup: job.lookup, row: job.row, rowKey: job.rowKey, key: job.key } };
          enqueue.spawnChild('lookup', { id, input: { lookup: job.lookup, row: job.value } });
        }
        const steps = { ...context.steps };
        const progress = steps[event.step];
        if (progress) steps[event.step] = { ...progress, completed: false };
        enqueue.assign({
          data,
          fieldErrors,
          steps,
          price: priceOf(data, context.catalog),
          pending,
          lookupKeys,
          lookupSeq: seq,
          loading: Object.keys(pending).length > 0,
        });
      }),
      mergeLookup: assign(({ context, event }) => {
        const settled = settleLookup(context, event);
        if (!settled) return {};
        const { job, lookup, pending, loading } = settled;
        if (!job || !lookup) return { pending, loading };
        const object = context.data[lookup.step] ?? {};
        const path = rowPath(lookup.rows, job.row);
        const answer = ('output' in event ? event.output : {}) as Record<string, unknown>;
        let nextObject: Record<string, unknown>;
        if (lookup.rows === undefined || job.row === null) {
          nextObject = { ...object, ...answer };
        } else {
          const rows = Array.isArray(object[lookup.rows]) ? [...(object[lookup.rows] as unknown[])] : [];
          const current = rows[job.row];
          if (typeof current !== 'object' || current === null) return { pending, loading };
          rows[job.row] = { ...current, ...answer };
          nextObject = { ...object, [lookup.rows]: rows };
        }
        const data = { ...context.data, [lookup.step]: nextObject };
        return {
          data,
          pending,
          loading,
          price: priceOf(data, context.catalog),
          fieldErrors: clearFieldError(context.fieldErrors, lookup.step, path || '/'),
        };
      }),
      storeLookupFailure: assign(({ context, event }) => {
        const settled = settleLookup(context, event);
        if (!settled) return {};
        const { job, lookup, pending, loading } = settled;
        if (!job || !lookup) return { pending, loading };
        const failure = 'error' in event ? event.error : null;
        const field = isBindingFailure(failure) && failure.field
          ? failure.field
          : { step: lookup.step, path: rowPath(lookup.rows, job.row) || '/' };
        return {
          pending,
          loading,
          fieldErrors: setFieldError(context.fieldErrors, field.step, field.path, failureMessageId(failure)),
        };
      }),
      requestCheck: assign({ checkRequested: true, error: null }),
      storePolicy: assign(({ event }) => ({ policy: 'output' in event ? (event.output as PolicyResult) : null })),
      confirmPayment: raise({ type: 'payment.confirmed' }),
      acceptConfirmation: assign(({ context, event }, params: { from: string; to: string }) => {
        const policy = event.type === 'payment.confirmed' && event.policy ? event.policy : context.policy;
        return {
          policy,
          steps: {
            ...context.steps,
            [params.from]: { status: 'active' as const, completed: true },
            [params.to]: { status: 'active' as const, completed: true },
          },
          error: null,
        };
      }),
      reportUnpaid: assign(({ context }) => ({
        checkRequested: false,
        error: context.checkRequested ? { messageId: 'payment_not_made' } : null,
      })),
      reportCheckFailure: assign(({ context, event }) => ({
        checkRequested: false,
        error: context.checkRequested ? { messageId: failureMessageId('error' in event ? event.error : null) } : null,
      })),
      resetFlow: enqueueActions(({ context, enqueue }) => {
        for (const id of Object.keys(context.pending)) enqueue.stopChild(id);
        const data = structuredClone(definition.initialData) as FlowData;
        enqueue.assign({
          data,
          steps: initialSteps(steps),
          price: priceOf(data, context.catalog),
          payment: null,
          policy: null,
          loading: false,
          error: null,
          fieldErrors: {},
          lookupKeys: {},
          pending: {},
          checkRequested: false,
          resumeStep: null,
        });
      }),
      forgetResume: assign({ resumeStep: null }),
    },
  });

  type Transition = {
    target: string;
    guard?: ReturnType<typeof and> | ReturnType<typeof not> | string;
    actions: { type: 'advance' | 'retreat'; params: { from: string; to: string; skipped: string[] } }[];
  };

  /** Guarded candidates for leaving step `index` in `direction`: the first step no skip rule removes. */
  function moves(index: number, direction: 1 | -1): Transition[] {
    const from = ids[index] as string;
    const result: Transition[] = [];
    const skippedBefore: string[] = [];
    for (let j = index + direction; j >= 0 && j < ids.length; j += direction) {
      const to = ids[j] as string;
      if (to === downloadStep) break;
      const skipGuard = rules.skip?.[to];
      const conditions = [...skippedBefore.map((id) => rules.skip?.[id] as string), ...(skipGuard ? [not(skipGuard)] : [])];
      const transition: Transition = {
        target: `#${FLOW_ID}.${to}`,
        actions: [{ type: direction === 1 ? 'advance' : 'retreat', params: { from, to, skipped: [...skippedBefore] } }],
      };
      if (conditions.length === 1) transition.guard = conditions[0];
      else if (conditions.length > 1) transition.guard = and(conditions as Parameters<typeof and>[0]);
      result.push(transition);
      if (!skipGuard) break;
      skippedBefore.push(to);
    }
    return result;
  }

  function gotoTransitions(from: string) {
    return ids
      .filter((to) => to !== from && to !== downloadStep)
      .map((to) => ({
        target: `#${FLOW_ID}.${to}`,
        guard: { type: 'canGoto' as const, params: { from, to } },
        actions: ['clearError' as const],
      }));
  }

  const stepStates: Record<string, object> = {};
  steps.forEach((step, index) => {
    const component = step.component ?? 'form';
    const navigation = {
      'step.back': moves(index, -1),
      'step.goto': gotoTransitions(step.id),
    };
    if (component === 'download') {
      stepStates[step.id] = {};
    } else if (component === 'payment') {
      const to = downloadStep;
      stepStates[step.id] = {
        initial: 'checking',
        states: {
          checking: {
            entry: 'startLoading',
            exit: 'stopLoading',
            invoke: {
              id: ACTOR_IDS.check,
              src: 'check',
              input: ({ context }: { context: FlowContext }) => ({ payment: context.payment }),
              onDone: [
                { guard: 'isPaid', target: 'idle', actions: ['storePolicy', 'confirmPayment'] },
                { target: 'idle', actions: 'reportUnpaid' },
              ],
              onError: { target: 'idle', actions: 'reportCheckFailure' },
            },
          },
          idle: {
            on: {
              'payment.check': { target: 'checking', actions: 'requestCheck' },
              retry: { target: 'checking', actions: 'requestCheck' },
              ...navigation,
            },
          },
        },
        on: to
          ? {
              'payment.confirmed': {
                guard: 'hasPolicy',
                target: `#${FLOW_ID}.${to}`,
                actions: { type: 'acceptConfirmation', params: { from: step.id, to } },
              },
            }
          : {},
      };
    } else {
      const next = { guard: 'noPendingLookups', actions: { type: 'acceptStepData', params: { step: step.id } } };
      stepStates[step.id] = {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'step.next': { ...next, target: step.submit === 'save' ? 'saving' : 'leaving' },
              'field.changed': { guard: { type: 'isOwnStep', params: { step: step.id } }, actions: 'changeField' },
              ...navigation,
            },
          },
          ...(step.submit === 'save'
            ? {
                saving: {
                  entry: 'startLoading',
                  exit: 'stopLoading',
                  invoke: {
                    id: ACTOR_IDS.save,
                    src: 'save',
                    input: ({ context }: { context: FlowContext }) => ({ data: context.data, price: context.price }),
                    onDone: { target: 'leaving', actions: 'storePayment' },
                    onError: { target: 'idle', actions: 'storeSaveFailure' },
                  },
                },
              }
            : {}),
          leaving: { always: moves(index, 1) },
        },
      };
    }
  });

  const bootTargets = [
    ...ids.map((id) => ({
      guard: { type: 'resumeAt' as const, params: { step: id } },
      target: `#${FLOW_ID}.${id}`,
      actions: 'forgetResume' as const,
    })),
    { target: `#${FLOW_ID}.${firstStep}`, actions: 'forgetResume' as const },
  ];

  type MachineConfig = Parameters<typeof machineSetup.createMachine>[0];

  return machineSetup.createMachine({
    id: FLOW_ID,
    context: ({ input }) => {
      const resume = input?.resume && ids.includes(input.resume.step) ? input.resume : null;
      return {
        data: resume ? resume.data : (structuredClone(definition.initialData) as FlowData),
        steps: resume ? resume.steps : initialSteps(steps),
        catalog: null,
        price: null,
        payment: resume?.payment ?? null,
        policy: resume?.policy ?? null,
        loading: false,
        error: null,
        fieldErrors: {},
        lookupKeys: {},
        pending: {},
        lookupSeq: 0,
        checkRequested: false,
        resumeStep: resume?.step ?? null,
      };
    },
    initial: BOOT,
    on: {
      'flow.reset': { guard: 'catalogLoaded', target: `.${firstStep}`, actions: 'resetFlow' },
      'error.dismiss': { actions: 'clearError' },
      [`xstate.done.actor.${ACTOR_IDS.lookupPrefix}*`]: { actions: 'mergeLookup' },
      [`xstate.error.actor.${ACTOR_IDS.lookupPrefix}*`]: { actions: 'storeLookupFailure' },
    },
    states: {
      [BOOT]: {
        initial: 'loading',
        states: {
          loading: {
            entry: 'startLoading',
            exit: 'stopLoading',
            invoke: {
              id: ACTOR_IDS.catalog,
              src: 'loadCatalog',
              onDone: { target: 'ready', actions: 'storeCatalog' },
              onError: { target: 'failed', actions: 'storeBootFailure' },
            },
          },
          failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
          ready: { always: bootTargets },
        },
      },
      ...stepStates,
    },
  } as MachineConfig);
}

export type FlowMachine = ReturnType<typeof createFlowMachine>;

/** The step id a snapshot value stands on, or null while the catalog loads. */
export function stepOf(value: unknown): string | null {
  const key = typeof value === 'string' ? value : value && typeof value === 'object' ? Object.keys(value)[0] : undefined;
  return key && key !== BOOT ? key : null;
}

/** True when a snapshot stands on `step` (and, when given, its sub-state `sub`: idle, saving, checking…). */
export function inState(snapshot: { value: unknown }, step: string, sub?: string): boolean {
  const value = snapshot.value;
  if (typeof value === 'string') return value === step && sub === undefined;
  if (!value || typeof value !== 'object') return false;
  const inner = (value as Record<string, unknown>)[step];
  return inner !== undefined && (sub === undefined || inner === sub);
}
