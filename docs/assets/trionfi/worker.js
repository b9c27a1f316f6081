// Module worker that owns the one Pyodide instance of a visit and answers the widgets.
// onmessage is registered synchronously: Chromium drops messages posted to a module worker
// while a top-level await is pending (tech-notes §7.6), so Pyodide loads lazily in here.
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("../engine/", import.meta.url).href;
let engine = null;

const RELOAD = "ページを再読み込みしてください。直らなければ、サイトの管理者に知らせてください。";

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
  if (type !== "application/wasm") {
    throw new Error(`pyodide.asm.wasm が application/wasm ではなく「${type || "種類なし"}」として配信されています。`
      + "サーバーの設定（README の「公開する」）を確かめてください。");
  }
}

function boot(progress) {
  engine ??= (async () => {
    const start = performance.now();
    progress("pyodide");
    await checkRuntime();
    let loadPyodide;
    try {
      ({ loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs"));
    } catch {
      throw new Error(`Python 実行環境（pyodide.mjs）を読み込めませんでした。${RELOAD}`);
    }
    const py = await loadPyodide({ indexURL: PYODIDE_URL });
    const pyodideMs = performance.now() - start;
    progress("engine");
    const [zip, tutorials] = await Promise.all([
      fetchOk(ENGINE_URL + "engine.zip", "bytes"),
      fetchOk(ENGINE_URL + "tutorials.json", "text"),
    ]);
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lib" });
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib')");
    const web = py.pyimport("engine.web");
    const problem = web.load_tutorials(tutorials);
    if (problem) throw new Error(problem);
    return { handle: web.handle, timings: { pyodideMs, engineMs: performance.now() - start - pyodideMs } };
  })().catch((error) => {
    engine = null; // a failed boot may be retried by the next interaction
    throw error;
  });
  return engine;
}

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const eng = await boot((stage) => self.postMessage({ id, progress: stage }));
    if (request === null) {
      self.postMessage({ id, ok: true, result: { timings: eng.timings } });
      return;
    }
    const started = performance.now();
    const result = JSON.parse(eng.handle(JSON.stringify(request)));
    self.postMessage({ id, ok: true, result, stepMs: performance.now() - started });
  } catch (error) {
    self.postMessage({ id, ok: false, error: String((error && error.message) || error) });
  }
};
