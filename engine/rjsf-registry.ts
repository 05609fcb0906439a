import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
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
