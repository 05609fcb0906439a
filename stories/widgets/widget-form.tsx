import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { CatalogOption, FieldErrors } from '../../engine/definition';
import { createTransformErrors } from '../../engine/error-messages';
import { judgingKit } from '../../engine/judging-kit';
import { createTranslateString, fieldErrorsToErrorSchema } from '../../engine/messages';
import { memoryFileStore } from '../../engine/files/file-store';
import { draftFiles } from '../../engine/files/draft-files';
import { theme } from '../../engine/theme';
import type { FlowFormContext } from '../../engine/ui';
import { stepValidator } from '../../engine/step-validators';

// Eager and through the step-validators plugin: each schema arrives with its precompiled validator.
const schemas = import.meta.glob<{ default: RJSFSchema }>('./schemas/*.json', { eager: true });

export interface WidgetFormProps {
  /** File name (without `.json`) of the schema under stories/widgets/schemas. */
  name: string;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  /** `formContext.options` for widgets with `ui:options.optionsFrom`; a function of the data for lists that depend on other answers. */
  options?: Record<string, CatalogOption[]> | ((data: Record<string, unknown>) => Record<string, CatalogOption[]>);
  /** Validate once on mount, as if Next had been pressed. */
  validateOnMount?: boolean;
  /** Errors from outside the schema (lookups, effects) as the flow keeps them: path → message id. */
  fieldErrors?: FieldErrors[string];
  readonly?: boolean;
}

/**
 * A tiny rjsf form with the engine's theme and messages, as FlowRunner's step form sets it up,
 * with the data it would submit printed below.
 */
export function WidgetForm({ name, uiSchema, formData, options = {}, validateOnMount = false, fieldErrors, readonly }: WidgetFormProps) {
  const { i18n } = useLingui();
  const form = useRef<Form>(null);
  const [data, setData] = useState<Record<string, unknown>>(formData ?? {});
  const [submitted, setSubmitted] = useState<Record<string, unknown> | null>(null);
  const [live, setLive] = useState(validateOnMount);
  const transformErrors = useMemo(() => createTransformErrors(i18n, judgingKit), [i18n]);
  const translateString = useMemo(() => createTranslateString(i18n), [i18n]);
  const extraErrors = useMemo(() => fieldErrorsToErrorSchema(fieldErrors, i18n), [fieldErrors, i18n]);
  const lists = useMemo(() => (typeof options === 'function' ? options(data) : options), [options, data]);
  // File fields keep their files here, as a flow keeps them in IndexedDB.
  const [files] = useState(() => draftFiles(memoryFileStore(), 'story'));
  const formContext = useMemo<FlowFormContext>(() => ({ options: lists, locale: i18n.locale, files }), [lists, i18n.locale, files]);
  const schema = schemas[`./schemas/${name}.json`]?.default;
  const validator = stepValidator(schema);
  if (!schema || !validator) throw new Error(`WidgetForm: no precompiled schema stories/widgets/schemas/${name}.json`);

  useEffect(() => {
    if (validateOnMount) form.current?.validateForm();
  }, [validateOnMount]);

  return (
    <div className="mx-auto max-w-xl space-y-4 bg-white p-6">
      <Form
        ref={form}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={data}
        formContext={formContext}
        widgets={theme.widgets}
        templates={theme.templates}
        fields={theme.fields}
        onChange={(event: IChangeEvent) => setData((event.formData ?? {}) as Record<string, unknown>)}
        onSubmit={(event: IChangeEvent) => setSubmitted((event.formData ?? {}) as Record<string, unknown>)}
        onError={() => setLive(true)}
        liveValidate={live ? 'onChange' : undefined}
        showErrorList={false}
        noHtml5Validate
        transformErrors={transformErrors}
        translateString={translateString}
        extraErrors={extraErrors}
        readonly={readonly}
        idPrefix={`story-${name}`}
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      />
      <pre data-testid="form-data" className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-xs text-slate-700">
        {JSON.stringify(submitted ?? data, null, 2)}
      </pre>
    </div>
  );
}
