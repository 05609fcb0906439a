import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/**
 * Step 5: total, contract and payment links. The fixture answers the automatic check on arrival
 * "not paid" and the visitor's check "paid", which opens the policy download.
 */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/5 Payment',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const AwaitingPayment: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('payment')} layout={layout} />,
};

/** The visitor checks once more, still unpaid: the check says so. */
export const StillUnpaid: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('payment')} api={{ unpaidChecks: 5 }} layout={layout} />,
};

/** Checking after paying moves on to the download. */
export const CheckAfterPaying: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('payment')} layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    const check = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('section[aria-label] button:last-of-type');
      if (!button || button.disabled) throw new Error('the check button is not ready');
      return button;
    });
    await userEvent.click(check);
    await waitFor(() => expect(canvasElement.querySelector('a[href="#policy.pdf"]')).not.toBeNull(), { timeout: 3000 });
  },
};
