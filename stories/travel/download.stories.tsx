import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** The hidden last step: the issued policy's number and download link. */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/6 Download',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const PolicyReady: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('download')} layout={layout} />,
};
