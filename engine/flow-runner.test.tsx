// @vitest-environment jsdom
import { useCallback, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ApiPort } from './definition';
import { draftKey, type FlowDraft } from './draft';
import { FlowRunner, type FlowRunnerProps } from './flow-runner';
import { TypedChanges } from './widgets/deferred-change';
import { loadStepParts } from './step-parts';
import { engineI18n } from './test-fixtures/engine-i18n';
import { MemoryStorage } from './test-fixtures/memory-storage';
import { carApi, carDefinition, carMessages } from './test-fixtures/car-definition';
import { sampleApi, sampleDefinition, type SampleCatalog, type SampleData } from './test-fixtures/sample-definition';
import { registerSampleValidators, sampleMessages } from './test-fixtures/sample-validators';

afterEach(cleanup);

registerSampleValidators();

// As the site does before a flow renders (its first step's parts; here every step's, as the idle preload would).
beforeAll(() => Promise.all([...sampleDefinition.steps, ...carDefinition.steps].map(loadStepParts)));

function setup(overrides: Partial<FlowRunnerProps<SampleData, SampleCatalog>> = {}, locale: 'en' | 'ru' = 'en') {
  const storage = overrides.storage ?? new MemoryStorage();
  const onStepChange = vi.fn();
  const props: FlowRunnerProps<SampleData, SampleCatalog> = {
    definition: sampleDefinition,
    api: sampleApi(),
    stepInUrl: null,
    onStepChange,
    stepHref: (stepId) => `/flow?step=${stepId}`,
    storage,
    ...overrides,
  };
  const i18n = engineI18n(locale, sampleMessages);
  const view = render(
    <I18nProvider i18n={i18n}>
      <FlowRunner {...props} />
    </I18nProvider>,
  );
  const rerender = (next: Partial<FlowRunnerProps<SampleData, SampleCatalog>>) =>
    view.rerender(
      <I18nProvider i18n={i18n}>
        <FlowRunner {...props} {...next} />
      </I18nProvider>,
    );
  return { ...view, storage, onStepChange, rerender };
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('FlowRunner', () => {
  it('renders the stepper with every visible step and the first step current', async () => {
    const { onStepChange } = setup();
    await heading('Plan');
    const nav = screen.getByRole('navigation', { name: 'Purchase steps' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1Plan(current step)',
      '2People(not started)',
      '3Extras(not started)',
      '4Confirm(not started)',
      '5Payment(not started)',
    ]);
    expect(items[0]?.getAttribute('aria-current')).toBe('step');
    expect(onStepChange).toHaveBeenCalledWith('plan', 'replace');
    expect(screen.getByTestId('price-total').textContent).toBe('7 000 UZS');
  });

  it('offers a reset where the definition says, asks first, and then starts again with every answer cleared', async () => {
    const definition = { ...sampleDefinition, reset: { label: 'sample.step.plan', steps: ['people'], subject: (data: SampleData) => `${data.plan.days ?? 0} days` } };
    const { onStepChange } = setup({ definition });
    await heading('Plan');
    expect(screen.queryByTestId('reset-bar')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Days/), { target: { value: '10' } });
    // The step waits for its bar's code: an awaited act lets it arrive.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await heading('People');
    const bar = await screen.findByTestId('reset-bar');
    expect(bar.textContent).toContain('10 days');
    // Keeping the answers puts the focus back on the button that asked.
    fireEvent.click(within(bar).getByRole('button', { name: 'Plan' }));
    expect(within(bar).getByRole('group').textContent).toContain('Every answer will be cleared');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Plan'));
    fireEvent.click(within(bar).getByRole('button', { name: 'Keep my answers' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Plan'));
    expect(screen.getByRole('heading', { level: 2, name: 'People' })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Plan' }));
    fireEvent.click(within(screen.getByTestId('reset-bar')).getByRole('button', { name: 'Plan' }));
    await heading('Plan');
    expect(onStepChange).toHaveBeenLastCalledWith('plan', 'push');
    expect((screen.getByLabelText(/Days/) as HTMLInputElement).value).toBe('7');
  });

  it('a name the flow empties for its Cyrillic letters says only why, not also that it is empty', async () => {
    setup({}, 'en');
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Вали' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findAllByText('Fill in this field');
    const name = screen.getByLabelText(/First name/);
    const said = document.getElementById((name.getAttribute('aria-describedby') ?? '').split(' ')[0] ?? '');
    expect(said?.textContent).toBe('Use Latin letters');
  });

  it('a key the form has not taken in yet is in what Next sends, and a name the flow empties is shown empty, each time', async () => {
    setup();
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AA1234567' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '1990-05-15' } });
    const name = screen.getByLabelText(/First name/) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Vali'));
    // The widget shows a key at once and hands it to the form in a transition: typed and submitted
    // in one go, before React has drawn the transition, the form must still send what is shown.
    for (const typed of ['Вали', 'Вали']) {
      fireEvent.change(name, { target: { value: typed } });
      await waitFor(() => expect(name.value).toBe(''));
    }
    act(() => {
      fireEvent.change(name, { target: { value: 'Valijon' } });
      fireEvent.submit(name.form as HTMLFormElement);
    });
    await heading('Extras');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('People');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Valijon');
  });

  it('what the flow sets from a key typed just before Next (a plan from the days) goes on with the step', async () => {
    // As job loss sets the end of cover from its start: a field effect whose answer the form has not taken in when Next is sent.
    const definition: typeof sampleDefinition = {
      ...sampleDefinition,
      machine: {
        ...sampleDefinition.machine,
        onChange: { ...sampleDefinition.machine.onChange, 'plan.days': 'tierFromDays' },
        actions: { ...sampleDefinition.machine.actions, tierFromDays: (next) => ({ data: { ...next, plan: { ...next.plan, tier: (next.plan.days ?? 0) >= 10 ? 'plus' : 'basic' } } }) },
      },
    };
    const { storage } = setup({ definition });
    await heading('Plan');
    act(() => {
      fireEvent.change(screen.getByLabelText(/Days/), { target: { value: '12' } });
      fireEvent.submit(screen.getByLabelText(/Days/).closest('form') as HTMLFormElement);
    });
    await heading('People');
    await waitFor(() => {
      const draft = JSON.parse(storage.getItem(draftKey('sample')) ?? '{}') as FlowDraft;
      expect(draft.data?.plan).toMatchObject({ days: 12, tier: 'plus' });
    });
  });

  it('a key still on its way into the form when a lookup\'s answer arrives is kept, on screen and in the data, and the answer reaches the form after it', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const base = sampleApi();
    const api: ApiPort = { ...base, post: async (path, body) => (path === '/sample/person' ? answered.then(() => base.post(path, body)) : base.post(path, body)) };
    const { storage } = setup({ api });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AA1234567' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '1990-05-15' } });
    fireEvent.click(screen.getByRole('button', { name: '+ Add person' }));
    await waitFor(() => expect(screen.getAllByLabelText(/Passport/)).toHaveLength(2));
    const second = screen.getAllByLabelText(/Passport/)[1] as HTMLInputElement;
    const handed = vi.spyOn(TypedChanges.prototype, 'start');
    // The second row's passport goes into the form in a transition; the first row's names arrive
    // from the flow before that transition is drawn. As in a browser, not
    // in act(), which would draw the transition first: React's scheduler runs it in a later task,
    // the flow's answer is drawn in the microtasks after the lookup resolves.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(second, 'AB7654321');
      second.dispatchEvent(new Event('input', { bubbles: true }));
      answer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
    await waitFor(() => expect((screen.getAllByLabelText(/First name/)[0] as HTMLInputElement).value).toBe('Vali'));
    expect(second.value).toBe('AB 7654321');
    // Taken in once: the answer waited for the key, so the form never lost the key and it was not handed in again.
    expect(handed).toHaveBeenCalledTimes(1);
    handed.mockRestore();
    await waitFor(() => {
      const draft = JSON.parse(storage.getItem(draftKey('sample')) ?? '{}') as FlowDraft;
      const persons = (draft.data?.people as SampleData['people'] | undefined)?.persons;
      expect(persons?.map((person) => [person.passport, person.firstName])).toEqual([
        ['AA1234567', 'Vali'],
        ['AB7654321', undefined],
      ]);
    });
  });

  it('Next waits for the registry\'s answer to what was just typed, and a field the registry left to type is asked, not called empty', async () => {
    let answer = () => {};
    const base = sampleApi();
    const api: ApiPort = {
      ...base,
      post: async (path, body) => {
        if (path !== '/sample/person') return base.post(path, body);
        await new Promise<void>((resolve) => (answer = resolve));
        // The registry knows AC 1111111 without a Latin name: the visitor types it.
        return (body as { passport: string }).passport === 'AC1111111' ? { result: true, error: 0, message: '', response: { firstName: undefined, lastName: 'Aliyev' } } as never : base.post(path, body);
      },
    };
    setup({ api });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AC1111111' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '2012-03-20' } });
    fireEvent.submit(screen.getByLabelText(/Passport/).closest('form') as HTMLFormElement);
    await act(async () => answer());
    const name = screen.getByLabelText(/First name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Fill in this field')).toBeNull();
    expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Aliyev');
    // Another person, whose names the registry has: Next goes on once they are in.
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AA1234567' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '1990-05-15' } });
    fireEvent.submit(screen.getByLabelText(/Passport/).closest('form') as HTMLFormElement);
    await act(async () => answer());
    await heading('Extras');
    expect(screen.queryByText('Fill in this field')).toBeNull();
  });

  it('a field the registry fills is not called empty before it has answered, nor, once it left it to type, before the next Next', async () => {
    const base = sampleApi();
    const api: ApiPort = {
      ...base,
      post: async (path, body) =>
        path === '/sample/person' && (body as { passport: string }).passport === 'AC1111111'
          ? ({ result: true, error: 0, message: '', response: { firstName: undefined, lastName: 'Aliyev' } } as never)
          : base.post(path, body),
    };
    // The names are the registry's (a lock rule's fields): asked of the visitor only once it has answered.
    const definition: typeof sampleDefinition = {
      ...sampleDefinition,
      machine: {
        ...sampleDefinition.machine,
        lock: { 'people.persons[].firstName': 'named' },
        guards: { ...sampleDefinition.machine.guards, named: (_data, row) => typeof row?.firstName === 'string' && row.firstName !== '' },
      },
    };
    setup({ api, definition });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText(/Passport/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AC1111111' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '2012-03-20' } });
    await waitFor(() => expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Aliyev'));
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true'));
  });

  it('Next with invalid data shows translated errors linked to the fields', async () => {
    setup({}, 'ru');
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    await heading('People');
    fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
    const errors = await screen.findAllByText('Заполните это поле');
    expect(errors.length).toBeGreaterThanOrEqual(3);
    const passport = screen.getByLabelText(/Passport/);
    const describedBy = passport.getAttribute('aria-describedby') ?? '';
    const errorList = document.getElementById(describedBy.split(' ')[0] ?? '');
    expect(errorList?.textContent).toBe('Заполните это поле');
    expect(passport.getAttribute('aria-invalid')).toBe('true');
    // Still on the same step.
    expect(screen.getByRole('heading', { level: 2, name: 'People' })).toBeTruthy();
  });

  it('valid data moves on (push), Back returns, and the price follows the data', async () => {
    const { onStepChange } = setup();
    await heading('Plan');
    fireEvent.change(screen.getByLabelText(/Days/), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('price-total').textContent).toBe('10 000 UZS'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    expect(onStepChange).toHaveBeenLastCalledWith('people', 'push');
    const nav = screen.getByRole('navigation');
    expect(within(nav).getAllByRole('listitem')[0]?.textContent).toBe('✓Plan(completed)');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Plan');
    expect((screen.getByLabelText(/Days/) as HTMLInputElement).value).toBe('10');
  });

  it('prefills a person from the lookup and formats passport input', async () => {
    setup();
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    const passport = screen.getByLabelText(/Passport/) as HTMLInputElement;
    fireEvent.change(passport, { target: { value: 'aa1234567' } });
    expect(passport.value).toBe('AA 1234567');
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '1990-05-15' } });
    await waitFor(() => expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Vali'));
    expect((screen.getByLabelText(/Last name/) as HTMLInputElement).value).toBe('Aliyev');
  });

  it('resumes from storage after a reload, replacing the URL', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    await heading('Plan');
    fireEvent.change(screen.getByLabelText(/Days/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    first.unmount();
    const draft = JSON.parse(storage.getItem(draftKey('sample')) ?? '{}') as FlowDraft;
    expect(draft.step).toBe('people');

    const second = setup({ storage, stepInUrl: 'people' });
    await heading('People');
    expect(second.onStepChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('price-total').textContent).toBe('12 000 UZS');
  });

  it('follows the browser: a URL step change goes back, a forbidden one is put right', async () => {
    const { rerender, onStepChange } = setup();
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    rerender({ stepInUrl: 'plan' });
    await heading('Plan');
    onStepChange.mockClear();
    rerender({ stepInUrl: 'confirm' });
    await waitFor(() => expect(onStepChange).toHaveBeenCalledWith('plan', 'replace'));
    expect(screen.getByRole('heading', { level: 2, name: 'Plan' })).toBeTruthy();
  });

  it('opens on the step its address names when a draft stands on another one, and settles there (a language chosen after browser back)', async () => {
    const catalog: SampleCatalog = { tiers: [{ id: 'basic', name: 'sample.tier.basic', rate: 1000 }, { id: 'plus', name: 'sample.tier.plus', rate: 2000 }] };
    const storage = new MemoryStorage();
    const first = setup({ storage, initialCatalog: catalog });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    // The browser's Back: the step the visitor left stays open, so its address may open it.
    first.rerender({ stepInUrl: 'plan' });
    await heading('Plan');
    first.unmount();
    // As the site keeps it: what the flow writes is the address the flow is next handed.
    const written: [string, string][] = [];
    function AddressedFlow() {
      const [stepInUrl, setStepInUrl] = useState<string | null>('people');
      const onStepChange = useCallback((stepId: string, how: 'push' | 'replace') => {
        written.push([stepId, how]);
        setStepInUrl(stepId);
      }, []);
      return <FlowRunner definition={sampleDefinition} api={sampleApi()} stepInUrl={stepInUrl} onStepChange={onStepChange} stepHref={(id) => `/flow?step=${id}`} storage={storage} initialCatalog={catalog} />;
    }
    render(
      <I18nProvider i18n={engineI18n('en', sampleMessages)}>
        <AddressedFlow />
      </I18nProvider>,
    );
    await heading('People');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { level: 2, name: 'People' })).toBeTruthy();
    expect(written).toEqual([]);
  });

  it('an unexpected save error opens a focused, dismissible dialog', async () => {
    const storage = new MemoryStorage();
    const steps = Object.fromEntries(sampleDefinition.steps.map((s) => [s.id, { status: 'active', completed: true }]));
    storage.setItem(
      draftKey('sample'),
      JSON.stringify({
        product: 'sample',
        version: sampleDefinition.version,
        step: 'confirm',
        data: { ...sampleDefinition.initialData, confirm: { agree: true, phone: '998901234567' } },
        steps: { ...steps, confirm: { status: 'active', completed: false }, pay: { status: 'inactive', completed: false }, done: { status: 'inactive', completed: false } },
        payment: null,
        policy: null,
        savedAt: new Date().toISOString(),
      }),
    );
    const api = sampleApi();
    const failing: ApiPort = { get: api.get, post: async (path, body) => (path === '/sample/save' ? Promise.reject(new Error('network')) : api.post(path, body)), postForm: api.postForm };
    setup({ storage, api: failing });
    await heading('Confirm');
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).value).toBe('+998 90 123 45 67');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The data may be incorrect. Check it and try again.')).toBeTruthy();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    await act(async () => fireEvent.click(close));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('payment: shows total, order number and provider links; check moves to the policy download', async () => {
    const storage = new MemoryStorage();
    const state = { paid: false };
    setup({ storage, api: sampleApi(state) });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.change(screen.getByLabelText(/Passport/), { target: { value: 'AA1234567' } });
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '1990-05-15' } });
    await waitFor(() => expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Vali'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Extras');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Confirm');
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '90 123 45 67' } });
    fireEvent.click(screen.getByLabelText(/I agree/));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Payment');
    await waitFor(() => expect(screen.getByRole('button', { name: 'I have paid — check' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByText('O-100')).toBeTruthy();
    // What is bought is listed; every way to pay is offered, and none can be used until the terms are accepted.
    expect(screen.getByText('What you are buying')).toBeTruthy();
    for (const option of ['Bank card', 'Payme', 'Click', 'Bill to the Payme app']) expect(screen.getByRole('radio', { name: new RegExp(`^${option}`) })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /^Payme/ }));
    expect(screen.queryByRole('link', { name: /with Payme/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have checked the details above and accept the terms of the contract' }));
    const payme = await screen.findByRole('link', { name: /with Payme/ });
    expect(payme.getAttribute('href')).toBe('https://pay.example/payme/C-100');
    fireEvent.click(screen.getByRole('radio', { name: /^Click/ }));
    expect(screen.getByRole('link', { name: /with Click/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have paid — check' }));
    expect(await screen.findByText('The payment has not been received yet')).toBeTruthy();
    state.paid = true;
    fireEvent.click(screen.getByRole('button', { name: 'I have paid — check' }));
    await screen.findByRole('heading', { level: 3, name: 'Your policy is ready' });
    expect(screen.getByRole('heading', { level: 2, name: 'Policy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download policy' }).getAttribute('href')).toBe('/policies/P-0001.pdf');
    // A second purchase starts from the first step with nothing of the first one left.
    fireEvent.click(screen.getByRole('button', { name: 'Buy another policy' }));
    await heading('Plan');
    expect(screen.queryByText('O-100')).toBeNull();
  });

  it('shows a field only while its show rule holds, and requires it only then', async () => {
    setup();
    await heading('Plan');
    expect(screen.queryByLabelText(/Company/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Plan');
    fireEvent.change(screen.getByLabelText(/Purpose/), { target: { value: '1' } });
    const company = await screen.findByLabelText(/Company/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Fill in this field');
    expect(company.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(company, { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
  });

  it('shows a row field per row: ticking one row asks only that row', async () => {
    setup();
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.click(screen.getByRole('button', { name: '+ Add person' }));
    await waitFor(() => expect(screen.getAllByLabelText(/Foreign citizen/)).toHaveLength(2));
    expect(screen.queryByLabelText(/Citizenship/)).toBeNull();
    fireEvent.click(screen.getAllByLabelText(/Foreign citizen/)[1] as HTMLElement);
    const citizenship = await screen.findAllByLabelText(/Citizenship/);
    expect(citizenship).toHaveLength(1);
    expect(citizenship[0]?.id).toBe('flow-people_persons_1_citizenship');
  });

  it('after a refused Next, a field that appears or a row that is added is not called empty until the next Next', async () => {
    setup();
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findAllByText('Fill in this field');
    const refused = screen.getAllByText('Fill in this field').length;
    fireEvent.click(screen.getByLabelText(/Foreign citizen/));
    const citizenship = await screen.findByLabelText(/Citizenship/);
    fireEvent.click(screen.getByRole('button', { name: '+ Add person' }));
    await waitFor(() => expect(screen.getAllByLabelText(/First name/)).toHaveLength(2));
    // What was refused stays said; the new field and the new row are not red yet.
    expect(screen.getAllByText('Fill in this field')).toHaveLength(refused);
    expect(citizenship.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByLabelText(/First name/)[1]?.getAttribute('aria-invalid')).toBeNull();
    // Typing in the first row still validates as it goes: its name is no longer missing.
    fireEvent.change(screen.getAllByLabelText(/First name/)[0] as HTMLElement, { target: { value: 'Vali' } });
    await waitFor(() => expect(screen.getAllByText('Fill in this field')).toHaveLength(refused - 1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(citizenship.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByLabelText(/First name/)[1]?.getAttribute('aria-invalid')).toBe('true');
  });

  it('types dates as DD.MM.YYYY, stores ISO, and names half-typed and future birthdays', async () => {
    const storage = new MemoryStorage();
    setup({ storage });
    await heading('Plan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    const birthday = screen.getByLabelText(/Birthday/) as HTMLInputElement;
    expect(birthday.getAttribute('autocomplete')).toBe('bday');
    expect(birthday.getAttribute('inputmode')).toBe('numeric');
    expect(birthday.placeholder).toBe('DD.MM.YYYY');
    fireEvent.change(birthday, { target: { value: '1505' } });
    expect(birthday.value).toBe('15.05');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // At the field and in its row's summary.
    expect(await screen.findAllByText('Enter the full date as DD.MM.YYYY')).toHaveLength(2);
    fireEvent.change(birthday, { target: { value: '15.05.1990' } });
    await waitFor(() => expect(screen.queryByText('Enter the full date as DD.MM.YYYY')).toBeNull());
    // Typing reaches the draft within a quarter of a second.
    await waitFor(() => {
      const draft = JSON.parse(storage.getItem(draftKey('sample')) ?? '{}') as FlowDraft;
      expect(draft.data.people?.persons).toEqual([expect.objectContaining({ birthday: '1990-05-15' })]);
    });
    fireEvent.change(birthday, { target: { value: '01.01.2100' } });
    expect(await screen.findAllByText(/The date cannot be later than \d{2}\.\d{2}\.\d{4}/)).toHaveLength(2);
  });

  it('says at once, and once, that a resumed date now lies outside its bounds', async () => {
    // A draft kept a date that was right when typed: a first day of cover that has since passed.
    const storage = new MemoryStorage();
    const steps = Object.fromEntries(sampleDefinition.steps.map((s) => [s.id, { status: 'active', completed: s.id === 'plan' }]));
    const data = { ...sampleDefinition.initialData, people: { persons: [{ name: 'Vali', birthday: '2100-01-01' }] } };
    storage.setItem(draftKey('sample'), JSON.stringify({ product: 'sample', version: sampleDefinition.version, step: 'people', data, steps, payment: null, policy: null, savedAt: new Date().toISOString() }));
    setup({ storage });
    await heading('People');
    const outside = /The date cannot be later than \d{2}\.\d{2}\.\d{4}/;
    // At the field and in its row's summary, before any Next.
    expect(await screen.findAllByText(outside)).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('People');
    expect(await screen.findAllByText(outside)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Birthday/), { target: { value: '15.05.1990' } });
    await waitFor(() => expect(screen.queryByText(outside)).toBeNull());
  });

  it('never marks a checkbox required: a required boolean only has to be present', async () => {
    const storage = new MemoryStorage();
    const steps = Object.fromEntries(sampleDefinition.steps.map((s) => [s.id, { status: 'active', completed: s.id !== 'confirm' }]));
    storage.setItem(
      draftKey('sample'),
      JSON.stringify({ product: 'sample', version: sampleDefinition.version, step: 'confirm', data: sampleDefinition.initialData, steps, payment: null, policy: null, savedAt: new Date().toISOString() }),
    );
    setup({ storage });
    await heading('Confirm');
    const agree = screen.getByLabelText('I agree') as HTMLInputElement;
    expect(agree.required).toBe(false);
    expect(agree.closest('div')?.textContent).not.toContain('*');
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).required).toBe(true);
  });
});

describe('FlowRunner: registry-filled fields', () => {
  function renderCar(api = carApi()) {
    const i18n = engineI18n('en', carMessages);
    render(
      <I18nProvider i18n={i18n}>
        <FlowRunner definition={carDefinition} api={api} stepInUrl={null} onStepChange={vi.fn()} stepHref={(id) => `/car?step=${id}`} storage={new MemoryStorage()} />
      </I18nProvider>,
    );
    return api;
  }

  it('fills the vehicle read-only from plate and tech passport, and lets the visitor edit it', async () => {
    renderCar();
    await heading('Car');
    expect(screen.queryByLabelText(/Model/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Plate/), { target: { value: '01 a 123 bc' } });
    expect((screen.getByLabelText(/Plate/) as HTMLInputElement).value).toBe('01 A 123 BC');
    fireEvent.change(screen.getByLabelText(/Tech passport/), { target: { value: 'aaf0390422' } });
    const model = (await screen.findByLabelText(/Model/)) as HTMLInputElement;
    expect(model.value).toBe('Chevrolet Cobalt');
    expect(model.readOnly).toBe(true);
    expect((screen.getByLabelText(/Owner/) as HTMLInputElement).readOnly).toBe(true);
    const edit = screen.getByRole('button', { name: /Edit vehicle data/ });
    expect(edit.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(edit);
    await waitFor(() => expect((screen.getByLabelText(/Model/) as HTMLInputElement).readOnly).toBe(false));
    expect(screen.getByRole('button', { name: /Edit vehicle data/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText(/Model/), { target: { value: 'Chevrolet Cobalt LTZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Leaving the car step asks for the policy in force: the cover starts after it.
    await heading('Cover');
    expect((screen.getByLabelText(/Cover starts on/) as HTMLInputElement).value).toBe('01.01.2031');
  });

  it('says the price is updating while the server quotes it, keeps the form open, then shows the server\'s figure', async () => {
    const inner = carApi();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api: ApiPort = {
      get: inner.get,
      post: async (path, body) => {
        if (path === '/car/quote') await held;
        return inner.post(path, body);
      },
      postForm: inner.postForm,
    };
    renderCar(api as ReturnType<typeof carApi>);
    await heading('Car');
    fireEvent.change(screen.getByLabelText(/Plate/), { target: { value: '01A123BC' } });
    fireEvent.change(screen.getByLabelText(/Tech passport/), { target: { value: 'AAF0390422' } });
    await screen.findByLabelText(/Model/);
    // The car is known: the server is asked for its price, the page's own figure shows meanwhile.
    expect(await screen.findByTestId('price-updating')).toBeTruthy();
    expect(screen.getByTestId('price-total').textContent).toBe('100 000 UZS');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    // Typing is never held up by it.
    fireEvent.click(screen.getByRole('button', { name: /Edit vehicle data/ }));
    await waitFor(() => expect((screen.getByLabelText(/Model/) as HTMLInputElement).readOnly).toBe(false));
    fireEvent.change(screen.getByLabelText(/Model/), { target: { value: 'Chevrolet Cobalt LTZ' } });
    expect((screen.getByLabelText(/Model/) as HTMLInputElement).value).toBe('Chevrolet Cobalt LTZ');
    release();
    await waitFor(() => expect(screen.getByTestId('price-total').textContent).toBe('105 000 UZS'));
    expect(screen.queryByTestId('price-updating')).toBeNull();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Registry fee')).toBeTruthy();
  });

  it('puts a refused save\'s message on the repeater row the answer names', async () => {
    renderCar();
    await heading('Car');
    fireEvent.change(screen.getByLabelText(/Plate/), { target: { value: '01A123BC' } });
    fireEvent.change(screen.getByLabelText(/Tech passport/), { target: { value: 'AAF0390422' } });
    await screen.findByLabelText(/Model/);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Cover');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Drivers');
    expect(screen.getByText('Who may drive the car under a limited cover.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+ Add person' }));
    await waitFor(() => expect(screen.getAllByLabelText(/Passport/)).toHaveLength(2));
    const passports = screen.getAllByLabelText(/Passport/);
    const licences = screen.getAllByLabelText(/Driving licence/);
    fireEvent.change(passports[0] as HTMLElement, { target: { value: 'AA1234567' } });
    fireEvent.change(licences[0] as HTMLElement, { target: { value: 'AF0557857' } });
    fireEvent.change(passports[1] as HTMLElement, { target: { value: 'AF0000004' } });
    fireEvent.change(licences[1] as HTMLElement, { target: { value: 'AF0900004' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByLabelText(/Driving licence/)[1]?.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByLabelText(/Driving licence/)[0]?.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Person 2 has errors:')).toBeTruthy();
    // Said at the licence (and in the row's summary), not again above the step; the licence takes the focus.
    expect(screen.getAllByRole('alert').map((alert) => alert.id)).toEqual(['flow-drivers_drivers_1__summary']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText(/Driving licence/)[1]));
    expect(screen.getByRole('heading', { level: 2, name: 'Drivers' })).toBeTruthy();
  });

  it('draws a variant\'s fixed answers read-only', async () => {
    const i18n = engineI18n('en', carMessages);
    const storage = new MemoryStorage();
    const limited = { ...carDefinition, id: 'car-limited', preset: { cover: { drivers: 'limited' } } };
    const steps = { car: { status: 'active', completed: true }, cover: { status: 'active', completed: false }, drivers: { status: 'inactive', completed: false }, pay: { status: 'inactive', completed: false }, done: { status: 'inactive', completed: false } };
    storage.setItem(draftKey('car-limited'), JSON.stringify({ product: 'car-limited', version: 1, step: 'cover', data: { car: { plate: '01A123BC', found: true }, cover: { drivers: 'limited' }, drivers: { drivers: [{}] } }, steps, payment: null, policy: null, savedAt: new Date().toISOString() }));
    render(
      <I18nProvider i18n={i18n}>
        <FlowRunner definition={limited} api={carApi()} stepInUrl={null} onStepChange={vi.fn()} stepHref={(id) => `/car?step=${id}`} storage={storage} />
      </I18nProvider>,
    );
    await heading('Cover');
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.checked, r.disabled])).toEqual([[false, true], [true, true]]);
    expect((screen.getByLabelText(/Cover starts on/) as HTMLInputElement).readOnly).toBe(false);
  });

  it('refuses a model of the catalog\'s restricted list at the plate, and a car the registry lacks', async () => {
    renderCar();
    await heading('Car');
    fireEvent.change(screen.getByLabelText(/Plate/), { target: { value: '01Z777ZZ' } });
    fireEvent.change(screen.getByLabelText(/Tech passport/), { target: { value: 'AAF7777777' } });
    expect(await screen.findByText('This model is not insured online')).toBeTruthy();
    expect(screen.queryByLabelText(/Model/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Tech passport/), { target: { value: 'AAF7777770' } });
    expect(await screen.findByText('No such vehicle in the registry')).toBeTruthy();
  });
});
