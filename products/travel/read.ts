import { defined, either, flag, integer, isRecord, latinName, money, phone, present, upper, yes } from '../request-reader';
import { riskIds } from './rules';
import { countryIndex, type TravelReference } from './tariffs';

/**
 * Travel requests as the partner clients send them (reference [K], [Y], [L]) read into the shapes
 * of schemas/api/travel: flags as booleans or 0/1, travellers as bare birth dates, ids as numeric
 * strings, countries by the catalog's numeric id, persons under their camelCase or snake_case
 * names, Uzbek apostrophes in names as the passport's; fields nobody reads are dropped instead of
 * refused. Money is read only as an exact whole sum, a number or its decimal string.
 */

/** A country by its ISO code (any case) or by its id in `get_country`. */
function country(value: unknown, reference: TravelReference): unknown {
  const id = integer(value);
  if (typeof id !== 'number') return upper(value);
  return countryIndex(reference).codeById.get(id) ?? value;
}

/** A flag left out (or sent empty) is no. */
const flagOrNo = (value: unknown) => flag(present(value) ? value : 0);

function trip(body: Record<string, unknown>, reference: TravelReference) {
  const days = integer(body.days);
  return {
    begin_date: body.begin_date,
    end_date: either(body, 'end_date'),
    // Zero days beside an end date is a client's unused field (Go's zero value), not a trip of no days.
    days: (days === 0 || days === '') && present(body.end_date) ? undefined : days,
    countries: Array.isArray(body.countries) ? body.countries.map((c) => country(c, reference)) : body.countries,
    purpose_id: integer(body.purpose_id),
    kop_martali: flagOrNo(body.kop_martali),
    is_family: flagOrNo(body.is_family),
    has_covid: flagOrNo(body.has_covid),
    risklar: !present(body.risklar) || isRecord(body.risklar) ? risksOf(isRecord(body.risklar) ? body.risklar : {}) : body.risklar,
  };
}

/** Every risk as a 0/1 flag; an absent risk is not bought. */
function risksOf(risks: Record<string, unknown>): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const risk of riskIds) read[risk] = flagOrNo(risks[risk]);
  return read;
}

/** The calculator request: travellers may be bare `DD-MM-YYYY` birth dates. */
export function readCalculator(body: unknown, reference: TravelReference): unknown {
  if (!isRecord(body)) return body;
  const travelers = Array.isArray(body.travelers)
    ? body.travelers.map((t) => (typeof t === 'string' ? { birthday: t } : isRecord(t) ? defined({ birthday: either(t, 'birthday', 'birth_date', 'birthDate') }) : t))
    : body.travelers;
  return defined({ ...trip(body, reference), travelers });
}

function person(record: Record<string, unknown>, reference: TravelReference) {
  return {
    passport_seria: upper(either(record, 'passport_seria', 'passportSeria', 'passportSeries', 'passport_series')),
    passport_number: either(record, 'passport_number', 'passportNumber'),
    birthday: either(record, 'birthday', 'birth_date', 'birthDate'),
    pinfl: either(record, 'pinfl'),
    name: latinName(either(record, 'name', 'first_name', 'firstName')),
    surname: latinName(either(record, 'surname', 'last_name', 'lastName')),
    country_id: present(record.country_id) ? country(record.country_id, reference) : undefined,
  };
}

/** The save request: the payer and the travellers under any of the names partner clients use. */
export function readSave(body: unknown, reference: TravelReference): unknown {
  if (!isRecord(body)) return body;
  const payer = isRecord(body.sugurtalovchi)
    ? defined({
      ...person(body.sugurtalovchi, reference),
      // A payer with a citizenship is a foreigner (2), otherwise a citizen (0).
      type: integer(present(body.sugurtalovchi.type) ? body.sugurtalovchi.type : present(body.sugurtalovchi.country_id) ? 2 : 0),
      phone: phone(body.sugurtalovchi.phone),
    })
    : body.sugurtalovchi;
  const travelers = Array.isArray(body.travelers)
    ? body.travelers.map((t) => (isRecord(t)
      ? defined({ ...person(t, reference), foreign: yes(present(t.foreign) ? t.foreign : present(t.country_id)), is_payer: yes(either(t, 'is_payer', 'isPayer') ?? false) })
      : t))
    : body.travelers;
  return defined({
    ...trip(body, reference),
    travelers,
    summa_all: money(body.summa_all),
    program_id: integer(body.program_id),
    sugurtalovchi: payer,
    return_url: body.return_url,
  });
}

/** The person lookup: `passportSeries` and the like, series in any case. */
export function readGetPerson(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    passportSeria: upper(either(body, 'passportSeria', 'passportSeries', 'passport_seria', 'passport_series')),
    passportNumber: either(body, 'passportNumber', 'passport_number'),
    birthday: either(body, 'birthday', 'birth_date', 'birthDate'),
    pinfl: body.pinfl,
  });
}
