import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleGroupTrip, sampleWorkStay } from '../../products/travel/samples';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** Step 3: the payer and the travellers (persons array with add/remove, registry lookups). */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/3 Tourists',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const FatherAndSon: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('tourists')} layout={layout} />,
};

export const GroupOfFive: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('tourists', sampleGroupTrip)} layout={layout} />,
};

export const ForeignPayer: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('tourists', sampleWorkStay)} layout={layout} />,
};
