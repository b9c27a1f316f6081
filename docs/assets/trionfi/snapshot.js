// The Python snapshot of a visit (#27): the first start of the engine keeps a copy of Pyodide's memory
// once the engine is imported and the tutorials are read (about 30 MB, in the browser's Cache Storage,
// never downloaded); a later visit starts from it in a fraction of the time instead of starting Python,
// importing the engine and reading the tutorials again.  worker.js uses it.
// * One snapshot at a time, under a key made of everything it depends on: Pyodide's version, the engine
//   bundle's hash, the tutorials' hash and LAYOUT (what worker.js puts into it).  Any new version of
//   these makes a new key, and keeping the new snapshot removes the old one.
// * The cache "trionfi-snapshot" is one the service worker keeps across versions (sw.js): the key
//   already says which version a snapshot belongs to.
// * Without Cache Storage (storage blocked, a private window that refuses, quota full) or the streams that
//   pack it, the engine starts as on a first visit, every time; nothing is ever reported to the reader.
// * It is kept gzip-packed (CompressionStream): about 8 MB of the reader's storage instead of 30, and an
//   eighth as much to write, for a fifth of a second's unpacking on the next visit.
const CACHE = "trionfi-snapshot";
const LAYOUT = "2"; // raise when what loadEngine (worker.js) puts into the snapshot, or how it is kept, changes
const PLACE = new URL("../engine/snapshot/", import.meta.url).href;

async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function keyOf(manifest, tutorials) {
  if (!manifest?.pyodide || !manifest?.engine_zip_sha256) return null;
  const engine = String(manifest.engine_zip_sha256).slice(0, 16);
  return `${PLACE}${LAYOUT}-${manifest.pyodide}-${engine}-${await sha256(tutorials)}`;
}

const nothing = { bytes: null, canKeep: false, used: false, keep() {}, forget() {} };

// What worker.js needs for one start: the stored snapshot's bytes (or null), whether a new one can be kept,
// and the two actions.  ``used`` is true once the stored bytes are given to Pyodide.
async function find(manifest, tutorials) {
  let cache;
  let key;
  try {
    key = await keyOf(manifest, tutorials);
    if (!key || !self.caches || !self.CompressionStream || !self.DecompressionStream) return nothing;
    cache = await caches.open(CACHE);
  } catch {
    return nothing;
  }
  let bytes = null;
  try {
    const hit = await cache.match(key);
    bytes = hit ? new Uint8Array(await new Response(hit.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()) : null;
  } catch {
    bytes = null; // none, or not a packed snapshot: started afresh, and the next one kept replaces it
  }
  return {
    bytes,
    canKeep: true,
    used: bytes !== null,
    // Stored after the boot's answer went out; older snapshots go first, so that two never take space.
    keep(snapshot) {
      (async () => {
        const packed = await new Response(new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
        for (const old of await cache.keys()) await cache.delete(old);
        await cache.put(key, new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
      })().catch(() => {});
    },
    forget() {
      this.used = false;
      cache.delete(key).catch(() => {});
    },
  };
}

export const snapshots = { find };
