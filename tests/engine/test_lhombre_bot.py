"""The ロンブル computer opponent: each rule of thumb in a scripted position (the action and the rule
named), the benchmark's seats and score keys, and a view that shows one seat no more than it may see."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import partial

import pytest
from helpers import bot_choice, played, reviewed, reviewed_actions

from engine.bots import BOTS, deal_by_number
from engine.cards import Card, Pack, parse_cards
from engine.game import Action, Variants
from engine.games.lhombre import LHombreState
from engine.games.lhombre.bot import BOT, outlook, rules_of_thumb, worth_bidding
from engine.games.lhombre.rules import BY_WORD, SEAT_NAMES, SUITINGS
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
SOLO_MIDDLE = "pass spade-solo pass draw draw"

# --- the auction --------------------------------------------------------------------------------

ESTIMATE = re.compile(r"(約\d割で成功し|ほぼ確実に成功し|ほとんど成功せず)、平均で([+−]\d+\.\d|±0)チップの見込み")


def test_a_strong_trump_hand_bids_and_a_weak_one_passes() -> None:
    strong = deal("SA S2 CA SK SQ HK DK H3 D4")
    action, rule = decided(strong)
    assert action in ("simple", "spade", "solo", "spade-solo") and rule == "見込みのある契約を申告"
    assert "スペードを切札にするとマタドール3枚（スパディエ・マニエ・バスタ）・切札5枚です" in why(strong)
    assert ESTIMATE.search(why(strong))
    weak = deal("S3 S4 C3 C4 HQ H2 DQ D2 D6", "SA S2 CA")
    assert decided(weak) == ("pass", "見込みのない契約は申告しない")


# The review's deals (P3): seed 90, step [0] (forehand) and seed 3 (rearhand, after two passes): no
# matador and three or four low trumps in the best suit is a defending hand, and the hint says the estimate.
WEAK_HANDS = {
    "seed 90 forehand": ("DK HJ SK HK D5 CQ C5 D4 C3", ""),
    "seed 3 rearhand": ("HJ D6 C4 H2 C7 CK HK DK H3", "pass pass"),
    "three kings and three low trumps": ("CK CQ CJ HK DK H3 S4 D5 C4", ""),
}


@pytest.mark.parametrize("case", WEAK_HANDS)
def test_a_hand_without_matadors_defends_and_says_its_estimate(case: str) -> None:
    hand, before = WEAK_HANDS[case]
    seat = len(before.split())
    hands = ["", "", ""]
    hands[seat] = hand
    state = played(deal(*hands), before)
    assert state.current_player() == seat
    assert decided(state) == ("pass", "見込みのない契約は申告しない")
    text = why(state)
    found = ESTIMATE.search(text)
    assert found and found.group(2).startswith("−") and "交換から最後まで打ってみると" in text
    assert "平均で損になるので、パスします" in text


def test_the_review_deals_are_passed_by_the_bot() -> None:
    """The same hands in the real deals: seed 90's forehand and seed 3's rearhand do not declare."""
    for number, seat in ((90, 0), (3, 2)):
        state = deal_by_number("lhombre", number)
        assert isinstance(state, LHombreState)
        while state.phase == "bid" and state.current_player() != seat:
            state.apply(BOT.decide(state, state.current_player()).action)
        assert state.phase == "bid" and BOT.decide(state, seat).action.kind == "pass", number


def test_two_matadors_and_length_bid_and_the_estimate_grows_with_the_hand() -> None:
    """More matadors or more trumps never make the estimate worse (the tables are monotone where it matters)."""
    spades = SUITINGS["S"]
    weaker = outlook(BY_WORD["simple"], tuple(parse_cards("SA SK SQ S7 HK H3 D4 D5 C3")))
    stronger = outlook(BY_WORD["simple"], tuple(parse_cards("SA S2 SK SQ S7 HK D4 D5 C3")))
    longer = outlook(BY_WORD["simple"], tuple(parse_cards("SA S2 SK SQ S7 S6 HK D4 C3")))
    assert weaker.success < stronger.success < longer.success and weaker.net < stronger.net < longer.net
    assert worth_bidding(longer) and not worth_bidding(weaker) and spades.matadors[0] == Card.parse("SA")


def test_spadille_and_manille_together_rate_above_two_other_matadors() -> None:
    """The tables tell which matadors a hand holds: Spadille with Manille holds the trumps from the top
    (the minimum simple game of the Danish books), Manille with Basta or Spadille with Basta leaves the
    best trump out.  Same counts of matadors, trumps and honours, a better estimate; the hint names them."""
    simple = BY_WORD["simple"]
    top = outlook(simple, tuple(parse_cards("SA S2 S5 S3 HK H3 D4 D5 C3")))
    for other in ("S2 CA S5 S3 HK H3 D4 D5 C3", "SA CA S5 S3 HK H3 D4 D5 C3"):
        split = outlook(simple, tuple(parse_cards(other)))
        assert top.success > split.success and top.codille < split.codille and top.net > split.net, other
    assert "マタドール2枚（スパディエ・マニエ）・切札4枚です" in why(deal("SA S2 S5 S3 HK H3 D4 D5 C3"))
    assert "（赤のスートなので切札は全部で12枚）" in why(deal("SA H7 H5 H3 SK S3 D4 D5 C3"))


def test_self_takes_over_a_contract_the_hand_can_make() -> None:
    state = played(deal("SA S2 CA SK SQ SJ HK DK H3"), "simple spade")
    assert decided(state)[1] in ("セルフで引き取る", "見込みのある契約を申告")
    state = played(deal("SA S2 CA SK SQ SJ HK DK H3"), "simple spade-solo")
    assert decided(state) == ("self", "セルフで引き取る") and ESTIMATE.search(why(state))


# The expert's deals (N1): hands the tables' auction passed, which the coach now plays out and bids.
PLAYABLE = {
    "deal 203 middlehand: Spadille, Manille and two more hearts": ("", "SA CQ CJ HJ H3 H7 DA D3 D5", "", "pass"),
    "deal 209 rearhand after two passes: Spadille, Ponto, K J 3": ("", "", "SQ S7 SA C7 HQ DK DJ DA D3", "pass pass"),
    "spadille, manille and two more spades": ("SA S2 SQ S3 HK H4 D5 D6 C4", "", "", ""),
}


@pytest.mark.parametrize("case", PLAYABLE)
def test_a_playable_hand_is_bid_with_its_estimate_and_the_pass_it_beats(case: str) -> None:
    *hands, before = PLAYABLE[case]
    state = played(deal(*hands), before)
    assert state.current_player() == len(before.split())
    action, rule = decided(state)
    assert rule in ("見込みのある契約を申告", "低い札ばかりならノロ") and action != "pass"
    text = why(state)
    found = ESTIMATE.search(text)
    assert found and found.group(2) != "±0" and not found.group(2).startswith("−")
    assert "交換から最後まで打ってみると" in text and "パス（受け払いなし）より得なので" in text


def test_no_pass_of_a_contract_estimated_to_gain() -> None:
    """Passing is free (all passing, the deal is not played): at every bid of a few bot-only auctions, a
    pass never comes with a contract estimated to gain, and a bid never with one estimated to lose."""
    for number in (203, 209, 882389):
        state = deal_by_number("lhombre", number)
        assert isinstance(state, LHombreState)
        while state.phase == "bid":
            choice = BOT.decide(state, state.current_player())
            found = ESTIMATE.search(choice.why)
            assert found, choice.why
            assert (choice.action.kind == "pass") == (found.group(2) == "±0" or found.group(2).startswith("−"))
            state.apply(choice.action)


def test_an_all_low_hand_bids_a_nolo() -> None:
    state = deal("SA S2 S3 CA C2 C3 H7 H6 D7")
    action, rule = decided(state)
    assert action in ("simple-nolo", "pure-nolo", "nolo-ouvert") and rule == "低い札ばかりならノロ"
    assert "どのスートも低い札ばかりです" in why(state) and ESTIMATE.search(why(state))


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


def test_the_first_defender_leaves_half_the_talon_to_his_partner() -> None:
    """N13 (deal 204: middlehand laid away eight cards and left his partner one): with eight cards to
    replace and twelve left in the talon, the first defender replaces six, the weakest first, and says why."""
    state = played(deal("SA S2 CA SK SQ SJ HK H3 D4", "S7 C3 C4 C5 D5 D6 H4 H5 H6"), "simple pass pass trumpS D4 draw")
    assert state.current_player() == 1 and len(state.talon) == 12
    steps = []
    while state.current_player() == 1:
        steps.append(decided(state))
        state.apply(state.parse_action(steps[-1][0]))
    # diamonds (two cards) first, then clubs before hearts, low before high (the red pips run 7 6 5 4 upwards)
    assert [a for a, _ in steps] == ["discard D6", "discard D5", "discard C3", "discard C4", "discard C5",
                                     "discard H6", "draw"]
    assert {rule for _, rule in steps} == {"味方の分のタロンを残す"} and len(state.talon) == 6
    assert "味方と分け合う" in why(played(deal("SA S2 CA SK SQ SJ HK H3 D4", "S7 C3 C4 C5 D5 D6 H4 H5 H6"),
                                           "simple pass pass trumpS D4 draw D6 D5 C3 C4 C5 H6"))


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


def test_a_card_that_must_overtake_the_partner_says_so() -> None:
    """Review P10 (seed 3, steps [42] and [46]): when every card the defender may play beats his partner's,
    the hint says it takes the trick instead of claiming to leave it to the partner."""
    state = played(deal("D2", DECLARER, "DK DQ"), f"{MIDDLE} D2 D4")
    assert [c for c in state.hands[2] if c.suit == "D"] == parse_cards("DK DQ")
    assert decided(state) == ("DQ", "安く勝つ")
    assert "出せる札はどれもそれより強い" in why(state) and "味方の勝ちを奪わない" not in why(state)


def test_a_declarer_surrenders_by_the_estimate_and_names_the_cost() -> None:
    """A tourné turned in a suit the declarer lacks, leaving him one matador and two low trumps after the
    exchange: the tables say playing on costs more than the surrender's 2 chips."""
    state = played(deal("H7 HA HK HQ H2 H3 D5 C3 S4", "SA DA D2 D4 S7 S6 C7 C5 C4", "CA SK SQ CK CQ DK HJ H4 S5",
                        talon="D3 S3 C6 D7 DQ D6 DJ S2"),
                   "simple pass tourne pass HJ H4 S5 draw C3 S4 draw S7 S6 C5 draw HK D2")
    thumb = rules_of_thumb(view_of(state, 2))
    assert (str(thumb.action), thumb.rule.name) == ("surrender", "望みのない手は降伏")
    assert ESTIMATE.search(thumb.why) and "合わせて−2チップ" in thumb.why
    # The coach plays the surrender out against the card as well: 12 imagined deals say the tables' cell is
    # too gloomy for this hand, and the hint says by how much in chips, naming the rule it overrides.
    assert decided(state)[1] == "打ってみて決める" and "降伏より平均で約" in why(state)
    assert "「望みのない手は降伏」" in why(state)
    strong = played(deal("S3 C3 C4 H4 H5 D4 D5 D6 D7", "SA S2 CA SK SQ SJ S7 HK DK"), SOLO_MIDDLE)
    assert strong.current_player() == 0 and decided(played(strong, "D7"))[0] != "surrender"


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


# --- search near the end of the play ------------------------------------------------------------------

def test_search_overrides_a_rule_of_thumb_only_near_the_end_and_gains_in_the_real_deal() -> None:
    """Deal 81 (rearhand's simple game): two cards from the end, middlehand's rule of thumb would leave its
    partner's trick alone, while the imagined deals favour taking it with the king of hearts.  Played out
    from the true deal, the searched card does at least as well for him, and the hint names the rule of
    thumb it overrides."""
    state = deal_by_number("lhombre", 81)
    assert isinstance(state, LHombreState)
    for text in reviewed_actions("lhombre", 81):
        seat = state.current_player()
        if state.phase == "play" and len(state.hands[seat]) <= 4:
            choice = BOT.decide(state, seat)
            if choice.rule.name == "先を読んで打つ":
                break
        state.apply(state.parse_action(text))
    assert state.phase == "play" and len(state.hands[seat]) <= 4
    fallback = rules_of_thumb(view_of(state, seat))
    assert fallback.action != choice.action and f"「{fallback.rule.name}」" in choice.why

    def net(action: Action) -> Fraction:
        end = state.clone()
        end.apply(action)
        while not end.is_terminal():
            end.apply(rules_of_thumb(view_of(end, end.current_player())).action)
        return Fraction(end.score().totals[SEAT_NAMES[seat]])
    assert net(choice.action) >= net(fallback.action)



# --- the hints say only what is true of the position -------------------------------------------------

def at_step(number: int, step: int) -> LHombreState:
    """Deal ``number`` played by the bots up to its decision ``step`` (counted from 0, as in the hint reviews)."""
    state = reviewed("lhombre", number, step)
    assert isinstance(state, LHombreState)
    return state


# (deal, step): the action (None: not pinned), the rule named, words the hint says, words it must not say.
TRUE_HINTS: dict[tuple[int, int], tuple[str | None, str, tuple[str, ...], tuple[str, ...]]] = {
    # The talon is used up: there were cards to replace, and no way to.
    (101, 19): ("draw", "短いスートと低い札を替える", ("タロンにもう札が残っていない",), ("替えたい札がない",)),
    # A short suit with its king kept cannot be emptied; a suit begun is no longer two cards in hand.
    (1, 6): ("discard S6", "短いスートと低い札を替える", ("スペードの6は切札でもキングでもなく",), ("ボイド",)),
    (106, 12): ("discard SQ", "短いスートと低い札を替える",
                ("スペードはもともと2枚と短いので、残りのスペードのクイーンも",), ("スペードは2枚と短いので",)),
    # Nine cards cannot all be likely to take a trick in a nolo: they may be forced to.
    (106, 2): ("pass", "見込みのない契約は申告しない", ("トリックを取らされるおそれのある札が9枚",),
               ("取ってしまいそう",)),
    (101, 3): ("trumpC", "いちばん強いスートを切札に", ("いちばん見込みがよいので、クラブを切札にします",),
               ("からです",)),
    # The declarer's one playable card: what he chose was not to surrender.
    (108, 21): ("D5", "出せる札が1枚だけ", ("降伏はしません", "出せる札はダイヤの5だけ"), ("いちばん安い",)),
    (127, 20): ("CK", "出せる札が1枚だけ", ("降伏はしません", "出せる札はクラブのキングだけ"), ("勝てる札のうち",)),
    # One card that wins is not 「勝てる札のうちいちばん安い」; a dearer winner is not the cheapest one.
    (117, 26): ("CK", "安く勝つ", ("クラブのクイーンに勝てる札はクラブのキングだけ",), ("いちばん安い",)),
    (113, 36): ("CA", "安く勝つ", ("ダイヤの6に勝てる札はバスタ（クラブのA）だけ",), ("いちばん安い",)),
    (110, 27): ("CA", "安く勝つ", ("クラブの5でも今は勝てますが", "勝ち残れそうなバスタ"),
                ("勝てる札のうちいちばん安い札",)),
    (377, 20): ("DK", "安く勝つ", ("ダイヤの3でも今は勝てますが、それもデクレアラーに上回られそう",),
                ("勝てる札のうちいちばん安い",)),
    # A discard is chosen by the length of its suit, not as the lowest card held.
    (101, 24): ("D2", "味方の勝ちを奪わない", ("いちばん短いダイヤ（2枚）からいちばん低いダイヤの2",),
                ("いちばん安い",)),
    (1, 30): ("S5", "味方の勝ちを奪わない",
              ("ダイヤのクイーン・ダイヤのジャックは残して", "スペード（3枚）からいちばん低い"), ("いちばん安い",)),
    (128, 33): ("HA", "負けるなら安い札", ("1枚だけ持っているハートのA",), ("いちばん安い",)),
    (68, 26): ("DK", "負けるなら安い札", ("いちばん安いダイヤのキングを出します",), ("ポント",)),  # the king is lower
    # A singleton is not 「低い」; the declarer leads it to ruff the suit.
    (117, 24): ("CQ", "低い札でリード", ("1枚だけ持っているクラブのクイーンをリードして、クラブを切札で切れるように",),
                ("低いクラブのクイーン",)),
    (110, 38): ("DQ", "低い札でリード", ("1枚だけ持っているダイヤのクイーン",), ("低いダイヤのクイーン",)),
    # A defender holding Spadille has a sure winner: it is kept, not denied.
    (35, 22): ("D4", "低い札でリード",
               ("確実に勝てるスパディエ（スペードのA）は", "勝ち札を取るときのために残し"), ("確実な勝ち札がない",)),
    (218, 35): ("vole", "確実ならスラム", ("手札の札に勝てる同じスートの札も切札もない",),
                ("そのスートでいちばん強く",)),
    # Nolo: one card below is not 「いちばん高い」, two cards are not 「多く」, and a lead cannot make the
    # declarer take a suit he lacks or a card nobody else can beat.
    (291, 6): ("CA", "ノロは下をくぐる", ("クラブの2より下の札はクラブのAだけ",), ("いちばん高い",)),
    (1730, 17): ("D4", "ノロは下をくぐる", ("まだ2枚出ていない",), ("多く",)),
    (100, 21): ("H2", "ノロのデクレアラーに取らせる", ("デクレアラーはもう持っていない", "取らせられません"),
                ("取らせるため",)),
    (259, 26): ("HK", "ノロのデクレアラーに取らせる", ("ハートのキングに勝てるハートはほかの人の手にもうない",),
                ("取らせるため",)),
}


@pytest.mark.parametrize("case", TRUE_HINTS)
def test_a_hint_says_only_what_is_true_of_the_position(case: tuple[int, int]) -> None:
    action, rule, says, never = TRUE_HINTS[case]
    state = at_step(*case)
    got, named = decided(state)
    assert named == rule and (action is None or got == action), (got, named)
    text = why(state)
    assert all(words in text for words in says) and not any(words in text for words in never), text


def test_an_unseen_trump_may_lie_in_the_talon() -> None:
    """After five trump leads the last trump out is the talon's jack: the declarer stops because a trump is
    still unseen, not because an opponent is known to hold one."""
    state = played(deal("SA S2 CA SK SQ HK DK CK CQ", "S7 S6 S5 S4 S3", talon="SJ"), SOLO)
    while state.phase == "play":
        played(state, decided(state)[0])
    assert state.phase == "vole" and Card.parse("SJ") in state.talon
    assert decided(state) == ("stop", "確実でなければ止める")
    assert "まだ出ていない切札が1枚" in why(state) and "相手にまだ切札" not in why(state)


def test_a_trump_that_cannot_win_is_the_lowest_even_when_it_is_the_king() -> None:
    """Hint review, deal 68 step 26: diamonds are trumps, Basta is led and middlehand holds Ponto and the
    king of diamonds.  The king ranks below Ponto: it is the card to give, not Ponto (the king test of the
    loser's choice is for plain suits)."""
    state = at_step(68, 26)
    hand = set(map(str, state.hands[state.current_player()]))
    assert {"DA", "DK"} <= hand and state.trump == "D"
    assert decided(state)[0] == "DK"
