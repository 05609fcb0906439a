import type { PaymentDetails, PolicyResult } from '../../engine/definition';
import { travel } from '../../products/travel/definition';
import type { TravelData } from '../../products/travel/rules';
import { sampleSingleTrip, sampleTravelCatalog } from '../../products/travel/samples';
import type { FixtureApiOptions } from '../fixtures/fixture-api';
import { FlowStory, type FlowStart } from '../fixtures/flow-story';

/** Story args every travel story shares. */
export interface TravelStoryArgs {
  layout: 'default' | 'webview';
}

export const travelArgTypes = {
  layout: { control: 'inline-radio', options: ['default', 'webview'] },
} as const;

const sampleTotal = travel.pricing(sampleSingleTrip, sampleTravelCatalog)?.total ?? 0;

/** What save answers for the sample trip (the fixture API answers the same). */
export const samplePayment: PaymentDetails = {
  contractId: 'c0ffee00-0000-4000-8000-000000000001',
  orderId: '100001',
  price: sampleTotal,
  links: { click: '#click', payme: '#payme' },
};

export const samplePolicy: PolicyResult = { policyNumber: 'TRV 2026000001', policyUrl: '#policy.pdf' };

/** The sample single trip standing on `step`. */
export function sampleAt(step: string, data: TravelData = sampleSingleTrip): FlowStart<TravelData> {
  return {
    step,
    data: structuredClone(data),
    payment: step === 'payment' || step === 'download' ? samplePayment : null,
    policy: step === 'download' ? samplePolicy : null,
  };
}

/** The travel flow on the fixture API, from `start` (null = a fresh flow). */
export function TravelFlow({ start = null, api, layout = 'default' }: { start?: FlowStart<TravelData> | null; api?: FixtureApiOptions; layout?: TravelStoryArgs['layout'] }) {
  return <FlowStory definition={travel} start={start} api={api ?? {}} layout={layout} />;
}
