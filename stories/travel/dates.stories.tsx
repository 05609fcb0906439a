import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { sampleSingleTrip } from '../../products/travel/samples';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** Step 2: countries (searchable multi-select) and the trip's dates. */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/2 Dates',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const Filled: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('dates')} layout={layout} />,
};

/** Next on an empty step marks every required field; nothing is sent. */
export const EmptyNextShowsErrors: Story = {
  render: ({ layout }) => (
    <TravelFlow start={sampleAt('dates', { ...sampleSingleTrip, dates: { countries: [] } })} layout={layout} />
  ),
  play: async ({ canvasElement, userEvent }) => {
    const next = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button) throw new Error('the dates form is not shown yet');
      return button;
    });
    await userEvent.click(next);
    await waitFor(() => expect(canvasElement.querySelectorAll('[id$="__error"] li').length).toBeGreaterThanOrEqual(3));
    await expect(canvasElement.querySelector('[aria-current="step"]')?.textContent).toContain('2');
  },
};
