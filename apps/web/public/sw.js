/*
 * Parley's service worker (issue 34 §3). It keeps the app shell (index.html and the built,
 * content-hashed /assets/ files) so a reload without network shows the app and its offline
 * banner. It NEVER caches /api/ (answers hold personal data) nor anything that is not a plain
 * same-origin GET. It shows Web Push notifications, whose payload names and quotes nobody.
 */
const CACHE = 'parley-shell-v1';
const SHELL = '/';

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL, response);
  // The entry's scripts and styles, so the cached shell can start offline.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all(assets.map((url) => cache.add(url).catch(() => undefined)));
  // Files of earlier builds go (lazy chunks of this build come back as they are used).
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !assets.includes(path)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isShellAsset = (url) => url.pathname.startsWith('/assets/');
/** Once per worker start: a deploy's new index.html (and its assets) replace the kept ones. */
let shellRefreshed = false;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only our own origin, and never the API, the dev mailbox or metrics.
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api') || url.pathname.startsWith('/dev') || url.pathname.startsWith('/metrics')) return;

  if (request.mode === 'navigate') {
    // Network first; offline, the kept shell. The shell itself is refreshed from '/' (never from the
    // page navigated to: server-rendered pages such as the sandbox card page are not the app).
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && !shellRefreshed) {
            shellRefreshed = true;
            event.waitUntil(cacheShell().catch(() => undefined));
          }
          return response;
        })
        .catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }

  if (isShellAsset(url)) {
    // Content-hashed: a kept copy is always right.
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Parley';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/app-192.png',
      badge: '/icons/app-192.png',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target) ?? windows[0];
      if (open) return open.focus().then((w) => (w && w.url !== target ? w.navigate(target) : w));
      return self.clients.openWindow(target);
    }),
  );
});
