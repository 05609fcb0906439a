import { startUrl } from '../links';
import type { PaymentProvider } from '../provider';
import { hostedCallbacks } from './callbacks';
import { hostedApiCalls, hostedRefund, hostedStatus, startHosted } from './payments';
import { hostedSandbox } from './sandbox';

/**
 * A bank's hosted payment page (requirements §7: `POST /payment/initialize → payment_url`): the bank's
 * protocol is not public, so it is behind `HostedGateway` with the protocol we assume (README.md).
 */
export const hosted: PaymentProvider = {
  id: 'hosted',
  link: (app, contract) => startUrl(app.config, 'hosted', contract),
  start: startHosted,
  api: hostedApiCalls,
  callbacks: hostedCallbacks,
  sandbox: hostedSandbox,
  status: hostedStatus,
  refund: hostedRefund,
};
