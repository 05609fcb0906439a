import { defineManifest } from '../kit/define/define';
import { fromPrice, sandboxDocumentsTariff } from './pricing';

export default defineManifest({
  id: 'documents',
  title: 'site.product.documents.title',
  shortTitle: 'site.product.documents.short',
  summary: 'site.product.documents.summary',
  kind: 'docs',
  group: 'people',
  rank: 3,
  routes: { page: '/documents', webview: '/mobile/documents' },
  calls: { save: '/sayt/document_sugurtasi/save', check: '/sayt/document_sugurtasi/check', types: '/sayt/document_sugurtasi/type' },
  // Requirements §8: as sport, error 0 paid, 1 a network error, 2 not paid yet.
  checkAnswer: 'sport-documents',
  fromPrice: fromPrice(sandboxDocumentsTariff),
});
