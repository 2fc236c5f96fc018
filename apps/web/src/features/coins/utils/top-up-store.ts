import { useSyncExternalStore } from 'react';

/**
 * Which Top Up modal is open, shared by the cards that open it (Top Up button,
 * Buy Bundle list). One modal instance renders it (the top-up card).
 */
export interface TopUpRequest {
  open: boolean;
  /** Opens in bundle mode with this bundle selected. */
  bundleId?: number;
  /** Changes on every open, so the modal resets its steps. */
  nonce: number;
}

let state: TopUpRequest = { open: false, nonce: 0 };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const topUpModal = {
  open(bundleId?: number) {
    state = { open: true, bundleId, nonce: state.nonce + 1 };
    emit();
  },
  close() {
    state = { ...state, open: false };
    emit();
  },
};

export function useTopUpModal(): TopUpRequest {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}
