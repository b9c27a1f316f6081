"""ナポレタニッシュ's computer opponent: a one-turn look-ahead over the legal plays, and an exact
reading of the last turns of a two-player deal.

Every legal play is scored by the points it banks now, minus what the next players can expect to
take from the table it leaves (each unseen card's best capture there, weighed by the chance that
the player holds it), plus a share of what the bot's own remaining hand could take from that table
next turn, minus a share of a laid card's own points.  Only counts and sums: a decision stays well
under a millisecond however many capture sets are legal.  Once the stock is empty in a two-player
deal the opponent's hand is exactly the cards not yet seen, so the last turns are read to the end
(who captures last takes the remainder).
The rule of thumb named with a choice is the part of this score that made the difference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card
from ...game import Action, Variants
from ...policy import Bot, Choice, Rule
from .rules import (
    LEVEL,
    MAX_VALUE,
    NAMING,
    PACK,
    THIRDS,
    VALUE,
    captures_by_card,
    legal_captures,
    names,
    seat_name,
    thirds_text,
)
from .view import NapoletanischView, view_of

MOST = Rule("得点の多い取り", "取れる組の中から、出す札と取る札を合わせた得点がいちばん多いものを選びます。")
NO_EASY_SUM = Rule("取りやすい和を残さない",
                   "取った後や置いた後の場に、次の人が1枚でまとめて取れる値打ちのある組を残さないようにします。")
KEEP_TAROCK = Rule("高いタロックを温存する",
                   "高いタロックやスキュースはいろいろな和を取れる貴重な札なので、安い取りには使わずに残します。")
CHEAP = Rule("安い札を置く",
             "取れないとき（取らないとき）は、得点が低く、場に置いても相手に大きく取られにくい札を置きます。")
PREPARE = Rule("次の取りを用意する", "自分の手札で次の手番に取れる組が場にできるように、取る札や置く札を選びます。")
LAST = Rule("最後に取る", "山札がなくなったら、最後に札を取った人が場の残りをもらえることまで読んで手を選びます。")
RULES = (MOST, NO_EASY_SUM, KEEP_TAROCK, CHEAP, PREPARE, LAST)

HIGH_TAROCK = 15  # tarocks from 15 up (and the Sküs) take many sums: worth keeping for a rich table
LATER_PLAYERS = (1.0, 0.5, 0.25)  # weight of the next, second and third player's expected capture
LAID = 0.3  # share of a laid card's points counted as lost: in hand it might still take something itself
OWN_NEXT = 0.6  # share of the bot's own best capture next turn that counts now
ENDGAME_CARDS = 6  # read a two-player deal to the end once the stock is empty and this many cards are left
ENDGAME_NODES = 300  # beyond this (a few ms) the reading gives way to the one-turn look-ahead


# --- the one-turn look-ahead ------------------------------------------------------------------
def best_takes(table: Sequence[Card]) -> tuple[list[int], list[int], list[int]]:
    """For each kind of played card (numeral, court, tarock) and each capture value 0..22: the most
    thirds a set of table cards it may take can hold (-1: no such set).  A knapsack over the table,
    numerals first, then courts, then tarocks, so each kind's row grows from the one below."""
    best = [0] + [-1] * MAX_VALUE
    rows = []
    for level in range(3):
        for card in table:
            if LEVEL[card] == level:
                value, points = VALUE[card], THIRDS[card]
                for total in range(MAX_VALUE, value - 1, -1):
                    before = best[total - value]
                    if before >= 0 and before + points > best[total]:
                        best[total] = before + points
        rows.append(best[:])
    return rows[0], rows[1], rows[2]


def capture_gain(card: Card, takes: tuple[list[int], list[int], list[int]]) -> int:
    """Thirds ``card`` banks at best on the table ``takes`` describes (itself and a set), 0 if it takes nothing."""
    found = takes[LEVEL[card]][VALUE[card]]
    return found + THIRDS[card] if found >= 0 else 0


def chance_missing(unseen: int, held: int) -> list[float]:
    """[k]: the chance that a hand of ``held`` cards drawn from ``unseen`` holds none of k given cards."""
    chances = [1.0]
    for k in range(unseen):
        chances.append(chances[-1] * max(0, unseen - k - held) / (unseen - k))
    return chances


def expected_best(gains: list[int], missing: list[float]) -> float:
    """The expected best of ``gains`` (one per unseen card that takes something, high to low) for a
    hand whose chance of holding none of the first k is ``missing[k]``: each step down the gains
    counts with the chance that the hand holds at least one card reaching that high."""
    total = 0.0
    for k, gain in enumerate(gains):
        lower = gains[k + 1] if k + 1 < len(gains) else 0
        total += (gain - lower) * (1 - missing[k + 1])
    return total


@dataclass(frozen=True)
class Option:
    """One legal play and the parts of its score (all in thirds of a point)."""

    action: Action
    gain: int  # banked now: the played card and the cards it takes
    risk: float  # what the next players can expect to take from the table left
    own_next: int  # the most the bot's remaining hand could take from that table next turn

    @property
    def score(self) -> float:
        card = self.action.card
        assert card is not None
        laid = 0 if self.action.take else LAID * THIRDS[card]
        return self.gain - self.risk + OWN_NEXT * self.own_next - laid


def unseen_cards(view: NapoletanischView) -> list[Card]:
    """The cards in other hands and the stock: the pack minus the own hand, the table and the piles."""
    seen = {*view.hand, *view.table, *(c for pile in view.piles for c in pile)}
    return [c for c in PACK.cards() if c not in seen]


def options(view: NapoletanischView) -> list[Option]:
    """Every legal play of ``view`` with its score parts."""
    unseen = unseen_cards(view)
    later = [(weight, chance_missing(len(unseen), view.hand_sizes[(view.seat + 1 + i) % view.players]))
             for i, weight in enumerate(LATER_PLAYERS[:view.players - 1])]
    result = []
    for action in view.legal:
        card, take = action.card, action.take
        assert card is not None
        if take:
            left = [c for c in view.table if c not in take]
            gain = THIRDS[card] + sum(THIRDS[c] for c in take)
        else:
            left, gain = [*view.table, card], 0
        takes = best_takes(left)
        gains = [capture_gain(c, takes) for c in unseen]
        values = sorted((g for g in gains if g > 0), reverse=True)
        risk = sum(weight * expected_best(values, missing) for weight, missing in later)
        own = max((capture_gain(c, takes) for c in view.hand if c is not card), default=0)
        result.append(Option(action, gain, risk, own))
    return result


# --- the end of a two-player deal, read exactly -------------------------------------------------
class TooLong(Exception):
    """The reading passed ENDGAME_NODES positions."""


Play = tuple[int, Card, tuple[Card, ...]]  # thirds banked, card played, set taken


def plays(hand: Sequence[Card], table: Sequence[Card], optional: bool) -> list[Play]:
    """Every legal play, the richest first (so the pruning cuts early); a trail banks minus its card."""
    found = []
    for card, sets in captures_by_card(hand, table):
        found += [(THIRDS[card] + sum(THIRDS[c] for c in s), card, s) for s in sets]
        if optional or not sets:
            found.append((-THIRDS[card], card, ()))
    return sorted(found, key=lambda play: -play[0])


def outcome(play: Play, mover: list[Card], other: list[Card], table: list[Card], last: int, optional: bool,
            window: tuple[int, int], nodes: list[int]) -> tuple[int, int]:
    """The mover's thirds minus the other's from here to the end after ``play``, both playing their
    best, and who captures last then (1 the mover, -1 the other, 0 nobody).  ``last`` is who has
    captured last so far, seen from the mover; exact inside the alpha-beta ``window``."""
    gain, card, taken = play
    rest = [c for c in mover if c is not card]
    alpha, beta = window
    if taken:
        value, final = read_out(other, rest, [c for c in table if c not in taken], -1, optional,
                                (gain - beta, gain - alpha), nodes)
        return gain - value, -final
    value, final = read_out(other, rest, [*table, card], -last, optional, (-beta, -alpha), nodes)
    return -value, -final


def read_out(mover: list[Card], other: list[Card], table: list[Card], last: int, optional: bool,
             window: tuple[int, int], nodes: list[int]) -> tuple[int, int]:
    """``outcome`` of the mover's best play; at the end the table goes to whoever captured last."""
    if not mover:  # the mover never holds fewer cards than the other: both hands are empty
        return last * sum(THIRDS[c] for c in table), last
    nodes[0] += 1
    if nodes[0] > ENDGAME_NODES:
        raise TooLong
    alpha, beta = window
    best = (-10**6, 0)
    for play in plays(mover, table, optional):
        found = outcome(play, mover, other, table, last, optional, (max(alpha, best[0]), beta), nodes)
        if found[0] > best[0]:
            best = found
            if best[0] >= beta:
                break
    return best


def endgame(view: NapoletanischView) -> Choice | None:
    """The play a full reading of a two-player deal's last turns finds best, once the stock is empty
    (the opponent's hand is then the cards not yet seen); None when too many cards are left."""
    opponent = unseen_cards(view)
    if view.players != 2 or view.stock or len(view.hand) + len(opponent) > ENDGAME_CARDS:
        return None
    last = 0 if view.last_capturer is None else (1 if view.last_capturer == view.seat else -1)
    hand, table, nodes = list(view.hand), list(view.table), [0]
    found = []
    try:
        for action in view.legal:
            card = action.card
            assert card is not None
            gain = THIRDS[card] + sum(THIRDS[c] for c in action.take) if action.take else 0
            found.append((*outcome((gain, card, action.take), hand, opponent, table, last, view.capture_optional,
                                   (-10**6, 10**6), nodes), action))
    except TooLong:
        return None
    _, final, action = max(found, key=lambda each: each[0])
    ending = ("最後に札を取るのはこちらになり、場の残りも手に入ります" if final == 1
              else "最後の取りは相手に回りますが、これが損のいちばん少ない進め方です" if final == -1
              else "このあとは誰も札を取りません")
    return Choice(action, LAST, f"山札がなくなり相手の手札はすべて分かるので、最後まで読んで{play_words(action)}ます。"
                                f"{ending}。")


# --- choosing and saying why --------------------------------------------------------------------
def play_words(action: Action) -> str:
    """「タロック8で場のスペードのキングとダイヤの3を取り」 or 「ハートの1を場に置き」 (before ます;
    a verb's plain form swaps the last kana: 取る, 置く)."""
    assert action.card is not None
    name = NAMING.name(action.card)
    return f"{name}で場の{names(action.take)}を取り" if action.take else f"{name}を場に置き"


def plain(options_: list[Option]) -> Option:
    """What 得点の多い取り and 安い札を置く alone would play: the richest capture, or if nothing is
    taken the trail cheapest in points (then in capture value)."""
    def key(option: Option) -> tuple[int, int, int]:
        card = option.action.card
        assert card is not None
        return option.gain, -THIRDS[card], -VALUE[card]
    return max(options_, key=key)


def best_set(card: Card, table: Sequence[Card]) -> tuple[Card, ...]:
    """The set of ``table`` cards worth the most points that ``card`` may take."""
    return max(legal_captures(card, table), key=lambda s: sum(THIRDS[c] for c in s))


def table_after(view: NapoletanischView, action: Action) -> list[Card]:
    assert action.card is not None
    return [c for c in view.table if c not in action.take] if action.take else [*view.table, action.card]


def avoided_threat(view: NapoletanischView, worse: list[Card], better: list[Card]) -> Card:
    """The unseen card whose best capture shrinks most from table ``worse`` to table ``better`` (one
    whose capture does: ``better`` was chosen for leaving less to take)."""
    before, after = best_takes(worse), best_takes(better)
    return max(unseen_cards(view), key=lambda c: capture_gain(c, before) - capture_gain(c, after))


def high_tarock(card: Card) -> bool:
    return LEVEL[card] == 2 and VALUE[card] >= HIGH_TAROCK


def explain(view: NapoletanischView, chosen: Option, simple: Option) -> Choice:
    """The rule of thumb behind ``chosen`` and a sentence about it, measured against ``simple``:
    the high tarock it keeps, the table it leaves safer, or the capture it prepares."""
    action, card = chosen.action, chosen.action.card
    spent = simple.action.card
    assert card is not None and spent is not None
    if action == simple.action:
        if action.take:
            return Choice(action, MOST, f"{play_words(action)}ます。出した札と合わせて{thirds_text(chosen.gain)}点に"
                                        "なり、取れる組の中でいちばん多くの得点です。")
        return Choice(action, CHEAP, f"取れる札がないので、得点が{thirds_text(THIRDS[card])}点と安い"
                                     f"{NAMING.name(card)}を場に置きます。")
    prepared = OWN_NEXT * (chosen.own_next - simple.own_next)
    if simple.action.take and high_tarock(spent) and not high_tarock(card) and prepared > 0:
        return Choice(action, KEEP_TAROCK, f"{NAMING.name(spent)}で場の{names(simple.action.take)}を取れば"
                                           f"{thirds_text(simple.gain)}点ですが、いろいろな和を取れる{NAMING.name(spent)}は"
                                           f"もっと大きな組のために残し、{play_words(action)}ます。")
    if simple.risk - chosen.risk >= prepared:
        left = table_after(view, simple.action)
        threat = avoided_threat(view, left, table_after(view, action))
        danger = best_set(threat, left)
        instead = play_words(simple.action)[:-1] + ("る" if simple.action.take else "く")
        who = "相手" if view.players == 2 else "ほかの人"
        return Choice(action, NO_EASY_SUM, f"{instead}と、{who}が{NAMING.name(threat)}を持っていれば場の"
                                           f"{names(danger)}を{'まとめて' if len(danger) > 1 else ''}取られるので、"
                                           f"{play_words(action)}ます。")
    after = table_after(view, action)
    mine = max((c for c in view.hand if c is not card and legal_captures(c, after)),
               key=lambda c: sum(THIRDS[x] for x in best_set(c, after)) + THIRDS[c])
    return Choice(action, PREPARE, f"{play_words(action)}ます。次の手番で手札の{NAMING.name(mine)}で"
                                   f"場の{names(best_set(mine, after))}を取る形が残ります。")


def choose(view: NapoletanischView) -> Choice:
    """The legal play with the best score (the first of equals, in the legal order), with its reason."""
    read = endgame(view)
    if read is not None:
        return read
    scored = options(view)
    simple = plain(scored)
    chosen = max(scored, key=lambda option: option.score)
    return explain(view, chosen if chosen.score > simple.score else simple, simple)


def sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    """Everyone plays for himself: one side per seat."""
    return tuple((seat,) for seat in range(int(variants["players"])))


def side_name(seat: int, variants: Variants) -> str:
    return seat_name(seat, int(variants["players"]))


BOT = Bot(game="napoletanisch", view=view_of, choose=choose, rules=RULES, sides=sides, side_name=side_name,
          bench_variants={"players": 2})
