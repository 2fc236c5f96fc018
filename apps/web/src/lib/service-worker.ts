/**
 * Registers /sw.js (apps/web/public/sw.js): the offline app shell and Web Push notifications
 * (issue 34 §3). After the page has loaded, so it never competes with the first render.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
