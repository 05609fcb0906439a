// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogOption } from '../definition';
import { engineI18n } from '../test-fixtures/engine-i18n';
import { ComboboxWidget } from './combobox-widget';

const models: CatalogOption[] = ['Spark', 'Nexia 3', 'Cobalt', 'Lacetti', 'Onix', 'Tracker 2', 'Captiva 5', 'Malibu 2']
  .map((name, i) => ({ value: i + 1, label: name, text: name }));

interface Harness {
  changes: unknown[];
  submits: number;
}

/** The widget in a form, holding its value as rjsf would and recording what it reports. */
function mount(options: { list?: CatalogOption[]; value?: number; readonly?: boolean } = {}): Harness {
  const harness: Harness = { changes: [], submits: 0 };
  function Host() {
    const [value, setValue] = useState<unknown>(options.value);
    const props = {
      id: 'flow-car_model',
      name: 'model',
      label: 'Model',
      value,
      required: true,
      readonly: options.readonly ?? false,
      disabled: false,
      options: { optionsFrom: 'models' },
      onChange: (next: unknown) => {
        harness.changes.push(next);
        setValue(next);
      },
      onBlur: vi.fn(),
      onFocus: vi.fn(),
      registry: { formContext: { locale: 'en', options: { models: options.list ?? models } } },
    } as unknown as WidgetProps;
    return (
      <form onSubmit={(e) => { e.preventDefault(); harness.submits += 1; }}>
        <ComboboxWidget {...props} />
      </form>
    );
  }
  render(
    <I18nProvider i18n={engineI18n('en')}>
      <Host />
    </I18nProvider>,
  );
  return harness;
}

const box = () => screen.getByRole('combobox');
const shownOptions = () => screen.queryAllByRole('option').map((o) => o.textContent);
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string, extra: Record<string, unknown> = {}) => fireEvent.keyDown(box(), { key: name, ...extra });

afterEach(cleanup);

describe('ComboboxWidget', () => {
  it('is a combobox that controls a listbox, closed until asked', () => {
    mount();
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    const list = document.getElementById(box().getAttribute('aria-controls') ?? '');
    expect(list?.getAttribute('role')).toBe('listbox');
    expect(list?.closest('[hidden]')).not.toBeNull();
    expect(shownOptions()).toEqual([]);
  });

  it('narrows the list as the visitor types and says how many are left', () => {
    mount();
    type('ca');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(shownOptions()).toEqual(['Captiva 5']);
    expect(screen.getByRole('status').textContent).toBe('1 option');
    type('a');
    expect(shownOptions()).toHaveLength(7);
    type('zz');
    expect(shownOptions()).toEqual([]);
    expect(screen.getByText(/Nothing found/, { selector: 'p' })).toBeTruthy();
  });

  it('moves through the list with the arrow keys and chooses with Enter, without submitting the form', () => {
    const harness = mount();
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe('flow-car_model-0');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe('flow-car_model-1');
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    key('Enter');
    expect(harness.changes).toEqual([2]);
    expect(harness.submits).toBe(0);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('Nexia 3');
    // With the list closed, Enter is the form's again.
    fireEvent.submit(box().closest('form') as HTMLFormElement);
    expect(harness.submits).toBe(1);
  });

  it('chooses the first match when the visitor types and presses Enter', () => {
    const harness = mount();
    type('cob');
    key('Enter');
    expect(harness.changes).toEqual([3]);
    expect((box() as HTMLInputElement).value).toBe('Cobalt');
  });

  it('chooses an option tapped in the list opened by the chevron', () => {
    const harness = mount({ value: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Show the list: Model' }));
    expect(shownOptions()).toHaveLength(models.length);
    // The chosen option is marked and active when the list opens.
    expect(box().getAttribute('aria-activedescendant')).toBe('flow-car_model-0');
    fireEvent.click(screen.getByRole('option', { name: /Malibu 2/ }));
    expect(harness.changes).toEqual([8]);
  });

  it('shows the whole list when the box itself is tapped, and a second tap leaves it open', () => {
    const harness = mount({ value: 1 });
    fireEvent.click(box());
    expect(shownOptions()).toHaveLength(models.length);
    fireEvent.click(box());
    expect(shownOptions()).toHaveLength(models.length);
    fireEvent.click(screen.getByRole('option', { name: /Malibu 2/ }));
    expect(harness.changes).toEqual([8]);
  });

  it('puts the chosen name back on Escape, and clears the value when the box is left empty', () => {
    const harness = mount({ value: 3 });
    type('xyz');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect((box() as HTMLInputElement).value).toBe('xyz');
    key('Escape');
    expect((box() as HTMLInputElement).value).toBe('Cobalt');
    expect(harness.changes).toEqual([]);
    type('');
    fireEvent.blur(box());
    expect(harness.changes).toEqual([undefined]);
  });

  it('takes a name typed in full when the visitor leaves the box, and undoes any other text', () => {
    const harness = mount();
    type('tracker 2');
    fireEvent.blur(box());
    expect(harness.changes).toEqual([6]);
    type('trac');
    fireEvent.blur(box());
    expect((box() as HTMLInputElement).value).toBe('Tracker 2');
    expect(harness.changes).toEqual([6]);
  });

  it('draws at most a hundred options and says how many more there are', () => {
    mount({ list: Array.from({ length: 340 }, (_, i) => ({ value: i, label: `Trim ${i}`, text: `Trim ${i}` })) });
    act(() => key('ArrowDown'));
    expect(shownOptions()).toHaveLength(100);
    expect(screen.getByText('240 more: keep typing to narrow the list')).toBeTruthy();
    type('trim 33');
    expect(shownOptions()).toEqual(['Trim 33', 'Trim 330', 'Trim 331', 'Trim 332', 'Trim 333', 'Trim 334', 'Trim 335', 'Trim 336', 'Trim 337', 'Trim 338', 'Trim 339', 'Trim 133', 'Trim 233']);
  });

  it('opens nothing when read-only', () => {
    mount({ value: 2, readonly: true });
    key('ArrowDown');
    type('s');
    expect(shownOptions()).toEqual([]);
    expect((box() as HTMLInputElement).readOnly).toBe(true);
  });

  it('says there is nothing to choose from while its list is empty (the choice before it is open)', () => {
    mount({ list: [] });
    key('ArrowDown');
    expect(screen.getByText(/Nothing to choose from yet/)).toBeTruthy();
  });
});
