import { useState, type InputHTMLAttributes } from 'react';
import { displayPhone, readPhone } from '../../engine/widgets/normalise';
import { cabinetInputClass } from './cabinet-ui';

/** What a field says of its state to assistive technology (`aria-invalid`, `aria-describedby` naming its error). */
type Described = Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'>;

/**
 * An Uzbek mobile number as the flows' phone widget shows it (`+998 90 123 45 67`, engine's
 * `readPhone`/`displayPhone`); `value` is the stored form (`998` + 9 digits). While the `+998` is
 * being typed it stays as typed.
 */
export function PhoneInput({ id, name, value, onChange, className = '', ...described }: { id: string; name: string; value: string; onChange: (stored: string) => void; className?: string } & Described) {
  const [typingCountryCode, setTypingCountryCode] = useState<string | null>(null);
  return (
    <input
      id={id}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 90 123 45 67"
      className={`${cabinetInputClass} ${className}`}
      value={value ? displayPhone(value) : (typingCountryCode ?? '')}
      onChange={(e) => {
        const read = readPhone(e.target.value);
        setTypingCountryCode(read.typingCountryCode ? e.target.value : null);
        onChange(read.stored);
      }}
      {...described}
    />
  );
}

/** A 6-digit SMS code: digits only, offered from the SMS by the phone (`one-time-code`). */
export function CodeInput({ id, value, onChange, ...described }: { id: string; value: string; onChange: (code: string) => void } & Described) {
  return (
    <input
      id={id}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      className={`${cabinetInputClass} max-w-48 font-mono text-xl tracking-[0.4em]`}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
      {...described}
    />
  );
}
