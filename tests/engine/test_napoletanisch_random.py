"""Random full deals of Napoletanisch checking the invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

from collections import Counter

from helpers import check_generic_step, is_whole_pack, random_deals

from engine.cards import Card, Pack
from engine.game import Action
from engine.games.napoletanisch import PACK_THIRDS, NapoletanischState, Position, thirds


def all_cards(state: NapoletanischState) -> list[Card]:
    cards = [c for h in state.hands for c in h] + [c for p in state.piles for c in p]
    cards += state.tablecards + state.remainder + list(state.stock())
    return cards


def check_captures_explained(state: NapoletanischState) -> None:
    """The shared check tries plain cards only: here every legal capture with one table card more or
    one fewer (still a capture) must be refused by the explainer with a reason, and not be legal.
    Every third position of each deal, which keeps the test inside the CI budget."""
    if state.is_terminal() or len(state.history) % 3:
        return
    legal = set(state.legal_actions())
    for action in [a for a in legal if a.take]:
        assert action.card is not None
        more = [(*action.take, c) for c in state.tablecards if c not in action.take]
        fewer = [tuple(c for c in action.take if c is not left) for left in action.take] if len(action.take) > 1 else []
        for take in more + fewer:
            variant = Action("play", action.card, tuple(sorted(take, key=Pack.TAROCK54.index)))
            reason = state.refusal(variant)
            assert reason, f"{variant} is not legal but the explainer has nothing to say"
            assert variant not in legal and not state.is_legal(variant) and not state.allows(variant)
    hand = [Action("play", card) for card in state.hands[state.turn]]
    assert all(state.allows(a) == (a in legal) for a in [*legal, *hand])


def check_step(state: NapoletanischState) -> None:
    assert is_whole_pack(all_cards(state), Pack.TAROCK54)
    check_generic_step(state)
    check_captures_explained(state)


def check_end(state: NapoletanischState) -> None:
    assert sum(thirds(c) for c in Pack.TAROCK54.cards()) == PACK_THIRDS
    sheet = state.score()
    total = sum(sheet.totals.values())
    if state.last_capturer is None and state.variants["unclaimed_remainder"] == "nobody":
        assert total <= 70
    else:
        exact = [sum(thirds(c) for c in pile) for pile in state.position().piles]
        owner = state.position().remainder_owner
        assert owner is not None
        exact[owner] += sum(thirds(c) for c in state.remainder)
        assert sum(exact) == PACK_THIRDS  # all 70 points are shared out before rounding
        assert list(sheet.totals.values()) == [t // 3 for t in exact]
        assert 70 - state.players < total <= 70 and total >= 68
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position  # passes every reachability check
    assert not state.stock() and not state.tablecards


def test_random_full_deals() -> None:
    seen = Counter[int]()
    for state in random_deals(NapoletanischState, 20261123, check_step):
        check_end(state)
        seen[int(sum(state.score().totals.values()))] += 1
    assert set(seen) >= {68, 69, 70}
