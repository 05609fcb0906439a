import type { ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { periodText, personName } from '../kit/text/summary';
import documentSchema from '../../schemas/products/documents/document.json';
import documentUi from '../../schemas/products/documents/document.ui.json';
import ownerSchema from '../../schemas/products/documents/owner.json';
import ownerUi from '../../schemas/products/documents/owner.ui.json';
import { documentsBinding } from './binding';
import { allTypes, documentType, quoteDocument, stateNumberTypeId, type DocumentsTariff } from './pricing';
import manifest from './product';
import { documentsRules, type DocumentsData } from './rules';

function summary(data: DocumentsData, tariff: DocumentsTariff): SummaryRow[] {
  const type = documentType(data.document.typeId, tariff);
  const named = type?.id === stateNumberTypeId
    ? [{ label: 'documents.field.plate', value: { plate: data.document.plate ?? '' } }]
    : [{ label: 'documents.field.document_number', value: data.document.documentNumber ?? '' }];
  return [
    ...(type ? [{ label: 'documents.field.type', value: { message: `documents.type.${type.id}` } }, ...named, { label: 'documents.field.sum_insured', value: { uzs: type.sumInsured } }] : []),
    { label: 'engine.summary.period', value: periodText(data.document.beginDate, data.document.endDate) },
    { label: 'engine.summary.holder', value: personName(data.owner) },
  ];
}

/** Document loss (requirements §2 names no steps): the document and the start of cover, its owner, payment, the policy. */
const documents: ProductDefinition<DocumentsData, DocumentsTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'document', title: 'documents.step.document', schema: documentSchema as RJSFSchema, uiSchema: documentUi as UiSchema },
    { id: 'owner', title: 'documents.step.owner', schema: ownerSchema as RJSFSchema, uiSchema: ownerUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'documents.step.payment', component: 'payment' },
    { id: 'download', title: 'documents.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/owner', phone: '/owner/phone' },
  initialData: { document: {}, owner: {} },
  machine: documentsRules,
  pricing: (data, tariff) => quoteDocument(data.document.typeId, tariff),
  options: (tariff) => ({
    documentTypes: allTypes(tariff).map((t) => ({
      value: t.id,
      label: `documents.type.${t.id}`,
      fallback: t.name,
      details: [{ label: 'documents.type.sum_insured', value: { uzs: t.sumInsured } }],
      price: t.premium,
    })),
  }),
  binding: documentsBinding,
  summary,
};

export default documents;
