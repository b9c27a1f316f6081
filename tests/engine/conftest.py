"""Shared helpers for the engine tests (these run under CPython and under Pyodide in Node)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

# Under CPython the repository root holds the package; under Pyodide the runner mounts it.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

# The random and bot-only deals allocate millions of small tuples (actions, plays, views) that live for
# a step or a deal; with the default thresholds (700, 10, 10) the collector walks them, and everything
# the session holds, over and over.  The engine makes no reference cycles that need prompt collection,
# so a larger young generation only changes when memory is reclaimed, never what a test computes.
gc.set_threshold(50_000, 20, 20)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Move what collection built (modules, test items, tables) out of the collector's sight: it lives
    for the whole session, and a full collection would otherwise walk it again and again."""
    gc.collect()
    gc.freeze()
