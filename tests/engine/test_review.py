"""振り返り (engine.review): the reader's decisions the coach would have made otherwise, with their cost."""

from __future__ import annotations

from engine import console
from engine.bots import BOTS, deal_by_number, play_out
from engine.game import GameState
from engine.review import review, review_text
from engine.search import Budget

SMALL = Budget(worlds=3, steps=4000)
GAME, NUMBER, SEAT = "napoletanisch", 5, 0


def weakly_played() -> GameState:
    """The reader (seat 0) always takes the last legal action; the computers play as the coach would."""
    bot = BOTS[GAME]
    return play_out(deal_by_number(GAME, NUMBER), lambda state, seat: state.legal_actions()[-1] if seat == SEAT
                    else bot.decide(state, seat).action)


def test_a_reader_who_followed_the_coach_hears_so() -> None:
    bot = BOTS[GAME]
    state = play_out(deal_by_number(GAME, NUMBER), lambda s, seat: bot.decide(s, seat).action)
    assert review(state, SEAT, SMALL) == []
    assert review_text(state, SEAT, []) == ["振り返り: あなたの選んだ手は、すべてコーチと同じでした。"]


def test_weak_choices_are_listed_clear_costs_first_and_reopen_their_position() -> None:
    state = weakly_played()
    remarks = review(state, SEAT, SMALL)
    assert remarks
    verdicts = [r.verdict for r in remarks]
    assert verdicts == sorted(verdicts, key=("cost", "even", "unknown").index)
    costs = [r.cost for r in remarks if r.verdict == "cost"]
    assert costs == sorted(costs, reverse=True)
    for remark in remarks:
        before = type(state).from_share_code(remark.code)
        assert before.current_player() == SEAT and len(before.legal_actions()) > 1
        assert state.history[remark.move] == remark.chose != remark.coach.action
        assert before.history == state.history[:remark.move]
        assert BOTS[GAME].decide(before, SEAT) == remark.coach


def test_the_terminal_prints_the_review_after_the_sheet() -> None:
    said: list[str] = []
    played = weakly_played()
    before = type(played)(played.deal, played.variants)
    mine = []
    for action in played.history:
        if before.current_player() == SEAT:
            mine.append(str(action))
        before.apply(action)
    moves = iter(mine)
    console.play(GAME, NUMBER, SEAT, {}, ask=lambda _: next(moves), say=said.append, reviewed=True)
    at = next(i for i, line in enumerate(said) if line.startswith("振り返り: "))
    assert "コーチと違う手が" in said[at] and "あなた:" in "\n".join(said[at:])
