"""The practice table's requests: what the page sends (``op: table``) and what it gets back.

A request names the game, the deal number, the reader's seat and the share code of the deal so
far, and one thing to do: ``new`` (deal ``deal`` under ``variants``), ``open`` (a link or a reload),
``play`` (the reader's ``action``), ``undo`` or ``hint``.  ``match`` carries the running total the page
keeps and ``rounds`` how long the game is (an index into practice.game_lengths).  Every field is
checked here and refused in Japanese (TableError); web.handle wraps this.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from . import practice
from .bots import BOTS, MAX_DEAL_NUMBER
from .game import GameState, Variants, variants_from_indices
from .games import GAMES
from .policy import AnyBot

_POINTS = re.compile(r"-?\d{1,7}(?:/\d{1,4})?")
ACTIONS = ("new", "open", "play", "undo", "hint")


class TableError(ValueError):
    """A table request the page never sends (a tampered link or storage): refused in Japanese."""


def table_op(data: dict[str, Any]) -> dict[str, Any]:
    bot = _bot(data.get("game"))
    do = data.get("do")
    if do not in ACTIONS:
        raise TableError(f"対局練習の操作「{do}」はありません。")
    number = _int(data, "deal", 1, MAX_DEAL_NUMBER, "ディール番号")
    if do == "new":
        state = practice.new_deal(bot.game, number, _variants(bot, data.get("variants") or {}))
    else:
        state = practice.from_link(bot.game, _text(data, "code"), number)
    seat = _int(data, "seat", 0, practice.players_of(bot, state.variants) - 1, "席")
    match = _match(bot, state, data)
    events: list[str] = []
    if do in ("new", "open"):
        events = practice.bots_play(bot, state, seat)
    elif do == "play":
        events, refused = practice.reader_move(bot, state, seat, _text(data, "action"))
        if refused is not None:
            return {"illegal": refused}
    elif do == "undo":
        earlier = practice.undone(state, seat)
        if earlier is None:
            return {"illegal": "まだ戻せる手がありません（あなたはこのディールでまだ何も選んでいません）。"}
        state = earlier
    else:
        choice = practice.hint(bot, state, seat)
        return {"hint": {"action": str(choice.action), "rule": choice.rule.name,
                         "text": f"ヒント（{choice.rule.name}）: {state.describe(choice.action)}。{choice.why}"}}
    return _answer(bot, state, seat, number, events, data, match)


def _answer(bot: AnyBot, state: GameState, seat: int, number: int, events: list[str], data: dict[str, Any],
            match: practice.Match) -> dict[str, Any]:
    done = state.is_terminal()
    points = practice.result(bot, state, seat) if done else []
    if done and number not in [row[0] for row in match.rows]:
        match = practice.Match((*match.rows, (number, tuple(points))), match.length)
    html = practice.table_html(bot, state, seat, number, events, data.get("marks", True) is not False,
                               str(data.get("root", "../")), match)
    start = type(state)(state.deal, state.variants)
    players = practice.players_of(bot, state.variants)
    return {"html": html, "code": state.share_code(), "start": start.share_code(), "deal": number, "seat": seat,
            "done": done, "result": [str(p) for p in points], "next_seat": practice.next_seat(seat, players),
            "game_over": match.is_over()}


def _bot(game: Any) -> AnyBot:
    if game not in BOTS:
        raise TableError(f"「{game}」の対局練習はありません（{'・'.join(BOTS)}）。")
    return BOTS[game]


def _int(data: dict[str, Any], key: str, low: int, high: int, label: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise TableError(f"{label}は{low}から{high}までの整数です。")
    return value


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise TableError("対局の局面（共有コード）か手がありません。" if key == "code" else "選んだ手がありません。")
    return value


def _variants(bot: AnyBot, indices: dict[str, Any]) -> Variants:
    options = GAMES[bot.game].VARIANTS
    try:
        chosen = practice.table_variants(bot.game, variants_from_indices(options, indices))
        return GAMES[bot.game].normalise_variants(chosen)
    except ValueError as error:
        raise TableError(str(error)) from None


def _match(bot: AnyBot, state: GameState, data: dict[str, Any]) -> practice.Match:
    """The running total sent by the page: rows of (deal number, points per side as exact text)."""
    rows = data.get("match") or []
    lengths = practice.game_lengths(bot.game, state.variants)
    rounds = data.get("rounds", 0)
    if not isinstance(rounds, int) or not 0 <= rounds < len(lengths) or not isinstance(rows, list) \
            or len(rows) > practice.MAX_MATCH:
        raise TableError("ゲームの得点の記録が読めません。「新しいゲーム」で始め直してください。")
    count = len(bot.sides(state.variants))
    parsed = []
    for row in rows:
        points = row.get("points") if isinstance(row, dict) else None
        if not isinstance(points, list) or not isinstance(row.get("deal"), int) or len(points) != count \
                or not all(isinstance(p, str) and _POINTS.fullmatch(p) for p in points):
            raise TableError("ゲームの得点の記録が読めません。「新しいゲーム」で始め直してください。")
        parsed.append((int(row["deal"]), tuple(Fraction(p) for p in points)))
    return practice.Match(tuple(parsed), lengths[rounds])
