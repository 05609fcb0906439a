import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { sampleSingleTrip } from '../../products/travel/samples';
import { sampleAt, TravelFlow, travelArgTypes, type TravelStoryArgs } from './travel-story';

/** The whole travel flow on the fixture API, and how it looks when the API misbehaves. */
const meta: Meta<TravelStoryArgs> = {
  title: 'Travel/Flow',
  args: { layout: 'default' },
  argTypes: travelArgTypes,
};
export default meta;

type Story = StoryObj<TravelStoryArgs>;

const submitButton = (root: HTMLElement) =>
  waitFor(() => {
    const button = root.querySelector<HTMLButtonElement>('form button[type="submit"]');
    if (!button || button.disabled) throw new Error('the form is not ready');
    return button;
  }, { timeout: 6000 });

/** A fresh flow from the first step; every call is answered by the fixture API. */
export const WholeFlow: Story = {
  render: ({ layout }) => <TravelFlow layout={layout} />,
};

/** The trip's defaults are valid: Next moves on; Next on the empty dates step shows errors. */
export const NextWithEmptyForm: Story = {
  render: ({ layout }) => <TravelFlow layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await submitButton(canvasElement));
    await waitFor(() => expect(canvasElement.querySelector('[data-testid="story-url"]')?.textContent).toContain('dates'));
    await userEvent.click(await submitButton(canvasElement));
    await waitFor(() => expect(canvasElement.querySelectorAll('[id$="__error"] li').length).toBeGreaterThan(0));
  },
};

/** The person registry knows nobody: typing the payer's passport shows `datas_not_found` at the field. */
export const LookupFailure: Story = {
  render: ({ layout }) => (
    <TravelFlow
      start={sampleAt('tourists', {
        ...sampleSingleTrip,
        tourists: {
          payer: { foreign: false, birthday: '1990-05-15', phone: '998901234567' },
          tourists: [{ isPayer: true, canPay: true, foreign: false, birthday: '1990-05-15', phone: '998901234567' }],
        },
      })}
      api={{ lookup: 'not-found' }}
      layout={layout}
    />
  ),
  play: async ({ canvasElement, userEvent }) => {
    const passport = await waitFor(() => {
      const input = canvasElement.querySelector<HTMLInputElement>('input[id$="payer_passport"]');
      if (!input) throw new Error('the payer passport field is not shown yet');
      return input;
    });
    await userEvent.type(passport, 'AZ9999999');
    await waitFor(() => expect(canvasElement.querySelector('[id$="payer_passport__error"]')).not.toBeNull(), { timeout: 3000 });
  },
};

/** The registry does not answer at all (network error). */
export const LookupNoAnswer: Story = {
  ...LookupFailure,
  render: ({ layout }) => (
    <TravelFlow
      start={sampleAt('tourists', {
        ...sampleSingleTrip,
        tourists: {
          payer: { foreign: false, birthday: '1990-05-15', phone: '998901234567' },
          tourists: [{ isPayer: true, canPay: true, foreign: false, birthday: '1990-05-15', phone: '998901234567' }],
        },
      })}
      api={{ lookup: 'network' }}
      layout={layout}
    />
  ),
};

/** Save answers HTTP 422: Next on the program step opens the blocking error dialog. */
export const SaveFailure: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('program')} api={{ saveStatus: 422 }} layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await submitButton(canvasElement));
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[role="dialog"]')).not.toBeNull(), { timeout: 3000 });
  },
};

/** The catalog does not load: the flow offers to try again. */
export const CatalogFailure: Story = {
  render: ({ layout }) => <TravelFlow api={{ catalogStatus: 503 }} layout={layout} />,
};

/** Every answer takes 2.5 s: the catalog spinner, then busy buttons while lookups and save run. */
export const SlowApi: Story = {
  render: ({ layout }) => <TravelFlow start={sampleAt('program')} api={{ delay: 2500 }} layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    await userEvent.click(await submitButton(canvasElement));
    await waitFor(() => expect(canvasElement.querySelector('form button[aria-busy="true"]')).not.toBeNull());
  },
};
