import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType, Widget } from '@rjsf/utils';
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
import { ArrayItemButtons, ArrayItemTemplate, PersonsArrayTemplate } from './templates/persons-template';
import { CheckboxWidget, CountryMultiselectWidget, MonthWidget, ProgramCardsWidget, RadioWidget, SelectWidget, ToggleButtonWidget } from './widgets/choice-widgets';
import { Code6Widget, DateWidget, MoneyWidget, PassportWidget, PhoneWidget, PlateWidget } from './widgets/text-widgets';
import { LazyFileField } from './widgets/lazy-file-field';

/** Widgets by the names uiSchemas use (`"ui:widget": "passport"`). */
export const widgets: RegistryWidgetsType = {
  passport: PassportWidget,
  plate: PlateWidget,
  phone: PhoneWidget,
  date: DateWidget,
  month: MonthWidget,
  money: MoneyWidget,
  code6: Code6Widget,
  'country-multiselect': CountryMultiselectWidget,
  'program-cards': ProgramCardsWidget,
  CheckboxWidget,
  SelectWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  RadioWidget,
  radio: RadioWidget,
  'toggle-button': ToggleButtonWidget,
};

/**
 * Widgets only some flows use (a car catalogue's combobox), by name: not in every flow page's
 * scripts, but loaded into `widgets` with the flow whose steps name them (`loadWidgetsFor`, awaited
 * before the flow renders, on the server as in the browser).
 */
export const onDemandWidgets: Readonly<Record<string, () => Promise<Widget>>> = {
  combobox: () => import('./widgets/combobox-widget').then((module) => module.ComboboxWidget),
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

/** Loads the on-demand widgets a flow's steps name (`definition.steps`); resolves when the flow can render. */
export function loadWidgetsFor(steps: readonly { uiSchema?: unknown }[]): Promise<void> {
  const names = new Set<string>();
  for (const step of steps) widgetNamesIn(step.uiSchema, names);
  return loadWidgets(names);
}

/**
 * Templates; `persons` is chosen per field with `"ui:ArrayFieldTemplate": "persons"` and is also
 * the default array template, so every repeated object gets add/remove and row error summaries.
 */
export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ObjectFieldTemplate,
  BaseInputTemplate,
  ArrayFieldTemplate: PersonsArrayTemplate,
  ArrayFieldItemTemplate: ArrayItemTemplate,
  ArrayFieldItemButtonsTemplate: ArrayItemButtons,
  persons: PersonsArrayTemplate,
  ButtonTemplates: {
    SubmitButton,
    AddButton,
    RemoveButton,
    CopyButton: UnusedButton,
    MoveUpButton: UnusedButton,
    MoveDownButton: UnusedButton,
  },
};

/** Custom fields by name (`"ui:field"`): `file`, a chosen file kept on the device until the save sends it. */
export const fields: RegistryFieldsType = { file: LazyFileField };

/** The engine's rjsf theme: pass to `<Form {...theme}>`; a product's own entries win over these. */
export const theme = { widgets, templates, fields };
