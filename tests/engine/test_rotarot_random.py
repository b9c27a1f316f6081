"""Random full Rotarot deals checking the invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from helpers import DEALS, check_generic_step, is_whole_pack, random_deals

from engine.cards import Card, Pack
from engine.game import Action
from engine.games.rotarot import Position, RotarotState, card_value, policy
from engine.tricks import trick_winner


def all_cards(state: RotarotState) -> list[Card]:
    cards = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    cards += [p.card for p in state.trick] + state.discard + state.widow
    return cards


def check_step(state: RotarotState) -> None:
    assert is_whole_pack(all_cards(state), Pack.TAROT78)
    if state.results and not state.trick:  # the state's own winner rule agrees with the shared trick core
        assert state.results[-1] == trick_winner(state.last_plays, policy(state.ramsch, state.variants), None)
    check_generic_step(state)


def check_end(state: RotarotState) -> None:
    sheet = state.score()
    assert sum(sheet.totals.values()) == 0, "payments must balance"
    if state.phase == "abandoned":
        return
    n = state.n
    assert len(state.results) == 72 // n and all(not h for h in state.hands)
    assert sum((card_value(c) for c in Pack.TAROT78.cards()), Fraction(0)) == 110
    assert sum((card_value(c, True) for c in Pack.TAROT78.cards()), Fraction(0)) == 105
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    if not state.ramsch:
        assert len(state.discard) == state.contract and len(state.widow) == 6 - (state.contract or 0)


def bidding_biased(rng: random.Random, state: RotarotState) -> Action:
    """Random play, but the auction passes often so Ramsch deals come up as well."""
    legal = state.legal_actions()
    return legal[0] if state.phase == "bid" and rng.random() < 0.6 else rng.choice(legal)


def test_random_full_deals() -> None:
    kinds: Counter[str] = Counter()
    for state in random_deals(RotarotState, 20261122, check_step, bidding_biased):
        check_end(state)
        kinds["ramsch" if state.ramsch else state.phase if state.phase == "abandoned" else "contract"] += 1
    assert kinds["ramsch"] > 0 and kinds["contract"] > DEALS // 2
