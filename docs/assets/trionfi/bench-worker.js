// Benchmark worker for scripts/bench (not used by the pages): boots a bare Pyodide from the
// site's own copy and reports how long it took. With {engine: true} it also loads the engine
// bundle the way the widget worker does. onmessage is registered synchronously (tech-notes §7.6).
const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const ENGINE_ZIP = new URL("../engine/engine.zip", import.meta.url).href;

self.onmessage = async (event) => {
  const started = performance.now();
  const since = () => performance.now() - started;
  try {
    const { loadPyodide } = await import(PYODIDE_URL + "pyodide.mjs");
    const importMs = since();
    const py = await loadPyodide({ indexURL: PYODIDE_URL });
    const bootMs = since();
    const reply = { ok: true, importMs, bootMs, pyodide: py.version, python: py.runPython("import sys; sys.version.split()[0]") };
    if (event.data && event.data.engine) {
      const response = await fetch(ENGINE_ZIP);
      if (!response.ok) throw new Error(`${ENGINE_ZIP}: HTTP ${response.status}`);
      py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/lib" });
      py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lib'); import engine.web");
      reply.engineMs = since() - bootMs;
    }
    reply.totalMs = since();
    self.postMessage(reply);
  } catch (error) {
    self.postMessage({ ok: false, error: String((error && error.message) || error) });
  }
};
