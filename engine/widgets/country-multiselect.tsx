import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { RequiredMark } from '../templates/required-mark';
import { countrySearchText } from './country-search';
import { searchable, searchOptions } from './option-search';
import { choiceId, describedByIds, inputClass, localeOf, optionLabel, optionsFrom } from '../ui';

/**
 * Countries from `formContext.options[ui:options.optionsFrom]`, stored as their values: a fieldset
 * titled by the schema, the chosen countries as removable chips, a search box and a checkbox list.
 * Every control is a native button, input or checkbox, so the keyboard reaches all of them.
 */
export function CountryMultiselectWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, value, disabled, readonly, onChange, options, registry, rawErrors, label, required } = props;
  const [query, setQuery] = useState('');
  const locale = localeOf(registry.formContext);
  const list = optionsFrom(registry.formContext, options.optionsFrom);
  const chosen = useMemo(() => (Array.isArray(value) ? (value as unknown[]) : []), [value]);
  const labelled = useMemo(
    () => list.map((o) => ({ option: o, label: optionLabel(o, locale, (m) => i18n._(m)) })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [list, locale, i18n],
  );
  // Found by the name shown however it is typed (case, marks, apostrophes), and by the names people
  // use that it does not hold (`Turkey`, `США`, `UAE`).
  const searchList = useMemo(() => labelled.map((entry) => searchable(entry, `${entry.label} ${countrySearchText(String(entry.option.value))}`, locale)), [labelled, locale]);
  const shown = useMemo(() => searchOptions(searchList, query, locale), [searchList, query, locale]);
  const chips = chosen.map((v) => ({ value: v as string | number, label: labelled.find((o) => o.option.value === v)?.label ?? String(v) }));
  const toggle = useCallback(
    (v: string | number) => onChange(chosen.includes(v) ? chosen.filter((c) => c !== v) : [...chosen, v]),
    [chosen, onChange],
  );
  const invalid = rawErrors && rawErrors.length > 0;
  const locked = disabled || readonly;
  return (
    <fieldset className={`rounded-lg border p-3 ${invalid ? 'border-red-600' : 'border-slate-300'}`} aria-describedby={describedByIds(id)}>
      {label && (
        <legend id={`${id}__label`} className="px-1 text-sm font-medium text-slate-800">
          {i18n._(label)}
          {required && <RequiredMark />}
        </legend>
      )}
      {chips.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={i18n._('engine.country.chosen', { n: chips.length })}>
          {chips.map((chip) => (
            <li key={String(chip.value)} className="inline-flex items-center gap-1 rounded-full bg-sky-100 py-1 pl-3 pr-1 text-sm text-sky-900">
              {chip.label}
              <button
                type="button"
                className="inline-flex h-6 w-6 items-center justify-center rounded-full hover:bg-sky-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-700"
                aria-label={i18n._('engine.country.remove', { name: chip.label })}
                disabled={locked}
                onClick={() => toggle(chip.value)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        type="search"
        className={inputClass}
        placeholder={i18n._('engine.country.search')}
        aria-label={i18n._('engine.country.search')}
        value={query}
        disabled={locked}
        aria-invalid={invalid ? true : undefined}
        aria-controls={`${id}__list`}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul id={`${id}__list`} className="mt-2 max-h-64 overflow-y-auto sm:columns-2">
        {shown.map(({ option, label: name }, index) => {
          const checkboxId = choiceId(id, index);
          return (
            <li key={String(option.value)} className="flex break-inside-avoid items-center gap-2 py-1">
              <input
                id={checkboxId}
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 text-sky-700"
                checked={chosen.includes(option.value)}
                disabled={locked}
                onChange={() => toggle(option.value)}
              />
              <label htmlFor={checkboxId} className="text-sm">
                {name}
              </label>
            </li>
          );
        })}
        {shown.length === 0 && <li className="py-1 text-sm text-slate-600">{i18n._('engine.country.none')}</li>}
      </ul>
    </fieldset>
  );
}
