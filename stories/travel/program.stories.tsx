import type { Meta, StoryObj } from '@storybook/react-vite';
import { sampleFamilyTrip } from '../../products/travel/samples';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** Step 4: program cards with the price each would give, extra risks; Next saves the contract. */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Steps/4 Program',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

export const ComfortWithRisks: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('program')} layout={layout} />,
};

export const FamilyPremium: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('program', sampleFamilyTrip)} layout={layout} />,
};
