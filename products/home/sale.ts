import { clientOf, coverStartInWindow, policyText, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductSale, type SaleContext } from '../kit/sale/sale';
import { oneYearFrom } from '../kit/api/api-format';
import type { SaveRequest } from './api.generated';
import { homePrograms, quoteHome, type HomeProgram, type HomeTariffs } from './pricing';
import { homeRegions } from './regions';

function regionName(id: number): string {
  const region = homeRegions[id];
  if (!region) throw new SaleRefusal(400, `body/region_id: ${id} is not a region`, '/region_id');
  return `${region.uz} / ${region.ru}`;
}

async function quote(area: HomeArea, request: SaveRequest, context: SaleContext<HomeTariffs>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const birthday = requestDate(request.applicant.birthday, '/applicant/birthday');
  const program = context.tariffs.programs.find((p) => p.id === request.program_id);
  const price = quoteHome(request.program_id, context.tariffs);
  if (!program || !price) throw new SaleRefusal(422, `program ${request.program_id} is not sold`, '/program_id');
  const { person: applicant, pinfl } = await registeredParty(request.applicant, '/applicant', context, { field: '/applicant', message: 'applicant not found in the person registry' });
  requireOfAge(birthday, begin, '/applicant/birthday');
  return {
    price,
    terms: {
      holder: applicant.name,
      insured: [applicant],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: program.sumInsured,
      currency: 'UZS' as const,
      programName: context.words(`${area}.program.${program.id}`) ?? program.name,
      // The region is part of the address the policy covers.
      subject: `${policyText(context, `home.house_type.${request.house_type}`)}, ${regionName(request.region_id)}, ${request.address}`,
      ...clientOf(request.applicant.phone, [pinfl]),
    },
  };
}

/** The product whose catalog names the programs (`<area>.program.<id>`). */
type HomeArea = 'home' | 'premium-home';

/**
 * The sale of a home-property product: a year's cover from the start date, the applicant from the
 * person registry (HTTP 422 when unknown), the program's premium and sum insured. Home and premium
 * home differ in their program table, the catalog naming its programs and what their policy is called.
 */
export function homeSale(
  area: HomeArea,
  programs: readonly HomeProgram[],
  policy: ProductSale<SaveRequest, HomeTariffs>['policy'],
  schemas: ProductSale<SaveRequest, HomeTariffs>['schemas'] = { save: 'home/save.request' },
): ProductSale<SaveRequest, HomeTariffs> {
  return {
    schemas,
    tariffs: { programs: [...programs] },
    quote: (request, context) => quote(area, request, context),
    amount: (request) => request.amount,
    amountField: '/amount',
    policy,
  };
}

export default homeSale('home', homePrograms, {
  series: 'HOM',
  title: { uz: "Uy-joy mulkini sugʻurtalash", ru: 'Страхование жилого имущества', en: 'Home property insurance' },
  subjectLabel: { uz: "Sugʻurta obyekti", ru: 'Объект страхования' },
});
