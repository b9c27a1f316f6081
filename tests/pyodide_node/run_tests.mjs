// Run tests/engine with pytest inside Pyodide (CPython 3.14 in WebAssembly) under Node.
// No browser and no network: Pyodide comes from node_modules (npm ci), pytest and its
// dependencies from the pure wheels that ./scripts/setup downloads to build/pyodide-wheels.
//
//   node tests/pyodide_node/run_tests.mjs [extra pytest args, e.g. -k share]
//
// The host folders are mounted so that the repository layout is mirrored under /repo:
//   engine/        -> /repo/engine        (the package; /repo is put on sys.path)
//   tests/engine/  -> /repo/tests/engine  (collected by pytest)
//   build/pyodide-tutorials/ -> /repo/tutorials-json  (the tutorials as JSON: export_tutorials.py)
// Nothing else of the repository is visible: a test that needs more than `engine` fails
// here, and pytest finds no pyproject.toml (rootdir is the tests folder, no inifile).
import { loadPyodide, version } from "pyodide";
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const root = path.resolve(import.meta.dirname, "../..");
const wheelDir = path.join(root, "build", "pyodide-wheels");
const mounts = {
  "/repo/engine": path.join(root, "engine"),
  "/repo/tests/engine": path.join(root, "tests", "engine"),
  "/repo/tutorials-json": path.join(root, "build", "pyodide-tutorials"),
};

function fail(message) {
  console.error(`run_tests.mjs: ${message}`);
  process.exit(2);
}

for (const host of Object.values(mounts)) {
  if (!existsSync(host)) fail(`${host} がありません（tutorials なら python tests/pyodide_node/export_tutorials.py）。`);
}
if (!existsSync(wheelDir)) fail(`${wheelDir} がありません。./scripts/setup を実行してください。`);
const wheels = (await readdir(wheelDir)).filter((f) => f.endsWith(".whl")).sort();
if (!wheels.some((f) => f.startsWith("pytest-"))) fail(`${wheelDir} に pytest の wheel がありません。./scripts/setup を実行してください。`);

// Forward Python's output byte for byte (pytest's progress dots come without newlines).
const writer = (stream) => ({ write: (bytes) => (stream.write(bytes), bytes.length), isatty: false });
const py = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
py.setStdout(writer(process.stdout));
py.setStderr(writer(process.stderr));
console.log(`Pyodide ${version} loaded in ${elapsed()}`);

for (const [target, host] of Object.entries(mounts)) {
  py.FS.mkdirTree(target);
  py.mountNodeFS(target, host);
}
// unpackArchive extracts into the working directory unless told otherwise.
const sitePackages = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  // A Node Buffer is refused ("Unknown typed array type 'Buffer'"): wrap it in a Uint8Array.
  const bytes = new Uint8Array(await readFile(path.join(wheelDir, wheel)));
  py.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}

const args = ["-q", "-p", "no:cacheprovider", "/repo/tests/engine", ...process.argv.slice(2)];
py.globals.set("pytest_args", py.toPy(args));
let rc;
try {
  rc = py.runPython(`
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, "/repo")
os.chdir("/repo/tests/engine")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform}; pytest {pytest.__version__}", flush=True)
int(pytest.main(list(pytest_args)))
`);
} catch (error) {
  // Print the Python traceback, not Pyodide's minified JavaScript around it.
  fail(`Python の実行に失敗しました:\n${error.message}`);
}
console.log(`pytest under Pyodide exited with ${rc} after ${elapsed()}`);
process.exitCode = rc;
