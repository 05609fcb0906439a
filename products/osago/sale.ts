import type { Price } from '../../engine/definition';
import { addDays, ageOn, coverEnd, isoToDmy } from '../kit/api/api-format';
import { miniCascoTariff } from '../kit/cars/mini-casco-programs';
import {
  clientOf, knownPerson, notTooFarAhead, personAnswer, policyText, Refusal, requestDate, requireDistinctPeople, requireOfAge, SaleRefusal, SaveDeclined,
  type InsuredPerson, type PassportQuery, type ProductSale, type RegistryVehicle, type SaleContext, type SaleQuote, type VehicleTypeId,
} from '../kit/sale/sale';
import type {
  CheckDiscountRequest, CheckDiscountResponse, CheckIpRequest, CheckIpResponse, CheckPersonRequest, CheckPersonResponse,
  DriverCheckRequest, DriverCheckResponse, GetCalcOsagoRequest, GetCalcOsagoResponse, OsagoJuridikRequest, OsagoJuridikResponse,
  SaveIpRequest, SaveIpResponse, SavePolicyRequest,
} from './api.generated';
import { quoteOsago, territoryOf, type OsagoQuoteInput } from './pricing';
import manifest from './product';
import { isRestrictedModel } from '../kit/cars/restricted-models';
import { readCalculator, readCarCheck, readDiscountQuery, readDriverQuery, readSave, readVehicleQuery } from './read';
import { earliestStart, insuredTooLong } from './rules';
import { sandboxOsagoReference, type OsagoReference } from './tariff';
import { displayPlate } from '../../engine/plate-text';

type Context = SaleContext<OsagoReference>;

/** Requirements §8: what each save error code means, as the server logs and answers it (no personal data). */
const saveErrorMeaning: Record<number, string> = {
  1: 'car owner data not found',
  2: 'owner tax number not found',
  3: 'driver data not found',
  4: 'driving licence info not found',
  5: 'driving licence info not found',
  6: 'fault on driver data',
  7: 'driving licence info not found',
  8: 'driving licence info not found',
  9: 'driving licence info not found',
  10: 'the insurer could not register the policy',
};

const declined = (code: number, key?: number) => new SaveDeclined(code, saveErrorMeaning[code] ?? `error ${code}`, key === undefined ? null : { key });

async function vehicleOf(context: Context, plate: string, techSeria: string, techNumber: string): Promise<RegistryVehicle | null> {
  return context.registries.vehicle({ plate, techSeria, techNumber });
}

function juridikAnswer(vehicle: RegistryVehicle, reference: OsagoReference): OsagoJuridikResponse {
  const { owner } = vehicle;
  return {
    juridik: owner.kind === 'company' ? 1 : 0,
    name: owner.name,
    pinfl: owner.kind === 'person' ? owner.pinfl : null,
    inn: owner.kind === 'company' ? owner.inn : null,
    modelName: vehicle.model,
    vehicleTypeId: vehicle.vehicleType,
    issueYear: vehicle.issueYear,
    seats: vehicle.seats,
    yoqilgi_type: vehicle.fuel,
    restricted: isRestrictedModel(vehicle.model, reference.restrictedModels),
  };
}

const samePassport = (a: PassportQuery, seria: string | undefined, number: string | undefined) => a.passportSeria === seria && a.passportNumber === number;

/**
 * The first day of cover a request may take: tomorrow, and after a compulsory policy in force. An
 * absent start date is that day (partners that do not send one buy the earliest cover).
 */
function firstDay(request: SavePolicyRequest, vehicle: RegistryVehicle, today: string): string {
  const tomorrow = addDays(today, 1);
  const afterInForce = earliestStart({ insuredUntil: vehicle.policyEnd ?? undefined }, today);
  // A car insured for long yet cannot have its next policy bought now (at today's tariff).
  const tooLong = insuredTooLong(vehicle.policyEnd ?? undefined, today);
  if (tooLong) throw new SaleRefusal(422, `the car is insured until ${tooLong.values.date}; its next policy can be bought from ${tooLong.values.from}`, '/startDate');
  if (request.startDate === undefined) return afterInForce;
  const start = requestDate(request.startDate, '/startDate');
  if (start < tomorrow) throw new SaleRefusal(400, 'body/startDate must be tomorrow or later', '/startDate');
  if (start < afterInForce) throw new SaleRefusal(422, `body/startDate must be after the policy in force, from ${isoToDmy(afterInForce, '.')}`, '/startDate');
  notTooFarAhead(start, today, '/startDate');
  return start;
}

/**
 * Sandbox test people (registries.saveError) make the save decline with their code on purpose, so
 * every message of requirements §8 can be seen: as a driver, on that driver's row (response.key from 1).
 */
async function triggeredError(request: SavePolicyRequest, context: Context): Promise<SaveDeclined | null> {
  const { registries } = context;
  for (const [i, driver] of request.drivers.entries()) {
    const code = await registries.saveError({ passportSeria: driver.passport__seria, passportNumber: driver.passport__number });
    if (code !== null) return declined(code, i + 1);
  }
  const people: PassportQuery[] = [{ passportSeria: request.applicant__pass_seria, passportNumber: request.applicant__pass_number }];
  if (request.owner__pass_seria && request.owner__pass_number) people.push({ passportSeria: request.owner__pass_seria, passportNumber: request.owner__pass_number });
  for (const person of people) {
    const code = await registries.saveError(person);
    if (code !== null) return declined(code);
  }
  return null;
}

/** The owner the request names must be the registry's: the person by passport (error 1), the company by INN (error 2). */
async function checkOwner(request: SavePolicyRequest, vehicle: RegistryVehicle, context: Context): Promise<string> {
  const { owner } = vehicle;
  if (owner.kind === 'company') {
    if (request.owner__inn !== owner.inn || !(await context.registries.company(owner.inn))) throw declined(2);
    return owner.name;
  }
  if (!samePassport(owner, request.owner__pass_seria, request.owner__pass_number)) throw declined(1);
  if (request.owner_birthday !== undefined && requestDate(request.owner_birthday, '/owner_birthday') !== owner.birthday) throw declined(1);
  return owner.name;
}

/**
 * Each named driver: a person of the registry (error 3), old enough to drive on the first day and
 * licensed after turning 16 (error 6), and, when the licence registry has the licence, that very
 * licence (number error 4, issue date error 5). A licence the registry lacks was typed by hand
 * (driver-check error 2) and is taken as typed.
 */
async function checkDrivers(request: SavePolicyRequest, applicant: Applicant, start: string, context: Context): Promise<InsuredPerson[]> {
  if (request.number_drivers_id === 1) {
    if (request.drivers.length > 0) throw new SaleRefusal(400, 'body/drivers must be empty for a policy of any driver (number_drivers_id 1)', '/drivers');
    return [];
  }
  if (request.drivers.length === 0 && !request.applicant_is_driver) throw new SaleRefusal(400, 'body/drivers must name 1 to 5 drivers for number_drivers_id 4 (or the applicant, applicant_is_driver)', '/drivers');
  requireDistinctPeople(request.drivers.map((driver) => `${driver.passport__seria}${driver.passport__number}`), '/drivers', 'passport__number');
  const insured: InsuredPerson[] = [];
  for (const [i, driver] of request.drivers.entries()) {
    const key = i + 1;
    const birthday = requestDate(driver.driver_birthday, `/drivers/${i}/driver_birthday`);
    const issued = requestDate(driver.licenseIssueDate, `/drivers/${i}/licenseIssueDate`);
    // A licence typed by hand is taken as typed, but not one issued after today (the page's date field says so too).
    if (issued > context.today) throw new SaleRefusal(400, `body/drivers/${i}/licenseIssueDate must be today or earlier`, `/drivers/${i}/licenseIssueDate`);
    const query = { passportSeria: driver.passport__seria, passportNumber: driver.passport__number };
    const person = await knownPerson({ ...query, birthday }, context, () => declined(3, key));
    if (tooYoungToDrive(birthday, start, issued)) throw declined(6, key);
    const licence = await context.registries.licence(query);
    if (licence && (licence.seria !== driver.licenseSeria || licence.number !== driver.licenseNumber)) throw declined(4, key);
    if (licence && licence.issuedOn !== issued) throw declined(5, key);
    insured.push({ name: `${person.firstName} ${person.lastName}`, passport: `${driver.passport__seria}${driver.passport__number}`, birthday });
  }
  if (request.applicant_is_driver && !request.drivers.some((driver) => samePassport(applicant.query, driver.passport__seria, driver.passport__number))) {
    insured.push(await applicantAsDriver(request, applicant, start, context));
  }
  return insured;
}

/**
 * The applicant a partner names as a driver (`applicant_is_driver`) without a row of their own: a
 * driver on the licence the registry has for them (error 8 when it has none), counted among the five.
 * The site sends the applicant's row itself, as every other driver's.
 */
async function applicantAsDriver(request: SavePolicyRequest, applicant: Applicant, start: string, context: Context): Promise<InsuredPerson> {
  if (request.drivers.length >= 5) throw new SaleRefusal(400, 'body/drivers: with the applicant as a driver, name at most 4 others', '/drivers');
  const licence = await context.registries.licence(applicant.query);
  if (!licence) throw declined(8);
  if (tooYoungToDrive(applicant.birthday, start, licence.issuedOn)) throw declined(6);
  return { name: applicant.name, passport: `${applicant.query.passportSeria}${applicant.query.passportNumber}`, birthday: applicant.birthday };
}

/** A driver under 18 on the first day of cover, or licensed before turning 16 (save error 6). */
const tooYoungToDrive = (birthday: string, start: string, licensed: string) => ageOn(birthday, start) < 18 || ageOn(birthday, licensed) < 16;

/** The applicant as the registry found them. */
interface Applicant {
  query: PassportQuery;
  birthday: string;
  name: string;
}

/** The benefit the request claims must be the one the registry grants the owner (none for a legal entity). */
async function checkBenefit(request: SavePolicyRequest, vehicle: RegistryVehicle, context: Context): Promise<number> {
  const claimed = request.discountId ?? 1;
  if (claimed === 1) return 1;
  const granted = vehicle.owner.kind === 'person' ? await context.registries.benefit(vehicle.owner) : null;
  if (granted !== claimed) throw new SaleRefusal(422, `body/discountId ${claimed} is not a benefit the owner has`, '/discountId');
  return claimed;
}

/** The vehicle type priced: the registry's; a request that says another is refused. */
function vehicleTypeOf(vehicle: RegistryVehicle, claimed: VehicleTypeId | undefined): VehicleTypeId {
  if (claimed !== undefined && claimed !== vehicle.vehicleType) {
    throw new SaleRefusal(422, `body/vehicleTypeId: the registry has this vehicle as type ${vehicle.vehicleType}`, '/vehicleTypeId');
  }
  return vehicle.vehicleType;
}

type ExtrasAsked = Pick<SavePolicyRequest, 'accident' | 'miniKasko' | 'minikasko_program_id'> & { gaz?: 0 | 1; plate_insurance?: 0 | 1 };

function extrasOf(request: ExtrasAsked, legalEntity: boolean) {
  if (legalEntity && request.accident === 1) throw new SaleRefusal(400, 'body/accident: the accident extra is for individual owners only', '/accident');
  if (request.miniKasko === 1 && request.minikasko_program_id === undefined) throw new SaleRefusal(400, 'body/minikasko_program_id is required with miniKasko', '/minikasko_program_id');
  if (request.miniKasko === 0 && request.minikasko_program_id !== undefined) throw new SaleRefusal(400, 'body/minikasko_program_id is only for miniKasko 1', '/minikasko_program_id');
  return {
    accident: request.accident === 1,
    gas: request.gaz === 1,
    plate: request.plate_insurance === 1,
    miniCasco: request.miniKasko === 1 ? (request.minikasko_program_id ?? null) : null,
  };
}

/** The extras bought, as the page names them. */
function extrasConditions(extras: ReturnType<typeof extrasOf>, context: Context): string[] {
  return [
    ...(extras.accident ? [policyText(context, 'osago.field.accident')] : []),
    ...(extras.gas ? [policyText(context, 'osago.field.gas')] : []),
    ...(extras.plate ? [policyText(context, 'osago.field.plate_cover')] : []),
    ...(extras.miniCasco !== null ? [`${policyText(context, 'osago.field.mini_casco')}: ${context.words(`osago.mini_casco.${extras.miniCasco}`) ?? extras.miniCasco}`] : []),
  ];
}

async function quote(request: SavePolicyRequest, context: Context): Promise<SaleQuote> {
  const triggered = await triggeredError(request, context);
  if (triggered) throw triggered;
  const vehicle = await vehicleOf(context, request.gos_number, request.tech_sery, request.tech_number);
  if (!vehicle) throw new SaleRefusal(422, 'body/gos_number: no vehicle of this plate and tech passport in the registry', '/gos_number');
  const reference = context.tariffs;
  if (isRestrictedModel(vehicle.model, reference.restrictedModels)) throw new SaleRefusal(422, 'body/gos_number: this model is not sold online', '/gos_number');
  const territory = territoryOf(vehicle.plate);
  if (territory === null) throw new SaleRefusal(400, 'body/gos_number is not a plate of a region', '/gos_number');
  const owner = await checkOwner(request, vehicle, context);
  const applicantQuery = { passportSeria: request.applicant__pass_seria, passportNumber: request.applicant__pass_number };
  const applicantBirthday = requestDate(request.applicant__birthday, '/applicant__birthday');
  const applicant = await knownPerson({ ...applicantQuery, birthday: applicantBirthday }, context, { field: '/applicant__pass_seria', message: 'applicant not found in the person registry' });
  requireOfAge(applicantBirthday, context.today, '/applicant__birthday');
  const start = firstDay(request, vehicle, context.today);
  const applicantName = `${applicant.firstName} ${applicant.lastName}`;
  const insured = await checkDrivers(request, { query: applicantQuery, birthday: applicantBirthday, name: applicantName }, start, context);
  const legalEntity = vehicle.owner.kind === 'company';
  // As the page's summary says: a company's car is insured by the company, anyone else's by the one who buys.
  const holder = legalEntity ? owner : applicantName;
  const input: OsagoQuoteInput = {
    territory,
    vehicleType: vehicleTypeOf(vehicle, request.vehicleTypeId),
    drivers: request.number_drivers_id,
    period: request.period_id,
    benefit: await checkBenefit(request, vehicle, context),
    ...extrasOf(request, legalEntity),
  };
  const quoted = quoteOsago(input, reference);
  if (!quoted) throw new SaleRefusal(422, 'this vehicle type, period or mini-casco program is not sold', '/period_id');
  const price: Price = { total: quoted.total, lines: quoted.lines };
  const months = reference.periods.find((p) => p.id === request.period_id)?.months ?? 12;
  return {
    price,
    terms: {
      holder,
      insured,
      beginDate: start,
      endDate: coverEnd(start, months),
      sumInsured: reference.sumInsured,
      currency: 'UZS',
      programName: `OSAGO / ОСАГО, ${months} oy / мес., ${policyText(context, `osago.drivers.${request.number_drivers_id}`)}`,
      conditions: extrasConditions(input, context),
      // The registry's owner stands beside the car.
      subject: `${vehicle.model}, ${displayPlate(vehicle.plate)}, ${vehicle.issueYear}; egasi / владелец: ${owner}`,
      plate: vehicle.plate,
      // The applicant is the policyholder of a person's car and the one who bought a company's.
      ...clientOf(request.phone_number, [applicant.pinfl]),
    },
  };
}

/** get-calc-osago: the premium of the vehicle the registry knows (else of the type sent) in its plate's territory. */
async function calculate(body: unknown, context: Context): Promise<GetCalcOsagoResponse> {
  const request = body as GetCalcOsagoRequest;
  const vehicle = request.tech_sery && request.tech_number ? await vehicleOf(context, request.gos_number, request.tech_sery, request.tech_number) : null;
  const vehicleType = vehicle ? vehicleTypeOf(vehicle, request.vehicleTypeId) : request.vehicleTypeId;
  if (vehicleType === undefined) throw new SaleRefusal(400, 'body/vehicleTypeId is required for a vehicle the registry does not know', '/vehicleTypeId');
  const territory = territoryOf(request.gos_number);
  if (territory === null) throw new SaleRefusal(400, 'body/gos_number is not a plate of a region', '/gos_number');
  const legalEntity = vehicle ? vehicle.owner.kind === 'company' : request.juridik === 1;
  const price = quoteOsago({
    territory,
    vehicleType,
    drivers: request.number_drivers_id,
    period: request.period_id,
    benefit: legalEntity ? 1 : (request.discountId ?? 1),
    ...extrasOf({ ...request, accident: request.accident ?? 0, miniKasko: request.minikasko_program_id === undefined ? 0 : 1 }, legalEntity),
  }, context.tariffs);
  if (!price) throw new SaleRefusal(422, 'this vehicle type, period or mini-casco program is not sold', '/period_id');
  return { amount_uzs: price.total, inn: legalEntity };
}

async function juridik(body: unknown, context: Context) {
  const request = body as OsagoJuridikRequest;
  const vehicle = await vehicleOf(context, request.gos_number, request.tech_sery, request.tech_number);
  return vehicle ? juridikAnswer(vehicle, context.tariffs) : new Refusal(1, 'vehicle_not_found');
}

async function checkPerson(body: unknown, context: Context): Promise<CheckPersonResponse | Refusal> {
  const request = body as CheckPersonRequest;
  const vehicle = await vehicleOf(context, request.gos_number, request.tech_sery, request.tech_number);
  if (!vehicle) return new Refusal(1, 'vehicle_not_found');
  const owns = vehicle.owner.kind === 'person' && samePassport(vehicle.owner, request.owner__pass_seria, request.owner__pass_number);
  return owns ? { owner: true } : new Refusal(1, 'not_owner');
}

/**
 * check-discount: the benefit category the registry keeps for the owner, a PINFL with its passport
 * (the page has the PINFL from the person lookup); none (1) without a PINFL or for a PINFL that is
 * not that passport's, so a number alone does not tell whose benefit it is.
 */
async function checkDiscount(body: unknown, context: Context): Promise<CheckDiscountResponse> {
  const request = body as CheckDiscountRequest;
  const pinfl = request.owner__pinfl;
  const category = pinfl === undefined ? null : await context.registries.benefit({ pinfl, passportSeria: request.owner__pass_seria, passportNumber: request.owner__pass_number });
  const discountId = category ?? 1;
  const percent = discountId > 1 ? (context.tariffs.benefits.find((b) => b.id === discountId)?.percent ?? 0) : 0;
  return { discountId, percent };
}

async function driverCheck(body: unknown, context: Context): Promise<DriverCheckResponse | Refusal> {
  const request = body as DriverCheckRequest;
  const query = { passportSeria: request.passport__seria, passportNumber: request.passport__number };
  const person = await context.findPerson({ ...query, birthday: requestDate(request.driver_birthday, '/driver_birthday'), ...(request.driver_pinfl ? { pinfl: request.driver_pinfl } : {}) });
  if (!person) return new Refusal(1, 'datas_not_found');
  const licence = await context.registries.licence(query);
  if (!licence) return new Refusal(2, 'licence_not_found');
  const { ism_eng, familya_eng } = personAnswer(person);
  return { licenseSeria: licence.seria, licenseNumber: licence.number, licenseIssueDate: isoToDmy(licence.issuedOn, '.'), name: `${familya_eng} ${ism_eng}` };
}

async function checkIp(body: unknown, context: Context): Promise<CheckIpResponse | Refusal> {
  const request = body as CheckIpRequest;
  const vehicle = await vehicleOf(context, request.carNumber, request.techSery, request.techNumber);
  if (!vehicle) return new Refusal(1, 'vehicle_not_found');
  const inForce = vehicle.policyEnd !== null && vehicle.policyEnd >= context.today;
  return { status: inForce ? 1 : 0, end_date: inForce && vehicle.policyEnd ? isoToDmy(vehicle.policyEnd, '.') : null };
}

async function saveIp(body: unknown, context: Context): Promise<SaveIpResponse> {
  await context.registries.recordVehicleCheck((body as SaveIpRequest).carNumber);
  return { saved: true };
}

const sale: ProductSale<SavePolicyRequest, OsagoReference> = {
  schemas: { save: 'osago/save-policy.request' },
  tariffs: sandboxOsagoReference,
  shared: { miniCasco: miniCascoTariff },
  quote,
  readSave: (body) => readSave(body),
  amount: (request) => request.amount_uzs,
  amountField: '/amount_uzs',
  calls: [
    { method: 'GET', path: manifest.calls.references, summary: 'OSAGO reference data: the 2026 tariff, periods, extras, benefits, mini-casco programs and models not sold online', response: 'osago/references.response', answer: (_body, context) => context.tariffs },
    { method: 'POST', path: manifest.calls.vehicle, summary: 'A vehicle of the registry by plate and tech passport: owner (person or legal entity), model, type, year; vehicle_not_found', request: 'osago/osago-juridik.request', response: 'osago/osago-juridik.response', read: readVehicleQuery, answer: juridik },
    { method: 'POST', path: manifest.calls.checkPerson, summary: 'Whether the person of a passport owns the vehicle; not_owner', request: 'osago/check-person.request', response: 'osago/check-person.response', read: readVehicleQuery, answer: checkPerson },
    { method: 'POST', path: manifest.calls.discount, summary: 'The OSAGO benefit category (discountId) the registry grants the owner, 1 for none', request: 'osago/check-discount.request', response: 'osago/check-discount.response', read: readDiscountQuery, answer: checkDiscount },
    { method: 'POST', path: manifest.calls.driverCheck, summary: 'A driver\'s licence by passport and birthday; datas_not_found (error 1), licence_not_found (error 2: typed by hand)', request: 'osago/driver-check.request', response: 'osago/driver-check.response', read: readDriverQuery, answer: driverCheck },
    { method: 'POST', path: manifest.calls.calculator, summary: 'The OSAGO premium with its extras and benefit (the price the save must carry)', request: 'osago/get-calc-osago.request', response: 'osago/get-calc-osago.response', read: readCalculator, answer: calculate },
    { method: 'POST', path: manifest.calls.checkIp, summary: 'Whether a compulsory policy of the vehicle is in force, and until when', request: 'osago/check-ip.request', response: 'osago/check-ip.response', read: readCarCheck, answer: checkIp },
    { method: 'POST', path: manifest.calls.saveIp, summary: 'Keeps a vehicle check for the insurer\'s reconciliation', request: 'osago/save-ip.request', response: 'osago/save-ip.response', read: readCarCheck, answer: saveIp },
  ],
  policy: {
    series: 'OSG',
    title: { uz: 'Avtotransport vositalari egalarining fuqarolik javobgarligini majburiy sugʻurta qilish (OSAGO)', ru: 'Обязательное страхование гражданской ответственности владельцев транспортных средств (ОСАГО)', en: 'Compulsory motor third-party liability insurance (OSAGO)' },
    subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
  },
};

export default sale;
