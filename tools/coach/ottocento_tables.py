"""Regenerate ``engine/games/ottocento/tables.py``, the table the オットーチェント bot votes on the monte by.

Why a table: the monte question ("throw this deal in?") is worth answering by what playing the deal is
worth to the seat's side, and measuring that by playing sampled deals at every vote would cost a few
hundred bot-only deals per vote.  So the measuring is done here, offline, and the bot reads the result.

How: random deals are played to the end by the bots' rules of thumb (the search's playout policy; the
monte is switched off so that every deal is played), and for every seat the final margin of its side
(its side's score less the other side's, as the score sheet gives them: rounded, declarations included)
is fitted by least squares on what the seat sees when it votes (``bot.monte_features``: its trumps, the
points of its counters, the points of the combinations it can declare), with one constant per seat (the
eldest leads, the dealer has two cards more to choose his discards from).  The share of deals won (a
positive margin, a tie counting half) is then counted for each band of 50 points of the fitted estimate,
so that the hint can say how often such a hand comes out ahead as well as by how much.

Run from the repository root (one CPU for about a minute):

    .venv/bin/python tools/coach/ottocento_tables.py --deals 4000 --seed 11

It prints the fit and the bands, then writes the module.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.games.ottocento.bot import BAND, monte_features, rule_of_thumb  # noqa: E402
from engine.games.ottocento.rules import PACK, SEATS, SIDE_NAMES, TEAM_OF  # noqa: E402
from engine.games.ottocento.state import OttocentoState  # noqa: E402
from engine.games.ottocento.view import view_of  # noqa: E402
from tools.coach.least_squares import SCALE, Row, fit, won_by_band  # noqa: E402

OUT = ROOT / "engine" / "games" / "ottocento" / "tables.py"


def play(rng: random.Random) -> list[Row]:
    """One random deal played out by the rules of thumb: a row per seat."""
    deal = list(PACK.cards())
    rng.shuffle(deal)
    state = OttocentoState(deal, {"monte": False})
    features = [monte_features(state.hands[seat], dict(state.variants)) for seat in range(SEATS)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(rule_of_thumb(view_of(state, seat)).action)
    totals = state.score().totals
    rows: list[Row] = []
    for seat in range(SEATS):
        side = TEAM_OF[seat]
        margin = float(totals[SIDE_NAMES[side]]) - float(totals[SIDE_NAMES[1 - side]])
        rows.append((seat, features[seat], margin))
    return rows


def bands(rows: list[Row], coefficients: list[int]) -> dict[int, int]:
    """Per band of the shipped estimate (its lower bound, in points), the percentage of deals won."""
    return won_by_band(rows, coefficients, SEATS, BAND, 5)


def module(coefficients: list[int], shares: dict[int, int], deals: int, seed: int) -> str:
    return f'''"""The monte table of the オットーチェント bot (written by tools/coach/ottocento_tables.py; do not edit).

{deals} random deals (seed {seed}) played out by the bots' rules of thumb.  A seat's expected margin (its
side's score less the other side's) is SEAT[seat] + TRUMPS * trumps + COUNTERS * counter points +
COMBINATIONS * combination points, all in hundredths of a point; WON gives, for each band of 50 points
of that estimate (its lower bound), the percentage of such deals the side won.
"""

SEAT = {tuple(coefficients[:SEATS])!r}
TRUMPS = {coefficients[SEATS]}
COUNTERS = {coefficients[SEATS + 1]}
COMBINATIONS = {coefficients[SEATS + 2]}
WON = {shares!r}
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = [row for _ in range(args.deals) for row in play(rng)]
    coefficients = [round(c * SCALE) for c in fit(rows, SEATS)]
    shares = bands(rows, coefficients)
    print("seat constants", [c / SCALE for c in coefficients[:SEATS]],
          "per trump", coefficients[SEATS] / SCALE, "per counter point", coefficients[SEATS + 1] / SCALE,
          "per combination point", coefficients[SEATS + 2] / SCALE)
    print("won % by band of the estimate", shares)
    OUT.write_text(module(coefficients, shares, args.deals, args.seed), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
