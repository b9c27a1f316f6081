"""Duplicate play against an earlier revision's bots: ``python -m engine duel GAME --against REV``.

Beating random play says little about a coach (#24): these bots already win most deals against it.  So
strength is measured against the bots of a git revision, in duplicate: every shuffle is played once for
each seating (partnerships: this engine's bots as one side, then as the other; games of single players:
this engine's bot in each seat in turn, the earlier bots in the others), so that the luck of the cards
cancels out.  REV's ``engine/`` is extracted with ``git archive`` (as ``scripts/bench --against`` does) and
imported under another package name, and the two engines keep their own states of the same deal in
lockstep: each action is passed across as its text (``SK``, ``discard H9``, ``bid3``), which also checks
that both engines agree on the rules of every position.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

from .bots import BOTS, MAX_DEAL_NUMBER, deal_by_number
from .game import GameState
from .policy import AnyBot

REV_PACKAGE = "trionfi_rev_engine"
ROOT = Path(__file__).resolve().parents[1]
_rev: ModuleType | None = None  # the earlier engine's bots module, once loaded in this process


@contextlib.contextmanager
def engine_of(rev: str) -> Iterator[Path]:
    """A temporary folder holding ``engine/`` as it was at git revision ``rev``; ValueError in Japanese."""
    with tempfile.TemporaryDirectory(prefix="duel-engine-") as folder:
        try:
            archive = subprocess.run(["git", "archive", rev, "engine"], cwd=ROOT, capture_output=True, check=False)
        except OSError:
            raise ValueError("git が見つかりません（--against には git のリポジトリが必要です）。") from None
        if archive.returncode != 0:
            raise ValueError(f"git のリビジョン「{rev}」のエンジンを取り出せません。")
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder) / "engine"


def load_rev(folder: str) -> ModuleType:
    """The ``bots`` module of the engine in ``folder``, imported as package ``REV_PACKAGE`` (its imports are
    relative, so it never touches this engine's modules)."""
    global _rev
    if _rev is None:
        spec = importlib.util.spec_from_file_location(REV_PACKAGE, Path(folder) / "__init__.py",
                                                      submodule_search_locations=[folder])
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules[REV_PACKAGE] = package
        spec.loader.exec_module(package)
        _rev = importlib.import_module(f"{REV_PACKAGE}.bots")
    return _rev


def seatings(bot: AnyBot, variants: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """The seats this engine's bot takes in each playing of a shuffle: each side of a partnership game, or
    each seat in turn where every player scores alone."""
    return bot.sides(variants)


def play_seating(game: str, number: int, ours: tuple[int, ...], times: list[float]) -> Fraction:
    """One playing of deal ``number`` with this engine's bot in ``ours`` and REV's elsewhere: this side's
    total minus the mean total of the other sides."""
    new_bot, old_bot = BOTS[game], loaded_rev().BOTS[game]
    variants = dict(new_bot.bench_variants)
    new = deal_by_number(game, number, variants)
    old = loaded_rev().deal_by_number(game, number, variants)
    if list(map(str, new.deal)) != list(map(str, old.deal)):
        raise ValueError("2つのエンジンの配り札が一致しません。")
    while not new.is_terminal():
        seat = new.current_player()
        if seat in ours:
            start = time.perf_counter()
            action = new_bot.decide(new, seat).action
            times.append(time.perf_counter() - start)
            old.apply(old.parse_action(str(action)))
            new.apply(action)
        else:
            text = str(old_bot.decide(old, seat).action)
            old.apply(old.parse_action(text))
            new.apply(new.parse_action(text))
    if not old.is_terminal():
        raise ValueError("2つのエンジンでディールの終わりが一致しません。")
    return margin(new_bot, new, ours)


def margin(bot: AnyBot, end: GameState, ours: tuple[int, ...]) -> Fraction:
    totals = end.score().totals
    sides = bot.sides(end.variants)
    others = [Fraction(totals[bot.side_name(side[0], end.variants)]) for side in sides if side != ours]
    mine = Fraction(totals[bot.side_name(ours[0], end.variants)])
    return mine - sum(others, Fraction(0)) / len(others)


def loaded_rev() -> ModuleType:
    """REV's ``bots`` module as ``load_rev`` left it in this process (each worker loads it once, at start)."""
    if _rev is None:
        raise RuntimeError("the earlier engine is not loaded in this process")
    return _rev


def play_shuffle(job: tuple[str, int]) -> tuple[Fraction, list[float]]:
    """Deal ``number`` played once per seating: the mean margin and this engine's decision times."""
    game, number = job
    bot, times = BOTS[game], list[float]()
    found = [play_seating(game, number, ours, times) for ours in seatings(bot, dict(bot.bench_variants))]
    return sum(found, Fraction(0)) / len(found), times


def duel(game: str, rev: str, deals: int, seed: int, workers: int) -> dict[str, Any]:
    """This engine's bots against REV's over ``deals`` shuffles (drawn from ``random.Random(seed)``)."""
    rng = random.Random(seed)
    jobs = [(game, rng.randrange(1, MAX_DEAL_NUMBER + 1)) for _ in range(deals)]
    start = time.perf_counter()
    with engine_of(rev) as folder:
        if workers <= 1:
            load_rev(str(folder))
            results = list(map(play_shuffle, jobs))
        else:
            with ProcessPoolExecutor(workers, initializer=load_rev, initargs=(str(folder),)) as pool:
                results = list(pool.map(play_shuffle, jobs, chunksize=max(1, deals // (workers * 16))))
    wall = time.perf_counter() - start
    margins = [m for m, _ in results]
    times = [t for _, ts in results for t in ts]
    mean = sum(margins, Fraction(0)) / len(margins)
    return {"game": game, "against": rev, "deals": deals, "seed": seed,
            "seatings": len(seatings(BOTS[game], dict(BOTS[game].bench_variants))),
            "mean_margin": round(float(mean), 3), "ci95": [round(x, 3) for x in interval(margins)],
            "decision_ms_median": round(statistics.median(times) * 1000, 3) if times else 0.0,
            "decision_ms_mean": round(statistics.fmean(times) * 1000, 3) if times else 0.0,
            "workers": workers, "wall_s": round(wall, 1)}


def interval(values: Sequence[Fraction]) -> tuple[float, float]:
    """A 95% confidence interval of the mean (normal approximation over whole shuffles)."""
    mean = float(sum(values, Fraction(0)) / len(values))
    if len(values) < 2:
        return mean, mean
    half = 1.96 * statistics.stdev(float(v) for v in values) / math.sqrt(len(values))
    return mean - half, mean + half


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))
