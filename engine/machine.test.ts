import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from '@xstate/graph';
import {
  createFlowMachine,
  flowMachineFor,
  isBusy,
  isQuoting,
  standsIn,
  stepOf,
  type CheckInput,
  type FlowEvent,
  type FlowInput,
  type FlowMachine,
  type LookupInput,
  type QuoteInput,
  type SaveInput,
} from './machine';
import type { LookupBinding, PaymentCheck, PaymentDetails, Price } from './definition';
import { loadDraft, saveDraft } from './draft';
import { carApi, carDefinition } from './test-fixtures/car-definition';
import { MemoryStorage } from './test-fixtures/memory-storage';
import {
  SampleFailure,
  sampleApi,
  sampleDefinition,
  samplePayment,
  samplePolicy,
  type SampleCatalog,
} from './test-fixtures/sample-definition';

const catalog: SampleCatalog = { tiers: [{ id: 'basic', name: 'sample.tier.basic', rate: 1000 }] };
const person = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev' };

type Snapshot = SnapshotFrom<FlowMachine>;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(machine: FlowMachine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }), input: FlowInput = {}) {
  const actor = createActor(machine, { input });
  actor.start();
  return actor;
}

const at = (step: string) => (s: Snapshot) => stepOf(s.value) === step && !isBusy(s);

async function ready(actor: ReturnType<typeof start>, step = 'plan') {
  return waitFor(actor, at(step));
}

async function toConfirm(actor: ReturnType<typeof start>, purpose = 'leisure') {
  await ready(actor);
  actor.send({ type: 'step.next', data: { purpose, days: 5 } });
  actor.send({ type: 'step.next', data: { persons: [person] } });
  if (purpose === 'leisure') actor.send({ type: 'step.next', data: { luggage: true } });
  return waitFor(actor, at('confirm'));
}

/** Saves the sample flow and enters its payment step, where the payment checks answer `answers` in turn (then unpaid). */
async function toPayment(answers: PaymentCheck[]) {
  const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
    actors: { check: fromPromise<PaymentCheck, CheckInput>(async () => answers.shift() ?? null) },
  });
  const actor = start(machine);
  await toConfirm(actor);
  actor.send({ type: 'step.next', data: { agree: true, phone: '998901234567' } });
  return actor;
}

describe('flow machine', () => {
  it('refuses show rules naming an unknown guard or step', () => {
    const withShow = (show: Record<string, string>) => ({ ...sampleDefinition, machine: { ...sampleDefinition.machine, show } });
    expect(() => createFlowMachine(withShow({ 'plan.company': 'nope' }), { api: sampleApi(), returnPath: '/flow?step=pay' })).toThrow(/show rule "plan.company" names unknown guard "nope"/);
    expect(() => createFlowMachine(withShow({ 'gone.company': 'isBusiness' }), { api: sampleApi(), returnPath: '/flow?step=pay' })).toThrow(/unknown step "gone"/);
    expect(() => createFlowMachine(withShow({ plan: 'isBusiness' }), { api: sampleApi(), returnPath: '/flow?step=pay' })).toThrow(/is not "<step>.<field>"/);
  });

  it('flowMachineFor answers the machine made before for the same definition, API and return path, and a new one otherwise', async () => {
    const api = sampleApi();
    const made = flowMachineFor(sampleDefinition, { api, returnPath: '/flow?step=pay' });
    expect(flowMachineFor(sampleDefinition, { api, returnPath: '/flow?step=pay' })).toBe(made);
    const elsewhere = flowMachineFor(sampleDefinition, { api, returnPath: '/ru/flow?step=pay' });
    expect(elsewhere).not.toBe(made);
    expect(flowMachineFor(sampleDefinition, { api: sampleApi(), returnPath: '/ru/flow?step=pay' })).not.toBe(elsewhere);
    // A flow's files are its run's: a machine reading them is never handed to another.
    const files = { read: async () => null };
    const withFiles = flowMachineFor(sampleDefinition, { api, returnPath: '/flow?step=pay', files });
    expect(flowMachineFor(sampleDefinition, { api, returnPath: '/flow?step=pay', files })).not.toBe(withFiles);
    // One machine runs any number of flows: each actor has its own state.
    const first = start(made);
    const second = start(made);
    await ready(first);
    first.send({ type: 'step.next', data: { purpose: 'leisure', days: 5 } });
    await ready(second);
    expect(stepOf(first.getSnapshot().value)).not.toBe(stepOf(second.getSnapshot().value));
  });

  it('starts by loading the catalog and lands on the first step with the price', async () => {
    const actor = start();
    expect(isBusy(actor.getSnapshot())).toBe(true);
    expect(stepOf(actor.getSnapshot().value)).toBeNull();
    const snap = await ready(actor);
    expect(snap.context.catalog).toBeTruthy();
    expect(snap.context.price?.total).toBe(7 * 1 * 1000);
    expect(snap.context.steps.plan).toEqual({ status: 'active', completed: false });
    expect(snap.context.steps.people).toEqual({ status: 'inactive', completed: false });
  });

  it('a catalog handed in (the page rendered on the server) is not loaded again: the first snapshot stands on the first step with its price', () => {
    const api = sampleApi();
    let loads = 0;
    const counting = { ...api, get: <T,>(path: string) => ((loads += 1), api.get<T>(path)) };
    const machine = createFlowMachine(sampleDefinition, { api: counting, returnPath: '/flow?step=pay' });
    // Not started: what a server render and the hydrating render both see.
    const first = createActor(machine, { input: { catalog } }).getSnapshot();
    expect(stepOf(first.value)).toBe('plan');
    expect(isBusy(first)).toBe(false);
    expect(first.context.price?.total).toBe(7 * 1 * 1000);
    start(machine, { catalog });
    expect(loads).toBe(0);
  });

  it('a failed catalog load shows an error and accepts retry', async () => {
    let calls = 0;
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: {
        loadCatalog: fromPromise<unknown>(async () => {
          calls += 1;
          if (calls === 1) throw new SampleFailure('datas_not_found');
          return catalog;
        }),
      },
    });
    const actor = start(machine);
    const failed = await waitFor(actor, (s) => standsIn(s, { boot: 'failed' }));
    expect(failed.context.error).toEqual({ messageId: 'datas_not_found' });
    actor.send({ type: 'retry' });
    const snap = await ready(actor);
    expect(snap.context.error).toBeNull();
  });

  it('next marks the step completed and activates the next; back reopens the previous not completed', async () => {
    const actor = start();
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 10 } });
    let snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('people');
    expect(snap.context.data.plan).toEqual({ purpose: 'leisure', days: 10 });
    expect(snap.context.steps.plan).toEqual({ status: 'active', completed: true });
    expect(snap.context.steps.people).toEqual({ status: 'active', completed: false });
    expect(snap.context.price?.total).toBe(10_000);

    actor.send({ type: 'step.back' });
    snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('plan');
    expect(snap.context.steps.people).toEqual({ status: 'inactive', completed: false });
    expect(snap.context.steps.plan).toEqual({ status: 'active', completed: false });
    // Data survives going back.
    expect(snap.context.data.plan?.days).toBe(10);
  });

  it('the skip guard removes a step both going forward and back', async () => {
    const actor = start();
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'business', days: 3 } });
    actor.send({ type: 'step.next', data: { persons: [person] } });
    let snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('confirm');
    expect(snap.context.steps.extras).toEqual({ status: 'inactive', completed: false });
    actor.send({ type: 'step.back' });
    snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('people');
  });

  it('without the skip condition the step is shown', async () => {
    const actor = start();
    await toConfirm(actor, 'leisure');
    actor.send({ type: 'step.back' });
    expect(stepOf(actor.getSnapshot().value)).toBe('extras');
  });

  it('flow.reset returns to the first step with everything reset', async () => {
    const actor = start();
    await toConfirm(actor);
    actor.send({ type: 'flow.reset' });
    const snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('plan');
    expect(snap.context.data).toEqual(sampleDefinition.initialData);
    expect(Object.values(snap.context.steps).filter((s) => s.completed)).toHaveLength(0);
    expect(snap.context.steps.plan?.status).toBe('active');
    expect(snap.context.payment).toBeNull();
  });

  it('field.changed runs the named field effect and recomputes the price', async () => {
    const actor = start();
    await ready(actor);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 12 } });
    expect(actor.getSnapshot().context.price?.total).toBe(12_000);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'business', days: 12 } });
    const snap = actor.getSnapshot();
    expect(snap.context.data.plan).toEqual({ purpose: 'business', days: 30 });
    expect(snap.context.price?.total).toBe(30_000);
  });

  it('hands a field effect the flow\'s catalog, so a value can be derived from a price list', async () => {
    // The chosen tier's rate written beside it, as casco writes a car's catalogue value.
    const definition = {
      ...sampleDefinition,
      machine: {
        ...sampleDefinition.machine,
        onChange: { ...sampleDefinition.machine.onChange, 'plan.tier': 'tierRate' },
        actions: {
          ...sampleDefinition.machine.actions,
          tierRate: (next: typeof sampleDefinition.initialData, _previous: typeof sampleDefinition.initialData, loaded?: SampleCatalog) => {
            const rate = loaded?.tiers.find((t) => t.id === next.plan.tier)?.rate;
            return { data: { ...next, plan: { ...next.plan, company: rate === undefined ? 'none' : `rate ${rate}` } } };
          },
        },
      },
    };
    const actor = start(createFlowMachine(definition, { api: sampleApi(), returnPath: '/flow?step=pay' }));
    await ready(actor);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 7, tier: 'plus' } });
    expect(actor.getSnapshot().context.data.plan).toEqual({ purpose: 'leisure', days: 7, tier: 'plus', company: 'rate 2000' });
  });

  it('drops the message of a value a field effect rewrites', async () => {
    // Days over 30 are refused at the field; a new purpose sets them to 30, which takes the message away.
    const definition = {
      ...sampleDefinition,
      machine: {
        ...sampleDefinition.machine,
        onChange: { ...sampleDefinition.machine.onChange, 'plan.days': 'capDays' },
        actions: {
          ...sampleDefinition.machine.actions,
          capDays: (next: typeof sampleDefinition.initialData) => ((next.plan.days ?? 0) > 30 ? { data: next, errors: { plan: { '/days': 'too_many' } } } : { data: next }),
        },
      },
    };
    const actor = start(createFlowMachine(definition, { api: sampleApi(), returnPath: '/flow?step=pay' }));
    await ready(actor);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 40 } });
    expect(actor.getSnapshot().context.fieldErrors.plan).toEqual({ '/days': 'too_many' });
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'business', days: 40 } });
    expect(actor.getSnapshot().context.data.plan?.days).toBe(30);
    expect(actor.getSnapshot().context.fieldErrors.plan).toEqual({});
  });

  it('a field effect may clear a value and attach an error, removed when the value changes', async () => {
    const actor = start();
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ firstName: 'Вали' }] } });
    let snap = actor.getSnapshot();
    expect(snap.context.data.people).toEqual({ persons: [{ firstName: '' }] });
    expect(snap.context.fieldErrors.people).toEqual({ '/persons/0/firstName': 'use_latin_alphabet' });
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ firstName: 'Vali' }] } });
    snap = actor.getSnapshot();
    expect(snap.context.fieldErrors.people).toEqual({});
  });

  it('a lookup prefills the row, keeps loading on while it runs and refuses next meanwhile', async () => {
    const gate = deferred<Record<string, unknown>>();
    const keys: unknown[] = [];
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: {
        lookup: fromPromise<Record<string, unknown>, LookupInput>(async ({ input }) => {
          keys.push(input.row.passport);
          return gate.promise;
        }),
      },
    });
    const actor = start(machine);
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    const row = { passport: 'AA1234567', birthday: '1990-05-15' };
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ passport: 'AA12' }] } });
    expect(keys).toEqual([]);
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [row] } });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    // Same key again: no second lookup.
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...row, lastName: '' }] } });
    expect(keys).toEqual(['AA1234567']);
    actor.send({ type: 'step.next', data: { persons: [row] } });
    expect(stepOf(actor.getSnapshot().value)).toBe('people');
    gate.resolve({ firstName: 'Vali', lastName: 'Aliyev' });
    const snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.data.people?.persons).toEqual([{ ...row, lastName: 'Aliyev', firstName: 'Vali' }]);
  });

  it('a lookup\'s answer leaves alone what the visitor typed while it was on its way, and fills the rest', async () => {
    const gate = deferred<Record<string, unknown>>();
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: { lookup: fromPromise<Record<string, unknown>, LookupInput>(() => gate.promise) },
    });
    const actor = start(machine);
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    const row = { passport: 'AA1234567', birthday: '1990-05-15' };
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [row] } });
    // Half a first name typed, then the registry's whole name arrives.
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...row, firstName: 'Va' }] } });
    gate.resolve({ firstName: 'Vali', lastName: 'Aliyev' });
    const snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.data.people?.persons).toEqual([{ ...row, firstName: 'Va', lastName: 'Aliyev' }]);
  });

  it('a report naming the field the visitor changed takes that field alone: the rest may be older than the lookup\'s answer', async () => {
    const actor = start(createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }));
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    const row = { passport: 'AA1234567', birthday: '1990-05-15' };
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [row] }, path: ['persons'] });
    await waitFor(actor, (s) => !isBusy(s));
    expect(actor.getSnapshot().context.data.people?.persons).toEqual([{ ...row, firstName: 'Vali', lastName: 'Aliyev' }]);
    // A row added, then a key typed into it, reported with the form's data from before the names arrived.
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...row, firstName: 'Vali', lastName: 'Aliyev' }, {}] }, path: ['persons'] });
    const before = actor.getSnapshot().context.data.people;
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [row, { passport: 'AB76' }] }, path: ['persons', 1, 'passport'] });
    const people = actor.getSnapshot().context.data.people;
    expect(people?.persons).toEqual([{ ...row, firstName: 'Vali', lastName: 'Aliyev' }, { passport: 'AB76' }]);
    expect(people).not.toBe(before);
    // The visitor's own change of an answer the lookup gave, emptied included, stands.
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...row, firstName: 'Valijon', lastName: 'Aliyev' }, { passport: 'AB76' }] }, path: ['persons', 0, 'firstName'] });
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...row, firstName: 'Valijon' }, { passport: 'AB76' }] }, path: ['persons', 0, 'lastName'] });
    expect(actor.getSnapshot().context.data.people?.persons).toEqual([{ ...row, firstName: 'Valijon' }, { passport: 'AB76' }]);
  });

  it('a lookup\'s answer is a change like the visitor\'s: the field effects run on it, and the lookup reads the catalog', async () => {
    const catalogs: unknown[] = [];
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: {
        lookup: fromPromise<Record<string, unknown>, LookupInput>(async ({ input }) => {
          catalogs.push(input.catalog);
          // The registry writes names in Cyrillic; the Latin-only effect clears and names it.
          return { firstName: 'Вали', lastName: 'Aliyev' };
        }),
      },
    });
    const actor = start(machine);
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ passport: 'AA1234567', birthday: '1990-05-15' }] } });
    const snap = await waitFor(actor, (s) => !isBusy(s));
    expect((snap.context.data.people?.persons as unknown[] | undefined)?.[0]).toMatchObject({ firstName: '', lastName: 'Aliyev' });
    expect(snap.context.fieldErrors.people).toEqual({ '/persons/0/firstName': 'use_latin_alphabet' });
    expect(catalogs).toEqual([snap.context.catalog]);
  });

  it('an answer that brings another lookup\'s key starts that lookup, as if typed; the row answered is not asked again', async () => {
    const asked: string[] = [];
    const lookups: LookupBinding<SampleCatalog>[] = [
      // The registry's car answers its owner's tax number; the tax registry then the company's name.
      { step: 'plan', key: (plan) => (plan.purpose === 'business' ? `days ${String(plan.days)}` : null), run: async () => (asked.push('owner'), { days: 9, company: '301234567' }) },
      { step: 'plan', key: (plan) => (typeof plan.company === 'string' && plan.company !== '' ? plan.company : null), run: async (_api, plan) => (asked.push(`company ${String(plan.company)}`), { tier: 'basic' }) },
    ];
    const definition = { ...sampleDefinition, binding: { ...sampleDefinition.binding, lookups } };
    const actor = start(createFlowMachine(definition, { api: sampleApi(), returnPath: '/flow?step=pay' }));
    await ready(actor);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'business', days: 3 } });
    const snap = await waitFor(actor, (s) => !isBusy(s) && s.context.data.plan?.tier === 'basic');
    // The first answer rewrote its own key (the days): it is not asked again for it.
    expect(asked).toEqual(['owner', 'company 301234567']);
    expect(snap.context.data.plan).toMatchObject({ purpose: 'business', days: 9, company: '301234567', tier: 'basic' });
  });

  it('a failed lookup puts its message on the row', async () => {
    const actor = start();
    await ready(actor);
    actor.send({ type: 'step.next', data: { purpose: 'leisure', days: 1 } });
    actor.send({
      type: 'field.changed',
      step: 'people',
      data: { persons: [person, { passport: 'ZZ0000000', birthday: '2000-01-01' }] },
    });
    const snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.fieldErrors.people).toEqual({ '/persons/1': 'datas_not_found' });
  });

  it('save succeeds: loading while saving, payment stored, next step opened', async () => {
    const gate = deferred<PaymentDetails>();
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: {
        save: fromPromise<PaymentDetails, SaveInput>(() => gate.promise),
        check: fromPromise<PaymentCheck, CheckInput>(async () => null),
      },
    });
    const actor = start(machine);
    await toConfirm(actor);
    actor.send({ type: 'step.next', data: { agree: true, phone: '998901234567' } });
    let snap = actor.getSnapshot();
    expect(standsIn(snap, { confirm: 'saving' })).toBe(true);
    expect(isBusy(snap)).toBe(true);
    actor.send({ type: 'step.back' });
    expect(standsIn(actor.getSnapshot(), { confirm: 'saving' })).toBe(true);
    gate.resolve(samplePayment);
    snap = await waitFor(actor, at('pay'));
    expect(snap.context.payment).toEqual(samplePayment);
    expect(snap.context.steps.confirm?.completed).toBe(true);
  });

  it('save failure shows the binding message and stays on the step', async () => {
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: {
        save: fromPromise<PaymentDetails, SaveInput>(async () => {
          throw new SampleFailure('datas_not_found', { step: 'confirm', path: '/phone' });
        }),
      },
    });
    const actor = start(machine);
    await toConfirm(actor);
    actor.send({ type: 'step.next', data: { agree: true, phone: '998901234567' } });
    const snap = await waitFor(actor, (s) => standsIn(s, { confirm: 'idle' }));
    expect(isBusy(snap)).toBe(false);
    expect(snap.context.error).toEqual({ messageId: 'datas_not_found', field: { step: 'confirm', path: '/phone' } });
    expect(snap.context.fieldErrors.confirm).toEqual({ '/phone': 'datas_not_found' });
  });

  it('an unexpected save error opens the modal with the general message', async () => {
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' }).provide({
      actors: { save: fromPromise<PaymentDetails, SaveInput>(async () => Promise.reject(new TypeError('boom'))) },
    });
    const actor = start(machine);
    await toConfirm(actor);
    actor.send({ type: 'step.next', data: { agree: true, phone: '998901234567' } });
    const snap = await waitFor(actor, (s) => standsIn(s, { confirm: 'idle' }));
    expect(snap.context.error).toEqual({ messageId: 'maybe-data-is-incorrect', modal: true });
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('payment: automatic check stays silent when unpaid, an explicit one says so, paid moves to download', async () => {
    const actor = await toPayment([null, null, samplePolicy]);
    let snap = await waitFor(actor, (s) => standsIn(s, { pay: 'idle' }));
    expect(snap.context.error).toBeNull();
    actor.send({ type: 'payment.check' });
    expect(isBusy(actor.getSnapshot())).toBe(true);
    snap = await waitFor(actor, (s) => standsIn(s, { pay: 'idle' }));
    expect(snap.context.error).toEqual({ messageId: 'payment_not_made' });
    actor.send({ type: 'payment.check' });
    snap = await waitFor(actor, at('done'));
    expect(snap.context.policy).toEqual(samplePolicy);
    expect(snap.context.steps.pay).toEqual({ status: 'active', completed: true });
    expect(snap.context.error).toBeNull();
    // The flow is over: navigation is refused.
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.goto', step: 'plan' });
    expect(stepOf(actor.getSnapshot().value)).toBe('done');
  });

  it('payment: a declined card is said on arrival from the provider and the visitor can pay again', async () => {
    const actor = await toPayment(['declined', samplePolicy]);
    let snap = await waitFor(actor, (s) => standsIn(s, { pay: 'idle' }));
    expect(snap.context.error).toEqual({ messageId: 'engine.payment.declined' });
    expect(snap.context.payment).not.toBeNull();
    expect(snap.context.policy).toBeNull();
    actor.send({ type: 'payment.check' });
    snap = await waitFor(actor, at('done'));
    expect(snap.context.policy).toEqual(samplePolicy);
  });

  it('goto: back to any visited step, forward only over completed steps', async () => {
    const actor = start();
    await toConfirm(actor);
    actor.send({ type: 'step.goto', step: 'plan' });
    let snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('plan');
    // Browser forward over completed steps is allowed.
    actor.send({ type: 'step.goto', step: 'extras' });
    expect(stepOf(actor.getSnapshot().value)).toBe('extras');
    actor.send({ type: 'step.goto', step: 'people' });
    // Changing data invalidates the step; forward is refused until Next.
    actor.send({ type: 'field.changed', step: 'people', data: { persons: [{ ...person, lastName: 'Other' }] } });
    actor.send({ type: 'step.goto', step: 'confirm' });
    expect(stepOf(actor.getSnapshot().value)).toBe('people');
    // A never-visited step is out of reach.
    actor.send({ type: 'step.goto', step: 'pay' });
    expect(stepOf(actor.getSnapshot().value)).toBe('people');
    actor.send({ type: 'step.back' });
    snap = actor.getSnapshot();
    expect(stepOf(snap.value)).toBe('plan');
    // After Back the left step is inactive, so forward to it is refused.
    actor.send({ type: 'step.goto', step: 'people' });
    expect(stepOf(actor.getSnapshot().value)).toBe('plan');
    expect(actor.getSnapshot().context.steps.plan?.completed).toBe(false);
  });

  it('resumes on the saved step with data, and a payment resume checks again', async () => {
    const machine = createFlowMachine(sampleDefinition, { api: sampleApi({ paid: true }), returnPath: '/flow?step=pay' });
    const actor = start(machine, {
      resume: {
        step: 'pay',
        data: { plan: { purpose: 'business', days: 2 }, people: { persons: [person] }, extras: {}, confirm: { agree: true } },
        steps: {
          plan: { status: 'active', completed: true },
          people: { status: 'active', completed: true },
          extras: { status: 'inactive', completed: false },
          confirm: { status: 'active', completed: true },
          pay: { status: 'active', completed: false },
          done: { status: 'inactive', completed: false },
        },
        payment: samplePayment,
        policy: null,
      },
    });
    const snap = await waitFor(actor, at('done'));
    expect(snap.context.policy).toEqual(samplePolicy);
    expect(snap.context.data.plan?.days).toBe(2);
  });
});

describe('flow machine paths (@xstate/graph)', () => {
  const machine = createFlowMachine(sampleDefinition, { api: sampleApi(), returnPath: '/flow?step=pay' });
  // Each step is offered only its own form data, as the runner would send it.
  const payloads: Record<string, Record<string, unknown>[]> = {
    plan: [{ purpose: 'leisure', days: 3 }, { purpose: 'business', days: 3 }],
    people: [{ persons: [person] }],
    extras: [{ luggage: false }],
    confirm: [{ agree: true, phone: '998901234567' }],
  };
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as FlowEvent;
  const paths = getShortestPaths(machine, {
    events: (s: Snapshot): FlowEvent[] => [
      done('catalog', catalog),
      done('save', samplePayment),
      done('check', samplePolicy),
      { type: 'step.back' },
      ...(payloads[stepOf(s.value) ?? ''] ?? []).map((data) => ({ type: 'step.next' as const, data })),
    ],
    // Which steps were opened, and with what data, tells a skipped route from a shown one.
    serializeState: (s) => JSON.stringify([s.value, s.context.steps, s.context.data]),
  });
  const reached = (pred: (s: Snapshot) => boolean) => paths.filter((p) => pred(p.state as Snapshot));

  it('reaches every step, including the hidden download step', () => {
    for (const step of sampleDefinition.steps) {
      expect(reached((s) => stepOf(s.value) === step.id).length, step.id).toBeGreaterThan(0);
    }
  });

  it('has a path that takes the skip rule and one that does not', () => {
    const atConfirm = reached((s) => stepOf(s.value) === 'confirm');
    const skipped = atConfirm.filter((p) => (p.state as Snapshot).context.steps.extras?.status === 'inactive');
    const shown = atConfirm.filter((p) => (p.state as Snapshot).context.steps.extras?.completed === true);
    expect(skipped.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(0);
    expect(skipped[0]?.steps.some((step) => step.event.type === 'step.next' && 'data' in step.event && step.event.data?.purpose === 'business')).toBe(true);
  });
});

describe('flow machine: what the flow sets in a read-only field', () => {
  // A plan set from the days, drawn read-only, as an end of cover is set from its start.
  const definition: typeof sampleDefinition = {
    ...sampleDefinition,
    steps: sampleDefinition.steps.map((step) => (step.id === 'plan' ? { ...step, uiSchema: { ...step.uiSchema, tier: { 'ui:readonly': true } } } : step)),
    machine: {
      ...sampleDefinition.machine,
      onChange: { ...sampleDefinition.machine.onChange, 'plan.days': 'tierFromDays' },
      actions: { ...sampleDefinition.machine.actions, tierFromDays: (next) => ({ data: { ...next, plan: { ...next.plan, tier: (next.plan.days ?? 0) >= 10 ? 'plus' : 'basic' } } }) },
    },
  };

  it('is kept when the form reports the step without it, or with another value, and leaves with the flow\'s step', async () => {
    const actor = start(createFlowMachine(definition, { api: sampleApi(), returnPath: '/flow?step=pay' }));
    await ready(actor);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 12 } });
    expect(actor.getSnapshot().context.data.plan).toMatchObject({ days: 12, tier: 'plus' });
    // The form's report from before the flow's answer reached it: the flow's value stays, in a new object the form is handed again.
    const before = actor.getSnapshot().context.data.plan;
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 12 } });
    expect(actor.getSnapshot().context.data.plan).toEqual(before);
    expect(actor.getSnapshot().context.data.plan).not.toBe(before);
    actor.send({ type: 'field.changed', step: 'plan', data: { purpose: 'leisure', days: 12, tier: 'basic' } });
    expect(actor.getSnapshot().context.data.plan?.tier).toBe('plus');
    // Next from a form holding nothing newer than its last report (the runner then sends no data).
    actor.send({ type: 'step.next' });
    await ready(actor, 'people');
    expect(actor.getSnapshot().context.data.plan).toMatchObject({ days: 12, tier: 'plus' });
  });
});

describe('flow machine: calls on leaving a step, and the save before payment', () => {
  const car = { plate: '01A123BC', techPassport: 'AAF0390422', owner: 'VALI ALIYEV', model: 'Chevrolet Cobalt', year: 2022, found: true };
  const startCar = (api = carApi()) => {
    const actor = createActor(createFlowMachine(carDefinition, { api, returnPath: '/car?step=pay' }), { input: {} });
    actor.start();
    return actor;
  };
  const carAt = (step: string) => (s: Snapshot) => stepOf(s.value) === step && !isBusy(s);

  it('makes the step\'s call when Next leaves it, busy meanwhile, and merges its answer into another step', async () => {
    const api = carApi();
    const actor = startCar(api);
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'step.next', data: car });
    expect(standsIn(actor.getSnapshot(), { car: 'calling' })).toBe(true);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    const snap = await waitFor(actor, carAt('cover'));
    expect(api.calls).toContain('/car/policy-in-force');
    // Insured until 31.12.2030: the new cover starts the day after.
    expect(snap.context.data.cover).toEqual({ drivers: 'limited', startDate: '2031-01-01' });
    expect(snap.context.steps.car).toEqual({ status: 'active', completed: true });
  });

  it('a failed call keeps the visitor on the step with its message at the field it names', async () => {
    const actor = startCar();
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'step.next', data: { ...car, plate: '01Z777ZZ' } });
    const snap = await waitFor(actor, (s) => !isBusy(s));
    expect(stepOf(snap.value)).toBe('car');
    expect(snap.context.error).toEqual({ messageId: 'car-fixture.error.registry', field: { step: 'car', path: '/plate' } });
    expect(snap.context.fieldErrors.car).toEqual({ '/plate': 'car-fixture.error.registry' });
    // Another plate typed: the refusal, at the plate and above the step, spoke of the last one.
    actor.send({ type: 'field.changed', step: 'car', data: { ...car, plate: '01A123BC' } });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('takes away a failed lookup\'s message once its inputs change: a plate refused for a mistyped tech passport', async () => {
    const actor = startCar();
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'field.changed', step: 'car', data: { plate: '01A123BC', techPassport: 'AAF0000000' } });
    let snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.fieldErrors.car).toEqual({ '/plate': 'car-fixture.error.not-found' });
    // The plate stays as it was; only the tech passport is corrected.
    actor.send({ type: 'field.changed', step: 'car', data: { plate: '01A123BC', techPassport: 'AAF0390422' } });
    expect(actor.getSnapshot().context.fieldErrors.car).toEqual({});
    snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.fieldErrors.car).toEqual({});
    expect(snap.context.data.car).toMatchObject({ model: 'Chevrolet Cobalt' });
  });

  it('a plate the registry refuses after another car takes away that car\'s answer, but not what the visitor corrected', async () => {
    const actor = startCar();
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'field.changed', step: 'car', data: { plate: '01A123BC', techPassport: 'AAF0390422' } });
    let snap = await waitFor(actor, (s) => !isBusy(s) && s.context.data.car?.model === 'Chevrolet Cobalt');
    // The visitor corrects the owner's spelling, then types another car's tech passport, which the registry lacks.
    actor.send({ type: 'field.changed', step: 'car', data: { ...snap.context.data.car, owner: 'VALIY ALIYEV' } });
    actor.send({ type: 'field.changed', step: 'car', data: { ...actor.getSnapshot().context.data.car, techPassport: 'AAF0000000' } });
    snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.fieldErrors.car).toEqual({ '/plate': 'car-fixture.error.not-found' });
    expect(snap.context.data.car).toEqual({ plate: '01A123BC', techPassport: 'AAF0000000', owner: 'VALIY ALIYEV' });
  });

  it('a lookup\'s refusal outlives a reload: the draft keeps it, and the lookup is not asked again for the same car', async () => {
    const api = carApi();
    const actor = startCar(api);
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'field.changed', step: 'car', data: { plate: '01A123BC', techPassport: 'AAF0000000' } });
    await waitFor(actor, (s) => !isBusy(s) && s.context.fieldErrors.car?.['/plate'] !== undefined);
    const storage = new MemoryStorage();
    saveDraft(storage, carDefinition, actor.getSnapshot());
    const resume = loadDraft(storage, carDefinition);
    const calls = api.calls.length;
    const reloaded = createActor(createFlowMachine(carDefinition, { api, returnPath: '/car?step=pay' }), { input: { resume } });
    reloaded.start();
    let snap = await waitFor(reloaded, carAt('car'));
    expect(snap.context.fieldErrors.car).toEqual({ '/plate': 'car-fixture.error.not-found' });
    reloaded.send({ type: 'field.changed', step: 'car', data: { ...snap.context.data.car, plate: '01A123BC' } });
    expect(api.calls.slice(calls).filter((path) => path === '/car/vehicle')).toEqual([]);
    // Next refused on the step asks the registry again.
    reloaded.send({ type: 'lookups.retry', step: 'car' });
    snap = await waitFor(reloaded, (s) => !isBusy(s));
    expect(api.calls.slice(calls).filter((path) => path === '/car/vehicle')).toEqual(['/car/vehicle']);
    expect(snap.context.fieldErrors.car).toEqual({ '/plate': 'car-fixture.error.not-found' });
  });

  it('Next refused on a step whose lookup got no answer asks it again', async () => {
    let attempts = 0;
    const machine = createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: {
        lookup: fromPromise<Record<string, unknown>, LookupInput>(async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('offline');
          return { owner: 'VALI ALIYEV', model: 'Chevrolet Cobalt', year: 2022, found: true };
        }),
      },
    });
    const actor = createActor(machine, { input: {} });
    actor.start();
    await waitFor(actor, carAt('car'));
    actor.send({ type: 'field.changed', step: 'car', data: { plate: '01A123BC', techPassport: 'AAF0390422' } });
    let snap = await waitFor(actor, (s) => !isBusy(s) && s.context.fieldErrors.car?.['/'] !== undefined);
    actor.send({ type: 'lookups.retry', step: 'car' });
    snap = await waitFor(actor, (s) => !isBusy(s) && s.context.data.car?.model !== undefined);
    expect(attempts).toBe(2);
    expect(snap.context.fieldErrors.car).toEqual({});
    expect(snap.context.data.car).toMatchObject({ model: 'Chevrolet Cobalt' });
  });

  it('saves on the save step, or on the step before it when a skip rule removes it, always before payment', async () => {
    const saved: string[] = [];
    const machine = createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: {
        save: fromPromise<PaymentDetails, SaveInput>(async ({ input }) => {
          saved.push(String((input.data.cover as { drivers: string }).drivers));
          return samplePayment;
        }),
        // Unpaid: the flow stays on the payment step.
        check: fromPromise<PaymentCheck, CheckInput>(async () => null),
      },
    });
    for (const drivers of ['limited', 'unlimited'] as const) {
      const actor = createActor(machine, { input: {} });
      actor.start();
      await waitFor(actor, carAt('car'));
      actor.send({ type: 'step.next', data: car });
      await waitFor(actor, carAt('cover'));
      actor.send({ type: 'step.next', data: { drivers, startDate: '2031-01-01' } });
      if (drivers === 'limited') {
        const atDrivers = await waitFor(actor, carAt('drivers'));
        expect(atDrivers.context.payment).toBeNull();
        actor.send({ type: 'step.next', data: { drivers: [{ passport: 'AA1234567', licence: 'AF0557857' }] } });
      }
      const paying = await waitFor(actor, carAt('pay'));
      expect(paying.context.payment).toEqual(samplePayment);
      expect(paying.context.steps.drivers?.completed).toBe(drivers === 'limited');
    }
    expect(saved).toEqual(['limited', 'unlimited']);
  });

  it('passes over a step whose show rules hide all it asks, as a skip rule would: saving before payment, and back', async () => {
    // The drivers list shown only for a limited cover, with no skip rule: any driver leaves the step with nothing to ask.
    const shownOnly: typeof carDefinition = {
      ...carDefinition,
      machine: { ...carDefinition.machine, skip: {}, show: { ...carDefinition.machine.show, 'drivers.drivers': 'limitedDrivers' }, guards: { ...carDefinition.machine.guards, limitedDrivers: (data) => data.cover.drivers === 'limited' } },
    };
    const saved: string[] = [];
    const machine = createFlowMachine(shownOnly, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: {
        save: fromPromise<PaymentDetails, SaveInput>(async ({ input }) => {
          saved.push(String((input.data.cover as { drivers: string }).drivers));
          return samplePayment;
        }),
        check: fromPromise<PaymentCheck, CheckInput>(async () => null),
      },
    });
    for (const drivers of ['limited', 'unlimited'] as const) {
      const actor = createActor(machine, { input: {} });
      actor.start();
      await waitFor(actor, carAt('car'));
      actor.send({ type: 'step.next', data: car });
      await waitFor(actor, carAt('cover'));
      actor.send({ type: 'step.next', data: { drivers, startDate: '2031-01-01' } });
      if (drivers === 'limited') {
        await waitFor(actor, carAt('drivers'));
        actor.send({ type: 'step.next', data: { drivers: [{ passport: 'AA1234567', licence: 'AF0557857' }] } });
      }
      await waitFor(actor, carAt('pay'), { timeout: 2000 });
      actor.send({ type: 'step.back' });
      expect(stepOf(actor.getSnapshot().value)).toBe(drivers === 'limited' ? 'drivers' : 'cover');
    }
    expect(saved).toEqual(['limited', 'unlimited']);
  });

  it('refuses a definition whose step names a call its binding lacks', () => {
    const broken = { ...carDefinition, steps: carDefinition.steps.map((s) => (s.id === 'cover' ? { ...s, call: 'nope' } : s)) };
    expect(() => createFlowMachine(broken, { api: carApi(), returnPath: '/car?step=pay' })).toThrow(/step "cover" names unknown call "nope"/);
  });
});

describe('flow machine: the server quotes the price', () => {
  const car = { plate: '01A123BC', techPassport: 'AAF0390422', owner: 'VALI ALIYEV', model: 'Chevrolet Cobalt', year: 2022, found: true };

  it('shows the page\'s figure, asks the server when the key changes, keeps typing open meanwhile, and shows the server\'s answer', async () => {
    const gates: ReturnType<typeof deferred<Price>>[] = [];
    const asked: string[] = [];
    const machine = createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: {
        quote: fromPromise<Price, QuoteInput>(({ input }) => {
          asked.push(String((input.data.cover as { drivers: string }).drivers));
          const gate = deferred<Price>();
          gates.push(gate);
          return gate.promise;
        }),
        stepCall: fromPromise(async () => ({})),
      },
    });
    const actor = createActor(machine, { input: {} });
    actor.start();
    await waitFor(actor, (s) => stepOf(s.value) === 'car' && !isBusy(s));
    expect(asked).toEqual([]);
    actor.send({ type: 'step.next', data: car });
    let snap = await waitFor(actor, (s) => stepOf(s.value) === 'cover');
    // The key (plate and drivers) is complete: the page's own figure shows while the server is asked.
    expect(asked).toEqual(['limited']);
    expect(isQuoting(snap)).toBe(true);
    expect(snap.context.price?.total).toBe(100_000);
    // Typing goes on while the price is asked; Next waits for it.
    actor.send({ type: 'field.changed', step: 'cover', data: { drivers: 'limited', startDate: '2031-01-01' } });
    expect(actor.getSnapshot().context.data.cover).toEqual({ drivers: 'limited', startDate: '2031-01-01' });
    expect(asked).toEqual(['limited']);
    actor.send({ type: 'step.next', data: { drivers: 'limited', startDate: '2031-01-01' } });
    expect(stepOf(actor.getSnapshot().value)).toBe('cover');
    // A new key stops the running quote: its late answer is not shown.
    actor.send({ type: 'field.changed', step: 'cover', data: { drivers: 'unlimited', startDate: '2031-01-01' } });
    expect(asked).toEqual(['limited', 'unlimited']);
    expect(actor.getSnapshot().context.price?.total).toBe(200_000);
    gates[0]?.resolve({ total: 1, lines: [] });
    gates[1]?.resolve({ total: 205_000, lines: [{ label: 'car-fixture.price.base', amount: 200_000 }, { label: 'car-fixture.price.fee', amount: 5_000 }] });
    snap = await waitFor(actor, (s) => !isQuoting(s));
    expect(snap.context.price?.total).toBe(205_000);
    // Back to a key already quoted, and forth again: the server's answer for that key stays shown without asking again.
    actor.send({ type: 'field.changed', step: 'cover', data: { drivers: 'unlimited', startDate: '2031-01-02' } });
    expect(actor.getSnapshot().context.price?.total).toBe(205_000);
    expect(asked).toHaveLength(2);
  });

  it('asks no price for a car the registry has not answered for: a plate typed again after Back, key by key', async () => {
    const asked: string[] = [];
    const machine = createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: {
        quote: fromPromise<Price, QuoteInput>(async ({ input }) => {
          asked.push(String((input.data.car as { plate: string }).plate));
          return { total: 105_000, lines: [] };
        }),
        stepCall: fromPromise(async () => ({})),
      },
    });
    const actor = createActor(machine, { input: {} });
    actor.start();
    await waitFor(actor, (s) => stepOf(s.value) === 'car' && !isBusy(s));
    const typed = { plate: '01A123BC', techPassport: 'AAF0390422' };
    actor.send({ type: 'field.changed', step: 'car', data: typed });
    let snap = await waitFor(actor, (s) => s.context.data.car?.found === true && !isBusy(s));
    expect(asked).toEqual(['01A123BC']);
    actor.send({ type: 'step.next' });
    await waitFor(actor, (s) => stepOf(s.value) === 'cover' && !isBusy(s));
    actor.send({ type: 'step.back' });
    snap = await waitFor(actor, (s) => stepOf(s.value) === 'car' && !isBusy(s));
    const answered = snap.context.data.car ?? {};
    // The plate typed again: the last car's answer still stands beside each half-typed plate.
    for (const plate of ['0', '01', '01Z', '01Z7', '01Z77', '01Z777', '01Z777Z']) {
      actor.send({ type: 'field.changed', step: 'car', data: { ...answered, plate }, path: ['plate'] });
      expect(actor.getSnapshot().context.data.car).toMatchObject({ plate, found: true });
    }
    expect(asked).toEqual(['01A123BC']);
    expect(isQuoting(actor.getSnapshot())).toBe(false);
    // A whole plate with the last car's tech passport: the registry is asked, the calculator is not.
    actor.send({ type: 'field.changed', step: 'car', data: { ...answered, plate: '01Z777ZZ' }, path: ['plate'] });
    expect(Object.keys(actor.getSnapshot().context.pending)).toHaveLength(1);
    expect(asked).toEqual(['01A123BC']);
    snap = await waitFor(actor, (s) => !isBusy(s));
    expect(snap.context.fieldErrors.car?.['/plate']).toBeDefined();
    expect(asked).toEqual(['01A123BC']);
    // The car the registry answers for again: the server's price for it shows again.
    actor.send({ type: 'field.changed', step: 'car', data: { ...snap.context.data.car, plate: '01A123BC', techPassport: 'AAF0390422' } });
    snap = await waitFor(actor, (s) => s.context.data.car?.found === true && !isBusy(s));
    expect(snap.context.price?.total).toBe(105_000);
    expect(asked).toEqual(['01A123BC']);
  });

  it('keeps the page\'s figure when the server cannot quote', async () => {
    const machine = createFlowMachine(carDefinition, { api: carApi(), returnPath: '/car?step=pay' }).provide({
      actors: { quote: fromPromise<Price, QuoteInput>(async () => Promise.reject(new Error('calculator down'))) },
    });
    const actor = createActor(machine, { input: {} });
    actor.start();
    await waitFor(actor, (s) => stepOf(s.value) === 'car' && !isBusy(s));
    actor.send({ type: 'step.next', data: car });
    const snap = await waitFor(actor, (s) => stepOf(s.value) === 'cover' && !isBusy(s));
    expect(snap.context.price?.total).toBe(100_000);
    expect(snap.context.quote).toBeNull();
  });
});

describe('flow machine: a variant\'s preset', () => {
  it('starts with the fixed answers and keeps them whatever the form reports', async () => {
    const limited = { ...carDefinition, id: 'car-limited', preset: { cover: { drivers: 'limited' } } };
    const actor = createActor(createFlowMachine(limited, { api: carApi(), returnPath: '/car?step=pay' }), { input: {} });
    actor.start();
    await waitFor(actor, (s) => stepOf(s.value) === 'car' && !isBusy(s));
    expect(actor.getSnapshot().context.data.cover).toEqual({ drivers: 'limited' });
    actor.send({ type: 'step.next', data: { plate: '01A123BC', techPassport: 'AAF0390422', owner: 'VALI ALIYEV', model: 'Chevrolet Cobalt', year: 2022, found: true } });
    await waitFor(actor, (s) => stepOf(s.value) === 'cover' && !isBusy(s));
    actor.send({ type: 'field.changed', step: 'cover', data: { drivers: 'unlimited', startDate: '2031-01-01' } });
    expect(actor.getSnapshot().context.data.cover).toEqual({ drivers: 'limited', startDate: '2031-01-01' });
    actor.send({ type: 'step.next', data: { drivers: 'unlimited', startDate: '2031-01-01' } });
    // The drivers step stays: the preset, not the form, decides the skip.
    const snap = await waitFor(actor, (s) => stepOf(s.value) === 'drivers' && !isBusy(s));
    expect(snap.context.data.cover?.drivers).toBe('limited');
  });
});
