import type { StepDefinition } from '../definition';
import { FLOW_ID, moves, type MoveTransition } from './navigation';
import { ACTOR_IDS, BUSY, type FlowContext, type FlowStateConfig, type FlowTransition } from './types';

/** What an invoked or spawned actor's done and error events carry. */
export type DoneEvent<T> = { type: string; output: T; actorId?: string };
export type FailEvent = { type: string; error: unknown; actorId?: string };

/** Action params taken from a done event: `{ [key]: output }`. */
const outputAs = <K extends string>(key: K) => ({ event }: { event: DoneEvent<unknown> }) => ({ [key]: event.output }) as Record<K, never>;
/** Action params taken from an error event. */
export const failureOf = ({ event }: { event: FailEvent }) => ({ failure: event.error });

/**
 * The state configs of a flow's steps (one state per step id) and the boot targets (the resumed
 * step, else the first). They name the guards, actions and actors `createFlowMachine` sets up, typed
 * by `FlowStateConfig`. `passable`: the steps a skip or show rule may pass over; `saveBy`: the actor
 * of the save step, a purchase's save (a contract to pay) or a claim's filing (its receipt).
 */
export function stateConfigs(steps: StepDefinition[], passable: ReadonlySet<string>, saveBy: 'save' | 'file' = 'save') {
  const ids = steps.map((s) => s.id);
  const downloadStep = steps.find((s) => s.component === 'download')?.id ?? null;
  // The flow's end, a policy issued or a claim filed: never a step to go to or back from.
  const endSteps = new Set(steps.filter((s) => s.component === 'download' || s.component === 'receipt').map((s) => s.id));
  const saveIndex = steps.findIndex((s) => s.submit === 'save');

  const gotoTransitions = (from: string): FlowTransition[] =>
    ids
      .filter((to) => to !== from && !endSteps.has(to))
      .map((to) => ({ target: `#${FLOW_ID}.${to}`, guard: { type: 'canGoto', params: { from, to } }, actions: ['clearError'] }));

  /** The payment check, silent when unpaid (on arrival, also after the provider sent the visitor back) or saying so (the visitor asked). */
  const checkState = (reportUnpaid: boolean, busy = true): FlowStateConfig => ({
    // A poll while the visitor pays in another app checks in the background: nothing on the page waits for it.
    tags: busy ? [BUSY] : [],
    invoke: {
      id: ACTOR_IDS.check,
      src: 'check',
      input: ({ context }: { context: FlowContext }) => ({ payment: context.payment }),
      onDone: [
        { guard: { type: 'isPaid', params: outputAs('policy') }, target: 'idle', actions: [{ type: 'storePolicy', params: outputAs('policy') }, 'confirmPayment'] },
        // A refused card is said even on arrival: the visitor comes back from the provider's page to learn what to do.
        { guard: { type: 'isDeclined', params: outputAs('policy') }, target: 'idle', actions: ['reportDeclined'] },
        { target: 'idle', actions: reportUnpaid ? ['reportUnpaid'] : [] },
      ],
      onError: { target: 'idle', actions: reportUnpaid ? [{ type: 'reportCheckFailure', params: failureOf }] : [] },
    },
  });

  const stepStates: Record<string, FlowStateConfig> = {};
  steps.forEach((step, index) => {
    const component = step.component ?? 'form';
    const navigation = { 'step.back': moves(ids, passable, index, -1, downloadStep), 'step.goto': gotoTransitions(step.id) };
    if (component === 'download' || component === 'receipt') {
      stepStates[step.id] = {};
    } else if (component === 'payment') {
      stepStates[step.id] = {
        initial: 'arriving',
        states: {
          arriving: checkState(false),
          checking: checkState(true),
          polling: checkState(false, false),
          idle: {
            on: {
              'payment.check': { target: 'checking', actions: 'clearError' },
              'payment.poll': { target: 'polling' },
              retry: { target: 'checking', actions: 'clearError' },
              ...navigation,
            },
          },
        },
        on: downloadStep
          ? { 'payment.confirmed': { guard: 'hasPolicy', target: `#${FLOW_ID}.${downloadStep}`, actions: { type: 'acceptConfirmation', params: { from: step.id, to: downloadStep } } } }
          : {},
      };
    } else {
      const forward = moves(ids, passable, index, 1, downloadStep);
      // Moves that pass the save step (its own, or one that skips it) save first, then move.
      const passesSave = (move: MoveTransition) => {
        const from = move.actions[0]?.params;
        return saveIndex >= 0 && from !== undefined && ids.indexOf(from.to) > saveIndex
          && (index === saveIndex || from.skipped.includes(ids[saveIndex] ?? ''));
      };
      const saves = forward.some(passesSave);
      const { call } = step;
      stepStates[step.id] = {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'step.next': { guard: 'noPendingLookups', target: call ? 'calling' : 'leaving', actions: [{ type: 'acceptStepData', params: { step: step.id } }, 'requote'] },
              'field.changed': { guard: { type: 'isOwnStep', params: { step: step.id } }, actions: ['changeField', 'requote'] },
              'lookups.retry': { guard: { type: 'isOwnStep', params: { step: step.id } }, actions: 'retryLookups' },
              ...navigation,
            },
          },
          ...(call
            ? {
                calling: {
                  tags: [BUSY],
                  invoke: {
                    id: ACTOR_IDS.stepCall,
                    src: 'stepCall',
                    input: ({ context }: { context: FlowContext }) => ({ call, data: context.data, catalog: context.catalog }),
                    onDone: { target: 'leaving', actions: [{ type: 'mergeCallAnswer', params: outputAs('answer') }, 'requote'] },
                    onError: { target: 'idle', actions: [{ type: 'storeCallFailure', params: failureOf }, { type: 'logUnexpected', params: failureOf }] },
                  },
                },
              }
            : {}),
          leaving: { always: saves ? forward.map((move) => (passesSave(move) ? { ...move, target: 'saving', actions: [] } : move)) : forward },
          ...(saves
            ? {
                saving: {
                  tags: [BUSY],
                  invoke: {
                    id: ACTOR_IDS.save,
                    input: ({ context }: { context: FlowContext }) => ({ data: context.data, price: context.price }),
                    ...(saveBy === 'save'
                      ? { src: 'save', onDone: { target: 'advancing', actions: { type: 'storePayment', params: outputAs('payment') } } }
                      : { src: 'file', onDone: { target: 'advancing', actions: { type: 'storeReceipt', params: outputAs('receipt') } } }),
                    onError: { target: 'idle', actions: [{ type: 'storeCallFailure', params: failureOf }, { type: 'logUnexpected', params: failureOf }] },
                  },
                },
                // Saved: the same data takes the same move.
                advancing: { always: forward },
              }
            : {}),
        },
      };
    }
  });

  const bootTargets: FlowTransition[] = [
    ...ids.map((id): FlowTransition => ({ guard: { type: 'resumeAt', params: { step: id } }, target: `#${FLOW_ID}.${id}`, actions: 'forgetResume' })),
    { target: `#${FLOW_ID}.${ids[0]}`, actions: 'forgetResume' },
  ];

  /** The catalog load while booting. */
  const catalogLoad: FlowStateConfig = {
    tags: [BUSY],
    invoke: {
      id: ACTOR_IDS.catalog,
      src: 'loadCatalog',
      onDone: { target: 'ready', actions: { type: 'storeCatalog', params: outputAs('catalog') } },
      onError: { target: 'failed', actions: { type: 'storeBootFailure', params: failureOf } },
    },
  };

  return { stepStates, bootTargets, catalogLoad };
}
