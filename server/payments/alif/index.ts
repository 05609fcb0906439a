import { startUrl } from '../links';
import type { PaymentProvider } from '../provider';
import { alifCallbacks } from './callbacks';
import { alifApiCalls, alifRefund, alifStatus, alifTakes, startAlif } from './payments';
import { alifSandbox } from './sandbox';

/**
 * Alif (alifpay.uz): an invoice paid on Alif's checkout by card or in Nasiya instalments, Alif's
 * signed webhook read again with getInvoice (README.md). Offered only for the amounts Alif takes.
 */
export const alif: PaymentProvider = {
  id: 'alif',
  link: (app, contract) => (alifTakes(contract) ? startUrl(app.config, 'alif', contract) : undefined),
  start: startAlif,
  api: alifApiCalls,
  callbacks: alifCallbacks,
  sandbox: alifSandbox,
  status: alifStatus,
  refund: alifRefund,
};
