import { useCallback, useMemo, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react';
import {
  ariaDescribedByIds,
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import { formatPrice } from '../format';
import { inputClass, localeOf, optionLabel, optionsFrom } from '../ui';

/**
 * A boolean. `required` in JSON Schema only means the key is present, so a checkbox never shows the
 * required mark nor the HTML `required` attribute; a box that must be ticked says so with `const: true`.
 */
/**
 * A checkbox; with `ui:options.optionsFrom` + `optionValue` it is an add-on and shows that catalog
 * option's price beside its label (e.g. an optional risk of a policy).
 */
export function CheckboxWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, htmlName, value, disabled, readonly, autofocus, label, hideLabel, rawErrors, onChange, onBlur, onFocus, options, registry } = props;
  const handle = useCallback((e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked), [onChange]);
  const price = optionsFrom(registry.formContext, options.optionsFrom).find((o) => o.value === options.optionValue)?.price;
  return (
    <div className="flex items-start gap-2 py-1">
      <input
        id={id}
        name={(htmlName as string | undefined) || id}
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-sky-700 focus:ring-sky-600"
        checked={value === true}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={handle}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {!hideLabel && label && (
        <label htmlFor={id} className="text-sm text-slate-800">
          {i18n._(label)}
          {price !== undefined && (
            <span className="ml-2 whitespace-nowrap font-medium text-slate-600">
              +{formatPrice(price)} {i18n._('engine.currency')}
            </span>
          )}
        </label>
      )}
    </div>
  );
}

/**
 * A yes/no answer drawn as a button that stays pressed (`aria-pressed`): the "edit" escape of
 * fields a registry filled in, whose lock rule lets go while it is on. Its label is the field's title.
 */
export function ToggleButtonWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, value, disabled, readonly, label, onChange, onBlur, onFocus } = props;
  const pressed = value === true;
  return (
    <button
      id={id}
      type="button"
      aria-pressed={pressed}
      aria-describedby={ariaDescribedByIds(id)}
      disabled={disabled || readonly}
      className={`${pressed ? 'border-sky-700 bg-sky-50 text-sky-900' : 'border-slate-300 bg-white text-slate-800'} inline-flex items-center gap-2 rounded-lg border px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 disabled:opacity-60`}
      onClick={() => onChange(!pressed)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <span aria-hidden="true">✎</span>
      {label ? i18n._(label) : null}
    </button>
  );
}

export function SelectWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, htmlName, value, disabled, readonly, autofocus, required, rawErrors, onChange, onBlur, onFocus, options, placeholder, registry } = props;
  const catalog = optionsFrom(registry.formContext, options.optionsFrom);
  const locale = localeOf(registry.formContext);
  // A catalog list (`ui:options.optionsFrom`) beats the schema's enum: it may depend on other answers.
  // Labels are the texts shown: a catalog option's own (translated once here), the enum's names translated.
  // `ui:options.sort: "label"` lists the options in the page's alphabet (countries: by name, not by code).
  const enumOptions = useMemo(() => {
    const labelled = catalog.length > 0
      ? catalog.map((o) => ({ value: o.value, label: optionLabel(o, locale, (m) => i18n._(m)) }))
      : (options.enumOptions ?? []).map((o) => ({ ...o, label: i18n._(String(o.label)) }));
    if (options.sort !== 'label') return labelled;
    const collator = new Intl.Collator(i18n.locale);
    return [...labelled].sort((a, b) => collator.compare(a.label, b.label));
  }, [catalog, locale, i18n, options.enumOptions, options.sort]);
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const handle = useCallback(
    (e: ChangeEvent<HTMLSelectElement>) =>
      onChange(e.target.value === '' ? options.emptyValue : enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue)),
    [onChange, enumOptions, options.emptyValue],
  );
  return (
    <select
      id={id}
      name={(htmlName as string | undefined) || id}
      className={inputClass}
      value={typeof selected === 'undefined' ? '' : String(selected)}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      required={required}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={handle}
      onBlur={(e) => onBlur(id, enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue))}
      onFocus={(e) => onFocus(id, enumOptionsValueForIndex(e.target.value, enumOptions, options.emptyValue))}
    >
      <option value="">{i18n._(placeholder || 'engine.select.placeholder')}</option>
      {enumOptions.map((option, index) => (
        <option key={index} value={String(index)} disabled={options.enumDisabled?.includes(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Radio buttons in a labelled group; option labels are message ids. */
export function RadioWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, value, disabled, readonly, onChange, options, label, rawErrors } = props;
  const enumOptions = options.enumOptions ?? [];
  return (
    <div
      role="radiogroup"
      id={id}
      aria-label={label ? i18n._(label) : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      className={options.inline ? 'flex flex-wrap gap-4' : 'space-y-2'}
    >
      {enumOptions.map((option, index) => {
        const radioId = optionId(id, index);
        return (
          <div key={index} className="flex items-center gap-2">
            <input
              id={radioId}
              type="radio"
              name={id}
              className="h-4 w-4 text-sky-700"
              checked={value === option.value}
              disabled={disabled || readonly || options.enumDisabled?.includes(option.value)}
              onChange={() => onChange(option.value)}
            />
            <label htmlFor={radioId} className="text-sm text-slate-800">
              {i18n._(String(option.label))}
            </label>
          </div>
        );
      })}
    </div>
  );
}
