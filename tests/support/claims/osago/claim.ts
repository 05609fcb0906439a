/*
 * A small car-like claim of the server tests (the registry is pointed at this folder): the fixed
 * policy, event, payout, consent and receipt steps, and one family step with several photos and a
 * single report, so filing, files and the cabinet are tested without the real families' forms.
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { ClaimDefinition, FlowData } from '../../../../engine/definition';

const fileRef = (types: string[], maxBytes: number): RJSFSchema => ({
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[0-9a-f]{32}$', maxLength: 32 },
    name: { type: 'string', minLength: 1, maxLength: 120 },
    type: { type: 'string', enum: types },
    size: { type: 'integer', minimum: 1, maximum: maxBytes },
  },
  required: ['id', 'name', 'type', 'size'],
  additionalProperties: false,
});

const field = (key: string) => (data: FlowData) => data.policy?.way === key;
const method = (key: string) => (data: FlowData) => data.payout?.method === key;

const claim: ClaimDefinition = {
  kind: 'claim',
  id: 'osago',
  family: 'car',
  version: 1,
  title: 'claim.title.car',
  steps: [
    {
      id: 'policy',
      title: 'claim.step.policy',
      schema: {
        type: 'object',
        properties: {
          way: { type: 'string', enum: ['mine', 'number'] },
          policyId: { type: 'string', format: 'uuid', maxLength: 36 },
          policyNumber: { type: 'string', minLength: 3, maxLength: 40 },
          passport: { type: 'string', pattern: '^[A-Z]{2}[0-9]{7}$', maxLength: 9 },
          birthday: { type: 'string', format: 'date', maxLength: 10 },
          phone: { type: 'string', pattern: '^998[0-9]{9}$', maxLength: 12 },
        },
        required: ['way', 'policyId', 'policyNumber', 'passport', 'birthday', 'phone'],
        additionalProperties: false,
      },
    },
    {
      id: 'event',
      title: 'claim.step.event',
      schema: {
        type: 'object',
        properties: {
          date: { type: 'string', format: 'date', maxLength: 10 },
          description: { type: 'string', minLength: 10, maxLength: 2000 },
          place: { type: 'string', maxLength: 200 },
        },
        required: ['date', 'description'],
        additionalProperties: false,
      },
    },
    {
      id: 'damage',
      title: 'claim.step.damage',
      schema: {
        type: 'object',
        properties: {
          photos: { type: 'array', items: fileRef(['image/jpeg', 'image/png', 'image/webp'], 5 * 1024 * 1024), minItems: 1, maxItems: 10 },
          police_report: fileRef(['application/pdf', 'image/jpeg', 'image/png'], 2 * 1024 * 1024),
        },
        required: ['photos'],
        additionalProperties: false,
      },
    },
    {
      id: 'payout',
      title: 'claim.step.payout',
      schema: {
        type: 'object',
        properties: {
          method: { type: 'string', enum: ['card', 'account'] },
          card: { type: 'string', pattern: '^[0-9]{16}$', maxLength: 16 },
          account: { type: 'string', pattern: '^[0-9]{20}$', maxLength: 20 },
          mfo: { type: 'string', pattern: '^[0-9]{5}$', maxLength: 5 },
          holder: { type: 'string', minLength: 2, maxLength: 100 },
        },
        required: ['method', 'card', 'account', 'mfo', 'holder'],
        additionalProperties: false,
      },
    },
    {
      id: 'consent',
      title: 'claim.step.consent',
      submit: 'save',
      schema: { type: 'object', properties: { agree: { type: 'boolean', const: true } }, required: ['agree'], additionalProperties: false },
    },
    { id: 'receipt', component: 'receipt', title: 'claim.step.receipt', hidden: true },
  ],
  initialData: {},
  machine: {
    show: {
      'policy.policyId': 'byMine',
      'policy.policyNumber': 'byNumber',
      'policy.passport': 'byNumber',
      'policy.birthday': 'byNumber',
      'payout.card': 'toCard',
      'payout.account': 'toAccount',
      'payout.mfo': 'toAccount',
    },
    guards: { byMine: field('mine'), byNumber: field('number'), toCard: method('card'), toAccount: method('account') },
    actions: {},
  },
  binding: {
    load: async () => ({ signedIn: false, policies: [] }),
    file: () => Promise.reject(new Error('the fixture claim is filed by posting to the server')),
  },
  documents: [
    { kind: 'photos', step: 'damage', title: 'claim.document.photos', needed: true },
    { kind: 'police_report', step: 'damage', title: 'claim.document.police_report', needed: true },
  ],
  decisionDays: 15,
  summary: () => [],
};

export default claim;
