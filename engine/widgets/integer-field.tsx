import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { useCallback } from 'react';

const rjsfNumberField = getDefaultRegistry().fields.NumberField;

/**
 * rjsf's NumberField for `integer` schemas, without its decimal-separator lookup: that builds an
 * `Intl.NumberFormat` on every render, and a page's first one loads locale data, tens of milliseconds
 * of a phone's main thread in the hydration of every flow page, paid again in part on every redraw.
 * (its `asNumber` asks too). An integer has no decimal separator, so what NumberField does to it
 * comes down to `integerValue`.
 * `number` schemas (none of our steps has one) still get rjsf's own field.
 */
/** What an integer input's text means: a number (`"12"` is 12), undefined once emptied, else the text itself, for the validator to name. */
export function integerValue(value: unknown): unknown {
  if (value === '') return undefined;
  if (typeof value !== 'string') return value;
  const number = Number(value);
  return Number.isNaN(number) ? value : number;
}

export function IntegerField(props: FieldProps) {
  const { onChange, registry, schema } = props;
  const handleChange = useCallback<FieldProps['onChange']>((value, path, errorSchema, id) => onChange(integerValue(value) as typeof value, path, errorSchema, id), [onChange]);
  const { StringField } = registry.fields;
  const Field = schema.type === 'integer' ? StringField : rjsfNumberField;
  if (!Field) throw new Error('rjsf registry without its StringField and NumberField');
  return <Field {...props} onChange={schema.type === 'integer' ? handleChange : onChange} />;
}
