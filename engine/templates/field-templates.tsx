import { useCallback, type ChangeEvent, type FocusEvent } from 'react';
import { useLingui } from '@lingui/react';
import { RequiredMark } from './required-mark';
import {
  ariaDescribedByIds,
  descriptionId,
  errorId,
  getInputProps,
  helpId,
  titleId,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TitleFieldProps,
} from '@rjsf/utils';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui';

/** Label, control, description, errors and help of one field; the label is a message id. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { i18n } = useLingui();
  const { id, label, required, readonly, displayLabel, hidden, errors, help, description, children, schema, classNames, uiSchema } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  const container = schema.type === 'object' || schema.type === 'array';
  // Checkboxes draw their own label beside the box.
  const ownLabel = schema.type === 'boolean';
  // Below a column of cards a phone would not show the message with the first card.
  const errorsFirst = uiSchema?.['ui:widget'] === 'program-cards';
  return (
    <div data-field className={`mb-4 scroll-mt-4 ${classNames ?? ''}`.trim()}>
      {displayLabel && label && !container && !ownLabel && (
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {i18n._(label)}
          {/* A field the visitor cannot type in is not theirs to fill: no mark asks them to. */}
          {required && !readonly && <RequiredMark />}
        </label>
      )}
      {displayLabel && !container && description}
      {errorsFirst && errors}
      {children}
      {!errorsFirst && errors}
      {help}
    </div>
  );
}

/** Errors of a field, with the id its control names in aria-describedby. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter((e) => e !== '' && e !== undefined);
  if (list.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="mt-1 space-y-0.5 text-sm text-red-700">
      {list.map((error, i) => (
        <li key={i}>{error}</li>
      ))}
    </ul>
  );
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  const { i18n } = useLingui();
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="mt-1 text-sm text-slate-600">
      {typeof help === 'string' ? i18n._(help) : help}
    </p>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const { i18n } = useLingui();
  if (!description) return null;
  return (
    <p id={id} className="mb-1 text-sm text-slate-600">
      {typeof description === 'string' ? i18n._(description) : description}
    </p>
  );
}

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  const { i18n } = useLingui();
  return (
    <h3 id={id} className="mb-2 text-base font-semibold text-slate-900">
      {i18n._(title)}
      {required && <RequiredMark />}
    </h3>
  );
}

/** Widgets that need the whole row of the form grid. */
const WIDE_WIDGETS: readonly string[] = ['program-cards', 'country-multiselect'];

type SchemaNode = { type?: unknown; properties?: Record<string, SchemaNode> };

/** An object holding one boolean (an add-on switch): the checkbox carries the label, no frame is drawn. */
function isSingleSwitch(schema: SchemaNode | undefined): boolean {
  const children = Object.values(schema?.properties ?? {});
  return schema?.type === 'object' && children.length === 1 && children[0]?.type === 'boolean';
}

/** Whether a property takes the full width of the two-column grid instead of one cell. */
function spansRow(schema: SchemaNode | undefined, ui: unknown): boolean {
  const uiRecord = (ui ?? {}) as Record<string, unknown>;
  const widget = uiRecord['ui:widget'];
  const options = (uiRecord['ui:options'] ?? {}) as Record<string, unknown>;
  if (typeof widget === 'string' && WIDE_WIDGETS.includes(widget)) return true;
  if (options.wide === true) return true;
  if (schema?.type === 'array') return true;
  return schema?.type === 'object' && !isSingleSwitch(schema);
}

function cellClass(schema: SchemaNode | undefined, ui: unknown): string {
  if (spansRow(schema, ui)) return 'min-w-0 sm:col-span-2';
  // A checkbox beside a labelled input lines up with the input, not with its label.
  return schema?.type === 'boolean' ? 'min-w-0 sm:pt-7' : 'min-w-0';
}

/**
 * Objects: leaf fields sit in a two-column grid (one column on phones), nested objects, arrays and
 * wide widgets span the row. Nested objects get a fieldset with a legend; the step's root object,
 * array rows (the row template numbers them) and single add-on switches do not.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { i18n } = useLingui();
  // No required mark on a legend: a required object only has to be present, its fields say what to fill in.
  const { title, description, properties, fieldPathId, schema, uiSchema } = props;
  const path = fieldPathId.path;
  const root = path.length === 0;
  const row = typeof path.at(-1) === 'number';
  const children = (schema.properties ?? {}) as Record<string, SchemaNode>;
  const grid = (
    <div className="grid gap-x-4 sm:grid-cols-2">
      {properties.filter((p) => !p.hidden).map((p) => (
        <div key={p.name} className={cellClass(children[p.name], uiSchema?.[p.name])}>
          {p.content}
        </div>
      ))}
    </div>
  );
  if (root || row) return grid;
  if (isSingleSwitch(schema as SchemaNode)) return <>{properties.filter((p) => !p.hidden).map((p) => <div key={p.name}>{p.content}</div>)}</>;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-describedby={description ? descriptionId(fieldPathId) : undefined}>
      {title && (
        <legend id={titleId(fieldPathId)} className="px-1 text-sm font-semibold text-slate-800">
          {i18n._(title)}
        </legend>
      )}
      {typeof description === 'string' && (
        <p id={descriptionId(fieldPathId)} className="mb-3 text-sm text-slate-600">
          {i18n._(description)}
        </p>
      )}
      {grid}
    </fieldset>
  );
}

/** The `<input>` behind text-like widgets, with our classes and the error/description links. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { i18n } = useLingui();
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, type, placeholder, required } = props;
  const inputProps = getInputProps(schema, type, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const inputValue: string | number = numeric ? (value || value === 0 ? (value as number) : '') : value == null ? '' : (value as string);
  const handleChange = useCallback(
    ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value),
    [onChange, options],
  );
  const handleBlur = useCallback(({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value), [onBlur, id]);
  const handleFocus = useCallback(({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value), [onFocus, id]);
  return (
    <input
      id={id}
      name={htmlName || id}
      className={inputClass}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required}
      placeholder={placeholder ? i18n._(placeholder) : undefined}
      {...inputProps}
      value={inputValue}
      onChange={onChangeOverride || handleChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

export function SubmitButton(_props: SubmitButtonProps) {
  const { i18n } = useLingui();
  return (
    <button type="submit" className={primaryButtonClass}>
      {i18n._('engine.next')}
    </button>
  );
}

function IconButton({ label, className, ...rest }: IconButtonProps & { label: string }) {
  const { registry: _registry, uiSchema: _uiSchema, iconType: _iconType, icon, ...buttonProps } = rest;
  return (
    <button type="button" className={className ?? secondaryButtonClass} aria-label={label} title={label} {...buttonProps}>
      {icon ?? label}
    </button>
  );
}

export function AddButton(props: IconButtonProps) {
  const { i18n } = useLingui();
  return <IconButton {...props} label={i18n._('engine.array.add')} icon={`+ ${i18n._('engine.array.add')}`} />;
}

export function RemoveButton(props: IconButtonProps) {
  const { i18n } = useLingui();
  return (
    <IconButton
      {...props}
      className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
      label={i18n._('engine.array.remove')}
      icon={i18n._('engine.array.remove')}
    />
  );
}

/** Persons are never reordered or copied; only these two buttons are offered. */
export function UnusedButton() {
  return null;
}
