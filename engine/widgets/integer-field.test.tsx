// @vitest-environment jsdom
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntegerField } from './integer-field';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function form(schema: object, onChange: (event: IChangeEvent) => void, uiSchema: object = {}) {
  return render(<Form schema={{ type: 'object', properties: { days: schema } }} uiSchema={{ days: uiSchema }} validator={validator} fields={{ NumberField: IntegerField }} onChange={onChange} />);
}

describe('IntegerField', () => {
  it('gives an integer typed as a number, an emptied input as undefined, and text as text for the validator', () => {
    let days: unknown = null;
    form({ type: 'integer', title: 'Days' }, (event) => (days = (event.formData as { days?: unknown }).days), { 'ui:options': { inputType: 'text' } });
    const typed = (value: string) => {
      fireEvent.change(screen.getByLabelText('Days'), { target: { value } });
      return days;
    };
    expect(typed('12')).toBe(12);
    expect(typed('')).toBeUndefined();
    expect(typed('1x')).toBe('1x');
    expect(typed('-3')).toBe(-3);
  });

  it('builds no number format, however often it draws', () => {
    const formats = vi.spyOn(Intl, 'NumberFormat');
    form({ type: 'integer', title: 'Days' }, () => undefined);
    fireEvent.change(screen.getByLabelText('Days'), { target: { value: '3' } });
    expect(formats).not.toHaveBeenCalled();
  });

  it('leaves a number schema to rjsf’s own field, decimals and all', () => {
    let rate: unknown = null;
    form({ type: 'number', title: 'Rate' }, (event) => (rate = (event.formData as { days?: unknown }).days));
    fireEvent.change(screen.getByLabelText('Rate'), { target: { value: '1.5' } });
    expect(rate).toBe(1.5);
  });
});
