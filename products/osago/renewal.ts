import type { VehicleTypeId } from '../kit/sale/sale';
import { defineRenewal, flowPersonOf, NotRenewable, readRequest } from '../kit/binding/renewal-kit';
import type { DriversOption, OsagoData, OsagoDriver, OsagoPolicy } from './rules';
import type { OsagoCatalog } from './binding';

const periods: readonly OsagoPolicy['period'][] = [1, 2];
const driverOptions: readonly DriversOption[] = [1, 4];
const miniCascoPrograms: readonly NonNullable<OsagoPolicy['miniCascoProgram']>[] = [1, 2, 3];

/**
 * The same car with the same owner, applicant, drivers and extras insured again from the renewal's
 * first day, for the same period; OSAGO limited renews alike. What the registries say of the car,
 * the people, their licences and the owner's benefit is asked again as the flow goes (the lookups
 * and the checks on leaving the car and personal steps), so a car sold since is refused as typed.
 */
export default defineRenewal<OsagoData, OsagoCatalog>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const period = periods.find((value) => value === request.maybeNumber('period_id'));
    const drivers = driverOptions.find((value) => value === request.maybeNumber('number_drivers_id'));
    if (period === undefined || drivers === undefined) throw new NotRenewable('request.period_id or number_drivers_id is not one sold');
    const companyInn = request.maybeText('owner__inn');
    const applicant = flowPersonOf(request, { seria: 'applicant__pass_seria', number: 'applicant__pass_number', birthday: 'applicant__birthday', pinfl: 'applicant__pinfl' });
    const owner = companyInn ? null : flowPersonOf(request, { seria: 'owner__pass_seria', number: 'owner__pass_number', birthday: 'owner_birthday', pinfl: 'owner__pinfl' });
    const isOwner = owner !== null && owner.passport === applicant.passport;
    const program = miniCascoPrograms.find((value) => value === request.maybeNumber('minikasko_program_id'));
    const vehicleType = request.maybeNumber('vehicleTypeId') as VehicleTypeId | undefined;
    return {
      car: {
        plate: request.text('gos_number'),
        techPassport: `${request.text('tech_sery')}${request.text('tech_number')}`,
        ...(vehicleType === undefined ? {} : { vehicleType }),
        legalEntity: companyInn !== undefined,
      },
      personal: {
        applicant: isOwner && owner ? { ...applicant, ...owner } : applicant,
        isOwner,
        owner: owner && !isOwner ? owner : {},
        company: companyInn ? { inn: companyInn } : {},
        phone: request.text('phone_number'),
      },
      policy: {
        period,
        drivers,
        startDate: renewFrom,
        accident: request.flag('accident'),
        gas: request.flag('gaz'),
        plateCover: request.flag('plate_insurance'),
        miniCasco: request.flag('miniKasko'),
        ...(program === undefined ? {} : { miniCascoProgram: program }),
        ...(request.has('discountId') ? { benefit: request.number('discountId') } : {}),
      },
      // Any driver (no named ones): the drivers step keeps a new flow's first empty row.
      ...(request.list('drivers').length === 0 ? {} : {
        drivers: { drivers: request.list('drivers').map((row): OsagoDriver => {
          const [lastName, ...first] = (row.maybeText('name') ?? '').split(' ');
          return {
            ...flowPersonOf(row, { seria: 'passport__seria', number: 'passport__number', birthday: 'driver_birthday', pinfl: 'driver_pinfl' }),
            ...(lastName ? { lastName } : {}),
            ...(first.length > 0 ? { firstName: first.join(' ') } : {}),
            licence: `${row.text('licenseSeria')}${row.text('licenseNumber')}`,
            licenseIssueDate: row.date('licenseIssueDate'),
            relative: row.number('relative'),
          };
        }) },
      }),
    };
  },
});
