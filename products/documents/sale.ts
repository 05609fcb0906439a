import { displayPlate } from '../../engine/plate-text';
import { oneYearFrom } from '../kit/api/api-format';
import { clientOf, coverStartInWindow, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductCall, type ProductSale, type SaleContext } from '../kit/sale/sale';
import type { SaveRequest, TypeResponse } from './api.generated';
import { allTypes, documentType, quoteDocument, sandboxDocumentsTariff, stateNumberTypeId, type DocumentsTariff } from './pricing';
import manifest from './product';

/** The type answer: every document covered with its premium and sum insured, the state number (38) among them. */
export const typesAnswer = (tariff: DocumentsTariff): TypeResponse =>
  allTypes(tariff).map((t) => ({ id: t.id, name: t.name, premium: t.premium, sum_insured: t.sumInsured }));

const calls: ProductCall<DocumentsTariff>[] = [
  {
    method: 'GET',
    path: manifest.calls.types,
    summary: 'Document loss: the documents covered, each with its premium and sum insured (type 38 is the state number plate)',
    response: 'documents/type.response',
    answer: (_body, context) => typesAnswer(context.tariffs),
  },
];

/** What names the insured document: the plate of type 38, the number of any other, never both. */
function documentName(request: SaveRequest): string {
  if (request.document_type_id === stateNumberTypeId) {
    if (request.document_number !== undefined) throw new SaleRefusal(400, 'body/document_number: type 38 is named by gos_number', '/document_number');
    if (request.gos_number === undefined) throw new SaleRefusal(400, 'body/gos_number is required for type 38, the state number', '/gos_number');
    // As the page's field and every car policy write a plate.
    return displayPlate(request.gos_number);
  }
  if (request.gos_number !== undefined) throw new SaleRefusal(400, 'body/gos_number is for type 38 only', '/gos_number');
  if (request.document_number === undefined) throw new SaleRefusal(400, 'body/document_number is required', '/document_number');
  return request.document_number;
}

async function quote(request: SaveRequest, context: SaleContext<DocumentsTariff>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const type = documentType(request.document_type_id, context.tariffs);
  const price = quoteDocument(request.document_type_id, context.tariffs);
  if (!type || !price) throw new SaleRefusal(422, `document_type_id ${request.document_type_id} is not sold`, '/document_type_id');
  const name = documentName(request);
  const { person: owner, pinfl } = await registeredParty(request.owner, '/owner', context);
  requireOfAge(owner.birthday, begin, '/owner/birthday');
  const typeName = context.words(`documents.type.${type.id}`) ?? type.name;
  return {
    price,
    terms: {
      holder: owner.name,
      insured: [owner],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: type.sumInsured,
      currency: 'UZS' as const,
      programName: typeName,
      subject: `${typeName}: ${name}`,
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, DocumentsTariff> = {
  schemas: { save: 'documents/save.request' },
  tariffs: sandboxDocumentsTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls,
  policy: {
    series: 'DOC',
    title: {
      uz: 'Hujjatlarni yoʻqotishdan sugʻurtalash',
      ru: 'Страхование документов от утраты',
      en: 'Document loss insurance',
    },
    subjectLabel: { uz: 'Hujjat', ru: 'Документ' },
  },
};

export default sale;
