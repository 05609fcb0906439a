import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
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
