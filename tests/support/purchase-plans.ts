/**
 * `tsx tests/support/purchase-plans.ts`: prints, as JSON, how a visitor fills every registered
 * product's purchase sample into its forms (tests/support/form-actions.ts). The generic purchase
 * spec (tests/e2e/purchase.spec.ts) replays it in each language. It runs under tsx because product
 * definitions import their JSON schemas, which Playwright's loader refuses.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FlowData, ProductDefinition } from '../../engine/definition';
import type { ProductManifest, ProductSamples } from '../../products/kit/define/define';
import { displayPlate } from '../../engine/plate-text';
import { formStepActions, type FormAction } from './form-actions';

export type { FormAction };

export interface PurchasePlan {
  id: string;
  routes: ProductManifest['routes'];
  /** Form step id → what to do there. */
  steps: Record<string, FormAction[]>;
  /** The total the page must show, grouped as the page groups it (`574 015`). */
  total: string;
  /** The purchase summary the payment and download steps must show: each row's label (a message id) and its plain texts (names, periods). */
  summary: { label: string; texts: string[] }[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));

async function plan(folder: string): Promise<PurchasePlan> {
  const load = async <T>(file: string) => ((await import(pathToFileURL(join(root, 'products', folder, file)).href)) as { default: T }).default;
  const [manifest, definition, samples] = await Promise.all([
    load<ProductManifest>('product.ts'),
    load<ProductDefinition<FlowData, unknown>>('definition.ts'),
    load<ProductSamples<FlowData, unknown>>('samples.ts'),
  ]);
  const data = samples.purchase;
  const steps = formStepActions(definition, data, definition.options?.(samples.catalog, data) ?? {});
  const total = definition.pricing(data, samples.catalog)?.total;
  if (total === undefined) throw new Error(`products/${folder}: the purchase sample has no price`);
  const summary = definition.summary(data, samples.catalog).map((row) => ({
    label: row.label,
    // Plain texts as written, a plate as its field shows it.
    texts: (Array.isArray(row.value) ? row.value : [row.value])
      .map((value) => (typeof value === 'object' && 'plate' in value ? displayPlate(value.plate) : value))
      .filter((value): value is string => typeof value === 'string' && value !== ''),
  }));
  return { id: manifest.id, routes: manifest.routes, steps, total: total.toLocaleString('en-US').replace(/,/g, ' '), summary };
}

const folders = readdirSync(join(root, 'products')).filter((name) => existsSync(join(root, 'products', name, 'product.ts'))).sort();
process.stdout.write(JSON.stringify(await Promise.all(folders.map(plan))));
