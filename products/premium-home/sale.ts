import { homeSale } from '../home/sale';
import { premiumHomePrograms } from './pricing';

/** Home's sale (a year's cover, the applicant from the registry) with the premium programs. */
export default homeSale(premiumHomePrograms, {
  series: 'PRM',
  title: { uz: "Premium uy-joy mulkini sug'urtalash", ru: 'Страхование премиального жилья', en: 'Premium home insurance' },
  subjectLabel: { uz: "Sug'urta obyekti", ru: 'Объект страхования' },
});
