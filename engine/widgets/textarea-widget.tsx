import type { WidgetProps } from '@rjsf/utils';
import { common } from './text-widgets';

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
