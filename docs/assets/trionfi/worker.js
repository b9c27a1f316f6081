// Module worker that owns the one Pyodide instance of a visit and answers the widgets.
// onmessage is registered synchronously: Chromium drops messages posted to a module worker
// while a top-level await is pending (tech-notes §7.6), so Pyodide loads lazily in here.
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const ENGINE_URL = new URL("../engine/", import.meta.url).href;
let engine = null;

async function fetchOk(url, kind) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} を取得できませんでした（${response.status}）`);
  return kind === "text" ? response.text() : response.arrayBuffer();
}

function boot(progress) {
  engine ??= (async () => {
    const start = performance.now();
    progress("pyodide");
    const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
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
    web.load_tutorials(tutorials);
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
