/**
 * Names uiSchemas may use for `ui:widget` and `ui:ArrayFieldTemplate`. The widget registry is
 * React and cannot be imported by tools, so this plain list is what `tools/products-check.ts`
 * checks product uiSchemas against; the registry must register every name here.
 */
export const widgetNames = [
  'passport', 'plate', 'document', 'phone', 'date', 'month', 'money', 'country-multiselect', 'program-cards', 'code6',
  'checkbox', 'select', 'combobox', 'radio', 'toggle-button', 'text', 'hidden',
] as const;

export const arrayFieldTemplateNames = ['persons'] as const;


/** Names uiSchemas may use for `ui:field` (engine/theme.ts `fields`). */
export const fieldNames = ['file'] as const;
