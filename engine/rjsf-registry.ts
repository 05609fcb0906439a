import { createElement } from 'react';
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type FieldProps, type Registry, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';

/**
 * The registry rjsf's Form starts from, in the site's build (tools/vite-plugin-rjsf-registry.ts puts
 * it in place of @rjsf/core's own `getDefaultRegistry`): rjsf's fields for the types a step form has
 * (but arrays: engine/theme.ts loads rjsf's ArrayField with the first step that has one),
 * and the templates and widgets the engine's theme does not replace (engine/theme.ts supplies the
 * rest on every Form). Step forms are flat — no allOf/anyOf/oneOf/$ref, no layout grids, no colour
 * inputs, and files through the engine's own `file` field, not rjsf's data-URL widget — so rjsf's
 * fields and widgets for those are left out of every flow page. Every product step renders on it in the engine's tests and the e2e
 * purchases, which run on the same build.
 */
/**
 * rjsf's wrapper of every field, which draws a key-renaming row for `additionalProperties`: step
 * schemas declare every property (products/kit/testing/conformance.ts), so only its plain wrapper is kept.
 */
function WrapIfAdditionalTemplate({ classNames, style, hideError, rawErrors, children }: WrapIfAdditionalTemplateProps) {
  const invalid = !hideError && rawErrors !== undefined && rawErrors.length > 0;
  return createElement('div', { className: ['form-group', classNames, invalid ? 'has-error has-danger' : ''].join(' ').trim(), style }, children);
}

/** What a field of a type rjsf cannot draw shows: its schema, for whoever wrote the step (rjsf's own renders Markdown). */
function UnsupportedField({ schema, fieldPathId, reason }: FieldProps & { reason?: string }) {
  const what = [`Unsupported field schema${fieldPathId?.$id ? ` for field ${fieldPathId.$id}` : ''}`, reason].filter(Boolean).join(': ');
  return createElement('div', { className: 'unsupported-field' }, createElement('p', null, what), createElement('pre', null, JSON.stringify(schema, null, 2)));
}

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: { BooleanField, NullField, NumberField, ObjectField, SchemaField, StringField },
    templates: {
      ArrayFieldDescriptionTemplate,
      ArrayFieldTitleTemplate,
      ErrorListTemplate: ErrorList,
      UnsupportedFieldTemplate: UnsupportedField,
      WrapIfAdditionalTemplate,
      // The theme's own (engine/theme.ts) are merged over these by the Form.
      ButtonTemplates: {},
      // Knowingly partial: what a flat step form never asks for is not here.
    } as unknown as Registry['templates'],
    widgets: { HiddenWidget, TextWidget },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: { idPrefix: DEFAULT_ID_PREFIX, idSeparator: DEFAULT_ID_SEPARATOR, useFallbackUiForUnsupportedType: false },
  };
}
