import type {
  ApiPort,
  BindingFailure,
  CatalogOption,
  Envelope,
  FlowData,
  PaymentDetails,
  PolicyResult,
  ProductDefinition,
} from '../definition';
import type { RJSFSchema } from '@rjsf/utils';

/**
 * A generic definition that exercises every engine feature: a field effect, a Latin-only effect,
 * a row lookup, a skip rule, show rules (step and row level), a save step, payment and a hidden
 * download step. Not a real product.
 */
export interface SampleData extends FlowData {
  plan: { purpose?: string; days?: number; tier?: string; company?: string };
  people: { persons?: Person[] };
  extras: { luggage?: boolean };
  confirm: { agree?: boolean; phone?: string };
}

export interface Person {
  passport?: string;
  birthday?: string;
  firstName?: string;
  lastName?: string;
  foreign?: boolean;
  citizenship?: string;
}

export interface SampleCatalog {
  tiers: { id: string; name: string; rate: number }[];
}

export class SampleFailure extends Error implements BindingFailure {
  constructor(
    public messageId: string,
    public field?: { step: string; path: string },
    public modal?: boolean,
  ) {
    super(messageId);
  }
}

export const planSchema: RJSFSchema = {
  type: 'object',
  // `company` is required only while shown (business trips): see the fixture's show rules.
  required: ['purpose', 'days', 'company'],
  properties: {
    purpose: { type: 'string', title: 'sample.field.purpose', enum: ['leisure', 'business'] },
    days: { type: 'integer', title: 'sample.field.days', minimum: 1, maximum: 365 },
    tier: { type: 'string', title: 'sample.field.tier' },
    company: { type: 'string', title: 'sample.field.company', minLength: 2 },
  },
};

export const peopleSchema = {
  type: 'object',
  required: ['persons'],
  properties: {
    persons: {
      type: 'array',
      title: 'sample.field.persons',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        required: ['passport', 'birthday', 'firstName', 'citizenship'],
        properties: {
          passport: {
            type: 'string',
            title: 'sample.field.passport',
            pattern: '^[A-Z]{2}[0-9]{7}$',
          },
          birthday: { type: 'string', title: 'sample.field.birthday', format: 'date' },
          firstName: {
            type: 'string',
            title: 'sample.field.first-name',
            pattern: '^[A-Za-z\' -]+$',
            errorMessage: { pattern: 'use_latin_alphabet' },
          },
          lastName: { type: 'string', title: 'sample.field.last-name' },
          foreign: { type: 'boolean', title: 'sample.field.foreign', default: false },
          citizenship: { type: 'string', title: 'sample.field.citizenship', pattern: '^[A-Z]{2}$' },
        },
      },
    },
  },
} as RJSFSchema;

export const extrasSchema: RJSFSchema = {
  type: 'object',
  properties: { luggage: { type: 'boolean', title: 'sample.field.luggage' } },
};

export const confirmSchema: RJSFSchema = {
  type: 'object',
  required: ['agree', 'phone'],
  properties: {
    phone: { type: 'string', title: 'sample.field.phone', pattern: '^998[0-9]{9}$' },
    agree: { type: 'boolean', title: 'sample.field.agree', const: true },
  },
};

export const samplePayment: PaymentDetails = {
  contractId: 'C-100',
  orderId: 'O-100',
  price: 0,
  links: { payme: 'https://pay.example/payme/C-100', click: 'https://pay.example/click/C-100' },
};

export const samplePolicy: PolicyResult = { policyNumber: 'P-0001', policyUrl: '/policies/P-0001.pdf' };

const CYRILLIC = /[\u0400-\u04FF]/;

function envelope<T>(response: T): Envelope<T> {
  return { result: true, error: 0, message: '', response };
}

/** An ApiPort answering the fixture's calls from memory; `paid` flips the payment check. */
/** Test cards of the sample API: one that pays, one without money. */
export const sampleCards = { pays: '8600069195406311', poor: '8600000000000003' };

export function sampleApi(state: { paid: boolean } = { paid: false }): ApiPort {
  return {
    async get<T>(path: string): Promise<Envelope<T>> {
      if (path === '/sample/catalog') {
        const catalog: SampleCatalog = { tiers: [{ id: 'basic', name: 'sample.tier.basic', rate: 1000 }, { id: 'plus', name: 'sample.tier.plus', rate: 2000 }] };
        return envelope(catalog) as Envelope<T>;
      }
      throw new Error(`unknown GET ${path}`);
    },
    async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
      if (path === '/sample/person') {
        const { passport } = body as { passport: string };
        if (passport === 'AA1234567') return envelope({ firstName: 'Vali', lastName: 'Aliyev' }) as Envelope<T>;
        return { result: false, error: 1, message: 'datas_not_found', response: null } as Envelope<T>;
      }
      if (path === '/sample/save') return envelope({ ...samplePayment, price: (body as { total: number }).total }) as Envelope<T>;
      if (path === '/sample/check') return envelope(state.paid ? samplePolicy : null) as Envelope<T>;
      // The payment step's own calls, answered as the sandbox does: test card, code 666666.
      if (path === '/sayt/contract/terms') return envelope({ accepted_at: '2026-11-25T10:00:00.000Z' }) as Envelope<T>;
      if (path === '/sayt/payment/payme/card') {
        const { card_number: number } = body as { card_number: string };
        if (number === sampleCards.pays) return envelope({ card_id: 'token-1', phone: '99890*****66', wait: 60 }) as Envelope<T>;
        return { result: false, error: 1, message: number === sampleCards.poor ? 'card_insufficient_funds' : 'card_invalid', response: null } as Envelope<T>;
      }
      if (path === '/sayt/payment/payme/check') {
        if ((body as { code: string }).code !== '666666') return { result: false, error: 1, message: 'card_code_wrong', response: null } as Envelope<T>;
        state.paid = true;
        return envelope({ paid: true }) as Envelope<T>;
      }
      if (path === '/sayt/payment/payme') return envelope({ sent: true, phone: '99890*****67' }) as Envelope<T>;
      throw new Error(`unknown POST ${path}`);
    },
    postForm: (path) => Promise.reject(new Error(`unknown multipart POST ${path}`)),
  };
}

export const sampleDefinition: ProductDefinition<SampleData, SampleCatalog> = {
  id: 'sample',
  version: 3,
  title: 'sample.title',
  steps: [
    {
      id: 'plan',
      title: 'sample.step.plan',
      schema: planSchema,
      uiSchema: { tier: { 'ui:widget': 'program-cards', 'ui:options': { optionsFrom: 'tiers' } } },
    },
    {
      id: 'people',
      title: 'sample.step.people',
      schema: peopleSchema,
      uiSchema: {
        persons: {
          'ui:ArrayFieldTemplate': 'persons',
          items: {
            passport: { 'ui:widget': 'passport' },
            birthday: { 'ui:widget': 'date', 'ui:options': { max: 'today', autocomplete: 'bday' } },
            foreign: { 'ui:widget': 'checkbox' },
          },
        },
      },
    },
    { id: 'extras', title: 'sample.step.extras', schema: extrasSchema },
    {
      id: 'confirm',
      title: 'sample.step.confirm',
      schema: confirmSchema,
      uiSchema: { phone: { 'ui:widget': 'phone' } },
      submit: 'save',
    },
    { id: 'pay', title: 'sample.step.pay', component: 'payment' },
    { id: 'done', title: 'sample.step.done', component: 'download', hidden: true },
  ],
  initialData: { plan: { purpose: 'leisure', days: 7 }, people: { persons: [{}] }, extras: {}, confirm: {} },
  machine: {
    skip: { extras: 'isBusiness' },
    onChange: { 'plan.purpose': 'resetDays', 'people.persons': 'latinNames' },
    show: { 'plan.company': 'isBusiness', 'people.persons[].citizenship': 'isForeign' },
    guards: {
      isBusiness: (data) => data.plan.purpose === 'business',
      isForeign: (_data, row) => row?.foreign === true,
    },
    actions: {
      resetDays: (next) => ({ data: { ...next, plan: { ...next.plan, days: 30 } } }),
      latinNames: (next) => {
        const errors: Record<string, string> = {};
        const persons = (next.people.persons ?? []).map((person, i) => {
          if (person.firstName && CYRILLIC.test(person.firstName)) {
            errors[`/persons/${i}/firstName`] = 'use_latin_alphabet';
            return { ...person, firstName: '' };
          }
          return person;
        });
        return { data: { ...next, people: { ...next.people, persons } }, errors: { people: errors } };
      },
    },
  },
  summary: (data) => [
    { label: 'sample.field.tier', value: data.plan.tier ?? '' },
    { label: 'sample.field.persons', value: (data.people.persons ?? []).map((p) => [p.firstName, p.lastName].filter(Boolean).join(' ')) },
  ],
  pricing: (data, catalog) => {
    const days = data.plan.days;
    const count = data.people.persons?.length ?? 0;
    if (!days || count === 0) return null;
    const rate = catalog.tiers.find((t) => t.id === (data.plan.tier ?? 'basic'))?.rate ?? 1000;
    const base = days * count * rate;
    const luggage = data.extras.luggage ? 50_000 : 0;
    return {
      total: base + luggage,
      lines: [
        { label: 'sample.price.base', amount: base },
        ...(luggage ? [{ label: 'sample.price.luggage', amount: luggage }] : []),
      ],
    };
  },
  options: (catalog): Record<string, CatalogOption[]> => ({
    tiers: catalog.tiers.map((t) => ({ value: t.id, label: t.name, price: t.rate })),
  }),
  binding: {
    load: async (api) => (await api.get<SampleCatalog>('/sample/catalog')).response,
    lookups: [
      {
        step: 'people',
        rows: 'persons',
        key: (row) =>
          typeof row.passport === 'string' && /^[A-Z]{2}\d{7}$/.test(row.passport) && typeof row.birthday === 'string' && row.birthday
            ? `${row.passport}|${row.birthday}`
            : null,
        run: async (api, row) => {
          const answer = await api.post<{ firstName: string; lastName: string }>('/sample/person', row);
          if (!answer.result) throw new SampleFailure('datas_not_found');
          return answer.response;
        },
      },
    ],
    save: async (api, data, price) => {
      const answer = await api.post<PaymentDetails>('/sample/save', { data, total: price.total });
      if (!answer.result) throw new SampleFailure('maybe-data-is-incorrect', undefined, true);
      return answer.response;
    },
    check: async (api, payment) => (await api.post<PolicyResult | null>('/sample/check', { contract: payment.contractId })).response,
  },
};
