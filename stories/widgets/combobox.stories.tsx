import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { CatalogOption } from '../../engine/definition';
import { WidgetForm } from './widget-form';

/**
 * The combobox: a long list narrowed by typing (a car catalogue's brands, models and trims), chosen
 * with the keyboard or a tap, each list filtered by the choice before it.
 */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/Combobox',
  component: WidgetForm,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

const catalogue: Record<string, Record<string, number[]>> = {
  Chevrolet: { Spark: [122.5, 145], 'Nexia 3': [145, 165], Cobalt: [150, 158], Lacetti: [165, 200], Onix: [161.9, 204.6], 'Tracker 2': [216, 260.5], Malibu: [346, 419] },
  BYD: { Chazor: [273.9, 315.2], 'Song Plus': [367.7, 409.7], Seagull: [200, 220], Han: [480.6, 613.6] },
  KIA: { Sonet: [199.9, 249.9], K5: [379.9, 539.9], Sportage: [454.9, 619.9] },
  Hyundai: { Creta: [296, 409], Elantra: [340], Tucson: [400, 499] },
  Haval: { Jolion: [279.9, 329.9], H6: [324.9, 389.9], Dargo: [399.9, 429.9] },
};
const trimNames = ['LS MT', 'LTZ AT', 'Premier AT', 'Redline AT'];
const brands: CatalogOption[] = Object.keys(catalogue).map((name, i) => ({ value: i + 1, label: name, text: name }));
const models = Object.entries(catalogue)
  .flatMap(([, list], b) => Object.keys(list).map((name) => ({ brand: b + 1, prices: list[name] ?? [], name })))
  .map((model, i) => ({ ...model, id: 100 + i }));
const trims = models
  .flatMap((model) => model.prices.map((mln, i) => ({ model: model.id, name: trimNames[i] ?? `Trim ${i}`, mln })))
  .map((trim, i) => ({ ...trim, id: 1000 + i }));

/** Each list holds what the answer before it allows, as a product's `options(catalog, data)` gives it. */
const dependent = (data: Record<string, unknown>): Record<string, CatalogOption[]> => ({
  brands,
  models: models.filter((m) => m.brand === data.brand).map((m) => ({ value: m.id, label: m.name, text: m.name })),
  trims: trims.filter((t) => t.model === data.model).map((t) => ({ value: t.id, label: t.name, text: t.name, details: [{ label: 'story.trim.price', value: `${t.mln} mln` }] })),
});

const uiSchema = {
  brand: { 'ui:widget': 'combobox', 'ui:options': { optionsFrom: 'brands' } },
  model: { 'ui:widget': 'combobox', 'ui:options': { optionsFrom: 'models' } },
  trim: { 'ui:widget': 'combobox', 'ui:options': { optionsFrom: 'trims' } },
};

const box = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`[id="story-combobox_${name}"]`)!;
const formData = (root: HTMLElement) => root.querySelector('[data-testid="form-data"]')?.textContent ?? '';

/** Brand → model → trim, found by typing: "che", Enter; "cob", Enter; Down, Enter. */
export const DependentChoices: Story = {
  args: { name: 'combobox', uiSchema, formData: {}, options: dependent },
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.type(box(canvasElement, 'brand'), 'che');
    await waitFor(() => expect(box(canvasElement, 'brand').getAttribute('aria-expanded')).toBe('true'));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box(canvasElement, 'brand').value).toBe('Chevrolet'));
    await userEvent.type(box(canvasElement, 'model'), 'cob');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box(canvasElement, 'model').value).toBe('Cobalt'));
    await userEvent.click(box(canvasElement, 'trim'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(box(canvasElement, 'trim').value).toBe('LTZ AT'));
    expect(formData(canvasElement)).toMatch(/"brand": 1/);
    expect(formData(canvasElement)).toMatch(/"trim": 10\d\d/);
  },
};

/** A model chosen: the list opened by the chevron, the chosen one marked. */
export const Chosen: Story = {
  args: { name: 'combobox', uiSchema, formData: { brand: 1, model: 102 }, options: dependent },
};

/** Nothing chosen yet, after Next: each box says it is required. */
export const Empty: Story = {
  args: { name: 'combobox', uiSchema, formData: {}, options: dependent, validateOnMount: true },
};

/** Three hundred and forty options in one list: a hundred drawn, the rest found by typing. */
export const LongList: Story = {
  args: {
    name: 'combobox',
    uiSchema: { ...uiSchema, trim: { 'ui:widget': 'combobox', 'ui:options': { optionsFrom: 'all' } } },
    formData: {},
    options: { brands, models: [], trims: [], all: Array.from({ length: 340 }, (_, i) => ({ value: i, label: `Position ${i}`, text: `Position ${i}` })) },
  },
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(box(canvasElement, 'trim'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="option"]').length).toBe(100));
    await userEvent.keyboard('position 339');
    await waitFor(() => expect(canvasElement.querySelectorAll('[role="option"]').length).toBe(1));
  },
};
