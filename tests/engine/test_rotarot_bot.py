"""The ロタロット computer opponent: each rule of thumb in a scripted position (bidding, the exchange,
the Ramsch exchange, trick play in a contract and in a Ramsch), the score sheet key of every seat,
and a view that shows one seat no more than it may see."""

from __future__ import annotations

import random
from functools import partial

import pytest
from helpers import bot_choice, hands_with, played

from engine.bots import deal_by_number
from engine.game import Variants
from engine.games.rotarot import RotarotState
from engine.games.rotarot.bot import BOT
from engine.games.rotarot.rules import MOND, SKUS
from engine.games.rotarot.view import view_of

SIZES = (18, 18, 18, 24)  # the dealer's list goes on with the widow, its face-down card last


def fresh(number: int, variants: Variants | None = None) -> RotarotState:
    state = deal_by_number("rotarot", number, variants)
    assert isinstance(state, RotarotState)
    return state


def dealt(*hands: str, widow: str = "") -> RotarotState:
    """A deal whose seats hold the named cards first and whose widow is ``widow`` (its last card face
    down); the rest fills up in pack order."""
    fixed = [*hands, *[""] * (4 - len(hands))]
    lists = hands_with(*fixed[:3], f"{widow} {fixed[3]}", sizes=SIZES)
    cut = len(widow.split())
    lists[3] = lists[3][cut:cut + 18] + lists[3][:cut] + lists[3][cut + 18:]
    return RotarotState.from_hands(lists)


decided = partial(bot_choice, BOT)


# Strong: nine trumps with Sküs and Mond, two Kings, no diamonds.  Weak: two low trumps and pips.
STRONG = "F T21 T20 T19 T18 T16 T14 T12 T10 SK SQ S3 CK C4 C3 HQ H9 H8"
WEAK = "T2 T3 S2 S4 S5 S6 S7 C2 C5 C6 C7 C8 H6 H7 H10 D5 D6 D7"


def test_bidding_weighs_the_hand() -> None:
    assert decided(dealt(STRONG)) == ("bid6", "手の強さでビッド")
    assert decided(dealt(WEAK)) == ("pass", "弱い手はパス")
    over = played(dealt(WEAK, STRONG), "bid5")
    assert decided(over) == ("bid4", "手の強さでビッド")  # one step above the bid to beat, no more


def test_a_hand_that_needs_no_widow_goes_solo() -> None:
    state = played(dealt(WEAK, "F T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 SK CK HK DK S3 C3 H3"), "bid1")
    assert decided(state) == ("solo", "ウィドーがいらない手はソロ")
    assert decided(played(state, "solo")) == ("pass", "弱い手はパス")


def test_the_exchange_takes_power_and_lays_away_a_short_queen() -> None:
    state = played(dealt(STRONG, widow="T1 T3 DK S2 C5 D2"), "bid2 pass pass pass")
    assert state.parse_action("T1").card in state.hands[0]  # the Pagat came in by itself
    assert decided(state) == ("take DK", "ウィドーから力のある札を取る")
    state = played(state, "DK")
    assert decided(state) == ("discard HQ", "守りにくい絵札は捨て札に")
    state = played(state, "HQ")
    assert decided(state) == ("discard H8", "捨て札でスートを切らす")


def test_the_ramsch_exchange_lays_back_a_high_trump() -> None:
    state = played(dealt(WEAK, "", "", "T21 T20 T19", widow="SA CA D10 D9 H9 H8"), "pass pass pass pass")
    assert decided(state) == ("take D10", "ラムシュでは勝ちやすい札を手放す")  # red pips run 10 lowest
    state = played(state, "D10")
    assert decided(state) == ("take SA", "ラムシュでは勝ちやすい札を手放す")
    state = played(state, "SA")
    assert decided(state) == ("discard T21", "ラムシュでは勝ちやすい札を手放す")


def test_the_ramsch_exchange_may_take_nothing() -> None:
    dealer = "T2 T3 T4 SA S2 S3 CA C2 C3 H10 H9 H8 D10 D9 D8 S4 C4 D7"
    state = played(dealt("T5 T6 S5 S6 S7 S8 C5 C6 C7 C8 H6 H7 H5 D5 D6 H4 H3 H2", "", "", dealer,
                         widow="T21 T20 T19 SK CK HK"), "pass pass pass pass")
    assert decided(state) == ("enough", "交換しなくてよい手")


# Trick play: seat 0 declares Solo and leads; seats 1-3 defend.
SOLO = "solo pass pass pass"
PLAY_CASES = {
    # (hands of seats 0..3, plays after the Solo, expected play, rule)
    "the declarer draws trumps": ((STRONG,), "", "F", "切札を抜く"),
    "cash a king": (("SK S2 C2 C3 C4 C5 C6 C7 C8 C9 C10 H2 H3 H4 H5 H6 H7 H8",), "", "SK", "勝ち札を先に取る"),
    "catch the Mond": (("T20 S2", "T21", "F T2"), "T20 T21", "F", "スキュースでモンドを取る"),
    "feed a fellow defender": (("S2 T2", "SK S3", "SQ S4", "S5"), "S2 SK", "SQ", "味方に点を渡す"),
    "win cheaply": (("HQ T2", "H3 H4 HK HA", "H5", "H6"), "HQ", "HK", "安く勝つ"),
    "lose cheaply": (("HK T2", "H3 HQ H4", "H5", "H6"), "HK", "H4", "負けるなら安い札"),
}


@pytest.mark.parametrize("case", PLAY_CASES)
def test_each_rule_of_thumb_in_a_scripted_trick(case: str) -> None:
    hands, plays, expected, rule = PLAY_CASES[case]
    state = played(dealt(*hands), f"{SOLO} {plays}")
    assert decided(state) == (expected, rule)


def test_the_why_names_the_cards_of_the_position() -> None:
    state = played(dealt("T20 S2", "T21", "F T2"), f"{SOLO} T20 T21")
    assert BOT.decide(state, 2).why == "席1のモンドをスキュースで取れば、世界の崩壊で30点を受け取れます。"


def bot_until(number: int, moves: int) -> RotarotState:
    """Deal ``number`` played by the bot at every seat until the history holds ``moves`` actions."""
    state = fresh(number)
    while len(state.history) < moves:
        state.apply(BOT.decide(state, state.current_player()).action)
    return state


def test_the_mond_stays_home_while_the_skus_may_fall_on_it() -> None:
    state = bot_until(51, 50)
    assert any(a.card is MOND for a in state.legal_actions()) and SKUS in state.hands[0]  # seat 0 plays after seat 2
    assert decided(state) == ("T11", "モンドを守る")


def test_the_pagat_waits_for_the_last_trick_when_the_trumps_allow() -> None:
    state = bot_until(6, 28)
    assert decided(state) == ("T3", "パガットは最後のトリックに")


def test_a_ramsch_ducks_under_the_best_card_and_wins_high_when_it_must() -> None:
    state = played(dealt(WEAK, "SA S3 SK", "S8 S9", "SQ SN"), "pass pass pass pass enough enough enough enough")
    state = played(state, "S7")
    assert decided(state) == ("S3", "ラムシュでは勝たない")
    state = played(state, "S3 S8")
    assert decided(state) == ("SQ", "勝たされるなら高い札で")


def test_every_seat_is_scored_under_its_side_name() -> None:
    """side_name is the score sheet's key for each seat: contracts, Solo, Ramsch, a void 3-player deal."""
    rng, kinds = random.Random(3), set()
    for number in range(1, 60):
        tables: tuple[Variants, ...] = ({}, {"players": 3}, {"players": 3, "three_ramsch": "void"})
        for variants in tables:
            state = fresh(number, variants)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[0] if state.phase == "bid" and rng.random() < 0.7 else rng.choice(legal))
            totals = state.score().totals
            assert sorted(totals) == sorted(BOT.side_name(s, state.variants) for s in range(state.n))
            assert BOT.sides(state.variants) == tuple((s,) for s in range(state.n))
            kinds.add(state.phase if state.phase == "abandoned" else "ramsch" if state.ramsch else state.contract == 0)
    assert kinds == {"abandoned", "ramsch", True, False}


def test_the_view_hides_the_other_hands_and_the_face_down_widow_card() -> None:
    state = fresh(7)
    view = view_of(state, 1)
    hidden = [c for s in (0, 2, 3) for c in state.hands[s]] + [state.widow[-1]]
    text = repr(view)
    assert all(repr(c) not in text for c in hidden)
    assert len(view.widow) == 5 and view.widow_hidden and view.legal == ()
    assert view_of(state, 0).legal == tuple(sorted(state.legal_actions(), key=state.action_id))


def test_the_declarer_alone_sees_his_discard() -> None:
    state = played(dealt(STRONG), "bid6 pass pass pass")
    while state.phase in ("take", "discard"):
        state.apply(BOT.decide(state, 0).action)
    assert len(view_of(state, 0).discard) == 6
    assert view_of(state, 1).discard == () and len(view_of(state, 1).taken) == 6
    seen = view_of(state, 2)
    assert all(repr(c) not in repr(seen) for c in state.discard if c not in seen.taken)
