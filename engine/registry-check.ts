import { getDefaultRegistry } from '@rjsf/core';
import { hasWidget, type RJSFSchema } from '@rjsf/utils';
import { onDemandWidgets, theme } from './theme';

/** A name a uiSchema uses for a widget, field or template, with where it sits. */
export interface UiName {
  key: string;
  name: string;
  path: string;
}

const TYPES: RJSFSchema['type'][] = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

/** Every string-valued `ui:widget`, `ui:field` and `ui:*Template` in a uiSchema tree. */
export function uiNames(uiSchema: unknown, path = ''): UiName[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const found: UiName[] = [];
  for (const [key, value] of Object.entries(uiSchema)) {
    if ((key === 'ui:widget' || key === 'ui:field' || /^ui:\w+Template$/.test(key)) && typeof value === 'string') {
      found.push({ key, name: value, path: path || '/' });
    } else if (key === 'ui:options' && value && typeof value === 'object') {
      for (const [option, name] of Object.entries(value)) {
        if ((option === 'widget' || option === 'field' || /Template$/.test(option)) && typeof name === 'string') {
          found.push({ key: `ui:options.${option}`, name, path: path || '/' });
        }
      }
    } else if (!key.startsWith('ui:')) {
      found.push(...uiNames(value, `${path}/${key}`));
    }
  }
  return found;
}

/**
 * The names of a uiSchema that rjsf could not resolve with our theme over its defaults (rjsf itself
 * only notices a missing widget when the form renders).
 */
export function unresolvedUiNames(uiSchema: unknown): UiName[] {
  const defaults = getDefaultRegistry();
  const widgets = { ...defaults.widgets, ...theme.widgets };
  const fields = { ...defaults.fields, ...theme.fields };
  const templates: Record<string, unknown> = { ...defaults.templates, ...theme.templates };
  return uiNames(uiSchema).filter(({ key, name }) => {
    if (key.endsWith('widget')) return !(name in onDemandWidgets) && !TYPES.some((type) => hasWidget({ type }, name, widgets));
    if (key.endsWith('field')) return !(name in fields);
    return !(name in templates);
  });
}
