/**
 * A tiny toast store (requirements §9: auto-close after 5000 ms, pause on hover, close on click). React
 * reads it with useSyncExternalStore; messages are message ids, translated when rendered so a
 * language switch also translates open toasts.
 */

export type ToastKind = 'error' | 'info' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** Message id. */
  message: string;
  paused: boolean;
}

export interface ToastStore {
  show(toast: { kind: ToastKind; message: string }): number;
  dismiss(id: number): void;
  pause(id: number): void;
  resume(id: number): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}

export const toastDurationMs = 5000;
const maxVisible = 4;

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  startedAt: number;
  remaining: number;
}

export function createToastStore(durationMs = toastDurationMs, now: () => number = Date.now): ToastStore {
  let items: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const update = (next: readonly Toast[]) => {
    items = next;
    emit();
  };

  function start(id: number, remaining: number) {
    const handle = setTimeout(() => dismiss(id), remaining);
    timers.set(id, { handle, startedAt: now(), remaining });
  }

  function dismiss(id: number) {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
    if (items.some((t) => t.id === id)) update(items.filter((t) => t.id !== id));
  }

  return {
    show({ kind, message }) {
      // The same failure of several parallel calls is one toast, not a stack of copies.
      const same = items.find((t) => t.kind === kind && t.message === message);
      if (same) return same.id;
      const id = nextId++;
      const overflow = items.length >= maxVisible ? items.slice(0, items.length - maxVisible + 1) : [];
      overflow.forEach((t) => dismiss(t.id));
      update([...items, { id, kind, message, paused: false }]);
      start(id, durationMs);
      return id;
    },
    dismiss,
    pause(id) {
      const timer = timers.get(id);
      if (!timer?.handle) return;
      clearTimeout(timer.handle);
      timers.set(id, { handle: null, startedAt: timer.startedAt, remaining: Math.max(0, timer.remaining - (now() - timer.startedAt)) });
      update(items.map((t) => (t.id === id ? { ...t, paused: true } : t)));
    },
    resume(id) {
      const timer = timers.get(id);
      if (!timer || timer.handle) return;
      start(id, timer.remaining);
      update(items.map((t) => (t.id === id ? { ...t, paused: false } : t)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
}

export const toasts = createToastStore();
