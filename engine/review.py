"""振り返り: the reader's decisions in a finished deal that the coach would have made otherwise.

A teacher's first words after a deal are about the few decisions that mattered.  For every decision of
the reader's seat where the coach (the game's bot, deciding from the reader's view at that moment) chose
otherwise, the coach's own sampled deals (``engine.search``) play out both actions, the coach's and the
reader's, and say what the reader's choice cost on average, in the reader's own points (``TERMS``).
Every kind of decision is weighed the same way (bids, exchanges, monte votes, declarations, signals and
cards) wherever the game can imagine the unseen cards at that moment.

A cost is stated only when the imagined deals show it clearly: a mean within ``CLEAR`` standard errors
of nothing (paired over the same deals) is 「はっきりした差はありません」, as is a choice that did no
worse.  So the review has three parts: the clear costs, biggest first; the choices without a clear cost,
in one short line; and the decisions it could not weigh, listed apart.  Each entry keeps the share code of
the position before the decision, so that the table can reopen it (「ここからやり直す」), and is placed by
trick and card (「第3トリック・2枚目」) or by the phase (「ビッド」).  Forced decisions (a single legal
action) are never listed.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .bots import BOTS
from .game import Action, GameState, Variants
from .games.ottocento.worlds import deal_margin
from .policy import Choice
from .practice import reader_words
from .search import Budget, Coach, estimate, own_share, points

BUDGET = Budget(worlds=12, steps=40_000, tries=4)  # per reviewed decision: a deal's review stays in seconds
CLEAR = 2  # standard errors: a mean cost closer to zero than this is no clear difference
SAMPLED = re.compile(r"\d+通り")  # a reason that quotes its own count of imagined deals (or layouts read out)


@dataclass(frozen=True)
class Terms:
    """How the review speaks of a game's coach value (``Coach.value``): ``share`` turns one point of it
    into the reader's own points (the factor the game's search hints use), ``whose`` names what the figure
    measures, ``unit`` is the game's word for its points and ``lower`` how the figure moved (「少なく」, or
    「不利に」 for a margin, which ``compared`` names before a figure).  ``value`` replaces the coach's value
    where that one leaves out what an earlier decision changes."""

    share: Callable[[Variants], Fraction]
    whose: str
    unit: str = "点"
    lower: str = "少なく"
    compared: str = ""
    value: Callable[[GameState, int], Fraction] | None = None


def _whole(variants: Variants) -> Fraction:
    return Fraction(1)


def _players_share(variants: Variants) -> Fraction:
    return own_share(int(variants["players"]))


# The one place that says, game by game, what the review's figure is in the reader's own points:
TERMS = {
    # the team's score on the sheet (points less 36; the other team's is its opposite): the reader's own
    "lombardia": Terms(_whole, "あなたのチームの得点は"),
    # a side's points less the other side's: a combination one side makes is not taken from the other, so
    # no factor gives one side's own points; the sentence says that it compares the two
    "ottocento": Terms(_whole, "相手側との点差で比べると、あなたの側は", lower="不利に", compared="相手側との点差で",
                       value=deal_margin),
    # the seat's net less the others' mean, and the payments balance (own_share)
    "rotarot": Terms(_players_share, "あなたの得点は"),
    # the seat's card points less the others' mean, and the pack's points are all shared out (but for a table
    # nobody ever took from, which one variant leaves to no one)
    "napoletanisch": Terms(_players_share, "あなたの得点は"),
    # the seat's own chips
    "lhombre": Terms(_whole, "あなたのチップは", unit="チップ"),
}


@dataclass(frozen=True)
class Remark:
    """One decision the coach would have made otherwise: the position before it (share code, the move
    number in the deal and its place in words), what the reader chose, the coach's choice with its
    reason, and the estimated cost in the reader's own points (``TERMS``) with its standard error over
    the ``worlds`` imagined deals (cost None: no imagined deal could be played out within the budget)."""

    move: int
    code: str
    place: str
    chose: Action
    coach: Choice
    cost: Fraction | None
    error: float
    worlds: int

    @property
    def verdict(self) -> str:
        """``cost``: a clear cost; ``even``: no clear difference (or no loss); ``unknown``: not weighed."""
        if self.cost is None:
            return "unknown"
        return "cost" if self.cost > 0 and float(self.cost) > CLEAR * self.error else "even"


def coach_of(game: str) -> Coach[Any]:
    """The game's coach (``COACH`` beside ``BOT`` in its bot module)."""
    coach: Coach[Any] = importlib.import_module(f"{__package__}.games.{game}.bot").COACH
    return coach


def review(state: GameState, seat: int, budget: Budget = BUDGET) -> list[Remark]:
    """The remarks on ``seat``'s decisions in the deal ``state`` has come to: the clear costs biggest
    first, then the choices without a clear cost and the decisions not weighed, each in the order of play."""
    return review_order([remark for _, remark in decisions(state, seat, 0, budget) if remark is not None])


def review_order(remarks: list[Remark]) -> list[Remark]:
    """The clear costs biggest first, then the choices without a clear cost, then the decisions not weighed
    (these two in the order of play): a cost is never ranked among figures it does not have."""
    order = ("cost", "even", "unknown")
    return sorted(remarks, key=lambda r: (order.index(r.verdict), -(r.cost or 0) if r.verdict == "cost" else 0,
                                          r.move))


def decisions(state: GameState, seat: int, start: int = 0,
              budget: Budget = BUDGET) -> Iterator[tuple[int, Remark | None]]:
    """``seat``'s unforced decisions from move ``start`` on, in the order of play, each with its remark (None
    where the coach chose the same).  One at a time: the practice table asks for them one by one, so that
    the reader's next request never waits for a whole deal's estimates in the browser's one engine worker."""
    bot, coach, terms = BOTS[state.GAME], coach_of(state.GAME), TERMS[state.GAME]
    if terms.value is not None:
        coach = replace(coach, value=terms.value)
    before = type(state)(state.deal, state.variants)
    for move, chose in enumerate(state.history):
        if move >= start and before.current_player() == seat and len(before.legal_actions()) > 1:
            advice = bot.decide(before, seat)
            yield move, None if advice.action == chose else _remark(coach, terms, before, seat, chose, advice, budget)
        before.apply(chose)


def _remark(coach: Coach[Any], terms: Terms, before: GameState, seat: int, chose: Action, advice: Choice,
            budget: Budget) -> Remark:
    """The coach's action and the reader's played out in the same imagined deals (the review's own
    comparison: never the coach's hint's, which may weigh the coach's card against a third one)."""
    found = estimate(coach, coach.view(before, seat), seat, [advice.action, chose], budget)
    place = place_of(before, chose)
    if found is None:
        return Remark(len(before.history), before.share_code(), place, chose, advice, None, float("inf"), 0)
    gain, error = found.gain(advice.action, chose)
    share = terms.share(before.variants)
    return Remark(len(before.history), before.share_code(), place, chose, advice, gain * share,
                  error * float(share), found.worlds)


def place_of(state: GameState, action: Action) -> str:
    """Where ``action``, the next move from ``state``, lies as a player counts: 「第3トリック・2枚目」 for a
    card of the play (a word there, such as a signal or a surrender: 「第3トリック・リードの前」), 「5巡目」 in
    a game without tricks, and the phase's name otherwise (「ビッド」, 「愚者の交換（第4トリックのあと）」)."""
    players = sum(map(len, BOTS[state.GAME].sides(state.variants)))
    trick, index = divmod(sum(a.kind == "play" for a in state.history), players)
    if state.CAPTURES:
        return f"{trick + 1}巡目"
    phase = getattr(state, "phase", "play")
    if phase == "play":
        card = "リード" if index == 0 else f"{index + 1}枚目"
        return f"第{trick + 1}トリック・{card}{'' if action.kind == 'play' else 'の前'}"
    names: dict[str, str] = importlib.import_module(f"{__package__}.games.{state.GAME}.state").PHASE_NAMES
    name = names.get(phase, phase)
    return f"{name}（第{trick}トリックのあと）" if trick and not index else name


def reason(remark: Remark) -> str:
    """The coach's reason, unless it quotes a comparison of its own imagined deals (another count of deals,
    and its card against the rule of thumb's rather than the reader's): then what the coach's rule says in
    general, and the review's own comparison (``cost_words``) gives the numbers."""
    return remark.coach.rule.summary if SAMPLED.search(remark.coach.why) else remark.coach.why


def head_words(remark: Remark, game: str) -> str:
    """A clear cost in a few words (「約2.0点の損」), for the entry's heading."""
    terms = TERMS[game]
    return f"{terms.compared}約{points(remark.cost or Fraction(0))}{terms.unit}の損"


def cost_words(remark: Remark, game: str) -> str:
    """The cost in a learner's words: the review's own comparison of the two choices, in the reader's
    points; no figure where the imagined deals show no clear difference."""
    if remark.cost is None:
        return ("この場面は、見えていない札の配られ方を想像して最後まで打ち比べることができなかったので、"
                "損得は見積もれませんでした。")
    compared = f"見えていない札の配られ方を{remark.worlds}通り想像して、あなたの手とコーチの手をそれぞれ最後まで打って"
    if remark.verdict == "even":
        return f"{compared}比べましたが、はっきりした差はありません。"
    terms = TERMS[game]
    return (f"{compared}比べました。{terms.whose}コーチの手のときより平均で約{points(remark.cost)}{terms.unit}"
            f"{terms.lower}なりました（配られ方によるばらつきを考えても、はっきりした差です）。")


def review_text(state: GameState, seat: int, remarks: list[Remark]) -> list[str]:
    """The review as lines for the terminal: the clear costs with their positions, the choices without a
    clear cost in one line, and the decisions not weighed with their positions; the reader is あなた."""
    if not remarks:
        return ["振り返り: あなたの選んだ手は、すべてコーチと同じでした。"]
    costs = [r for r in remarks if r.verdict == "cost"]
    lines = [f"振り返り: コーチと違う手が{len(remarks)}回ありました。" + summary(costs)]
    for number, remark in enumerate(costs, 1):
        lines += _entry_lines(state, seat, remark, f"{number}. {remark.place} — {head_words(remark, state.GAME)}")
    even = [r for r in remarks if r.verdict == "even"]
    if even:
        lines.append(even_line(even, type(state)))
    for remark in (r for r in remarks if r.verdict == "unknown"):
        lines += _entry_lines(state, seat, remark, f"・{remark.place} — 損得は見積もれませんでした")
    return lines


def summary(costs: list[Remark]) -> str:
    """The sentence after the count of differing choices."""
    if not costs:
        return "どれもはっきりした損にはなっていません。"
    return f"はっきりした損のあった{len(costs)}回を、損の大きい順に示します。"


EVEN_HEAD = "コーチと違っても、はっきりした損のなかった手"


def even_line(even: list[Remark], kind: type[GameState]) -> str:
    """The choices without a clear cost, in one line: where, and the two choices."""
    def said(remark: Remark) -> str:
        before = kind.from_share_code(remark.code)
        return (f"{remark.place}（あなた: {before.describe(remark.chose)}／"
                f"コーチ: {before.describe(remark.coach.action)}）")
    return f"{EVEN_HEAD}（{len(even)}回）: " + "、".join(map(said, even))


def _entry_lines(state: GameState, seat: int, remark: Remark, head: str) -> list[str]:
    """One entry: the head, the cards on the table and in hand, the two choices, the reason, the cost."""
    before = type(state).from_share_code(remark.code)
    said = reader_words(before.seat_label(seat))
    cards, caption, _ = before.table()
    trick = "、".join(f"{said(who)}: {card}" for who, card in cards) or "（まだ札はありません）"
    return [head,
            *([f"   {said(caption)}"] if caption else []),
            f"   場: {trick}",
            f"   あなたの手札: {' '.join(map(str, before.hand(seat)))}",
            f"   あなた: {before.describe(remark.chose)} ／ コーチ: {before.describe(remark.coach.action)}"
            f"（{remark.coach.rule.name}）",
            f"   {said(reason(remark))}",
            f"   {cost_words(remark, state.GAME)}"]
