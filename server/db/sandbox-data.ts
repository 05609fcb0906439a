import type {
  BenefitsTable, CompaniesTable, DriverLicencesTable, PersonsTable, RedirectsTable, SaveErrorTriggersTable, VehiclesTable,
} from './database';

/* The sandbox's own data, seeded on start; plain values, so stories can answer with the same people. */

/** Ordinals in Uzbek, Latin and Cyrillic: the sandbox's test people are named after the save error they trigger. */
const ordinals = [
  ['Birinchi', 'Биринчи'], ['Ikkinchi', 'Иккинчи'], ['Uchinchi', 'Учинчи'], ['Tortinchi', 'Тўртинчи'], ['Beshinchi', 'Бешинчи'],
  ['Oltinchi', 'Олтинчи'], ['Yettinchi', 'Еттинчи'], ['Sakkizinchi', 'Саккизинчи'], ['Toqqizinchi', 'Тўққизинчи'], ['Oninchi', 'Ўнинчи'],
] as const;

/**
 * AF 0000001 … AF 0000010 (born 01.01.1980): people the registries know (each with a licence) whose
 * OSAGO save the sandbox refuses with the error code of their number, so every message can be seen.
 * AF 0000009 also fails mini-casco's passport check (/minikasko_neo/checkCar error 9): the registry
 * names them, so their names fill in, and the insurer's check then refuses the passport.
 */
function saveErrorPeople(): PersonsTable[] {
  return ordinals.map(([latin, cyrillic], i) => ({
    passport_seria: 'AF',
    passport_number: String(i + 1).padStart(7, '0'),
    birthday: '1980-01-01',
    pinfl: `30101800000${String(i + 1).padStart(3, '0')}`,
    first_name: 'Sinov',
    last_name: latin,
    first_name_cyr: 'Синов',
    last_name_cyr: cyrillic,
  }));
}

/** The sandbox person registry of schemas/api/README.md. */
export const sandboxPersons: PersonsTable[] = [
  { passport_seria: 'AA', passport_number: '1234567', birthday: '1990-05-15', pinfl: '31505900000011', first_name: 'Vali', last_name: 'Aliyev', first_name_cyr: 'Вали', last_name_cyr: 'Алиев' },
  { passport_seria: 'AB', passport_number: '7654321', birthday: '1985-11-02', pinfl: '41102850000022', first_name: 'Dilnoza', last_name: 'Karimova', first_name_cyr: 'Дилноза', last_name_cyr: 'Каримова' },
  { passport_seria: 'AC', passport_number: '1111111', birthday: '2012-03-20', pinfl: '32003120000033', first_name: 'Timur', last_name: 'Aliyev', first_name_cyr: 'Тимур', last_name_cyr: 'Алиев' },
  { passport_seria: 'AD', passport_number: '2222222', birthday: '1958-07-01', pinfl: '30107580000044', first_name: 'Rustam', last_name: 'Nazarov', first_name_cyr: 'Рустам', last_name_cyr: 'Назаров' },
  // The travel samples' other travellers (products/travel/samples.ts): a child, two older men, a young woman.
  { passport_seria: 'AC', passport_number: '2020202', birthday: '2020-03-20', pinfl: '52003200000066', first_name: 'Kamron', last_name: 'Aliyev', first_name_cyr: 'Камрон', last_name_cyr: 'Алиев' },
  { passport_seria: 'AD', passport_number: '3333333', birthday: '1960-01-10', pinfl: '31001600000077', first_name: 'Bahodir', last_name: 'Yusupov', first_name_cyr: 'Баходир', last_name_cyr: 'Юсупов' },
  { passport_seria: 'AD', passport_number: '4444444', birthday: '1980-01-10', pinfl: '31001800000088', first_name: 'Sardor', last_name: 'Qodirov', first_name_cyr: 'Сардор', last_name_cyr: 'Қодиров' },
  { passport_seria: 'AE', passport_number: '3333333', birthday: '1992-06-01', pinfl: '40106920000099', first_name: 'Shahlo', last_name: 'Oʻlmasova', first_name_cyr: 'Шаҳло', last_name_cyr: 'Ўлмасова' },
  // Has no licence in the registry: an OSAGO driver row of his asks for the licence by hand.
  { passport_seria: 'AE', passport_number: '1234567', birthday: '1995-09-12', pinfl: '31209950000055', first_name: 'Aziz', last_name: 'Rahimov', first_name_cyr: 'Азиз', last_name_cyr: 'Рахимов' },
  ...saveErrorPeople(),
];

/** The OSAGO save error each test person triggers (codes 1–10, requirements §8). */
export const sandboxSaveErrorTriggers: SaveErrorTriggersTable[] = saveErrorPeople().map((person, i) => ({
  passport_seria: person.passport_seria,
  passport_number: person.passport_number,
  code: i + 1,
}));

/** The sandbox tax registry (README.md): companies and an individual entrepreneur by INN. */
export const sandboxCompanies: CompaniesTable[] = [
  { inn: '301234567', name: '"NEO LOGISTIKA" MASʼULIYATI CHEKLANGAN JAMIYATI', short_name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza', address: 'Toshkent sh., Yunusobod tumani, Amir Temur shoh koʻchasi, 108', oked: '49410', mfo: '00014', bank: 'Milliy bank', account: '20208000900100001010' },
  { inn: '302345678', name: '"FARGʻONA AGRO SERVIS" MASʼULIYATI CHEKLANGAN JAMIYATI', short_name: '"FARGʻONA AGRO SERVIS" MChJ', director: 'Nazarov Rustam', address: 'Fargʻona sh., Mustaqillik koʻchasi, 15', oked: '01610', mfo: '00873', bank: 'Agrobank', account: '20208000400200002020' },
  { inn: '303456789', name: '"BUXORO YOʻLOVCHI TRANS" AKSIYADORLIK JAMIYATI', short_name: '"BUXORO YOʻLOVCHI TRANS" AJ', director: 'Aliyev Vali', address: 'Buxoro sh., Navoiy shoh koʻchasi, 3', oked: '49310', mfo: '00409', bank: 'Asaka bank', account: '20210000300300003030' },
  { inn: '304567890', name: '"TOSHKENT SHAHAR TAKSI" MASʼULIYATI CHEKLANGAN JAMIYATI', short_name: '"TOSHKENT TAKSI" MChJ', director: 'Rahimov Aziz', address: 'Toshkent sh., Chilonzor tumani, Bunyodkor shoh koʻchasi, 7', oked: '49320', mfo: '00440', bank: 'Ipoteka bank', account: '20208000700400004040' },
  { inn: '405678901', name: 'YAKKA TARTIBDAGI TADBIRKOR NAZAROV RUSTAM', short_name: 'YaTT Nazarov R.', director: 'Nazarov Rustam', address: 'Nukus sh., Berdaq koʻchasi, 21', oked: '49391', mfo: '00014', bank: 'Milliy bank', account: '20218000100500005050' },
  // The registry knows this INN but has no short name for it: the site says wrong_inn (requirements §5).
  { inn: '309999999', name: 'ESKI NOMLI KORXONA', short_name: null, director: 'Nomaʼlum', address: 'Toshkent sh.', oked: '00000', mfo: '00014', bank: 'Milliy bank', account: '20208000000000009999' },
];

const person = (passport: string) => sandboxPersons.find((p) => `${p.passport_seria}${p.passport_number}` === passport);

/** A vehicle owned by a person of the person registry. */
function ownedBy(passport: string): Pick<VehiclesTable, 'owner_pinfl' | 'owner_passport_seria' | 'owner_passport_number' | 'owner_birthday' | 'owner_inn' | 'owner_name'> {
  const owner = person(passport);
  if (!owner) throw new Error(`sandbox vehicle owner ${passport} is not in the person registry`);
  return {
    owner_pinfl: owner.pinfl,
    owner_passport_seria: owner.passport_seria,
    owner_passport_number: owner.passport_number,
    owner_birthday: owner.birthday,
    owner_inn: null,
    owner_name: `${owner.last_name.toUpperCase()} ${owner.first_name.toUpperCase()}`,
  };
}

/** A vehicle owned by a company of the tax registry. */
function ownedByCompany(inn: string): Pick<VehiclesTable, 'owner_pinfl' | 'owner_passport_seria' | 'owner_passport_number' | 'owner_birthday' | 'owner_inn' | 'owner_name'> {
  const company = sandboxCompanies.find((c) => c.inn === inn);
  if (!company) throw new Error(`sandbox vehicle owner ${inn} is not in the tax registry`);
  return { owner_pinfl: null, owner_passport_seria: null, owner_passport_number: null, owner_birthday: null, owner_inn: inn, owner_name: company.short_name ?? company.name };
}

/** The sandbox vehicle registry (README.md): plate + tech passport → vehicle and owner. */
export const sandboxVehicles: VehiclesTable[] = [
  { plate: '01A123BC', tech_seria: 'AAF', tech_number: '0390422', model: 'Chevrolet Cobalt', vehicle_type: 1, issue_year: 2022, seats: 5, fuel: 'petrol', ...ownedBy('AA1234567'), policy_end: null },
  { plate: '10B456CD', tech_seria: 'AAG', tech_number: '1234567', model: 'Isuzu NQR 71', vehicle_type: 6, issue_year: 2019, seats: 3, fuel: 'diesel', ...ownedBy('AD2222222'), policy_end: null },
  // Insured until the end of July 2030: a new policy starts the day after (/check-ip); on the samples' day (15 June 2030) it can be bought.
  { plate: '30C789DE', tech_seria: 'AAL', tech_number: '7654321', model: 'Chevrolet Spark', vehicle_type: 1, issue_year: 2018, seats: 5, fuel: 'gas', ...ownedBy('AB7654321'), policy_end: '2030-07-31' },
  { plate: '01F224LC', tech_seria: 'AAF', tech_number: '2242242', model: 'Hyundai Elantra', vehicle_type: 1, issue_year: 2021, seats: 5, fuel: 'petrol', ...ownedBy('AE1234567'), policy_end: null },
  { plate: '01123ABC', tech_seria: 'AAF', tech_number: '1111111', model: 'Kia K5', vehicle_type: 1, issue_year: 2023, seats: 5, fuel: 'petrol', ...ownedByCompany('301234567'), policy_end: null },
  { plate: '40456FGH', tech_seria: 'AAG', tech_number: '2222222', model: 'KAMAZ 65115', vehicle_type: 6, issue_year: 2016, seats: 3, fuel: 'diesel', ...ownedByCompany('302345678'), policy_end: null },
  { plate: '80321BTR', tech_seria: 'AAL', tech_number: '3333333', model: 'Isuzu Citiport', vehicle_type: 9, issue_year: 2021, seats: 30, fuel: 'diesel', ...ownedByCompany('303456789'), policy_end: null },
  { plate: '01777TAX', tech_seria: 'AAF', tech_number: '4444444', model: 'Chevrolet Nexia 3', vehicle_type: 1, issue_year: 2020, seats: 5, fuel: 'gas', ...ownedByCompany('304567890'), policy_end: null },
  { plate: '95E555EE', tech_seria: 'AAL', tech_number: '5555555', model: 'Chevrolet Damas', vehicle_type: 9, issue_year: 2015, seats: 7, fuel: 'gas', ...ownedBy('AD2222222'), policy_end: null },
  // A model on the insurer's restricted list: refused by the site and the server.
  { plate: '01Z777ZZ', tech_seria: 'AAF', tech_number: '7777777', model: 'Lamborghini Urus', vehicle_type: 1, issue_year: 2024, seats: 4, fuel: 'petrol', ...ownedBy('AD2222222'), policy_end: null },
];

/** Driving licences by passport; Aziz Rahimov (AE 1234567) has none, so his is typed by hand. */
export const sandboxLicences: DriverLicencesTable[] = [
  { passport_seria: 'AA', passport_number: '1234567', licence_seria: 'AF', licence_number: '0557857', issued_on: '2010-06-01' },
  { passport_seria: 'AB', passport_number: '7654321', licence_seria: 'AB', licence_number: '1234321', issued_on: '2008-03-15' },
  { passport_seria: 'AD', passport_number: '2222222', licence_seria: 'AD', licence_number: '7654567', issued_on: '1978-09-10' },
  ...saveErrorPeople().map((p, i) => ({
    passport_seria: p.passport_seria,
    passport_number: p.passport_number,
    licence_seria: 'AF',
    licence_number: String(900_001 + i).padStart(7, '0'),
    issued_on: '2000-01-10',
  })),
];

/** Benefit categories: Rustam Nazarov is a pensioner (7). */
export const sandboxBenefits: BenefitsTable[] = [{ pinfl: '30107580000044', category: 7 }];

/** Old addresses kept alive after the site moved pages. */
export const seedRedirects: RedirectsTable[] = [
  ...(['uz', 'en', 'ru'] as const).flatMap((lang): RedirectsTable[] => [
    { from_path: `/${lang}/travel-insurance`, to_url: `/${lang}/travel`, status: 301 },
    { from_path: `/${lang}/home-insurance`, to_url: `/${lang}/housing`, status: 301 },
  ]),
  { from_path: '/en/app', to_url: 'https://play.google.com/store/apps', status: 302 },
];
