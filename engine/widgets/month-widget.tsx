import { useState } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { describedByIds, inputClass } from '../ui';

/**
 * A month of a year (a pet's birth month), stored `YYYY-MM`, chosen with two selects: the month by
 * its name, the year from this one back `ui:options.years` years (default 20). Until both are
 * chosen nothing is stored, and the half made waits in the widget.
 */
export function MonthWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, htmlName, value, disabled, readonly, autofocus, required, rawErrors, onChange, onBlur, onFocus, options } = props;
  const stored = typeof value === 'string' && /^[0-9]{4}-[0-9]{2}$/.test(value) ? value : '';
  const [draft, setDraft] = useState(() => ({ year: stored.slice(0, 4), month: stored.slice(5, 7) }));
  // A value set from outside (a reset, a draft resumed) replaces the half made.
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    if (stored || (draft.year && draft.month)) setDraft({ year: stored.slice(0, 4), month: stored.slice(5, 7) });
  }
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: (typeof options.years === 'number' ? options.years : 20) + 1 }, (_, i) => String(thisYear - i));
  // A year kept from before (a draft a year old) stays choosable.
  if (draft.year && !years.includes(draft.year)) years.push(draft.year);
  const choose = (next: { year: string; month: string }) => {
    setDraft(next);
    const month = next.year && next.month ? `${next.year}-${next.month}` : '';
    setSeen(month);
    onChange(month || options.emptyValue);
  };
  const invalid = rawErrors && rawErrors.length > 0 ? true : undefined;
  const common = {
    className: inputClass,
    disabled: disabled || readonly,
    required,
    'aria-invalid': invalid,
    'aria-describedby': describedByIds(id),
    onBlur: () => onBlur(id, stored),
    onFocus: () => onFocus(id, stored),
  };
  return (
    <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,2fr)] gap-2">
      <select {...common} id={id} name={(htmlName as string | undefined) || id} autoFocus={autofocus} value={draft.month} onChange={(e) => choose({ ...draft, month: e.target.value })}>
        <option value="">{i18n._('engine.month.choose')}</option>
        {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map((month) => (
          <option key={month} value={month}>
            {i18n._(`engine.month.${Number(month)}`)}
          </option>
        ))}
      </select>
      <select {...common} id={`${id}-year`} aria-label={i18n._('engine.month.year')} value={draft.year} onChange={(e) => choose({ ...draft, year: e.target.value })}>
        <option value="">{i18n._('engine.month.year')}</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
