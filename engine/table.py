"""The practice table's requests: what the page sends (``op: table``) and what it gets back.

A request names the game, the deal number, the reader's seat and the share code of the deal so
far, and one thing to do: ``new`` (deal ``deal`` under ``variants``), ``open`` (a link or a reload),
``play`` (the reader's ``action``), ``undo``, ``hint`` or ``review`` (振り返り: the reader's decisions the
coach would have made otherwise).  After ``new``, ``open`` and ``play`` the answer's ``steps`` are the
table before each computer's move, so that the page shows their cards one at a time.  ``match``
carries the running total the page keeps and ``rounds`` how long the game is (an index into
practice.game_lengths).  Every field is checked here and refused in Japanese (TableError); web.handle
wraps this.
"""

from __future__ import annotations

from typing import Any

from . import practice, render
from .bots import BOTS, MAX_DEAL_NUMBER
from .counts import exact_number
from .game import GameState, Variants, variants_from_indices
from .games import GAMES
from .policy import AnyBot
from .review import Remark, cost_words, decisions, head_words, reason
from .scoresheet import running_totals

ACTIONS = ("new", "open", "play", "undo", "hint", "review")


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
    steps: list[dict[str, Any]] = []

    def step(said: list[str]) -> None:
        steps.append(_step(bot, state, seat, number, said, data, match))

    if do in ("new", "open"):
        events = practice.bots_play(bot, state, seat, step)
    elif do == "play":
        events, refused = practice.reader_move(bot, state, seat, _text(data, "action"), step)
        if refused is not None:
            return {"illegal": refused}
    elif do == "undo":
        earlier = practice.undone(state, seat)
        if earlier is None:
            return {"illegal": "まだ戻せる手がありません（あなたはこのディールでまだ何も選んでいません）。"}
        state = earlier
    elif do == "review":  # one decision per request, from move ``from`` on; ``next`` null: the review is done
        found = next(decisions(state, seat, _int(data, "from", 0, len(state.history), "振り返りの手")), None)
        remark = found[1] if found else None
        return {"review": [_remark_entry(bot, state, seat, remark)] if remark else [],
                "next": found[0] + 1 if found else None, "moves": len(state.history)}
    else:
        choice = practice.hint(bot, state, seat)
        return {"hint": {"action": str(choice.action), "rule": choice.rule.name,
                         "text": f"ヒント（{choice.rule.name}）: {state.describe(choice.action)}。{choice.why}"}}
    return {**_answer(bot, state, seat, number, events, data, match), "steps": steps}


def _step(bot: AnyBot, state: GameState, seat: int, number: int, events: list[str], data: dict[str, Any],
          match: practice.Match) -> dict[str, Any]:
    """The table as it stands before a computer's move; ``won``: a finished trick is on it (the page
    leaves it there a little longer)."""
    html = practice.table_html(bot, state, seat, number, events, data.get("marks", True) is not False,
                               str(data.get("root", "../")), match)
    return {"html": html, "won": state.table()[2] is not None}


def _remark_entry(bot: AnyBot, state: GameState, seat: int, remark: Remark) -> dict[str, Any]:
    """One 振り返り entry for the page: where the decision lies (``place``), what the review found
    (``kind``: cost, even or unknown, with ``head`` in a few words and ``cost`` in a sentence), the position
    drawn (the cards on the table and the reader's hand; not for an entry without a clear cost, which the
    page lists in one line), what the reader chose, the coach's choice and why, the reader called あなた."""
    before = type(state).from_share_code(remark.code)
    said = practice.reader_words(before.seat_label(seat))
    kind = remark.verdict
    html = ""
    if kind != "even":
        plays, caption, winner = before.table()
        plays = [(said(label), card) for label, card in plays]
        html = (render.trick(plays, state.GAME, said(caption), winner)
                + '<p class="tf-choice-label">あなたの手札</p>' + render.hand(before.hand(seat), state.GAME, None))
    head = {"cost": head_words(remark, state.GAME), "even": "はっきりした差はありません",
            "unknown": "損得は見積もれませんでした"}[kind]
    return {"move": remark.move + 1, "place": remark.place, "kind": kind, "head": head, "code": remark.code,
            "html": html, "chose": before.describe(remark.chose), "coach": before.describe(remark.coach.action),
            "rule": remark.coach.rule.name, "why": said(reason(remark)), "cost": cost_words(remark, state.GAME),
            "points": str(remark.cost) if kind == "cost" else None}


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
            "game_over": match.is_over(), "chart": {
                "sides": [side.label for side in practice.sides(bot, state.variants, seat)],
                "running": running_totals([points for _, points in match.rows])}}


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
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds < len(lengths) \
            or not isinstance(rows, list) or len(rows) > practice.MAX_MATCH:
        raise TableError("ゲームの得点の記録が読めません。「新しいゲーム」で始め直してください。")
    count = len(bot.sides(state.variants))
    parsed = []
    for row in rows:
        points = row.get("points") if isinstance(row, dict) else None
        exact = [exact_number(p) if isinstance(p, str) else None for p in points] if isinstance(points, list) else []
        deal = row.get("deal") if isinstance(row, dict) else None
        if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= MAX_DEAL_NUMBER \
                or len(exact) != count or None in exact:
            raise TableError("ゲームの得点の記録が読めません。「新しいゲーム」で始め直してください。")
        parsed.append((deal, tuple(p for p in exact if p is not None)))
    return practice.Match(tuple(parsed), lengths[rounds])
