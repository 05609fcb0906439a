import { homeSale } from '../home/sale';
import { premiumHomePrograms } from './pricing';

/** Home's sale (a year's cover, the applicant from the registry) with the premium programs. */
export default homeSale('premium-home', premiumHomePrograms, {
  series: 'PRM',
  title: { uz: "Premium uy-joy mulkini sugʻurtalash", ru: 'Страхование премиального жилья', en: 'Premium home insurance' },
  subjectLabel: { uz: "Sugʻurta obyekti", ru: 'Объект страхования' },
});
