/**
 * Shapes of the home site API (schemas/api/home/*.json; the contract test validates every value
 * built here against them).
 */

export type HouseType = 'apartment' | 'house';

export interface HomeSaveRequest {
  program_id: number;
  house_type: HouseType;
  region_id: number;
  address: string;
  /** DD.MM.YYYY, today or later. */
  begin_date: string;
  applicant: {
    passport_seria: string;
    passport_number: string;
    birthday: string;
    phone: string;
  };
  /** Must equal the program's premium. */
  amount: number;
  return_url?: string;
}

export interface HomeCheckRequest {
  contract_id: string;
}

export interface HomeCheckResponse {
  policy_number: string;
  pdf_url: string;
}

/** Regions of Uzbekistan, ids 1–14 as the API and `home.region.<id>` messages number them. */
export const homeRegions: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Tashkent city' },
  { id: 2, name: 'Tashkent region' },
  { id: 3, name: 'Andijan' },
  { id: 4, name: 'Bukhara' },
  { id: 5, name: 'Fergana' },
  { id: 6, name: 'Jizzakh' },
  { id: 7, name: 'Kashkadarya' },
  { id: 8, name: 'Khorezm' },
  { id: 9, name: 'Namangan' },
  { id: 10, name: 'Navoi' },
  { id: 11, name: 'Samarkand' },
  { id: 12, name: 'Surkhandarya' },
  { id: 13, name: 'Syrdarya' },
  { id: 14, name: 'Republic of Karakalpakstan' },
];
