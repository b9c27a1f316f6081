"""ロンバルディアタロット final positions: only positions a legal deal reaches are accepted, and
bad input (data files, the command line, share codes) is refused in Japanese at the field at fault."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from helpers import hands_with

from engine import share
from engine.__main__ import main
from engine.cards import Card, Pack, format_cards, parse_cards
from engine.game import Action
from engine.games.lombardia import DEALER, LombardiaState, Position
from engine.plaindata import TutorialError
from engine.tutorials import position_from_data

DEALER_PILE = "T2 T3 T4 T5"
REST = [c for c in Pack.TAROT78.cards() if str(c) not in ("T2", "T3", "T4", "T5", "S6", "S7")]


def base(**changes: Any) -> dict[str, Any]:
    """Seat 0 takes every trick but one, the dealer one trick of blanks; discard S6 S7."""
    data: dict[str, Any] = {"piles": {0: "rest", 3: DEALER_PILE}, "discard": "S6 S7", "last_trick": 0}
    return {**data, **changes}


def accepted(data: dict[str, Any]) -> Position:
    position = position_from_data("lombardia", data)
    assert isinstance(position, Position)
    return position


def refused(data: dict[str, Any]) -> TutorialError:
    with pytest.raises(TutorialError) as error:
        position_from_data("lombardia", data)
    assert any("\u3040" <= ch <= "\u30ff" for ch in str(error.value))  # a Japanese sentence
    return error.value


def split(cards: list[Card], *sizes: int) -> list[tuple[Card, ...]]:
    """``cards`` cut into consecutive piles of ``sizes`` (the last pile takes what is left)."""
    piles, at = [], 0
    for size in sizes:
        piles.append(tuple(cards[at:at + size]))
        at += size
    return [*piles, tuple(cards[at:])]


def others(*taken: str) -> list[Card]:
    out = set(parse_cards(" ".join(taken)))
    return [c for c in Pack.TAROT78.cards() if c not in out]


# --- reachable positions ----------------------------------------------------------------
def test_the_base_position_is_accepted() -> None:
    pos = position_from_data("lombardia", base())
    assert pos.score().totals["ディーラー側（席1・席3）"] == -34  # six blanks: 1 set + the pair = 2 points


def test_a_seat_holds_whole_tricks_even_when_its_team_does() -> None:
    # seats 0 and 2 together hold 72 cards (18 tricks) but seat 2's 3 cards are no trick
    cards = others(DEALER_PILE, "S6 S7")
    pile0, pile2 = cards[3:], cards[:3]
    error = refused(base(piles={0: format_cards(pile0), 2: format_cards(pile2), 3: DEALER_PILE}))
    assert error.path == ("piles", 0) and "4の倍数" in str(error)


def test_the_last_trick_winner_took_a_trick() -> None:
    error = refused(base(last_trick=1))
    assert error.path == ("last_trick",) and "取り札がありません" in str(error)


def test_the_fool_is_back_with_its_player_once_he_took_a_trick() -> None:
    # the Fool lies in seat 0's pile, but seat 3 (who played it) took a trick: he would have exchanged
    error = refused(base(fool_by=3))
    assert error.path == ("fool_by",) and "取り戻している" in str(error)
    # a player who never took a trick cannot exchange: the Fool stays with the winner of its trick
    assert accepted(base(fool_by=1)).owner_of(Card.parse("F")) == 0


def test_the_discard_holds_two_cards_or_one_after_the_dealers_exchange() -> None:
    alone = refused(base(discard="S6"))  # S7 goes to seat 0's rest: one card, yet no exchange paid from it
    assert alone.path == ("discard",) and "1枚" in str(alone)
    error = refused(base(piles={0: "rest", 3: DEALER_PILE + " S6 S7"}, discard=[]))
    assert error.path == ("discard",) and "0枚" in str(error)


def one_card_discard(**changes: Any) -> dict[str, Any]:
    """The dealer played the Fool after his first trick and paid with S7 from his discard."""
    data = {"piles": {0: "rest", 3: DEALER_PILE + " F"}, "discard": "S6", "last_trick": 0, "fool_by": 3}
    return {**data, **changes}


def test_one_discarded_card_after_the_dealer_paid_the_fool_from_his_discard() -> None:
    pos = accepted(one_card_discard())
    assert pos.discard_owner == DEALER and len(pos.piles[DEALER]) == 5
    assert "もう1枚は愚者の交換で渡しました" in pos.score().steps[0].detail
    assert Position.from_share_code(pos.share_code()) == pos


def test_one_discarded_card_is_refused_when_no_such_exchange_was_possible() -> None:
    error = refused({**one_card_discard(), "variants": {"discard_in_exchange": False}})
    assert error.path == ("discard",) and "ヴァリアント" in str(error)
    assert refused(one_card_discard(fool_by=0)).path == ("discard",)  # only the dealer pays from the discard
    moved = one_card_discard(piles={0: "rest", 3: DEALER_PILE + " S7"})  # the Fool is not with the dealer
    assert refused(moved).path == ("discard",)
    no_trick = one_card_discard(piles={0: "rest", 3: "F"})  # the dealer pays only once he took a trick
    assert refused(no_trick).path == ("piles", 3)
    with pytest.raises(ValueError, match="ヴァリアント"):
        position_from_data("lombardia", one_card_discard()).with_variants({"discard_in_exchange": False})


def trump_discard(dealer_pile: list[Card]) -> dict[str, Any]:
    return {"piles": {0: "rest", 3: format_cards(dealer_pile)}, "discard": "S2 T9", "last_trick": 0}


def test_a_trump_in_the_discard_means_the_dealer_took_at_least_eight_tricks() -> None:
    blanks = [c for c in others("S2 T9") if not c.is_court and c.suit in "SCHD"]
    error = refused(trump_discard(blanks[:28]))
    assert error.path == ("discard",) and "8トリック" in str(error) and "7トリック分" in str(error)
    assert accepted(trump_discard(blanks[:32])).discard_owner == DEALER


def play_out(state: LombardiaState, rng: random.Random) -> LombardiaState:
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_dealers_forced_to_discard_a_trump_take_eight_tricks_or_more_in_play() -> None:
    # The fewest trumps such a dealer can hold: 4 Kings, the Fool, trumps I..XV and one plain card,
    # so after discarding S2 and a trump he plays 14 trumps against the other hands' XVI..XXI.
    dealer = "SK CK HK DK F " + " ".join(f"T{n}" for n in range(1, 16)) + " S2"
    rng = random.Random(11)
    fewest = 19
    for _ in range(300):
        state = LombardiaState.from_hands(hands_with((), (), (), dealer))
        state.apply(Action("keep"))
        state = play_out(state, rng)
        assert any(a.card is not None and a.card.is_trump for a in state.history if a.kind == "discard")
        pos = state.position()  # accepted by the reachability checks
        fewest = min(fewest, len(pos.piles[DEALER]) // 4)
    assert fewest >= 8


def test_one_card_discard_positions_from_real_deals_are_accepted() -> None:
    """Play random deals, paying the Fool out of the discard whenever the dealer can."""
    rng = random.Random(5)
    found = 0
    for _ in range(2000):
        deal = list(Pack.TAROT78.cards())
        rng.shuffle(deal)
        state = LombardiaState(deal, {"discard_in_exchange": True})
        while not state.is_terminal():
            legal = state.legal_actions()
            from_discard = [a for a in legal if a.kind == "give" and a.card in state.discard]
            state.apply(from_discard[0] if from_discard else Action("keep") if state.phase == "monte"
                        else rng.choice(legal))
        if len(state.discard) == 1:
            found += 1
            pos = state.position()
            assert len(pos.piles[DEALER]) % 4 == 1 and pos.fool_by == DEALER
            assert Position.from_share_code(pos.share_code()) == pos
            if found == 5:
                break
    assert found == 5


# --- bad input, reported at its own field -----------------------------------------------
@pytest.mark.parametrize("key", ["fool_by", "last_trick"])
@pytest.mark.parametrize("seat", [4, 7, -1, 10**30])
def test_seat_numbers_out_of_range(key: str, seat: int) -> None:
    error = refused(base(**{key: seat}))
    assert error.path == (key,) and "0〜3" in str(error)


@pytest.mark.parametrize("key", ["fool_by", "last_trick"])
@pytest.mark.parametrize("value", ["0", 1.5, True, [0]])
def test_seat_numbers_of_the_wrong_type(key: str, value: Any) -> None:
    assert refused(base(**{key: value})).path == (key,)


@pytest.mark.parametrize("key", [7, 4, -1, "-1", "x", "席1"])
def test_piles_name_only_seats(key: Any) -> None:
    error = refused(base(piles={0: "rest", 3: DEALER_PILE, key: []}))
    assert error.path == ("piles", str(key)) and "席は0〜3" in str(error)


@pytest.mark.parametrize(("pile", "words"), [("T2 T3 T4 D11", "D11"), ("T2 T3 T4 T22", "T22"),
                                             ("T2 T3 T4 X", "X"), ("T2 T3 T4 T4", "二度")])
def test_cards_outside_the_pack_or_twice_in_one_field(pile: str, words: str) -> None:
    error = refused(base(piles={0: "rest", 3: pile}))
    assert error.path == ("piles", 3) and words in str(error)


def test_a_card_written_in_two_fields_is_reported_where_it_comes_again() -> None:
    error = refused(base(piles={0: "rest", 2: "T2", 3: DEALER_PILE}))
    assert error.path == ("piles", 3) and "T2は「piles」の席2にも" in str(error)
    error = refused(base(piles={0: "rest", 3: "T2 T3 T4 S6"}))
    assert error.path == ("piles", 3) and "「discard」にも" in str(error)


def test_discard_is_read_as_a_list_like_every_card_field() -> None:
    as_list = position_from_data("lombardia", base(discard=["S6", "S7"]))
    assert as_list == position_from_data("lombardia", base())
    assert refused(base(discard=67)).path == ("discard",)
    assert refused(base(discard="S6 S7 S8 S9 " * 30)).path == ("discard",)  # far too many cards


@pytest.mark.parametrize("piles", [None, "rest", ["T2"], 5])
def test_piles_must_be_a_table_of_seats(piles: Any) -> None:
    assert refused(base(piles=piles)).path == ("piles",)


def test_only_one_seat_may_take_the_rest() -> None:
    assert refused(base(piles={0: "rest", 2: "rest", 3: DEALER_PILE})).path == ("piles", 2)


# --- share codes -------------------------------------------------------------------------
def crafted(last: int | None = None, fool: int | None = None, owner: int | None = None) -> str:
    """A ``loP`` code of the base position with one byte changed and a valid checksum."""
    payload = bytearray(share.decode(position_from_data("lombardia", base()).share_code(), Position.TAG))
    if last is not None:
        payload[-2] = last
    if fool is not None:
        payload[-1] = fool
    if owner is not None:
        payload[4] = owner  # the owner of the first card of the pack (T1)
    return share.encode(Position.TAG, bytes(payload))


@pytest.mark.parametrize("fool", [4, 7, 100, 254])
def test_share_code_with_a_fool_byte_that_names_no_seat(fool: int) -> None:
    with pytest.raises(share.ShareError, match="愚者を出した席"):
        Position.from_share_code(crafted(fool=fool))


@pytest.mark.parametrize("last", [4, 9, 255])
def test_share_code_with_a_last_trick_byte_that_names_no_seat(last: int) -> None:
    with pytest.raises(share.ShareError, match="最後のトリック"):
        Position.from_share_code(crafted(last=last))


def test_share_code_with_a_bad_owner_or_an_unreachable_position() -> None:
    with pytest.raises(share.ShareError, match="持ち主"):
        Position.from_share_code(crafted(owner=9))
    with pytest.raises(share.ShareError, match="ルールに合いません"):
        Position.from_share_code(crafted(last=1))  # seat 1 took no trick
    with pytest.raises(share.ShareError, match="ルールに合いません"):
        Position.from_share_code(crafted(fool=3))  # the dealer took a trick but the Fool is with seat 0
    assert Position.from_share_code(crafted(fool=2)).fool_by == 2  # seat 2 took nothing: the Fool stayed


# --- the command line ----------------------------------------------------------------------
def run(tmp_path: Path, data: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["score", "lombardia", str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(("changes", "words"), [
    ({"fool_by": 7}, "fool_by"),
    ({"last_trick": -1}, "last_trick"),
    ({"piles": {"0": "rest", "3": DEALER_PILE, "7": "T21"}}, "席は0〜3"),
    ({"piles": {"0": "rest", "3": "T2 T3 T4 D11"}}, "D11"),
    ({"last_trick": 2}, "取り札がありません"),
])
def test_the_command_line_exits_2_with_a_japanese_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], changes: dict[str, Any], words: str) -> None:
    data = base(**changes)
    data["piles"] = {str(k): v for k, v in data["piles"].items()}
    code, err = run(tmp_path, data, capsys)
    assert code == 2 and words in err and "Traceback" not in err


def test_the_command_line_decodes_a_crafted_code_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["share", "decode", crafted(fool=200)]) == 2
    assert "愚者を出した席" in capsys.readouterr().err
