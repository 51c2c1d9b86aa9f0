import { useSyncExternalStore } from 'react';

/** A small toast queue: the API client posts failures here, pages post successes. */
interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast for a few seconds (or until dismissed) and returns its id. */
function push(kind: Toast['kind'], message: string, ms = 4000): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }].slice(-4);
  emit();
  setTimeout(() => dismiss(id), ms);
  return id;
}

export const toast = {
  error: (message: string) => push('error', message),
  success: (message: string) => push('success', message),
  info: (message: string) => push('info', message),
  /** A toast for work in progress: it stays until dismissed (or a minute passes). */
  progress: (message: string) => push('info', message, 60_000),
  dismiss,
};

export function Toaster() {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.message}
        </div>
      ))}
    </div>
  );
}
