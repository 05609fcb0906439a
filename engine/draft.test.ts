import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { draftKey, loadDraft, saveDraft, type FlowDraft } from './draft';
import { createFlowMachine, standsIn, stepOf } from './machine';
import { MemoryStorage } from './test-fixtures/memory-storage';
import { sampleApi, sampleDefinition, samplePayment, samplePolicy } from './test-fixtures/sample-definition';

const person = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev' };

function run(storage: Storage, paid: boolean) {
  const machine = createFlowMachine(sampleDefinition, { api: sampleApi({ paid }), returnPath: '/flow?step=pay' });
  const actor = createActor(machine, { input: { resume: loadDraft(storage, sampleDefinition) } });
  actor.subscribe((snapshot) => saveDraft(storage, sampleDefinition, snapshot));
  actor.start();
  return actor;
}

describe('drafts', () => {
  it('saves on every change and resumes on the saved step with the data', async () => {
    const storage = new MemoryStorage();
    const first = run(storage, false);
    await waitFor(first, (s) => stepOf(s.value) === 'plan');
    expect(storage.getItem(draftKey('sample'))).not.toBeNull();
    first.send({ type: 'step.next', data: { purpose: 'leisure', days: 4 } });
    first.send({ type: 'field.changed', step: 'people', data: { persons: [{ firstName: 'Vali' }] } });
    const draft = JSON.parse(storage.getItem('flow:sample') ?? '{}') as FlowDraft;
    expect(draft).toMatchObject({ product: 'sample', version: 3, step: 'people' });
    expect(draft.data.people).toEqual({ persons: [{ firstName: 'Vali' }] });
    expect(Date.parse(draft.savedAt)).not.toBeNaN();
    first.stop();

    const second = run(storage, false);
    const snap = await waitFor(second, (s) => stepOf(s.value) === 'people');
    expect(snap.context.data.plan).toEqual({ purpose: 'leisure', days: 4 });
    expect(snap.context.data.people).toEqual({ persons: [{ firstName: 'Vali' }] });
    expect(snap.context.steps.plan).toEqual({ status: 'active', completed: true });
    expect(snap.context.price?.total).toBe(4000);
  });

  it('returning from the payment page resumes at payment and checks', async () => {
    const storage = new MemoryStorage();
    const first = run(storage, false);
    await waitFor(first, (s) => stepOf(s.value) === 'plan');
    first.send({ type: 'step.next', data: { purpose: 'business', days: 4 } });
    first.send({ type: 'step.next', data: { persons: [person] } });
    first.send({ type: 'step.next', data: { agree: true, phone: '998901234567' } });
    await waitFor(first, (s) => standsIn(s, { pay: 'idle' }));
    first.stop();
    expect((JSON.parse(storage.getItem('flow:sample') ?? '{}') as FlowDraft).payment?.contractId).toBe(samplePayment.contractId);

    const back = run(storage, true);
    const snap = await waitFor(back, (s) => stepOf(s.value) === 'done');
    expect(snap.context.policy).toEqual(samplePolicy);
    expect(snap.context.payment?.contractId).toBe(samplePayment.contractId);
  });

  it('discards a draft of another version or shape', () => {
    const storage = new MemoryStorage();
    storage.setItem('flow:sample', JSON.stringify({ product: 'sample', version: 2, step: 'people', data: {}, steps: {} }));
    expect(loadDraft(storage, sampleDefinition)).toBeNull();
    expect(storage.getItem('flow:sample')).toBeNull();
    storage.setItem('flow:sample', JSON.stringify({ product: 'sample', version: 3, step: 'gone', data: {}, steps: {} }));
    expect(loadDraft(storage, sampleDefinition)).toBeNull();
    storage.setItem('flow:sample', '{not json');
    expect(loadDraft(storage, sampleDefinition)).toBeNull();
  });
});
