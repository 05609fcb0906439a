// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';
import { Toaster } from './toaster';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToaster() {
  const i18n = setupI18n();
  i18n.load('ru', { 'site.error.network': 'Ошибка сети', 'site.toast.close': 'Закрыть', saved: 'Сохранено' });
  i18n.activate('ru');
  const store = createToastStore();
  render(
    <I18nProvider i18n={i18n}>
      <Toaster store={store} />
    </I18nProvider>,
  );
  return store;
}

describe('Toaster', () => {
  it('announces errors as alerts and others as status, translated', () => {
    const store = renderToaster();
    act(() => {
      store.show({ kind: 'error', message: 'site.error.network' });
      store.show({ kind: 'success', message: 'saved' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Ошибка сети');
    expect(screen.getByRole('status').textContent).toBe('Сохранено');
  });

  it('closes on click and pauses while hovered', () => {
    vi.useFakeTimers();
    const store = renderToaster();
    act(() => void store.show({ kind: 'error', message: 'site.error.network' }));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => void store.show({ kind: 'error', message: 'site.error.network' }));
    fireEvent.click(screen.getByRole('button', { name: /Ошибка сети/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
