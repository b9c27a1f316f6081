"""The one JSON door between the page and the engine.

The browser worker calls ``handle`` with a JSON request and gets JSON back; the build
calls the same view functions to pre-render each widget, so what the reader sees before
and after Pyodide loads comes from one place.  ``handle`` never raises: every failure
becomes ``{"error": <Japanese sentence>}`` so one broken widget never breaks the page.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import Any

from . import render
from .game import GameState, IllegalAction, ScoredPosition, Variants, variants_from_indices, why_not
from .games import GAMES
from .pad import pad_op
from .plaindata import JsonError, TutorialError, parse_json
from .share import ShareError
from .table import TableError, table_op
from .tutorials import Example, Lesson, heard, load_all

_TUTORIALS: dict[str, Lesson | Example] = {}


class BadRequest(ValueError):
    """A request the widgets never send (a tampered page, a bug): refused in Japanese."""


def load_tutorials(payload: str) -> str:
    """Register the site's tutorials (a JSON list of [file name, data]).

    Returns "" when all loaded, else a Japanese sentence (a corrupt or truncated download):
    like ``handle``, the worker's door answers instead of raising, so no traceback reaches a reader."""
    try:
        items = _json(payload)
        if not isinstance(items, list) or not all(isinstance(i, list) and len(i) == 2 for i in items):
            raise BadRequest("形が違います")
        tutorials = load_all([(str(name), data) for name, data in items])
    except (BadRequest, TutorialError, ShareError, IllegalAction, ValueError, TypeError, KeyError,
            AttributeError, RecursionError) as error:
        return f"練習と例のデータ（tutorials.json）が壊れています。ページを再読み込みしてください（{error}）。"
    _TUTORIALS.clear()
    _TUTORIALS.update(tutorials)
    return ""


def register(tutorials: dict[str, Lesson | Example]) -> None:
    """Build-time twin of load_tutorials for already validated tutorials."""
    _TUTORIALS.clear()
    _TUTORIALS.update(tutorials)


MAX_REQUEST = 20_000  # characters: the longest real request (a share code of a whole deal) is far shorter
MAX_PAD_REQUEST = 400_000  # a score pad's whole match (up to 200 deals, each with its cards)
OPS = ("example", "lesson", "lesson_try", "table", "pad")


def _json(text: str) -> Any:
    try:
        return parse_json(text)
    except JsonError as error:
        raise BadRequest(f"要求を読めません: {error}") from None


def _request(request: Any) -> dict[str, Any]:
    """The request as a checked dict: the fields each operation reads, of the types it expects."""
    if not isinstance(request, str):
        raise BadRequest("要求は JSON の文字列で送ります。")
    if len(request) > MAX_PAD_REQUEST:  # refused unread: only its first 100 characters are looked at
        raise BadRequest(_too_long(_LEADING_OP.match(request, 0, 100) is not None))
    data = _json(request)
    if not isinstance(data, dict):
        raise BadRequest("要求は {\"op\": …} の形でなければなりません。")
    if len(request) > MAX_REQUEST and data.get("op") != "pad":
        raise BadRequest(_too_long(False))
    if data.get("op") not in OPS:
        raise BadRequest(f"知らない操作です（{', '.join(OPS)} のどれかです）。")
    for key, kind in (("ref", str), ("root", str), ("code", str), ("action", str), ("variants", dict),
                      ("game", str), ("do", str), ("marks", bool), ("match", dict if data["op"] == "pad" else list)):
        if key in data and data[key] is not None and not isinstance(data[key], kind):
            raise BadRequest(f"要求の「{key}」の形が違います。")
    if "n" in data and (not isinstance(data["n"], int) or isinstance(data["n"], bool) or not 0 <= data["n"] < 10_000):
        raise BadRequest("要求の「n」（手順の番号）が正しくありません。")
    if not re.fullmatch(r"(\.\./)*", str(data.get("root", "../"))):
        raise BadRequest("要求の「root」が正しくありません。")
    return data


_LEADING_OP = re.compile(r'\s*\{\s*"op"\s*:\s*"pad"')  # how the pad's requests begin (JSON.stringify keeps key order)


def _too_long(pad: bool) -> str:
    """What a request beyond its limit holds too much of, in the reader's words: the pad sends a whole
    match, the other widgets nothing long but a share link's code.  The page puts the file's or the
    link's name before it; 「要求が長すぎるか、文字列ではありません」 said neither what was long nor how
    long it may be (D14)."""
    if pad:
        return f"試合の記録が大きすぎます（{MAX_PAD_REQUEST:,}文字まで）。"
    return (f"共有リンクが長すぎます（このサイトのリンクは{MAX_REQUEST:,}文字より短いものです）。"
            "リンクを最後まで正しく写したか確かめてください。")


def handle(request: str) -> str:
    """Answer one widget request; never raises, and every error is a Japanese sentence."""
    try:
        data = _request(request)
        op = data["op"]
        result = {"example": example_op, "lesson": lesson_op, "lesson_try": lesson_try_op, "table": table_op,
                  "pad": pad_op}[op](data)
    except (BadRequest, ShareError, IllegalAction, TutorialError, TableError) as error:
        result = {"error": str(error) or "要求を処理できませんでした。"}
    except Exception as error:
        result = {"error": "エンジンの内部で問題が起きました。ページを再読み込みしてください"
                           f"（{type(error).__name__}）。", "internal": True}
    return json.dumps(result, ensure_ascii=False)


def _tutorial(ref: Any, kind: type) -> Any:
    tutorial = _TUTORIALS.get(str(ref))
    if not isinstance(tutorial, kind):
        raise BadRequest(f"「{ref}」という{'練習' if kind is Lesson else '例'}は見つかりません。")
    return tutorial


# --- scoring examples ----------------------------------------------------------------------
def example_op(data: dict[str, Any]) -> dict[str, Any]:
    """The example at one step of its recorded deal: ``step`` (0 = the deal, the last = the end with
    its sheet), or a share ``code`` (a moment of the deal; an old final-position link opens the end);
    ``variants`` (option name -> choice index) replay the deal under other rules."""
    example: Example = _tutorial(data.get("ref"), Example)
    root = str(data.get("root", "../"))
    variants = dict(example.start.variants)
    step, notice = len(example.lines), ""
    if data.get("code"):
        variants, step, notice = _example_link(example, str(data["code"]))
    if data.get("variants"):
        try:
            variants |= variants_from_indices(GAMES[example.game].VARIANTS, data["variants"])
        except ValueError as error:
            raise BadRequest(str(error)) from None
    if isinstance(data.get("step"), int):
        step = max(0, min(int(data["step"]), len(example.lines)))
    if variants != example.start.variants:
        _playable(example, variants)
    state, words = example.moment(step, variants)
    return {"html": example_body(example, state, step, words, root), "code": state.share_code(), "step": step,
            "steps": len(example.lines), "notice": notice}


OLD_LINK = "この共有リンクは、例がまだ終わった局面だけだったころのものです。同じ例の最後を表示しています。"


def _example_link(example: Example, code: str) -> tuple[Variants, int, str]:
    """Variants, step and a notice for a share link: a moment of the deal, or a final position
    (the links the site made before examples were recorded deals), which opens the end."""
    cls = GAMES[example.game]
    if code.strip().startswith(cls.POSITION.TAG):
        position = cls.POSITION.from_share_code(code)
        same = _varied(position, example.position.variants) == example.position
        return _kept(example, position.variants), len(example.lines), "" if same else OLD_LINK
    state = cls.from_share_code(code)
    return _kept(example, state.variants), example.step_of(state), ""


def _kept(example: Example, variants: Variants) -> Variants:
    """A link's variant choices, except those the recorded deal fixes (the number of players)."""
    return {o.name: example.start.variants[o.name] if o.deal_fixed else variants[o.name]
            for o in GAMES[example.game].VARIANTS}


def _playable(example: Example, variants: Variants) -> None:
    """The recorded deal must be playable to its end under other ``variants``; a rule that forbids one of
    its actions is told to the reader (the widget then puts the menu back)."""
    try:
        example.state_at(len(example.lines), variants)
    except IllegalAction as error:
        raise BadRequest(f"このヴァリアントでは、記録したディールのとおりに遊べません: {error}") from None


def _varied(position: ScoredPosition, variants: Variants) -> ScoredPosition:
    """The position under other variant choices; some choices make a position impossible (a rule
    that changes which cards may lie where)."""
    try:
        return position.with_variants(variants)
    except ValueError as error:
        raise BadRequest(f"このヴァリアントでは、この局面はありえません: {error}") from None


def example_body(example: Example, state: GameState, step: int, words: list[str], root: str) -> str:
    """The intro, the step control and this moment of the deal (``words``: what its last line did,
    Example.moment); at the end the sheet."""
    offered, unchanged = example.variant_effects()
    done = step == len(example.lines)
    parts = [f'<div class="tf-intro">{render.paragraphs(example.intro)}</div>',
             render.stepper(step, len(example.lines), _step_label(example, step)),
             _moment(example.game, state, words)]
    if done:
        parts.append(position_view(example.game, example.final(state)))
    parts.append(render.variant_controls([o for o in GAMES[example.game].VARIANTS if o.name in offered], state.variants,
                                  [o.label for o in GAMES[example.game].VARIANTS if o.name in unchanged]))
    parts.append(render.score_table(example.final(state).score(), root) if done else
                 '<p class="tf-sheet-later">最後の手順まで進むと、得点計算の表が出ます。</p>')
    return "".join(parts)


def _step_label(example: Example, step: int) -> str:
    total = len(example.lines)
    return "配り終えたところ" if step == 0 else "ディールの終わり" if step == total else f"{step} / {total}"


def _moment(game: str, state: GameState, words: list[str]) -> str:
    """What the last line did (in words), the table after it and the running card points."""
    plays, caption, winner = state.table()
    events = [e for e in words if not (caption and e.endswith(caption))]  # the table says it once already
    tally = "".join(f"<li>{escape(name)}: {escape(value)}</li>" for name, value in state.tally())
    return ('<div class="tf-moment">'
            + ('<ol class="tf-events">' + "".join(f"<li>{escape(e)}</li>" for e in events) + "</ol>" if events else "")
            + render.trick(plays, game, caption, winner)
            + (f'<ul class="tf-tally" aria-label="ここまでの集計">{tally}</ul>' if tally else "")
            + "</div>")


def position_view(game: str, position: ScoredPosition) -> str:
    """The final position's labelled card groups (piles, discard, a hand ...), folded away by default."""
    blocks = [
        f'<div class="tf-pile"><p class="tf-pile-label">{escape(label)}（{len(cards)}枚）</p>'
        f"{render.cards_row(cards, game)}</div>"
        for label, cards in position.groups()
    ]
    if not blocks:
        return ""
    return f'<details class="tf-position"><summary>この局面のカードを見る</summary>{"".join(blocks)}</details>'


# --- lessons -------------------------------------------------------------------------------
def lesson_op(data: dict[str, Any]) -> dict[str, Any]:
    lesson: Lesson = _tutorial(data.get("ref"), Lesson)
    root = str(data.get("root", "../"))
    if data.get("code"):
        state = GAMES[lesson.game].from_share_code(str(data["code"]))
        n = lesson.next_stop(lesson.progress_of(state))
    else:
        n = lesson.next_stop(min(int(data.get("n") or 0), len(lesson.script)))
    return lesson_view(lesson, n, root, previous=0)  # the log from the start: how a shared position came about


def lesson_try_op(data: dict[str, Any]) -> dict[str, Any]:
    lesson: Lesson = _tutorial(data.get("ref"), Lesson)
    n = data.get("n")
    if not isinstance(n, int) or n != lesson.next_stop(n) or n >= len(lesson.script):
        raise BadRequest("この局面では選ぶ手がありません。")
    if not data.get("action"):
        raise BadRequest("選んだ手がありません。")
    step = lesson.script[n]
    state = lesson.state_at(n)
    action = state.parse_action(str(data["action"]))
    reason = state.refusal(action)
    if reason is not None:
        return {"ok": False, "kind": "illegal", "message": f"{why_not(action)} {reason}"}
    if action != step.action:
        return {"ok": False, "kind": "other", "message": step.hint_for(action)}
    return {"ok": True, **lesson_view(lesson, lesson.next_stop(n + 1), str(data.get("root", "../")), previous=n)}


def lesson_view(lesson: Lesson, n: int, root: str, previous: int) -> dict[str, Any]:
    """The lesson after step ``n``'s predecessors: what just happened, the table, the next prompt."""
    state = lesson.state_at(previous)
    events: list[str] = []
    for step in lesson.script[previous:n]:
        actor = state.current_player()
        who = "あなた" if actor == lesson.reader else state.seat_label(actor)
        line = f"{who}: {state.describe_for(step.action, lesson.reader)}"
        said = heard(state, step.action)
        events += [f"{line}。{step.note}" if step.note else line, *said]
    plays, caption, winner = state.table()
    done = n >= len(lesson.script)
    parts = [f'<p class="tf-progress">{_progress(lesson, n)}</p>']
    shown = [e for e in events if not (caption and e.endswith(caption))]  # the table's caption says it already
    log = ('<ol class="tf-events" aria-label="あなたの前の手からの進行">'
           + "".join(f"<li>{escape(e)}</li>" for e in shown) + "</ol>") if shown else ""
    if state.CAPTURES and not done and not state.is_terminal():
        parts.append(render.table_picks(plays, lesson.game, caption))
    else:
        parts.append(render.trick(plays, lesson.game, caption, winner))
    if done:
        parts.append(f'<div class="tf-prompt">{render.paragraphs(lesson.outro or "練習はここまでです。")}</div>')
        if state.is_terminal():
            parts.append(render.score_table(state.score(), root))
        parts.append(render.hand(state.hand(lesson.reader), lesson.game, None))
    else:
        parts.append(f'<div class="tf-prompt">{render.paragraphs(lesson.script[n].prompt)}</div>')
        parts.append(render.reader_choices(state, lesson.reader, lesson.script[n].marks))
    return {"html": "".join(parts), "log": log, "n": n, "done": done, "code": state.share_code()}


def _progress(lesson: Lesson, n: int) -> str:
    stops = [i for i, step in enumerate(lesson.script) if step.reader]
    done = sum(1 for i in stops if i < n)
    return f"あなたの手 {done} / {len(stops)}"


def lesson_intro(lesson: Lesson, root: str) -> tuple[str, str]:
    """Pre-rendered first screen: the intro, the table, the first prompt and the reader's hand; and apart
    from it what the other seats did before (shown below the feedback, so that on a phone the hand and
    the feedback stay in view)."""
    view = lesson_view(lesson, lesson.next_stop(0), root, previous=0)
    return (f'<div class="tf-intro">{render.paragraphs(lesson.intro)}</div><div class="tf-view">{view["html"]}</div>',
            view["log"])
