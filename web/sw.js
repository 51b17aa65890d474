/**
 * The app's service worker: it keeps every file of the app in a cache of its own, so that after a
 * first visit the app loads and plays with no network. The build (vite.config.ts) writes the list of
 * files and a version (a hash of their contents) into this file as sw.js: a new build is a new
 * version, which the browser installs beside the old one; once it takes over, the old cache is
 * deleted. Every request for a file of the app is answered from the cache (the app's page, at its
 * folder's address or at index.html, whatever its query), anything else from the network.
 */
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `klondike-solver-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('klondike-solver-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // the app's page, whatever the query or the hash after it; any other file by its own address
  const page = new URL('index.html', self.registration.scope);
  const isPage = request.mode === 'navigate' && (url.pathname === page.pathname || `${url.pathname}index.html` === page.pathname);
  event.respondWith(
    caches.open(CACHE).then(async (cache) => (await cache.match(isPage ? page.href : request, { ignoreSearch: true })) ?? fetch(request)),
  );
});
