import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { offeredTo } from './applicant-offer';
import { startData } from './flow-start';
import { createFlowMachine, isBusy, stepOf, type FlowInput } from './machine';
import { initialSteps } from './machine/progress';
import { sampleApi, sampleDefinition } from './test-fixtures/sample-definition';

const definition = { ...sampleDefinition, applicant: { person: '/people/persons/0', phone: '/confirm/phone' } };

function run(input: FlowInput) {
  const actor = createActor(createFlowMachine(definition, { api: sampleApi(), returnPath: '/flow?step=pay' }), { input });
  actor.start();
  return actor;
}
const settled = (actor: ReturnType<typeof run>) => waitFor(actor, (s) => stepOf(s.value) !== null && !isBusy(s));
const started = (data: ReturnType<typeof startData>): FlowInput => ({ resume: { step: 'plan', data, steps: initialSteps(definition.steps), payment: null, policy: null, handedIn: true } });

describe('a flow started on given data (a renewal)', () => {
  it('keeps a new flow\'s defaults where the data leaves them out, and looks up its people at once, as if typed', async () => {
    const data = startData(definition, { people: { persons: [{ passport: 'AA1234567', birthday: '1990-05-15' }] } });
    expect(data.plan).toEqual(definition.initialData.plan);
    const snap = await settled(run(started(data)));
    expect(stepOf(snap.value)).toBe('plan');
    expect(snap.context.data.people?.persons).toEqual([{ passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev' }]);
  });

  it('a resumed draft asks nothing again: it keeps what its lookups said, even none (a story\'s seeded draft)', async () => {
    const data = startData(definition, { people: { persons: [{ passport: 'AA1234567', birthday: '1990-05-15' }] } });
    const { handedIn: _, ...draft } = started(data).resume!;
    const verdicts = { fieldErrors: {}, lookupKeys: { '0:0': 'AA1234567|1990-05-15' }, lookupFailures: {}, lookupAnswers: {} };
    for (const resume of [{ ...draft, verdicts }, draft]) {
      const snap = await settled(run({ resume }));
      expect(snap.context.data.people?.persons).toEqual([{ passport: 'AA1234567', birthday: '1990-05-15' }]);
    }
  });
});

describe('a signed-in client\'s details offered to the applicant', () => {
  const offer = (actor: ReturnType<typeof run>) => {
    const steps = offeredTo(definition.applicant, actor.getSnapshot().context.data, { passport: 'AA1234567', birthday: '1990-05-15' }, '998901234567');
    actor.send({ type: 'steps.offered', steps });
  };

  it('fill an empty applicant and phone, and the person is looked up as typed', async () => {
    const actor = run({});
    await settled(actor);
    offer(actor);
    const snap = await settled(actor);
    expect(snap.context.data.people?.persons).toEqual([{ passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev' }]);
    expect(snap.context.data.confirm).toMatchObject({ phone: '998901234567' });
  });

  it('overwrite nothing the visitor typed or a renewal filled: half a person stays theirs, a phone stays', async () => {
    const actor = run(started(startData(definition, { people: { persons: [{ birthday: '1985-11-02' }] }, confirm: { phone: '998971112233' } })));
    await settled(actor);
    offer(actor);
    const snap = await settled(actor);
    expect(snap.context.data.people?.persons).toEqual([{ birthday: '1985-11-02' }]);
    expect(snap.context.data.confirm).toMatchObject({ phone: '998971112233' });
  });
});
