import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, NotRenewable, readRequest, withEffects } from '../kit/binding/renewal-kit';
import type { CascoCatalog, CascoRisk, ProgramId } from './pricing';
import type { CascoData } from './rules';

const customProgram: ProgramId = 4;

/**
 * The same car (its price list position and year) under the same program again, a year from the
 * renewal's first day, for the same policyholder. Its value is today's: the one insured last year
 * while today's tariff still allows it, else the price list's value for the car's age now (the car
 * step's own effects judge it, as they judge a value typed).
 */
export default defineRenewal<CascoData, CascoCatalog>({
  data: (body, { renewFrom, catalog, actions }) => {
    const request = readRequest(body);
    const insured = request.object('car');
    const position = catalog.cars.positions.find((candidate) => candidate.id === insured.number('position_id'));
    const model = position && catalog.cars.models.find((candidate) => candidate.id === position.model_id);
    if (!position || !model) throw new NotRenewable('request.car.position_id is not in the price list');
    const tariffId = request.number('tariff_id') as ProgramId;
    const liability = request.has('liability') ? request.object('liability') : null;
    const payer = request.object('payer');
    const chosen = { brand: model.brand_id, model: model.id, position: position.id, year: insured.number('year') };
    const data: CascoData = {
      // The price list's value for the car now (the car's effect), then last year's value where today's tariff allows it.
      car: withEffects({ car: chosen } as CascoData, actions, ['syncCar'], catalog).car,
      program: {
        tariffId,
        risks: Object.fromEntries((tariffId === customProgram ? request.setFlags('risks') : []).map((risk) => [risk as CascoRisk, true])),
        // Sums the request does not name stay the flow's defaults.
        ...(liability?.has('person') ? { liabilitySum: liability.number('person') } : {}),
        ...(liability?.has('accident') ? { accidentSum: liability.number('accident') } : {}),
        beginDate: renewFrom,
        endDate: oneYearFrom(renewFrom),
      },
      vehicle: { plate: insured.text('number'), techPassport: `${insured.text('tech_sery')}${insured.text('tech_number')}`, model: insured.text('model'), ownerName: insured.text('owner') },
      personal: { ...flowPersonOf(payer), phone: payer.text('phone') },
    };
    const kept = { ...data, car: { ...data.car, value: insured.number('price') } };
    const judged = actions.checkValue?.(kept, kept, catalog);
    return judged && !judged.errors ? kept : data;
  },
});
