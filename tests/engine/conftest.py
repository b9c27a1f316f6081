"""Shared helpers for the engine tests (these run under CPython and under Pyodide in Node)."""

from __future__ import annotations

import sys
from pathlib import Path

# Under CPython the repository root holds the package; under Pyodide the runner mounts it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
