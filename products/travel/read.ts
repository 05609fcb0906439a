import { isRecord } from '../../engine/is-record';
import { defined, either, integer, present } from '../kit/sale/request-reader';
import { riskIds } from './rules';
import { countryIndex, type TravelReference } from './tariffs';

/**
 * Travel requests as the partner clients send them (docs/partner-api.md §2: [K], [Y], [L]) read into the shapes
 * of schemas/api/travel: travellers as bare birth dates, countries by the catalog's numeric id,
 * persons under the names partners give them (`passportSeries`, `first_name`, `birth_date`), flags
 * and risks left out as no, the payer's type from whether a citizenship is given; fields nobody
 * reads are dropped instead of refused. The values themselves (ids and flags as strings, phones with
 * spaces, apostrophes, camelCase names) are read by the reading every call shares
 * (`schemaReader`), before and after this.
 */

/** A country by its ISO code or by its id in `get_country`. */
function country(value: unknown, reference: TravelReference): unknown {
  const id = integer(value);
  return typeof id === 'number' ? (countryIndex(reference).codeById.get(id) ?? value) : value;
}

/** A flag left out (or sent empty) is no. */
const orNo = (value: unknown) => (present(value) ? value : 0);

function trip(body: Record<string, unknown>, reference: TravelReference) {
  return {
    begin_date: body.begin_date,
    end_date: either(body, 'end_date'),
    // Zero days beside an end date is a client's unused field (Go's zero value), not a trip of no days.
    days: body.days === 0 && present(body.end_date) ? undefined : body.days,
    countries: Array.isArray(body.countries) ? body.countries.map((c) => country(c, reference)) : body.countries,
    purpose_id: body.purpose_id,
    kop_martali: orNo(body.kop_martali),
    is_family: orNo(body.is_family),
    has_covid: orNo(body.has_covid),
    risklar: !present(body.risklar) || isRecord(body.risklar) ? risksOf(isRecord(body.risklar) ? body.risklar : {}) : body.risklar,
  };
}

/** Every risk, an absent one not bought. */
function risksOf(risks: Record<string, unknown>): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const risk of riskIds) read[risk] = orNo(risks[risk]);
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
    passport_seria: either(record, 'passport_seria', 'passportSeries', 'passport_series'),
    passport_number: record.passport_number,
    birthday: either(record, 'birthday', 'birth_date', 'birthDate'),
    pinfl: record.pinfl,
    name: either(record, 'name', 'first_name', 'firstName'),
    surname: either(record, 'surname', 'last_name', 'lastName'),
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
      type: present(body.sugurtalovchi.type) ? body.sugurtalovchi.type : present(body.sugurtalovchi.country_id) ? 2 : 0,
      phone: body.sugurtalovchi.phone,
    })
    : body.sugurtalovchi;
  const travelers = Array.isArray(body.travelers)
    ? body.travelers.map((t) => (isRecord(t)
      ? defined({ ...person(t, reference), foreign: present(t.foreign) ? t.foreign : present(t.country_id), is_payer: t.is_payer ?? false })
      : t))
    : body.travelers;
  return defined({
    ...trip(body, reference),
    travelers,
    summa_all: body.summa_all,
    program_id: body.program_id,
    sugurtalovchi: payer,
    return_url: body.return_url,
  });
}

/** The person lookup: `passportSeries` and the like. */
export function readGetPerson(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    passportSeria: either(body, 'passportSeria', 'passportSeries', 'passport_series'),
    passportNumber: body.passportNumber,
    birthday: either(body, 'birthday', 'birth_date', 'birthDate'),
    pinfl: body.pinfl,
  });
}
