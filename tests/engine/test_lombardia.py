"""Scenario tests for ロンバルディアタロット: legal sets after each action, every seed defect's
resolution and both values of every variant switch (shared/rules/lombardia.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import SCENARIO, codes, hands_with, started

from engine.cards import Card, Pack, parse_cards
from engine.game import Action, IllegalAction
from engine.games.lombardia import DEALER, LombardiaState, Position

# Dossier §4.1, written out independently of the engine.
COURTS = (("K", 5), ("Q", 4), ("N", 3), ("J", 2))
VALUES = {"T21": 5, "T1": 5, "F": 5} | {f"{s}{r}": v for s in "SCHD" for r, v in COURTS}


def team_points(cards: list[Card], xxi: int = 5, odd_pair: bool = True) -> int:
    """Dossier §4.3: Σ(value − 1) over counters + number of sets (a leftover pair counts as one)."""
    values = [xxi if str(c) == "T21" else VALUES.get(str(c), 0) for c in cards]
    sets = -(-len(cards) // 4) if odd_pair else len(cards) // 4
    return sum(v - 1 for v in values if v) + sets


def scenario() -> LombardiaState:
    return started([parse_cards(h) for h in SCENARIO], "S6 S7")


def play(state: LombardiaState, code: str, legal: str) -> None:
    """Assert the legal set of the seat to act, then play ``code``."""
    assert codes(state.legal_actions()) == sorted(legal.split())
    state.apply(state.parse_action(code))


def test_scripted_tricks_with_the_legal_set_after_every_card() -> None:
    s = scenario()
    assert s.phase == "play" and s.current_player() == 0  # dealer's right leads
    play(s, "CK", SCENARIO[0])
    play(s, "C2", "CA C2 C3 C4 C5 C6 C7 C8 C9 C10 F")  # must follow (Fool always allowed)
    play(s, "T3", "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12")  # void in batons: must trump
    play(s, "H5", " ".join(c for c in SCENARIO[3].split() if c not in ("S6", "S7")))  # nothing to follow: free
    assert s.tricks[-1].result.winner == 2 and s.tricks[-1].result.code == "highest_trump"
    play(s, "T4", "T2 T4 T5 T6 T7 T8 T9 T10 T11 T12 DA D2 D3 D4 D5 D6 D7 D8")
    play(s, "H6", "HA H2 H3 H4 H6 H7 H8 H9 H10 HJ HN HQ HK SA S2 S3 S4 S5")
    play(s, "T1", "T1 T21")  # trump led: any trump, no need to beat T4
    play(s, "F", "F T13 T14 T15 T16 T17 T18 T19 T20")
    assert s.tricks[-1].result.winner == 2  # the Fool never wins; T4 beats T1
    assert s.fool_parked_with == 2 and Card.parse("F") in s.piles[2]  # seat 1 has no trick yet
    play(s, "D2", "T2 T5 T6 T7 T8 T9 T10 T11 T12 DA D2 D3 D4 D5 D6 D7 D8")
    play(s, "H7", "HA H2 H3 H4 H7 H8 H9 H10 HJ HN HQ HK SA S2 S3 S4 S5")
    play(s, "DK", "D9 D10 DJ DN DQ DK")
    play(s, "T13", "T13 T14 T15 T16 T17 T18 T19 T20")
    # seat 1's first trick: it now pays for the Fool with a card of its own tricks
    assert s.phase == "exchange" and s.current_player() == 1
    assert codes(s.legal_actions()) == sorted(["D2", "H7", "DK", "T13"])
    with pytest.raises(IllegalAction, match="自分で取ったトリック"):
        s.apply(Action("give", Card.parse("T4")))
    s.apply(s.parse_action("give D2"))
    assert Card.parse("F") in s.piles[1] and Card.parse("D2") in s.piles[2]
    assert Card.parse("F") not in s.piles[2] and s.phase == "play" and s.current_player() == 1


def test_explain_says_why_a_card_is_refused() -> None:
    s = scenario()
    s.apply(s.parse_action("CK"))
    assert "バトンを出さなければなりません" in s.explain(Action("play", Card.parse("T13")))
    assert s.explain(Action("play", Card.parse("F"))).endswith("出せます。")


def test_fool_exchanged_at_once_when_its_player_already_has_a_trick() -> None:
    s = scenario()
    for code in ["CK", "C2", "T3", "H5", "T4", "H6", "T1"]:  # seat 2 wins trick 1 and leads T4
        s.apply(s.parse_action(code))
    s.apply(s.parse_action("T13"))  # seat 1 beats T4 and takes trick 2
    assert s.tricks[-1].result.winner == 1
    for code in ["T14", "T2", "H2", "T21"]:  # seat 1 leads a trump; seat 0 wins with T21
        s.apply(s.parse_action(code))
    for code in ["D9", "F", "D3", "H3"]:  # seat 1 (with a trick) plays the Fool; coins run A high: D3 > D9
        s.apply(s.parse_action(code))
    assert s.tricks[-1].result.winner == 2
    assert s.phase == "exchange" and s.current_player() == 1 and s.exchange_to == 2
    assert codes(s.legal_actions()) == sorted(["T4", "H6", "T1", "T13"])


def test_fool_player_who_never_wins_a_trick_loses_it() -> None:
    position = Position(
        piles=(tuple(parse_cards("T2 T3 T4 T5")), (), tuple(c for c in Pack.TAROT78.cards()
               if str(c) not in ("T2", "T3", "T4", "T5", "S2", "S3"))[:72], ()),
        discard=tuple(parse_cards("S2 S3")), last_trick=2, fool_by=1)
    assert position.owner_of(Card.parse("F")) == 2
    assert any(step.label == "愚者" and "交換できず" in step.detail for step in position.score().steps)


def test_fool_holder_must_be_its_player_if_he_took_a_trick() -> None:
    pile0 = tuple(c for c in Pack.TAROT78.cards() if str(c) not in ("S2", "S3"))
    with pytest.raises(ValueError, match="愚者"):
        Position((pile0[:4], pile0[4:], (), ()), tuple(parse_cards("S2 S3")), 1, fool_by=0)


@pytest.mark.parametrize(("leader", "seat"), [("right", 0), ("left", 2)])
def test_first_lead_variant(leader: str, seat: int) -> None:
    assert started(hands_with(), first_leader=leader).current_player() == seat


def test_exposures_repeat_until_two_plain_dealer_cards() -> None:
    # dealer's 18th..21st cards: H2 S6 HK T1; his two extras (HK, T1) are honours, so he turns
    # his 19th (S6, plain) and then his 18th (H2, plain) card
    hands = [parse_cards(h) for h in SCENARIO]
    hands[0] = parse_cards(SCENARIO[0].replace("T1", "S7"))
    rest = [c for c in SCENARIO[3].split() if c not in ("H2", "S6", "HK", "S7")]
    hands[3] = parse_cards([*rest, "H2", "S6", "HK", "T1"])
    state = LombardiaState.from_hands(hands)
    shown = [(seat, str(card)) for seat, card in state.exposures()]
    assert shown[:3] == [(0, "DK"), (1, "T20"), (2, "D8")]
    assert shown[3:] == [(3, "T1"), (3, "HK"), (3, "S6"), (3, "H2")]


def test_exposure_without_honours_shows_exactly_five() -> None:
    assert len(LombardiaState.from_hands([parse_cards(h) for h in SCENARIO]).exposures()) == 5


def test_monte_needs_all_four_and_one_refusal_plays_on() -> None:
    s = LombardiaState.from_hands(hands_with())
    for _ in range(3):
        s.apply(Action("monte"))
    assert s.phase == "monte" and s.current_player() == 3
    s.apply(Action("keep"))
    assert s.phase == "discard" and s.current_player() == DEALER
    s = LombardiaState.from_hands(hands_with())
    for _ in range(4):
        s.apply(Action("monte"))
    assert s.phase == "abandoned" and s.is_terminal() and s.legal_actions() == []
    assert set(s.score().totals.values()) == {0}


def test_discard_never_honours_and_trumps_only_when_forced() -> None:
    s = LombardiaState.from_hands([parse_cards(h) for h in SCENARIO])
    s.apply(Action("keep"))
    plain = "HA H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HN HQ SA S2 S3 S4 S5 S6 S7"
    assert codes(s.legal_actions()) == sorted(plain.split())
    assert "捨て札にできません" in s.explain(Action("discard", Card.parse("HK")))


def test_discard_with_one_plain_card_then_trumps() -> None:
    dealer = "SK CK HK DK F T1 T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 S2"
    s = LombardiaState.from_hands(hands_with((), (), (), dealer))
    s.apply(Action("keep"))
    assert codes(s.legal_actions()) == ["S2"]
    assert "ほかに捨てられる札がない" in s.explain(Action("discard", Card.parse("T5")))
    s.apply(s.parse_action("S2"))
    assert codes(s.legal_actions()) == sorted(f"T{n}" for n in range(2, 15))


def test_discard_with_no_plain_card() -> None:
    dealer = "SK CK HK DK F T1 T21 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15"
    s = LombardiaState.from_hands(hands_with((), (), (), dealer))
    s.apply(Action("keep"))
    assert codes(s.legal_actions()) == sorted(f"T{n}" for n in range(2, 16))


def full_position(dealer_pile: str, last_trick: int, **variants: object) -> Position:
    """Seat 0 takes everything except the dealer's pile and the discard S6 S7."""
    mine = parse_cards(dealer_pile)
    rest = tuple(c for c in Pack.TAROT78.cards() if c not in mine and str(c) not in ("S6", "S7"))
    return Position((rest, (), (), tuple(mine)), tuple(parse_cards("S6 S7")), last_trick, None, dict(variants))  # type: ignore[arg-type]


def test_discard_belongs_to_the_dealer_when_he_took_a_trick() -> None:
    pos = full_position("T2 T3 T4 T5", last_trick=0)
    assert pos.discard_owner == DEALER
    assert pos.score().totals["ディーラー側（席1・席3）"] == team_points(parse_cards("T2 T3 T4 T5 S6 S7")) - 36


@pytest.mark.parametrize("last", [0, 1, 2])
def test_discard_goes_to_the_last_trick_winner_when_the_dealer_took_none(last: int) -> None:
    mine = parse_cards("T2 T3 T4 T5")
    others = [c for c in Pack.TAROT78.cards() if c not in mine and str(c) not in ("S6", "S7")]
    piles: list[tuple[Card, ...]] = [(), (), (), ()]
    piles[last] = tuple(others)
    piles[(last + 1) % 3] = tuple(mine)
    pos = Position(tuple(piles), tuple(parse_cards("S6 S7")), last)
    assert pos.discard_owner == last
    assert "最後のトリックを取った" in pos.score().steps[0].detail


@pytest.mark.parametrize(("xxi", "odd_pair", "total"), [(5, True, 72), (5, False, 71), (6, True, 73), (6, False, 72)])
def test_pack_total_for_every_variant_combination(xxi: int, odd_pair: bool, total: int) -> None:
    pos = full_position("T21 T2 T3 T4", last_trick=0, xxi_value=xxi, odd_pair_scores=odd_pair)
    sheet = pos.score()
    dealer_side = team_points(parse_cards("T21 T2 T3 T4 S6 S7"), xxi, odd_pair)
    assert sheet.totals["ディーラー側（席1・席3）"] == dealer_side - 36
    assert sum(sheet.totals.values()) == total - 72


def test_seed_defect_d1_seventy_two_points_only_with_the_chosen_readings() -> None:
    face = sum(VALUES.values())
    assert face == 71 and len(VALUES) == 19  # 19 counting cards, not 15; face total 71


def test_sheet_steps_add_up_to_the_totals() -> None:
    sheet = full_position("T21 SK SQ HN DJ T2 T3 T4", last_trick=3).score()
    for party, total in sheet.totals.items():
        assert sum(Fraction(s.value) for s in sheet.steps if s.party == party and s.value is not None) == total
    assert all(step.rule.game == "lombardia" for step in sheet.steps)


def test_illegal_actions_are_refused_with_a_reason() -> None:
    s = scenario()
    with pytest.raises(IllegalAction, match="手札にありません"):
        s.apply(Action("play", Card.parse("HA")))
    with pytest.raises(IllegalAction, match="番です"):
        s.apply(Action("monte"))
    with pytest.raises(IllegalAction):
        s.parse_action("XYZ")


def test_position_share_code_round_trip_and_validation() -> None:
    pos = full_position("T21 SK SQ T2", last_trick=0, xxi_value=6)
    assert Position.from_share_code(pos.share_code()) == pos
    with pytest.raises(ValueError, match="78枚"):
        Position((tuple(Pack.TAROT78.cards()[:70]), (), (), ()), (), 0)
    others = tuple(c for c in Pack.TAROT78.cards() if str(c) not in ("SK", "F"))
    with pytest.raises(ValueError, match="捨て札にできません"):
        Position((others, (), (), ()), tuple(parse_cards("SK F")), 0)


DEALERS_SIDE, OPPONENTS = "ディーラー側（席1・席3）", "相手側（席0・席2）"
PENDING = "捨て札（ディーラーがまだトリックを取っていないので、行き先は未定）"


def tally_after(state: LombardiaState, codes_: str) -> list[tuple[str, str]]:
    for code in codes_.split(","):
        state.apply(state.parse_action(code.strip()))
    return state.tally()


def test_tally_counts_face_values_and_keeps_the_discard_apart_until_the_dealer_takes_a_trick() -> None:
    s = scenario()  # discard S6 S7
    assert s.tally() == []  # no trick yet
    assert tally_after(s, "CK, C2, T3") == []  # a trick under way counts nothing yet
    # seat 2 takes CK (5); then T4 H6 T1 F: seat 2 takes T1 (5) and the Fool (5) waiting for its exchange
    assert tally_after(s, "H5, T4, H6, T1, F") == [
        (DEALERS_SIDE, "点札0枚、額面の合計0点"), (OPPONENTS, "点札3枚、額面の合計15点"),
        (PENDING, "額面の合計0点")]
    # seat 1 takes DK with T13 (5), then pays D2 for the Fool: the Fool's 5 points change sides
    assert tally_after(s, "D2, H7, DK, T13")[:2] == [(DEALERS_SIDE, "点札1枚、額面の合計5点"),
                                                  (OPPONENTS, "点札3枚、額面の合計15点")]
    assert tally_after(s, "give D2")[:2] == [(DEALERS_SIDE, "点札2枚、額面の合計10点"),
                                            (OPPONENTS, "点札2枚、額面の合計10点")]


def test_tally_adds_the_discard_to_the_dealer_once_he_took_a_trick() -> None:
    # the dealer lays away HQ (4) and HN (3) and wins the first trick with DK (5) over DA D2 D3
    s = started(hands_with("DA", "D2", "D3", "HQ HN DK"), "HQ HN")
    assert tally_after(s, "DA, D2, D3, DK") == [(DEALERS_SIDE, "点札3枚、額面の合計12点"),
                                             (OPPONENTS, "点札0枚、額面の合計0点")]


def test_tally_prices_the_world_by_the_variant() -> None:
    # seat 0 leads T21 and wins the trick: 5 points, or 6 with the seed's table
    for xxi, points in ((5, 5), (6, 6)):
        s = started(hands_with("T21 T1", "T20", "T19", "T18"), xxi_value=xxi)
        assert tally_after(s, "T21, T20, T19, T18")[1] == (OPPONENTS, f"点札1枚、額面の合計{points}点")
