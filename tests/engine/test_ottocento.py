"""Ottocento scenarios: the legal set after each action of scripted deals, the tricks' winners,
declarations, the Matto and the end of the deal."""

from __future__ import annotations

import pytest

from engine.cards import Card, parse_cards
from engine.game import Action, IllegalAction
from engine.games.ottocento import MATTO, OttocentoState

LESSON_HANDS = [
    "SK SQ SJ S6 S7 CK C9 HK H6 D7 D8 D9 D10 T1 F",
    "T21 T19 T17 T15 T13 T11 T9 C7 HQ SN S8 S9 DN DJ DA",
    "C8 CQ CN CJ H7 H9 T6 T7 T8 T12 T5 T4 S10 SA D6",
    "T20 T18 T16 T14 T10 T3 T2 CA C6 C10 HN HJ H10 H8 HA DK DQ",
]


def codes(actions: list[Action]) -> list[str]:
    return sorted(f"{a.kind} {a.card}" if a.card is not None else a.kind for a in actions)


def new_state(**variants: object) -> OttocentoState:
    return OttocentoState.from_hands([parse_cards(h) for h in LESSON_HANDS], dict(variants))  # type: ignore[arg-type]


def started(**variants: object) -> OttocentoState:
    state = new_state(**variants)
    for text in ("keep", "discard C10", "discard HA"):
        state.apply(state.parse_action(text))
    return state


def play_cards(state: OttocentoState, cards: str) -> None:
    for code in cards.split():
        state.apply(state.parse_action(code))


def test_deal_gives_fifteen_and_dealer_seventeen() -> None:
    state = new_state()
    assert [len(state.hands[s]) for s in range(4)] == [15, 15, 15, 17]
    assert sorted(state.hands[0]) == sorted(parse_cards(LESSON_HANDS[0]))
    assert codes(state.legal_actions()) == ["keep", "monte"] and state.current_player() == 0


def test_discard_legal_set_excludes_five_point_cards() -> None:
    state = new_state()
    state.apply(Action("keep"))
    assert state.current_player() == 3
    legal = [str(a.card) for a in state.legal_actions()]
    assert set(legal) == set(LESSON_HANDS[3].split()) - {"T20", "DK"}
    assert "5点の札" in (state.refusal(Action("discard", Card.parse("DK"))) or "")
    state.apply(state.parse_action("discard C10"))
    assert "C10" not in [str(a.card) for a in state.legal_actions()]


def test_declaration_offers_only_combination_cards_then_play() -> None:
    state = started()
    assert state.phase == "declare" and state.current_player() == 0
    assert codes(state.legal_actions()) == sorted(
        ["declare", "done", *(f"show {c}" for c in ["SK", "SQ", "SJ", "CK", "HK", "T1", "F"])])
    state.apply(state.parse_action("SK"))  # a bare card shows it during the declaration
    assert "show SK" not in codes(state.legal_actions())
    assert "手役にならない札" in (state.refusal(Action("show", Card.parse("D7"))) or "")
    state.apply(Action("declare"))
    assert sorted(state.declared[0]) == sorted(parse_cards("SK SQ SJ CK HK T1 F"))
    assert state.phase == "play" and state.current_player() == 0
    legal = codes(state.legal_actions())
    assert legal == sorted([*(f"play {c}" for c in LESSON_HANDS[0].split()), "busso", "volo", "striscio"])
    assert "キングのクリッカ 17点" in str(state.log[-1]) and "ソードのシークエンス 20点" in str(state.log[-1])


def test_partial_declaration_keeps_only_shown_cards() -> None:
    state = started()
    play_cards(state, "SK SQ SJ")
    state.apply(Action("done"))
    assert sorted(state.declared[0]) == sorted(parse_cards("SK SQ SJ"))
    assert state.shown(0) == parse_cards("SK SQ SJ")


def test_follow_trump_and_matto_obligations_in_the_lesson_deal() -> None:
    state = started()
    state.apply(Action("declare"))
    state.apply(Action("busso"))
    assert "busso" not in codes(state.legal_actions())
    play_cards(state, "CK")
    assert codes(state.legal_actions()) == ["play C7"]  # seat 1 has no combination: no declaration turn
    play_cards(state, "C7")
    assert codes(state.legal_actions()) == ["play C8", "play CJ", "play CN", "play CQ"]
    play_cards(state, "C8")
    assert codes(state.legal_actions()) == ["play C6", "play CA"]
    play_cards(state, "C6")
    assert state.tricks[-1].result.winner == 0 and state.tricks[-1].signals == ("busso",)
    play_cards(state, "H6 HQ H7 H8 striscio T21 T6 T10")
    assert codes(state.legal_actions()) == ["play F", "play T1"]
    assert "切札を出さなければなりません" in (state.refusal(Action("play", Card.parse("HK"))) or "")
    play_cards(state, "F")
    assert state.tricks[-1].result.winner == 1
    assert MATTO in state.piles[1] and state.matto_owed  # seat 0 is on side 1 (the opponents)


def test_matto_lead_lets_the_second_player_choose_the_suit() -> None:
    state = started()
    state.apply(Action("done"))
    play_cards(state, "F")
    assert len(state.legal_actions()) == 15  # anything goes for the second player
    play_cards(state, "HQ")
    assert codes(state.legal_actions()) == ["play H7", "play H9"]  # third follows the second card's suit
    play_cards(state, "H7 H8")
    assert state.tricks[-1].result.winner == 1


def test_last_moor_played_wins_among_equal_moors() -> None:
    from engine.games.ottocento import POLICY
    from engine.tricks import Play, trick_winner
    plays = [Play(0, Card.parse("T5")), Play(1, Card.parse("T3")), Play(2, Card.parse("T4")), Play(3, Card.parse("T1"))]
    assert trick_winner(plays, POLICY, None).winner == 2
    plays[3] = Play(3, Card.parse("T6"))
    assert trick_winner(plays, POLICY, None).winner == 3


def test_round_suits_rank_ace_high_and_ten_low() -> None:
    from engine.games.ottocento import POLICY
    from engine.tricks import Play, trick_winner
    hearts = [Play(seat, Card.parse(code)) for seat, code in enumerate(["H10", "HA", "H6", "H9"])]
    assert trick_winner(hearts, POLICY, None).winner == 1
    spades = [Play(seat, Card.parse(code)) for seat, code in enumerate(["S10", "SA", "S6", "S9"])]
    assert trick_winner(spades, POLICY, None).winner == 0


def test_signals_only_for_the_leader_and_once() -> None:
    state = started()
    state.apply(Action("done"))
    state.apply(Action("volo"))
    assert "すでに" in (state.refusal(Action("volo")) or "")
    play_cards(state, "CK")
    assert "リードする人" in (state.refusal(Action("busso")) or "")


def test_illegal_apply_raises_japanese_reason_and_clone_is_independent() -> None:
    state = started()
    with pytest.raises(IllegalAction, match="申告"):
        state.apply(Action("play", Card.parse("CK")))
    copy = state.clone()
    copy.apply(Action("done"))
    assert copy != state and state.phase == "declare"


def test_full_deal_ends_with_matto_payment_choice() -> None:
    state = started()
    state.apply(Action("declare"))
    play_cards(state, "CK C7 C8 C6 H6 HQ H7 H8 T21 T6 T10 F")
    while state.phase == "play":
        state.apply(next(a for a in state.legal_actions() if a.kind == "play"))
    if state.won[1]:
        assert state.phase == "give" and state.current_player() == 0
        assert all(a.card != MATTO and a.card in state.piles[1] for a in state.legal_actions())
        state.apply(state.legal_actions()[0])
    assert state.phase == "done" and state.score().totals


def test_explain_says_why_in_japanese() -> None:
    state = started()
    assert state.explain(Action("declare")) == "「残りの手役をすべて申告」を選べます。"
    assert "申告" in state.explain(Action("play", Card.parse("CK")))
    state.apply(Action("done"))
    assert "ヴォーロ" in state.explain(Action("volo"))
    assert state.explain(Action("play", Card.parse("CK"))) == "バトンのキングは出せます。"
