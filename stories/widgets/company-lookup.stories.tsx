import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { FlowData, ProductDefinition, RJSFSchema } from '../../engine/definition';
import { companyLookup } from '../../products/kit/binding/binding-kit';
import { FlowStory } from '../fixtures/flow-story';
import companySchema from './schemas/company.json';

/**
 * The company lookup by tax number (products/kit/binding/binding-kit.ts `companyLookup`) on a one-step flow:
 * nine digits typed → the tax registry's short name filled in read-only; an INN the registry lacks,
 * or knows without a short name, says wrong_inn at the INN (requirements §5). Answers come from the sandbox
 * tax registry through the fixture API.
 */
interface CompanyData extends FlowData {
  carrier: { company?: { inn?: string; name?: string } };
}

const definition: ProductDefinition<CompanyData, Record<string, never>> = {
  id: 'company-story',
  version: 1,
  title: 'story.field.company',
  steps: [
    { id: 'carrier', title: 'story.field.company', schema: companySchema as RJSFSchema, uiSchema: {}, submit: 'save' },
    { id: 'pay', title: 'story.field.company', component: 'payment' },
    { id: 'done', title: 'story.field.company', component: 'download', hidden: true },
  ],
  initialData: { carrier: { company: {} } },
  machine: {
    lock: { 'carrier.company.name': 'companyFound' },
    guards: { companyFound: (data) => typeof data.carrier.company?.name === 'string' },
    actions: {},
  },
  pricing: () => null,
  binding: {
    load: async () => ({}),
    lookups: [companyLookup({ call: '/osgor_neo/inn', step: 'carrier', at: 'company' })],
    save: () => Promise.reject(new Error('the story does not save')),
    check: async () => null,
  },
  summary: () => [],
};

const fixture = { calls: { save: '/story/save', check: '/story/check' }, answers: {}, amount: () => 0 };

const meta: Meta = { title: 'Widgets/Company lookup' };
export default meta;

type Story = StoryObj;

const input = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[id="flow-carrier_company_${name}"]`);

async function typeInn(root: HTMLElement, userEvent: { type: (el: Element, text: string) => Promise<void> }, inn: string) {
  const field = await waitFor(() => {
    const found = input(root, 'inn');
    if (!found) throw new Error('no INN field yet');
    return found;
  });
  await userEvent.type(field, inn);
}

export const Found: Story = {
  render: () => <FlowStory definition={definition} fixture={fixture} />,
  play: async ({ canvasElement, userEvent }) => {
    await typeInn(canvasElement, userEvent, '301234567');
    await waitFor(() => expect(input(canvasElement, 'name')?.value).toBe('"NEO LOGISTIKA" MChJ'), { timeout: 4000 });
    expect(input(canvasElement, 'name')?.readOnly).toBe(true);
  },
};

/** Known to the registry without a short name: wrong_inn at the INN. */
export const WithoutShortName: Story = {
  render: () => <FlowStory definition={definition} fixture={fixture} />,
  play: async ({ canvasElement, userEvent }) => {
    await typeInn(canvasElement, userEvent, '309999999');
    await waitFor(() => expect(canvasElement.querySelector('[id="flow-carrier_company_inn__error"]')).not.toBeNull(), { timeout: 4000 });
    expect(input(canvasElement, 'name')?.value ?? '').toBe('');
  },
};
