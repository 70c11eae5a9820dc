// The service worker: keeps the page's own files so that the page still
// opens for a moment the server is out of reach (a phone between rooms, a
// server restarting). Every value still comes from the server: nothing
// under /api/ is kept or answered from here. Files are asked of the
// server first (a new binary may serve a new page) and taken from the
// copy only when the server cannot be reached.

const SHELL = 'sixdice-shell-v4';
const FILES = ['/', '/style.css', '/icon.svg', '/manifest.webmanifest', '/app.js', '/api.js', '/dom.js',
  '/format.js', '/game.js', '/longsolve.js', '/advice.js', '/advise.js', '/others.js', '/seats.js', '/board.js', '/play.js', '/farkle.js', '/scorepad.js', '/follow.js',
  '/review.js', '/luck.js', '/compare.js'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(SHELL).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== SHELL).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  e.respondWith(fetch(e.request)
    .then((res) => {
      if (res.ok && FILES.includes(url.pathname)) {
        const copy = res.clone();
        caches.open(SHELL).then((c) => c.put(url.pathname, copy));
      }
      return res;
    })
    .catch(() => caches.match(url.pathname).then((hit) => hit || Response.error())));
});
