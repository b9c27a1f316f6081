"""Regenerate ``engine/games/lhombre/tables.py``: what each kind of hand makes of a contract.

The ロンブル bot bids, names trumps and surrenders from these tables (``engine/games/lhombre/bot.py``).
Each table counts, for sampled deals, how a declarer holding a hand of a given cell fared when the
bots played the contract out in every seat (the rules of thumb, the declarer never surrendering):

* ``EXCHANGE``: a game contract in which the declarer exchanges (simple game, spade game, and the
  suits a tourné may turn), the cell read from the hand before the exchange;
* ``SOLO``: a game contract played with the hand as it is (solo, spade solo, and the declarer's hand
  after his exchange when he weighs a surrender);
* ``NOLO``: each nolo contract, the cell being the number of cards that may be forced to take a trick.

The declarer's hand is drawn cell by cell (for the trump tables, 0-3 matadors in equal numbers, which ones
at random, trumps in equal numbers and the trump suit at random; for the nolo ones, random hands kept when
they fall in the cell wanted); the other cards, the seats and the talon are dealt at random.
Run from the repository root: ``.venv/bin/python tools/coach/lhombre_tables.py [--deals N] [--seed S]``
(about eight minutes with the default 80,000 deals).  The output is deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.cards import SUITS, Card, Pack  # noqa: E402
from engine.game import Action  # noqa: E402
from engine.games.lhombre import LHombreState  # noqa: E402
from engine.games.lhombre.bot import game_key, nolo_key, rules_of_thumb, trick_play  # noqa: E402
from engine.games.lhombre.rules import trump_order  # noqa: E402
from engine.games.lhombre.view import view_of  # noqa: E402

PACK = Pack.LHOMBRE40.cards()
OUTPUT = ROOT / "engine" / "games" / "lhombre" / "tables.py"
Counts = dict[object, list[int]]


def policy(state: LHombreState) -> Action:
    """The bots' choice, except that a declarer plays on instead of surrendering (which would read the
    tables being made)."""
    view = view_of(state, state.current_player())
    return (trick_play(view) if view.phase == "play" else rules_of_thumb(view)).action


def played(hand: list[Card], seat: int, word: str, trump: str, rng: random.Random) -> LHombreState:
    """A deal in which ``seat`` holds ``hand`` and declares ``word`` (the others pass), played out."""
    rest = [c for c in PACK if c not in hand]
    rng.shuffle(rest)
    others = iter((rest[:9], rest[9:18]))
    hands = [hand if s == seat else next(others) for s in range(3)]
    state = LHombreState.from_hands([hands[0], hands[1], hands[2] + rest[18:]])
    for s in range(3):
        state.apply(Action(word if s == seat else "pass"))
    if state.phase == "trump":
        state.apply(Action(f"trump{trump}"))
    while not state.is_terminal():
        state.apply(policy(state))
    return state


def trump_hand(rng: random.Random, trump: str) -> list[Card]:
    """A hand with an evenly drawn number of matadors (0-3) and of trumps, the rest at random."""
    order = trump_order(trump)
    matadors = rng.randrange(4)
    trumps = rng.randrange(max(matadors, 1), 9)
    plain = [c for c in PACK if c not in order]
    return (rng.sample(order[:3], matadors) + rng.sample(order[3:], trumps - matadors)
            + rng.sample(plain, 9 - trumps))


def nolo_hand(rng: random.Random) -> list[Card]:
    """A hand dealt at random and kept only if it falls in an evenly drawn nolo cell (0-4 unsafe cards),
    so that every cell is filled with hands as they come, not with hands biased towards low cards."""
    wanted = rng.randrange(5)
    while True:
        hand = rng.sample(PACK, 9)
        if nolo_key(hand) == wanted:
            return hand


def tally(counts: Counts, key: object, state: LHombreState, nolo_penalty: bool) -> None:
    """Add one finished deal to ``key``'s cell: deals, wins, remises, codilles (and for simple nolo the
    sum of its codille penalties, the declarer's tricks − 1)."""
    position = state.position()
    result = position.result
    cell = counts.setdefault(key, [0, 0, 0, 0, 0] if nolo_penalty else [0, 0, 0, 0])
    cell[0] += 1
    cell[1] += result in ("win", "vole", "vole-failed")
    cell[2] += result == "remise"
    cell[3] += result == "codille"
    if nolo_penalty and result == "codille":
        cell[4] += state.tricks[state.declarer] - 1


def sample(deals: int, rng: random.Random, word: str, draw: Callable[[random.Random, str], list[Card]],
           key: Callable[[list[Card], str], object]) -> Counts:
    counts: Counts = {}
    for _ in range(deals):
        trump = "S" if word in ("spade", "spade-solo") else rng.choice(SUITS)
        hand = draw(rng, trump)
        state = played(hand, rng.randrange(3), word, trump, rng)
        tally(counts, key(hand, trump), state, word == "simple-nolo")
    return counts


def render(tables: Sequence[tuple[str, str, Counts]], deals: int, seed: int) -> str:
    lines = ['"""ロンブル: how each kind of hand fared as declarer in sampled deals played out by the bots.',
             "",
             "Generated by tools/coach/lhombre_tables.py (do not edit by hand): "
             f"{deals} deals, seed {seed}.",
             "Trump tables: (matadors, trumps, honours, red, highest matadors) -> (deals, wins, remises, codilles);",
             "nolo tables: unsafe cards -> (deals, wins, remises, codilles, sum of simple-nolo codille penalties).",
             '"""', "", "from __future__ import annotations", ""]
    for name, kind, counts in tables:
        lines.append(f"{name}: dict[{kind}, tuple[int, ...]] = {{")
        lines += [f"    {key!r}: {tuple(cell)!r}," for key, cell in sorted(counts.items())]
        lines += ["}", ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=80_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    share = args.deals // 10
    trump = "tuple[int, int, int, int, int]"
    tables = [
        ("EXCHANGE", trump, sample(4 * share, rng, "simple", trump_hand, game_key)),
        ("SOLO", trump, sample(3 * share, rng, "solo", trump_hand, game_key)),
    ]
    nolo = {word: sample(share, rng, word, lambda r, _: nolo_hand(r), lambda h, _: nolo_key(h))
            for word in ("simple-nolo", "pure-nolo", "nolo-ouvert")}
    tables += [("NOLO_" + word.upper().replace("-", "_"), "int", counts) for word, counts in nolo.items()]
    OUTPUT.write_text(render(tables, args.deals, args.seed), encoding="utf-8")


if __name__ == "__main__":
    main()
