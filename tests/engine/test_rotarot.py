"""Scenario tests for ロタロット: legal sets after each action, every seed defect's resolution
(shared/rules/rotarot.md §6, R1..R23) and both values of every variant switch."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.cards import Card, Pack, parse_cards
from engine.game import Action, IllegalAction, Variants
from engine.games.rotarot import Position, RotarotState, card_value
from engine.share import ShareError
from engine.tricks import Play
from engine.tutorials import position_from_data

# Dossier §1, written out independently of the engine (in halves).
HALVES = {"F": 10, "T21": 10, "T1": 10} | {f"{s}{r}": v for s in "SCHD" for r, v in
                                           (("K", 10), ("Q", 8), ("N", 6), ("J", 4))}


def value(code: str, ramsch: bool = False) -> Fraction:
    if ramsch and code == "T21":
        return Fraction(0)
    if code in HALVES:
        return Fraction(HALVES[code], 2)
    return Fraction(1) if code.startswith("T") else Fraction(1, 2)


def deal(widow: str, variants: Variants | None = None, **fixed: str) -> RotarotState:
    """A state whose widow is ``widow`` and where seat ``sN`` holds the listed cards, the rest
    filled from the pack in canonical order."""
    n = int((variants or {}).get("players", 4))
    size = 72 // n
    hands = [parse_cards(fixed.get(f"s{s}", "")) for s in range(n)]
    used = {c for h in hands for c in h} | set(parse_cards(widow))
    free = [c for c in Pack.TAROT78.cards() if c not in used]
    for hand in hands:
        while len(hand) < size:
            hand.append(free.pop(0))
    hands[-1] += parse_cards(widow)
    return RotarotState.from_hands(hands, variants)


def words(state: RotarotState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: RotarotState, text: str, legal: str | None = None) -> None:
    if legal is not None:
        assert sorted(words(state)) == sorted(legal.split(","))
    state.apply(state.parse_action(text))


ALL_BIDS = "pass,bid6,bid5,bid4,bid3,bid2,bid1,solo"


def test_deal_six_at_a_time_and_the_widow() -> None:
    s = RotarotState(Pack.TAROT78.cards())
    cards = Pack.TAROT78.cards()
    assert s.hands[0] == list(cards[0:6] + cards[24:30] + cards[48:54])
    assert [len(h) for h in s.hands] == [18] * 4 and s.widow == list(cards[72:])
    caption = s.table()[1]
    assert len(s.table()[0]) == 5 and "裏向き" in caption  # five face up, one face down
    assert RotarotState.from_hands([s.hand(i) for i in range(3)] + [s.hands[3] + s.widow]).widow == s.widow
    three = RotarotState(Pack.TAROT78.cards(), {"players": 3})
    assert [len(h) for h in three.hands] == [24] * 3 and len(three.widow) == 6  # R23


def test_card_values_total_110_and_105() -> None:
    cards = Pack.TAROT78.cards()
    assert sum(card_value(c) for c in cards) == 110 == sum(value(str(c)) for c in cards)
    assert sum(card_value(c, True) for c in cards) == 105 == sum(value(str(c), True) for c in cards)


def test_bidding_soft_pass_and_end_after_the_others_pass() -> None:  # R8
    s = deal("S2 S3 S4 S5 S6 S7")
    act(s, "bid4", ALL_BIDS)
    act(s, "pass", "pass,bid3,bid2,bid1,solo")
    act(s, "bid3", "pass,bid3,bid2,bid1,solo")
    act(s, "pass", "pass,bid2,bid1,solo")
    act(s, "pass", "pass,bid2,bid1,solo")  # seat 0 had bid; it passes now
    act(s, "bid2", "pass,bid2,bid1,solo")  # seat 1 passed before: a soft pass lets it bid again
    with pytest.raises(IllegalAction, match="より強いビッド"):
        s.apply(Action("bid3"))
    act(s, "pass", "pass,bid1,solo")
    act(s, "pass", "pass,bid1,solo")
    assert s.phase == "bid"
    act(s, "pass", "pass,bid1,solo")
    assert s.declarer == 1 and s.contract == 2 and s.phase == "take" and s.current_player() == 1


def test_all_pass_in_the_first_round_is_ramsch_but_not_later() -> None:
    s = deal("S2 S3 S4 S5 S6 S7")
    for _ in range(4):
        act(s, "pass")
    assert s.ramsch and s.phase == "rtake" and s.current_player() == 3  # the dealer exchanges first
    later = deal("S2 S3 S4 S5 S6 S7")
    for word in ("pass", "pass", "pass", "bid6", "pass", "pass", "pass"):
        act(later, word)
    assert not later.ramsch and later.declarer == 3 and later.contract == 6


def test_solo_ends_the_auction_and_the_declarer_leads() -> None:  # R9, R17
    s = deal("T1 S3 S4 S5 S6 S7")
    act(s, "pass")
    act(s, "solo")
    for _ in range(3):
        act(s, "pass", "pass")
    assert s.phase == "play" and s.current_player() == 1 and len(s.widow) == 6 and not s.widow_open


def test_forced_honours_in_order_pagat_mond_skus() -> None:  # R18
    s = deal("F T21 T1 S5 S6 S7")
    for word in ("bid2", "pass", "pass", "pass"):
        act(s, word)
    assert {"T1", "T21"} <= {str(c) for c in s.hands[0]} and s.phase == "discard"
    assert {str(c) for c in s.widow} == {"F", "S5", "S6", "S7"}
    s = deal("F T21 S4 S5 S6 S7")
    for word in ("bid3", "pass", "pass", "pass"):
        act(s, word)
    assert s.phase == "take" and len(s.hands[0]) == 20
    act(s, "take S4", "take S4,take S5,take S6,take S7")
    assert s.phase == "discard"


def test_discard_ban_and_ownership() -> None:  # R5
    s = deal("HK S3 S4 S5 S6 S7", s0="SK T1 T2")
    for word in ("bid1", "pass", "pass", "pass"):
        act(s, word)
    act(s, "take HK")
    legal = words(s)
    assert "discard SK" not in legal and "discard HK" not in legal and "discard T1" not in legal
    assert "discard T2" in legal
    with pytest.raises(IllegalAction, match="5点の札"):
        s.apply(s.parse_action("discard SK"))
    act(s, "discard T2")
    assert s.phase == "play" and s.current_player() == 1  # declarer's right-hand neighbour leads


def seat_cards(state: RotarotState, seat: int, pick: str) -> list[str]:
    """The seat's cards of one kind: a suit letter, or T for every trump (Sküs included)."""
    return sorted(str(c) for c in state.hands[seat] if (c.is_trump or c.is_fool) == (pick == "T")
                  and (pick == "T" or c.suit == pick))


def test_must_follow_then_must_trump_and_overtrump() -> None:  # R10
    s = deal("SA S2 S3 S4 S5 S6", s0="HK D9 D8 D7 D6 D5 D4 D3 D2 DA DJ DN DQ DK H10 H9 H8 H7",
             s1="C2 T3 T9 H2 H3 H4 H5 H6 HA HJ HN HQ C3 C4 C5 C6 C7 C8")
    for word in ("solo", "pass", "pass", "pass"):
        act(s, word)
    act(s, "HK", ",".join(sorted(str(c) for c in s.hands[0])))  # the declarer leads anything
    act(s, "H6", ",".join(seat_cards(s, 1, "H")))  # must follow hearts
    act(s, "T10", ",".join(seat_cards(s, 2, "T")))  # seat 2 (void in hearts) must trump
    higher = [c for c in seat_cards(s, 3, "T") if c == "F" or int(c[1:]) > 10]
    assert sorted(words(s)) == sorted(higher)  # ... and seat 3 must beat T10


def test_overtrump_flag_on_a_trump_lead() -> None:  # R10
    hands = {"s0": "T10 D9 D8 D7 D6 D5 D4 D3 D2 DA DJ DN DQ DK H10 H9 H8 H7", "s1": "T12 T2 C5"}
    strict = deal("SA S2 S3 S4 S5 S6", None, **hands)
    loose = deal("SA S2 S3 S4 S5 S6", {"overtrump": False}, **hands)
    for s in (strict, loose):
        for word in ("solo", "pass", "pass", "pass", "T10"):
            act(s, word)
    assert sorted(words(strict)) == sorted(c for c in seat_cards(strict, 1, "T") if c == "F" or int(c[1:]) > 10)
    with pytest.raises(IllegalAction, match="強い切札"):
        strict.apply(strict.parse_action("T2"))
    assert sorted(words(loose)) == seat_cards(loose, 1, "T")


def test_skus_tops_in_normal_play_and_bottoms_in_ramsch() -> None:
    from engine.games.rotarot import policy
    from engine.tricks import trick_winner

    plays = [Play(0, Card.parse("T21")), Play(1, Card.parse("F")), Play(2, Card.parse("T1")), Play(3, Card.parse("SK"))]
    v: Variants = RotarotState.normalise_variants({})
    assert trick_winner(plays, policy(False, v), None).winner == 1
    assert trick_winner(plays, policy(True, v), None).winner == 0
    red = [Play(0, Card.parse("H10")), Play(1, Card.parse("HA")), Play(2, Card.parse("S9")), Play(3, Card.parse("H2"))]
    assert trick_winner(red, policy(False, v), None).winner == 1  # red pips: 1 high


def ramsch(variants: Variants | None = None, **hands: str) -> RotarotState:
    s = deal("T21 S2 S3 S4 S5 S6", variants, **hands)
    for _ in range(4):
        act(s, "pass")
    return s


def test_ramsch_exchange_take_and_give_face_up() -> None:  # R11 both ways
    s = ramsch(s3="HK C2 T7")
    assert sorted(words(s)) == sorted(["enough", "take T21", "take S2", "take S3", "take S4", "take S5", "take S6"])
    act(s, "take T21")
    act(s, "take S2")
    assert s.phase == "rdiscard"
    assert "discard HK" not in words(s) and "discard T21" in words(s)  # Mond is 0 in Ramsch
    act(s, "discard C2")
    act(s, "discard T7")
    assert s.current_player() == 0 and s.phase == "rtake" and Card.parse("C2") in s.widow
    act(s, "take C2")
    act(s, "enough", "enough,take T7,take S3,take S4,take S5,take S6")
    assert s.phase == "rdiscard"
    strict = ramsch({"ramsch_mond_discard": False}, s3="HK C2 T7")
    act(strict, "take T21")
    act(strict, "enough")
    assert "discard T21" not in words(strict)
    s = ramsch()
    for _ in range(4):
        act(s, "enough")
    assert s.phase == "play" and s.current_player() == 0


def test_ramsch_direction_flag() -> None:  # R4
    ccw = ramsch()
    cw = ramsch({"ramsch_direction": "cw"})
    for s in (ccw, cw):
        for _ in range(4):
            act(s, "enough")
        s.apply(s.legal_actions()[0])
    assert ccw.current_player() == 1 and cw.current_player() == 3


def test_three_player_ramsch_variants() -> None:  # R13
    void = deal("S2 S3 S4 S5 S6 S7", {"players": 3, "three_ramsch": "void"})
    for _ in range(3):
        act(void, "pass")
    assert void.is_terminal() and set(void.score().totals.values()) == {0}
    equal = deal("S2 S3 S4 S5 S6 S7", {"players": 3})
    for _ in range(3):
        act(equal, "pass")
    assert equal.ramsch and equal.current_player() == 2


def pos(**data: object) -> Position:
    base = {"contract": 3, "declarer": 1, "piles": {0: "rest", 1: "", 2: "", 3: ""},
            "discard": "S2 S3 S4", "widow": "S5 S6 S7", "last_trick": {"leader": 0, "cards": "DK D10 D9 D8"}}
    base.update(data)
    variants = base.pop("variants", {})
    assert isinstance(variants, dict)
    return position_from_data("rotarot", {**base, "variants": variants})  # type: ignore[return-value]


DECL_55 = "F T21 T1 SK HK SQ HQ CQ SN HN CN SJ HJ CJ T2 S8"  # 53.5 points, 16 cards


def test_exactly_55_fails_and_55_5_succeeds() -> None:  # R2, R3, R14
    failed = pos(piles={0: "rest", 1: DECL_55}).score()
    # 53.5 + 1.5 (discard) = 55: the declarer pays each (55 - 55) + 20
    assert failed.totals["席1"] == -60 and failed.totals["席0"] == 20
    won = pos(piles={0: "rest", 1: DECL_55.replace("S8", "S8 S9 S10 D2 D3")}).score()
    # 55 + 4 × 0.5 = 57: each pays (57 - 55) + 20 = 22
    assert won.totals["席1"] == 66 and won.totals["席2"] == -22


def test_widow_rest_variant() -> None:  # R5, R17
    default = pos(piles={0: "rest", 1: DECL_55}).score()
    to_declarer = pos(piles={0: "rest", 1: DECL_55}, variants={"widow_rest": "declarer"}).score()
    assert default.totals["席1"] == -60
    assert to_declarer.totals["席1"] == 3 * (Fraction(113, 2) - 55 + 20)  # 55 + 1.5 from the widow


def test_pagat_ultimo_won_and_lost() -> None:  # R19
    won = pos(last_trick={"leader": 0, "cards": "T1 D10 D9 D8"}, piles={0: "rest", 1: DECL_55.replace("T1 ", "")
                                                                        + " D7 D6 D5 D4 D3"}).score()
    assert [s.label for s in won.steps].count("パガットウルティモ") == 1 + 3 + 3  # headline, payee×3, payers
    piles = {0: "rest", 1: DECL_55.replace("T1 ", "").replace("S8", "S8 D7 D6 D5 D4 D3"), 2: "T1 T5 C9 C8"}
    lost = pos(last_trick={"leader": 1, "cards": "T1 T5 C9 C8"}, piles=piles).score()
    base = pos(piles=piles).score()
    assert lost.totals["席1"] == base.totals["席1"] - 20 and lost.totals["席2"] == base.totals["席2"] + 20
    assert lost.totals["席0"] == base.totals["席0"]  # only the trick's winner is paid


def test_world_collapse_and_valat() -> None:  # R20, R21
    valat = pos(contract=1, declarer=0, piles={0: "rest"}, discard="S4", widow="S2 S3 C2 C3 H2",
                last_trick={"leader": 0, "cards": "T1 S5 S6 S7"}, collapse={"skus": 0, "mond": 2}).score()
    amount = Fraction(215, 2) - 55 + 40
    assert valat.totals["席0"] == 3 * amount + 3 * 20 + 30
    assert valat.totals["席2"] == -amount - 20 - 30
    with pytest.raises(ValueError, match="世界の崩壊"):
        pos(collapse={"skus": 1, "mond": 0})


def test_ramsch_scores_balance() -> None:
    s = ramsch()
    for _ in range(4):
        act(s, "enough")
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert len(s.results) == 18  # R1: eighteen tricks
    sheet = s.score()
    assert sum(sheet.totals.values()) == 0
    position = s.position()
    points = [sum((value(str(c), True) for c in p), Fraction(0)) for p in position.piles]
    points[position.last_winner] += sum(value(str(c), True) for c in position.widow)
    assert [sheet.totals[k] for k in sheet.totals] == [(26 - p) * 4 for p in points[:3]] + [(27 - points[3]) * 4]


def test_share_codes_round_trip_and_reject_tampering() -> None:
    s = deal("F T21 T1 S5 S6 S7")
    for word in ("bid2", "pass", "pass", "pass"):
        act(s, word)
    s.apply(s.legal_actions()[0])
    assert RotarotState.from_share_code(s.share_code()) == s
    code = s.share_code()
    with pytest.raises(ShareError):
        RotarotState.from_share_code(code[:-2] + ("AA" if code[-2:] != "AA" else "BB"))
    p = pos()
    assert Position.from_share_code(p.share_code()) == p
    with pytest.raises(ShareError):
        Position.from_share_code(p.share_code()[:-1] + "x")


def test_cli_scores_a_rotarot_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = {"contract": 3, "declarer": 1, "piles": {"0": "rest", "1": DECL_55}, "discard": "S2 S3 S4",
            "widow": "S5 S6 S7", "last_trick": {"leader": 0, "cards": "DK D10 D9 D8"}}
    path = tmp_path / "rotarot.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "rotarot", str(path)]) == 0
    assert "失敗" in capsys.readouterr().out
    assert main(["score", "rotarot", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"]["席1"] == "-60"


def test_ramsch_bonuses_flag() -> None:  # R12
    data = {"contract": "ramsch", "discard": "", "widow": "S2 S3 S4 S5 S6 S7",
            "piles": {0: "rest", 1: "T1 C2 C3 C4 C5 C6 C7 C8"}, "last_trick": {"leader": 1, "cards": "T1 C2 C3 C4"}}
    plain = position_from_data("rotarot", data).score()
    bonus = position_from_data("rotarot", {**data, "variants": {"ramsch_bonuses": True}}).score()
    assert "パガットウルティモ" not in [s.label for s in plain.steps]
    assert bonus.totals["席1"] == plain.totals["席1"] + 30 and bonus.totals["席0"] == plain.totals["席0"] - 10
    # seat 1 won the last trick, so the widow (3 points) is its: (26 - (5 + 3.5 + 3)) × 4
    assert plain.totals["席1"] == (26 - Fraction(23, 2)) * 4


def test_a_finished_deal_keeps_its_number_of_players() -> None:  # R23
    with pytest.raises(ValueError, match="人数は切り替えられません"):
        pos().with_variants({"players": 3})
    assert pos().with_variants({"overtrump": False}).variants["overtrump"] is False


def test_example_expect_accepts_exact_fractions() -> None:
    from engine.plaindata import TutorialError
    from engine.tutorials import load

    yaml = pytest.importorskip("yaml")
    path = Path(__file__).resolve().parents[2] / "tutorials" / "rotarot" / "example-55-and-a-half.yaml"
    example = yaml.safe_load(path.read_text(encoding="utf-8"))
    totals = {"席0": "91.5", "席1": "-61/2", "席2": "-30.5", "席3（ディーラー）": "-30.5"}
    assert load({**example, "expect": totals}).expect["席1"] == Fraction(-61, 2)  # type: ignore[union-attr]
    with pytest.raises(TutorialError, match="合いません"):
        load({**example, "expect": {**totals, "席2": -30}})
    with pytest.raises(TutorialError, match="文字列"):
        load({**example, "expect": {**totals, "席2": "thirty"}})
