"""Regenerate ``engine/games/rotarot/tables.py``, the tables the ロタロット bot bids by.

Why tables: a bid is judged by what the contract is worth to the seat, and measuring that by playing
sampled deals at every bid would cost far too much at decision time (a whole deal per sample, seven
bid levels).  So the measuring is done here, offline, and the bot reads the result.

How: for each sampled deal one seat is made declarer at every bid level in turn (the seats before it
pass, it bids, everybody passes), and the deal is played out by the bots, the exchange included.  The
declarer's card points are fitted by least squares on the features of the hand as the seat sees it
while bidding (``bot.bid_features``: the hand, the five widow cards lying face up, the exchange the
bid would bring, Solo or not), separately for 4 and 3 players.  One fit serves Solo and the other bids
alike (Solo differs by its own term), so that a very strong hand, rare in the samples, is rated the
same way at every level.  The scatter of real deals around the fit (its standard deviation, apart for
Solo) turns an estimate into a chance of reaching 55.5.  Half the deals
take the seat with the strongest hand by a fixed count of its cards (the hands that bid, where accuracy
matters most), half a seat at random, so the samples do not depend on the tables being replaced.

Run from the repository root (one CPU for a few minutes):

    .venv/bin/python tools/coach/rotarot_tables.py --deals 1200 --seed 7

It prints the fit, the chance the tables give against the share of contracts made (by tenths) and
the mean net they promise against the net found, then writes the module.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from fractions import Fraction
from math import erf, sqrt
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.bots import MAX_DEAL_NUMBER, deal_by_number  # noqa: E402
from engine.game import Action  # noqa: E402
from engine.games.rotarot import RotarotState  # noqa: E402
from engine.games.rotarot.bot import BOT, TARGET, bid_features, ceiling, worth  # noqa: E402
from engine.games.rotarot.rules import BID_WORDS, BIDS, BONUS, HALVES  # noqa: E402
from engine.games.rotarot.view import view_of  # noqa: E402

OUT = ROOT / "engine" / "games" / "rotarot" / "tables.py"
Row = tuple[dict[str, float], float, int, float]  # features, declarer's points, bid, declarer's net


def declared(number: int, players: int, seat: int, k: int) -> RotarotState:
    """Deal ``number`` with ``seat`` declarer at bid ``k`` (the seats before it pass, then all the others)."""
    state = deal_by_number("rotarot", number, {"players": players})
    assert isinstance(state, RotarotState)
    for _ in range(seat):
        state.apply(Action("pass"))
    state.apply(Action(BID_WORDS[k]))
    while state.phase == "bid":
        state.apply(Action("pass"))
    return state


def declarer_points(state: RotarotState) -> float:
    """The declarer's card points: his tricks, his discard, and the widow left over when it is his."""
    assert state.declarer is not None
    cards = [*state.piles[state.declarer], *state.discard]
    if state.variants["widow_rest"] == "declarer":
        cards += state.widow
    return sum(HALVES[False][c] for c in cards) / 2


def sample(number: int, players: int, rng: random.Random, best: bool) -> list[Row]:
    """One deal played at every bid level by one seat: the best-rated seat, or one at random."""
    start = deal_by_number("rotarot", number, {"players": players})
    views = [view_of(start, s) for s in range(players)]
    seat = (max(range(players), key=lambda s: sum(worth(c) for c in views[s].hand)) if best
            else rng.randrange(players))
    rows = []
    for k in BIDS:
        state = declared(number, players, seat, k)
        while not state.is_terminal():
            state.apply(BOT.decide(state, state.current_player()).action)
        net = float(Fraction(state.score().totals[BOT.side_name(seat, state.variants)]))
        rows.append((bid_features(views[seat], k), declarer_points(state), k, net))
    return rows


def fit(rows: list[Row]) -> dict[str, float]:
    """Least squares (normal equations, a tiny ridge against features that never vary)."""
    keys = list(rows[0][0])
    size = len(keys)
    matrix = [[0.0] * (size + 1) for _ in range(size)]
    for features, target, _, _ in rows:
        x = [float(features[key]) for key in keys]
        for i in range(size):
            for j in range(size):
                matrix[i][j] += x[i] * x[j]
            matrix[i][size] += x[i] * target
    for i in range(size):
        matrix[i][i] += 1e-6
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        for r in range(size):
            if r != col and matrix[r][col]:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return {key: round(matrix[i][size] / matrix[i][i], 2) for i, key in enumerate(keys)}


def predict(weights: dict[str, float], features: dict[str, float]) -> float:
    return sum(weights[key] * value for key, value in features.items())


def spreads(weights: dict[str, float], rows: list[Row]) -> dict[bool, float]:
    """The standard deviation of real points around the fit, for Solo and for the other bids."""
    found = {}
    for solo in (False, True):
        errors = [points - predict(weights, f) for f, points, k, _ in rows if (k == 0) == solo]
        found[solo] = round(statistics.pstdev(errors), 2)
    return found


def calibration(players: int, weights: dict[str, float], spread: dict[bool, float], rows: list[Row]) -> None:
    """Print the chance the tables give against the share made, and the net they promise against the net
    found, by tenths of chance."""
    bins: dict[int, list[tuple[float, bool, float, float]]] = {}
    for features, points, k, net in rows:
        mean = min(predict(weights, features), ceiling(features))
        chance = 0.5 * (1 + erf((mean - TARGET) / (spread[k == 0] * sqrt(2))))
        promised = (mean - 55 + BONUS[k] * (2 * chance - 1)) * (players - 1)
        bins.setdefault(min(9, int(chance * 10)), []).append((chance, points > 55, promised, net))
    for tenth, found in sorted(bins.items()):
        print(f"  chance {tenth / 10:.1f}-{(tenth + 1) / 10:.1f}: {len(found):5d} contracts, "
              f"made {sum(m for _, m, _, _ in found) / len(found):.2f}, "
              f"net promised {statistics.fmean(p for _, _, p, _ in found):+7.1f} "
              f"found {statistics.fmean(n for _, _, _, n in found):+7.1f}")


def module(weights: dict[int, dict[str, float]], spread: dict[int, dict[bool, float]], deals: int, seed: int) -> str:
    lines = ['"""The ロタロット bidding tables: do not edit by hand, regenerate them with',
             f"``tools/coach/rotarot_tables.py --deals {deals} --seed {seed}``.",
             "",
             "``WEIGHTS[players]``: the declarer's expected card points as a sum over the features of the hand he",
             "would play (``bot.bid_features``), fitted on bot-played deals; ``SPREAD[players][solo]``: the standard",
             'deviation of real deals around that estimate, for Solo and for the other bids."""',
             "",
             "WEIGHTS: dict[int, dict[str, float]] = {"]
    for players, found in weights.items():
        items = [f'"{key}": {value}' for key, value in found.items()]
        text, row = f"    {players}: {{", list[str]()
        for item in items:
            if len(text) + len(", ".join([*row, item])) > 112:
                lines.append(text + ", ".join(row) + ",")
                text, row = "        ", []
            row.append(item)
        lines.append(text + ", ".join(row) + "},")
    lines.append("}")
    lines.append("SPREAD: dict[int, dict[bool, float]] = {" + ", ".join(
        f"{players}: {{False: {found[False]}, True: {found[True]}}}" for players, found in spread.items()) + "}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1200, help="sampled deals per table (each played 7 times)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    weights: dict[int, dict[str, float]] = {}
    spread: dict[int, dict[bool, float]] = {}
    for players in (4, 3):
        rng = random.Random(args.seed * 10 + players)
        rows = [row for i in range(args.deals)
                for row in sample(rng.randrange(1, MAX_DEAL_NUMBER + 1), players, rng, i % 2 == 0)]
        weights[players] = fit(rows)
        spread[players] = spreads(weights[players], rows)
        print(f"{players} players: {len(rows)} contracts, weights {weights[players]}, spread {spread[players]}")
        calibration(players, weights[players], spread[players], rows)
    args.out.write_text(module(weights, spread, args.deals, args.seed), encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
