import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import type { CatalogOption } from '../definition';
import { choiceId, describedByIds, detailText, inputClass, localeOf, optionsFrom, optionText } from '../ui';
import { searchable, searchOptions } from './option-search';

/** Options drawn at once: more than a visitor scans, few enough to draw on every keystroke of a slow phone. */
const shownAtMost = 100;

/**
 * An editable combobox with a list that narrows as the visitor types (WAI-ARIA 1.2 combobox pattern,
 * list autocomplete): long option lists (a car catalogue's brands, models and trims) from
 * `ui:options.optionsFrom`, or the schema's enum. Stores the option's value; shows its label.
 *
 * Keyboard: typing filters and opens the list; Down and Up open it and move through it; Enter
 * chooses (and does not submit the form while the list is open); Escape closes the list, and a
 * second Escape puts back the chosen option's name; leaving the box (Tab) with a text naming exactly
 * one option chooses it. The chevron button opens the whole list for touch; an option is chosen by a tap.
 * Leaving the box empty clears the value.
 */
export function ComboboxWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, htmlName, value, disabled, readonly, autofocus, required, rawErrors, onChange, onBlur, onFocus, options, registry, label, placeholder } = props;
  const locale = localeOf(registry.formContext);
  const catalog = optionsFrom(registry.formContext, options.optionsFrom);
  const enumOptions = options.enumOptions;
  const entries = useMemo(() => {
    const list: CatalogOption[] = catalog.length > 0 || !enumOptions ? catalog : enumOptions.map((o) => ({ value: o.value as string | number, label: String(o.label) }));
    return list.map((option) => {
      const text = optionText(option, (m) => i18n._(m));
      return searchable({ option, text }, text, locale);
    });
  }, [catalog, enumOptions, i18n, locale]);
  const chosen = entries.find((entry) => entry.item.option.value === value)?.item;
  // null while the visitor is not typing: the box then shows the chosen option's name.
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const matches = useMemo(() => (query === null ? entries.map((entry) => entry.item) : searchOptions(entries, query, locale)), [entries, query, locale]);
  const shown = matches.length > shownAtMost ? matches.slice(0, shownAtMost) : matches;
  const locked = disabled || readonly;
  const listId = `${id}__listbox`;
  const activeId = open && active >= 0 && active < shown.length ? choiceId(id, active) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  useEffect(() => {
    // On a phone the list must not open under the keyboard or the fold.
    if (open) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [open]);

  const choose = useCallback((option: CatalogOption) => {
    setQuery(null);
    setOpen(false);
    setActive(-1);
    if (option.value !== value) onChange(option.value);
  }, [onChange, value]);

  const openAt = useCallback((index: number) => {
    if (locked) return;
    setOpen(true);
    setActive(index);
  }, [locked]);
  const showList = () => openAt(chosen ? shown.indexOf(chosen) : -1);

  /** What leaving the box means: a text naming one option chooses it, an empty box clears the value, anything else is undone. */
  const settle = useCallback(() => {
    if (query !== null) {
      const typed = query.trim();
      const exact = typed === '' ? [] : shown.filter((entry) => entry.text.toLocaleLowerCase(locale) === typed.toLocaleLowerCase(locale));
      if (exact.length === 1 && exact[0]) choose(exact[0].option);
      else if (typed === '' && value !== undefined) onChange(options.emptyValue);
    }
    setQuery(null);
    setOpen(false);
    setActive(-1);
  }, [query, shown, locale, choose, value, onChange, options.emptyValue]);

  const onType = useCallback((e: ChangeEvent<HTMLInputElement>) => {
    if (locked) return;
    setQuery(e.target.value);
    setOpen(true);
    setActive(e.target.value.trim() === '' ? -1 : 0);
  }, [locked]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (locked) return;
    const chosenIndex = chosen ? shown.indexOf(chosen) : -1;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (e.altKey || !open) openAt(open ? active : Math.max(0, chosenIndex));
        else setActive(Math.min(active + 1, shown.length - 1));
        return;
      case 'ArrowUp':
        e.preventDefault();
        if (!open) openAt(chosenIndex >= 0 ? chosenIndex : shown.length - 1);
        else setActive(Math.max(active - 1, 0));
        return;
      case 'Enter': {
        if (!open) return;
        e.preventDefault();
        const pick = shown[active] ?? (shown.length === 1 ? shown[0] : undefined);
        if (pick) choose(pick.option);
        return;
      }
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query !== null) {
          e.preventDefault();
          setQuery(null);
        }
        return;
    }
  };

  const invalid = rawErrors && rawErrors.length > 0;
  const more = matches.length - shown.length;
  return (
    <div className="relative">
      <input
        ref={input}
        id={id}
        name={(htmlName as string | undefined) || id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedByIds(id)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        className={`${inputClass} pr-11`}
        placeholder={i18n._(placeholder || 'engine.combobox.placeholder')}
        value={query ?? chosen?.text ?? ''}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        autoFocus={autofocus}
        onChange={onType}
        onKeyDown={onKeyDown}
        // A tap on the box shows the whole list too: on a phone the chevron is a small target, and a
        // visitor who does not know a trim's name has nothing to type.
        onClick={() => open || showList()}
        onFocus={(e) => {
          e.target.select();
          onFocus(id, value);
        }}
        onBlur={() => {
          settle();
          onBlur(id, value);
        }}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={i18n._('engine.combobox.show', { name: label ? i18n._(label) : '' })}
        aria-controls={listId}
        aria-expanded={open}
        disabled={locked}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 disabled:opacity-50"
        // The box keeps the focus: a tap on the chevron must not blur it (which would close the list).
        onPointerDown={(e) => e.preventDefault()}
        onClick={() => {
          input.current?.focus();
          if (open) setOpen(false);
          else showList();
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-5 w-5 transition-transform ${open ? 'rotate-180' : ''}`} fill="currentColor">
          <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
        </svg>
      </button>
      <div ref={popup} hidden={!open} className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-lg border border-slate-300 bg-white shadow-lg">
        <ul id={listId} role="listbox" aria-label={label ? i18n._(label) : undefined} className="max-h-72 overflow-y-auto overscroll-contain py-1">
          {open && shown.map((entry, index) => (
            <li
              key={String(entry.option.value)}
              id={choiceId(id, index)}
              role="option"
              aria-selected={index === active}
              data-value={String(entry.option.value)}
              className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 ${index === active ? 'bg-sky-100 text-sky-950' : 'text-slate-900'}`}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(entry.option)}
              onPointerMove={() => (index === active ? undefined : setActive(index))}
            >
              <span className={entry === chosen ? 'font-semibold' : undefined}>
                {entry === chosen && <span aria-hidden="true">✓ </span>}
                {entry.text}
              </span>
              {entry.option.details && entry.option.details.length > 0 && (
                <span className="shrink-0 text-right text-sm text-slate-600">
                  {entry.option.details.map((d) => `${i18n._(d.label)} ${detailText(d.value, (m) => i18n._(m))}`).join(' · ')}
                </span>
              )}
            </li>
          ))}
        </ul>
        {open && shown.length === 0 && (
          <p className="px-3 py-2 text-sm text-slate-600">{i18n._(entries.length === 0 ? 'engine.combobox.empty' : 'engine.combobox.none')}</p>
        )}
        {open && more > 0 && <p className="border-t border-slate-200 px-3 py-2 text-sm text-slate-600">{i18n._('engine.combobox.more', { n: more })}</p>}
      </div>
      <span role="status" className="sr-only">
        {open ? i18n._('engine.combobox.count', { n: matches.length }) : ''}
      </span>
    </div>
  );
}
