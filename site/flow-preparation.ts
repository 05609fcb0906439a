import type { FlowData, FlowDefinition } from '../engine/definition';
import { loadFileSupportFor } from '../engine/files/on-demand';
import { loadStepParts } from '../engine/step-parts';
import { catalogLoaders, catalogs, engineCatalogs, type CatalogLoaders } from './i18n';
import type { Lang } from './language';
import { chunkGuard } from './navigation/site-chunk-guard';
import { loadFlow, type FlowKind, type SiteProduct } from './site-product';

type Definition = FlowDefinition<FlowData, unknown>;

/** A prepared flow: its definition and the message areas it shows. */
const prepared = new Map<string, { definition: Definition; areas: readonly string[] }>();

/** The claim form's common texts (its page's title, the policy, payout and consent steps, the receipt), shared by every product's claim. */
export const claimFormCatalogs = catalogLoaders('claim-form');

/**
 * The message areas a flow page shows besides the site's: the engine's and the product's own (with
 * those its manifest borrows, such as the country names of `regions`, which only some flows list);
 * a claim's: the engine's, the claims' common texts and its family's (products/kit/site/claim-areas.ts,
 * with the claims' other loaders: a purchase page does not carry them).
 */
async function flowAreas(product: SiteProduct, kind: FlowKind): Promise<[string, CatalogLoaders][]> {
  if (kind === 'purchase') return [['engine', engineCatalogs], ...Object.entries(product.catalogs)];
  const { claimMessageAreas } = await import('./claim-flows');
  return [['engine', engineCatalogs], ...claimMessageAreas(product.manifest.id).map((area): [string, CatalogLoaders] => [area, catalogLoaders(area)])];
}

/** Loads a flow's message areas in the active language (and every later one); resolves with their names. */
async function loadFlowAreas(product: SiteProduct, kind: FlowKind): Promise<string[]> {
  const areas = await flowAreas(product, kind);
  await Promise.all(areas.map(([area, loaders]) => catalogs.require(area, loaders)));
  return areas.map(([area]) => area);
}

const preparedKey = (product: SiteProduct, kind: FlowKind) => `${kind}:${product.manifest.id}`;

/**
 * Loads what a product's flow renders with: its definition (schemas, validators), the widgets only
 * some flows use that its steps name, and its message catalogs. Awaited before a flow page is
 * hydrated or rendered on the server, so that render can draw the flow at once; the page itself
 * awaits it when it opens later.
 */
export async function prepareFlow(product: SiteProduct, kind: FlowKind = 'purchase'): Promise<Definition> {
  const [definition, areas] = await Promise.all([
    chunkGuard.load(async () => {
      const loaded = await loadFlow(product.manifest.id, kind);
      // The first form step draws at once: its widgets and validator come before it renders, and the
      // file machinery of a flow with file fields, which the flow sets up when it starts.
      const first = loaded.steps.find((step) => (step.component ?? 'form') === 'form');
      await Promise.all([first ? loadStepParts(first) : undefined, loadFileSupportFor(loaded.steps)]);
      return loaded;
    }),
    loadFlowAreas(product, kind),
  ]);
  prepared.set(preparedKey(product, kind), { definition, areas });
  return definition;
}

/** The definition when `prepareFlow` has loaded it and its catalogs in `lang`, else undefined (the page loads them). */
export function preparedFlow(product: SiteProduct, lang: Lang, kind: FlowKind = 'purchase'): Definition | undefined {
  const flow = prepared.get(preparedKey(product, kind));
  return flow && flow.areas.every((area) => catalogs.has(lang, area)) ? flow.definition : undefined;
}

/** The catalog a flow page was rendered with on the server, for the flow of `product` to start on. */
export interface RenderedCatalog {
  product: string;
  catalog: unknown;
}

/** The element of a rendered flow page that carries its catalog (JSON, never run as a script). */
export const renderedCatalogId = 'flow-catalog';

/** The element's HTML: JSON with `<` escaped, so no value can close the element. */
export function renderedCatalogElement(rendered: RenderedCatalog): string {
  return `<script type="application/json" id="${renderedCatalogId}">${JSON.stringify(rendered).replace(/</g, '\\u003c')}</script>`;
}

/** The catalog of a rendered flow page, or null when the page has none (or it cannot be read). */
export function readRenderedCatalog(doc: Document): RenderedCatalog | null {
  const text = doc.getElementById(renderedCatalogId)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<RenderedCatalog>;
    return typeof value.product === 'string' && value.catalog !== undefined && value.catalog !== null ? { product: value.product, catalog: value.catalog } : null;
  } catch {
    return null;
  }
}
