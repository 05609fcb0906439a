import type { Meta, StoryObj } from '@storybook/react-vite';
import { travel } from '../../products/travel/definition';
import { sampleSingleTrip, sampleTravelCatalog } from '../../products/travel/samples';
import { WidgetForm } from './widget-form';

/** Choice widgets: country multi-select, program cards, checkbox, select, radio. */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/Choice',
  component: WidgetForm,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

// The travel product's own option lists (countries by ISO code, programs with their prices).
const travelOptions = travel.options?.(sampleTravelCatalog, sampleSingleTrip) ?? {};

const regionNames = Array.from({ length: 14 }, (_, i) => `home.region.${i + 1}`);

export const CountryMultiselect: Story = {
  args: {
    name: 'countries',
    uiSchema: { countries: { 'ui:widget': 'country-multiselect', 'ui:options': { optionsFrom: 'countries' } } },
    formData: { countries: ['TR', 'GB'] },
    options: travelOptions,
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
    options: travelOptions,
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
    formData: { regionId: 11 },
  },
};

export const SelectEmpty: Story = {
  args: { ...Select.args, formData: {}, validateOnMount: true },
};

export const Radio: Story = {
  args: {
    name: 'radio',
    uiSchema: { houseType: { 'ui:widget': 'radio', 'ui:enumNames': ['home.house_type.apartment', 'home.house_type.house'] } },
    formData: { houseType: 'house' },
  },
};

export const RadioInline: Story = {
  args: {
    ...Radio.args,
    uiSchema: { houseType: { 'ui:widget': 'radio', 'ui:enumNames': ['home.house_type.apartment', 'home.house_type.house'], 'ui:options': { inline: true } } },
  },
};
