import {
  assertEvent, assign, enqueueActions, fromPromise, raise, setup, type ActorRefFrom, type EventObject, type MetaObject, type NonReducibleUnknown, type SnapshotFrom, type StateValue,
} from 'xstate';
import { isClaim, type ApiPort, type FileSource, type FlowData, type FlowDefinition, type PaymentCheck, type PaymentDetails, type Price, type SaveContext, type ClaimReceipt } from './definition';
import { failureFieldMessage, failureMessageId, isBindingFailure } from './failure';
import { deepEqual, withValueAt } from './paths';
import { changedStep } from './machine/effects';
import { readOnlyPaths, withFlowOwned } from './machine/flow-owned';
import { failedLookup, mergedLookup, planLookups, withFailedLookupsForgotten, withoutUnsettledAnswers } from './machine/lookups';
import { FLOW_ID, mayGoto } from './machine/navigation';
import { stateConfigs, type DoneEvent, type FailEvent } from './machine/states';
import { advanced, initialSteps, retreated, setFieldError } from './machine/progress';
import {
  ACTOR_IDS, BUSY, type CheckInput, type FlowActions, type FlowActors, type FlowContext, type FlowError, type FlowEvent, type FlowGuards, type FlowInput, type FlowTransition,
  type LookupInput, type QuoteInput, type SaveInput, type StepCallInput,
} from './machine/types';
import { parseShowKey, showsNothing } from './visibility';

export * from './machine/types';

/** What the machine's actors need from the page. */
export interface FlowDeps {
  api: ApiPort;
  /** Where payment providers return the visitor: the flow page at its payment step. */
  returnPath: string;
  /** The bytes of the files the flow's data refers to, for a save that sends them. */
  files?: FileSource;
}

const BOOT = 'boot';


/**
 * Builds the stepper machine of a flow definition, a purchase's or a claim's (docs/conventions.md "The stepper machine"): one state
 * per step id under the root `#flow`, plus `boot` while the catalog loads. States that wait for the
 * API carry the `busy` tag. Guards, actions and actors are registered by name, so tests swap the
 * API side with `machine.provide({ actors })`.
 * Throws when a skip rule, field effect or show rule names a guard, action or step the definition does not define.
 */
export function createFlowMachine<D extends FlowData, C>(definition: FlowDefinition<D, C>, deps: FlowDeps) {
  const { steps, machine: rules, binding } = definition;
  // A claim has no price, no fixed answers and no payment: what follows reads a purchase's parts through these.
  const purchase = isClaim(definition) ? null : definition;
  const claim = isClaim(definition) ? definition : null;
  const saveContext = (): SaveContext => ({ returnPath: deps.returnPath, ...(deps.files ? { files: deps.files } : {}) });
  const ids = steps.map((s) => s.id);
  const firstStep = ids[0];
  if (firstStep === undefined) throw new Error(`${definition.id}: a flow needs at least one step`);
  const lookups = binding.lookups ?? [];
  const skip = rules.skip ?? {};
  for (const step of steps) {
    if (step.call && !binding.calls?.[step.call]) throw new Error(`${definition.id}: step "${step.id}" names unknown call "${step.call}"`);
  }

  for (const [step, guard] of Object.entries(skip)) {
    if (!rules.guards[guard]) throw new Error(`${definition.id}: skip rule of step "${step}" names unknown guard "${guard}"`);
  }
  for (const [field, action] of Object.entries(rules.onChange ?? {})) {
    if (!rules.actions[action]) throw new Error(`${definition.id}: field effect "${field}" names unknown action "${action}"`);
  }
  for (const [kind, map] of [['show', rules.show], ['lock', rules.lock]] as const) {
    for (const [field, guard] of Object.entries(map ?? {})) {
      const { step } = parseShowKey(field);
      if (!ids.includes(step)) throw new Error(`${definition.id}: ${kind} rule "${field}" names unknown step "${step}"`);
      if (!rules.guards[guard]) throw new Error(`${definition.id}: ${kind} rule "${field}" names unknown guard "${guard}"`);
    }
  }

  // Definition functions are typed by the product's D and C; the machine stores the erased forms.
  const priceOf = (data: FlowData, catalog: unknown): Price | null =>
    catalog === null || !purchase ? null : purchase.pricing(data as D, catalog as C);
  // The price of changed data; the previous object itself when the figures are the same, so what
  // shows the price does not redraw on every keystroke.
  const repriced = (previous: Price | null, data: FlowData, catalog: unknown): Price | null => {
    const next = priceOf(data, catalog);
    return deepEqual(previous, next) ? previous : next;
  };
  const preset = (purchase?.preset ?? {}) as Partial<Record<string, Record<string, unknown>>>;
  /** A step object with the variant's fixed answers in place, whatever was reported. */
  const withPreset = (step: string, object: Record<string, unknown>): Record<string, unknown> => (preset[step] ? { ...object, ...preset[step] } : object);
  /** Each step's read-only paths: the flow sets them, never the form (`machine/flow-owned.ts`). */
  const flowOwned = new Map(steps.map((step) => [step.id, readOnlyPaths(step.uiSchema)] as const));
  /** What the form reported of a step, with the flow's own read-only values in place, and its variant's fixed answers. */
  const fromForm = (step: string, reported: Record<string, unknown>, current: Record<string, unknown>): Record<string, unknown> =>
    withPreset(step, withFlowOwned(reported, current, flowOwned.get(step) ?? []));
  const initialData = (): FlowData => {
    const data = structuredClone(definition.initialData) as FlowData;
    for (const [step, fixed] of Object.entries(preset)) if (fixed) data[step] = { ...data[step], ...fixed };
    return data;
  };
  const quoteBinding = purchase?.binding.quote;
  const quoteKey = (data: FlowData): string | null => (quoteBinding ? quoteBinding.key(data as D) : null);
  // A step is passed over when its skip rule says so, or when its show rules hide all it asks.
  const shownBy = new Set(Object.keys(rules.show ?? {}).map((key) => parseShowKey(key).step));
  const isSkipped = (step: string, data: FlowData): boolean => {
    const guard = skip[step];
    const fn = guard ? rules.guards[guard] : undefined;
    if (fn?.(data as D)) return true;
    const definition = shownBy.has(step) ? steps.find((s) => s.id === step) : undefined;
    return definition !== undefined && (definition.component ?? 'form') === 'form' && showsNothing(rules, definition, data as D);
  };
  /** The steps a skip or show rule may remove, which the `passOver` guard judges. */
  const passable = new Set(ids.filter((id) => skip[id] !== undefined || shownBy.has(id)));

  // The names and params are those `FlowGuards`, `FlowActions` and `FlowActors` declare, which type
  // the states below: a state can name only a guard, action or actor set up here.
  const machineSetup = setup<FlowContext, FlowEvent, FlowActors, Record<never, never>, FlowActions, FlowGuards, never, string, FlowInput, NonReducibleUnknown, EventObject, MetaObject, MetaObject>({
    actors: {
      loadCatalog: fromPromise<unknown>(() => binding.load(deps.api)),
      save: fromPromise<PaymentDetails, SaveInput>(async ({ input }) => {
        if (!purchase) throw new Error('save: a claim is filed, not saved');
        if (!input.price || input.price.lowest) throw new Error('save: the price is not known yet');
        return purchase.binding.save(deps.api, input.data as D, input.price, saveContext());
      }),
      file: fromPromise<ClaimReceipt, SaveInput>(async ({ input }) => {
        if (!claim) throw new Error('file: a purchase is saved, not filed');
        return claim.binding.file(deps.api, input.data as D, saveContext());
      }),
      check: fromPromise<PaymentCheck, CheckInput>(async ({ input }) => {
        if (!input.payment || !purchase) throw new Error('check: no payment details');
        return purchase.binding.check(deps.api, input.payment);
      }),
      stepCall: fromPromise<Partial<FlowData>, StepCallInput>(async ({ input }) => {
        const run = binding.calls?.[input.call];
        if (!run) throw new Error(`call ${input.call} is not defined`);
        return run(deps.api, input.data as D, input.catalog as C);
      }),
      quote: fromPromise<Price, QuoteInput>(async ({ input }) => {
        if (!quoteBinding) throw new Error('quote: the binding quotes no price');
        return quoteBinding.run(deps.api, input.data as D, input.catalog as C);
      }),
      lookup: fromPromise<Record<string, unknown>, LookupInput>(async ({ input }) => {
        const lookup = lookups[input.lookup];
        if (!lookup) throw new Error(`lookup ${input.lookup} is not defined`);
        return lookup.run(deps.api, input.row, input.catalog as C);
      }),
    },
    guards: {
      passOver: ({ context }, params) => isSkipped(params.step, context.data),
      // Next waits for lookups and for the server's price (typing never does).
      noPendingLookups: ({ context }) => Object.keys(context.pending).length === 0 && context.quoting === null,
      isOwnStep: ({ event }, params) => (event.type === 'field.changed' || event.type === 'lookups.retry') && event.step === params.step,
      resumeAt: ({ context }, params) => context.resumeStep === params.step,
      isPaid: (_, params) => typeof params.policy === 'object' && params.policy !== null,
      isDeclined: (_, params) => params.policy === 'declined',
      hasPolicy: ({ context, event }) => context.policy !== null || (event.type === 'payment.confirmed' && event.policy !== undefined),
      catalogLoaded: ({ context }) => context.catalog !== null,
      canGoto: ({ context, event }, params) =>
        event.type === 'step.goto' && event.step === params.to
        && mayGoto(ids, context.steps, (step) => isSkipped(step, context.data), params.from, params.to),
    },
    actions: {
      clearError: assign({ error: null }),
      storeCatalog: assign(({ context }, params) => ({ catalog: params.catalog, price: priceOf(context.data, params.catalog) })),
      storeBootFailure: assign((_, params) => ({ error: { messageId: failureMessageId(params.failure) } })),
      acceptStepData: assign(({ context, event }, params) => {
        assertEvent(event, 'step.next');
        // A form's submit with data of its own stands as sent (its live reports keep the flow's read-only values, `fromForm`).
        const data = event.data === undefined ? context.data : { ...context.data, [params.step]: withPreset(params.step, event.data) };
        return { data, price: priceOf(data, context.catalog), error: null };
      }),
      storePayment: assign((_, params) => ({ payment: params.payment })),
      // A filed claim keeps its receipt and forgets its answers (its draft holds no passport or card
      // once filed), so a reload shows the receipt and nothing could file it again.
      storeReceipt: assign((_, params) => ({ receipt: params.receipt, data: initialData(), fieldErrors: {}, lookupKeys: {}, lookupFailures: {}, lookupAnswers: {} })),
      // What opens the error dialog is not the visitor's to fix: it is logged for the insurer to see (requirements §8).
      logUnexpected: (_, params) => {
        const { failure } = params;
        if (!isBindingFailure(failure) || failure.modal) console.error(`${definition.id}: ${failure instanceof Error ? failure.message : String(failure)}`);
      },
      mergeCallAnswer: assign(({ context }, params) => {
        const data = { ...context.data } as FlowData;
        for (const [step, value] of Object.entries(params.answer)) if (value) data[step] = value;
        return { data, price: repriced(context.price, data, context.catalog) };
      }),
      storeCallFailure: assign(({ context }, params) => {
        const { failure } = params;
        if (!isBindingFailure(failure)) return { error: { messageId: 'maybe-data-is-incorrect', modal: true } };
        const error: FlowError = { messageId: failure.messageId };
        if (failure.values) error.values = failure.values;
        if (failure.field) error.field = failure.field;
        if (failure.modal) error.modal = true;
        return {
          error,
          fieldErrors: failure.field ? setFieldError(context.fieldErrors, failure.field.step, failure.field.path, failureFieldMessage(failure)) : context.fieldErrors,
        };
      }),
      advance: assign(({ context }, params) => ({ steps: advanced(context.steps, params), error: null })),
      retreat: assign(({ context }, params) => ({ steps: retreated(context.steps, params), error: null })),
      changeField: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'field.changed');
        const current = context.data[event.step] ?? {};
        const visitorsChange = event.path ? (withValueAt(current, event.data, event.path) ?? event.data) : event.data;
        const reported = fromForm(event.step, visitorsChange, current);
        if (deepEqual(current, reported)) {
          // The form lacked a value of the flow's: handed the step again, as a new object, the form shows it again.
          if (!deepEqual(current, withPreset(event.step, event.data))) enqueue.assign({ data: { ...context.data, [event.step]: { ...current } } });
          return;
        }
        const changed = changedStep(rules, context.data, context.fieldErrors, event.step, reported, context.catalog as C);
        const { data } = changed;
        const plan = planLookups(lookups, context, data, changed.fieldErrors);
        for (const id of plan.stop) enqueue.stopChild(id);
        for (const { id, input } of plan.spawn) enqueue.spawnChild('lookup', { id, input });
        const progress = context.steps[event.step];
        // A refusal placed on a field (a registry car of another year, said on leaving the step) goes with its field's message.
        const { error } = context;
        const errorAnswered = error?.field?.step === event.step && plan.context.fieldErrors[event.step]?.[error.field.path] === undefined;
        enqueue.assign({
          ...(errorAnswered ? { error: null } : {}),
          data,
          // Changed answers must be confirmed with Next again before the flow may jump past them.
          steps: progress?.completed ? { ...context.steps, [event.step]: { ...progress, completed: false } } : context.steps,
          price: repriced(context.price, data, context.catalog),
          ...plan.context,
        });
      }),
      // What an answer brings may be another lookup's key (a car's owner INN): that lookup starts as if typed.
      mergeLookup: enqueueActions(({ context, enqueue }, params) => {
        const answered = context.pending[params.actorId]?.rowKey;
        const merged = mergedLookup(context, lookups, rules, params.actorId, params.answer);
        if (!merged.data) return void enqueue.assign(merged);
        const plan = planLookups(lookups, { ...context, ...merged }, merged.data, merged.fieldErrors ?? context.fieldErrors, answered);
        for (const id of plan.stop) enqueue.stopChild(id);
        for (const { id, input } of plan.spawn) enqueue.spawnChild('lookup', { id, input });
        enqueue.assign({ ...merged, price: repriced(context.price, merged.data, context.catalog), ...plan.context });
      }),
      storeLookupFailure: assign(({ context }, params) => {
        const failed = failedLookup(context, lookups, rules, params.actorId, params.failure);
        return failed.data ? { ...failed, price: repriced(context.price, failed.data, context.catalog) } : failed;
      }),
      // Next refused on a step whose lookups failed: they are asked again, as if their inputs were typed anew.
      retryLookups: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'lookups.retry');
        const plan = planLookups(lookups, withFailedLookupsForgotten(lookups, context, event.step), context.data, context.fieldErrors);
        for (const id of plan.stop) enqueue.stopChild(id);
        for (const { id, input } of plan.spawn) enqueue.spawnChild('lookup', { id, input });
        enqueue.assign(plan.context);
      }),
      storePolicy: assign((_, params) => ({ policy: typeof params.policy === 'object' ? params.policy : null })),
      confirmPayment: raise({ type: 'payment.confirmed' }),
      acceptConfirmation: assign(({ context, event }, params) => ({
        policy: event.type === 'payment.confirmed' && event.policy ? event.policy : context.policy,
        steps: {
          ...context.steps,
          [params.from]: { status: 'active' as const, completed: true },
          [params.to]: { status: 'active' as const, completed: true },
        },
        error: null,
      })),
      reportUnpaid: assign({ error: { messageId: 'payment_not_made' } }),
      reportDeclined: assign({ error: { messageId: 'engine.payment.declined' } }),
      reportCheckFailure: assign((_, params) => ({ error: { messageId: failureMessageId(params.failure) } })),
      resetFlow: enqueueActions(({ context, enqueue }) => {
        for (const id of Object.keys(context.pending)) enqueue.stopChild(id);
        if (context.quoting) enqueue.stopChild(context.quoting.id);
        const data = initialData();
        enqueue.assign({
          data,
          steps: initialSteps(steps),
          price: priceOf(data, context.catalog),
          payment: null,
          policy: null,
          receipt: null,
          error: null,
          fieldErrors: {},
          lookupKeys: {},
          pending: {},
          lookupFailures: {},
          lookupAnswers: {},
          quote: null,
          quoting: null,
          resumeStep: null,
        });
      }),
      // The data handed in to start on (a renewal) is looked up as if typed; a draft keeps its lookups' verdicts.
      startLookups: enqueueActions(({ context, enqueue }) => {
        if (!context.lookUpStart) return;
        const plan = planLookups(lookups, context, context.data, context.fieldErrors);
        for (const { id, input } of plan.spawn) enqueue.spawnChild('lookup', { id, input });
        enqueue.assign({ ...plan.context, lookUpStart: false });
      }),
      // Steps offered from elsewhere reach the flow as the visitor's own typing would: effects run, lookups start.
      takeOffered: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'steps.offered');
        let { data, fieldErrors } = context;
        for (const [step, object] of event.steps) ({ data, fieldErrors } = changedStep(rules, data, fieldErrors, step, fromForm(step, object, data[step] ?? {}), context.catalog as C));
        const plan = planLookups(lookups, context, data, fieldErrors);
        for (const id of plan.stop) enqueue.stopChild(id);
        for (const { id, input } of plan.spawn) enqueue.spawnChild('lookup', { id, input });
        enqueue.assign({ data, price: repriced(context.price, data, context.catalog), ...plan.context });
      }),
      forgetResume: assign({ resumeStep: null }),
      // After any change of data: the server's price shows while its key still holds, and a new
      // quote is asked when the key changed (the one running for an older key is stopped). Not while
      // the key rests on a lookup's answer for inputs the data no longer holds (the last car's type
      // beside a plate being typed again): the registry must answer for the new ones first.
      requote: enqueueActions(({ context, enqueue }) => {
        if (!quoteBinding || context.catalog === null) return;
        const key = quoteKey(context.data);
        const settled = key === quoteKey(withoutUnsettledAnswers(lookups, context, context.data));
        let { quoting, quoteSeq } = context;
        if (quoting && quoting.key !== key) {
          enqueue.stopChild(quoting.id);
          quoting = null;
        }
        if (key !== null && settled && context.quote?.key !== key && quoting === null) {
          const id = `${ACTOR_IDS.quotePrefix}${quoteSeq++}`;
          quoting = { id, key };
          enqueue.spawnChild('quote', { id, input: { data: context.data, catalog: context.catalog } });
        }
        const quoted = context.quote && key !== null && context.quote.key === key ? context.quote.price : null;
        const price = quoted && !deepEqual(quoted, context.price) ? quoted : context.price;
        enqueue.assign({ quoting, quoteSeq, price });
      }),
      storeQuote: assign(({ context }, params) => {
        if (context.quoting?.id !== params.actorId) return {};
        const quote = { key: context.quoting.key, price: params.price };
        return { quote, quoting: null, price: deepEqual(context.price, quote.price) ? context.price : quote.price };
      }),
      // The page keeps its own figure when the server's price cannot be had.
      dropQuote: assign(({ context }, params) => (context.quoting?.id === params.actorId ? { quoting: null } : {})),
    },
  });

  const { stepStates, bootTargets, catalogLoad } = stateConfigs(steps, passable, claim ? 'file' : 'save');
  const spawnedAnswers = {
    [`xstate.done.actor.${ACTOR_IDS.lookupPrefix}*`]: {
      actions: [{ type: 'mergeLookup', params: ({ event }: { event: DoneEvent<Record<string, unknown>> }) => ({ actorId: event.actorId ?? '', answer: event.output }) }, 'requote'],
    } satisfies FlowTransition<DoneEvent<Record<string, unknown>>>,
    [`xstate.done.actor.${ACTOR_IDS.quotePrefix}*`]: {
      actions: { type: 'storeQuote', params: ({ event }: { event: DoneEvent<Price> }) => ({ actorId: event.actorId ?? '', price: event.output }) },
    } satisfies FlowTransition<DoneEvent<Price>>,
    [`xstate.error.actor.${ACTOR_IDS.quotePrefix}*`]: {
      actions: { type: 'dropQuote', params: ({ event }: { event: FailEvent }) => ({ actorId: event.actorId ?? '' }) },
    } satisfies FlowTransition<FailEvent>,
    [`xstate.error.actor.${ACTOR_IDS.lookupPrefix}*`]: {
      actions: [{ type: 'storeLookupFailure', params: ({ event }: { event: FailEvent }) => ({ actorId: event.actorId ?? '', failure: event.error }) }, 'requote'],
    } satisfies FlowTransition<FailEvent>,
  };

  return machineSetup.createMachine({
    id: FLOW_ID,
    context: ({ input }) => {
      const resume = input?.resume && ids.includes(input.resume.step) ? input.resume : null;
      const data = resume ? resume.data : initialData();
      const catalog = input?.catalog ?? null;
      return {
        data,
        steps: resume ? resume.steps : initialSteps(steps),
        catalog,
        price: priceOf(data, catalog),
        payment: resume?.payment ?? null,
        policy: resume?.policy ?? null,
        receipt: resume?.receipt ?? null,
        error: null,
        fieldErrors: resume?.verdicts?.fieldErrors ?? {},
        lookupKeys: resume?.verdicts?.lookupKeys ?? {},
        pending: {},
        lookupSeq: 0,
        lookupFailures: resume?.verdicts?.lookupFailures ?? {},
        lookupAnswers: resume?.verdicts?.lookupAnswers ?? {},
        quote: null,
        quoting: null,
        quoteSeq: 0,
        resumeStep: resume?.step ?? null,
        lookUpStart: resume?.handedIn === true,
      };
    },
    initial: BOOT,
    on: {
      'flow.reset': { guard: 'catalogLoaded', target: `.${firstStep}`, actions: ['resetFlow', 'requote'] },
      'error.dismiss': { actions: 'clearError' },
      'steps.offered': { guard: 'catalogLoaded', actions: ['takeOffered', 'requote'] },
      // XState types `on` by the flow's own events; these are its spawned lookups' and quotes' answers.
      ...(spawnedAnswers as Record<never, never>),
    },
    states: {
      [BOOT]: {
        initial: 'starting',
        states: {
          // A catalog handed in (the one the page was rendered with) is not loaded again.
          starting: { always: [{ guard: 'catalogLoaded', target: 'ready' }, { target: 'loading' }] },
          loading: catalogLoad,
          failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
          ready: { entry: ['startLookups', 'requote'], always: bootTargets },
        },
      },
      ...stepStates,
    },
  });
}

export type FlowMachine = ReturnType<typeof createFlowMachine>;

/** A running flow (what `useActorRef` makes of a flow machine). */
export type FlowActor = ActorRefFrom<FlowMachine>;

const lastMachines = new WeakMap<object, { deps: FlowDeps; machine: FlowMachine }>();

/**
 * `createFlowMachine`, answered from the last machine made for `definition` when `deps` are the same
 * (the same API port and return path, no files). Building a machine is a good part of a flow page's
 * first render on a phone: a page makes it here in a task of its own before hydrating, and the flow's
 * first render then finds it made. A machine holds no run's state (its actors do), so one serves
 * every run of the flow.
 */
export function flowMachineFor<D extends FlowData, C>(definition: FlowDefinition<D, C>, deps: FlowDeps): FlowMachine {
  const last = lastMachines.get(definition);
  if (last && last.deps.api === deps.api && last.deps.returnPath === deps.returnPath && !last.deps.files && !deps.files) return last.machine;
  const machine = createFlowMachine(definition, deps);
  lastMachines.set(definition, { deps, machine });
  return machine;
}
export type FlowSnapshot = SnapshotFrom<FlowMachine>;

/** The step id a snapshot value stands on, or null while the catalog loads. */
export function stepOf(value: unknown): string | null {
  const key = typeof value === 'string' ? value : value && typeof value === 'object' ? Object.keys(value)[0] : undefined;
  return key && key !== BOOT ? key : null;
}

/**
 * `snapshot.matches` for the flow's states (`{ payment: 'idle' }`, `{ boot: 'failed' }`): the step
 * states are built from the definition at run time, so their names are not in the machine's type.
 */
export function standsIn(snapshot: FlowSnapshot, value: StateValue): boolean {
  return snapshot.matches(value as never);
}

/** Whether the flow waits for the API: a busy state (catalog, call, save, payment check), a registry lookup or the server's price. */
export function isBusy(snapshot: { hasTag(tag: string): boolean; context: FlowContext }): boolean {
  return snapshot.hasTag(BUSY) || Object.keys(snapshot.context.pending).length > 0 || snapshot.context.quoting !== null;
}

/** Whether the server's price is being asked (the page's own figure shows meanwhile). */
export function isQuoting(snapshot: { context: FlowContext }): boolean {
  return snapshot.context.quoting !== null;
}
