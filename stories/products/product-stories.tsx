import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { FlowData, PaymentDetails, PolicyResult, ProductDefinition } from '../../engine/definition';
import { hiddenPaths, isHiddenPath, lockRuleAnswers, showRuleAnswers } from '../../engine/visibility';
import type { ProductManifest, ProductSamples } from '../../products/kit/define/define';
import type { ProductSale } from '../../products/kit/sale/sale';
import type { FixtureApiOptions, FixtureProduct } from '../fixtures/fixture-api';
import { FlowStory, type FlowStart } from '../fixtures/flow-story';

/**
 * The stories of any registered product, built from its folder: the whole flow, every step with
 * the purchase sample, both ways of every skip and show rule, every widget it uses, and how the
 * flow looks when the API fails. `tools/generate-stories.ts` writes one file per product that
 * exports these (Storybook needs static exports); nobody writes a story per product.
 */

type AnyDefinition = ProductDefinition<FlowData, unknown>;

const manifests = import.meta.glob<{ default: ProductManifest }>('../../products/*/product.ts', { eager: true });
const definitions = import.meta.glob<{ default: AnyDefinition }>('../../products/*/definition.ts', { eager: true });
const sampleModules = import.meta.glob<{ default: ProductSamples<FlowData, unknown> }>('../../products/*/samples.ts', { eager: true });
const sales = import.meta.glob<{ default: ProductSale<Record<string, unknown>, unknown> }>('../../products/*/sale.ts', { eager: true });

export interface StoryArgs {
  layout: 'default' | 'webview';
}

type Story = StoryObj<StoryArgs>;

/** Every product story can show the site's layout or the app's webview layout. */
export const layoutArgTypes: Meta<StoryArgs>['argTypes'] = { layout: { control: 'inline-radio', options: ['default', 'webview'] } };

const storyUrl = (root: HTMLElement) => root.querySelector('[data-testid="story-url"]')?.textContent ?? '';

/** The form's Next button once the step is ready (catalog loaded, no lookup running). */
const nextButton = (root: HTMLElement) =>
  waitFor(() => {
    const button = root.querySelector<HTMLButtonElement>('form button[type="submit"]');
    if (!button || button.disabled) throw new Error('the form is not ready');
    return button;
  }, { timeout: 6000 });

/** rjsf's id of a field: `flow-<step>_<path segments joined by _>`. */
const fieldId = (step: string, segments: (string | number)[]) => ['flow-' + step, ...segments].join('_');

function load(id: string) {
  const at = (file: string) => `../../products/${id}/${file}`;
  const manifest = manifests[at('product.ts')]?.default;
  const definition = definitions[at('definition.ts')]?.default;
  const samples = sampleModules[at('samples.ts')]?.default;
  const sale = sales[at('sale.ts')]?.default;
  if (!manifest || !definition || !samples || !sale) throw new Error(`products/${id} is not a complete product folder`);
  return { manifest, definition, samples, fixture: { calls: manifest.calls, answers: samples.answers, amount: sale.amount } satisfies FixtureProduct };
}

/** The story builders of one product (by its folder name). */
export function productStories(id: string) {
  const { manifest, definition, samples, fixture } = load(id);
  const flows = [...samples.flows.map((f) => f.data), samples.purchase];
  const order = definition.steps.map((s) => s.id);
  const submitStep = definition.steps.find((s) => s.submit === 'save')?.id ?? order[0] ?? '';
  const payment: PaymentDetails = {
    contractId: 'c0ffee00-0000-4000-8000-000000000001',
    orderId: '100001',
    price: definition.pricing(samples.purchase, samples.catalog)?.total ?? 0,
    links: { click: '#click', payme: '#payme' },
  };
  const policy: PolicyResult = { policyNumber: `${manifest.id.slice(0, 3).toUpperCase()} 2026000001`, policyUrl: '#policy.pdf' };

  /** The flow standing on `step` with `data`, after save when the step lies beyond it. */
  const start = (step: string, data: FlowData = samples.purchase): FlowStart<FlowData> => {
    const index = order.indexOf(step);
    const paid = definition.steps[index]?.component === 'download';
    const saved = index > order.indexOf(submitStep);
    return { step, data: structuredClone(data), payment: saved ? payment : null, policy: paid ? policy : null };
  };

  const story = (begin: FlowStart<FlowData> | null, api: FixtureApiOptions = {}, extra: Partial<Story> = {}): Story => ({
    render: ({ layout }) => <FlowStory definition={definition} fixture={fixture} start={begin} api={api} layout={layout} />,
    ...extra,
  });

  return {

    /** A fresh flow on the fixture API. */
    flow: (layout: StoryArgs['layout'] = 'default'): Story => story(null, {}, { args: { layout } }),

    /** The purchase sample standing on a step. */
    step: (step: string): Story => story(start(step)),

    /** The step before a skippable step, with a sample that takes the skip rule (or does not); Next shows which. */
    skip: (step: string, taken: boolean): Story => {
      const guard = definition.machine.guards[definition.machine.skip?.[step] ?? ''];
      const data = flows.find((d) => guard?.(d) === taken);
      const before = [...order.slice(0, order.indexOf(step))].reverse().find((s) => !definition.steps.find((d) => d.id === s)?.hidden);
      if (!data || !before) throw new Error(`${id}: no sample ${taken ? 'takes' : 'leaves'} the skip rule of "${step}"`);
      return story(start(before, data), {}, {
        play: async ({ canvasElement, userEvent }) => {
          await userEvent.click(await nextButton(canvasElement));
          await waitFor(() => expect(storyUrl(canvasElement)).not.toContain(`step=${before}`), { timeout: 4000 });
          expect(storyUrl(canvasElement).includes(`step=${step}`)).toBe(!taken);
        },
      });
    },

    /** A conditional field's step with a sample that shows (or hides) it. */
    show: (key: string, shown: boolean): Story => {
      const [step = '', ...segments] = key.split('.');
      const data = flows.find((d) => showRuleAnswers(definition.machine, key, d).includes(shown));
      if (!data) throw new Error(`${id}: no sample ${shown ? 'shows' : 'hides'} "${key}"`);
      const answers = showRuleAnswers(definition.machine, key, data);
      const row = answers.indexOf(shown);
      const path = segments.flatMap((segment) => (segment.endsWith('[]') ? [segment.slice(0, -2), row] : [segment]));
      return story(start(step, data), {}, {
        play: async ({ canvasElement }) => {
          await nextButton(canvasElement);
          // An object field (an owner, a company) is drawn as the fields inside it.
          const id = fieldId(step, path);
          expect(canvasElement.querySelector(`[id="${id}"], [id^="${id}_"]`) !== null).toBe(shown);
        },
      });
    },

    /** A registry-filled field's step with a sample that locks it (read-only) or leaves it open. */
    lock: (key: string, locked: boolean): Story => {
      const [step = '', ...segments] = key.split('.');
      const pathAt = (row: number) => segments.flatMap((segment) => (segment.endsWith('[]') ? [segment.slice(0, -2), row] : [segment]));
      // A sample where the rule answers so for a field (or row) the show rules draw: a hidden field has nothing to lock.
      const found = flows.flatMap((d) => lockRuleAnswers(definition.machine, key, d).map((answer, row) => ({ d, answer, path: pathAt(row) })))
        .find(({ d, answer, path }) => answer === locked && !isHiddenPath(`/${path.join('/')}`, hiddenPaths(definition.machine, step, d)));
      if (!found) throw new Error(`${id}: no sample ${locked ? 'locks' : 'leaves open'} "${key}" where it is shown`);
      const { d: data, path } = found;
      return story(start(step, data), {}, {
        play: async ({ canvasElement }) => {
          await nextButton(canvasElement);
          const control = canvasElement.querySelector<HTMLInputElement | HTMLSelectElement>(`[id="${fieldId(step, path)}"], [id^="${fieldId(step, path)}-"]`);
          if (!control) throw new Error(`${id}: ${key} is not drawn`);
          const readOnly = control instanceof HTMLInputElement && control.type !== 'radio' && control.type !== 'checkbox' ? control.readOnly : control.disabled;
          expect(readOnly).toBe(locked);
        },
      });
    },

    /** The step where a widget is first used, with a sample that shows its field. */
    widget: (step: string, segments: string[]): Story => {
      const pointer = `/${segments.join('/')}`;
      const data = flows.find((d) => !isHiddenPath(pointer, hiddenPaths(definition.machine, step, d)));
      if (!data) throw new Error(`${id}: no sample shows ${step}${pointer}`);
      return story(start(step, data), {}, {
        play: async ({ canvasElement }) => {
          await nextButton(canvasElement);
          expect(canvasElement.querySelector(`[id^="${fieldId(step, segments)}"]`)).not.toBeNull();
        },
      });
    },

    /** Save answers HTTP 422 on Next: the message (or the error dialog the product asks for) shows. */
    saveFailure: (): Story =>
      story(start(submitStep), { saveStatus: 422 }, {
        play: async ({ canvasElement, userEvent }) => {
          await userEvent.click(await nextButton(canvasElement));
          await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[role="alert"], [role="dialog"]')).not.toBeNull(), { timeout: 4000 });
        },
      }),

    /** The first step that offers a "start again" action (clear the car): it asks first, then the flow stands on its first step. */
    reset: (): Story => {
      const step = definition.reset?.steps[0];
      if (!step) throw new Error(`${id}: no step offers a reset`);
      return story(start(step), {}, {
        play: async ({ canvasElement, userEvent }) => {
          await nextButton(canvasElement);
          const bar = canvasElement.querySelector<HTMLElement>('[data-testid="reset-bar"]');
          const ask = bar?.querySelector('button');
          if (!bar || !ask) throw new Error(`${id}: the ${step} step offers no reset`);
          await userEvent.click(ask);
          const confirm = await waitFor(() => {
            const button = bar.querySelector<HTMLButtonElement>('[role="group"] button');
            if (!button) throw new Error('not asked yet');
            return button;
          });
          expect(canvasElement.ownerDocument.activeElement).toBe(confirm);
          await userEvent.click(confirm);
          await waitFor(() => expect(storyUrl(canvasElement)).toContain(`step=${order[0]}`), { timeout: 4000 });
        },
      });
    },

    /** The catalog does not load: the flow offers to try again. */
    catalogFailure: (): Story => story(null, { catalogStatus: 503 }),

    /** The registry knows nobody: retyping the first looked-up passport shows `datas_not_found` at it. */
    lookupFailure: (step: string): Story =>
      story(start(step), { lookup: 'not-found' }, {
        play: async ({ canvasElement, userEvent }) => {
          await nextButton(canvasElement);
          const passport = canvasElement.querySelector<HTMLInputElement>('input[id$="passport"]');
          if (!passport) throw new Error('no passport field on the lookup step');
          await userEvent.clear(passport);
          await userEvent.type(passport, 'AZ9999999');
          await waitFor(() => expect(canvasElement.querySelector('[id$="__error"] li, [role="alert"]')).not.toBeNull(), { timeout: 4000 });
        },
      }),

    /** The visitor checks again and the payment has still not arrived. */
    stillUnpaid: (step: string): Story => story(start(step), { unpaidChecks: 5 }),

    /** Every answer takes 2.5 s: the busy Next button while the save runs. */
    slowApi: (): Story =>
      story(start(submitStep), { delay: 2500 }, {
        play: async ({ canvasElement, userEvent }) => {
          await userEvent.click(await nextButton(canvasElement));
          await waitFor(() => expect(canvasElement.querySelector('form button[aria-busy="true"]')).not.toBeNull());
        },
      }),
  };
}
