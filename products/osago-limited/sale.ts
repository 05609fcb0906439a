import osago from '../osago/sale';
import { SaleRefusal, type ProductSale } from '../kit/sale/sale';
import type { SavePolicyRequest } from '../osago/api.generated';
import type { OsagoReference } from '../osago/tariff';

/**
 * OSAGO's sale for named drivers only: the same checks, registry and price (OSAGO's tariff row, read
 * in place), a policy of its own series. Its registry calls are OSAGO's, served once.
 */
const sale: ProductSale<SavePolicyRequest, OsagoReference> = {
  schemas: osago.schemas,
  tariffs: osago.tariffs,
  tariffsFrom: 'osago',
  async quote(request, context) {
    if (request.number_drivers_id !== 4) throw new SaleRefusal(400, 'body/number_drivers_id must be 4: OSAGO limited names its drivers', '/number_drivers_id');
    return osago.quote(request, context);
  },
  ...(osago.readSave ? { readSave: osago.readSave.bind(osago) } : {}),
  amount: osago.amount.bind(osago),
  amountField: osago.amountField,
  policy: {
    series: 'OSL',
    title: {
      uz: 'OSAGO — cheklangan haydovchilar roʻyxati bilan',
      ru: 'ОСАГО с ограниченным списком водителей',
      en: 'OSAGO with named drivers',
    },
    subjectLabel: osago.policy.subjectLabel,
  },
};

export default sale;
