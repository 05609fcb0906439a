import type { PaymentProvider } from '../provider';
import { paymeCallbacks } from './callbacks';
import { paymeUrl } from './link';
import paymeMerchant from './merchant';
import { paymeSandbox } from './sandbox';

/** Payme's checkout link, paid through our merchant JSON-RPC endpoint (Payme calls us: `app.payme`). */
export const payme: PaymentProvider = {
  id: 'payme',
  service: paymeMerchant,
  link: (app, contract) => paymeUrl(app.config, contract),
  callbacks: paymeCallbacks,
  sandbox: paymeSandbox,
};
