"""ロンブルの想像の配り (engine.games.lhombre.worlds): every imagined deal agrees with the seat's view.

A world is built from the view alone and replayed from the deal; it must put every card the seat has
seen where the seat saw it (its own hand and discards, the cards played, a nolo-ouvert hand, the turned
card), give no seat a card of a suit it has shown it lacks, and stand at the same moment with the same
legal actions, so that the seat's view of the world is the seat's view itself."""

from __future__ import annotations

import random

from helpers import played

from engine.bots import deal_by_number
from engine.cards import TRUMP, parse_cards
from engine.game import Action
from engine.games.lhombre import LHombreState
from engine.games.lhombre.bot import BOT, rules_of_thumb
from engine.games.lhombre.rules import SUITINGS
from engine.games.lhombre.view import view_of
from engine.games.lhombre.worlds import barred, world

CONTRACTS = ("simple", "tourne", "solo", "spade-solo", "simple-nolo", "pure-nolo", "nolo-ouvert", "spade")


def play_positions(numbers: range, variants: dict[str, object] | None = None) -> list[tuple[LHombreState, int]]:
    """Every position of the trick play in these deals, each declared by a seat in turn with a contract
    from CONTRACTS (the others pass) and played by the rules of thumb, with the seat to move."""
    found = []
    for number in numbers:
        state = deal_by_number("lhombre", number, variants)  # type: ignore[arg-type]
        assert isinstance(state, LHombreState)
        declarer = number % 3
        for seat in range(3):
            state.apply(Action(CONTRACTS[number % len(CONTRACTS)] if seat == declarer else "pass"))
        while not state.is_terminal():
            seat = state.current_player()
            if state.phase in ("play", "vole"):
                found.append((state.clone(), seat))
            state.apply(rules_of_thumb(view_of(state, seat)).action)
    return found


def check_world(state: LHombreState, seat: int, rng: random.Random) -> bool:
    """One imagined deal for ``seat``: None is allowed (the caller draws again), a world must agree."""
    view = view_of(state, seat)
    imagined = world(view, rng)
    if imagined is None:
        return False
    assert view_of(imagined, seat) == view
    assert imagined.legal_actions() == state.legal_actions()
    assert sorted(imagined.hands[seat]) == sorted(state.hands[seat])
    lacking = barred(view)
    for other in range(3):
        if other != seat:
            assert not lacking[other] & set(imagined.hands[other])
    if view.exposed:
        assert sorted(imagined.hands[view.declarer]) == sorted(state.hands[view.declarer])
    return True


def test_worlds_agree_with_the_view_in_bot_deals() -> None:
    rng = random.Random(7)
    positions = play_positions(range(1, 25)) + play_positions(range(25, 33), {"allow_upgrade": True})
    assert len(positions) > 300
    agreed = sum(check_world(state, seat, rng) for state, seat in positions[::2])
    assert agreed >= 0.9 * len(positions[::2])


def test_a_seat_that_did_not_follow_trumps_keeps_only_privileged_matadors() -> None:
    """Middlehand declares a spade solo; forehand leads a low trump and rearhand shows a heart: in every
    world rearhand holds no trump but possibly the privileged matadors."""
    state = played(LHombreState.from_hands([parse_cards("S3 H2 H3 H4 H5 H6 D2 D3 D4"),
                                            parse_cards("S2 SK SQ SJ S7 S6 S5 S4 D5"),
                                            parse_cards("SA CA HK HQ HJ HA H7 DK DQ")]),
                   "pass spade-solo pass draw draw S3 S2 HK")
    view = view_of(state, 0)
    rng = random.Random(3)
    spades = SUITINGS["S"]
    seen = 0
    for _ in range(40):
        imagined = world(view, rng)
        if imagined is None:
            continue
        seen += 1
        trumps = {c for c in imagined.hands[2] if spades.suit_of[c] == TRUMP}
        assert trumps <= set(spades.matadors)
        assert view_of(imagined, 0) == view
    assert seen >= 30


def test_the_turned_card_of_a_tourne_stays_with_the_declarer() -> None:
    state = deal_by_number("lhombre", 5)
    assert isinstance(state, LHombreState)
    state = played(state, "tourne pass pass")
    turned = state.turned
    while state.phase != "play":
        state.apply(BOT.decide(state, state.current_player()).action)
    rng = random.Random(11)
    worlds = [world(view_of(state, seat), rng) for seat in (1, 2) for _ in range(10)]
    found = [w for w in worlds if w is not None]
    assert len(found) >= 15
    assert all(turned in w.hands[0] and w.turned == turned for w in found)


def test_worlds_agree_with_the_view_before_the_first_card() -> None:
    """The auction, the announcement, the trump and the exchange are imagined too (the coach plays bids out
    from there, and the review costs them): random legal actions in every variant, every seat's view.  A
    tourné's turned card lies on the talon's top until the declarer draws it."""
    rng = random.Random(5)
    checked = 0
    for number in range(40):
        variants = {"allow_upgrade": number % 3 == 0, "declarer_exchange": number % 2 == 0}
        state = deal_by_number("lhombre", 1000 + number, variants)  # type: ignore[arg-type]
        assert isinstance(state, LHombreState)
        while state.phase not in ("play", "done", "redeal"):
            mover = state.current_player()
            checked += check_world(state, mover, rng)
            for seat in (s for s in range(3) if s != mover):  # another seat's legal actions depend on its hand
                imagined = world(view_of(state, seat), rng)
                assert imagined is None or view_of(imagined, seat) == view_of(state, seat)
                checked += imagined is not None
            legal = state.legal_actions()
            bids = [a for a in legal if a.kind != "pass"]
            state.apply(rng.choice(bids if state.phase == "bid" and bids and rng.random() < 0.4 else legal))
            if state.turned is not None and state.turned in state.talon:
                imagined = world(view_of(state, (state.declarer + 1) % 3), rng)
                assert imagined is None or imagined.talon[0] == state.turned
    assert checked > 700
