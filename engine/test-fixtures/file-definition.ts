import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { ApiPort, Envelope, FileRef, FlowData, FormBody, PaymentDetails, ProductDefinition, UploadProgressListener } from '../definition';
import { registerStepValidator } from '../step-validators';
import { stepValidatorOptions } from '../validator-options';

/**
 * A flow that takes a file: a nickname and a document (a photo or a PDF) on its one form step, which
 * saves them as multipart, then payment and the policy. Not a real product: what the engine's file
 * field, file store and upload tracker are tested on.
 */
export interface FileFlowData extends FlowData {
  papers: { nickname?: string; document?: FileRef | Record<string, never> };
}

export const documentSchema = {
  type: 'object',
  title: 'files.field.document',
  properties: {
    id: { type: 'string', maxLength: 32 },
    name: { type: 'string', minLength: 1, maxLength: 255 },
    type: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] },
    size: { type: 'integer', minimum: 1, maximum: 10 * 1024 * 1024 },
  },
  minProperties: 4,
  additionalProperties: false,
  errorMessage: { minProperties: 'engine.file.required' },
};

export const papersSchema: RJSFSchema = {
  type: 'object',
  required: ['nickname', 'document'],
  properties: {
    nickname: { type: 'string', title: 'files.field.nickname', maxLength: 40 },
    document: documentSchema as RJSFSchema,
  },
};

registerStepValidator(papersSchema, customizeValidator(stepValidatorOptions));

export const fileMessages: Record<string, string> = {
  'files.title': 'Papers cover',
  'files.step.papers': 'Papers',
  'files.step.pay': 'Payment',
  'files.step.done': 'Policy',
  'files.field.nickname': 'Nickname',
  'files.field.document': 'Document',
};

const payment: PaymentDetails = { contractId: 'FILE-1', orderId: '1', price: 50_000, links: { payme: '/payme' } };

/** What the fixture's multipart port does with a save: hold it until released, report progress, answer. */
export interface HeldUpload {
  body: FormBody;
  progress: (sent: number) => void;
  answer: () => void;
  fail: () => void;
  total: number;
}

/** An ApiPort whose multipart saves wait for the test (`uploads`), and whose payment check answers paid. */
export function fileApi(): ApiPort & { uploads: HeldUpload[] } {
  const uploads: HeldUpload[] = [];
  const envelope = <T,>(response: T): Envelope<T> => ({ result: true, error: 0, message: '', response });
  return {
    uploads,
    get: async <T,>() => envelope({}) as Envelope<T>,
    post: async <T,>(path: string) => {
      if (path === '/files/check') return envelope({ policyNumber: 'FIL 1', policyUrl: '/f.pdf' }) as Envelope<T>;
      throw new Error(`unknown POST ${path}`);
    },
    postForm: <T,>(_path: string, body: FormBody, onProgress?: UploadProgressListener) =>
      new Promise<Envelope<T>>((resolve, reject) => {
        const total = body.files.reduce((sum, file) => sum + file.blob.size, 0) + 200;
        uploads.push({
          body,
          total,
          progress: (sent) => onProgress?.(sent, total),
          answer: () => resolve(envelope(payment) as Envelope<T>),
          fail: () => reject(Object.assign(new Error('Network Error'), { status: null })),
        });
      }),
  };
}

export const fileDefinition: ProductDefinition<FileFlowData, Record<string, never>> = {
  id: 'files',
  version: 1,
  title: 'files.title',
  steps: [
    { id: 'papers', title: 'files.step.papers', schema: papersSchema, uiSchema: { document: { 'ui:field': 'file' } }, submit: 'save' },
    { id: 'pay', title: 'files.step.pay', component: 'payment' },
    { id: 'done', title: 'files.step.done', component: 'download', hidden: true },
  ],
  initialData: { papers: {} },
  machine: { guards: {}, actions: {} },
  pricing: () => ({ total: 50_000, lines: [] }),
  binding: {
    load: async () => ({}),
    async save(api, data, _price, context) {
      const ref = data.papers.document as FileRef;
      const blob = await context.files?.read(ref);
      if (!blob) throw new Error('the document is not on this device');
      const answer = await api.postForm<PaymentDetails>('/files/save', { fields: [['nickname', data.papers.nickname ?? '']], files: [{ name: 'document', filename: ref.name, blob }] });
      return answer.response;
    },
    check: async (api) => (await api.post<{ policyNumber: string; policyUrl: string }>('/files/check', {})).response,
  },
  summary: (data) => [{ label: 'files.field.nickname', value: data.papers.nickname ?? '' }],
};
