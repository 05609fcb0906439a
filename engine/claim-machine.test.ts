import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import { createFlowMachine, isBusy, stepOf, type FlowInput, type FlowMachine } from './machine';
import { loadDraft, saveDraft } from './draft';
import { MemoryStorage } from './test-fixtures/memory-storage';
import { claimApi, claimDefinition, claimReceipt, ClaimFixtureFailure } from './test-fixtures/claim-definition';

type Snapshot = SnapshotFrom<FlowMachine>;
const at = (step: string) => (s: Snapshot) => stepOf(s.value) === step && !isBusy(s);

function start(api = claimApi(), input: FlowInput = {}) {
  const actor = createActor(createFlowMachine(claimDefinition, { api, returnPath: '/insurance-event/claims?step=policy' }), { input });
  actor.start();
  return { actor, api };
}

const event = { kind: 'theft', date: '2026-12-01', description: 'The car was stolen at night.' };

async function toConsent(actor: ReturnType<typeof start>['actor']) {
  await waitFor(actor, at('policy'));
  actor.send({ type: 'step.next', data: { policyNumber: 'P-1' } });
  await waitFor(actor, at('event'));
  actor.send({ type: 'step.next', data: event });
  return waitFor(actor, at('consent'));
}

describe('a claim run by the flow machine', () => {
  it('has no price, takes what its step call found, and once filed stands on its receipt, with its answers forgotten', async () => {
    const { actor, api } = start();
    await waitFor(actor, at('policy'));
    expect(actor.getSnapshot().context.price).toBeNull();
    actor.send({ type: 'step.next', data: { policyNumber: 'P-1' } });
    await waitFor(actor, at('event'));
    expect(actor.getSnapshot().context.data.policy).toEqual({ policyNumber: 'P-1', holder: 'Vali Aliyev' });
    actor.send({ type: 'step.next', data: event });
    await waitFor(actor, at('consent'));
    actor.send({ type: 'step.next', data: { agree: true } });
    await waitFor(actor, () => api.filings.length === 1);
    expect(isBusy(actor.getSnapshot())).toBe(true);
    const filing = api.filings[0];
    expect(filing?.path).toBe('/claims/file');
    expect(JSON.parse((filing?.body as { claim: string }).claim)).toEqual({ data: { policy: { policyNumber: 'P-1', holder: 'Vali Aliyev' }, event: { ...event, photos: [] }, consent: { agree: true } } });
    filing?.answer();
    const filed = await waitFor(actor, at('receipt'));
    expect(filed.context.receipt).toEqual(claimReceipt);
    expect(filed.context.payment).toBeNull();
    expect(filed.context.data).toEqual(claimDefinition.initialData);
    expect(filed.context.steps.consent).toEqual({ status: 'active', completed: true });
  });

  it('never goes back from the receipt: a filed claim is not filed again', async () => {
    const { actor, api } = start();
    await toConsent(actor);
    actor.send({ type: 'step.next', data: { agree: true } });
    await waitFor(actor, () => api.filings.length === 1);
    api.filings[0]?.answer();
    await waitFor(actor, at('receipt'));
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.goto', step: 'consent' });
    actor.send({ type: 'step.goto', step: 'policy' });
    expect(stepOf(actor.getSnapshot().value)).toBe('receipt');
    expect(api.filings).toHaveLength(1);
  });

  it('no step goes to the receipt but the filing', async () => {
    const { actor } = start();
    await toConsent(actor);
    actor.send({ type: 'step.goto', step: 'receipt' });
    expect(stepOf(actor.getSnapshot().value)).toBe('consent');
  });

  it('a refusal of the filing goes to its field, as a save\'s does, and the visitor stays to correct it', async () => {
    const { actor, api } = start();
    await toConsent(actor);
    actor.send({ type: 'step.next', data: { agree: true } });
    await waitFor(actor, () => api.filings.length === 1);
    api.filings[0]?.refuse(new ClaimFixtureFailure('claim_event_outside_cover', { step: 'event', path: '/date' }));
    const refused = await waitFor(actor, at('consent'));
    expect(refused.context.fieldErrors.event).toEqual({ '/date': 'claim_event_outside_cover' });
    expect(refused.context.error).toMatchObject({ messageId: 'claim_event_outside_cover', field: { step: 'event', path: '/date' } });
    expect(refused.context.receipt).toBeNull();
  });

  it('a policy the step call does not find keeps the visitor on the step with the message at its field', async () => {
    const { actor } = start();
    await waitFor(actor, at('policy'));
    actor.send({ type: 'step.next', data: { policyNumber: 'P-9' } });
    const refused = await waitFor(actor, at('policy'));
    expect(refused.context.fieldErrors.policy).toEqual({ '/policyNumber': 'claim_policy_not_found' });
  });

  it('a reload resumes the claim where it was, and a filed claim\'s reload shows its receipt, not the answers', async () => {
    const storage = new MemoryStorage();
    const first = start();
    await toConsent(first.actor);
    saveDraft(storage, claimDefinition, first.actor.getSnapshot());
    const resumed = start(claimApi(), { resume: loadDraft(storage, claimDefinition) });
    const again = await waitFor(resumed.actor, at('consent'));
    expect(again.context.data.event).toMatchObject(event);
    resumed.actor.send({ type: 'step.next', data: { agree: true } });
    await waitFor(resumed.actor, () => resumed.api.filings.length === 1);
    resumed.api.filings[0]?.answer();
    saveDraft(storage, claimDefinition, await waitFor(resumed.actor, at('receipt')));
    const reloaded = start(claimApi(), { resume: loadDraft(storage, claimDefinition) });
    const shown = await waitFor(reloaded.actor, at('receipt'));
    expect(shown.context.receipt).toEqual(claimReceipt);
    expect(JSON.stringify(loadDraft(storage, claimDefinition))).not.toContain('P-1');
  });

  it('keeps its draft apart from the same product\'s purchase', () => {
    const storage = new MemoryStorage();
    storage.setItem('flow:claims', JSON.stringify({ product: 'claims', version: 1, step: 'plan', data: {}, steps: {} }));
    const { actor } = start();
    saveDraft(storage, claimDefinition, { value: 'policy', context: actor.getSnapshot().context });
    expect(storage.getItem('flow:claims')).toContain('"plan"');
    expect(loadDraft(storage, claimDefinition)?.step).toBe('policy');
  });
});
