"""Write every tutorial file as JSON for the engine tests under Pyodide (which has no YAML parser):
build/pyodide-tutorials/tutorials.json, the same list of [file name, data] that the site ships.
Run by ./scripts/test before tests/pyodide_node/run_tests.mjs; the files are validated on the way."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from sitebuild.tutorial_files import read_all  # noqa: E402

if __name__ == "__main__":
    out = ROOT / "build" / "pyodide-tutorials" / "tutorials.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(read_all(ROOT)[1], ensure_ascii=False), encoding="utf-8")
    print(f"export_tutorials: {out.relative_to(ROOT)}")
