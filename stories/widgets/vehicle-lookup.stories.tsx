import { useCallback, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { ApiPort } from '../../engine/definition';
import { FlowRunner } from '../../engine/flow-runner';
import { carApi, carDefinition } from '../../engine/test-fixtures/car-definition';
import { MemoryStorage } from '../../engine/test-fixtures/memory-storage';

/**
 * The vehicle lookup group on the engine's car fixture: plate and tech passport typed, the
 * registry's owner, model and year filled in read-only (lock rules), with the "edit" escape that
 * lets the visitor correct them; a model of the catalog's restricted list is refused at the plate.
 * Leaving the step asks the registry for the policy in force (a step's call), whose answer sets the
 * next step's start date.
 */
function VehicleLookup() {
  const [api] = useState<ApiPort>(() => {
    const inner = carApi();
    const slow = <T,>(answer: Promise<T>) => new Promise<T>((resolve) => setTimeout(() => resolve(answer), 300));
    return { get: (path) => slow(inner.get(path)), post: (path, body) => slow(inner.post(path, body)), postForm: (path, body) => slow(inner.postForm(path, body)) };
  });
  const [storage] = useState(() => new MemoryStorage());
  const [step, setStep] = useState<string | null>(null);
  const onStepChange = useCallback((id: string) => setStep(id), []);
  return (
    <div className="min-h-screen bg-white p-4 sm:p-6">
      <FlowRunner definition={carDefinition} api={api} stepInUrl={step} onStepChange={onStepChange} stepHref={(id) => `?step=${id}`} storage={storage} />
    </div>
  );
}

const meta: Meta<typeof VehicleLookup> = {
  title: 'Widgets/Vehicle lookup',
  component: VehicleLookup,
};
export default meta;

type Story = StoryObj<typeof VehicleLookup>;

const field = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[id="flow-car_${name}"]`);

async function typeCar(root: HTMLElement, userEvent: { type: (el: Element, text: string) => Promise<void> }, plate: string, techPassport: string) {
  const plateInput = await waitFor(() => {
    const input = field(root, 'plate');
    if (!input) throw new Error('no plate field yet');
    return input;
  });
  await userEvent.type(plateInput, plate);
  const tech = field(root, 'techPassport');
  if (!tech) throw new Error('no tech passport field');
  await userEvent.type(tech, techPassport);
}

/** Typed as a Russian keyboard types it: the plate is stored in Latin capitals, the car fills in read-only; "edit" opens it. */
export const FoundThenEdited: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await typeCar(canvasElement, userEvent, '01 а 123 вс', 'aaf0390422');
    await waitFor(() => expect(field(canvasElement, 'model')?.value).toBe('Chevrolet Cobalt'), { timeout: 4000 });
    expect(field(canvasElement, 'plate')?.value).toBe('01 A 123 BC');
    expect(field(canvasElement, 'model')?.readOnly).toBe(true);
    const edit = canvasElement.querySelector<HTMLButtonElement>('[id="flow-car_edit"]');
    expect(edit?.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(edit as HTMLButtonElement);
    await waitFor(() => expect(field(canvasElement, 'model')?.readOnly).toBe(false));
  },
};

/** A model the insurer does not sell online: the message stands at the plate, nothing is filled in. */
export const RestrictedModel: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await typeCar(canvasElement, userEvent, '01Z777ZZ', 'AAF7777777');
    await waitFor(() => expect(canvasElement.querySelector('[id="flow-car_plate__error"]')).not.toBeNull(), { timeout: 4000 });
    expect(field(canvasElement, 'model')).toBeNull();
  },
};

/** Next on a car insured until 31.12.2030: the call on leaving the step sets the cover to start on 01.01.2031. */
export const PolicyInForceSetsTheStart: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await typeCar(canvasElement, userEvent, '01A123BC', 'AAF0390422');
    await waitFor(() => expect(field(canvasElement, 'model')?.value).toBe('Chevrolet Cobalt'), { timeout: 4000 });
    // Next waits for the server's price of the car found.
    const next = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button || button.disabled) throw new Error('Next is not ready');
      return button;
    }, { timeout: 4000 });
    await userEvent.click(next);
    const start = await waitFor(() => {
      const input = canvasElement.querySelector<HTMLInputElement>('[id="flow-cover_startDate"]');
      if (!input) throw new Error('not on the cover step yet');
      return input;
    }, { timeout: 4000 });
    expect(start.value).toBe('01.01.2031');
  },
};

/** Once the car is known the server quotes the price: the panel says it is updating, keeps the page's figure, then shows the server's (with its fee). */
export const PriceQuotedByTheServer: Story = {
  play: async ({ canvasElement, userEvent }) => {
    await typeCar(canvasElement, userEvent, '01A123BC', 'AAF0390422');
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="price-updating"]')).not.toBeNull(), { timeout: 4000 });
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="price-total"]')?.textContent).toMatch(/105\s000/), { timeout: 4000 });
    expect(canvasElement.querySelector('[data-testid="price-updating"]')).toBeNull();
  },
};

/** A refused save names its second driver (response.key 2): the message stands on that row's licence, which the row summary repeats. */
export const RefusedSaveNamesADriverRow: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const ready = () => waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button || button.disabled) throw new Error('Next is not ready');
      return button;
    }, { timeout: 4000 });
    await typeCar(canvasElement, userEvent, '01A123BC', 'AAF0390422');
    await waitFor(() => expect(field(canvasElement, 'model')?.value).toBe('Chevrolet Cobalt'), { timeout: 4000 });
    await userEvent.click(await ready());
    await waitFor(() => expect(canvasElement.querySelector('[id="flow-cover_startDate"]')).not.toBeNull(), { timeout: 4000 });
    await userEvent.click(await ready());
    const add = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('[id="flow-drivers_drivers__add"]');
      if (!button) throw new Error('not on the drivers step yet');
      return button;
    }, { timeout: 4000 });
    await userEvent.click(add);
    const input = (row: number, name: string) => canvasElement.querySelector<HTMLInputElement>(`[id="flow-drivers_drivers_${row}_${name}"]`)!;
    await waitFor(() => expect(input(1, 'passport')).not.toBeNull());
    await userEvent.type(input(0, 'passport'), 'AA1234567');
    await userEvent.type(input(0, 'licence'), 'AF0557857');
    await userEvent.type(input(1, 'passport'), 'AF0000004');
    await userEvent.type(input(1, 'licence'), 'AF0900004');
    await userEvent.click(await ready());
    await waitFor(() => expect(input(1, 'licence').getAttribute('aria-invalid')).toBe('true'), { timeout: 4000 });
    expect(canvasElement.querySelector('[id="flow-drivers_drivers_1__summary"]')).not.toBeNull();
    expect(input(0, 'licence').getAttribute('aria-invalid')).toBeNull();
  },
};
