import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createFlowMachine, type FlowStateConfig, type FlowTransition } from '../machine';
import { carApi, carDefinition } from '../test-fixtures/car-definition';
import { sampleApi, sampleDefinition } from '../test-fixtures/sample-definition';
import { unimplementedNames } from './names-check';

const sampleMachine = () => createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' });

/** `record` without `name`: the states naming it then name what the machine lacks, as a misspelt name would. */
const without = <T>(record: Record<string, T>, name: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([key]) => key !== name));

describe('the names in the flow machine\'s states', () => {
  it('are all implemented, in every kind of state the engine builds', () => {
    expect(unimplementedNames(sampleMachine())).toEqual([]);
    expect(unimplementedNames(createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }))).toEqual([]);
  });

  it('are told, with their state, when the machine lacks one', () => {
    const machine = sampleMachine();
    const { guards, actions, actors } = machine.implementations;
    const lacking = unimplementedNames({
      root: machine.root,
      implementations: { ...machine.implementations, guards: without(guards, 'passOver'), actions: without(actions, 'clearError'), actors: without(actors, 'check') },
    });
    expect(lacking).toContain('flow.pay.idle on payment.check: action "clearError"');
    // Inside `not(...)`: people moves on to extras only when extras is not passed over.
    expect(lacking).toContain('flow.people.leaving always: guard "passOver"');
    expect(lacking).toContain('flow.pay.checking: actor "check"');
  });

  it('may be only what the machine implements: a misspelt guard or action is a type error', () => {
    // States as `stateConfigs` builds them: a payment step's idle state, a form step's.
    const payment: FlowStateConfig = { on: { 'payment.check': { target: 'checking', actions: 'clearError' } } };
    // @ts-expect-error the machine has no action "clearEror"
    const paymentMisspelt: FlowStateConfig = { on: { 'payment.check': { target: 'checking', actions: 'clearEror' } } };
    const form: FlowStateConfig = { on: { 'step.next': { guard: 'noPendingLookups', target: 'leaving', actions: [{ type: 'acceptStepData', params: { step: 'plan' } }] } } };
    // @ts-expect-error the machine has no guard "noPendingLookup"
    const formMisspelt: FlowStateConfig = { on: { 'step.next': { guard: 'noPendingLookup', target: 'leaving', actions: [{ type: 'acceptStepData', params: { step: 'plan' } }] } } };
    // A move, as `moves` builds them.
    const move: FlowTransition = { target: '#flow.extras', guard: { type: 'passOver', params: { step: 'extras' } }, actions: [{ type: 'advance', params: { from: 'plan', to: 'extras', skipped: [] } }] };
    // @ts-expect-error the machine has no guard "passedOver"
    const moveMisspelt: FlowTransition = { target: '#flow.extras', guard: { type: 'passedOver', params: { step: 'extras' } }, actions: [] };

    // Past its types (a cast), the same misspellings are each told by the walk.
    const states = { checking: {}, leaving: {}, extras: {}, payment, paymentMisspelt, form, formMisspelt, move: { always: move }, moveMisspelt: { always: moveMisspelt } };
    const { root } = createMachine({ id: 'flow', initial: 'payment', states } as never);
    expect(unimplementedNames({ root, implementations: sampleMachine().implementations })).toEqual([
      'flow.paymentMisspelt on payment.check: action "clearEror"',
      'flow.formMisspelt on step.next: guard "noPendingLookup"',
      'flow.moveMisspelt always: guard "passedOver"',
    ]);
  });
});
