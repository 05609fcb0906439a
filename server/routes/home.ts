import type { FastifyInstance } from 'fastify';
import type { HomeCheckRequest, HomeCheckResponse, HomeSaveRequest } from '../../products/home/api';
import { quoteHome } from '../../products/home/pricing';
import { isoDateField, oneYearFrom, requireNotPast } from '../dates';
import { AppError, ok, refusal } from '../envelope';
import { saveAnswer } from './save-answer';

const houseTypes = { apartment: 'Kvartira / Квартира', house: 'Uy / Дом' } as const;

/** Home insurance: `/api/sayt/uyjoy-api/*` (schemas/api/home). */
export default async function homeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: HomeSaveRequest }>(
    '/sayt/uyjoy-api/save',
    { schema: { body: app.apiSchema('home/save.request') }, config: { reportFailures: 'home save' } },
    async (request) => {
      const body = request.body;
      const begin = isoDateField(body.begin_date, '/begin_date');
      requireNotPast(begin, '/begin_date');
      const birthday = isoDateField(body.applicant.birthday, '/applicant/birthday');
      const tariffs = await app.tariffs.home();
      const quote = quoteHome(body.program_id, tariffs);
      const program = tariffs.programs.find((p) => p.id === body.program_id);
      if (!quote || !program) throw new AppError(422, `program ${body.program_id} is not sold`);
      if (quote.total !== body.amount) throw new AppError(422, `amount differs, server: ${quote.total}`, { amount: quote.total });
      const person = await app.persons.find({
        passportSeria: body.applicant.passport_seria,
        passportNumber: body.applicant.passport_number,
        birthday,
      });
      if (!person) throw new AppError(422, 'applicant not found in the person registry', { field: '/applicant' });
      const holder = `${person.firstName} ${person.lastName}`;
      const contract = await app.contracts.create({
        product: 'home',
        channel: request.channel,
        amount: quote.total,
        body: body as unknown as Record<string, unknown>,
        returnUrl: body.return_url,
        terms: {
          holder,
          insured: [{ name: holder, passport: `${body.applicant.passport_seria}${body.applicant.passport_number}`, birthday }],
          beginDate: begin,
          endDate: oneYearFrom(begin),
          sumInsured: program.sumInsured,
          currency: 'UZS',
          programName: program.name,
          subject: `${houseTypes[body.house_type]}, ${body.address}`,
        },
      });
      return ok(saveAnswer(app, contract), 'Policy success saved');
    },
  );

  app.post<{ Body: HomeCheckRequest }>(
    '/sayt/uyjoy-api/check',
    { schema: { body: app.apiSchema('home/check.request') } },
    async (request) => {
      const contract = await app.contracts.get(request.body.contract_id);
      if (!contract || contract.product !== 'home') throw new AppError(404, 'contract not found');
      const policy = contract.status === 'issued' ? await app.policies.byContract(contract.id) : undefined;
      if (!policy) return refusal(1, 'payment_not_made');
      const answer: HomeCheckResponse = { policy_number: policy.number, pdf_url: app.policies.pdfUrl(policy.id) };
      return ok(answer);
    },
  );
}
