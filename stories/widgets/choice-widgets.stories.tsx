import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { CatalogOption } from '../../engine/definition';
import { WidgetForm } from './widget-form';

/** Choice widgets: country multi-select, program cards, checkbox, select, radio, toggle button, month. */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/Choice',
  component: WidgetForm,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

// Option lists as a product's `options` gives them: countries by their `region.XX` names, programs
// with details and prices (one label the catalogs lack shows its plain fallback name).
const storyOptions: Record<string, CatalogOption[]> = {
  countries: ['TR', 'GB', 'DE', 'AE', 'KZ', 'RU', 'US', 'JP'].map((code) => ({ value: code, label: `region.${code}` })),
  programs: [
    { value: 1, label: 'story.program.1', details: [{ label: 'story.program.sum_insured', value: '30 000' }], price: 113_850 },
    { value: 2, label: 'story.program.2', details: [{ label: 'story.program.sum_insured', value: '60 000' }], price: 164_450 },
    { value: 3, label: 'story.program.3', fallback: 'Platinum', details: [{ label: 'story.program.sum_insured', value: '100 000' }], price: 240_350 },
  ],
};

const regionNames = ['story.region.1', 'story.region.2', 'story.region.3'];

export const CountryMultiselect: Story = {
  args: {
    name: 'countries',
    uiSchema: { countries: { 'ui:widget': 'country-multiselect', 'ui:options': { optionsFrom: 'countries' } } },
    formData: { countries: ['TR', 'GB'] },
    options: storyOptions,
  },
};

export const CountryMultiselectEmpty: Story = {
  args: { ...CountryMultiselect.args, formData: { countries: [] }, validateOnMount: true },
};

export const ProgramCards: Story = {
  args: {
    name: 'program',
    uiSchema: { programId: { 'ui:widget': 'program-cards', 'ui:options': { optionsFrom: 'programs' } } },
    formData: { programId: 2 },
    options: storyOptions,
  },
};

export const ProgramCardsNoneChosen: Story = {
  args: { ...ProgramCards.args, formData: {}, validateOnMount: true },
};

export const Checkbox: Story = {
  args: {
    name: 'checkbox',
    uiSchema: { isFamily: { 'ui:widget': 'checkbox' }, agree: { 'ui:widget': 'checkbox' } },
    formData: { isFamily: true },
  },
};

/** A consent box (`const: true`) left unticked. */
export const CheckboxConsentMissing: Story = {
  args: { ...Checkbox.args, formData: { isFamily: false }, validateOnMount: true },
};

export const Select: Story = {
  args: {
    name: 'select',
    uiSchema: { regionId: { 'ui:widget': 'select', 'ui:enumNames': regionNames } },
    formData: { regionId: 2 },
  },
};

export const SelectEmpty: Story = {
  args: { ...Select.args, formData: {}, validateOnMount: true },
};

export const Radio: Story = {
  args: {
    name: 'radio',
    uiSchema: { houseType: { 'ui:widget': 'radio', 'ui:enumNames': ['story.house_type.apartment', 'story.house_type.house'] } },
    formData: { houseType: 'house' },
  },
};

export const RadioInline: Story = {
  args: {
    ...Radio.args,
    uiSchema: { houseType: { 'ui:widget': 'radio', 'ui:enumNames': ['story.house_type.apartment', 'story.house_type.house'], 'ui:options': { inline: true } } },
  },
};

/** A yes/no drawn as a button that stays pressed: the "edit" escape of registry-filled fields. */
export const ToggleButton: Story = {
  args: { name: 'toggle', uiSchema: { edit: { 'ui:widget': 'toggle-button' } }, formData: { edit: false } },
  play: async ({ canvasElement, userEvent }) => {
    const button = canvasElement.querySelector<HTMLButtonElement>('button[aria-pressed]')!;
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toMatch(/"edit": true/);
  },
};

/** A month of a year (a pet's birth month): stored `YYYY-MM` once both are chosen. */
export const Month: Story = {
  args: { name: 'month', uiSchema: { birthMonth: { 'ui:widget': 'month', 'ui:options': { years: 15 } } } },
  play: async ({ canvasElement }) => {
    const [month, year] = [...canvasElement.querySelectorAll<HTMLSelectElement>('select')];
    if (!month || !year) throw new Error('no selects');
    month.value = '03';
    month.dispatchEvent(new Event('change', { bubbles: true }));
    year.value = String(new Date().getFullYear() - 2);
    year.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toContain(`${new Date().getFullYear() - 2}-03`));
  },
};

export const MonthRequired: Story = {
  args: { name: 'month', uiSchema: { birthMonth: { 'ui:widget': 'month' } }, validateOnMount: true },
};
