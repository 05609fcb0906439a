import { clientOf, coverStartInWindow, passportOf, registeredParty, registeredPerson, requestDate, requireDistinctPeople, requireOfAge, type ProductSale, type SaleContext } from '../kit/sale/sale';
import { groupDigits, oneYearFrom } from '../kit/api/api-format';
import type { SaveRequest } from './api.generated';
import { accidentTariff, quoteAccident, type AccidentTariff } from './pricing';

async function quote(request: SaveRequest, context: SaleContext<AccidentTariff>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const { person: owner, pinfl } = await registeredParty(request.owner, '/owner', context);
  // Of age on the first day of cover, as the page judges it at the first person's birthday.
  requireOfAge(owner.birthday, begin, '/owner/birthday');
  requireDistinctPeople(request.insureds.map(passportOf), '/insureds');
  const insured = await Promise.all(request.insureds.map((person, i) => registeredPerson(person, `/insureds/${i}`, context)));
  return {
    // The premium of exactly the persons and the sum the policy names.
    price: quoteAccident(request.insurance_amount, insured.length, context.tariffs),
    terms: {
      holder: owner.name,
      insured,
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: request.insurance_amount,
      currency: 'UZS' as const,
      programName: `${groupDigits(request.insurance_amount)} soʻm × ${insured.length}`,
      subject: 'Baxtsiz hodisalar / Несчастные случаи',
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, AccidentTariff> = {
  schemas: { save: 'accident/save.request' },
  tariffs: accidentTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  policy: {
    series: 'ACC',
    title: { uz: "Baxtsiz hodisalardan sugʻurtalash", ru: 'Страхование от несчастных случаев', en: 'Personal accident insurance' },
    subjectLabel: { uz: "Sugʻurta xavfi", ru: 'Страховой риск' },
    sumPerPerson: true,
  },
};

export default sale;
