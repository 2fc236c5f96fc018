/**
 * Whether Parley can reach its server (issue 34 §3, the offline banner): false while the browser
 * says it is offline, or since a request failed without an answer until the next one gets one.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let requestsFailing = false;

const notify = () => listeners.forEach((listener) => listener());

/** The API client reports each request: answered (whatever the status) or not reached at all. */
export function reportServerReached(reached: boolean) {
  if (requestsFailing === !reached) return;
  requestsFailing = !reached;
  notify();
}

export function isOffline(): boolean {
  return requestsFailing || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

export function subscribeNetworkStatus(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
