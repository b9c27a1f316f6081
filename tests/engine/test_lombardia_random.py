"""Random full deals checking the invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

from helpers import DEALS, check_generic_step, is_whole_pack, random_deals

from engine.cards import Card, Pack
from engine.games.lombardia import LombardiaState, Position, card_value


def all_cards(state: LombardiaState) -> list[Card]:
    cards = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    cards += [p.card for p in state.trick] + state.discard
    return cards


def check_step(state: LombardiaState) -> None:
    assert is_whole_pack(all_cards(state), Pack.TAROT78)
    check_generic_step(state)


def check_end(state: LombardiaState) -> None:
    sheet = state.score()
    if state.phase == "abandoned":
        assert set(sheet.totals.values()) == {0}
        return
    v = state.variants
    expected_pack = 71 + (int(v["xxi_value"]) - 5) + (1 if v["odd_pair_scores"] else 0)
    assert sum(card_value(c, v) for c in Pack.TAROT78.cards()) == 71 + int(v["xxi_value"]) - 5
    assert sum(sheet.totals.values()) == expected_pack - 72
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    assert len(state.tricks) == 19 and all(len(h) == 0 for h in state.hands)


def test_random_full_deals() -> None:
    finished = abandoned = 0
    # uniform random actions: at the monte half the answers agree, so ~1/16 deals are thrown in
    for state in random_deals(LombardiaState, 20261122, check_step):
        check_end(state)
        finished += state.phase == "done"
        abandoned += state.phase == "abandoned"
    assert finished > DEALS // 2 and abandoned > 0
