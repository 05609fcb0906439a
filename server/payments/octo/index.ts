import { startUrl } from '../links';
import type { PaymentProvider } from '../provider';
import { octoCallbacks } from './callbacks';
import { octoRefund, octoStatus, startOcto } from './payments';
import { octoSandbox } from './sandbox';

/**
 * Octo (secure.octo.uz): a payment prepared when the visitor follows the link, paid on Octo's page,
 * held by Octo and captured by us once the contract is paid by it (README.md).
 */
export const octo: PaymentProvider = {
  id: 'octo',
  link: (app, contract) => startUrl(app.config, 'octo', contract),
  start: startOcto,
  callbacks: octoCallbacks,
  sandbox: octoSandbox,
  status: octoStatus,
  refund: octoRefund,
};
