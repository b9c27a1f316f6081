"""The duplicate benchmark and the auction statistics (python -m engine duel / auctions).

The duel needs git and subprocesses, so it runs under CPython only; the auction statistics run anywhere."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from helpers import ctrl_c_as_at_a_terminal

from engine import duel
from engine.__main__ import main
from engine.auctions import auctions, outcome
from engine.bots import BOTS, deal_by_number, play_out, strength
from engine.game import GameState, Variants
from engine.policy import Choice
from engine.review import coach_of

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
cpython_only = pytest.mark.skipif(sys.platform == "emscripten", reason="git and subprocesses")


@cpython_only
@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_bot_against_its_own_copy_comes_out_level(game: str) -> None:
    """This engine loaded a second time as "the earlier revision": both engines must agree on every
    position (lockstep by action text), and identical bots must come out exactly level over the seatings of
    a shuffle (each seat's luck of the cards is met once by either engine)."""
    duel.load_rev(str(ENGINE))
    for number in (3, 11):
        margin, times = duel.play_shuffle((game, number, "HEAD"))
        assert margin == 0 and times


@cpython_only
def test_the_margin_is_this_side_minus_the_mean_of_the_others() -> None:
    bot = BOTS["rotarot"]
    end = play_out(deal_by_number("rotarot", 5), lambda state, seat: bot.decide(state, seat).action)
    totals = [Fraction(end.score().totals[bot.side_name(s, end.variants)]) for s in range(4)]
    assert duel.margin(bot, end, (2,)) == totals[2] - (totals[0] + totals[1] + totals[3]) / 3


def test_the_interval_is_the_normal_one_over_shuffles() -> None:
    low, high = duel.interval([Fraction(1), Fraction(3)])  # mean 2, sd sqrt(2), n 2
    assert low == pytest.approx(2 - 1.96) and high == pytest.approx(2 + 1.96)
    assert duel.interval([Fraction(5)]) == (5.0, 5.0)


@cpython_only
def test_a_revision_git_does_not_know_is_refused_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "lombardia", "--against", "no-such-revision", "--deals", "2"]) == 2
    assert "リビジョン" in capsys.readouterr().err
    assert main(["duel", "lombardia", "--against", "HEAD", "--deals", "0"]) == 2
    assert "--deals" in capsys.readouterr().err


@cpython_only
def test_the_duel_prints_one_json_object_against_a_real_revision(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duel", "napoletanisch", "--against", "HEAD", "--deals", "2", "--workers", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals"] == 2 and figures["seatings"] == 2
    low, high = figures["ci95"]
    assert low <= figures["mean_margin"] <= high


def test_the_benchmark_against_random_play_deals_the_same_shuffles_whatever_the_bots_play() -> None:
    """Two sets of bots (two revisions) are compared on the same shuffles: the random seats draw from
    generators of their own, so a bot that plays differently (here: always the first legal card) cannot
    change which shuffles come next, as a generator shared with the random seats did."""
    bot = BOTS["napoletanisch"]  # any game: the quickest bot keeps the test short

    def first_legal(view: object) -> Choice:
        return Choice(view.legal[0], bot.rules[0], "")  # type: ignore[attr-defined]

    dealt: dict[str, list[int]] = {"coach": [], "first": []}
    for key, player in (("coach", bot), ("first", dataclasses.replace(bot, choose=first_legal))):
        def dealer(game: str, number: int, variants: Variants, key: str = key) -> GameState:
            dealt[key].append(number)
            return deal_by_number(game, number, variants)
        strength(player, 6, 4, dealer)
    assert dealt["coach"] == dealt["first"] and len(set(dealt["coach"])) == 3  # 3 shuffles, 2 seatings each


@cpython_only
def test_an_earlier_revisions_bots_meet_the_same_random_play(capsys: pytest.CaptureFixture[str]) -> None:
    """``bots --rev REV`` plays REV's bots through this benchmark: identical bots give identical figures."""
    rev = duel.load_rev(str(ENGINE))
    mine = strength(BOTS["napoletanisch"], 4, 2)
    theirs = strength(rev.BOTS["napoletanisch"], 4, 2, rev.deal_by_number)
    assert (mine["bot_win_share"], mine["mean_margin"]) == (theirs["bot_win_share"], theirs["mean_margin"])
    assert main(["bots", "napoletanisch", "--deals", "2", "--rev", "HEAD", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["bots_of"] == "HEAD" and figures["deals"] == 2


# --- 2026-12-01 attack: the revision's command line (D9, D10, D11) ---------------------------------------
@cpython_only
@pytest.mark.parametrize("argv", [["duel", "lhombre", "--deals", "1", "--workers", "1", "--against=--output={}"],
                                  ["bots", "lhombre", "--deals", "1", "--rev=--output={}"]])
def test_a_revision_that_reads_as_an_option_is_refused_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """D9: git archive took ``--output=FILE`` as its own option and emptied FILE before refusing."""
    precious = tmp_path / "precious.txt"
    precious.write_text("data\n", encoding="utf-8")
    assert main([arg.format(precious) for arg in argv]) == 2
    assert "「--output=" in capsys.readouterr().err
    assert precious.read_text(encoding="utf-8") == "data\n" and list(tmp_path.iterdir()) == [precious]


def in_history(rev: str) -> bool:
    """Whether this clone has ``rev`` (a shallow one may not)."""
    found = subprocess.run(["git", "cat-file", "-e", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True, check=False)
    return found.returncode == 0


@cpython_only
@pytest.mark.parametrize(("argv", "said"), [
    (["bots", "lhombre", "--deals", "2", "--rev", "a93ff9b"], "engine/bots.py"),  # before any bot
    (["duel", "lhombre", "--against", "a93ff9b", "--deals", "2", "--workers", "2"], "engine/bots.py"),
    (["duel", "rotarot", "--against", "ddb8aff~1", "--deals", "1", "--workers", "1"], "rotarot のコンピューター"),
    (["bots", "rotarot", "--deals", "2", "--rev", "ddb8aff~1"], "rotarot のコンピューター"),
    (["bots", "lombardia", "--deals", "1", "--rev", "d832658"], "bench_win"),  # bots, but no benchmark yet
    (["bots", "ottocento", "--deals", "2", "--rev", "e7c9110"], "ottocento/bot.py"),  # a broken revision
    (["duel", "ottocento", "--against", "e7c9110", "--deals", "2", "--workers", "2"], "ottocento/bot.py"),
])
def test_a_revision_without_what_the_command_needs_is_refused_in_japanese(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    """D10: these gave a ModuleNotFoundError, a BrokenProcessPool, a KeyError, an AttributeError and (an
    error in that revision's own code) a TypeError."""
    if not in_history(argv[-1] if argv[0] == "bots" else argv[3]):
        pytest.skip("a shallow clone without that revision")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("エラー: リビジョン「") and said in err


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, read from Linux's /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except (OSError, NotADirectoryError):
            continue
        if entry.name.isdigit() and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def cpu_seconds(pid: int) -> float:
    fields = (Path("/proc") / str(pid) / "stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # user and system time


def playing_workers(process: subprocess.Popen[str], count: int) -> list[int]:
    """The duel's worker processes once all ``count`` have played for a fifth of a CPU-second each, far
    beyond any process's start (a bound on the wait, not a timing: the test asserts no duration)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        workers = children(process.pid)
        if len(workers) == count and all(cpu_seconds(worker) >= 0.2 for worker in workers):
            return workers
        time.sleep(0.05)
    raise AssertionError("the duel's workers never started")


@cpython_only
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="finds the workers in Linux's /proc")
@pytest.mark.parametrize(("stop", "status", "said"), [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "Ctrl+C")])
def test_a_stopped_duel_ends_its_workers_and_removes_its_engine(tmp_path: Path, stop: signal.Signals, status: int,
                                                               said: str) -> None:
    """D11: after SIGTERM the workers played on and the duel-engine-* folder stayed; Ctrl+C (sent to the
    whole process group, as a terminal does) printed a traceback."""
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "duel", "rotarot", "--against", "HEAD", "--deals", "1000", "--workers", "2"],
        cwd=ROOT, env={**os.environ, "TMPDIR": str(tmp_path)}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True, preexec_fn=ctrl_c_as_at_a_terminal)
    try:
        workers = playing_workers(process, 2)
        os.killpg(process.pid, stop) if stop == signal.SIGINT else process.send_signal(stop)
        out, err = process.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):  # nothing left in the group, as it should be
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert (process.returncode, out) == (status, "")
    assert err.count("\n") == 1 and said in err and "Traceback" not in err
    assert not any(map(running, workers)) and list(tmp_path.iterdir()) == []


def test_auction_statistics_add_up() -> None:
    figures = auctions("rotarot", 12, 3)
    assert sum(figures["contracts"].values()) == 12
    assert figures["declared"] == 12 - figures["contracts"].get("ramsch", 0) - figures["contracts"].get("passed", 0)
    assert figures["ramsch_share"] == round(figures["contracts"].get("ramsch", 0) / 12, 4)
    hombre = auctions("lhombre", 12, 3)
    assert sum(hombre["contracts"].values()) == 12 and 0 <= hombre["codille_share"] <= 1


def test_the_outcome_names_the_contract_and_its_declarer() -> None:
    """Played by the rules of thumb alone (the playouts' policy): the outcome is read from the finished
    deal, whoever chose the moves, and these 29 deals bring every result (a win, a remise, a codille, a
    deal passed out) at a fiftieth of the searching bots' cost."""
    bot, coach = BOTS["lhombre"], coach_of("lhombre")
    results = set()
    for number in range(1, 30):
        end = play_out(deal_by_number("lhombre", number),
                       lambda state, seat: coach.rules(coach.view(state, seat)).action)
        found = outcome(end)
        if found.declarer is None:
            assert found.contract == "passed"
            results.add("passed")
            continue
        net = Fraction(end.score().totals[bot.side_name(found.declarer, end.variants)])
        result = getattr(end.position(), "result")  # noqa: B009 (l'Hombre's Position, not the protocol)
        assert found.success == (net >= 0 and not found.codille and result != "remise")
        assert found.codille == (result == "codille")
        results.add(result)
    assert results == {"win", "remise", "codille", "passed"}
