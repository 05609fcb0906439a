/**
 * Uzbekistan's regions by the `region_id` of the home save call, named as the bilingual policy
 * prints them. The site shows them through its catalogs (`home.region.<id>`); a test keeps the two
 * spellings the same.
 */
export const homeRegions: Readonly<Record<number, { uz: string; ru: string }>> = {
  1: { uz: 'Toshkent shahri', ru: 'город Ташкент' },
  2: { uz: 'Toshkent viloyati', ru: 'Ташкентская область' },
  3: { uz: 'Andijon viloyati', ru: 'Андижанская область' },
  4: { uz: 'Buxoro viloyati', ru: 'Бухарская область' },
  5: { uz: 'Fargʻona viloyati', ru: 'Ферганская область' },
  6: { uz: 'Jizzax viloyati', ru: 'Джизакская область' },
  7: { uz: 'Qashqadaryo viloyati', ru: 'Кашкадарьинская область' },
  8: { uz: 'Xorazm viloyati', ru: 'Хорезмская область' },
  9: { uz: 'Namangan viloyati', ru: 'Наманганская область' },
  10: { uz: 'Navoiy viloyati', ru: 'Навоийская область' },
  11: { uz: 'Samarqand viloyati', ru: 'Самаркандская область' },
  12: { uz: 'Surxondaryo viloyati', ru: 'Сурхандарьинская область' },
  13: { uz: 'Sirdaryo viloyati', ru: 'Сырдарьинская область' },
  14: { uz: 'Qoraqalpogʻiston Respublikasi', ru: 'Республика Каракалпакстан' },
};
