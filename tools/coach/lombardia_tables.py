"""Regenerate ``engine/games/lombardia/tables.py``, the table the ロンバルディアタロット bot votes on the monte by.

Why a table: the monte question ("throw this deal in?") is worth answering by what playing the deal is
worth to the seat's side, and measuring that by playing sampled deals at every vote would cost a few
hundred bot-only deals per vote.  So the measuring is done here, offline, and the bot reads the result.

How: random deals are played to the end by the bots' rules of thumb (the search's playout policy; every
deal is played, as when someone refuses the monte), and for every seat its side's deal score (its side's
points less 36, as the score sheet gives it) is fitted by least squares on what the seat sees when it
votes (``bot.monte_features``: its trumps, its trumps from XVI up, the face points of its counters, its
short suits), with one constant per seat (seat 0 leads first, seat 1 is the dealer's partner, the dealer
holds 21 cards and lays away two).  The share of deals won (a positive score, a tie counting half) is then
counted for each band of 2 points of the fitted estimate, so that the hint can say how often such a hand
comes out ahead as well as by how much.  Last, since a seat is asked only once every seat before it has
agreed to the monte (one refusal ends the vote), the tool measures what that agreement adds to the seat's
estimate: the mean of its side's score less the fit over the deals where the earlier seats' estimates
were all below 0 (their hands weak, so an opponent's agreement is good news and a partner's bad news).

Run from the repository root (one CPU for about a minute):

    .venv/bin/python tools/coach/lombardia_tables.py --deals 6000 --seed 11

It prints the fit and the bands, then writes the module.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.game import Action  # noqa: E402
from engine.games.lombardia.bot import BAND, monte_features, rule_of_thumb  # noqa: E402
from engine.games.lombardia.rules import PACK, SEATS, TEAM_NAMES, team_of  # noqa: E402
from engine.games.lombardia.state import LombardiaState  # noqa: E402
from engine.games.lombardia.view import view_of  # noqa: E402
from tools.coach.least_squares import SCALE, Row, estimate, fit, won_by_band  # noqa: E402

OUT = ROOT / "engine" / "games" / "lombardia" / "tables.py"


def play(rng: random.Random) -> list[Row]:
    """One random deal played out by the rules of thumb: a row per seat."""
    deal = list(PACK.cards())
    rng.shuffle(deal)
    state = LombardiaState(deal)
    features = [monte_features(state.hands[seat], dict(state.variants)) for seat in range(SEATS)]
    state.apply(Action("keep"))
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(rule_of_thumb(view_of(state, seat)).action)
    totals = state.score().totals
    return [(seat, features[seat], float(totals[TEAM_NAMES[team_of(seat)]])) for seat in range(SEATS)]


def bands(rows: list[Row], coefficients: list[int]) -> dict[int, int]:
    """Per band of the shipped estimate (its lower bound, in points), the percentage of deals won."""
    return won_by_band(rows, coefficients, SEATS, BAND, 4)


def agreed(rows: list[Row], coefficients: list[int]) -> list[int]:
    """Per seat, how much better its side does than the fit says when every seat before it has agreed to
    the monte (a seat is asked only then; each earlier seat agreed when its own estimate, shift included,
    was below 0), in hundredths of a point: the earlier seats' agreement tells that their hands are weak."""
    shifts = [0.0] * SEATS
    deals = [rows[i:i + SEATS] for i in range(0, len(rows), SEATS)]
    for seat in range(1, SEATS):
        found = [deal[seat][2] - estimate(seat, deal[seat][1], coefficients, SEATS) for deal in deals
                 if all(estimate(t, deal[t][1], coefficients, SEATS) + shifts[t] < 0 for t in range(seat))]
        shifts[seat] = sum(found) / len(found) if len(found) >= 50 else 0.0
        print(f"seat {seat}: {len(found)} deals with every earlier seat agreeing, shift {shifts[seat]:.2f}")
    return [round(shift * SCALE) for shift in shifts]


def module(coefficients: list[int], shares: dict[int, int], shifts: list[int], deals: int, seed: int) -> str:
    weights = coefficients[SEATS:]
    return f'''"""The monte table of the ロンバルディアタロット bot (written by tools/coach/lombardia_tables.py).

{deals} random deals (seed {seed}) played out by the bots' rules of thumb.  A seat's expected deal score (its
side's points less 36) is SEAT[seat] + TRUMPS * trumps + HIGH * trumps from XVI up + COUNTERS * face
points of its counters + SHORT * suits of at most one card, all in hundredths of a point; WON gives, for
each band of 2 points of that estimate (its lower bound), the percentage of such deals the side won.
A seat votes only after every seat before it has agreed to the monte, which tells that their hands are
weak: AGREED[seat] is what that adds to the seat's estimate (measured on the deals where it happened).
"""

SEAT = {tuple(coefficients[:SEATS])!r}
TRUMPS = {weights[0]}
HIGH = {weights[1]}
COUNTERS = {weights[2]}
SHORT = {weights[3]}
WON = {shares!r}
AGREED = {tuple(shifts)!r}
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = [row for _ in range(args.deals) for row in play(rng)]
    coefficients = [round(c * SCALE) for c in fit(rows, SEATS)]
    shares = bands(rows, coefficients)
    shifts = agreed(rows, coefficients)
    print("seat constants", [c / SCALE for c in coefficients[:SEATS]],
          "per trump, high trump, counter point, short suit", [c / SCALE for c in coefficients[SEATS:]])
    print("won % by band of the estimate", shares)
    OUT.write_text(module(coefficients, shares, shifts, args.deals, args.seed), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
