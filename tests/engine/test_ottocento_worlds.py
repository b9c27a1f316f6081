"""Imagined オットーチェント deals for the search: they agree with everything the seat's view shows (own
hand, cards played, declared cards in their owner's hand, voids shown, the dealer's own discards, no
5-point card among another dealer's discards) and are replayed to the view's moment with its legal actions."""

from __future__ import annotations

import random

from engine.game import Action
from engine.games.ottocento import OttocentoState
from engine.games.ottocento.bot import rule_of_thumb
from engine.games.ottocento.rules import DEALER, FIVES, PACK, SEATS
from engine.games.ottocento.view import view_of
from engine.games.ottocento.worlds import value, voids, world


def deal(seed: int) -> OttocentoState:
    rng = random.Random(seed)
    cards = list(PACK.cards())
    rng.shuffle(cards)
    return OttocentoState(cards, {"monte": True})


def check_world(state: OttocentoState, seat: int, rng: random.Random) -> bool:
    """One imagined deal for ``seat`` checked against what the seat knows; False when none was drawn."""
    view = view_of(state, seat)
    imagined = world(view, rng)
    if imagined is None:
        return False
    assert isinstance(imagined, OttocentoState)
    assert view_of(imagined, seat) == view  # same hand, plays, declarations, signals, legal actions
    played = {p.card for t in view.tricks for p in t.plays} | {p.card for p in view.trick}
    out = voids(view)
    for other in range(SEATS):
        hand = set(imagined.hands[other])
        if other != seat:
            assert not hand & (set(view.hand) | played | set(view.discard))
            assert {c for c in view.declared[other] if c not in played} <= hand
            assert not any(c.suit in out[other] for c in hand)
    if seat != DEALER and imagined.discard:
        assert not set(imagined.discard) & (FIVES | set(view.hand) | played)
    return True


def test_worlds_agree_with_the_view_at_every_step_of_bot_deals() -> None:
    drawn = tried = 0
    for seed in (1, 2, 3):
        state = deal(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            for looker in {seat, (seat + 1) % SEATS}:
                tried += 1
                drawn += check_world(state, looker, rng)
            state.apply(rule_of_thumb(view_of(state, seat)).action)
    assert drawn > 0.9 * tried


def test_a_world_for_another_seat_moves_the_unseen_cards_only() -> None:
    state = deal(5)
    while state.phase != "play" or len(state.tricks) < 4:
        state.apply(rule_of_thumb(view_of(state, state.current_player())).action)
    seat = state.current_player()
    rng = random.Random(0)
    worlds = [w for w in (world(view_of(state, seat), rng) for _ in range(20)) if w is not None]
    assert worlds
    others = {tuple(sorted(map(str, w.hands[(seat + 1) % SEATS]))) for w in worlds if isinstance(w, OttocentoState)}
    assert len(others) > 1  # the hidden hands really are drawn anew


def test_the_value_of_a_finished_deal_is_zero_sum_between_the_sides() -> None:
    state = deal(7)
    while not state.is_terminal():
        state.apply(rule_of_thumb(view_of(state, state.current_player())).action)
    assert value(state, 0) == -value(state, 1) == value(state, 2) == -value(state, 3)
    assert value(state, 0) != 0 or state.phase == "abandoned"


def test_a_seat_in_the_middle_of_its_declaration_is_replayed_there() -> None:
    state = OttocentoState.from_hands(
        [[c for c in PACK.cards() if c.is_trump][:15], [c for c in PACK.cards() if c.suit == "S"][:10]
         + [c for c in PACK.cards() if c.suit == "C"][:5],
         [c for c in PACK.cards() if c.suit == "C"][5:] + [c for c in PACK.cards() if c.suit == "H"],
         [c for c in PACK.cards() if c.is_trump][15:] + [c for c in PACK.cards() if c.is_fool]
         + [c for c in PACK.cards() if c.suit == "D"]], {"monte": False})
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.phase == "declare" and state.current_player() == 0
    state.apply(next(a for a in state.legal_actions() if a.kind == "show"))
    assert check_world(state, 0, random.Random(1))
    state.apply(Action("done"))
    assert check_world(state, 0, random.Random(2))
    rng = random.Random(3)  # another seat's world must make the one card shown a combination card again
    assert any(check_world(state, 1, rng) for _ in range(20))
