"""The ロンブル computer opponent: each rule of thumb in a scripted position (the action and the rule
named), the benchmark's seats and score keys, and a view that shows one seat no more than it may see."""

from __future__ import annotations

from functools import partial

import pytest
from helpers import bot_choice, played

from engine.bots import BOTS, deal_by_number
from engine.cards import Card, Pack, parse_cards
from engine.game import Variants
from engine.games.lhombre import LHombreState
from engine.games.lhombre.bot import BOT
from engine.games.lhombre.rules import SEAT_NAMES
from engine.games.lhombre.score import SITTER
from engine.games.lhombre.view import view_of


def deal(fh: str = "", mh: str = "", rh: str = "", talon: str = "", *,
         variants: Variants | None = None) -> LHombreState:
    """Hands holding the listed cards first, filled up in pack order; ``talon`` gives its top cards."""
    hands = [parse_cards(h) for h in (fh, mh, rh)]
    top = parse_cards(talon)
    used = {c for h in hands for c in h} | set(top)
    free = [c for c in Pack.LHOMBRE40.cards() if c not in used]
    for hand in hands:
        while len(hand) < 9:
            hand.append(free.pop(0))
    return LHombreState.from_hands([hands[0], hands[1], hands[2] + top], variants)


decided = partial(bot_choice, BOT)


def why(state: LHombreState) -> str:
    return BOT.decide(state, state.current_player()).why


# Hands for the play: forehand declares a spade solo (no exchange for him), the others keep their cards.
SOLO = "spade-solo pass pass draw draw"

# --- the auction --------------------------------------------------------------------------------

def test_a_strong_trump_hand_bids_and_a_weak_one_passes() -> None:
    strong = deal("SA S2 CA SK SQ HK DK H3 D4")
    assert decided(strong) == ("simple", "切札の力で申告")
    assert "スペードが切札なら切札5枚・マタドール3枚" in why(strong)
    weak = deal("S3 S4 C3 C4 HQ H2 DQ D2 D6", "SA S2 CA")
    assert decided(weak) == ("pass", "勝てない契約は申告しない")


def test_self_takes_over_a_contract_the_hand_can_make() -> None:
    state = played(deal("SA S2 CA SK SQ SJ HK DK H3"), "simple spade")
    assert decided(state) == ("self", "セルフで引き取る")


def test_the_equal_rank_block_is_named_when_passing() -> None:
    state = played(deal("H2 H3 D2 D3 C2 C3 S3 HQ DQ", "HK HJ H4 H5", "SA S2 CA SK SQ SJ S7 HA DA"),
                   "pass pure-nolo")
    assert decided(state) == ("pass", "勝てない契約は申告しない")
    assert "スペード・ソロなら勝てそうですが、ピュア・ノロと同じ強さなので申告できません" in why(state)


def test_two_black_aces_and_kings_bid_a_tourne_over_a_spade_game() -> None:
    state = played(deal("", "", "SA CA HK DK CK H3 S3 C3 D3"), "pass spade")
    assert decided(state) == ("tourne", "切札の力で申告")
    assert "黒いAが2枚あり" in why(state)


def test_an_all_low_hand_bids_a_nolo() -> None:
    state = deal("SA S2 S3 CA C2 C3 H7 H6 D7")
    assert decided(state) == ("simple-nolo", "低い札ばかりならノロ")


def test_the_declarer_keeps_his_contract_when_an_upgrade_is_allowed() -> None:
    state = played(deal("SA S2 CA SK SQ HK DK H3 D4", variants={"allow_upgrade": True}), "simple pass pass")
    assert state.phase == "announce" and decided(state) == ("keep", "落札した契約で遊ぶ")


# --- trumps and the exchange --------------------------------------------------------------------

def test_the_declarer_names_his_longest_strongest_suit() -> None:
    state = played(deal("SA H7 CA HK HQ H2 CK D4 S5"), "simple pass pass")
    assert decided(state) == ("trumpH", "いちばん強いスートを切札に")


def test_the_exchange_empties_short_suits_low_cards_first_then_draws() -> None:
    state = played(deal("SA S2 CA SK SQ SJ HK H3 D4"), "simple pass pass trumpS")
    assert decided(state) == ("discard D4", "短いスートと低い札を替える")
    assert "ダイヤは1枚と短いので" in why(state)
    played(state, "D4")
    assert decided(state) == ("discard H3", "短いスートと低い札を替える")
    played(state, "H3")
    assert decided(state) == ("draw", "短いスートと低い札を替える")


def test_a_defender_keeps_trumps_and_kings() -> None:
    state = played(deal("SA S2 CA SK SQ SJ HK H3 D4", "S7 CK C3 C4 DK D5 D6 H4 H5"), "simple pass pass trumpS D4 draw")
    assert state.current_player() == 1
    discards = []
    while state.current_player() == 1:
        action, rule = decided(state)
        assert rule == "短いスートと低い札を替える"
        discards.append(action)
        state.apply(state.parse_action(action))
    assert discards == ["discard H5", "discard H4", "discard C3", "discard C4", "discard D6", "discard D5", "draw"]


def test_a_nolo_declarer_lays_away_his_dangerous_card() -> None:
    state = played(deal("SA S2 S3 CA C2 C3 H7 H6 DK", talon="D7"), "simple-nolo pass pass")
    assert decided(state) == ("discard DK", "ノロは危ない札を替える")


def test_tourne_takes_the_turned_card_after_laying_one_away() -> None:
    state = played(deal("SA CA HK DK SK S3 C3 H3 D3", talon="H2"), "tourne pass pass")
    assert state.turned == Card.parse("H2") and state.phase == "exchange"
    action, rule = decided(state)
    assert action.startswith("discard") and rule == "短いスートと低い札を替える"


# --- the declarer before and after his first tricks ---------------------------------------------

def test_a_hopeless_declarer_surrenders() -> None:
    state = played(deal("S3 C3 C4 H4 H5 D4 D5 D6 D7"), SOLO)
    assert decided(state) == ("surrender", "望みのない手は降伏")


def test_the_slam_only_when_the_rest_is_sure() -> None:
    def after_five(hand: str) -> LHombreState:
        state = played(deal(hand, "S4 H5", "S3 D4"), SOLO)
        while state.phase == "play":
            played(state, decided(state)[0])
        assert state.phase == "vole"
        return state
    assert decided(after_five("SA S2 CA SK SQ SJ S7 S6 S5")) == ("vole", "確実ならスラム")
    assert decided(after_five("SA S2 CA SK SQ SJ S7 S6 H7")) == ("stop", "確実でなければ止める")


# --- trick play ---------------------------------------------------------------------------------

# Middlehand declares a spade solo; forehand, a defender, leads the first trick.
MIDDLE = "pass spade-solo pass draw draw"
DECLARER = "SA S2 CA SK SQ SJ H2 H3 D4"

PLAY_CASES = {
    # (forehand's, middlehand's and rearhand's cards, the actions after MIDDLE, expected card, rule)
    "a defender cashes his king": (("HK H5 C3 C4 C5 D5 D6 D7 S7", DECLARER), "", "HK", "勝ち札を先に取る"),
    "a defender leads low from his long suit": (("HQ H4 H5 H6 C3 C4 D5 S7 S6", DECLARER), "", "H6", "低い札でリード"),
    "leave the partner's trick alone": (("DK", DECLARER, "DQ D5 D6"), "DK D4", "D6", "味方の勝ちを奪わない"),
    "win cheaply over the declarer": (("D2", "SA S2 CA SK SQ SJ H2 H3 DJ", "DK DQ D5"), "D2 DJ", "DQ", "安く勝つ"),
    "lose the cheapest card": (("D2", "SA S2 CA SK SQ SJ H2 H3 DK", "DQ D5 D6 C7"), "D2 DK", "D6",
                               "負けるなら安い札"),
    "the declarer draws trumps": (("D2 D3", "SA S2 CA SK SQ SJ H2 H3 DK", "D5"), "D2 DK D5", "SA", "切札を抜く"),
}


@pytest.mark.parametrize("case", PLAY_CASES)
def test_each_rule_of_thumb_in_a_scripted_trick(case: str) -> None:
    hands, actions, expected, rule = PLAY_CASES[case]
    state = played(deal(*hands), f"{MIDDLE} {actions}")
    assert decided(state) == (expected, rule)


# Middlehand declares a pure nolo: nobody exchanges, forehand leads.
NOLO = "pass pure-nolo pass"
NOLO_CASES = {
    # (forehand's, middlehand's and rearhand's cards, the actions after NOLO, expected card, rule)
    "the declarer ducks with his highest card below": (("H2", "H3 H5 H7 SA CA C2 C3 D6 D7"), "H2", "H3",
                                                       "ノロは下をくぐる"),
    "the declarer sheds his worst card when void": (("D4", "SK S2 SA CA C2 C3 H7 H6 H5", "D5"), "D4", "SK",
                                                    "危ない札から捨てる"),
    "a defender leads his lowest card": (("H7 HK HQ S7 S6 C7 C6 D2 D3",), "", "H7", "ノロのデクレアラーに取らせる"),
    "a defender plays under the declarer": (("H7", "H3 SA CA", "H4 H5 HQ"), "H7 H3", "H4",
                                            "ノロのデクレアラーに取らせる"),
}


@pytest.mark.parametrize("case", NOLO_CASES)
def test_each_nolo_rule_in_a_scripted_trick(case: str) -> None:
    hands, actions, expected, rule = NOLO_CASES[case]
    state = played(deal(*hands), f"{NOLO} {actions}")
    assert decided(state) == (expected, rule)


# --- the view and the benchmark's seats ------------------------------------------------------------

def test_the_view_hides_the_other_hands_the_talon_and_their_discards() -> None:
    dealt = deal_by_number("lhombre", 12)
    assert isinstance(dealt, LHombreState)
    state = played(dealt, "simple pass pass trumpS")
    while state.phase == "exchange":  # everybody exchanges as the bot would
        state.apply(BOT.decide(state, state.current_player()).action)
    laid_away = list(state.discards)
    for seat in range(3):
        text = repr(view_of(state, seat))
        hidden = [c for s in range(3) if s != seat for c in state.hands[s]] + state.talon
        hidden += [c for c in laid_away if c not in view_of(state, seat).laid_away]
        assert not any(f"Card({c.suit!r}, {c.rank})" in text for c in hidden), seat
        assert view_of(state, seat).hand == tuple(state.hand(seat))


def test_a_nolo_ouvert_hand_is_shown_once_the_declarer_has_played() -> None:
    state = played(deal("HK", "H7 H6 H5 H4 SA S2 CA C2 D7"), "pass nolo-ouvert pass HK")
    assert view_of(state, 0).exposed == ()
    played(state, "H4")
    shown = view_of(state, 0).exposed
    assert shown == view_of(state, 2).exposed and set(shown) == set(state.hands[1]) and len(shown) == 8


def test_the_auction_words_are_public_with_their_seats() -> None:
    state = played(deal(), "simple spade self pass")
    assert view_of(state, 2).auction == ((0, "simple"), (1, "spade"), (0, "self"), (1, "pass"))


def test_every_seat_is_its_own_side_and_names_its_score_line() -> None:
    assert BOTS["lhombre"] is BOT and BOT.bench_win == "even" and BOT.bench_variants == {}
    assert BOT.sides({}) == ((0,), (1,), (2,))
    endings = {
        "redeal": (deal(), "pass pass pass"),
        "surrender": (deal("S3 C3 C4 H4 H5 D4 D5 D6 D7"), f"{SOLO} surrender"),
        "nolo": (deal("H2", "H3 H5 H7 SA CA C2 C3 D6 D7"), f"{NOLO} H2"),
    }
    for players in (3, 4):
        for ending, (state, actions) in endings.items():
            state = LHombreState(state.deal, {"players": players})
            state = played(state, actions)
            while not state.is_terminal():
                state.apply(BOT.decide(state, state.current_player()).action)
            totals = state.score().totals
            names = [BOT.side_name(seat, state.variants) for seat in range(3)]
            assert names == list(SEAT_NAMES) and set(names) <= set(totals), ending
            assert set(totals) - set(names) <= {SITTER}
