"""The practice table (対局練習): the reader in one seat, computer opponents in the others, a coach.

The table is stateless: the page keeps the deal number, the reader's seat and the share code of
the deal so far, and every request replays that code.  After the reader's decision the bots play
until it is the reader's turn again (or the deal is over), and the answer says in words what each
of them did.  Undo goes back to the reader's previous decision; a hint is the bot's own choice for
the reader's seat, made from the reader's view, with the rule of thumb behind it.  The running
total of a game is kept by the page as rows of points and summed here, exactly (Fractions).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from html import escape

from . import render
from .bots import MAX_DEAL_NUMBER, deal_by_number, side_points
from .game import GameState, IllegalAction, Variants, why_not
from .games import GAMES
from .policy import AnyBot, Choice
from .scoresheet import ScoreSheet, format_signed
from .share import ShareError
from .tutorials import heard

MAX_MATCH = 60  # deals in one running total (a game is 2–12 deals)


@dataclass(frozen=True)
class Side:
    """A side from the reader's point of view: its label (あなた, 右隣の人, 相手チーム …) and seats."""

    label: str
    seats: tuple[int, ...]


def sides(bot: AnyBot, variants: Variants, seat: int) -> list[Side]:
    """The sides that score, the reader's first, then the others in playing order from the reader."""
    groups = bot.sides(variants)
    players = sum(len(group) for group in groups)
    mine = next(group for group in groups if seat in group)
    others = sorted((g for g in groups if g is not mine), key=lambda g: min((s - seat) % players for s in g))
    result = [Side("あなたのチーム" if len(mine) > 1 else "あなた", mine)]
    for group in others:
        offset = (group[0] - seat) % players
        label = ("相手チーム" if len(group) > 1 else "相手" if players == 2 else
                 "右隣の人" if offset == 1 else "左隣の人" if offset == players - 1 else "向かいの人")
        result.append(Side(label, group))
    return result


# Variants the table does not offer: l'Hombre's fourth player only sits out one deal in four, so
# the table seats three (the page says so).
FIXED: dict[str, Variants] = {"lhombre": {"players": 3}}


def table_variants(game: str, variants: Variants) -> Variants:
    """``variants`` with the table's fixed choices put in."""
    return {**variants, **FIXED.get(game, {})}


@dataclass(frozen=True)
class Length:
    """How long a game lasts: a fixed number of deals, or until a side's total reaches ``target``
    (Ottocento's 800; ``exceed``: only a total above it counts, the variant 「800点を超えたら」)."""

    deals: int = 0
    target: int = 0
    exceed: bool = False

    def label(self, players: int) -> str:
        if self.target:
            return f"どちらかの側が{self.target}点{'を超える' if self.exceed else 'に届く'}まで"
        return f"{self.deals}ディール（各自が{self.deals // players}回ずつ配る）"


def game_lengths(game: str, variants: Variants) -> list[Length]:
    """The game lengths a reader may choose (rules pages, ゲームの終わりと勝敗): Lombardia 4 deals (each
    player deals once); Ottocento until a side has 800; the others an agreed number of deals that
    lets every player deal equally often (l'Hombre's page suggests 12 for three)."""
    if game == "lombardia":
        return [Length(deals=4)]
    if game == "ottocento":
        return [Length(target=800, exceed=variants.get("game_end") == "exceed")]
    players = int(variants.get("players", GAMES[game].SEATS))
    rounds = (1, 2, 4) if game == "lhombre" else (1, 2, 3)
    return [Length(deals=players * r) for r in rounds]


def next_seat(seat: int, players: int) -> int:
    """The reader's seat in the next deal: the deal passes to the right (play runs counter-clockwise,
    seats are numbered from the dealer's right), so every seat number moves down by one."""
    return (seat - 1) % players


def players_of(bot: AnyBot, variants: Variants) -> int:
    return sum(len(group) for group in bot.sides(variants))


# --- moves ---------------------------------------------------------------------------------
def new_deal(game: str, number: int, variants: Variants) -> GameState:
    return deal_by_number(game, number, variants)


def from_link(game: str, code: str, number: int) -> GameState:
    """The deal a link names; the deal number must be the one its cards were shuffled by."""
    state = GAMES[game].from_share_code(code)
    if deal_by_number(game, number, state.variants).deal != state.deal:
        raise ShareError(f"共有リンクのディール番号（{number}）と配り札が合いません。"
                         "リンクが途中で切れていないか確かめてください。")
    return state


def who(state: GameState, bot: AnyBot, seat: int, reader: int) -> str:
    """A seat as the reader knows it: あなた, or its label (席N, フォアハンド …) with パートナー / ディーラー."""
    if seat == reader:
        return "あなた"
    players = players_of(bot, state.variants)
    base = state.seat_label(seat)  # 席N, or the game's seat name (フォアハンド …)
    marks = ["パートナー"] if any(seat in g and reader in g for g in bot.sides(state.variants)) else []
    marks += ["ディーラー"] if seat == players - 1 and "ディーラー" not in base else []
    return base + (f"（{'・'.join(marks)}）" if marks else "")


def bots_play(bot: AnyBot, state: GameState, reader: int,
              each: Callable[[list[str]], None] | None = None, events: list[str] | None = None) -> list[str]:
    """The computer seats play until the reader's turn or the end; what each did, in words (after
    ``events``, what was said before).  ``each`` sees the table after every move but the last, with
    the words so far, so that the page can show the computers' cards one at a time."""
    events = list(events or [])
    while not state.is_terminal() and state.current_player() != reader:
        if each is not None:
            each(events)
        actor = state.current_player()
        action = bot.decide(state, actor).action
        events.append(f"{who(state, bot, actor, reader)}: {state.describe_for(action, reader)}")
        events += heard(state, action)
    return events


def reader_move(bot: AnyBot, state: GameState, reader: int, text: str,
                each: Callable[[list[str]], None] | None = None) -> tuple[list[str], str | None]:
    """The reader's action then the bots' replies; or no change and why the action is refused (headed
    like the lessons' refusals)."""
    if state.is_terminal():
        return [], "このディールはもう終わっています。新しいディールを始めてください。"
    if state.current_player() != reader:
        return [], "今はあなたの番ではありません。"
    try:
        action = state.parse_action(text)
    except IllegalAction as error:
        return [], str(error)
    reason = state.refusal(action)
    if reason is not None:
        return [], f"{why_not(action)} {reason}"
    events = [f"あなた: {state.describe(action)}", *heard(state, action)]
    return bots_play(bot, state, reader, each, events), None


def undone(state: GameState, reader: int) -> GameState | None:
    """The deal at the reader's previous decision (None before any): the bots' replies go too."""
    cls = type(state)
    turns = [i for i, s in enumerate(cls.replayed(state.share_code())) if i < len(state.history)
             and s.current_player() == reader]
    if not turns:
        return None
    return state.replay(state.history[:turns[-1]])


def hint(bot: AnyBot, state: GameState, reader: int) -> Choice:
    """What the computer would do in the reader's place, from the reader's view only."""
    if state.is_terminal() or state.current_player() != reader:
        raise IllegalAction("今はあなたの番ではないので、ヒントはありません。")
    return bot.decide(state, reader)


def result(bot: AnyBot, state: GameState, reader: int) -> list[Fraction]:
    """The finished deal's points per side, the reader's side first."""
    return [side_points(bot, state, side.seats) for side in sides(bot, state.variants, reader)]


# --- the table in HTML ---------------------------------------------------------------------
@dataclass(frozen=True)
class Match:
    """The running total the page keeps: each finished deal's points per side (reader's first)."""

    rows: tuple[tuple[int, tuple[Fraction, ...]], ...]  # (deal number, points per side)
    length: Length

    def totals(self) -> list[Fraction]:
        sides = len(self.rows[0][1]) if self.rows else 0
        return [sum((points[k] for _, points in self.rows), Fraction(0)) for k in range(sides)]

    def is_over(self) -> bool:
        """A fixed game after its last deal; a race once a side has reached the target alone at the top
        (both there and level: one more deal, as the Ottocento page says)."""
        if not self.length.target:
            return len(self.rows) >= self.length.deals
        totals = self.totals()
        reached = [t for t in totals if t > self.length.target or (t == self.length.target and not self.length.exceed)]
        return bool(reached) and totals.count(max(totals)) == 1


def table_html(bot: AnyBot, state: GameState, reader: int, number: int, events: Sequence[str],
               marks: bool, root: str, match: Match) -> str:
    """The whole table: whose turn, what just happened, the cards on the table, the reader's choices,
    the deal's log (folded), and at the end the score sheet and the game's running total."""
    game = state.GAME
    parts = [_status(bot, state, reader, number)]
    plays, caption, winner = state.table()
    mine = state.seat_label(reader)
    said = reader_words(mine)
    plays = [("あなた" if label == mine else label, card) for label, card in plays]
    shown = [said(e) for e in _compact([e for e in events if state.CAPTURES or not (caption and e.endswith(caption))])]
    caption = said(caption) if caption else caption
    if shown:
        parts.append('<ol class="tf-events" aria-label="あなたの前の手からの進行">'
                     + "".join(f"<li>{escape(e)}</li>" for e in shown) + "</ol>")
    parts += [f'<div class="tf-open-hand"><p>{escape(who(state, bot, seat, reader))}の手札（表向き）</p>'
              f'{render.hand(cards, game, None)}</div>' for seat, cards in state.shown_hands() if seat != reader]
    picking = state.CAPTURES and state.current_player() == reader
    parts.append(render.table_picks(plays, game, caption) if picking else render.trick(plays, game, caption, winner))
    tally = "".join(f"<li>{escape(name)}: {escape(value)}</li>" for name, value in state.tally())
    if tally:
        parts.append(f'<ul class="tf-tally" aria-label="ここまでの集計">{tally}</ul>')
    notes = "".join(f"<li>{escape(note)}</li>" for note in state.hand_notes(reader))
    if notes:
        parts.append(f'<ul class="tf-notes" aria-label="あなたの手札について">{notes}</ul>')
    if state.is_terminal():
        parts.append(render.score_table(as_reader(state.score(), said), root))
    else:
        parts.append(_choices(state, reader, marks, who(state, bot, state.current_player(), reader)))
    parts.append(_log(state, said))
    parts.append(_match_html(bot, state.variants, reader, match))
    return "".join(parts)


def reader_words(label: str) -> Callable[[str], str]:
    """Text with the reader's seat (``label``: 席1, フォアハンド …) called 「あなた」, as the cards of the trick
    and the game's total call it (「席0が勝ちます」 under a card captioned あなた would read as someone else)."""
    mine = re.compile(re.escape(label) + r"(?!\d)")
    return lambda text: mine.sub("あなた", text)


def as_reader(sheet: ScoreSheet, said: Callable[[str], str]) -> ScoreSheet:
    """The score sheet with the reader's seat called 「あなた」 (``said``: ``reader_words`` of that seat)."""
    steps = [replace(step, party=said(step.party), label=said(step.label), detail=said(step.detail))
             for step in sheet.steps]
    return ScoreSheet(sheet.title, steps, {said(name): value for name, value in sheet.totals.items()})


def _compact(events: list[str]) -> list[str]:
    """Each line once: the same line said again at once (a second face-down discard) is counted."""
    lines: list[tuple[str, int]] = []
    for event in events:
        if lines and lines[-1][0] == event:
            lines[-1] = (event, lines[-1][1] + 1)
        else:
            lines.append((event, 1))
    return [f"{event}（{count}回）" if count > 1 else event for event, count in lines]


def _status(bot: AnyBot, state: GameState, reader: int, number: int) -> str:
    seats = "、".join(f"{who(state, bot, s, reader)} {len(state.hand(s))}枚"
                     for s in range(players_of(bot, state.variants)) if s != reader)
    if state.is_terminal():
        turn = "ディールが終わりました。"
    elif state.current_player() == reader:
        turn = "あなたの番です。"
    else:
        turn = f"{who(state, bot, state.current_player(), reader)}の番です。"
    return (f'<p class="tf-table-status"><span>ディール番号 {number}</span> '
            f'<span>あなたは{escape(who(state, bot, reader, -1))}</span> <span>手札: {escape(seats)}</span> '
            f'<strong role="status">{escape(turn)}</strong></p>')


def _choices(state: GameState, reader: int, marks: bool, turn: str) -> str:
    """What to do now and the reader's hand: as buttons on the reader's turn (render.reader_choices, as in
    the lessons), else as pictures with whose turn it is beside them.  The prompt is said once, above the
    cards that can be chosen: when those are not in the hand (a pile, the widow) render says it there."""
    mine = state.current_player() == reader
    if not mine:
        label = f'<p class="tf-choice-label tf-turn">あなたの手札（今は{escape(turn)}の番です）</p>'
        return label + render.hand(state.hand(reader), state.GAME, None)
    if render.offered_elsewhere(state, reader):
        return render.reader_choices(state, reader, marks)
    return f'<p class="tf-choice-label">{escape(_prompt(state))}</p>' + render.reader_choices(state, reader, marks)


def _prompt(state: GameState) -> str:
    if state.CAPTURES:
        return "取る札の組か、場に置く札を選んでください。"
    kind = state.card_kind()
    return {"discard": "捨てる札を選んでください。", "give": state.choice_label(),
            "show": "申告で見せる札を選んでください（見せた札もそのまま手札として使います）。",
            "take": "ウィドーから取る札を選んでください。"}.get(
        kind, "出す札を選んでください。" if any(a.card for a in state.legal_actions())
        else "どうするか、次の中から選んでください。")


def _log(state: GameState, said: Callable[[str], str]) -> str:
    """The deal's record, folded, the reader's seat called 「あなた」 as everywhere on the table."""
    lines = [said(str(line)) for line in state.log]
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<details class="tf-log"><summary>このディールの記録（{len(lines)}行）</summary><ol>{items}</ol></details>'


def _match_html(bot: AnyBot, variants: Variants, reader: int, match: Match) -> str:
    """The game's running total: one row per finished deal, the sum, and the winner once it is over."""
    if not match.rows:
        return ""
    labels = [side.label for side in sides(bot, variants, reader)]
    head = "".join(f'<th scope="col">{escape(label)}</th>' for label in labels)
    body = "".join(
        f'<tr><th scope="row">{i}（番号{number}）</th>'
        + "".join(f'<td class="tf-num">{escape(format_signed(p))}</td>' for p in points) + "</tr>"
        for i, (number, points) in enumerate(match.rows, 1))
    totals = match.totals()
    foot = '<tr class="tf-total"><th scope="row">合計</th>' + "".join(
        f'<td class="tf-num">{escape(format_signed(t))}</td>' for t in totals) + "</tr>"
    players = players_of(bot, variants)
    verdict = _verdict(labels, totals) if match.is_over() else _so_far(match)
    return (f'<table class="tf-sheet tf-match"><caption>ゲームの得点（{escape(match.length.label(players))}）</caption>'
            f"<thead><tr><th scope=\"col\">ディール</th>{head}</tr></thead><tbody>{body}</tbody>"
            f'<tfoot>{foot}</tfoot></table><p class="tf-match-verdict">{escape(verdict)}</p>')


def _so_far(match: Match) -> str:
    if not match.length.target:
        return f"{match.length.deals}ディールのうち{len(match.rows)}ディールが終わりました。"
    target = match.length.target
    if max(match.totals()) >= target:
        return (f"{len(match.rows)}ディールが終わりました。{target}点に届いた側が同点で並んだので、"
                "もう1ディール遊びます。")
    return f"{len(match.rows)}ディールが終わりました。{target}点に届くまで続けます。"


def _verdict(labels: list[str], totals: list[Fraction]) -> str:
    best = max(totals)
    winners = [label for label, total in zip(labels, totals, strict=True) if total == best]
    if len(winners) > 1:
        return f"ゲーム終了: {'と'.join(winners)}が同点で並びました。"
    return f"ゲーム終了: {winners[0]}の勝ちです。" if winners[0].startswith("あなた") else \
        f"ゲーム終了: {winners[0]}の勝ちです。次のゲームで取り返しましょう。"


def settings_html(bot: AnyBot, variants: Variants, seat: int) -> str:
    """The table's settings: the reader's seat, a deal number, the game's length and the variants."""
    cls = GAMES[bot.game]
    seats = "".join(f'<option value="{s}"{" selected" if s == seat else ""}>席{s}</option>' for s in range(cls.SEATS))
    lengths, players = game_lengths(bot.game, variants), players_of(bot, variants)
    if len(lengths) > 1:
        options = "".join(f'<option value="{i}">{escape(length.label(players))}</option>'
                          for i, length in enumerate(lengths))
        length = f'<label class="tf-variant">ゲームの長さ <select data-setting="rounds">{options}</select></label>'
    else:
        length = f'<p class="tf-variant-note">1ゲームは{escape(lengths[0].label(players))}です。</p>'
    return ('<details class="tf-table-settings"><summary>設定（席・ディール番号・ヴァリアント）</summary>'
            f'<label class="tf-variant">あなたの席 <select data-setting="seat">{seats}</select></label>'
            '<label class="tf-variant">ディール番号 <input type="number" inputmode="numeric" min="1" '
            f'max="{MAX_DEAL_NUMBER}" data-setting="deal" placeholder="空欄なら無作為"></label>{length}'
            '<p class="tf-variant-note">席は、ディーラーの右隣を席0として反時計回り（次は右隣）に数えます。'
            "ディーラーは最後の席です。ディールごとに配り手が右へ移り、あなたの席番号は1つ小さくなります。</p>"
            + render.variant_controls([o for o in cls.VARIANTS if o.name not in FIXED.get(bot.game, {})], variants)
            + '<button type="button" class="md-button" data-action="new-game">この設定で新しいゲームを始める</button>'
            "</details>")


def rules_html(bot: AnyBot) -> str:
    """The computer's rules of thumb, by the names its hints give."""
    items = "".join(f"<dt>{escape(rule.name)}</dt><dd>{escape(rule.summary)}</dd>" for rule in bot.rules)
    return ('<details class="tf-bot-rules"><summary>コンピューターの考え方'
            f"（ヒントに出てくる{len(bot.rules)}の決まり）</summary><dl>{items}</dl></details>")
