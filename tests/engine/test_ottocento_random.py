"""Random full Ottocento deals checking the invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

from helpers import DEALS, check_generic_step, is_whole_pack, random_deals

from engine.cards import Card, Pack
from engine.games.ottocento import (
    MATTO,
    SIDE_NAMES,
    OttocentoState,
    Position,
    card_value,
    round_to_five,
    team_of,
)


def all_cards(state: OttocentoState) -> list[Card]:
    cards = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    cards += [p.card for p in state.trick] + state.discard
    return cards


def check_step(state: OttocentoState) -> None:
    assert is_whole_pack(all_cards(state), Pack.BOLOGNESE62)
    check_generic_step(state)


def card_points(cards: list[Card]) -> int:
    return sum(card_value(c) - 1 for c in cards if card_value(c)) + len(cards) // 2


def check_end(state: OttocentoState) -> None:
    sheet = state.score()
    if state.phase == "abandoned":
        assert set(sheet.totals.values()) == {0}
        return
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    assert len(state.tricks) == 15 and all(not h for h in state.hands)
    sides = [position.side_cards(s) for s in (0, 1)]
    assert len(sides[0]) + len(sides[1]) == 62 and all(len(s) % 2 == 0 for s in sides)
    assert sum(card_points(s) for s in sides) + 6 == 93
    if state.matto_by is not None and state.won[team_of(state.matto_by)]:
        assert position.owner_of(MATTO) == team_of(state.matto_by)
    for name in SIDE_NAMES:  # the side's total is exactly its steps, rounded to five
        raw = sum(int(s.value) for s in sheet.steps
                  if s.party == name and s.value is not None and s.label != "5点単位に丸める")
        assert sheet.totals[name] == round_to_five(raw) and int(sheet.totals[name]) % 5 == 0


def test_random_full_deals() -> None:
    finished = abandoned = declared = paid = 0
    for state in random_deals(OttocentoState, 20261123, check_step):
        check_end(state)
        finished += state.phase == "done"
        abandoned += state.phase == "abandoned"
        declared += any(state.declared)
        paid += state.matto_paid is not None
    assert finished > DEALS // 2 and abandoned > 0 and declared > 0 and paid > 0
