import { defineRenewal, flowPersonOf, movedEnd, readRequest, withEffects, type RequestReader } from '../kit/binding/renewal-kit';
import type { TravelCatalog } from './binding';
import type { RiskId, TravelData, TravelPerson } from './rules';

/** A traveller as the save names them: a citizen by passport and PINFL, a foreigner by the passport as printed and citizenship. */
function person(row: RequestReader, foreign: boolean): TravelPerson {
  const names = { firstName: row.text('name'), lastName: row.text('surname') };
  if (foreign) return { ...names, foreign: true, foreignPassport: row.text('passport_number'), birthday: row.date('birthday'), country: row.text('country_id') };
  return { ...names, foreign: false, ...flowPersonOf(row) };
}

const riskNames = (body: Record<string, unknown>): string[] => (typeof body.risklar === 'object' && body.risklar !== null ? Object.keys(body.risklar) : []);

/**
 * The same trip (purpose, countries, as many days, the same program and risks) for the same payer
 * and travellers, from the renewal's first day. Its last day, and who may pay, are the flow's own
 * effects' (a multi-trip year or a stay's days from the new first day).
 */
export default defineRenewal<TravelData, TravelCatalog>({
  data: (body, { renewFrom, catalog, actions }) => {
    const request = readRequest(body);
    const payer = request.object('sugurtalovchi');
    const data: TravelData = {
      trip: { purpose: request.number('purpose_id'), reusable: request.flag('kop_martali'), spendDays: request.number('days'), isFamily: request.flag('is_family'), hasCovid: request.flag('has_covid') },
      dates: { countries: request.texts('countries'), beginDate: renewFrom, endDate: movedEnd(request.date('begin_date'), request.date('end_date'), renewFrom) },
      tourists: {
        payer: { ...person(payer, payer.maybeNumber('type') === 2), phone: payer.text('phone') },
        tourists: request.list('travelers').map((row) => ({ ...person(row, row.flag('foreign')), isPayer: row.flag('is_payer'), canPay: false })),
      },
      program: {
        programId: request.number('program_id'),
        // Every risk the save names, on or off, as the program step lists them.
        risks: Object.fromEntries(riskNames(body).map((risk) => [risk, { on: request.object('risklar').flag(risk) }])) as Record<RiskId, { on: boolean }>,
      },
    };
    return withEffects(data, actions, ['syncDates', 'syncTourists'], catalog);
  },
});
