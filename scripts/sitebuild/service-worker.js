// The site's service worker (#27), published as /sw.js by scripts/sitebuild/offline.py, which puts the
// build's BUILD = {version, precache, runtime} in front of this file.
// * Install: every page and site asset of this build into the cache trionfi-site-<version>; the new
//   worker then waits while a tab still shows the previous version (offline.js offers
//   「新しい版があります — 再読み込み」 and sends "skip-waiting" when the reader asks), so that one tab never
//   mixes pages, scripts and engine of two versions.
// * Pyodide's files and the engine bundle: cached on first use, in caches named by their own version
//   (trionfi-pyodide-314.0.7, trionfi-engine-<hash>), so that an update replaces exactly what changed.
//   A page sends "warm" once its engine booted, for a boot that began before this worker controlled it.
// * Everything else of the site: the cache first, then the network; a page not in the cache and not
//   reachable gets the site's 404 page.  Requests to other origins are never made (the site has none).
const SCOPE = new URL("./", self.location.href).href;
const SITE_CACHE = `trionfi-site-${BUILD.version}`;
const RUNTIME = Object.entries(BUILD.runtime).map(([name, group]) => ({
  cache: `trionfi-${name}-${group.version}`,
  urls: group.paths.map((path) => new URL(path, SCOPE).href),
}));
// trionfi-snapshot: the engine's Python snapshot (assets/trionfi/snapshot.js), whose key names its versions.
const CURRENT = new Set([SITE_CACHE, ...RUNTIME.map((group) => group.cache), "trionfi-snapshot"]);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SITE_CACHE).then((cache) =>
    cache.addAll(BUILD.precache.map((path) => new Request(new URL(path, SCOPE), { cache: "reload" })))));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("trionfi-") && !CURRENT.has(name))
      .map((name) => caches.delete(name)));
    await self.clients.claim(); // the first visit's page too, so that its engine's files are cached
  })());
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "warm") event.waitUntil(warm());
});

// Copies into the runtime caches whatever of them is still missing (the browser's HTTP cache
// usually has it, since the page's boot fetched it a moment ago).
async function warm() {
  for (const group of RUNTIME) {
    const cache = await caches.open(group.cache);
    for (const url of group.urls) {
      if (await cache.match(url)) continue;
      const response = await fetch(url);
      if (response.ok) await cache.put(url, response);
    }
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!["GET", "HEAD"].includes(request.method) || !url.href.startsWith(SCOPE)) return;
  const address = url.origin + url.pathname;
  const group = RUNTIME.find((g) => g.urls.includes(address));
  event.respondWith(group ? fromRuntime(event, group, address) : fromSite(event, url));
});

// HEAD (the worker asks whether the .wasm is served as application/wasm) is answered from the stored GET.
const headersOnly = (response) => new Response(null, { status: response.status, headers: response.headers });

async function fromRuntime(event, group, address) {
  const cache = await caches.open(group.cache);
  const hit = await cache.match(address);
  if (hit) return event.request.method === "HEAD" ? headersOnly(hit) : hit;
  const response = await fetch(event.request);
  if (event.request.method === "GET" && response.ok) event.waitUntil(cache.put(address, response.clone()));
  return response;
}

async function fromSite(event, url) {
  const { request } = event;
  const cache = await caches.open(SITE_CACHE);
  const page = url.pathname.endsWith("/") || url.pathname.endsWith(".html");
  // a share link's ?w=…&s=… and Material's ?q=/?h= are read by the page's scripts: the same page
  const hit = await cache.match(request.url, { ignoreSearch: page, ignoreVary: true });
  if (hit) return request.method === "HEAD" ? headersOnly(hit) : hit;
  try {
    const response = await fetch(request);
    if (request.method === "GET" && response.ok && !page) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const missing = page && (await cache.match(new URL("404.html", SCOPE).href));
    if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
    throw error;
  }
}
