import { ageOn, todayIso } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, movedEnd, readRequest, type RequestReader } from '../kit/binding/renewal-kit';
import { adultAge } from './family';
import { coverPeriod, defaultSpendDays, travelMode } from './period';
import { riskIds, type TravelData, type TravelPerson } from './rules';

/** A traveller as the save names them: a citizen by passport and PINFL, a foreigner by the passport as printed and citizenship. */
function person(row: RequestReader, foreign: boolean): TravelPerson {
  const names = { firstName: row.text('name'), lastName: row.text('surname') };
  if (foreign) return { ...names, foreign: true, foreignPassport: row.text('passport_number'), birthday: row.date('birthday'), country: row.text('country_id') };
  return { ...names, foreign: false, ...flowPersonOf(row) };
}

/**
 * The same trip (purpose, countries, as many days, the same program and risks) for the same payer
 * and travellers, from the renewal's first day.
 */
export default defineRenewal<TravelData>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const trip = { purpose: request.number('purpose_id'), reusable: request.flag('kop_martali'), isFamily: request.flag('is_family'), hasCovid: request.flag('has_covid') };
    const mode = travelMode(trip);
    const spendDays = mode === 'single' ? defaultSpendDays : request.number('days');
    const endDate = mode === 'single'
      ? movedEnd(request.date('begin_date'), request.date('end_date'), renewFrom)
      : coverPeriod(mode, renewFrom, undefined, spendDays)?.endDate;
    const risks = request.object('risklar');
    const payer = request.object('sugurtalovchi');
    const today = todayIso();
    return {
      trip: { ...trip, spendDays },
      dates: { countries: request.texts('countries'), beginDate: renewFrom, ...(endDate ? { endDate } : {}) },
      tourists: {
        payer: { ...person(payer, payer.maybeNumber('type') === 2), phone: payer.text('phone') },
        tourists: request.list('travelers').map((row) => {
          const traveller = person(row, row.flag('foreign'));
          return { ...traveller, isPayer: row.flag('is_payer'), canPay: traveller.birthday !== undefined && ageOn(traveller.birthday, today) >= adultAge };
        }),
      },
      program: { programId: request.number('program_id'), risks: Object.fromEntries(riskIds.map((risk) => [risk, { on: risks.flag(risk) }])) as TravelData['program']['risks'] },
    };
  },
});
