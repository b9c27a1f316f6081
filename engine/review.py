"""振り返り: the reader's decisions in a finished deal that the coach would have made otherwise.

A teacher's first words after a deal are about the few decisions that mattered.  For every decision of
the reader's seat where the coach (the game's bot, deciding from the reader's view at that moment) chose
otherwise, the coach's own sampled deals (``engine.search``) play out both actions and say what the
reader's choice cost on average.  The list is ordered by that cost, biggest first, and each entry keeps
the share code of the position before the decision, so that the table can reopen it (「ここからやり直す」).
Forced decisions (a single legal action) are never listed.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .bots import BOTS
from .game import Action, GameState
from .policy import Choice
from .search import Budget, Coach, estimate, points

BUDGET = Budget(worlds=12, steps=40_000, tries=4)  # per reviewed decision: a deal's review stays in seconds


@dataclass(frozen=True)
class Remark:
    """One decision the coach would have made otherwise: the position before it (share code and the
    move number in the deal), what the reader chose, the coach's choice with its reason, and the
    estimated cost (None when no imagined deal could be played out within the budget)."""

    move: int
    code: str
    chose: Action
    coach: Choice
    cost: Fraction | None
    worlds: int


def coach_of(game: str) -> Coach[Any]:
    """The game's coach (``COACH`` beside ``BOT`` in its bot module)."""
    coach: Coach[Any] = importlib.import_module(f"{__package__}.games.{game}.bot").COACH
    return coach


def review(state: GameState, seat: int, budget: Budget = BUDGET) -> list[Remark]:
    """The remarks on ``seat``'s decisions in the deal ``state`` has come to, biggest cost first."""
    remarks = [remark for _, remark in decisions(state, seat, 0, budget) if remark is not None]
    return sorted(remarks, key=lambda r: (r.cost is None, -(r.cost or 0), r.move))


def decisions(state: GameState, seat: int, start: int = 0,
              budget: Budget = BUDGET) -> Iterator[tuple[int, Remark | None]]:
    """``seat``'s unforced decisions from move ``start`` on, in the order of play, each with its remark (None
    where the coach chose the same).  One at a time: the practice table asks for them one by one, so that
    the reader's next request never waits for a whole deal's estimates in the browser's one engine worker."""
    bot, coach = BOTS[state.GAME], coach_of(state.GAME)
    before = type(state)(state.deal, state.variants)
    for move, chose in enumerate(state.history):
        if move >= start and before.current_player() == seat and len(before.legal_actions()) > 1:
            advice = bot.decide(before, seat)
            yield move, None if advice.action == chose else _remark(coach, before, seat, move, chose, advice, budget)
        before.apply(chose)


def _remark(coach: Coach[Any], before: GameState, seat: int, move: int, chose: Action, advice: Choice,
            budget: Budget) -> Remark:
    found = estimate(coach, coach.view(before, seat), seat, [advice.action, chose], budget)
    cost = found.gain(advice.action, chose)[0] if found is not None else None
    return Remark(move, before.share_code(), chose, advice, cost, found.worlds if found is not None else 0)


def cost_words(remark: Remark) -> str:
    """The cost in a learner's words."""
    if remark.cost is None:
        return "損得は見積もれませんでした。"
    if remark.cost <= 0:
        return f"想像した{remark.worlds}通りの配りでは、あなたの手でも損はありませんでした。"
    return f"想像した{remark.worlds}通りの配りで打ってみると、平均で約{points(remark.cost)}点の損でした。"


def review_text(state: GameState, seat: int, remarks: list[Remark]) -> list[str]:
    """The review as lines for the terminal: each remark's position, the choices and the cost."""
    if not remarks:
        return ["振り返り: あなたの選んだ手は、すべてコーチと同じでした。"]
    lines = [f"振り返り: コーチと違う手が{len(remarks)}回ありました（損の大きい順）。"]
    for number, remark in enumerate(remarks, 1):
        before = type(state).from_share_code(remark.code)
        cards, caption, _ = before.table()
        trick = "、".join(f"{who}: {card}" for who, card in cards) or "（まだ札はありません）"
        lines += [f"{number}. {remark.move + 1}手目 — {caption or '場'}: {trick}",
                  f"   手札: {' '.join(map(str, before.hand(seat)))}",
                  f"   あなた: {before.describe(remark.chose)} ／ コーチ: {before.describe(remark.coach.action)}"
                  f"（{remark.coach.rule.name}）",
                  f"   {remark.coach.why}",
                  f"   {cost_words(remark)}"]
    return lines
