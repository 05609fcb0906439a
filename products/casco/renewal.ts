import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, NotRenewable, readRequest } from '../kit/binding/renewal-kit';
import { cascoRisks, customProgramId, findPosition, type CascoCatalog, type ProgramId } from './pricing';
import { isOfferedValue, marketValueOf, type CascoCar, type CascoData } from './rules';

/**
 * The same car (its price list position and year) under the same program again, a year from the
 * renewal's first day, for the same policyholder. Its value is today's: the one insured last year
 * while today's tariff still allows it, else the price list's value for the car's age now.
 */
export default defineRenewal<CascoData, CascoCatalog>({
  data: (body, { renewFrom, catalog }) => {
    const request = readRequest(body);
    const insured = request.object('car');
    const position = insured.number('position_id');
    const found = findPosition(catalog.cars, position);
    if (!found) throw new NotRenewable('request.car.position_id is not in the price list');
    const chosen: CascoCar = { brand: found.brand.id, model: found.model.id, position, year: insured.number('year') };
    const marketValue = marketValueOf(chosen, catalog) ?? undefined;
    const kept = { ...chosen, marketValue, value: insured.number('price') };
    const car = isOfferedValue(kept, catalog.tariff) ? kept : { ...kept, value: marketValue };
    const tariffId = request.number('tariff_id') as ProgramId;
    const custom = tariffId === customProgramId;
    const risks = custom ? request.object('risks') : null;
    const liability = request.has('liability') ? request.object('liability') : null;
    const payer = request.object('payer');
    return {
      car,
      program: {
        tariffId,
        risks: Object.fromEntries(cascoRisks.filter((risk) => risks?.flag(risk)).map((risk) => [risk, true])),
        // Sums the request does not name stay the flow's defaults.
        ...(liability?.has('person') ? { liabilitySum: liability.number('person') } : {}),
        ...(liability?.has('accident') ? { accidentSum: liability.number('accident') } : {}),
        beginDate: renewFrom,
        endDate: oneYearFrom(renewFrom),
      },
      vehicle: { plate: insured.text('number'), techPassport: `${insured.text('tech_sery')}${insured.text('tech_number')}`, model: insured.text('model'), ownerName: insured.text('owner') },
      personal: { ...flowPersonOf(payer), phone: payer.text('phone') },
    };
  },
});
