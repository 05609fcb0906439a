import type { ApiPort, BindingFailure, Envelope, FlowData, PaymentDetails, PolicyResult, Price, ProductDefinition, RJSFSchema, UiSchema } from '../definition';
import carSchema from './car-step.json';
import coverSchema from './cover-step.json';
import driversSchema from './drivers-step.json';

/**
 * A generic definition of a car flow: a vehicle lookup group (plate and tech passport typed, the
 * registry's owner, model and year filled in read-only, with an "edit" escape) whose step asks the
 * registry for the policy in force on leaving (a step's call, answering the cover's first day), the
 * cover, the drivers of a limited cover (skipped for an unlimited one, so the save runs on whichever
 * step leaves for payment), then payment and download. The server quotes the price (the page's own
 * figure shows until it answers). It exercises the engine's registry-filled
 * fields and calls; not a real product. Its step schemas are files, so Storybook precompiles their
 * validators as the site does.
 */
export interface CarData extends FlowData {
  car: { plate?: string; techPassport?: string; owner?: string; model?: string; year?: number; found?: boolean; edit?: boolean };
  cover: { drivers: 'unlimited' | 'limited'; startDate?: string };
  drivers: { drivers: { passport?: string; licence?: string }[] };
}

export interface CarCatalog {
  /** Models the insurer does not sell online, lowercase. */
  restricted: string[];
}

export class CarFailure extends Error implements BindingFailure {
  constructor(
    public messageId: string,
    public field?: { step: string; path: string },
  ) {
    super(messageId);
  }
}

/** Cars insured until a day: the new cover starts the day after. */
export const fixtureInsuredUntil: Record<string, string> = { '01A123BC': '2030-12-31' };

/** What the fixture registry knows: plate|tech passport → vehicle. */
export const fixtureVehicles: Record<string, { owner: string; model: string; year: number }> = {
  '01A123BC|AAF0390422': { owner: 'VALI ALIYEV', model: 'Chevrolet Cobalt', year: 2022 },
  '01Z777ZZ|AAF7777777': { owner: 'RUSTAM NAZAROV', model: 'Lamborghini Urus', year: 2024 },
};

const envelope = <T,>(response: T): Envelope<T> => ({ result: true, error: 0, message: '', response });

/** An ApiPort answering the fixture's calls from memory. */
export function carApi(): ApiPort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async get<T>(path: string): Promise<Envelope<T>> {
      calls.push(path);
      if (path === '/car/catalog') return envelope<CarCatalog>({ restricted: ['lamborghini urus'] }) as Envelope<T>;
      throw new Error(`unknown GET ${path}`);
    },
    async post<T>(path: string, body: unknown): Promise<Envelope<T>> {
      calls.push(path);
      if (path === '/car/vehicle') {
        const { plate, techPassport } = body as { plate: string; techPassport: string };
        const vehicle = fixtureVehicles[`${plate}|${techPassport}`];
        return (vehicle ? envelope(vehicle) : { result: false, error: 1, message: 'vehicle_not_found', response: null }) as Envelope<T>;
      }
      if (path === '/car/policy-in-force') {
        const { plate } = body as { plate: string };
        if (plate === '01Z777ZZ') return { result: false, error: 3, message: 'registry_busy', response: null } as Envelope<T>;
        return envelope({ until: fixtureInsuredUntil[plate] ?? null }) as Envelope<T>;
      }
      if (path === '/car/quote') {
        const { drivers } = body as { drivers: string };
        // The server adds the registry's fee, which the page does not know of: its figure wins.
        const premium = drivers === 'unlimited' ? 200_000 : 100_000;
        return envelope({ total: premium + 5_000, lines: [{ label: 'car-fixture.price.base', amount: premium }, { label: 'car-fixture.price.fee', amount: 5_000 }] }) as Envelope<T>;
      }
      if (path === '/car/save') {
        // The registry does not know AF 0000004's licence: the refusal names the driver's row, 1-based.
        const drivers = (body as { drivers: { passport?: string }[] }).drivers;
        const unknown = drivers.findIndex((d) => d.passport === 'AF0000004');
        if (unknown >= 0) return { result: false, error: 4, message: 'driver_license_not_found', response: { key: unknown + 1 } } as Envelope<T>;
        return envelope<PaymentDetails>({ contractId: 'CAR-1', orderId: '1', price: 100_000, links: {} }) as Envelope<T>;
      }
      if (path === '/car/check') return envelope<PolicyResult>({ policyNumber: 'CAR 1', policyUrl: '/car.pdf' }) as Envelope<T>;
      throw new Error(`unknown POST ${path}`);
    },
    postForm: (path) => Promise.reject(new Error(`unknown multipart POST ${path}`)),
  };
}

const complete = (row: Record<string, unknown>) =>
  typeof row.plate === 'string' && /^[0-9]{2}[A-Z0-9]{5,7}$/.test(row.plate) && typeof row.techPassport === 'string' && /^[A-Z]{3}[0-9]{7}$/.test(row.techPassport);

export const carUi: UiSchema = {
  plate: { 'ui:widget': 'plate' },
  techPassport: { 'ui:widget': 'passport', 'ui:options': { seriesLength: 3 } },
  found: { 'ui:widget': 'hidden' },
  edit: { 'ui:widget': 'toggle-button' },
};

const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export const carDefinition: ProductDefinition<CarData, CarCatalog> = {
  id: 'car-fixture',
  version: 1,
  title: 'car-fixture.title',
  steps: [
    { id: 'car', title: 'car-fixture.step.car', schema: carSchema as RJSFSchema, uiSchema: carUi, call: 'policyInForce' },
    { id: 'cover', title: 'car-fixture.step.cover', schema: coverSchema as RJSFSchema, uiSchema: { drivers: { 'ui:widget': 'radio' }, startDate: { 'ui:widget': 'date' } } },
    {
      id: 'drivers',
      title: 'car-fixture.step.drivers',
      description: 'car-fixture.step.drivers.description',
      schema: driversSchema as RJSFSchema,
      uiSchema: { drivers: { 'ui:ArrayFieldTemplate': 'persons', items: { passport: { 'ui:widget': 'passport' }, licence: { 'ui:widget': 'passport' } } } },
      submit: 'save',
    },
    { id: 'pay', title: 'car-fixture.step.pay', component: 'payment' },
    { id: 'done', title: 'car-fixture.step.done', component: 'download', hidden: true },
  ],
  initialData: { car: {}, cover: { drivers: 'limited' }, drivers: { drivers: [{}] } },
  machine: {
    skip: { drivers: 'unlimitedDrivers' },
    show: { 'car.owner': 'vehicleFound', 'car.model': 'vehicleFound', 'car.year': 'vehicleFound', 'car.edit': 'vehicleFound' },
    lock: { 'car.owner': 'vehicleLocked', 'car.model': 'vehicleLocked', 'car.year': 'vehicleLocked' },
    guards: {
      vehicleFound: (data) => data.car.found === true,
      // What the registry answered stays as it said, until the visitor asks to correct it.
      vehicleLocked: (data) => data.car.found === true && data.car.edit !== true,
      unlimitedDrivers: (data) => data.cover.drivers === 'unlimited',
    },
    actions: {},
  },
  pricing: (data) => {
    if (!data.car.found) return null;
    const premium = data.cover.drivers === 'unlimited' ? 200_000 : 100_000;
    return { total: premium, lines: [{ label: 'car-fixture.price.base', amount: premium }] };
  },
  binding: {
    load: async (api) => (await api.get<CarCatalog>('/car/catalog')).response,
    quote: {
      key: (data) => (data.car.found && data.car.plate ? `${data.car.plate}|${data.cover.drivers}` : null),
      run: async (api, data) => {
        const answer = await api.post<Price>('/car/quote', { plate: data.car.plate, drivers: data.cover.drivers });
        if (!answer.result) throw new CarFailure('car-fixture.error.registry');
        return answer.response;
      },
    },
    lookups: [
      {
        step: 'car',
        key: (car) => (complete(car) ? `${String(car.plate)}|${String(car.techPassport)}` : null),
        run: async (api, car, catalog) => {
          const answer = await api.post<{ owner: string; model: string; year: number }>('/car/vehicle', { plate: car.plate, techPassport: car.techPassport });
          if (!answer.result) throw new CarFailure('car-fixture.error.not-found', { step: 'car', path: '/plate' });
          if (catalog.restricted.includes(answer.response.model.toLowerCase())) throw new CarFailure('car-fixture.error.restricted', { step: 'car', path: '/plate' });
          // A new car is the registry's again: the visitor's corrections of the last one do not carry over.
          return { ...answer.response, found: true, edit: false };
        },
      },
    ],
    calls: {
      // A car insured until a day is covered anew from the day after.
      policyInForce: async (api, data) => {
        const answer = await api.post<{ until: string | null }>('/car/policy-in-force', { plate: data.car.plate });
        if (!answer.result) throw new CarFailure('car-fixture.error.registry', { step: 'car', path: '/plate' });
        return answer.response.until ? { cover: { ...data.cover, startDate: dayAfter(answer.response.until) } } : {};
      },
    },
    save: async (api, data) => {
      const answer = await api.post<PaymentDetails>('/car/save', { drivers: data.cover.drivers === 'limited' ? data.drivers.drivers : [] });
      if (answer.result) return answer.response;
      const key = (answer.response as { key?: number } | null)?.key;
      throw new CarFailure('car-fixture.error.licence', key ? { step: 'drivers', path: `/drivers/${key - 1}/licence` } : undefined);
    },
    check: async (api, payment) => (await api.post<PolicyResult | null>('/car/check', { contract: payment.contractId })).response,
  },
  summary: (data) => [{ label: 'car-fixture.field.model', value: data.car.model ?? '' }],
};

/** The fixture's texts in English (tests) — the widget gallery carries them in three languages. */
export const carMessages: Record<string, string> = {
  'car-fixture.title': 'Car cover',
  'car-fixture.step.car': 'Car',
  'car-fixture.step.cover': 'Cover',
  'car-fixture.step.drivers': 'Drivers',
  'car-fixture.step.drivers.description': 'Who may drive the car under a limited cover.',
  'car-fixture.step.pay': 'Payment',
  'car-fixture.step.done': 'Policy',
  'car-fixture.field.plate': 'Plate',
  'car-fixture.field.tech-passport': 'Tech passport',
  'car-fixture.field.owner': 'Owner',
  'car-fixture.field.model': 'Model',
  'car-fixture.field.year': 'Year',
  'car-fixture.field.edit': 'Edit vehicle data',
  'car-fixture.field.drivers': 'Who may drive',
  'car-fixture.field.start-date': 'Cover starts on',
  'car-fixture.field.drivers-list': 'Drivers',
  'car-fixture.field.passport': 'Passport',
  'car-fixture.field.licence': 'Driving licence',
  'car-fixture.price.base': 'Premium',
  'car-fixture.price.fee': 'Registry fee',
  'car-fixture.error.not-found': 'No such vehicle in the registry',
  'car-fixture.error.restricted': 'This model is not insured online',
  'car-fixture.error.registry': 'The registry does not answer; try again',
  'car-fixture.error.licence': 'This driving licence was not found',
};
