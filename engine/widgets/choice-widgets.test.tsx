// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { CheckboxWidget, MonthWidget } from './choice-widgets';

function checkbox(options: Record<string, unknown>) {
  const props = {
    id: 'addon',
    name: 'on',
    label: 'Luggage',
    value: false,
    options,
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: { formContext: { locale: 'en', options: { risks: [{ value: 'luggage', label: 'Luggage', price: 50_000 }] } } },
  } as unknown as WidgetProps;
  return render(
    <I18nProvider i18n={engineI18n('en')}>
      <CheckboxWidget {...props} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('CheckboxWidget', () => {
  it('shows the price of the catalog option it adds', () => {
    checkbox({ optionsFrom: 'risks', optionValue: 'luggage' });
    expect(screen.getByLabelText(/Luggage/).closest('div')?.textContent).toContain('+50 000');
  });

  it('is a plain checkbox without a catalog option', () => {
    checkbox({});
    expect(screen.getByLabelText('Luggage').closest('div')?.textContent).not.toContain('+');
  });
});

describe('MonthWidget', () => {
  function month(value: string | undefined, onChange = vi.fn()) {
    const props = { id: 'birth', name: 'birth', label: 'Birth month', value, options: { years: 3 }, onChange, onBlur: vi.fn(), onFocus: vi.fn(), registry: { formContext: { locale: 'en', options: {} } } } as unknown as WidgetProps;
    render(
      <I18nProvider i18n={engineI18n('en')}>
        <MonthWidget {...props} />
      </I18nProvider>,
    );
    return onChange;
  }

  it('stores YYYY-MM once both the month and the year are chosen', () => {
    const onChange = month(undefined);
    const thisYear = new Date().getFullYear();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain(String(thisYear - 3));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).not.toContain(String(thisYear - 4));
    fireEvent.change(document.getElementById('birth') as HTMLSelectElement, { target: { value: '03' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: String(thisYear - 1) } });
    expect(onChange).toHaveBeenLastCalledWith(`${thisYear - 1}-03`);
  });

  it('shows a stored month by its name', () => {
    month('2022-11');
    expect((document.getElementById('birth') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('November');
    expect((screen.getByLabelText('Year') as HTMLSelectElement).value).toBe('2022');
  });
});
