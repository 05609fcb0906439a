import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { UiSchema } from '@rjsf/utils';
import { WidgetForm } from './widget-form';

/** The persons array template: numbered rows, add while maxItems allows, remove, row error summaries. */
const meta: Meta<typeof WidgetForm> = {
  title: 'Widgets/Persons',
  component: WidgetForm,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof WidgetForm>;

const uiSchema: UiSchema = {
  persons: {
    'ui:ArrayFieldTemplate': 'persons',
    items: {
      passport: { 'ui:widget': 'passport' },
      birthday: { 'ui:widget': 'date' },
    },
  },
};

const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'VALI', lastName: 'ALIYEV' };
const timur = { passport: 'AC1111111', birthday: '2020-03-20', firstName: 'TIMUR', lastName: 'ALIYEV' };

export const TwoPersons: Story = {
  args: { name: 'persons', uiSchema, formData: { persons: [vali, timur] } },
};

/** Three of three: no add button. */
export const Full: Story = {
  args: { ...TwoPersons.args, formData: { persons: [vali, timur, { ...vali, passport: 'AB7654321', firstName: 'DILNOZA', lastName: 'KARIMOVA' }] } },
};

/** Row 2 has a Cyrillic name and no passport: the row is framed and summarises its errors. */
export const RowErrors: Story = {
  args: {
    ...TwoPersons.args,
    formData: { persons: [vali, { birthday: '2020-03-20', firstName: 'Тимур', lastName: 'ALIYEV' }] },
    validateOnMount: true,
  },
};

/** A registry lookup failure arrives as an extra error on one row's field. */
export const LookupErrorOnRow: Story = {
  args: {
    ...TwoPersons.args,
    fieldErrors: { '/persons/1/passport': 'datas_not_found' },
  },
  play: async ({ canvasElement }) => {
    // The row the error stands on is framed and summarises it; the other row is not.
    await waitFor(() => expect(canvasElement.querySelector('[id$="_1__summary"]')).not.toBeNull());
    expect(canvasElement.querySelector('[id$="_0__summary"]')).toBeNull();
  },
};

/** Add a row, then remove the first one. */
export const AddAndRemove: Story = {
  args: { ...TwoPersons.args, formData: { persons: [vali] } },
  play: async ({ canvasElement, userEvent }) => {
    const add = canvasElement.querySelector<HTMLButtonElement>('button[id$="__add"], fieldset > button[type="button"]')!;
    await userEvent.click(add);
    await waitFor(() => expect(canvasElement.querySelectorAll('fieldset > ol > li').length).toBe(2));
    const remove = canvasElement.querySelector<HTMLButtonElement>('fieldset > ol > li button[type="button"]')!;
    await userEvent.click(remove);
    await waitFor(() => expect(canvasElement.querySelectorAll('fieldset > ol > li').length).toBe(1));
  },
};
