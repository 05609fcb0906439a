import type { PaymentProvider } from '../provider';
import { paynetCallbacks } from './callbacks';
import { paynetProvider } from './merchant';
import { paynetSandbox } from './sandbox';

/**
 * Paynet: the payer pays the order number of the payment step at a Paynet terminal or in its app
 * (the /paynet page says how), and Paynet calls our provider protocol (`POST /api/paynet`). There is
 * no link to follow: Paynet publishes no checkout address.
 */
export const paynet: PaymentProvider = {
  id: paynetProvider,
  callbacks: paynetCallbacks,
  sandbox: paynetSandbox,
  /*
   * A payment still open is a PerformTransaction that never reached its settlement (the server
   * stopped in between). Paynet takes the payer's cash only on our answer of success, which it
   * never got: it is closed. A Perform of the same transaction tried again still pays the order.
   */
  status: async () => 'failed',
};
