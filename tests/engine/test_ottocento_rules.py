"""Ottocento: one test per defect of the seed text (shared/rules/ottocento.md §6), the
combination rules, both values of every variant switch, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.cards import NAMINGS, Card, Pack, format_cards, parse_cards
from engine.game import Action
from engine.games.ottocento import (
    SIGNAL_NAMES,
    OttocentoState,
    Position,
    card_value,
    combination_total,
    combinations,
    cricche,
    round_to_five,
    sequences,
    signal_text,
)
from engine.share import ShareError
from engine.tutorials import TutorialError, position_from_data


def seq(cards: str, wilds: int = 2, moors: bool = True) -> dict[str, int]:
    return {c.name: c.value for c in sequences(parse_cards(cards), wilds, moors)}


def position(dealer: str, **extra: object) -> Position:
    data: dict[str, object] = {"piles": {"dealer": dealer, "opponents": "rest"}, "discard": "S9 S10",
                               "last_trick": "dealer", **extra}
    variants = extra.pop("variants", {}) if "variants" in extra else {}
    return position_from_data("ottocento", {**data, "variants": variants})  # type: ignore[return-value]


# --- D1: the seven sequence families ------------------------------------------------------
def test_d1_grande_needs_angel_and_two_of_world_sun_moon() -> None:
    assert seq("T21 T20 T19") == {"グランデ": 10}
    assert seq("T21 T20 T18 T17") == {"グランデ": 15}  # the Sun may simply be missing
    assert seq("T21 T20 T17") == {}  # Sun and Moon both missing and no contatore
    assert seq("T21 T20 T17 F") == {"グランデ": 15}  # the Matto stands in for the second missing one
    assert seq("T20 T19 T18 T17") == {}  # no Angel: no Grande
    assert seq("T21 T19 T17 T16") == {}  # two top cards missing and no contatore


def test_d1_full_grande_is_22_cards_105_points() -> None:
    trumps = " ".join(f"T{n}" for n in range(1, 22))
    assert seq(trumps + " F")["グランデ"] == 105
    assert seq(trumps + " F", moors=False)["グランデ"] == 85  # variant: the four Moors are not added


def test_d1_suit_moors_and_aces_sequences() -> None:
    assert seq("SK SQ SN") == {"ソードのシークエンス": 10}
    assert seq("SK SQ SN SJ SA") == {"ソードのシークエンス": 20}
    assert seq("SK SQ SA") == {}  # the Ace cannot be one of the minimum three
    assert seq("T5 T4 T3") == {"ムーア人のシークエンス": 10}
    assert seq("SA CA T1") == {"エースのシークエンス": 10}
    assert seq("SA T1 F") == {}  # two naturals needed


# --- D2: the contatori's limits -------------------------------------------------------------
def test_d2_contatore_never_replaces_a_head() -> None:
    assert seq("SQ SN SJ T1 F") == {}
    assert seq("T20 T19 T18 T1 F") == {}


def test_d2_no_two_consecutive_gaps_in_the_numbered_trumps() -> None:
    # 16 and 15 both missing: Bagatto fills 16, the Matto may not fill 15 and is added at the end.
    found = sequences(parse_cards("T21 T20 T19 T18 T15 T14 T1 F"), 2, True)
    grande = found[0]
    assert grande.value == 5 * 6 - 5 and [role for _, role in grande.wilds] == ["切札16の代わり", "末尾に加わる"]
    # separated gaps are fine: 16 and 14 missing (T17, T15), the run then stops at 12 (T13)
    assert seq("T21 T20 T19 T18 T16 T14 T1 F")["グランデ"] == 5 * 8 - 5


def test_d2_one_contatore_serves_several_sequences_and_a_cricca() -> None:
    assert seq("T21 T20 T19 SK SQ CK CQ F") == {"グランデ": 15, "ソードのシークエンス": 10, "バトンのシークエンス": 10}
    assert [c.name for c in cricche(parse_cards("T21 T20 F"))] == ["タロッキのクリッカ"]


def test_d2_variant_one_contatore_in_a_suit_sequence() -> None:
    assert seq("SK SQ T1 F", wilds=2) == {"ソードのシークエンス": 15}
    assert seq("SK SQ T1 F", wilds=1) == {"ソードのシークエンス": 10}


def test_contatori_are_not_wild_in_cricche() -> None:
    assert cricche(parse_cards("SK CK T1 F")) == []


def test_doubling_for_three_cricche_or_three_sequences_separately() -> None:
    three_cricche = combinations(parse_cards("SK CK HK SQ CQ HQ SJ CJ DJ"), 2, True)
    # cricche 17 + 14 + 12 doubled; sequences: spades and batons K Q J (2, not doubled)
    assert combination_total(three_cricche) == 2 * (17 + 14 + 12) + 20
    three_sequences = combinations(parse_cards("SK SQ SJ CK CQ CJ T5 T4 T3"), 2, True)
    assert combination_total(three_sequences) == 2 * 30


# --- D3 / D4: the signals -------------------------------------------------------------------
def test_d3_signal_names_restored() -> None:
    assert SIGNAL_NAMES == {"busso": "ブッソ", "volo": "ヴォーロ", "striscio": "ストリッショ"}
    assert {"busso", "volo", "striscio"} <= set(OttocentoState.KEYWORDS)


def test_d4_striscio_meaning_per_variant() -> None:
    assert "切札をリード" in signal_text("striscio", {"signals": "dummett"})
    assert "まだ持っている" in signal_text("striscio", {"signals": "accademia"})


# --- D5: monte ------------------------------------------------------------------------------
def deal() -> list[Card]:
    return list(Pack.BOLOGNESE62.cards())


def test_d5_monte_only_when_all_four_agree() -> None:
    state = OttocentoState(deal())
    for _ in range(3):
        state.apply(Action("monte"))
    assert not state.is_terminal()
    state.apply(Action("monte"))
    assert state.phase == "abandoned" and set(state.score().totals.values()) == {0}
    state = OttocentoState(deal())
    state.apply(Action("monte"))
    state.apply(Action("keep"))
    assert state.phase == "discard"


def test_d5_variant_without_monte_starts_with_the_discard() -> None:
    state = OttocentoState(deal(), {"monte": False})
    assert state.phase == "discard" and state.current_player() == 3


# --- D6: the discard when the dealer's side takes no trick -----------------------------------
def test_d6_discard_goes_to_opponents_when_dealer_side_takes_nothing() -> None:
    pos = Position(((), tuple(c for c in Pack.BOLOGNESE62.cards() if str(c) not in ("S9", "S10"))),
                   tuple(parse_cards("S9 S10")), 1)
    assert pos.discard_owner == 1 and len(pos.side_cards(1)) == 62
    kept = pos.with_variants({"discard_no_trick": "dealer"})
    assert kept.discard_owner == 0 and len(kept.side_cards(0)) == 2
    sheet = pos.score()
    # everything with the opponents: 87 card points + 6 + every combination; rounded to five
    assert "相手側のもの" in sheet.steps[0].detail and int(sheet.totals["相手側（席0・席2）"]) % 5 == 0


# --- D7: the Matto's payment ----------------------------------------------------------------
def test_d7_matto_kept_and_paid_for_with_any_card_chosen() -> None:
    pos = position("T21 SK D6 D7", matto_by=0, matto_paid="D6")
    text = " ".join(s.detail for s in pos.score().steps)
    assert "代わりの札（コインの6）" in text
    with pytest.raises(TutorialError, match="受け取ったディーラー側の取り札") as refused:
        position("T21 SK D7 D8", matto_by=0, matto_paid="SA")
    assert refused.value.path == ("matto_paid",)


def test_d7_matto_lost_when_its_side_takes_no_trick() -> None:
    pos = Position(((), tuple(c for c in Pack.BOLOGNESE62.cards() if str(c) not in ("S9", "S10"))),
                   tuple(parse_cards("S9 S10")), 1, matto_by=1)
    assert "相手側のものになりました" in pos.score().steps[1].detail


# --- D8: 800 reached or exceeded ------------------------------------------------------------
def test_d8_game_end_reach_or_exceed() -> None:
    # dealer side: T21 SK (4 + 4) + 2 pairs + last trick 6 = 16, plus discard S9 S10 (1 pair) = 17 -> 15
    pos = position("T21 SK D6 D7", before={"dealer": 785, "opponents": 0})
    assert pos.score().totals["ディーラー側（席1・席3）"] == 15
    assert "ゲームに勝ちました" in pos.score().steps[-1].detail
    exceed = pos.with_variants({"game_end": "exceed"})
    assert "次のディール" in exceed.score().steps[-1].detail


# --- D11 / D13: Bolognese numbers, the pack total -------------------------------------------
def test_d11_bolognese_names_and_faces() -> None:
    naming = NAMINGS["ottocento"]
    assert naming.name(Card.parse("T17")) == "切札16" and naming.trump_face(17) == ("16", "16")
    assert naming.name(Card.parse("T21")) == "天使" and naming.name(Card.parse("T1")) == "ベガト"
    assert naming.trump_face(3)[1] == "ムーア"


def test_d13_pack_is_87_card_points_and_93_with_last_trick() -> None:
    counters = [c for c in Pack.BOLOGNESE62.cards() if card_value(c)]
    assert len(counters) == 20 and sum(card_value(c) for c in counters) == 76
    assert sum(card_value(c) - 1 for c in counters) + 62 // 2 + 6 == 93


def test_rounding_to_the_nearest_five() -> None:
    assert [round_to_five(n) for n in (100, 101, 102, 103, 107, 108, 109)] == [100, 100, 100, 105, 105, 110, 110]


# --- D12: declarations and captured combinations double separately ----------------------------
def test_d12_declarations_double_per_player_and_captures_once() -> None:
    declared = {"1": "SK CK HK SQ CQ HQ SJ CJ HJ"}  # three cricche in hand: doubled
    # nine cards of seat 1 come back to its side: its side took nine tricks (36 cards) at least
    blanks = "S6 S7 S8 C6 C7 C8 C9 C10 H6 H7 H8 H9 H10 D8 D9 D10 T6 T7 T8 T9 T10 T11 T12 T13"
    pos = position("SK CK HK SQ CQ HQ SJ CJ HJ T21 D6 D7 " + blanks, declared=declared)
    labels = [s.label for s in pos.score().steps]
    assert labels.count("席1の手役: クリッカの倍付け") == 1 and labels.count("取り札の役: クリッカの倍付け") == 1


# --- share codes and the command line ---------------------------------------------------------
def test_position_share_round_trip_and_tamper() -> None:
    pos = position("T21 SK D6 D7", matto_by=0, matto_paid="D6", declared={"3": "T21"},
                   before={"dealer": 400, "opponents": 500})
    assert Position.from_share_code(pos.share_code()) == pos
    code = pos.share_code()
    with pytest.raises(ShareError):
        Position.from_share_code(code[:-2] + ("AA" if code[-2:] != "AA" else "BB"))


def test_cli_scores_an_ottocento_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rest = [c for c in Pack.BOLOGNESE62.cards() if str(c) not in ("S9", "S10", "SK", "CK", "HK")]
    data = {"piles": {"dealer": "SK CK HK D6", "opponents": format_cards([c for c in rest if str(c) != "D6"])},
            "discard": "S9 S10", "last_trick": "opponents"}
    path = tmp_path / "otto.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "ottocento", str(path)]) == 0
    assert "キングのクリッカ" in capsys.readouterr().out
    assert main(["score", "ottocento", str(path), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    # dealer: 3 kings (4 each) + 3 pairs = 15, cricca 17 -> 32 -> 30
    assert sheet["totals"]["ディーラー側（席1・席3）"] == "30"
