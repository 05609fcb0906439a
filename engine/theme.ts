import type { Field, RegistryFieldsType, RegistryWidgetsType, TemplatesType, Widget } from '@rjsf/utils';
import {
  AddButton,
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  RemoveButton,
  SubmitButton,
  TitleFieldTemplate,
  UnusedButton,
} from './templates/field-templates';
import { CheckboxWidget, RadioWidget, SelectWidget, ToggleButtonWidget } from './widgets/choice-widgets';
import { loadMessageArea } from './message-areas';
import { Code6Widget, DateWidget, DocumentWidget, MoneyWidget, PassportWidget, PhoneWidget, PlateWidget, TextareaWidget } from './widgets/text-widgets';
import { IntegerField } from './widgets/integer-field';
import { withDeferredChange } from './widgets/deferred-change';
import { LazyFileField } from './widgets/lazy-file-field';

/**
 * Widgets by the names uiSchemas use (`"ui:widget": "passport"`). Those typed into key by key draw
 * the key themselves and hand it to the form in a transition (`withDeferredChange` says why).
 */
export const widgets: RegistryWidgetsType = {
  passport: withDeferredChange(PassportWidget),
  plate: withDeferredChange(PlateWidget),
  document: withDeferredChange(DocumentWidget),
  phone: withDeferredChange(PhoneWidget),
  date: withDeferredChange(DateWidget),
  money: withDeferredChange(MoneyWidget),
  code6: withDeferredChange(Code6Widget),
  CheckboxWidget,
  SelectWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  RadioWidget,
  radio: RadioWidget,
  'toggle-button': ToggleButtonWidget,
  textarea: TextareaWidget,
};

/**
 * Widgets only some flows or later steps use (a car catalogue's combobox, a pet's birth month,
 * travel's countries, the program cards most flows ask for after their first step),
 * by name: not in every flow page's scripts, but loaded into `widgets` with the step that names them
 * (`loadWidgetsFor`, through engine/step-parts.ts: awaited before the step renders, on the server as
 * in the browser).
 */
export const onDemandWidgets: Readonly<Record<string, () => Promise<Widget>>> = {
  combobox: () => Promise.all([import('./widgets/combobox-widget'), loadMessageArea('engine-combobox')]).then(([module]) => module.ComboboxWidget),
  month: () => Promise.all([import('./widgets/month-widget'), loadMessageArea('engine-month')]).then(([module]) => module.MonthWidget),
  'program-cards': () => import('./widgets/program-cards-widget').then((module) => module.ProgramCardsWidget),
  'country-multiselect': () => Promise.all([import('./widgets/country-multiselect'), loadMessageArea('engine-country')]).then(([module]) => module.CountryMultiselectWidget),
};

/** Loads the on-demand widgets of `names` into `widgets` (once each); resolves when they can render. */
export async function loadWidgets(names: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(names)].filter((name) => !(name in widgets) && name in onDemandWidgets).map(async (name) => {
    const load = onDemandWidgets[name];
    if (load) widgets[name] = await load();
  }));
}

/** The `ui:widget` names of a uiSchema tree. */
function widgetNamesIn(ui: unknown, into: Set<string>): Set<string> {
  if (!ui || typeof ui !== 'object') return into;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') into.add(value);
    else if (!key.startsWith('ui:')) widgetNamesIn(value, into);
  }
  return into;
}

/** Whether a schema tree has an array (a repeated group, or a list a widget draws). */
function hasArray(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if ((schema as { type?: unknown }).type === 'array') return true;
  return Object.values(schema).some(hasArray);
}

/**
 * Loads rjsf's array field into `fields` and the array templates into `templates`, once: only the
 * flows whose steps have an array (travel's tourists and countries, OSAGO's drivers) draw them, so
 * they are not in every flow page's first scripts (about 3.5 KB gzip), nor are their texts (`engine-array`).
 */
export async function loadArrayParts(): Promise<void> {
  if (templates.persons && fields.ArrayField) return;
  const [{ ArrayItemButtons, ArrayItemTemplate, PersonsArrayTemplate }, { default: ArrayField }] = await Promise.all([
    import('./templates/persons-template'),
    import('@rjsf/core/lib/components/fields/ArrayField.js'),
    loadMessageArea('engine-array'),
  ]);
  fields.ArrayField = ArrayField as Field;
  Object.assign(templates, {
    ArrayFieldTemplate: PersonsArrayTemplate,
    ArrayFieldItemTemplate: ArrayItemTemplate,
    ArrayFieldItemButtonsTemplate: ArrayItemButtons,
    persons: PersonsArrayTemplate,
  });
}

/** Loads the on-demand widgets the steps name, and the array templates when their schemas have an array; resolves when they can render. */
export async function loadWidgetsFor(steps: readonly { schema?: unknown; uiSchema?: unknown }[]): Promise<void> {
  const names = new Set<string>();
  for (const step of steps) widgetNamesIn(step.uiSchema, names);
  await Promise.all([loadWidgets(names), steps.some((step) => hasArray(step.schema)) ? loadArrayParts() : undefined]);
}

/**
 * Templates. The array templates (`persons`, chosen per field with `"ui:ArrayFieldTemplate":
 * "persons"` and also the default array template, so every repeated object gets add/remove and row
 * error summaries) load with the first step that has an array (`loadArrayParts`).
 */
export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate: withDeferredChange(BaseInputTemplate),
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    RemoveButton,
    CopyButton: UnusedButton,
    MoveUpButton: UnusedButton,
    MoveDownButton: UnusedButton,
  },
};

/**
 * Custom fields by name (`"ui:field"`): `file`, a chosen file kept on the device until the save sends
 * it; rjsf's own NumberField replaced for integers (widgets/integer-field.tsx says why); and
 * rjsf's ArrayField, once a step with an array has loaded it (`loadArrayParts`).
 */
export const fields: RegistryFieldsType = { file: LazyFileField, NumberField: IntegerField };

/** The engine's rjsf theme: pass to `<Form {...theme}>`; a product's own entries win over these. */
export const theme = { widgets, templates, fields };
