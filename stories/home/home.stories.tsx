import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { PaymentDetails } from '../../engine/definition';
import { home } from '../../products/home/definition';
import type { HomeData } from '../../products/home/rules';
import { homePrograms } from '../../products/home/pricing';
import { sampleHome, sampleHomeWithProgram } from '../../products/home/samples';
import type { FixtureApiOptions } from '../fixtures/fixture-api';
import { FlowStory, type FlowStart } from '../fixtures/flow-story';

interface HomeStoryArgs {
  layout: 'default' | 'webview';
}

/** The home (housing) flow on the fixture API: every step with the sample apartment, and failures. */
const meta: Meta<HomeStoryArgs> = {
  title: 'Home/Flow',
  args: { layout: 'default' },
  argTypes: { layout: { control: 'inline-radio', options: ['default', 'webview'] } },
};
export default meta;

type Story = StoryObj<HomeStoryArgs>;

const samplePayment: PaymentDetails = {
  contractId: 'c0ffee00-0000-4000-8000-000000000002',
  orderId: '100002',
  price: home.pricing(sampleHome, { programs: [...homePrograms] })?.total ?? 0,
  links: { click: '#click', payme: '#payme' },
};

function sampleAt(step: string, data: HomeData = sampleHome): FlowStart<HomeData> {
  return {
    step,
    data: structuredClone(data),
    payment: step === 'payment' || step === 'download' ? samplePayment : null,
    policy: step === 'download' ? { policyNumber: 'HOM 2026000001', policyUrl: '#policy.pdf' } : null,
  };
}

function HomeFlow({ start = null, api = {}, layout }: { start?: FlowStart<HomeData> | null; api?: FixtureApiOptions; layout: HomeStoryArgs['layout'] }) {
  return <FlowStory definition={home} start={start} api={api} layout={layout} />;
}

export const WholeFlow: Story = {
  render: ({ layout }) => <HomeFlow layout={layout} />,
};

/** Next without a program marks the cards. */
export const NextWithoutProgram: Story = {
  render: ({ layout }) => <HomeFlow layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    const next = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button) throw new Error('the program form is not shown yet');
      return button;
    });
    await userEvent.click(next);
    await waitFor(() => expect(canvasElement.querySelectorAll('[id$="__error"] li').length).toBeGreaterThan(0));
  },
};

export const ProgramStep: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('program', sampleHomeWithProgram(5))} layout={layout} />,
};

export const ApplicantStep: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('applicant')} layout={layout} />,
};

export const AddressStep: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('address')} layout={layout} />,
};

export const PaymentStep: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('payment')} layout={layout} />,
};

export const DownloadStep: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('download')} layout={layout} />,
};

/** Save answers HTTP 422 on the address step's Next. */
export const SaveFailure: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('address')} api={{ saveStatus: 422 }} layout={layout} />,
  play: async ({ canvasElement, userEvent }) => {
    const next = await waitFor(() => {
      const button = canvasElement.querySelector<HTMLButtonElement>('form button[type="submit"]');
      if (!button) throw new Error('the address form is not shown yet');
      return button;
    });
    await userEvent.click(next);
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[role="alert"], [role="dialog"]')).not.toBeNull(), { timeout: 3000 });
  },
};

export const SlowApi: Story = {
  render: ({ layout }) => <HomeFlow start={sampleAt('address')} api={{ delay: 2500 }} layout={layout} />,
};

export const Webview: Story = {
  args: { layout: 'webview' },
  render: ({ layout }) => <HomeFlow start={sampleAt('applicant')} layout={layout} />,
};
