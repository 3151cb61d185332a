/* global self, caches */
/*
 * The cardholder area's service worker (issue 35 §6, ADR 048), registered with the scope /my or
 * /en/my (the server sends it with `Service-Worker-Allowed: /`). It keeps the app shell: each
 * language's page of the area (network first, the kept copy when offline) and the built files it
 * loads (hashed, so the kept copy is always right). The API is never cached here: the app keeps the
 * last balances itself, with the time they were read.
 */
const CACHE = 'tessera-my-v1';
const SHELLS = ['/my', '/en/my'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELLS))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('tessera-my-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

const shellOf = (pathname) => (pathname.startsWith('/en/') || pathname === '/en' ? '/en/my' : '/my');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    // Network first: a fresh page when online; the kept shell of the language when not.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(shellOf(url.pathname), copy));
          }
          return response;
        })
        .catch(() => caches.match(shellOf(url.pathname)).then((kept) => kept || Response.error())),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || /\.(svg|webmanifest)$/.test(url.pathname)) {
    // Built files: hashed names never change, so the kept copy is served first.
    event.respondWith(
      caches.match(request).then(
        (kept) =>
          kept ||
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
