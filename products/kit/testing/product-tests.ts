import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getShortestPaths } from '@xstate/graph';
import { fromPromise, transition } from 'xstate';
import type { FlowData, PaymentCheck, PaymentDetails, PolicyResult, Price, ProductDefinition } from '../../../engine/definition';
import {
  ACTOR_IDS, createFlowMachine, stepOf, type CheckInput, type FlowEvent, type FlowSnapshot, type LookupInput, type QuoteInput, type SaveInput, type StepCallInput,
} from '../../../engine/machine';
import { unimplementedNames } from '../../../engine/machine/names-check';
import { deepEqual, fieldPathOfId, valueAt, type FieldPath } from '../../../engine/paths';
import { draftKey, loadDraft } from '../../../engine/draft';
import { startData } from '../../../engine/flow-start';
import { offeredTo } from '../../../engine/applicant-offer';
import { renewedRequest } from './renewal-round-trip';
import { MemoryStorage } from '../../../engine/test-fixtures/memory-storage';
import { samplesDay, type ProductManifest, type ProductSamples } from '../define/define';
import { hiddenPaths, isHiddenPath, lockRuleAnswers, showRuleAnswers } from '../../../engine/visibility';
import {
  commonFieldProblems, definitionMessageIds, flatnessProblems, isMessageId, machineProblems, missingMessages, parsePo,
  sourceMessageIds, stepProblems, uiNames, uiSchemaStrayKeys,
} from './conformance';

/**
 * The conformance suite every product's own test runs first (docs/conventions.md "One shared conformance
 * suite"). Test-only: it reads the PO catalogs and the definition's source from disk.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const locales = ['uz', 'en', 'ru'] as const;

/**
 * Runs the calling file's tests on the samples' day (`samplesDay`, noon in Tashkent): the page's
 * rules and an in-process server both take it for today, so a sample's cover starts within the
 * start window. Only `Date` is faked, and it goes on with real time.
 */
export function onSamplesDay(): void {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${samplesDay}T12:00:00+05:00`), shouldAdvanceTime: true });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}

/** The validator the engine uses for step schemas: ajv 8 with ajv-errors and ajv-formats, strict. */
export function createStepAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

/** Every locale's catalogs (all areas) merged: the ids a page in that language can translate. */
export function loadCatalogs(): Record<string, Map<string, string>> {
  return Object.fromEntries(locales.map((locale) => {
    const dir = join(root, 'locales', locale);
    const merged = new Map<string, string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.po'))) {
      for (const [id, text] of parsePo(readFileSync(join(dir, file), 'utf8'))) merged.set(id, text);
    }
    return [locale, merged];
  }));
}

/** Message ids a product shows: its data, its options and price lines for the samples, and ids quoted in its code. */
export function productMessageIds<D extends FlowData, C>(definition: ProductDefinition<D, C>, samples: ProductSamples<D, C>): string[] {
  const ids = definitionMessageIds(definition as unknown as ProductDefinition);
  const flows = [definition.initialData, ...samples.flows.map((s) => s.data), ...samples.prices.map((s) => s.data)];
  for (const data of flows) {
    for (const list of Object.values(definition.options?.(samples.catalog, data) ?? {})) {
      for (const option of list) {
        if (typeof option.label === 'string' && isMessageId(option.label)) ids.push(option.label);
        for (const detail of option.details ?? []) ids.push(detail.label);
        ids.push(...(option.notes ?? []));
      }
    }
    for (const line of definition.pricing(data, samples.catalog)?.lines ?? []) ids.push(line.label);
  }
  const folder = join(root, 'products', definition.id);
  const sources = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join(folder, f));
  for (const file of [...sources, join(root, 'products', 'kit', 'binding', 'binding-failure.ts')]) {
    ids.push(...sourceMessageIds(readFileSync(file, 'utf8'), definition.id));
  }
  return ids;
}

/** A path through a product's machine: the snapshots it passes and the steps it stands on, in order. */
interface MachinePath {
  states: FlowSnapshot[];
  visited: string[];
}

/**
 * Every shortest path through the product's real machine, where at each step the visitor submits
 * the step's data of any sample flow, and the API's answers (catalog, save, payment) arrive as the
 * invoked actors' done events. So together the samples decide which skip and show rules are taken.
 */
function machinePaths<D extends FlowData, C>(definition: ProductDefinition<D, C>, samples: ProductSamples<D, C>) {
  const payment: PaymentDetails = { contractId: 'walk', orderId: '1', price: 1, links: {} };
  const policy: PolicyResult = { policyNumber: 'WALK 1', policyUrl: 'https://example.uz/walk.pdf' };
  const noApi = { get: () => Promise.reject(new Error('no API in a walk')), post: () => Promise.reject(new Error('no API in a walk')), postForm: () => Promise.reject(new Error('no API in a walk')) };
  // The API's actors answer the samples; the walk feeds their done events as the events they send.
  const machine = createFlowMachine(definition, { api: noApi, returnPath: '/walk?step=payment' }).provide({
    actors: {
      loadCatalog: fromPromise<unknown>(async () => samples.catalog),
      save: fromPromise<PaymentDetails, SaveInput>(async () => payment),
      check: fromPromise<PaymentCheck, CheckInput>(async () => policy),
      lookup: fromPromise<Record<string, unknown>, LookupInput>(async () => ({})),
      // A sample flow already holds what a step's call fills in, so the walk's calls answer nothing new.
      stepCall: fromPromise<Partial<FlowData>, StepCallInput>(async () => ({})),
      quote: fromPromise<Price, QuoteInput>(async () => ({ total: 1, lines: [] })),
    },
  });
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as FlowEvent;
  const submissions = (step: string) => {
    const distinct: Record<string, unknown>[] = [];
    for (const { data } of samples.flows) {
      const value = data[step];
      if (value && !distinct.some((d) => deepEqual(d, value))) distinct.push(value);
    }
    return distinct.map((data): FlowEvent => ({ type: 'step.next', data }));
  };
  const paths = getShortestPaths(machine, {
    events: (snapshot) => [
      done('catalog', samples.catalog), done(ACTOR_IDS.stepCall, {}), done('save', payment), done('check', policy),
      // The server quotes the price the page computes (the same pricing function).
      ...(snapshot.context.quoting ? [done(snapshot.context.quoting.id, snapshot.context.price)] : []),
      ...submissions(stepOf(snapshot.value) ?? ''),
    ],
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.steps, snapshot.context.data, snapshot.context.quoting !== null]),
  });
  return {
    machine,
    paths: paths.map((path): MachinePath => {
      const states = [...path.steps.map((step) => step.state), path.state] as FlowSnapshot[];
      const visited = states.map((s) => stepOf(s.value)).filter((id): id is string => id !== null)
        .filter((id, i, all) => all[i - 1] !== id);
      return { states, visited };
    }),
  };
}

/** Every field's path in a flat step schema: objects' properties, and a list's first and a later row. */
function fieldPaths(schema: unknown, at: FieldPath = []): FieldPath[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { properties, items } = schema as { properties?: Record<string, unknown>; items?: unknown };
  if (items) return [0, 4].flatMap((row) => [[...at, row], ...fieldPaths(items, [...at, row])]);
  return Object.entries(properties ?? {}).flatMap(([key, child]) => [[...at, key], ...fieldPaths(child, [...at, key])]);
}

/** Runs the shared conformance cases for one product definition. */
export function productTests<D extends FlowData, C>(definition: ProductDefinition<D, C>, samples: ProductSamples<D, C>): void {
  const any = definition as unknown as ProductDefinition;
  const formSteps = definition.steps.filter((s) => (s.component ?? 'form') === 'form');

  describe(`product "${definition.id}" conformance`, () => {
    it('has a well-formed step list', () => {
      expect(stepProblems(any)).toEqual([]);
      // A draft saved under this version resumes; one of another version is discarded, not mis-read.
      const storage = new MemoryStorage();
      const step = definition.steps[0]?.id ?? '';
      const draft = { product: definition.id, step, data: definition.initialData, steps: {}, payment: null, policy: null, savedAt: '' };
      storage.setItem(draftKey(definition.id), JSON.stringify({ ...draft, version: definition.version }));
      expect(loadDraft(storage, definition)?.step).toBe(step);
      storage.setItem(draftKey(definition.id), JSON.stringify({ ...draft, version: definition.version + 1 }));
      expect(loadDraft(storage, definition)).toBeNull();
    });

    it('has flat step schemas that compile with ajv, ajv-errors and ajv-formats', () => {
      const ajv = createStepAjv();
      for (const step of formSteps) {
        expect(() => ajv.compile(step.schema as object), step.id).not.toThrow();
        expect(flatnessProblems(step.schema, step.id)).toEqual([]);
        expect(commonFieldProblems(step.schema, step.id)).toEqual([]);
        expect(uiSchemaStrayKeys(step.schema, step.uiSchema, step.id)).toEqual([]);
      }
    });

    it('names each field so that a change the form reports under its element id is read back to that field', () => {
      for (const step of formSteps) {
        const prefix = `flow-${step.id}`;
        for (const path of fieldPaths(step.schema)) expect(fieldPathOfId([prefix, ...path].join('_'), prefix, step.schema), `${step.id}: ${path.join('/')}`).toEqual(path);
      }
    });

    it('accepts the sample data in every form step', () => {
      expect(samples.flows.length).toBeGreaterThan(0);
      const ajv = createStepAjv();
      for (const { name, data } of samples.flows) {
        for (const step of formSteps) {
          const validate = ajv.compile(step.schema as object);
          const valid = validate(data[step.id]);
          // Fields a show rule hides are not asked, so their errors do not count (as in the form).
          const hidden = hiddenPaths(definition.machine, step.id, data);
          const errors = (valid ? [] : validate.errors ?? []).filter((e) => {
            const missing = (e.params as { missingProperty?: string }).missingProperty;
            return !isHiddenPath(missing === undefined ? e.instancePath : `${e.instancePath}/${missing}`, hidden);
          });
          expect(errors, `${name} / ${step.id}`).toEqual([]);
        }
      }
    });

    it('keeps a variant\'s fixed answers in every sample', () => {
      for (const [step, fixed] of Object.entries(definition.preset ?? {})) {
        for (const { name, data } of [...samples.flows, { name: 'purchase', data: samples.purchase }]) {
          expect((data as FlowData)[step], `${name} / ${step}`).toMatchObject(fixed ?? {});
        }
      }
    });

    it('rejects the initial data somewhere (a blank flow cannot be bought)', () => {
      const ajv = createStepAjv();
      const invalid = formSteps.filter((step) => !ajv.compile(step.schema as object)(definition.initialData[step.id]));
      expect(invalid.length).toBeGreaterThan(0);
    });

    describe('its real machine, walked with @xstate/graph', () => {
      const { machine, paths } = machinePaths(definition, samples);
      const order = definition.steps.map((s) => s.id);
      const finalStep = order.at(-1);

      it('reaches the final step, and every step, always in order', () => {
        expect(paths.some((path) => path.visited.at(-1) === finalStep)).toBe(true);
        const reached = new Set(paths.flatMap((path) => path.visited));
        for (const step of order) expect(reached, step).toContain(step);
        for (const path of paths) {
          const indexes = path.visited.map((id) => order.indexOf(id));
          expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
        }
      });

      it('names in its states only the guards, actions and actors it implements', () => {
        expect(unimplementedNames(machine)).toEqual([]);
      });

      it('takes every skip rule on one path and not on another', () => {
        const finished = paths.filter((path) => path.visited.at(-1) === finalStep);
        for (const step of Object.keys(definition.machine.skip ?? {})) {
          expect(finished.some((path) => !path.visited.includes(step)), `${step} skipped`).toBe(true);
          expect(finished.some((path) => path.visited.includes(step)), `${step} shown`).toBe(true);
        }
      });

      /** What a rule answers on every path once the visitor has left its step (what they submitted there is in the data). */
      const answersOf = (key: string, answer: (data: D) => boolean[]) => {
        const after = order.indexOf(key.split('.')[0] ?? '');
        const submitted = (s: FlowSnapshot) => order.indexOf(stepOf(s.value) ?? '') > after;
        return paths.flatMap((path) => path.states.filter(submitted).flatMap((s) => answer(s.context.data as D)));
      };

      it('shows and hides every conditional field on some path', () => {
        for (const key of Object.keys(definition.machine.show ?? {})) {
          const answers = answersOf(key, (data) => showRuleAnswers(definition.machine, key, data));
          expect(answers, `${key} shown`).toContain(true);
          expect(answers, `${key} hidden`).toContain(false);
        }
      });

      it('starts again from the first step, every answer forgotten, from each step that offers a reset (clear the car)', () => {
        const reset = definition.reset;
        if (!reset) return;
        const first = order[0];
        // What a new visitor starts with: the initial answers (a variant's fixed ones in place), the first step open.
        const answers: FlowData = structuredClone(definition.initialData);
        for (const [step, fixed] of Object.entries(definition.preset ?? {})) answers[step] = { ...answers[step], ...fixed };
        const progress = Object.fromEntries(order.map((id) => [id, { status: id === first ? 'active' : 'inactive', completed: false }]));
        for (const step of reset.steps) {
          const standing = paths.flatMap((path) => path.states).filter((s) => stepOf(s.value) === step && s.context.catalog !== null);
          expect(standing.length, `${step} is reached`).toBeGreaterThan(0);
          for (const state of standing) {
            const [after] = transition(machine, state, { type: 'flow.reset' });
            expect(stepOf(after.value), `reset on ${step}`).toBe(first);
            expect(after.context.data, `reset on ${step}: the answers`).toEqual(answers);
            expect(after.context.steps, `reset on ${step}: the steps`).toEqual(progress);
            expect(after.context.payment).toBeNull();
            expect(after.context.fieldErrors).toEqual({});
          }
        }
      });

      it('locks and leaves open every registry-filled field on some path', () => {
        for (const key of Object.keys(definition.machine.lock ?? {})) {
          const answers = answersOf(key, (data) => lockRuleAnswers(definition.machine, key, data));
          expect(answers, `${key} locked`).toContain(true);
          expect(answers, `${key} open`).toContain(false);
        }
      });
    });

    it('names only guards and actions it defines, and uses every one', () => {
      expect(machineProblems(any)).toEqual([]);
    });

    it('offers every options list its uiSchemas name', () => {
      for (const { data } of samples.flows) {
        const lists = definition.options?.(samples.catalog, data) ?? {};
        for (const step of formSteps) {
          for (const [name, pointer] of uiNames(step.uiSchema).optionsFrom) {
            expect(lists, `${step.id}${pointer} optionsFrom "${name}"`).toHaveProperty(name);
          }
        }
      }
    });

    it('has lookups on real steps and array fields', () => {
      for (const lookup of definition.binding.lookups ?? []) {
        const step = formSteps.find((s) => s.id === lookup.step);
        expect(step, lookup.step).toBeDefined();
        if (lookup.rows) {
          const property = (step?.schema?.properties as Record<string, { type?: unknown }> | undefined)?.[lookup.rows];
          expect(property?.type, `${lookup.step}.${lookup.rows}`).toBe('array');
        }
      }
    });

    it('prices the figures of the requirements', () => {
      expect(definition.pricing(definition.initialData, samples.catalog)?.total ?? null, 'a fresh flow').toBe(samples.initialTotal ?? null);
      expect(samples.prices.length).toBeGreaterThan(0);
      for (const { name, data, total } of samples.prices) {
        const price = definition.pricing(data, samples.catalog);
        expect(price?.total, name).toBe(total);
        expect(price?.lines.reduce((sum, line) => sum + line.amount, 0), `${name}: lines add up`).toBe(total);
      }
    });

    it('has every message id in the uz, en and ru catalogs', () => {
      const ids = productMessageIds(definition, samples);
      expect(ids.length).toBeGreaterThan(0);
      expect(missingMessages(ids, loadCatalogs())).toEqual([]);
    });

    it('renews its purchase: the saved request comes back as flow data that saves the same request, its cover moved to the renewal\'s first day', async () => {
      const { toRequest, renewal } = definition.binding;
      expect(toRequest, 'binding.toRequest').toBeDefined();
      expect(renewal, 'binding.renewal').toBeDefined();
      if (!toRequest || !renewal) return;
      const price = { total: 1_234_500, lines: [] };
      const request = JSON.parse(JSON.stringify(toRequest(samples.purchase, price))) as Record<string, unknown>;
      const { visitor = [], data } = await renewal();
      const { renewFrom, expected } = renewedRequest(request, samplesDay);
      const renewed = startData(definition as unknown as ProductDefinition, data(request, { renewFrom, catalog: samples.catalog, actions: definition.machine.actions }));
      // What the visitor gives again (a file, a consent) is theirs to give: taken from the sample as they would.
      for (const field of visitor) {
        const [step = '', name = ''] = field.split('.');
        expect(renewed[step]?.[name], `${field} is left for the visitor`).toBeUndefined();
        renewed[step] = { ...renewed[step], [name]: (samples.purchase as FlowData)[step]?.[name] };
      }
      expect(JSON.parse(JSON.stringify(toRequest(renewed as D, price)))).toEqual(expected);
    });

    it('says where it asks for the applicant, so a signed-in client\'s passport, birthday and phone fill it', () => {
      const place = definition.applicant;
      expect(place, 'definition.applicant').toBeDefined();
      if (!place) return;
      const person = { passport: 'AA1234567', birthday: '1990-05-15' };
      const data: FlowData = structuredClone(definition.initialData);
      for (const [step, object] of offeredTo(place, data, person, '998901234567')) {
        expect(formSteps.map((s) => s.id), 'a form step').toContain(step);
        data[step] = object;
      }
      expect(valueAt(data, place.person)).toMatchObject(person);
      if (place.phone) expect(valueAt(data, place.phone)).toBe('998901234567');
      // What the purchase sample holds is the visitor's: nothing of it is replaced.
      expect(offeredTo(place, samples.purchase as FlowData, { passport: 'AB7654321', birthday: '1985-11-02' }, '998901234567')).toEqual([]);
    });

    it('names every step the stepper shows differently, in every language', () => {
      // OSGOP's stepper read "Policy" twice (its terms and its download): a visitor cannot tell where they are.
      const shown = definition.steps.filter((s) => !s.hidden);
      for (const [locale, catalog] of Object.entries(loadCatalogs())) {
        const titles = shown.map((s) => catalog.get(s.title) ?? s.title);
        expect(titles.filter((title, index) => titles.indexOf(title) !== index), locale).toEqual([]);
      }
    });
  });
}

/** A product as the registry knows it: the folder's manifest, definition and samples. */
export interface RegisteredProduct {
  manifest: ProductManifest;
  definition: ProductDefinition;
  samples: ProductSamples<FlowData, unknown>;
}

const manifests = import.meta.glob<{ default: ProductManifest }>('../../*/product.ts', { eager: true });
const definitions = import.meta.glob<{ default: ProductDefinition }>('../../*/definition.ts', { eager: true });
const sampleModules = import.meta.glob<{ default: ProductSamples<FlowData, unknown> }>('../../*/samples.ts', { eager: true });

/** Every product folder (a folder of products/ with a product.ts), for tests that run over all of them. */
export function registeredProducts(): RegisteredProduct[] {
  return Object.entries(manifests).map(([path, module]) => {
    const folder = path.slice(0, -'product.ts'.length);
    const definition = definitions[`${folder}definition.ts`]?.default;
    const samples = sampleModules[`${folder}samples.ts`]?.default;
    if (!definition || !samples) throw new Error(`products/${folder.split('/').at(-2)}: definition.ts and samples.ts must each export a default`);
    return { manifest: module.default, definition, samples };
  });
}

/** A validator of a schemas/api schema, compiled as the server compiles them (plain ajv 8 + ajv-formats); answers its errors. */
export function apiSchema(name: string): (value: unknown) => unknown[] {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(join(root, 'schemas', 'api', `${name}.json`), 'utf8')) as object);
  return (value) => (validate(value) ? [] : (validate.errors ?? []));
}
