import { useCallback, useState, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { formatPrice } from '../format';
import { inputClass, type FlowFormContext } from '../ui';
import {
  displayDate,
  displayPhone,
  typedDate,
  normaliseCode,
  normaliseDocument,
  normalisePassport,
  normalisePlate,
  parseAmount,
  parseDisplayDate,
  readPhone,
} from './normalise';
import { displayPassport } from '../passport-text';
import { displayPlate } from '../plate-text';

function common(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, autofocus, required, rawErrors, onBlur, onFocus } = props;
  return {
    id,
    name: (htmlName as string | undefined) || id,
    className: inputClass,
    disabled,
    readOnly: readonly,
    autoFocus: autofocus,
    required,
    'aria-invalid': rawErrors && rawErrors.length > 0 ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onBlur: (e: { target: { value: string } }) => onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => onFocus(id, e.target.value),
  };
}

/**
 * An input for a code typed in Latin capitals and digits (a passport, a plate, a document number):
 * stores what `normalise` makes of the text and shows the stored value as `display` writes it.
 */
function LatinCodeInput({ widget, normalise, display, ...input }: {
  widget: WidgetProps;
  normalise: (raw: string) => string;
  display?: (stored: string) => string;
  placeholder?: string;
  maxLength: number;
  className?: string;
}) {
  const { onChange, options } = widget;
  const value = typeof widget.value === 'string' ? widget.value : '';
  const handle = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => onChange(normalise(e.target.value) || options.emptyValue),
    [onChange, options.emptyValue, normalise],
  );
  return (
    <input
      {...common(widget)}
      type="text"
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      {...input}
      value={display ? display(value) : value}
      onChange={handle}
    />
  );
}

const seriesNormalisers = { 2: (raw: string) => normalisePassport(raw, 2), 3: (raw: string) => normalisePassport(raw, 3) } as const;
const seriesDisplays = { 2: (stored: string) => displayPassport(stored, 2), 3: (stored: string) => displayPassport(stored, 3) } as const;

/** Passport series + number in one string (`AA1234567`); `ui:options.seriesLength` 2 (default) or 3. */
export function PassportWidget(props: WidgetProps) {
  const seriesLength = props.options.seriesLength === 3 ? 3 : 2;
  return (
    <LatinCodeInput
      widget={props}
      normalise={seriesNormalisers[seriesLength]}
      display={seriesDisplays[seriesLength]}
      placeholder={seriesLength === 3 ? 'AAA 1234567' : 'AA 1234567'}
      maxLength={seriesLength + 8}
    />
  );
}

/**
 * A document number with no fixed shape (a foreigner's passport), typed as printed: Latin capitals
 * and digits, spaces and dashes dropped, at most the schema's `maxLength` (15 when it says none).
 */
export function DocumentWidget(props: WidgetProps) {
  const maxLength = typeof props.schema.maxLength === 'number' ? props.schema.maxLength : 15;
  const normalise = useCallback((raw: string) => normaliseDocument(raw, maxLength), [maxLength]);
  return <LatinCodeInput widget={props} normalise={normalise} maxLength={maxLength} className={`${inputClass} font-mono uppercase tracking-wide`} />;
}

/** A vehicle's state number plate, stored `01A123BC` (requirements §5: uppercased), shown `01 A 123 BC`. */
export function PlateWidget(props: WidgetProps) {
  return (
    <LatinCodeInput
      widget={props}
      normalise={normalisePlate}
      display={displayPlate}
      placeholder="01 A 123 BC"
      maxLength={13}
      className={`${inputClass} max-w-56 font-mono uppercase tracking-wide`}
    />
  );
}

/**
 * Uzbek mobile number shown `+998 90 123 45 67`, stored `998901234567`. While the visitor types the
 * country code (`+`, `+9`, `+99`, `+998`) the text stays as typed and nothing is stored yet.
 */
export function PhoneWidget(props: WidgetProps) {
  const { onChange, options } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const handle = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      const { stored, typingCountryCode } = readPhone(e.target.value);
      setCountryCode(typingCountryCode ? e.target.value : null);
      onChange(stored || options.emptyValue);
    },
    [onChange, options.emptyValue],
  );
  const shown = value ? displayPhone(value) : (countryCode ?? '');
  return (
    <input
      {...common(props)}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 90 123 45 67"
      value={shown}
      onChange={handle}
    />
  );
}

/**
 * Date typed and shown `DD.MM.YYYY` (requirements §9), stored ISO `YYYY-MM-DD`. Until the text is a complete,
 * real date the stored value stays empty and the text waits in `formContext.dateDrafts`, where the
 * step's validation finds it. `ui:options`: `min`/`max` (`'today'`, `'today+<days>'` or ISO), `autocomplete` (`bday`).
 */
export function DateWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, onChange, options, registry } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const drafts = (registry.formContext as Partial<FlowFormContext> | undefined)?.dateDrafts;
  const [text, setText] = useState(() => displayDate(value) || drafts?.get(id) || '');
  // A value set from outside (lookup, reset, derived date) replaces what was typed.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== (parseDisplayDate(text) ?? '')) setText(displayDate(value));
  }
  const handle = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => {
      const raw = e.target.value;
      const pasted = parseDisplayDate(raw);
      const next = pasted && /^\d{4}-/.test(raw.trim()) ? displayDate(pasted) : typedDate(text, raw);
      if (next === null) return;
      const iso = parseDisplayDate(next);
      setText(next);
      if (iso || next === '') drafts?.delete(id);
      else drafts?.set(id, next);
      setSeen(iso ?? '');
      onChange(iso ?? options.emptyValue);
    },
    [drafts, id, onChange, options.emptyValue, text],
  );
  return (
    <input
      {...common(props)}
      type="text"
      inputMode="numeric"
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      placeholder={i18n._('engine.date.placeholder')}
      // One more than `DD.MM.YYYY`: a key typed after a complete date starts a new one (`typedDate`).
      maxLength={11}
      className={`${inputClass} max-w-48`}
      value={text}
      onChange={handle}
    />
  );
}

/** Whole UZS amount shown `1 234 567 so'm`. */
export function MoneyWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { onChange, options, id } = props;
  const value = typeof props.value === 'number' ? props.value : undefined;
  const handle = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => onChange(parseAmount(e.target.value) ?? options.emptyValue),
    [onChange, options.emptyValue],
  );
  return (
    <div className="relative">
      <input
        {...common(props)}
        type="text"
        inputMode="numeric"
        className={`${inputClass} pr-16`}
        value={value === undefined ? '' : formatPrice(value)}
        onChange={handle}
      />
      <span id={`${id}__currency`} className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600">
        {i18n._('engine.currency')}
      </span>
    </div>
  );
}

/** Six-digit confirmation code (SMS / card), offered to the OS one-time-code autofill. */
export function Code6Widget(props: WidgetProps) {
  const { onChange, options } = props;
  const value = typeof props.value === 'string' ? props.value : '';
  const handle = useCallback(
    (e: ChangeEvent<HTMLInputElement>) => onChange(normaliseCode(e.target.value) || options.emptyValue),
    [onChange, options.emptyValue],
  );
  return (
    <input
      {...common(props)}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      className={`${inputClass} max-w-40 text-center font-mono text-lg tracking-[0.5em]`}
      value={value}
      onChange={handle}
    />
  );
}

/**
 * A text of several lines (`"ui:widget": "textarea"`: what happened, told in a claim), as long as
 * its schema's `maxLength` allows; empty is no answer, so a required one is asked for.
 */
export function TextareaWidget(props: WidgetProps) {
  const { value, onChange, schema, options } = props;
  return (
    <textarea
      {...common(props)}
      className={`${common(props).className} min-h-32`}
      rows={typeof options.rows === 'number' ? options.rows : 5}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}
