from __future__ import annotations

from engine.cards import Card, parse_cards
from engine.games.lombardia import NAMING, POLICY
from engine.tricks import Play, TrickPolicy, legal_cards, refusal, trick_winner


def trick(*plays: str) -> list[Play]:
    return [Play(seat, Card.parse(code)) for seat, code in enumerate(plays)]


HAND = parse_cards("CA C5 T3 T17 F H2")


def test_lead_is_free() -> None:
    assert legal_cards(HAND, [], POLICY) == HAND


def test_must_follow_suit_but_fool_is_always_allowed() -> None:
    assert legal_cards(HAND, trick("CK"), POLICY) == parse_cards("CA C5 F")
    reason = refusal(Card.parse("T3"), HAND, trick("CK"), POLICY, NAMING)
    assert reason is not None and reason.code == "must_follow"
    assert "バトン" in reason.message and "バトンのA" in reason.message


def test_must_trump_when_void_without_overtrumping() -> None:
    hand = parse_cards("T3 T17 F H2")
    assert legal_cards(hand, trick("CK", "T10"), POLICY) == parse_cards("T3 T17 F")
    reason = refusal(Card.parse("H2"), hand, trick("CK"), POLICY, NAMING)
    assert reason is not None and reason.code == "must_trump"


def test_free_when_void_in_suit_and_trumps() -> None:
    hand = parse_cards("H2 H3 F")
    assert legal_cards(hand, trick("CK"), POLICY) == hand


def test_after_a_led_fool_the_next_card_sets_the_suit() -> None:
    assert legal_cards(HAND, trick("F"), POLICY) == HAND
    assert legal_cards(HAND, trick("F", "H9"), POLICY) == parse_cards("F H2")


def test_must_overtrump_option() -> None:
    strict = TrickPolicy(POLICY.suit_of, POLICY.strength, POLICY.is_excuse, must_overtrump=True)
    hand = parse_cards("T3 T17 H2")
    assert legal_cards(hand, trick("CK", "T10"), strict) == parse_cards("T17")
    assert legal_cards(hand, trick("CK", "T20"), strict) == parse_cards("T3 T17")
    assert legal_cards(hand, trick("T10"), strict) == parse_cards("T17")


def test_not_in_hand() -> None:
    reason = refusal(Card.parse("SK"), HAND, [], POLICY, NAMING)
    assert reason is not None and reason.code == "not_in_hand"


def test_winner_highest_trump_with_reason() -> None:
    result = trick_winner(trick("HK", "T2", "T5", "H3"), POLICY, NAMING)
    assert (result.winner, result.code) == (2, "highest_trump")
    assert "切札V" in result.message and "席2" in result.message


def test_winner_round_suit_pips_run_reversed() -> None:
    result = trick_winner(trick("H10", "H2", "HA", "H7"), POLICY, NAMING)
    assert (result.winner, str(result.card)) == (2, "HA")
    assert trick_winner(trick("H10", "HJ", "HA"), POLICY, NAMING).winner == 1  # courts beat pips


def test_winner_long_suit_pips_run_normally() -> None:
    assert trick_winner(trick("S2", "S10", "SA", "S7"), POLICY, NAMING).winner == 1


def test_off_suit_card_never_wins_and_fool_never_wins() -> None:
    assert trick_winner(trick("C2", "HK", "F", "C3"), POLICY, NAMING).winner == 3
    assert trick_winner(trick("F", "D2", "D5", "DK"), POLICY, NAMING).winner == 3


def test_equal_strength_later_card_wins_when_the_game_says_so() -> None:
    moors = TrickPolicy(lambda c: c.suit, lambda c: 2 if c.is_trump and 2 <= c.rank <= 5 else c.rank,
                        equal_later_wins=True)
    assert trick_winner(trick("T2", "T4", "T3"), moors, None).winner == 2
    plain = TrickPolicy(lambda c: c.suit, lambda c: 2 if c.is_trump and 2 <= c.rank <= 5 else c.rank)
    assert trick_winner(trick("T2", "T4", "T3"), plain, None).winner == 0
