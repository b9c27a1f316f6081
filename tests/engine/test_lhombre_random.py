"""Random full l'Hombre deals checking the invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

import random
from collections import Counter

from helpers import check_generic_step, is_whole_pack, random_deals

from engine.cards import Card, Pack
from engine.game import Action
from engine.games.lhombre import LHombreState
from engine.games.lhombre.rules import TRICKS
from engine.games.lhombre.score import Position


def all_cards(state: LHombreState) -> list[Card]:
    cards = [c for h in state.hands for c in h] + [p.card for p in state.trick] + state.talon + state.discards
    cards += [c for pile in state.piles for c in pile]
    return cards


def check_step(state: LHombreState) -> None:
    assert is_whole_pack(all_cards(state), Pack.LHOMBRE40)
    assert [len(pile) for pile in state.piles] == [3 * n for n in state.tricks]
    check_generic_step(state)


def check_end(state: LHombreState) -> None:
    sheet = state.score()
    assert sum(sheet.totals.values()) == 0, "payments must balance"
    if state.phase == "redeal":
        assert all(state.out) and not any(sheet.totals.values())
        return
    played = sum(state.tricks)
    assert played <= TRICKS and (played == TRICKS or state.surrendered or state.contract.word != "simple-nolo")
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    decl = sheet.totals[state.seat_label(state.declarer)]
    opponents = [v for name, v in sheet.totals.items() if name != state.seat_label(state.declarer)]
    assert decl == -sum(opponents) and len(set(opponents[:2])) == 1, "each opponent pays or receives alike"


def biased(rng: random.Random, state: LHombreState) -> Action:
    """Random play, but the auction and the exchange stay modest so every contract comes up."""
    legal = state.legal_actions()
    if state.phase == "bid":
        return legal[0] if rng.random() < 0.35 or len(legal) == 1 else rng.choice(legal[1:4])
    if state.phase == "exchange" and legal[0].kind == "draw" and rng.random() < 0.4:
        return legal[0]
    if state.phase == "play" and legal[0].kind == "surrender" and rng.random() < 0.9:
        return rng.choice(legal[1:])
    return rng.choice(legal)


def test_random_full_deals() -> None:
    kinds: Counter[str] = Counter()
    for state in random_deals(LHombreState, 20261123, check_step, biased):
        check_end(state)
        kinds[state.phase if state.phase == "redeal" else state.contract.word] += 1
        kinds["early end"] += state.phase == "done" and sum(state.tricks) < TRICKS and not state.surrendered
    assert kinds["redeal"] > 0 and kinds["early end"] > 0
    assert all(kinds[c] > 0 for c in ("simple", "spade", "tourne", "simple-nolo", "solo", "pure-nolo",
                                      "spade-solo", "nolo-ouvert")), kinds
