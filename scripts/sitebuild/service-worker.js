// The site's service worker (#27), published as /sw.js by scripts/sitebuild/offline.py, which puts the
// build's BUILD = {version, precache, runtime} in front of this file; each file comes with its size and
// SHA-256 as built ({url, bytes, sha256}).
// * Nothing is kept that is not what the build made (issue 40): an answer is stored only when its size and
//   SHA-256 are the build's, so that a 200 answer of something else (a proxy's error page, a hotel Wi-Fi's
//   login page) is passed on once and never served again in the file's place.
// * Install: every page and site asset of this build into the cache trionfi-site-<version>, all or nothing
//   (one answer that is not the build's file fails the install; the browser tries again at a later visit);
//   the new worker then waits while a tab still shows the previous version (offline.js offers
//   「新しい版があります — 再読み込み」 and sends "skip-waiting" when the reader asks), so that one tab never
//   mixes pages, scripts and engine of two versions.
// * Pyodide's files and the engine bundle: cached on first use, in caches named by their own version
//   (trionfi-pyodide-314.0.7, trionfi-engine-<hash>), so that an update replaces exactly what changed.
//   A page sends "warm" once its engine booted, for a boot that began before this worker controlled it.
//   A copy stored by an earlier worker that cannot start the engine is dropped by the page (worker.js).
// * Everything else of the site: the cache first, then the network; a page not in the cache and not
//   reachable gets the site's 404 page.  Requests to other origins are never made (the site has none).
const SCOPE = new URL("./", self.location.href).href;
const SITE_CACHE = `trionfi-site-${BUILD.version}`;
const RUNTIME = Object.entries(BUILD.runtime).map(([name, group]) => ({
  cache: `trionfi-${name}-${group.version}`,
  urls: group.files.map((file) => new URL(file.url, SCOPE).href),
}));
// What the build made, by address: {bytes, sha256}.
const BUILT = new Map([...BUILD.precache, ...Object.values(BUILD.runtime).flatMap((group) => group.files)]
  .map((file) => [new URL(file.url, SCOPE).href, file]));
// trionfi-snapshot: the engine's Python snapshot (assets/trionfi/snapshot.js), whose key names its versions.
const CURRENT = new Set([SITE_CACHE, ...RUNTIME.map((group) => group.cache), "trionfi-snapshot"]);

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The answer as a response to store when it is the build's file at ``address``, else null.
async function asBuilt(address, response) {
  const file = BUILT.get(address);
  if (!file || !response.ok) return null;
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength !== file.bytes || (await sha256(bytes)) !== file.sha256) return null;
  const { status, statusText, headers } = response;
  return new Response(bytes, { status, statusText, headers });
}

async function store(cacheName, address, response) {
  const kept = await asBuilt(address, response);
  if (kept) await (await caches.open(cacheName)).put(address, kept);
}

// All or nothing: every file is fetched and checked before the first one is stored.
async function precache() {
  const files = await Promise.all(BUILD.precache.map(async (file) => {
    const address = new URL(file.url, SCOPE).href;
    const kept = await asBuilt(address, await fetch(address, { cache: "reload" }));
    if (!kept) throw new Error(`${file.url}: not the file this version of the site was built with`);
    return [address, kept];
  }));
  const cache = await caches.open(SITE_CACHE);
  await Promise.all(files.map(([address, kept]) => cache.put(address, kept)));
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

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
      if (!(await cache.match(url))) await store(group.cache, url, await fetch(url, { cache: "no-cache" }));
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
  if (event.request.method !== "GET") return fetch(event.request);
  // revalidated: a wrong answer the browser's HTTP cache may hold is not taken for the file
  const response = await fetch(address, { cache: "no-cache" });
  event.waitUntil(store(group.cache, address, response.clone()));
  return response;
}

// A file the build did not list (a source map, another language's search) is kept on first use unless the
// answer is a page: a page is never kept in a file's place.
const isPage = (response) => /^\s*(text\/html|application\/xhtml\+xml)\b/i
  .test(response.headers.get("content-type") || "");

async function fromSite(event, url) {
  const { request } = event;
  const cache = await caches.open(SITE_CACHE);
  const page = url.pathname.endsWith("/") || url.pathname.endsWith(".html");
  // a share link's ?w=…&s=… and Material's ?q=/?h= are read by the page's scripts: the same page
  const hit = await cache.match(request.url, { ignoreSearch: page, ignoreVary: true });
  if (hit) return request.method === "HEAD" ? headersOnly(hit) : hit;
  try {
    const response = await fetch(request);
    const address = url.origin + url.pathname;
    if (request.method !== "GET" || !response.ok) return response;
    // a file of the list missing from the cache (the browser emptied it) is kept again, if it is the build's
    if (BUILT.has(address)) event.waitUntil(store(SITE_CACHE, address, response.clone()));
    else if (!page && !isPage(response)) event.waitUntil(cache.put(request, response.clone()));
    return response;
  } catch (error) {
    const missing = page && (await cache.match(new URL("404.html", SCOPE).href));
    if (missing) return new Response(missing.body, { status: 404, headers: missing.headers });
    throw error;
  }
}
