"""The practice table in a terminal: ``python -m engine play <game> --seed N [--seat S] [--bots all]``.

The reader types actions as the share codes write them (``SK``, ``discard H9``, ``keep``,
``T15 x SK D3``), or ``hint``, ``undo``, ``legal`` and ``quit``; the computers play the other seats
exactly as on the site (practice.bots_play).  With ``--bots all`` the computers play every seat
and the whole log and the score sheet are printed, which makes a bot's deal easy to read through.
With ``--review`` a finished deal ends with its 振り返り (engine.review): the reader's decisions that
the coach would have made otherwise, and what each cost.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from . import practice
from .bots import BOTS
from .game import GameState, Variants
from .policy import AnyBot
from .review import review, review_text

Ask = Callable[[str], str]


def typed(prompt: str) -> str:
    """``input``, with a standard input closed from the start read as its end, like an empty one
    (``input`` raises RuntimeError when there is no ``sys.stdin`` at all, D12)."""
    if sys.stdin is None:
        raise EOFError
    return input(prompt)


def play(game: str, number: int, seat: int | None, variants: Variants, ask: Ask = typed,
         say: Callable[[str], None] = print, reviewed: bool = False) -> GameState:
    """One deal at the table; ``seat`` None lets the computers play every seat; ``reviewed`` adds the
    振り返り of the reader's seat once the deal is over."""
    bot = BOTS[game]
    state = practice.new_deal(game, number, variants)
    players = practice.players_of(bot, state.variants)
    if seat is not None and not 0 <= seat < players:
        raise ValueError(f"席は0から{players - 1}までです。")
    say(f"{game} ディール番号 {number}（" + ("全員がコンピューター" if seat is None else f"あなたは席{seat}") + "）")
    if seat is None:
        for line in practice.bots_play(bot, state, -1):
            say(line)
    else:
        state = _reader_plays(bot, state, seat, ask, say)
    if state.is_terminal():
        say(state.score().to_text())
        if reviewed and seat is not None:
            for line in review_text(state, seat, review(state, seat)):
                say(line)
    return state


def _reader_plays(bot: AnyBot, state: GameState, seat: int, ask: Ask, say: Callable[[str], None]) -> GameState:
    """The reader's turns until the end (or quit); the state as it was left (undo replaces it)."""
    for line in practice.bots_play(bot, state, seat):
        say(line)
    while not state.is_terminal():
        say("あなたの手札: " + " ".join(map(str, state.hand(seat))))
        try:
            text = ask("あなたの手（hint / undo / legal / quit）> ").strip()
        except EOFError:
            return state
        if text == "quit":
            return state
        if text == "legal":
            say("出せる手: " + "、".join(str(a) for a in state.legal_actions()))
        elif text == "hint":
            choice = practice.hint(bot, state, seat)
            say(f"ヒント（{choice.rule.name}）: {choice.action} — {choice.why}")
        elif text == "undo":
            earlier = practice.undone(state, seat)
            state = earlier or state
            say("1手戻しました。" if earlier else "まだ戻せる手がありません。")
        else:
            events, refused = practice.reader_move(bot, state, seat, text)
            for line in [refused] if refused else events:
                say(line)
    return state
