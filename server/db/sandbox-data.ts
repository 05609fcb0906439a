import type { PersonsTable, RedirectsTable } from './database';

/* The sandbox's own data, seeded on start; plain values, so stories can answer with the same people. */

/** The sandbox person registry of schemas/api/README.md. */
export const sandboxPersons: PersonsTable[] = [
  { passport_seria: 'AA', passport_number: '1234567', birthday: '1990-05-15', pinfl: '31505900000011', first_name: 'Vali', last_name: 'Aliyev', first_name_cyr: 'Вали', last_name_cyr: 'Алиев' },
  { passport_seria: 'AB', passport_number: '7654321', birthday: '1985-11-02', pinfl: '41102850000022', first_name: 'Dilnoza', last_name: 'Karimova', first_name_cyr: 'Дилноза', last_name_cyr: 'Каримова' },
  { passport_seria: 'AC', passport_number: '1111111', birthday: '2012-03-20', pinfl: '32003120000033', first_name: 'Timur', last_name: 'Aliyev', first_name_cyr: 'Тимур', last_name_cyr: 'Алиев' },
  { passport_seria: 'AD', passport_number: '2222222', birthday: '1958-07-01', pinfl: '30107580000044', first_name: 'Rustam', last_name: 'Nazarov', first_name_cyr: 'Рустам', last_name_cyr: 'Назаров' },
];

/** Old addresses kept alive after the site moved pages. */
export const seedRedirects: RedirectsTable[] = [
  ...(['uz', 'en', 'ru'] as const).flatMap((lang): RedirectsTable[] => [
    { from_path: `/${lang}/travel-insurance`, to_url: `/${lang}/travel`, status: 301 },
    { from_path: `/${lang}/home-insurance`, to_url: `/${lang}/housing`, status: 301 },
  ]),
  { from_path: '/en/app', to_url: 'https://play.google.com/store/apps', status: 302 },
];
