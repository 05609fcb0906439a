import { isValidElement, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import {
  buttonId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type ErrorSchema,
} from '@rjsf/utils';
import { secondaryButtonClass } from '../ui';
import { RequiredMark } from './required-mark';

/** Every message inside one row's error schema, deduplicated, for the row summary. */
function rowErrors(schema: ErrorSchema | undefined): string[] {
  if (!schema) return [];
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '__errors' && Array.isArray(value)) value.forEach((e) => typeof e === 'string' && found.add(e));
      else walk(value);
    }
  };
  walk(schema);
  return [...found];
}

/**
 * A row's errors. rjsf (6.11) hands an array template no error schema; each row element carries its own
 * (`itemErrorSchema`, what the row's fields show), so the summary reads the same errors the fields do.
 */
function itemErrors(item: ReactNode): ErrorSchema | undefined {
  return isValidElement<{ itemErrorSchema?: ErrorSchema }>(item) ? item.props.itemErrorSchema : undefined;
}

/** Whether an array's rows are files (`items` drawn by the `file` field: several photos of one kind), by its uiSchema. */
function ofFiles(uiSchema: unknown): boolean {
  const items = typeof uiSchema === 'object' && uiSchema !== null ? (uiSchema as { items?: unknown }).items : undefined;
  return typeof items === 'object' && items !== null && (items as Record<string, unknown>)['ui:field'] === 'file';
}

/**
 * Repeated persons (any list of people in a step; a list of files is said as files): a numbered card per row with a remove button,
 * a summary of the row's errors, and an add button while `maxItems` allows (rjsf's `canAdd`).
 */
export function PersonsArrayTemplate(props: ArrayFieldTemplateProps) {
  const { i18n } = useLingui();
  const { items, canAdd, onAddClick, disabled, readonly, title, required, fieldPathId, rawErrors } = props;
  const files = ofFiles(props.uiSchema);
  return (
    <fieldset className="mb-4" id={fieldPathId.$id}>
      {title && (
        <legend className="mb-2 text-base font-semibold text-slate-900">
          {i18n._(title)}
          {required && <RequiredMark />}
        </legend>
      )}
      <ol className="space-y-4">
        {items.map((item, index) => {
          const summary = rowErrors(itemErrors(item));
          const summaryId = `${fieldPathId.$id}_${index}__summary`;
          return (
            <li
              key={item.key ?? index}
              className={`rounded-xl border p-4 ${summary.length ? 'border-red-300' : 'border-slate-200'}`}
              aria-describedby={summary.length ? summaryId : undefined}
            >
              <p className="mb-2 text-sm font-semibold text-slate-700">{i18n._(files ? 'engine.claim.files.row' : 'engine.array.row', { n: index + 1 })}</p>
              {item}
              {summary.length > 0 && (
                <div id={summaryId} role="alert" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-800">
                  <p className="font-medium">{i18n._(files ? 'engine.claim.files.row-errors' : 'engine.array.row-errors', { n: index + 1 })}</p>
                  <ul className="list-inside list-disc">
                    {summary.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      {rawErrors && rawErrors.length > 0 && (
        <ul className="mt-1 text-sm text-red-700">
          {rawErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {canAdd && !readonly && (
        <button
          type="button"
          id={buttonId(fieldPathId, 'add')}
          className={`${secondaryButtonClass} mt-3`}
          onClick={onAddClick}
          disabled={disabled}
        >
          + {i18n._(files ? 'engine.claim.files.add' : 'engine.array.add')}
        </button>
      )}
    </fieldset>
  );
}

export function ArrayItemTemplate({ children, buttonsProps, hasToolbar, registry }: ArrayFieldItemTemplateProps) {
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <div className="flex flex-col gap-2">
      <div>{children}</div>
      {hasToolbar && (
        <div className="flex justify-end">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

/** Only removal: persons are not reordered or copied. */
export function ArrayItemButtons({ hasRemove, onRemoveItem, disabled, readonly, fieldPathId, index, uiSchema }: ArrayFieldItemButtonsTemplateProps) {
  const { i18n } = useLingui();
  if (!hasRemove) return null;
  return (
    <button
      type="button"
      id={buttonId(fieldPathId, 'remove')}
      className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-50"
      onClick={onRemoveItem}
      disabled={disabled || readonly}
    >
      {i18n._(uiSchema?.['ui:field'] === 'file' ? 'engine.claim.files.remove' : 'engine.array.remove-row', { n: index + 1 })}
    </button>
  );
}
