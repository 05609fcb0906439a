import { useLingui } from '@lingui/react';
import { ariaDescribedByIds, optionId, type WidgetProps } from '@rjsf/utils';
import { formatPrice } from '../format';
import { detailText, optionsFrom, optionText } from '../ui';

/** Radio cards (programs, tariffs): label, detail lines and the price each would give. */
export function ProgramCardsWidget(props: WidgetProps) {
  const { i18n } = useLingui();
  const { id, value, disabled, readonly, onChange, options, registry, label, rawErrors } = props;
  const list = optionsFrom(registry.formContext, options.optionsFrom);
  return (
    <div
      role="radiogroup"
      aria-label={label ? i18n._(label) : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3"
      id={id}
    >
      {list.map((option, index) => {
        const checked = value === option.value;
        const cardId = optionId(id, index);
        return (
          <label
            key={String(option.value)}
            htmlFor={cardId}
            className={`block cursor-pointer rounded-xl border-2 p-4 ${checked ? 'border-sky-700 bg-sky-50' : rawErrors?.length ? 'border-red-300' : 'border-slate-200'}`}
          >
            <span className="flex items-center gap-2">
              <input
                id={cardId}
                type="radio"
                name={id}
                className="h-4 w-4 text-sky-700"
                checked={checked}
                disabled={disabled || readonly}
                onChange={() => onChange(option.value)}
              />
              <span className="font-semibold text-slate-900">{optionText(option, (m) => i18n._(m))}</span>
            </span>
            {option.details && option.details.length > 0 && (
              <dl className="mt-2 space-y-1 text-sm text-slate-600">
                {option.details.map((d) => (
                  <div key={d.label}>
                    <dt>{i18n._(d.label)}</dt>
                    <dd className="whitespace-nowrap font-medium text-slate-800">{detailText(d.value, (m) => i18n._(m))}</dd>
                  </div>
                ))}
              </dl>
            )}
            {option.notes && option.notes.length > 0 && (
              <ul className="mt-2 list-disc space-y-0.5 pl-4 text-sm text-slate-600">
                {option.notes.map((note) => (
                  <li key={note}>{i18n._(note)}</li>
                ))}
              </ul>
            )}
            {option.price !== undefined && (
              <span className="mt-2 block text-lg font-bold text-slate-900">
                {formatPrice(option.price)} {i18n._('engine.currency')}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
