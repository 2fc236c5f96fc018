import { limits } from '@parley/contracts/constants';
import { useSyncExternalStore } from 'react';
import { useI18n } from '../../lib/i18n';

/** Toasts: bottom-right, closing after 3000 ms (spec §9). `toast.*` works from anywhere. */
export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  items = [...items.slice(-3), { id, kind, message }];
  emit();
  setTimeout(() => dismiss(id), limits.toastMs);
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const { t, localize } = useI18n();
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
  return (
    <div className="toaster" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
          </span>
          <span className="toast__message">{localize(item.message)}</span>
          <button type="button" className="toast__close" aria-label={t('commonUi.dismiss')} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
