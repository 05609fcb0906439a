import type { Action, FlowData, Guard, MachineRules, MessageId } from '../../../engine/definition';
import type personSchema from '../../../schemas/common/person.json';
import type { CheckReading } from '../api/check-readings';
import type { CompanyResponse } from '../api/site-api.generated';

/** Image kinds of requirements §9 (product image ids). */
export type ProductKind =
  | 'osago' | 'cylinder' | 'accident' | 'sportsman' | 'travel' | 'kasko' | 'dms' | 'home'
  | 'uzb-travel' | 'pets' | 'premium-home' | 'docs' | 'job-loss';

/**
 * The small, static facts of a product (`products/<id>/product.ts`, default export): everything the
 * site needs before the flow itself loads (home page card, routes, thank-you page) and the server
 * needs to mount the product's calls.
 */
export interface ProductManifest {
  /** The folder name. */
  id: string;
  /** Message id of the product's name (card, page heading, thank-you page). The home page shows it, so it lives in the site catalog. */
  title: MessageId;
  /**
   * Message id of its short name (site catalog), for the header's product row on a phone: some full
   * names are wider than the screen (the Uzbek OSAGO's, 480 px on a 390 px phone).
   */
  shortTitle: MessageId;
  /** Message id of the one-line pitch on the home page card (site catalog). */
  summary: MessageId;
  /** Image kind (requirements §9 image-id map). */
  kind: ProductKind;
  /** Where the site's menu and the home page list it, among products a buyer compares with it. */
  group: ProductGroup;
  /** Its place in its group, 1 first: what most buyers come for (OSAGO among the car products) leads. */
  rank: number;
  /** Unprefixed page paths (requirements §2); each also answers with an optional `/{ad}` segment. */
  routes: ProductRoutes;
  /** Requirements §7 paths (under `/api`): save and check, which every sale makes, and the product's own calls by name. */
  calls: { save: string; check: string } & Record<string, string>;
  /**
   * How the product's payment check codes its answers (`checkReadings` of the binding kit): the page
   * reads the check so and the server answers it so; `standard` when not said.
   */
  checkAnswer?: CheckReading;
  /** Other path prefixes partner clients call the same API under (`{ '/takoful/travel-neo/': '/travel-neo/' }`). */
  alsoUnder?: Record<string, string>;
  /** Lowest premium in UZS when a tariff table fixes it; shown as "from …" on the card. */
  fromPrice?: number;
  /** Message catalog areas (`locales/<lang>/<area>.po`) the flow needs besides its own, e.g. the product it is a variant of. */
  messages?: string[];
}

/** The site's groups of products, in the order the menu and the home page show them. */
export const productGroups = ['car', 'travel', 'property', 'people'] as const;
export type ProductGroup = (typeof productGroups)[number];

/**
 * A product's pages: the site's page (default layout) and the app's webview page. A product the requirements
 * list in one layout only has that one: monthly casco lives in the app alone, so it has no site page
 * (no home page card, no header link); quick casco is a site page the app does not embed.
 */
export type ProductRoutes = { page: string; webview?: string } | { page?: undefined; webview: string };

/** The page a visitor opens a product on: its site page, else (an app-only product) its webview page. */
export function mainRoute(routes: ProductRoutes): string {
  return routes.page === undefined ? routes.webview : routes.page;
}

export const defineManifest = <const M extends ProductManifest>(manifest: M): M => manifest;

/**
 * A person of a flow's step, as the fields of `schemas/common/person.json` (which the step schemas
 * copy): a citizen's passport of Uzbekistan in one string (`AA1234567`, the person registry's key),
 * the ISO birthday, and the Latin names and PINFL the registry lookup fills in; each is absent until
 * typed or found.
 */
export type FlowPerson = { [Field in keyof (typeof personSchema)['properties']]?: string };

/** A step that asks for one person and a phone to reach them (`schemas/common/phone.json`). */
export type PersonStep = FlowPerson & { phone?: string };


/** What the tax registry's company lookup tells of a company besides its INN and names: the details a policy may print. */
export type CompanyDetails = Omit<CompanyResponse, 'inn' | 'name' | 'short_name'>;

/** Rules whose skip, show, lock and onChange entries may name only the guards and actions they define. */
interface NamedRules<D extends FlowData, C, G extends Record<string, Guard<D>>, A extends Record<string, Action<D, C>>> {
  skip?: Record<string, NoInfer<keyof G & string>>;
  onChange?: Record<string, NoInfer<keyof A & string>>;
  show?: Record<string, NoInfer<keyof G & string>>;
  lock?: Record<string, NoInfer<keyof G & string>>;
  guards: G;
  actions: A;
}

/**
 * Types a product's rules: `defineRules<Data>()({ guards, actions, skip, show, lock, onChange })`, or
 * `defineRules<Data, Catalog>()` when a field effect reads the flow's catalog. A skip, show, lock or
 * onChange entry naming a guard or action that is not defined fails the type check.
 */
export function defineRules<D extends FlowData, C = unknown>() {
  return <G extends Record<string, Guard<D>>, A extends Record<string, Action<D, C>>>(rules: NamedRules<D, C, G, A>): MachineRules<D, C> => rules;
}

/**
 * The day the samples are told on: their covers start within the start window after it
 * (`start-window.ts`), and their people's ages are taken then. Whatever uses a sample with a
 * clock sets it to this day: unit tests' sale contexts, the server's `SALES_DAY`, a story's or a
 * browser test's page clock.
 */
export const samplesDay = '2030-06-15';

/** A product's sample data (`products/<id>/samples.ts`, default export): unit tests, conformance, stories and e2e use it. */
export interface ProductSamples<D extends FlowData, C> {
  /** What the binding's `load` gives in the sandbox. */
  catalog: C;
  /** Complete flows a visitor could submit: every form step's object validates. Together they take every skip and show rule both ways. */
  flows: { name: string; data: D }[];
  /** Totals from the requirements' tables, or worked by hand from the seeded tariff. */
  prices: { name: string; data: D; total: number }[];
  /** The total a fresh flow shows when the requirements fix one (accident: 5 000); otherwise a fresh flow has no price. */
  initialTotal?: number;
  /** A flow the sandbox server sells end to end (registry people, future dates): stories and e2e buy it. */
  purchase: D;
  /** What the sandbox answers (the envelope's `response`) by call path, for catalog loads and the paid check. */
  answers: Record<string, unknown>;
  /**
   * A request the sandbox answers, by call path, for each call of the product that its page never
   * makes and partner clients do (travel's calculator, casco's car_price_cal): the tests that walk
   * every call (fuzzing, partner shapes) send them beside the requests of the page's purchase.
   */
  partnerRequests?: Record<string, unknown>;
}

export const defineSamples = <D extends FlowData, C>(samples: ProductSamples<D, C>): ProductSamples<D, C> => samples;
