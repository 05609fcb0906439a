import { useLingui } from '@lingui/react';

/**
 * The mark of a required field's label, read out as "(required)". A module of its own: widgets loaded
 * with only some flows draw it too, and would otherwise split the field templates off the flow's scripts.
 */
export function RequiredMark() {
  const { i18n } = useLingui();
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-600">
        *
      </span>
      <span className="sr-only">{` (${i18n._('engine.field.required')})`}</span>
    </>
  );
}
