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
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
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
_rev: tuple[str, ModuleType] | None = None  # the folder and bots module of the earlier engine loaded here


def commit_of(rev: str) -> str:
    """The hash of the commit ``rev`` names, asked of git as a revision and as nothing else.

    ``--end-of-options`` keeps a value such as ``--output=FILE`` from being read as an option, and only
    the hash goes on to ``git archive``: given the value itself, git archive took it as its own option and
    emptied FILE before refusing (D9 of the 2026-12-01 attack)."""
    found = _git("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
    if found.returncode == 128:  # not a repository (git's fatal errors), as opposed to 1: no such revision
        raise ValueError("このフォルダは git のリポジトリではないので、以前のリビジョンを取り出せません。")
    if found.returncode != 0:
        raise ValueError(f"「{rev}」は git のリビジョン（コミット）として見つかりません。")
    return found.stdout.decode("ascii").strip()


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, check=False)
    except OSError:
        raise ValueError("git が見つかりません（以前のリビジョンと比べるには git が必要です）。") from None


@contextlib.contextmanager
def engine_of(rev: str) -> Iterator[Path]:
    """A temporary folder holding ``engine/`` as it was at git revision ``rev``; ValueError in Japanese,
    before anything is extracted, for a revision that is none or whose engine has no bots yet."""
    commit = commit_of(rev)
    if _git("cat-file", "-e", f"{commit}:engine/bots.py").returncode != 0:
        raise ValueError(f"リビジョン「{rev}」のエンジンにはまだコンピューター（engine/bots.py）がありません。")
    with tempfile.TemporaryDirectory(prefix="duel-engine-") as folder:
        archive = _git("archive", commit, "--", "engine")
        if archive.returncode != 0:
            raise ValueError(f"git のリビジョン「{rev}」のエンジンを取り出せません。")
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder) / "engine"


DUEL_NEEDS = ("decide",)  # what duel calls on REV's bot (the margins are counted by this engine's)
STRENGTH_NEEDS = ("game", "decide", "sides", "side_name", "bench_variants", "bench_win")  # bots --rev


def earlier_bot(folder: Path, game: str, rev: str, needs: Sequence[str]) -> AnyBot:
    """REV's bot for ``game``, loaded in this process and checked for what the command calls on it.

    An older revision may lack the game's bot or a part of it; it is refused here in Japanese, before any
    worker starts, instead of as a traceback from deep in the play or a broken process pool (D10)."""
    try:
        module = load_rev(str(folder))
    except Exception as error:  # REV's own code: whatever it raises, that engine cannot be used here
        raise ValueError(f"リビジョン「{rev}」のエンジンを読み込めません（{type(error).__name__}）。") from None
    bots: dict[str, AnyBot] = getattr(module, "BOTS", {})
    bot = bots.get(game)
    if bot is None:
        raise ValueError(f"リビジョン「{rev}」のエンジンには {game} のコンピューターがありません。")
    missing = [name for name in needs if not hasattr(bot, name)]
    missing += [] if hasattr(module, "deal_by_number") else ["deal_by_number"]
    if missing:
        raise ValueError(f"リビジョン「{rev}」の {game} のコンピューターは古く、比べるのに要るもの"
                         f"（{'、'.join(missing)}）がありません。")
    return bot


def load_rev(folder: str) -> ModuleType:
    """The ``bots`` module of the engine in ``folder``, imported as package ``REV_PACKAGE`` (its imports are
    relative, so it never touches this engine's modules).  An engine from another folder replaces the
    one loaded before, modules and all: one process may compare with several revisions in turn."""
    global _rev
    if _rev is None or _rev[0] != folder:
        for name in [name for name in sys.modules if name.partition(".")[0] == REV_PACKAGE]:
            del sys.modules[name]
        spec = importlib.util.spec_from_file_location(REV_PACKAGE, Path(folder) / "__init__.py",
                                                      submodule_search_locations=[folder])
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules[REV_PACKAGE] = package
        spec.loader.exec_module(package)
        _rev = folder, importlib.import_module(f"{REV_PACKAGE}.bots")
    return _rev[1]


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
    return _rev[1]


def play_shuffle(job: tuple[str, int, str]) -> tuple[Fraction, list[float]]:
    """Deal ``number`` played once per seating against revision ``rev``: the mean margin and this engine's
    decision times."""
    game, number, rev = job
    bot, times = BOTS[game], list[float]()
    with failures_of(rev):
        found = [play_seating(game, number, ours, times) for ours in seatings(bot, dict(bot.bench_variants))]
    return sum(found, Fraction(0)) / len(found), times


@contextlib.contextmanager
def failures_of(rev: str) -> Iterator[None]:
    """An error raised in REV's own code as a Japanese refusal that names REV; this engine's errors go on
    as they are.  A revision between two others can be broken itself (e7c9110's Ottocento bot calls its
    search with an argument the search lacks): that says nothing about this engine (D10).  Decided where
    the error is raised, since a worker's traceback does not cross to the parent."""
    try:
        yield
    except Exception as error:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        if _rev is None or not frame.filename.startswith(_rev[0] + os.sep):
            raise
        where = Path(frame.filename).relative_to(Path(_rev[0]).parent).as_posix()
        raise ValueError(f"リビジョン「{rev}」のエンジンがディールの途中で止まりました（{where} の{frame.lineno}行目、"
                         f"{type(error).__name__}）。そのリビジョン自体の誤りです。") from None


@contextlib.contextmanager
def pool_of(workers: int, folder: Path) -> Iterator[ProcessPoolExecutor]:
    """Worker processes with REV loaded, every one of them ended at once if the duel stops early.

    The executor's own exit waits for every shuffle still queued, and SIGTERM used to end the parent
    alone, leaving its workers playing on (D11): on an error, Ctrl+C or SIGTERM (which the command line
    raises as an exception) the queue is dropped and the workers are terminated before the exception
    goes on, so that the temporary engine folder can be removed after them."""
    pool = ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(str(folder),))
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.terminate()
            child.join()
        raise
    pool.shutdown()


def _start_worker(folder: str) -> None:
    """A worker leaves Ctrl+C and SIGTERM to the parent, which ends it (a terminal's Ctrl+C reaches the
    whole process group: each worker would print a traceback of its own)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    load_rev(folder)


def duel(game: str, rev: str, deals: int, seed: int, workers: int) -> dict[str, Any]:
    """This engine's bots against REV's over ``deals`` shuffles (drawn from ``random.Random(seed)``)."""
    rng = random.Random(seed)
    jobs = [(game, rng.randrange(1, MAX_DEAL_NUMBER + 1), rev) for _ in range(deals)]
    start = time.perf_counter()
    with engine_of(rev) as folder:
        earlier_bot(folder, game, rev, DUEL_NEEDS)
        if workers <= 1:
            results = list(map(play_shuffle, jobs))
        else:
            with pool_of(workers, folder) as pool:
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
