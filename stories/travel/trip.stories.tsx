import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleMultiTrip, sampleWorkStay } from '../../products/travel/samples';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** Step 1: purpose, multi-trip, spend days, family and COVID cover. */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/1 Trip',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const SingleTrip: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('trip')} layout={layout} />,
};

export const MultiTrip: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('trip', sampleMultiTrip)} layout={layout} />,
};

export const WorkStay: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('trip', sampleWorkStay)} layout={layout} />,
};

export const Webview: Story = {
  args: { layout: 'webview' },
  render: ({ layout }) => <TravelFlow start={sampleAt('trip')} layout={layout} />,
};
