// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { CheckboxWidget, SelectWidget } from './choice-widgets';
import { ProgramCardsWidget } from './program-cards-widget';
import { MonthWidget } from './month-widget';

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

describe('SelectWidget', () => {
  it('lists a catalog in the page\'s alphabet when asked to sort by label, else in the catalog\'s order', () => {
    // Countries come by code; in Russian, Kyrgyzstan (KG) goes before Japan (JP).
    const countries = [{ value: 'IT', label: 'Италия' }, { value: 'JP', label: 'Япония' }, { value: 'KG', label: 'Киргизия' }];
    const select = (options: Record<string, unknown>) => {
      const props = {
        id: 'country', name: 'country', label: 'Country', value: undefined, options: { optionsFrom: 'countries', ...options },
        onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(),
        registry: { formContext: { locale: 'ru', options: { countries } } },
      } as unknown as WidgetProps;
      render(
        <I18nProvider i18n={engineI18n('ru')}>
          <SelectWidget {...props} />
        </I18nProvider>,
      );
      const names = screen.getAllByRole('option').filter((option) => option.getAttribute('value') !== '').map((option) => option.textContent);
      cleanup();
      return names;
    };
    expect(select({ sort: 'label' })).toEqual(['Италия', 'Киргизия', 'Япония']);
    expect(select({})).toEqual(['Италия', 'Япония', 'Киргизия']);
  });
});

describe('ProgramCardsWidget', () => {
  it('lists a program\'s notes (what it covers) under its details, translated', () => {
    const programs = [{ value: 1, label: 'Start', details: [{ label: 'Sum insured', value: '30 000 000' }], notes: ['Road accidents', 'Fire'], price: 300_000 }];
    const props = {
      id: 'program', name: 'programId', label: 'Program', value: 1, options: { optionsFrom: 'programs' },
      onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(),
      registry: { formContext: { locale: 'en', options: { programs } } },
    } as unknown as WidgetProps;
    render(
      <I18nProvider i18n={engineI18n('en')}>
        <ProgramCardsWidget {...props} />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Road accidents', 'Fire']);
    expect(screen.getByLabelText(/Start/).closest('label')?.textContent).toContain('30 000 000');
  });

  it('writes a rate in its details with the decimal separator of the page\'s language, and an amount with its currency', () => {
    const programs = [{ value: 1, label: 'Comfort', details: [{ label: 'Rate', value: '1.5 %' }, { label: 'Sum', value: { uzs: 30_000_000 } }] }];
    for (const [locale, rate, sum] of [['en', '1.5 %', '30 000 000 UZS'], ['ru', '1,5 %', '30 000 000 сум'], ['uz', '1,5 %', '30 000 000 soʻm']] as const) {
      const props = {
        id: 'program', name: 'programId', label: 'Program', value: 1, options: { optionsFrom: 'programs' },
        onChange: vi.fn(), onBlur: vi.fn(), onFocus: vi.fn(),
        registry: { formContext: { locale, options: { programs } } },
      } as unknown as WidgetProps;
      const view = render(
        <I18nProvider i18n={engineI18n(locale)}>
          <ProgramCardsWidget {...props} />
        </I18nProvider>,
      );
      expect([...view.container.querySelectorAll('dd')].map((dd) => dd.textContent?.replace(/\s/g, ' '))).toEqual([rate, sum]);
      view.unmount();
    }
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
