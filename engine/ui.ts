import type { CatalogOption, OptionDetail } from './definition';
import type { DraftFiles } from './files/draft-files';
import type { PhotoCodec } from './files/prepare';
import type { TypedChanges } from './widgets/deferred-change';
import { formatPrice, withDecimalSeparator } from './format';

/** Tailwind classes shared by the engine's inputs and buttons, so every control looks the same. */
// A read-only field (a registry's answer, a value worked out from others) is drawn filled-in, not
// as a box to type in: grey, dashed, without the shadow of an input.
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 disabled:bg-slate-100 [&[readonly]]:border-dashed [&[readonly]]:bg-slate-100 [&[readonly]]:shadow-none aria-[invalid=true]:border-red-600';
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-sky-700 px-5 py-2.5 font-semibold text-white hover:bg-sky-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:cursor-not-allowed disabled:opacity-60';

/** What every engine widget finds in rjsf's `formContext`. */
export interface FlowFormContext {
  /** `definition.options(catalog, data)`; widgets pick a list with `ui:options.optionsFrom`. */
  options: Record<string, CatalogOption[]>;
  locale: string;
  /** Half-typed date texts by widget id, kept by each step form for its date validation. */
  dateDrafts?: Map<string, string>;
  /**
   * Counts the times the flow answered a change with other data than the form reported (a rule
   * cleared or rewrote a field). rjsf ignores a `formData` prop equal to the previous one, so without
   * this a second correction to the same data would leave the typed text on screen.
   */
  corrections?: number;
  /** The step form's typed changes on their way into it (widgets/deferred-change.tsx), which Next and Back wait for. */
  typedChanges?: TypedChanges;
  /** Where file fields keep the files of this tab's draft; absent in a page drawn on the server. */
  files?: DraftFiles;
  /** How file fields make photos smaller; the browser's canvas when absent. */
  photoCodec?: PhotoCodec;
}

/** The option list a widget names with `ui:options.optionsFrom`, or an empty list. */
export function optionsFrom(context: unknown, name: unknown): CatalogOption[] {
  const options = (context as Partial<FlowFormContext> | undefined)?.options;
  return typeof name === 'string' && options?.[name] ? options[name] : [];
}

export function localeOf(context: unknown): string {
  return (context as Partial<FlowFormContext> | undefined)?.locale ?? 'en';
}

/**
 * An option's label in the page's language: its own text when it is data (a car make), else its
 * message, else (an option the catalog data added before the message catalogs knew it) its plain
 * fallback name. Lingui answers a missing id as itself.
 */
export function optionText(option: CatalogOption, translate: (id: string) => string): string {
  if (option.text !== undefined) return option.text;
  const text = translate(option.label);
  return text === option.label && option.fallback ? option.fallback : text;
}

/** A region's name in `locale` when `label` is an ISO-2 code, else null. */
export function regionName(label: string, locale: string): string | null {
  if (!/^[A-Z]{2}$/.test(label)) return null;
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(label) ?? null;
  } catch {
    return null;
  }
}

/** The text a choice shows: a region's name when its label is an ISO-2 code (countries), else `optionText`. */
export function optionLabel(option: CatalogOption, locale: string, translate: (id: string) => string): string {
  return regionName(option.label, locale) ?? optionText(option, translate);
}

/**
 * rjsf's `ariaDescribedByIds` and `optionId` (ids its field template gives a field's error,
 * description and help, and a choice's options), for widgets that load on their own: importing
 * rjsf's would split its id module into a chunk of its own on every flow page (ui.test.ts holds
 * these to rjsf's).
 */
export const describedByIds = (id: string): string => `${id}__error ${id}__description ${id}__help`;
export const choiceId = (id: string, index: number): string => `${id}-${index}`;

/**
 * An option's detail as shown: an amount of UZS with its currency (`30 000 000 soʻm`), any other text
 * with the page language's decimal separator (`1,5 %` in Uzbek and Russian).
 */
export const detailText = (value: OptionDetail['value'], translate: (id: string) => string): string =>
  typeof value === 'string' ? withDecimalSeparator(value, translate('engine.decimal_separator')) : `${formatPrice(value.uzs)} ${translate('engine.currency')}`;
