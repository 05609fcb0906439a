import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { ApiPort, BindingFailure, ClaimDefinition, ClaimReceipt, Envelope, FileRef, FlowData, FormBody, UploadProgressListener } from '../definition';
import { registerStepValidator } from '../step-validators';
import { stepValidatorOptions } from '../validator-options';
import { documentSchema } from './file-definition';

/**
 * A claim as the engine runs one: a policy found by its number on leaving the first step (a step
 * call), the event with several photos (an array of file fields) shown only for damage, a consent
 * that files the claim, and the receipt. Not a real product's claim: what the engine's claim runtime
 * is tested on.
 */
export interface ClaimFixtureData extends FlowData {
  policy: { policyNumber?: string; holder?: string };
  event: { kind?: string; date?: string; description?: string; photos?: (FileRef | Record<string, never>)[] };
  consent: { agree?: boolean };
}

export interface ClaimFixtureCatalog {
  signedIn: boolean;
}

export class ClaimFixtureFailure extends Error implements BindingFailure {
  constructor(
    public messageId: string,
    public field?: { step: string; path: string },
  ) {
    super(messageId);
  }
}

const policySchema: RJSFSchema = {
  type: 'object',
  required: ['policyNumber'],
  properties: { policyNumber: { type: 'string', title: 'claims.field.policyNumber', minLength: 3 }, holder: { type: 'string', title: 'claims.field.holder' } },
};

const eventSchema: RJSFSchema = {
  type: 'object',
  required: ['kind', 'date', 'description', 'photos'],
  properties: {
    kind: { type: 'string', title: 'claims.field.kind', enum: ['damage', 'theft'] },
    date: { type: 'string', title: 'claims.field.date', format: 'date' },
    description: { type: 'string', title: 'claims.field.description', minLength: 10, maxLength: 2000 },
    photos: { type: 'array', title: 'claims.field.photos', minItems: 1, maxItems: 10, items: documentSchema as RJSFSchema },
  },
};

const consentSchema: RJSFSchema = {
  type: 'object',
  required: ['agree'],
  properties: { agree: { type: 'boolean', title: 'claims.field.agree', const: true } },
};

for (const schema of [policySchema, eventSchema, consentSchema]) registerStepValidator(schema, customizeValidator(stepValidatorOptions));

export const claimMessages: Record<string, string> = {
  'claims.title': 'Car insurance event',
  'claims.step.policy': 'Policy',
  'claims.step.event': 'What happened',
  'claims.step.consent': 'Consent',
  'claims.step.receipt': 'Claim filed',
  'claims.field.policyNumber': 'Policy number',
  'claims.field.holder': 'Policyholder',
  'claims.field.kind': 'Event',
  'claims.field.date': 'Date',
  'claims.field.description': 'Description',
  'claims.field.photos': 'Photos of the damage',
  'claims.field.agree': 'I confirm',
  'claims.summary.policy': 'Policy',
  'claims.summary.date': 'Date of the event',
  'claim.document.photos': 'Photos of the damage',
  'claim.document.police_report': 'Police report',
  claim_policy_not_found: 'No policy of this number',
  claim_event_outside_cover: 'The policy did not cover this day',
};

export const claimReceipt: ClaimReceipt = { claimId: '7b0c1a52-5a8e-4a5c-9d43-3f5a6c2d9e10', number: 'C26-000042', documents: ['police_report'], answerBy: '2026-12-22' };

/** What the fixture's port does with a filing: hold it until the test answers, refuses or reports progress. */
export interface HeldFiling {
  path: string;
  body: FormBody | unknown;
  progress: (sent: number) => void;
  total: number;
  answer: () => void;
  refuse: (failure: BindingFailure) => void;
}

/** An ApiPort that finds policy `P-1` (any other number: not found) and holds each filing for the test (`filings`). */
export function claimApi(): ApiPort & { filings: HeldFiling[] } {
  const filings: HeldFiling[] = [];
  const envelope = <T,>(response: T): Envelope<T> => ({ result: true, error: 0, message: '', response });
  const hold = <T,>(path: string, body: FormBody | unknown, onProgress?: UploadProgressListener) =>
    new Promise<Envelope<T>>((resolve, reject) => {
      const total = typeof body === 'object' && body !== null && 'files' in body ? (body as FormBody).files.reduce((sum, file) => sum + file.blob.size, 0) + 200 : 200;
      filings.push({ path, body, total, progress: (sent) => onProgress?.(sent, total), answer: () => resolve(envelope(claimReceipt) as Envelope<T>), refuse: reject });
    });
  return {
    filings,
    get: async <T,>() => envelope({ signedIn: false }) as Envelope<T>,
    post: <T,>(path: string, body: unknown) => {
      if (path === '/claims/find-policy') {
        const number = (body as { policyNumber?: string }).policyNumber;
        if (number !== 'P-1') return Promise.reject(new ClaimFixtureFailure('claim_policy_not_found', { step: 'policy', path: '/policyNumber' }));
        return Promise.resolve(envelope({ holder: 'Vali Aliyev' }) as Envelope<T>);
      }
      if (path === '/claims/file') return hold<T>(path, body);
      return Promise.reject(new Error(`unknown POST ${path}`));
    },
    postForm: <T,>(path: string, body: FormBody, onProgress?: UploadProgressListener) => hold<T>(path, body, onProgress),
  };
}

const isRef = (value: unknown): value is FileRef => typeof value === 'object' && value !== null && typeof (value as FileRef).id === 'string';

export const claimDefinition: ClaimDefinition<ClaimFixtureData, ClaimFixtureCatalog> = {
  kind: 'claim',
  id: 'claims',
  family: 'car',
  version: 1,
  title: 'claims.title',
  steps: [
    { id: 'policy', title: 'claims.step.policy', schema: policySchema, uiSchema: { holder: { 'ui:readonly': true } }, call: 'findPolicy' },
    { id: 'event', title: 'claims.step.event', schema: eventSchema, uiSchema: { description: { 'ui:widget': 'textarea' }, photos: { items: { 'ui:field': 'file' } } } },
    { id: 'consent', title: 'claims.step.consent', schema: consentSchema, submit: 'save' },
    { id: 'receipt', component: 'receipt', title: 'claims.step.receipt', hidden: true },
  ],
  initialData: { policy: {}, event: { photos: [] }, consent: {} },
  machine: {
    show: { 'event.photos': 'isDamage' },
    guards: { isDamage: (data) => data.event.kind === 'damage' },
    actions: {},
  },
  binding: {
    load: async (api) => (await api.get<ClaimFixtureCatalog>('/claims/policies')).response,
    calls: {
      findPolicy: async (api, data) => {
        const found = await api.post<{ holder: string }>('/claims/find-policy', { policyNumber: data.policy.policyNumber });
        return { policy: { ...data.policy, holder: found.response.holder } };
      },
    },
    async file(api, data, context) {
      const photos = data.event.kind === 'damage' ? (data.event.photos ?? []).filter(isRef) : [];
      const claim = JSON.stringify({ data: { policy: data.policy, event: { ...data.event, photos }, consent: data.consent } });
      if (photos.length === 0) return (await api.post<ClaimReceipt>('/claims/file', { claim }, { repeatable: 'tab' })).response;
      const files = await Promise.all(photos.map(async (ref) => {
        const blob = await context.files?.read(ref);
        if (!blob) throw new ClaimFixtureFailure('engine.file.missing', { step: 'event', path: '/photos' });
        return { name: ref.id, filename: ref.name, blob };
      }));
      return (await api.postForm<ClaimReceipt>('/claims/file', { fields: [['claim', claim]], files }, undefined, { repeatable: 'tab' })).response;
    },
  },
  documents: [
    { kind: 'photos', step: 'event', title: 'claim.document.photos', needed: true },
    { kind: 'police_report', step: 'event', title: 'claim.document.police_report', needed: true },
  ],
  decisionDays: 15,
  summary: (data) => [
    { label: 'claims.summary.policy', value: data.policy.policyNumber ?? '' },
    { label: 'claims.summary.date', value: data.event.date ?? '' },
  ],
};
