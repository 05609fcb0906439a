// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { CheckboxWidget } from './choice-widgets';

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
