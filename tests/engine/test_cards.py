from __future__ import annotations

import pytest

from engine.cards import PACK_NAMINGS, Card, CardError, Pack, card_name, format_cards, parse_cards


@pytest.mark.parametrize("pack", list(Pack))
def test_every_card_round_trips_through_its_code(pack: Pack) -> None:
    for card in pack.cards():
        assert Card.parse(str(card)) == card
        assert pack.cards()[pack.index(card)] == card


def test_pack_sizes_and_contents() -> None:
    assert [len(p.cards()) for p in Pack] == [78, 62, 54, 40]
    for pack in Pack:
        assert len(set(pack.cards())) == len(pack.cards())
    bolognese = {str(c) for c in Pack.BOLOGNESE62.cards()}
    assert not any(f"{s}{r}" in bolognese for s in "SCHD" for r in "2345")
    assert {"SA", "S6", "SN", "T21", "F"} <= bolognese
    tarock = {str(c) for c in Pack.TAROCK54.cards()}
    black = ("K", "Q", "N", "J", "10", "9", "8", "7")
    assert {c for c in tarock if c[0] in "SC"} == {f"{s}{r}" for s in "SC" for r in black}
    assert {c for c in tarock if c[0] in "HD"} == {f"{s}{r}" for s in "HD" for r in "KQNJA234"}
    lhombre = {str(c) for c in Pack.LHOMBRE40.cards()}
    assert not any(c.startswith("T") or c == "F" or c[1:] in ("8", "9", "10", "N") for c in lhombre)


@pytest.mark.parametrize("code", ["T0", "T22", "T01", "SX", "S1", "X", "", "SKK", "H11", "N"])
def test_bad_codes_raise_a_japanese_error(code: str) -> None:
    with pytest.raises(CardError, match="カード"):
        Card.parse(code)


def test_parse_is_lenient_about_case_and_separators() -> None:
    assert parse_cards("sk, hn d10") == [Card("S", 14), Card("H", 12), Card("D", 10)]
    assert format_cards(parse_cards("T21 F CA")) == "T21 F CA"


def test_card_not_in_pack_raises() -> None:
    with pytest.raises(CardError):
        Pack.LHOMBRE40.index(Card.parse("T1"))


def test_japanese_names() -> None:
    assert card_name(Card.parse("T21"), "lombardia") == "切札XXI（世界）"
    assert card_name(Card.parse("T14"), "lombardia") == "切札XIV"
    assert card_name(Card.parse("HN"), "lombardia") == "カップのカバロ"
    assert card_name(Card.parse("DA"), "lombardia") == "コインのA"
    assert card_name(Card.parse("F"), "lombardia") == "愚者"
    assert PACK_NAMINGS[Pack.TAROCK54].name(Card.parse("T14")) == "タロック14"
    assert PACK_NAMINGS[Pack.LHOMBRE40].name(Card.parse("SQ")) == "スペードのクイーン"
    with pytest.raises(ValueError, match="ゲーム"):
        card_name(Card.parse("SQ"), "no-such-game")
