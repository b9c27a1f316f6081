// Module worker that owns the one Pyodide instance of a visit and answers the widgets.
// onmessage is registered synchronously: Chromium drops messages posted to a module worker
// while a top-level await is pending (tech-notes §7.6), so Pyodide loads lazily in here.
import { snapshots } from "./snapshot.js";

const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("../engine/", import.meta.url).href;
const SITE_URL = new URL("../../", import.meta.url).href; // the manifest's paths start here
const ENGINE_PATH = "assets/engine/engine.zip"; // the bundle's path in the manifest
const PROGRESS_EVERY_MS = 100;
const STALL_MS = 30000;
let engine = null;

const RELOAD = "ページを再読み込みしてください。直らなければ、サイトの管理者に知らせてください。";
// A file answered with something else (a login page, a proxy's error page): most likely the reader's network.
const REPLACED = `（公衆無線 LAN のログイン画面などに差し替えられたようです）。接続を確かめてから、${RELOAD}`;

async function fetchOk(url, kind) {
  const name = url.split("/").pop();
  let response;
  try {
    response = await fetch(url);
  } catch {
    throw new Error(`${name} を読み込めませんでした（通信が切れたようです）。${RELOAD}`);
  }
  if (!response.ok) throw new Error(`${name} がサーバーにありません（HTTP ${response.status}）。${RELOAD}`);
  return kind === "text" ? response.text() : response.arrayBuffer();
}

// A missing .wasm, or one served with another type, makes Pyodide wait silently until the
// widget's time limit: ask the server first (a HEAD request) and say what is wrong at once.
async function checkRuntime() {
  const url = PYODIDE_URL + "pyodide.asm.wasm";
  let response;
  try {
    response = await fetch(url, { method: "HEAD", cache: "no-store" });
  } catch {
    throw new Error(`Python 実行環境（pyodide.asm.wasm）に接続できませんでした。${RELOAD}`);
  }
  if (!response.ok) {
    throw new Error(`Python 実行環境のファイル pyodide.asm.wasm がサーバーにありません（HTTP ${response.status}）。${RELOAD}`);
  }
  const type = (response.headers.get("content-type") || "").split(";")[0].trim();
  if (type === "text/html") {
    throw new Error(`Python 実行環境のファイル pyodide.asm.wasm の代わりにウェブページが届きました${REPLACED}`);
  }
  if (type !== "application/wasm") {
    throw new Error(`pyodide.asm.wasm が application/wasm ではなく「${type || "種類なし"}」として配信されています。`
      + "サーバーの設定（README の「公開する」）を確かめてください。");
  }
}

// The manifest scripts/sitebuild/vendor.py writes: what the boot downloads, {URL: bytes}, the versions that
// name a stored snapshot, and each file's size and SHA-256 as built (``files``, ``sha256``).  Without it the
// boot still runs, only the status line shows no byte count, no snapshot is kept and no file is checked.
async function readManifest() {
  try {
    const manifest = JSON.parse(await fetchOk(ENGINE_URL + "manifest.json", "text"));
    const sizes = new Map(Object.entries(manifest.files).map(([path, bytes]) => [new URL(path, SITE_URL).href, bytes]));
    return { sizes, manifest };
  } catch {
    return { sizes: new Map(), manifest: null };
  }
}

// Counts the download's bytes as they arrive, for the status line of a reader who waits, and watches the
// runtime's own downloads.  Pyodide fetches the .wasm, the stdlib and its lock file itself, so while the
// boot runs the worker's fetch passes the responses of the manifest's files through a counting stream
// (nothing is fetched twice, and only from the site's own copy); the two .mjs files come through import()
// and count when it ends.  A runtime file whose download fails (refused, cut off, not there) is passed to
// ``failed`` at once: Pyodide itself only logs a .wasm it could not instantiate and then waits for ever.
function meter(sizes, report, failed) {
  const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  let loaded = 0;
  let shown = 0;
  const add = (bytes) => {
    if (!total) return;
    loaded = Math.min(total, loaded + bytes);
    if (performance.now() - shown < PROGRESS_EVERY_MS && loaded < total) return;
    shown = performance.now();
    report(loaded, total);
  };
  const stall = stallWatch(failed);
  const plainFetch = self.fetch;
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const runtime = url.startsWith(PYODIDE_URL);
    const name = url.split("/").pop();
    const transfer = runtime ? stall.open() : { alive() {}, end() {} };
    let response;
    try {
      response = await plainFetch(input, init);
    } catch (error) {
      transfer.end();
      if (runtime) failed(`Python 実行環境のファイル ${name} を読み込めませんでした（通信が切れたようです）。${RELOAD}`);
      throw error;
    }
    transfer.alive();
    if (runtime && !response.ok) failed(`Python 実行環境のファイル ${name} がサーバーにありません（HTTP ${response.status}）。${RELOAD}`);
    if (!(runtime || sizes.has(url)) || !response.body) {
      transfer.end();
      return response;
    }
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (error) {
          transfer.end();
          if (runtime) failed(`Python 実行環境のファイル ${name} の読み込みが途中で切れました。${RELOAD}`);
          controller.error(error);
          return;
        }
        if (chunk.done) {
          transfer.end();
          return controller.close();
        }
        transfer.alive();
        if (sizes.has(url)) add(chunk.value.byteLength);
        return controller.enqueue(chunk.value);
      },
      cancel: (reason) => {
        transfer.end();
        return reader.cancel(reason);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
  // Pyodide's word for a .wasm it could not start (a download cut short, a broken file): it goes on waiting.
  const plainWarn = console.warn;
  console.warn = (...args) => {
    if (args[0] === "wasm instantiation failed!") {
      failed(`Python 実行環境（pyodide.asm.wasm）を起動できませんでした（ファイルが途中で切れているか壊れています）。${RELOAD}`);
    }
    plainWarn.apply(console, args);
  };
  if (total) report(0, total);
  return {
    imported: (url) => add(sizes.get(url) ?? 0),
    stop: () => {
      stall.stop();
      self.fetch = plainFetch;
      console.warn = plainWarn;
    },
  };
}

// A runtime download that receives nothing for STALL_MS (a server that stopped answering) is reported
// then, not at the widget's 120 s limit.  Only while a download is open: starting Python takes no bytes.
function stallWatch(failed) {
  let open = 0;
  let timer = 0;
  const arm = () => {
    clearTimeout(timer);
    timer = open ? setTimeout(() => failed(`Python 実行環境の読み込みが${STALL_MS / 1000}秒止まったままです`
      + `（通信が切れたようです）。${RELOAD}`), STALL_MS) : 0;
  };
  return {
    open() {
      let ended = false;
      open += 1;
      arm();
      return {
        alive: arm,
        end() {
          if (ended) return;
          ended = true;
          open -= 1;
          arm();
        },
      };
    },
    stop() {
      open = 0;
      arm();
    },
  };
}

// Whether ``bytes`` are the file the build made at ``path`` (a path of the manifest); by their size alone on a
// page the browser gives no crypto.subtle (plain http other than localhost, where no service worker runs).
async function isBuilt(bytes, path, manifest) {
  if (bytes.byteLength !== manifest.files[path]) return false;
  if (!self.crypto?.subtle) return true;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("") === manifest.sha256[path];
}

// The engine bundle as the build made it, or a Japanese message (a login page or a proxy's error page
// answered in its place would otherwise reach Python as a zip it cannot open).
async function checkBundle(zip, manifest) {
  if (manifest?.sha256 && !(await isBuilt(zip, ENGINE_PATH, manifest))) {
    throw new Error(`ルールエンジンのファイル（engine.zip）がこのサイトのものとは違う内容で届きました${REPLACED}`);
  }
  return zip;
}

// After a failed start: the copies of the engine's files kept in Cache Storage (the service worker's, sw.js)
// that are not the build's bytes are dropped, so that the next start fetches them again.  A service worker
// of an earlier version kept whatever it was answered; this one keeps only the build's files.  True when a
// copy was dropped (client.js then starts once more in a new worker before telling the reader anything).
async function dropForeignCopies(manifest) {
  if (!manifest?.sha256 || !self.caches) return false;
  let dropped = false;
  try {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const path of Object.keys(manifest.sha256)) {
        const url = new URL(path, SITE_URL).href;
        const copy = await cache.match(url);
        if (copy && !(await isBuilt(await copy.arrayBuffer(), path, manifest))) {
          dropped = (await cache.delete(url)) || dropped;
        }
      }
    }
  } catch {
    // Cache Storage refused: nothing was kept there either
  }
  return dropped;
}

async function importRuntime(name, progress) {
  let module;
  try {
    module = await import(PYODIDE_URL + name);
  } catch {
    throw new Error(`Python 実行環境（${name}）を読み込めませんでした。${RELOAD}`);
  }
  progress.imported(PYODIDE_URL + name);
  return module;
}

// The boot; when it fails, a copy of the engine's files Cache Storage held that is not the build's is dropped
// first (``refetch`` on the error: a new worker may start again).
async function start(report) {
  const read = readManifest();
  try {
    return await startWith(read, report);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    throw Object.assign(failure, { refetch: await dropForeignCopies((await read).manifest) });
  }
}

// Everything is requested at once: the two modules (pyodide.asm.mjs is imported here so that its bytes
// count; Pyodide's own import of the same URL then finds it loaded), the runtime files Pyodide fetches,
// and the engine's files, which are unpacked once Python runs.  A visit after the first starts Python from
// the snapshot the first one kept (snapshot.js), several times faster than starting it afresh.
async function startWith(read, report) {
  const started = performance.now();
  let stage = "pyodide";
  report({ stage, loaded: 0, total: 0 });
  const [, { sizes, manifest }] = await Promise.all([checkRuntime(), read]);
  let fail;
  let downloadFailed = false;
  const failure = new Promise((_, reject) => (fail = (message) => {
    downloadFailed = true;
    reject(new Error(message));
  }));
  failure.catch(() => {}); // raced below; a failure after the boot is of no interest
  const progress = meter(sizes, (loaded, total) => report({ stage, loaded, total }), fail);
  try {
    const engineFiles = Promise.all([
      fetchOk(ENGINE_URL + "engine.zip", "bytes").then((zip) => checkBundle(zip, manifest)),
      fetchOk(ENGINE_URL + "tutorials.json", "text"),
    ]);
    engineFiles.catch(() => {}); // awaited below; a failure is reported there
    const [[{ loadPyodide }], [zip, tutorials]] = await Promise.all([
      Promise.all([importRuntime("pyodide.mjs", progress), importRuntime("pyodide.asm.mjs", progress)]),
      engineFiles]);
    const kept = await snapshots.find(manifest, tutorials);
    const load = (options) => Promise.race([loadPyodide({ indexURL: PYODIDE_URL, ...options }), failure]);
    const fresh = () => load({ _makeSnapshot: kept.canKeep });
    let py;
    try {
      py = kept.bytes ? await load({ _loadSnapshot: kept.bytes }) : await fresh();
    } catch (error) {
      if (!kept.used || downloadFailed) throw error;
      kept.forget(); // a stored snapshot this runtime cannot start from: start afresh, and keep a new one
      py = await fresh();
    }
    const pyodideMs = performance.now() - started;
    stage = "engine";
    report({ stage, loaded: 0, total: 0 });
    const handle = loadEngine(py, zip, tutorials, kept);
    return { handle, timings: { pyodideMs, engineMs: performance.now() - started - pyodideMs, snapshot: kept.used } };
  } finally {
    progress.stop();
  }
}

// The engine's files are unpacked on every start (a module imported later is read from them); from a
// snapshot the engine is already imported and the tutorials read.  Otherwise the snapshot is taken right
// after the tutorials are read, before any request: it then holds exactly what every visit starts from.
// Pyodide restores a snapshot only into the memory it starts with (30 MiB in 314.0.7; a larger one fails
// with "offset is out of bounds"), so the engine is imported before the tutorials' text comes in (taken
// first, it left the imports too little room about two times in three), and a snapshot whose memory grew
// is not kept: every later visit would pay a failed restore before starting afresh.
function loadEngine(py, zip, tutorials, kept) {
  const memory = py._module.HEAP8.length; // as Pyodide started: what a snapshot must fit in
  try {
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lib" });
  } catch {
    // a bundle no manifest could check, and no zip: said in Japanese rather than as Python's traceback
    throw new Error(`ルールエンジンのファイル（engine.zip）が壊れていて開けませんでした。${RELOAD}`);
  }
  if (!kept.used) {
    // Each game's bot is imported on its own before engine.web: imported all at once through engine.web, the
    // nested imports grew the memory from 30 to 36 MiB (measured under Node with Pyodide 314.0.7), and a
    // snapshot whose memory grew is not kept; one game at a time they fit in the memory Pyodide starts with.
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
    py.runPython("import importlib, engine.games\nfor game in engine.games.GAMES: importlib.import_module(f'engine.games.{game}.bot')");
    py.runPython("import engine.web");
    py.globals.set("trionfi_tutorials", tutorials);
    const problem = py.runPython("engine.web.load_tutorials(trionfi_tutorials)");
    py.runPython("del trionfi_tutorials");
    if (problem) throw new Error(problem);
    if (kept.canKeep && py._module.HEAP8.length === memory) {
      try {
        kept.keep(py.makeMemorySnapshot());
      } catch {
        // no snapshot this time: the next visit starts afresh, as this one did
      }
    }
  }
  return py.pyimport("engine.web").handle;
}

// The one boot of the worker, however many requests wait for it (the preload and a click may both ask).
function boot(report) {
  engine ??= start(report).catch((error) => {
    engine = null; // a failed boot may be retried by the next interaction
    throw error;
  });
  return engine;
}

// Progress is sent to the page as a whole ({progress: {stage, loaded, total}}, no request id): every
// widget waiting for this one boot shows it.
self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const eng = await boot((progress) => self.postMessage({ progress }));
    if (request === null) {
      self.postMessage({ id, ok: true, result: { timings: eng.timings } });
      return;
    }
    const started = performance.now();
    const result = JSON.parse(eng.handle(JSON.stringify(request)));
    self.postMessage({ id, ok: true, result, stepMs: performance.now() - started });
  } catch (error) {
    const refetch = Boolean(error?.refetch); // a stored copy was dropped: client.js starts once more
    self.postMessage({ id, ok: false, error: String((error && error.message) || error), refetch });
  }
};
