"""ロンブル final positions: only trick counts that a legal deal ends with are accepted (early ends,
the slam after five straight tricks, surrender before the declarer's first card, simple nolo played
out, 9-0-0 included), and bad input (seats, per-seat tables, cards outside the 40-card pack, wrong
types, crafted share codes) is refused with a Japanese message, never a traceback."""

from __future__ import annotations

import json
import re
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from test_lhombre import FH, MH, RH, act, deal, words

from engine import share
from engine.__main__ import main
from engine.cards import parse_cards
from engine.game import Action
from engine.games.lhombre import BY_WORD, CONTRACTS, LHombreState, Position, PositionError
from engine.plaindata import TutorialError
from engine.tutorials import position_from_data

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
Tricks = tuple[int, int, int]


def data_error(data: dict[str, Any]) -> TutorialError:
    with pytest.raises(TutorialError) as caught:
        position_from_data("lhombre", {"game": "lhombre", **data})
    assert JAPANESE.search(str(caught.value)), str(caught.value)
    return caught.value


# --- the reported bug: simple nolo played to 9-0-0 ----------------------------------------------
def test_a_deal_played_to_nine_tricks_in_simple_nolo_scores_a_codille_with_penalty_eight() -> None:
    # Forehand holds the three top cards of spades, clubs and hearts and takes the king of diamonds
    # from the talon for the jack of hearts: every card he leads is the best left in its suit.
    state = deal(fh="SK SQ SJ CK CQ CJ HK HQ HJ", talon="DK")
    act(state, "simple-nolo")
    act(state, "pass")
    act(state, "pass")
    assert state.exchangers == []  # the opponents do not exchange in simple nolo
    act(state, "discard HJ")
    act(state, "draw")
    while not state.is_terminal():
        assert state.phase == "play" and sum(state.tricks) < 9  # played out, never stopped early
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    assert state.tricks == [9, 0, 0] and not state.vole
    sheet = state.score()
    # codille: V + P = 2 + (9 − 1) = 10 to each opponent, the declarer pays 2 × 10
    assert sheet.totals == {FH: -20, MH: 10, RH: 10}
    assert "大失敗（コディーユ）" in [step.label for step in sheet.steps]
    assert any("9 − 1 = 8" in step.detail for step in sheet.steps)
    position = state.position()
    assert Position.from_share_code(position.share_code()) == position
    assert LHombreState.from_share_code(state.share_code()) == state


@pytest.mark.parametrize("declarer", [0, 1, 2])
def test_simple_nolo_nine_nil_position_is_accepted(declarer: int) -> None:
    tricks = {str(s): 9 if s == declarer else 0 for s in range(3)}
    position = position_from_data("lhombre", {"game": "lhombre", "contract": "simple-nolo", "declarer": declarer,
                                              "tricks": tricks})
    names = [FH, MH, RH]
    assert position.score().totals == {name: -20 if s == declarer else 10 for s, name in enumerate(names)}


# --- reachable trick counts, against the ending rules written out again (§4.3, §5) ---------------
def outcome(nolo: bool, own: int, others: tuple[int, int]) -> str:
    if nolo:
        return "win" if own == 0 else "remise" if own == 1 else "codille"
    return "win" if own > max(others) else "remise" if own == max(others) else "codille"


def certain(nolo: bool, tricks: Tricks, declarer: int) -> bool:
    """Every way of sharing the tricks left gives the same outcome."""
    left = 9 - sum(tricks)
    found = set()
    for extra in product(range(left + 1), repeat=3):
        if sum(extra) == left:
            final = [t + e for t, e in zip(tricks, extra, strict=True)]
            others = [final[s] for s in range(3) if s != declarer]
            found.add(outcome(nolo, final[declarer], (others[0], others[1])))
    return len(found) == 1


def endings(word: str, declarer: int) -> set[tuple[Tricks, bool]]:
    """Every (tricks, slam) a deal of ``word`` ends with: each trick may go to any seat."""
    nolo = BY_WORD[word].nolo
    found: set[tuple[Tricks, bool]] = set()
    seen: set[tuple[Tricks, int, bool]] = set()

    def after_trick(tricks: Tricks, winner: int, vole: bool) -> None:
        if (tricks, winner == declarer, vole) in seen:
            return
        seen.add((tricks, winner == declarer, vole))
        played = sum(tricks)
        if vole and (winner != declarer or played == 9):
            found.add((tricks, True))
            return
        if not vole and not nolo and played == 5 and tricks[declarer] == 5:
            found.add((tricks, False))  # the declarer stops ...
            vole = True  # ... or plays on for the slam
        elif not vole and (played == 9 or (word != "simple-nolo" and certain(nolo, tricks, declarer))):
            found.add((tricks, False))
            return
        for seat in range(3):
            after_trick((*tricks[:seat], tricks[seat] + 1, *tricks[seat + 1:]), seat, vole)  # type: ignore[arg-type]

    for seat in range(3):
        after_trick((*[0] * seat, 1, *[0] * (2 - seat)), seat, False)  # type: ignore[arg-type]
    return found


def played_out(found: set[tuple[Tricks, bool]]) -> set[tuple[Tricks, bool]]:
    """The endings of a table that plays every deal on to nine tricks after it has ended (§4.3:
    stopping early never changes the score): each remaining trick may go to any seat."""
    nine = [t for t in ALL_COUNTS if sum(t) == 9]
    return found | {(t, vole) for end, vole in found for t in nine
                    if all(a >= b for a, b in zip(t, end, strict=True))}


def accepted(word: str, declarer: int, tricks: Tricks, vole: bool = False, surrendered: bool = False) -> bool:
    contract = BY_WORD[word]
    try:
        Position(contract, declarer, "" if contract.nolo else "S", tricks, vole, surrendered)
    except PositionError:
        return False
    return True


ALL_COUNTS = [(a, b, c) for a in range(10) for b in range(10) for c in range(10) if a + b + c <= 9]


@pytest.mark.parametrize("word", [c.word for c in CONTRACTS])
def test_exactly_the_trick_counts_a_deal_can_end_with_are_accepted(word: str) -> None:
    for declarer in range(3):
        expected = played_out(endings(word, declarer))
        found = {(t, v) for t in ALL_COUNTS for v in (False, True) if accepted(word, declarer, t, v)}
        assert found == expected, (declarer, sorted(found ^ expected))
        assert [t for t in ALL_COUNTS if accepted(word, declarer, t, surrendered=True)] == [(0, 0, 0)]


def test_reachable_sets_hold_the_cases_the_rules_name() -> None:
    simple_nolo = endings("simple-nolo", 0)
    assert ((9, 0, 0), False) in simple_nolo and all(sum(t) == 9 for t, _ in simple_nolo)
    assert len(simple_nolo) == 55  # every split of nine tricks among three seats
    solo = endings("solo", 1)
    assert ((0, 5, 0), False) in solo and ((0, 9, 0), True) in solo and ((1, 7, 0), True) in solo
    assert ((0, 9, 0), False) not in solo and ((0, 6, 0), False) not in solo and ((1, 6, 1), True) not in solo
    assert ((3, 2, 2), False) not in endings("pure-nolo", 0)  # two tricks already made it a codille
    assert ((3, 2, 2), False) not in played_out(endings("pure-nolo", 0))  # seven tricks: neither end nor nine
    assert ((3, 4, 2), False) in played_out(endings("pure-nolo", 0))
    assert ((0, 6, 3), True) in played_out(solo) and ((1, 4, 4), True) not in played_out(solo)


# --- the review's case (2026-11-27, defect 7): a simple game played out to nine tricks -------------
@pytest.mark.parametrize(("declarer", "played", "stopped"), [
    (1, {"0": 2, "1": 5, "2": 2}, {"0": 2, "1": 5, "2": 1}),  # 2-5-2 is one of the ways 2-5-1 goes on
    (0, {"0": 5, "1": 2, "2": 2}, {"0": 5, "1": 2, "2": 1}),
    (0, {"0": 5, "1": 2, "2": 2}, {"0": 5, "1": 1, "2": 1}),
    (2, {"0": 1, "1": 4, "2": 4}, {"0": 1, "1": 4, "2": 4}),  # remise: the ninth trick decided it
    (0, {"0": 1, "1": 6, "2": 2}, {"0": 1, "1": 5}),  # codille certain at 1-5-0
])
def test_a_deal_played_out_to_nine_tricks_scores_as_the_stopped_deal(declarer: int, played: dict[str, int],
                                                                     stopped: dict[str, int]) -> None:
    base = {"contract": "simple", "declarer": declarer, "trump": "C"}
    nine = Position.from_data({**base, "tricks": played}, {})
    early = Position.from_data({**base, "tricks": stopped}, {})
    assert nine.score().totals == early.score().totals and nine.result == early.result


def test_a_slam_attempt_played_out_scores_as_the_lost_slam() -> None:
    base = {"contract": "solo", "declarer": 0, "trump": "H", "vole": True}
    nine = Position.from_data({**base, "tricks": {"0": 6, "1": 1, "2": 2}}, {})
    early = Position.from_data({**base, "tricks": {"0": 6, "1": 1}}, {})
    assert nine.result == "vole-failed" and nine.score().totals == early.score().totals


@pytest.mark.parametrize(("data", "typed"), [
    ({"contract": "simple", "declarer": 0, "trump": "C", "tricks": {0: 5, 1: 2, 2: 1}, "vole": True}, "合計9"),
    ({"contract": "simple", "declarer": 0, "trump": "C", "tricks": {0: 6, 1: 1}}, "合計9"),
    ({"contract": "simple", "declarer": 0, "trump": "C", "tricks": {0: 6}}, "5トリックの時点"),
    ({"contract": "simple", "declarer": 0, "trump": "C", "tricks": {0: 4, 1: 2}}, "合計9"),
    ({"contract": "simple-nolo", "declarer": 0, "tricks": {0: 4, 1: 2}}, "合計9"),
    ({"contract": "pure-nolo", "declarer": 0, "tricks": {0: 3, 1: 2, 2: 2}}, "その時点のトリック数"),
])
def test_a_refused_count_says_what_to_write_instead(data: dict[str, Any], typed: str) -> None:
    assert typed in str(data_error(data))


# --- unreachable positions are refused, naming the field and the reason -------------------------
@pytest.mark.parametrize(("data", "where", "message"), [
    ({"contract": "spade-solo", "declarer": 0, "trump": "S", "tricks": {0: 6, 1: 2}}, "tricks",
     "前に結果が決まって"),  # 6-2-0 already won: the eighth trick is neither the end nor the ninth
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 7}}, "tricks", "スラムを選ばずに"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 6, 1: 2}, "vole": True}, "tricks",
     "最後の1トリックだけ"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 4, 1: 1}, "vole": True}, "tricks",
     "5トリック以上"),
    ({"contract": "pure-nolo", "declarer": 1, "tricks": {0: 2, 1: 3, 2: 2}}, "tricks", "2トリック目を取った時点"),
    ({"contract": "simple-nolo", "declarer": 1, "tricks": {0: 2, 1: 4, 2: 2}}, "tricks", "9トリックすべて"),
    ({"contract": "simple-nolo", "declarer": 1, "tricks": {1: 9}, "vole": True}, "vole", "ノロにはありません"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {1: 1}, "surrendered": True}, "tricks", "降伏"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "surrendered": True, "vole": True}, "vole", "降伏"),
    ({"contract": "tourne", "declarer": 2, "trump": "D", "surrendered": True,
      "hand": "SK SQ C7 C6 H4 H5 H6 HK HQ"}, "hand", "表にした"),  # the turned diamond is his
    ({"contract": "pure-nolo", "declarer": 0, "trump": "S", "tricks": {0: 2}}, "trump", "切札がありません"),
    ({"contract": "spade", "declarer": 0, "trump": "H", "tricks": {0: 5}}, "trump", "スペード"),
])
def test_unreachable_positions_are_refused(data: dict[str, Any], where: str, message: str) -> None:
    error = data_error(data)
    assert error.where() == where and message in str(error)


def test_a_turned_black_ace_counts_for_its_own_suit_in_the_hand() -> None:
    # a turned basta makes clubs trumps and goes to the declarer: his only club may be that ace
    position = Position(BY_WORD["tourne"], 0, "C", (0, 0, 0), surrendered=True,
                        hand=tuple(parse_cards("CA SK SQ H4 H5 H6 HK HQ DK")))
    assert str(position.hand[0]) == "CA"  # shown first, as a trump
    with pytest.raises(PositionError, match="表にした"):
        Position(BY_WORD["tourne"], 0, "S", (0, 0, 0), surrendered=True,
                 hand=tuple(parse_cards("CA C2 C3 H4 H5 H6 HK HQ DK")))  # spades turned: a spade is his


# --- bad input: seats, per-seat tables, cards, types ---------------------------------------------
SOLO: dict[str, Any] = {"contract": "solo", "trump": "H", "tricks": {0: 5, 1: 2, 2: 1}}


@pytest.mark.parametrize(("data", "where"), [
    ({**SOLO, "declarer": 3}, "declarer"),
    ({**SOLO, "declarer": -1}, "declarer"),
    ({**SOLO, "declarer": 10 ** 30}, "declarer"),
    ({**SOLO, "declarer": "0"}, "declarer"),
    ({**SOLO, "declarer": True}, "declarer"),
    ({**SOLO, "declarer": 1.0}, "declarer"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, 1: 2, 2: 1, 7: 0}}, "tricks.7"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, 1: 2, "-1": 1}}, "tricks.-1"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, 1: 2, "middle": 1}}, "tricks.middle"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, 1: 2, 2: 1, None: 0}}, "tricks.None"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, "0": 5, 1: 2, 2: 1}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": {0: -5, 1: 2, 2: 1}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": {0: 10 ** 30, 1: 2}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": {0: "5", 1: 2, 2: 1}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5.0, 1: 2, 2: 1}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": {0: None, 1: 2, 2: 1}}, "tricks.0"),
    ({**SOLO, "declarer": 0, "tricks": [5, 2, 1]}, "tricks"),
    ({**SOLO, "declarer": 0, "tricks": {0: 5, 1: 3, 2: 2}}, "tricks"),  # ten tricks
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ D10"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ T21"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ F"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ S8"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ SA"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ XX"}, "hand"),
    ({**SOLO, "declarer": 0, "hand": 5}, "hand"),
    ({**SOLO, "declarer": 0, "hand": ["SA", 5]}, "hand"),
    ({**SOLO, "declarer": 0, "hand": "SA " * 400}, "hand"),
    ({**SOLO, "declarer": 0, "contract": 5}, "contract"),
    ({**SOLO, "declarer": 0, "contract": "misere"}, "contract"),
    ({**SOLO, "declarer": 0, "trump": 5}, "trump"),
    ({**SOLO, "declarer": 0, "trump": "X"}, "trump"),
    ({**SOLO, "declarer": 0, "trump": "T"}, "trump"),
    ({**SOLO, "declarer": 0, "vole": "yes"}, "vole"),
    ({**SOLO, "declarer": 0, "surrendered": 1}, "surrendered"),
    ({"contract": "solo", "trump": "H", "declarer": 0}, "tricks"),
])
def test_bad_position_data_is_refused_at_its_field(data: dict[str, Any], where: str) -> None:
    assert data_error(data).where() == where


@pytest.mark.parametrize("card", ["D10", "T21"])
def test_a_hand_with_a_card_outside_the_forty_card_pack_names_it(card: str) -> None:
    error = data_error({**SOLO, "declarer": 0, "hand": f"SA H7 HA HK HJ H3 SK CQ {card}"})
    assert f"{card} はロンブルのパック" in str(error)


@pytest.mark.parametrize(("data", "message"), [
    ({**SOLO, "declarer": 7}, "席は0〜2"),
    ({**SOLO, "declarer": 0, "tricks": {"0": 5, "1": 2, "7": 1}}, "「7」は席ではありません"),
    ({**SOLO, "declarer": 0, "hand": "SA H7 HA HK HJ H3 SK CQ D10"}, "D10 はロンブルのパック"),
    ({"contract": "simple-nolo", "declarer": 0, "tricks": {"0": 3, "1": 2}}, "まだ決まって"),
])
def test_cli_refuses_bad_files_with_exit_two(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             data: dict[str, Any], message: str) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "lhombre", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_scores_simple_nolo_nine_nil(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nolo.json"
    path.write_text(json.dumps({"contract": "simple-nolo", "declarer": 0, "tricks": {"0": 9, "1": 0, "2": 0}}),
                    encoding="utf-8")
    assert main(["score", "lhombre", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {FH: "-20", MH: "10", RH: "10"}


# --- crafted share codes: a valid checksum around bad bytes -------------------------------------
VARIANTS3 = bytes([0, 0, 0])  # players 3, declarer exchange on, no upgrade
HAND = bytes(range(9))  # the first nine cards of the pack
GOOD = bytes([CONTRACTS.index(BY_WORD["solo"]), 0, 2, 5, 2, 1, 0])  # solo, forehand, hearts, 5-2-1


def test_the_crafted_codes_start_from_a_valid_one() -> None:
    position = Position.from_share_code(share.encode("lhP", VARIANTS3 + GOOD + HAND))
    assert position.tricks == (5, 2, 1) and position.declarer == 0


@pytest.mark.parametrize("payload", [
    VARIANTS3 + bytes([5, 4, 2, 5, 2, 1, 0]),  # declarer seat 4
    VARIANTS3 + bytes([5, 200, 2, 5, 2, 1, 0]),
    VARIANTS3 + bytes([5, 254, 2, 5, 2, 1, 0]),
    VARIANTS3 + bytes([5, 255, 2, 5, 2, 1, 0]),
    VARIANTS3 + bytes([9, 0, 2, 5, 2, 1, 0]),  # no tenth contract
    VARIANTS3 + bytes([255, 0, 2, 5, 2, 1, 0]),
    VARIANTS3 + bytes([5, 0, 4, 5, 2, 1, 0]),  # no fifth suit
    VARIANTS3 + bytes([5, 0, 2, 255, 2, 1, 0]),  # 255 tricks
    VARIANTS3 + bytes([5, 0, 2, 5, 2, 1, 1]),  # a slam attempt that went on after its lost trick, short of nine
    VARIANTS3 + bytes([5, 0, 2, 5, 2, 1, 4]),  # unknown flag
    VARIANTS3 + bytes([5, 0, 2, 0, 0, 0, 3]),  # slam and surrender at once
    VARIANTS3 + bytes([3, 0, 255, 9, 0, 0, 1]),  # slam in simple nolo
    VARIANTS3 + GOOD + bytes([40, *range(8)]),  # card 40 of a 40-card pack
    VARIANTS3 + GOOD + bytes([255, *range(8)]),
    VARIANTS3 + GOOD + bytes([0, *range(8)]),  # a card twice
    VARIANTS3 + GOOD + bytes(range(5)),  # five cards
    VARIANTS3 + GOOD[:4],  # cut short
    bytes([9, 0, 0]) + GOOD,  # variant choice 9
    b"",
])
def test_crafted_position_codes_raise_share_error(payload: bytes) -> None:
    with pytest.raises(share.ShareError) as caught:
        Position.from_share_code(share.encode("lhP", payload))
    assert JAPANESE.search(str(caught.value))


DEAL = bytes(range(40))


@pytest.mark.parametrize("payload", [
    VARIANTS3 + DEAL[:39] + bytes([0]),  # a card twice
    VARIANTS3 + DEAL[:39] + bytes([40]),  # a card outside the pack
    VARIANTS3 + DEAL[:20],  # cut short
    bytes([0, 7, 0]) + DEAL,  # variant choice 7
    VARIANTS3 + DEAL + bytes([199]),  # card id 199 as an action
    VARIANTS3 + DEAL + bytes([254]),  # keyword 54
    VARIANTS3 + DEAL + bytes([0]),  # a card during the auction
    VARIANTS3 + DEAL + bytes([255, 1, 0, 1]),  # a card taking a table card (a fishing game's action)
    VARIANTS3 + DEAL + bytes([255, 200, 0]),  # cut short inside an action
    VARIANTS3 + DEAL + bytes([200, 200, 200, 200]),  # a fourth action after all passed
])
def test_crafted_game_codes_raise_share_error(payload: bytes) -> None:
    with pytest.raises(share.ShareError) as caught:
        LHombreState.from_share_code(share.encode("lhG", payload))
    assert JAPANESE.search(str(caught.value))


def test_refused_actions_with_table_cards_are_explained() -> None:
    state = deal()
    act(state, "solo")
    act(state, "pass")
    act(state, "pass")
    act(state, "trumpH")
    act(state, "draw")
    act(state, "draw")
    card = state.legal_actions()[1].card
    assert card is not None and f"{card}" in words(state)
    assert state.refusal(Action("play", card, (state.hands[1][0],)))


def test_the_reviews_deals_are_accepted_by_the_pad_and_the_cli(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The 2026-11-27 review's entries (simple game, clubs, 2-5-2 and 5-2-2) in a score pad match,
    through the page's door and ``python -m engine match``; the match pays as the same deals stopped
    at eight tricks (2-5-1, 5-2-1) do."""
    from engine.web import handle

    def match_file(counts: list[dict[str, int]]) -> dict[str, Any]:
        deals = [{"dealer": 0, "position": {"contract": "simple", "declarer": declarer, "trump": "C", "tricks": t}}
                 for declarer, t in zip((1, 0), counts, strict=True)]
        return {"format": "trionfi-match", "version": 1, "game": "lhombre", "deals": deals}

    def points(data: dict[str, Any]) -> list[list[str]]:
        path = tmp_path / "match.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert main(["match", "lhombre", str(path), "--json"]) == 0, capsys.readouterr().err
        return [deal["points"] for deal in json.loads(capsys.readouterr().out)["deals"]]

    nine = match_file([{"0": 2, "1": 5, "2": 2}, {"0": 5, "1": 2, "2": 2}])
    answer = json.loads(handle(json.dumps({"op": "pad", "game": "lhombre", "root": "../", "match": nine})))
    assert answer.get("ok") is True, answer
    assert points(nine) == points(match_file([{"0": 2, "1": 5, "2": 1}, {"0": 5, "1": 2, "2": 1}]))


def test_the_sheet_of_a_played_out_deal_says_the_tricks_after_the_end_changed_nothing() -> None:
    nine = Position.from_data({"contract": "simple", "declarer": 1, "trump": "C",
                               "tricks": {"0": 2, "1": 5, "2": 2}}, {})
    step = next(s for s in nine.score().steps if s.label == "トリック数")
    assert "最後まで行いました" in step.detail and step.rule.anchor == "early-end"
    slam = Position.from_data({"contract": "solo", "declarer": 0, "trump": "H", "vole": True,
                               "tricks": {"0": 6, "1": 1, "2": 2}}, {})
    assert "スラムを狙いましたが" in next(s for s in slam.score().steps if s.label == "トリック数").detail
