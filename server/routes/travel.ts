import type { FastifyInstance } from 'fastify';
import { quoteTravel } from '../../products/travel/pricing';
import { sandboxTravelPrograms, sandboxTravelPurposes } from '../../products/travel/tariffs';
import {
  travelQuoteInputFromRequest,
  type CalculatorAnswerRow,
  type CalculatorRequest,
  type CheckPolisRequest,
  type CheckPolisResponse,
  type GetCountryResponse,
  type GetPersonRequest,
  type SavePolisRequest,
} from '../../products/travel/api';
import { isoDateField, requireNotPast } from '../dates';
import { AppError, ok, refusal } from '../envelope';
import { saveAnswer } from './save-answer';
import { personAnswer } from './person';

// The policy is printed in Uzbek and Russian, so are the countries it covers (Node has full ICU).
const uzRegions = new Intl.DisplayNames(['uz'], { type: 'region' });
const ruRegions = new Intl.DisplayNames(['ru'], { type: 'region' });
const countryNames = (codes: string[]) => codes.map((code) => `${uzRegions.of(code) ?? code} / ${ruRegions.of(code) ?? code}`).join(', ');

const programName = (id: number) => sandboxTravelPrograms.find((p) => p.id === id)?.name ?? `Program ${id}`;

/** Checks the trip dates beyond what the schema can (calendar days, order, not in the past). */
function tripDates(body: CalculatorRequest): { begin: string; end: string | null } {
  const begin = isoDateField(body.begin_date, '/begin_date');
  requireNotPast(begin, '/begin_date');
  const end = body.end_date === undefined ? null : isoDateField(body.end_date, '/end_date');
  if (end !== null && end < begin) throw new AppError(400, 'body/end_date must not be before begin_date', { field: '/end_date' }, 400);
  body.travelers.forEach((t, i) => isoDateField(t.birthday, `/travelers/${i}/birthday`));
  return { begin, end };
}

/** Travel abroad: `/api/takoful/travel-neo/*` (schemas/api/travel). */
export default async function travelRoutes(app: FastifyInstance): Promise<void> {
  app.get('/takoful/travel-neo/get_country', async () => {
    const [tariffs, countries] = await Promise.all([app.tariffs.travel(), app.tariffs.countries()]);
    const answer: GetCountryResponse = {
      purpose: sandboxTravelPurposes.filter((p) => tariffs.purposes.some((t) => t.id === p.id)).map((p) => ({ id: p.id, name: p.name })),
      country: countries,
      program: tariffs.programs.map((p) => ({ id: p.id, name: programName(p.id), sum_insured_usd: p.sumInsuredUsd })),
      tariffs,
    };
    return ok(answer);
  });

  app.post<{ Body: CalculatorRequest }>(
    '/takoful/travel-neo/calculator',
    { schema: { body: app.apiSchema('travel/calculator.request') } },
    async (request) => {
      tripDates(request.body);
      const tariffs = await app.tariffs.travel();
      const rows: CalculatorAnswerRow[] = [];
      for (const program of tariffs.programs) {
        const quote = quoteTravel(travelQuoteInputFromRequest(request.body, program.id), tariffs);
        if (!quote) continue;
        rows.push({ program_id: program.id, program_name: programName(program.id), prem_usd: quote.premiumUsd, prem_uzs: quote.total, kurs_cbu: tariffs.usdRate });
      }
      return ok(rows);
    },
  );

  app.post<{ Body: GetPersonRequest }>(
    '/takoful/travel-neo/getPerson',
    { schema: { body: app.apiSchema('travel/get-person.request') } },
    async (request) => {
      const { passportSeria, passportNumber, birthday, pinfl } = request.body;
      const person = await app.persons.find({ passportSeria, passportNumber, birthday: isoDateField(birthday, '/birthday'), ...(pinfl ? { pinfl } : {}) });
      return person ? ok(personAnswer(person)) : refusal(1, 'datas_not_found');
    },
  );

  app.post<{ Body: SavePolisRequest }>(
    '/takoful/travel-neo/save-polis',
    { schema: { body: app.apiSchema('travel/save-polis.request') }, config: { reportFailures: 'travel save' } },
    async (request, reply) => {
      const body = request.body;
      const { begin, end } = tripDates(body);
      const payer = body.sugurtalovchi;
      isoDateField(payer.birthday, '/sugurtalovchi/birthday');
      const tariffs = await app.tariffs.travel();
      const quote = quoteTravel(travelQuoteInputFromRequest(body, body.program_id), tariffs);
      if (!quote) throw new AppError(422, `program ${body.program_id}: this trip cannot be priced`);
      if (quote.total !== body.summa_all) throw new AppError(422, `amount differs, server: ${quote.total}`, { amount: quote.total });
      const program = tariffs.programs.find((p) => p.id === body.program_id);
      const contract = await app.contracts.create({
        product: 'travel',
        channel: request.channel,
        amount: quote.total,
        body: body as unknown as Record<string, unknown>,
        returnUrl: body.return_url,
        terms: {
          holder: `${payer.name} ${payer.surname}`,
          insured: body.travelers.map((t, i) => ({
            name: `${t.name} ${t.surname}`,
            passport: `${t.passport_seria}${t.passport_number}`,
            birthday: isoDateField(t.birthday, `/travelers/${i}/birthday`),
          })),
          beginDate: begin,
          endDate: end ?? begin,
          sumInsured: program?.sumInsuredUsd ?? 0,
          currency: 'USD',
          programName: programName(body.program_id),
          subject: countryNames(body.countries),
        },
      });
      return reply.send(ok(saveAnswer(app, contract), 'Policy success saved'));
    },
  );

  app.post<{ Body: CheckPolisRequest }>(
    '/takoful/travel-neo/checkPolis',
    { schema: { body: app.apiSchema('travel/check-polis.request') } },
    async (request) => {
      const contract = await app.contracts.get(request.body.contract_id);
      if (!contract || contract.product !== 'travel') throw new AppError(404, 'contract not found');
      const policy = contract.status === 'issued' ? await app.policies.byContract(contract.id) : undefined;
      if (!policy) return refusal(1, 'payment_not_made');
      const [seria = 'TRV', number = ''] = policy.number.split(' ');
      const answer: CheckPolisResponse = { check: true, url: app.policies.pdfUrl(policy.id), polis_seria: seria, polis_number: number };
      return ok(answer);
    },
  );
}
