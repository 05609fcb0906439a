import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { WidgetForm } from './widget-form';

/** Text-like widgets: passport, plate, document, phone, date, money, code6; each normalises what is typed. */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/Text',
  component: WidgetForm,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

export const Passport: Story = {
  args: { name: 'passport', uiSchema: { passport: { 'ui:widget': 'passport' } }, formData: { passport: 'AA1234567' } },
};

/** Lower case and spaces are normalised while typing: `aa 123 45 67` becomes `AA1234567`. */
export const PassportTyping: Story = {
  args: { name: 'passport', uiSchema: { passport: { 'ui:widget': 'passport' } } },
  play: async ({ canvasElement, userEvent }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input')!;
    await userEvent.type(input, 'aa 123 45 67');
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toContain('AA1234567'));
  },
};

export const PassportInvalid: Story = {
  args: { name: 'passport', uiSchema: { passport: { 'ui:widget': 'passport' } }, formData: { passport: 'A12' }, validateOnMount: true },
};

export const Plate: Story = {
  args: { name: 'plate', uiSchema: { plate: { 'ui:widget': 'plate' } }, formData: { plate: '01A123BC' } },
};

/** A legal entity's plate typed with a Russian keyboard's look-alike letters is stored in Latin capitals. */
export const PlateTyping: Story = {
  args: { name: 'plate', uiSchema: { plate: { 'ui:widget': 'plate' } } },
  play: async ({ canvasElement, userEvent }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input')!;
    await userEvent.type(input, '01 123 аве');
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toContain('01123ABE'));
    expect(input.value).toBe('01 123 ABE');
  },
};

export const PlateInvalid: Story = {
  args: { name: 'plate', uiSchema: { plate: { 'ui:widget': 'plate' } }, formData: { plate: '01A12' }, validateOnMount: true },
};

/** A foreigner's passport number typed as printed, with spaces and a look-alike Cyrillic letter: stored in Latin capitals and digits. */
export const DocumentTyping: Story = {
  args: { name: 'document', uiSchema: { document: { 'ui:widget': 'document' } } },
  play: async ({ canvasElement, userEvent }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input')!;
    await userEvent.type(input, 'с01 x00-t47');
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="form-data"]')?.textContent).toContain('C01X00T47'));
    expect(input.value).toBe('C01X00T47');
  },
};

export const DocumentInvalid: Story = {
  args: { name: 'document', uiSchema: { document: { 'ui:widget': 'document' } }, formData: { document: 'N12' }, validateOnMount: true },
};

export const Phone: Story = {
  args: { name: 'phone', uiSchema: { phone: { 'ui:widget': 'phone' } }, formData: { phone: '998901234567' } },
};

export const PhoneEmptyRequired: Story = {
  args: { name: 'phone', uiSchema: { phone: { 'ui:widget': 'phone' } }, validateOnMount: true },
};

export const BeginDate: Story = {
  args: { name: 'date', uiSchema: { beginDate: { 'ui:widget': 'date' } }, formData: { beginDate: '2030-07-01' } },
};

export const Money: Story = {
  args: { name: 'money', uiSchema: { amount: { 'ui:widget': 'money' } }, formData: { amount: 25000000 } },
};

export const MoneyBelowMinimum: Story = {
  args: { name: 'money', uiSchema: { amount: { 'ui:widget': 'money' } }, formData: { amount: 5000 }, validateOnMount: true },
};

export const Code6: Story = {
  args: { name: 'code6', uiSchema: { code: { 'ui:widget': 'code6' } }, formData: { code: '123456' } },
};

/** Next with an empty form shows the required error. */
export const Code6EmptyNext: Story = {
  args: { name: 'code6', uiSchema: { code: { 'ui:widget': 'code6' } } },
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    await waitFor(() => expect(canvasElement.querySelectorAll('[id$="__error"] li').length).toBe(1));
  },
};
