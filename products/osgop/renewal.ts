import { defineRenewal, flowPersonOf, NotRenewable, readRequest, withEffects } from '../kit/binding/renewal-kit';
import type { OsgopMonths, OsgopTariff } from './pricing';
import type { OsgopData } from './rules';

const terms: readonly OsgopMonths[] = [3, 6, 12];

/**
 * The same vehicle and carrier insured again for the same term from the renewal's first day (its
 * last day as the policy step's own effect sets it). The model and year are the vehicle registry's,
 * which the flow's lookup asks again (a category and seats the registry gives price the cover).
 */
export default defineRenewal<OsgopData, OsgopTariff>({
  data: (body, { renewFrom, catalog, actions }) => {
    const request = readRequest(body);
    const months = terms.find((term) => term === request.maybeNumber('period'));
    if (months === undefined) throw new NotRenewable('request.period is not a term sold');
    const insurant = request.object('insurant');
    const holder: OsgopData['holder'] = insurant.maybeText('type') === 'company'
      ? { kind: 'company', inn: insurant.text('inn'), phone: request.text('phone') }
      : { kind: 'person', ...flowPersonOf(insurant), phone: request.text('phone') };
    const data: OsgopData = {
      car: { plate: request.text('gos_number'), techPassport: `${request.text('techSery')}${request.text('techNumber')}`, model: request.text('model'), issueYear: request.number('issue_year') },
      holder,
      policy: { months, beginDate: renewFrom },
    };
    return withEffects(data, actions, ['syncPeriod'], catalog);
  },
});
