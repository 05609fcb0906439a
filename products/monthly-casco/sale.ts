import { miniCascoSale } from '../mini-casco/sale';

/**
 * Mini-casco's sale for one month: the same checks and programs (mini-casco's tariffs row, read in
 * place), the month's premium (the year's ÷ 12, rounded up), a policy of its own series.
 */
export default miniCascoSale(1, {
  series: 'MKM',
  title: { uz: 'Oylik KASKO — avtomobilni bir oyga ixtiyoriy sugʻurtalash', ru: 'Ежемесячное КАСКО — добровольное страхование автомобиля на месяц', en: 'Monthly casco: voluntary car insurance for a month' },
  subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
});
