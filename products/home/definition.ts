import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type {
  ApiPort, CatalogOption, EffectResult, Envelope, PaymentDetails, PolicyResult, Price, ProductDefinition,
  SaveContext,
} from '../../engine/definition';
import programSchema from '../../schemas/products/home/program.json';
import programUi from '../../schemas/products/home/program.ui.json';
import applicantSchema from '../../schemas/products/home/applicant.json';
import applicantUi from '../../schemas/products/home/applicant.ui.json';
import addressSchema from '../../schemas/products/home/address.json';
import addressUi from '../../schemas/products/home/address.ui.json';
import { isIsoDate, isoToDmy, paymentDetailsFrom, phoneDigits, splitPassport, todayIso, type SaveAnswer } from '../api-format';
import { envelopeFailure, ProductBindingFailure, requireFields, toFailure } from '../binding-failure';
import type { HomeCheckResponse, HomeSaveRequest, HouseType } from './api';
import { homePrograms, quoteHome, type HomeTariffs } from './pricing';

export type HomeProgramStep = { programId?: number };
export type HomeApplicant = { passport?: string; birthday?: string; phone?: string };
export type HomeAddress = { houseType: HouseType; regionId?: number; address?: string; beginDate?: string };

export type HomeData = {
  program: HomeProgramStep;
  applicant: HomeApplicant;
  address: HomeAddress;
};

export type HomeCatalog = HomeTariffs;

const paths = { save: '/sayt/uyjoy-api/save', check: '/sayt/uyjoy-api/check' } as const;

/** The cover cannot start in the past (spec: start date ≥ today). */
function checkBeginDate(next: HomeData): EffectResult<HomeData> {
  const { beginDate } = next.address;
  if (isIsoDate(beginDate) && beginDate < todayIso()) {
    return { data: next, errors: { address: { '/beginDate': 'home.error.begin_date_past' } } };
  }
  return { data: next };
}

const groupDigits = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

function options(catalog: HomeCatalog): Record<string, CatalogOption[]> {
  return {
    programs: catalog.programs.map((p) => ({
      value: p.id,
      label: p.id >= 1 && p.id <= 6 ? `home.program.${p.id}` : p.name,
      details: [{ label: 'home.program.sum_insured', value: groupDigits(p.sumInsured) }],
      price: p.premium,
    })),
  };
}

const required = <T>(value: T | undefined | null, what: string): T => {
  if (value === undefined || value === null || value === '') {
    throw new ProductBindingFailure('maybe-data-is-incorrect', { detail: `${what} is missing` });
  }
  return value;
};

/** The save request for flow data and the premium the visitor was shown. */
export function homeSaveRequest(data: HomeData, amount: number): HomeSaveRequest {
  const { seria, number } = splitPassport(required(data.applicant.passport, 'passport'));
  return {
    program_id: required(data.program.programId, 'programId'),
    house_type: data.address.houseType,
    region_id: required(data.address.regionId, 'regionId'),
    address: required(data.address.address, 'address').trim(),
    begin_date: isoToDmy(required(data.address.beginDate, 'beginDate'), '.'),
    applicant: {
      passport_seria: seria,
      passport_number: number,
      birthday: isoToDmy(required(data.applicant.birthday, 'birthday'), '.'),
      phone: phoneDigits(required(data.applicant.phone, 'phone')),
    },
    amount,
  };
}

async function call<T>(request: () => Promise<Envelope<T>>) {
  try {
    return await request();
  } catch (error) {
    throw toFailure(error);
  }
}

async function save(api: ApiPort, data: HomeData, shown: Price, context: SaveContext): Promise<PaymentDetails> {
  let request: HomeSaveRequest;
  try {
    request = { ...homeSaveRequest(data, shown.total), return_url: context.returnPath };
  } catch (error) {
    throw toFailure(error);
  }
  const envelope = await call(() => api.post<SaveAnswer>(paths.save, request));
  if (!envelope.result) throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  return paymentDetailsFrom(requireFields<SaveAnswer>(envelope.response, ['contract_id', 'order_id', 'amount', 'url', 'payme_url'], 'uyjoy save'));
}

/** Unpaid contracts answer `result: false` with error 1 (`payment_not_made`). */
async function check(api: ApiPort, payment: PaymentDetails): Promise<PolicyResult | null> {
  const envelope = await call(() => api.post<HomeCheckResponse>(paths.check, { contract_id: payment.contractId }));
  if (!envelope.result) {
    if (envelope.error === 1 || envelope.message === 'payment_not_made') return null;
    throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  }
  const answer = requireFields<HomeCheckResponse>(envelope.response, ['policy_number', 'pdf_url'], 'uyjoy check');
  return { policyNumber: answer.policy_number, policyUrl: answer.pdf_url };
}

export const home: ProductDefinition<HomeData, HomeCatalog> = {
  id: 'home',
  version: 1,
  title: 'home.title',
  kind: 'home',
  steps: [
    { id: 'program', title: 'home.step.program', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
    { id: 'applicant', title: 'home.step.applicant', schema: applicantSchema as RJSFSchema, uiSchema: applicantUi as UiSchema },
    { id: 'address', title: 'home.step.address', schema: addressSchema as RJSFSchema, uiSchema: addressUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'home.step.payment', component: 'payment' },
    { id: 'download', title: 'home.step.download', component: 'download', hidden: true },
  ],
  initialData: {
    program: {},
    applicant: {},
    address: { houseType: 'apartment' },
  },
  machine: {
    onChange: { 'address.beginDate': 'checkBeginDate' },
    guards: {},
    actions: { checkBeginDate },
  },
  pricing: (data, catalog) => {
    const { programId } = data.program;
    return programId === undefined ? null : quoteHome(programId, catalog);
  },
  options,
  binding: {
    // The spec's program table is the tariff: nothing to fetch.
    load: async () => ({ programs: [...homePrograms] }),
    save,
    check,
  },
};
