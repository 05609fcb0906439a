import type { FastifyInstance } from 'fastify';
import type { GetPersonRequest, GetPersonResponse } from '../../products/travel/api';
import { isoDateField } from '../dates';
import { ok, refusal } from '../envelope';
import type { Person } from '../plugins/app/person-registry';

/** Registry person → the lookup answer: `ism`/`familya` as the registry writes them (Cyrillic), `_eng` in Latin. */
export function personAnswer(person: Person): GetPersonResponse {
  return { ism: person.firstNameCyr, familya: person.lastNameCyr, ism_eng: person.firstName, familya_eng: person.lastName, pinfl: person.pinfl };
}

/** `/api/sayt/getPerson`: the site-wide person lookup (birthday `DD.MM.YYYY`). */
export default async function personRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: GetPersonRequest }>('/sayt/getPerson', { schema: { body: app.apiSchema('site/get-person.request') } }, async (request) => {
    const { passportSeria, passportNumber, birthday, pinfl } = request.body;
    const person = await app.persons.find({ passportSeria, passportNumber, birthday: isoDateField(birthday, '/birthday'), ...(pinfl ? { pinfl } : {}) });
    return person ? ok(personAnswer(person)) : refusal(1, 'datas_not_found');
  });
}
