import { use, useCallback, useState } from 'react';
import type { PayLink } from '../../engine/definition';
import { loadMessageArea } from '../../engine/message-areas';
import { PaymentStep } from '../../engine/steps/payment-step';
import type { ContractCheckResponse } from '../../products/kit/api/site-api.generated';
import { api } from '../api/site-api';
import { catalogs, engineCatalogs } from '../i18n';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import type { UnpaidContract } from './cabinet-api';
import { productTitle } from './cabinet-products';
import { loadPaymentDetailsReader } from '../products';

/** The engine's texts the payment step shows and the reader of the save's answer, loaded once with it. */
const ready = Promise.all([loadPaymentDetailsReader(), catalogs.require('engine', engineCatalogs), loadMessageArea('engine-payment')]).then(([reader]) => reader);

/**
 * "Continue to payment" of a contract saved but not paid: the flows' own payment step (the terms,
 * the card in the page, the providers' links through the server's `/pay/…`), for that contract.
 * Paid, the client lands on the thank-you page, which shows the policy as a flow's payment does.
 */
export default function UnpaidPayment({ contract, onClose }: { contract: UnpaidContract; onClose: () => void }) {
  const paymentDetailsFrom = use(ready);
  const lang = useLang();
  const [checking, setChecking] = useState(false);
  const payment = paymentDetailsFrom(contract.payment);
  const payLink = useCallback<PayLink>((provider, contractId) => `/pay/${provider}/${encodeURIComponent(contractId)}?lang=${lang}`, [lang]);
  const thankYou = localePath(lang, `/thank-you/${encodeURIComponent(contract.contract_id)}`);
  const poll = useCallback(async () => {
    try {
      const answer = await api.post<ContractCheckResponse>('/sayt/contract/check', { contract_id: contract.contract_id });
      if (answer.result && (answer.response.status === 'paid' || answer.response.status === 'issued')) window.location.assign(thankYou);
    } catch {
      // Asked again at the next poll; the client may also check by hand.
    }
  }, [contract.contract_id, thankYou]);
  const title = productTitle(contract.product) ?? 'cabinet.unpaid.title';
  return (
    <PaymentStep
      title={title}
      summary={[]}
      payment={payment}
      price={null}
      loading={checking}
      api={api}
      lang={lang}
      payLink={payLink}
      storage={typeof sessionStorage === 'undefined' ? null : sessionStorage}
      onCheck={() => {
        setChecking(true);
        // The thank-you page is drawn by the server with the contract's standing.
        window.location.assign(thankYou);
      }}
      onPoll={() => void poll()}
      onBack={onClose}
    />
  );
}
