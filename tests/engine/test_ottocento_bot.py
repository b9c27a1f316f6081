"""The オットーチェント computer opponent: each rule of thumb in a scripted position (the monte, the
dealer's discards, the declarations, the signals given and read, the trick play, the Matto and its
payment), and a view that shows one seat no more than it may see."""

from __future__ import annotations

from functools import partial

import pytest
from helpers import bot_choice

from engine.bots import deal_by_number
from engine.cards import parse_cards
from engine.game import Action
from engine.games.ottocento import OttocentoState
from engine.games.ottocento.bot import BOT
from engine.games.ottocento.rules import PACK
from engine.games.ottocento.view import view_of

SIZES = (15, 15, 15, 17)


def dealt(*hands: str, **variants: object) -> OttocentoState:
    """A deal whose seats hold the named cards first; the other cards fill the hands in pack order
    (the dealer, seat 0, seat 1, then seat 2), swords last, so the spare swords end with seat 2."""
    chosen = [parse_cards(h) if h else [] for h in hands] + [[] for _ in range(4 - len(hands))]
    used = {c for hand in chosen for c in hand}
    rest = iter(sorted((c for c in PACK.cards() if c not in used), key=lambda c: (c.suit == "S", PACK.index(c))))
    for seat in (3, 0, 1, 2):
        chosen[seat] += [next(rest) for _ in range(SIZES[seat] - len(chosen[seat]))]
    return OttocentoState.from_hands(chosen, {"monte": False, **variants})  # type: ignore[dict-item]


def played(state: OttocentoState, codes: str) -> OttocentoState:
    """Apply the actions named (no declarations unless asked for)."""
    for code in codes.split():
        while state.phase == "declare":
            state.apply(Action("done"))
        state.apply(state.parse_action(code))
    while state.phase == "declare":
        state.apply(Action("done"))
    return state


def ready(*hands: str, **variants: object) -> OttocentoState:
    """Dealt, the dealer laying away the first two cards he may (list them first in his hand)."""
    state = dealt(*hands, **variants)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    return played(state, "")


decided = partial(bot_choice, BOT)


def lead(state: OttocentoState) -> tuple[str, str]:
    """The bot's card (and rule) once it has given the signals it adds to its lead."""
    while True:
        action, rule = decided(state)
        if action not in ("busso", "volo", "striscio"):
            return action, rule
        state.apply(Action(action))


DEALER = "H10 D10"  # the dealer's two discards
GRANDE = "T21 T20 T19 T18 T17 T16 T15 S7 C6 C7 C8 H6 H7 D6 D7"
PLAY_CASES = {
    # (hands of seats 0..3, actions after the discards, expected action, rule)
    "cash a king": (("SK S7 S8",), "", "SK", "勝ち札を先に取る"),
    "feed the partner's king": (("S7", "SK", "S8", f"{DEALER} SQ S9"), "S7 SK S8", "SQ", "味方に点札を渡す"),
    "win with the cheapest card": (("S7", "S8", "S9", f"{DEALER} SN SQ SK"), "S7 S8 S9", "SN", "安く勝つ"),
    "win with the Bagatto when last": (("S7", "S8", "S9", f"{DEALER} T1 T9"), "S7 S8 S9", "T1", "安く勝つ"),
    "lose with the cheapest card": (("S7", "S8", "SK", f"{DEALER} S9 SQ S10"), "S7 S8 SK", "S9", "負けるなら安い札"),
    "the Matto saves a queen": (("S7", "S8", "SK", f"{DEALER} SQ F"), "S7 S8 SK", "F", "マットで点札を守る"),
    "the lowest trump under the Angel": (("T21 S7", "T6 T10"), "T21", "T6", "切札を無駄にしない"),
    "answer the partner's knock": (("S7", "S8", "SK S10", f"{DEALER} S9 SA S6 SJ SN SQ"), "busso S7 S8",
                                   "SK", "ブッソには一番強い札"),
}


@pytest.mark.parametrize("case", PLAY_CASES)
def test_each_rule_of_thumb_in_a_scripted_trick(case: str) -> None:
    hands, actions, expected, rule = PLAY_CASES[case]
    assert decided(played(ready(*hands), actions)) == (expected, rule)


def test_the_why_names_the_cards_of_the_position() -> None:
    state = played(ready("S7", "SK", "S8", f"{DEALER} SQ S9"), "S7 SK S8")
    assert BOT.decide(state, 3).why == ("パートナーのソードのキングが勝ちそうなトリックなので、"
                                        "点札のソードのクイーンを渡します。")


def test_a_short_suit_is_led_low_and_its_last_card_flies() -> None:
    state = ready("S7 C6 C7 C8 C9 H6 H7 H8 H9 H10 D6 D7 D8 D9 D10")
    assert decided(state) == ("volo", "ヴォーロを添える")  # the last sword, and no trump to ruff its return
    state.apply(Action("volo"))
    assert decided(state) == ("S7", "短いスートから切らす")


def test_a_volo_is_read_the_partner_ruffs_the_suit() -> None:
    state = played(ready("S7 T15 C6", "S8 SQ", "SK S6 S10 SA SJ SN T2 T3 T4 T6 T7 H6 H7 D6 D7", f"{DEALER} S9"),
                   "busso volo S7 S8 SK S9")
    assert lead(state) == ("S6", "パートナーに切らせる")


def test_a_knocked_suit_is_returned() -> None:
    state = played(ready("C6 CQ CJ", "C7", "CK C9 S6 S10 SA SJ SN T2 T3 T4 T6 T7 H6 H7 D6", f"{DEALER} C8"),
                   "busso C6 C7 CK C8")
    assert lead(state) == ("C9", "合図のスートを返す")


def test_a_long_trump_run_slides_its_lead_and_the_partner_leads_trumps_back() -> None:
    state = ready(GRANDE)
    assert decided(state) == ("striscio", "ストリッショを添える")
    state.apply(Action("striscio"))
    assert decided(state) == ("T21", "切札を引き出す")
    state = played(ready(GRANDE, "C9 T9", "CK T5 T6 T7 T8 SA S6 S8 S9 S10 H8 H9 D8 D9 C10", f"{DEALER} CN T10"),
                   "striscio T21 T9 T5 T10 C6 C9 CK CN")
    assert lead(state) == ("T6", "切札を引き出す")


def test_monte_keeps_a_playable_hand_and_throws_in_a_hopeless_one() -> None:
    assert decided(dealt(monte=True)) == ("keep", "戦える手は遊ぶ")
    hopeless = "T6 T7 S6 S7 S8 S9 S10 C6 C7 C8 C9 C10 H6 H7 H8"
    assert decided(dealt(hopeless, monte=True)) == ("monte", "望みのない手は流す")


def test_the_dealer_secures_a_short_queen_then_empties_the_suit_but_keeps_his_grande() -> None:
    state = dealt("", "", "", "HQ H6 T21 T20 T19 T18 SA S6 S7 S8 S9 S10 CA C6 C7 C8 C9")
    assert decided(state) == ("discard HQ", "守れない絵札は捨て札に")
    state.apply(Action("discard", parse_cards("HQ")[0]))
    assert decided(state) == ("discard H6", "捨て札でスートを切らす")


def test_every_combination_is_declared() -> None:
    state = dealt(GRANDE)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    assert state.phase == "declare" and decided(state) == ("declare", "手役はすべて申告")


def test_the_matto_is_paid_for_with_a_blank_card() -> None:
    state = deal_by_number("ottocento", 1)
    assert isinstance(state, OttocentoState)
    while state.phase != "give":
        state.apply(BOT.decide(state, state.current_player()).action)
    action, rule = decided(state)
    assert rule == "マットの支払いは0点の札" and action == "give H10"


def test_the_view_hides_the_other_hands_and_the_discards() -> None:
    state = played(ready(GRANDE), "T21")
    for seat in range(4):
        text = repr(view_of(state, seat))
        shown = {c for t in state.tricks for p in t.plays for c in [p.card]} | {p.card for p in state.trick}
        shown |= {c for cards in state.declared for c in cards}
        hidden = [c for s in range(4) if s != seat for c in state.hands[s] if c not in shown]
        if seat != 3:
            hidden += state.discard
        assert not any(f"Card('{c.suit}', {c.rank})" in text for c in hidden), seat
    assert view_of(state, 3).discard and not view_of(state, 0).discard
