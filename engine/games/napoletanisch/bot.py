"""ナポレタニッシュ's computer opponent: a one-turn look-ahead over the legal plays, an exact reading of
the whole end of a two-player deal, and plays near the end checked in imagined deals.

Every legal play is scored by the points it banks now, minus what the next players can expect to
take from the table it leaves (each unseen card's best capture there, weighed by the chance that
the player holds it), plus a share of what the bot's own remaining hand could take from that table
next turn, minus a share of a laid card's own points.  Only counts and sums: a decision stays well
under a millisecond however many capture sets are legal.  Once the stock is empty in a two-player
deal the opponent's hand is exactly the cards not yet seen, so the last 12 cards are read to the end
(who captures last takes the remainder): in duplicate play against the look-ahead alone this is
worth some 5 points a deal.  Near the end of a deal whose remaining cards cannot be read exactly (the
last two draws of a two-player deal; a hand of three cards or fewer with three or four players) the
plays the look-ahead ranks highest are played out by the rules of thumb in the same imagined deals
(``worlds``, ``engine.search``), and another play replaces the rule of thumb's only when it does
clearly better there: 1 to 2 points a deal more.
The rule of thumb named with a choice is the part of this score that made the difference.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ...cards import Card
from ...game import Action, Variants
from ...policy import Bot, Choice, Rule
from ...search import Budget, Coach, choose_by_search, own_share
from .rules import (
    CATEGORY_NAMES,
    LEVEL,
    MAX_VALUE,
    NAMING,
    PACK,
    PACK_THIRDS,
    TAROCK,
    THIRDS,
    VALUE,
    category,
    legal_captures,
    names,
    seat_name,
    thirds_text,
)
from .view import NapoletanischView, view_of
from .worlds import value, world

MOST = Rule("得点の多い取り", "取れる組の中から、出す札と取る札を合わせた得点がいちばん多いものを選びます。")
NO_EASY_SUM = Rule("取りやすい和を残さない",
                   "取った後や置いた後の場に、次の人が1枚でまとめて取れる値打ちのある組を残さないようにします。")
KEEP_TAROCK = Rule("高いタロックを温存する",
                   "高いタロックやスキュースはいろいろな和を取れる貴重な札なので、安い取りには使わずに残します。")
CHEAP = Rule("安い札を置く",
             "取れないとき（取らないとき）は、得点が低く、場に置いても相手に大きく取られにくい札を置きます。")
PREPARE = Rule("次の取りを用意する", "自分の手札で次の手番に取れる組が場にできるように、取る札や置く札を選びます。")
LAST = Rule("最後に取る", "山札がなくなったら、最後に札を取った人が場の残りをもらえることまで読んで手を選びます。")
ONLY = Rule("最後の1枚", "手札が1枚だけで打ち方がほかにないときは、その札を出すしかありません。")
SEARCH = Rule("配られ方を想像して読む", "見えていない札の配られ方をいくつも想像して最後まで打ってみて、"
                                         "平均でいちばん得点の多くなる手を選びます。")
RULES = (MOST, NO_EASY_SUM, KEEP_TAROCK, CHEAP, PREPARE, LAST, ONLY, SEARCH)

HIGH_TAROCK = 15  # tarocks from 15 up (and the Sküs) take many sums: worth keeping for a rich table
LATER_PLAYERS = (1.0, 0.5, 0.25)  # weight of the next, second and third player's expected capture
LAID = 0.3  # share of a laid card's points counted as lost: in hand it might still take something itself
OWN_NEXT = 0.6  # share of the bot's own best capture next turn that counts now
ENDGAME_CARDS = 12  # read a two-player deal to the end once the stock is empty: its last 12 cards
ENDGAME_NODES = 12000  # beyond this (about 0.1 s) the reading gives way to the look-ahead and the search
SHORT_ENDGAME = 6  # the reading in the search's imagined deals: the last 6 cards only (a few ms)
SEARCH_HAND = 3  # three or four players: search once a seat holds this many cards or fewer (the stock is empty)
SEARCH_STOCK = 2  # two players: search once the stock holds this many cards or fewer (then the exact reading)
SEARCH_PLAYS = 4  # the plays the look-ahead ranks highest, compared in the imagined deals
SEARCH_BUDGET = Budget(worlds=6, steps=200)  # about 200 rule-of-thumb decisions (some 40 ms) for one choice


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
    mine: Card | None = None  # the card of the hand that would make that capture

    @property
    def score(self) -> float:
        card = self.action.card
        assert card is not None
        laid = 0 if self.action.take else LAID * THIRDS[card]
        return self.gain - self.risk + OWN_NEXT * self.own_next - laid


def risky_gains(kinds: Counter[tuple[int, int, int]], takes: tuple[list[int], list[int], list[int]]) -> list[int]:
    """``capture_gain`` of every unseen card that takes something, from the unseen cards counted by kind,
    capture value and thirds (cards alike in those gain alike: the table is read once per kind)."""
    gains: list[int] = []
    for (level, worth, thirds), count in kinds.items():
        found = takes[level][worth]
        if found >= 0:
            gains += [found + thirds] * count
    return gains


def unseen_cards(view: NapoletanischView) -> list[Card]:
    """The cards in other hands and the stock: the pack minus the own hand, the table and the piles."""
    seen = {*view.hand, *view.table, *(c for pile in view.piles for c in pile)}
    return [c for c in PACK.cards() if c not in seen]


def options(view: NapoletanischView) -> list[Option]:
    """Every legal play of ``view`` with its score parts."""
    unseen = unseen_cards(view)
    later = [(weight, chance_missing(len(unseen), view.hand_sizes[(view.seat + 1 + i) % view.players]))
             for i, weight in enumerate(LATER_PLAYERS[:view.players - 1])]
    kinds = Counter((LEVEL[c], VALUE[c], THIRDS[c]) for c in unseen)
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
        values = sorted(risky_gains(kinds, takes), reverse=True)
        risk = sum(weight * expected_best(values, missing) for weight, missing in later)
        own, mine = max(((capture_gain(c, takes), c) for c in view.hand if c is not card), default=(0, None),
                        key=lambda found: found[0])
        result.append(Option(action, gain, risk, own, mine if own else None))
    return result


def deferred(view: NapoletanischView, chosen: Option, simple: Option) -> bool:
    """Whether ``chosen`` only puts off ``simple``'s capture (the same card taking as much next turn: a king
    left on the table for the own king) at a table of three or four, where the look-ahead's share of the own
    next capture (``OWN_NEXT``, measured with two players: one player in between) is too hopeful: each further
    player in between holding a card that takes the very set (of its capture value, of its kind or higher)
    takes it first.  True when, counted that way, putting it off no longer pays."""
    if view.players == 2 or not simple.action.take or chosen.mine is not simple.action.card \
            or chosen.own_next != simple.gain:
        return False
    mine = simple.action.card
    assert mine is not None
    unseen = unseen_cards(view)
    rivals = sum(1 for c in unseen if VALUE[c] == VALUE[mine] and LEVEL[c] >= LEVEL[mine])
    kept = 1.0
    for i in range(1, view.players - 1):
        kept *= chance_missing(len(unseen), view.hand_sizes[(view.seat + 1 + i) % view.players])[rivals]
    return chosen.score - OWN_NEXT * chosen.own_next * (1 - kept) <= simple.score


# --- the end of a two-player deal, read exactly -------------------------------------------------
class TooLong(Exception):
    """The reading passed ENDGAME_NODES positions."""


CARDS = PACK.cards()  # a card is bit i of a set (an int) in the reading: pack position i
BIT = {card: 1 << i for i, card in enumerate(CARDS)}
CARD_THIRDS = tuple(THIRDS[c] for c in CARDS)
CARD_VALUE = tuple(VALUE[c] for c in CARDS)
CARD_LEVEL = tuple(LEVEL[c] for c in CARDS)
Move = tuple[int, int, int]  # thirds banked (a trail: minus its card's), the card's bit, the set taken


def bits(cards: Sequence[Card]) -> int:
    return sum(BIT[c] for c in cards)


@lru_cache(maxsize=1 << 16)
def positions(mask: int) -> tuple[int, ...]:
    """The pack positions of the cards in ``mask``, low to high (remembered: the reading asks for the
    same hands and tables many times)."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


class Reading:
    """Both players' best play from a two-player position with the stock empty, where each sees the
    other's hand (the cards not yet seen).  Alpha-beta over sets of cards kept as bits, richest plays
    first, every position's bounds remembered (the same position is reached by many orders of plays);
    a value is the mover's thirds minus the other's from here to the end, with who captures last then
    (1 the mover, -1 the other, 0 nobody)."""

    def __init__(self, optional: bool) -> None:
        self.optional = optional
        self.nodes = 0
        self.known: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}  # low, high, final
        self.sets: dict[tuple[int, int, int], list[tuple[int, int]]] = {}

    def captures(self, card: int, table: int) -> list[tuple[int, int]]:
        """Every set ``card`` may take from ``table``, with its thirds (the table cards of kinds it may
        take, worth at most its value, combined in order)."""
        level, target = CARD_LEVEL[card], CARD_VALUE[card]
        key = (table, target, level)  # cards of one value and kind take the same sets (the four kings)
        found = self.sets.get(key)
        if found is None:
            fit = [c for c in positions(table) if CARD_LEVEL[c] <= level and CARD_VALUE[c] <= target]
            found = []
            stack = [(0, 0, 0, 0)]  # next card to add, value so far, set, thirds
            while stack:
                start, total, taken, points = stack.pop()
                for k in range(start, len(fit)):
                    c = fit[k]
                    grown = total + CARD_VALUE[c]
                    if grown == target:
                        found.append((taken | 1 << c, points + CARD_THIRDS[c]))
                    elif grown < target:
                        stack.append((k + 1, grown, taken | 1 << c, points + CARD_THIRDS[c]))
            self.sets[key] = found
        return found

    def moves(self, hand: int, table: int) -> list[Move]:
        """Every legal play, the richest first (so the pruning cuts early)."""
        found = []
        for card in positions(hand):
            sets = self.captures(card, table)
            found += [(CARD_THIRDS[card] + points, 1 << card, taken) for taken, points in sets]
            if self.optional or not sets:
                found.append((-CARD_THIRDS[card], 1 << card, 0))
        found.sort(key=lambda move: -move[0])
        return found

    def after(self, move: Move, mover: int, other: int, table: int, last: int,
              window: tuple[int, int]) -> tuple[int, int]:
        """The value of ``move`` for the mover, exact inside ``window`` (a bound outside it)."""
        gain, card, taken = move
        alpha, beta = window
        if taken:
            value, final = self.value(other, mover ^ card, table ^ taken, -1, gain - beta, gain - alpha)
            return gain - value, -final
        value, final = self.value(other, mover ^ card, table | card, -last, -beta, -alpha)
        return -value, -final

    def value(self, mover: int, other: int, table: int, last: int, alpha: int, beta: int) -> tuple[int, int]:
        """The mover's best value; the other never holds more cards, so an empty mover ends the deal
        and the table goes to whoever captured last."""
        if not mover:
            return last * sum(CARD_THIRDS[c] for c in positions(table)), last
        key = (mover, other, table, last)
        low, high, final = self.known.get(key, (-PACK_THIRDS, PACK_THIRDS, 0))
        if low >= beta or low == high:
            return low, final
        if high <= alpha:
            return high, final
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        if self.nodes > ENDGAME_NODES:
            raise TooLong
        best = (-PACK_THIRDS - 1, 0)
        for move in self.moves(mover, table):
            found = self.after(move, mover, other, table, last, (max(alpha, best[0]), beta))
            if found[0] > best[0]:
                best = found
                if best[0] >= beta:
                    break
        if best[0] <= alpha:
            high = best[0]
        elif best[0] >= beta:
            low = best[0]
        else:
            low = high = best[0]
        self.known[key] = (low, high, best[1])
        return best


def endgame(view: NapoletanischView, cards: int) -> Choice | None:
    """The play a full reading of a two-player deal's last turns finds best, once the stock is empty
    (the opponent's hand is then the cards not yet seen); None when more than ``cards`` are left, or when
    there is only one legal play (nothing to read: the plain words say it is forced)."""
    opponent = unseen_cards(view)
    if view.players != 2 or view.stock or len(view.legal) < 2 or len(view.hand) + len(opponent) > cards:
        return None
    last = 0 if view.last_capturer is None else (1 if view.last_capturer == view.seat else -1)
    hand, other, table = bits(view.hand), bits(opponent), bits(view.table)
    reading = Reading(view.capture_optional)
    best: tuple[int, int, Action] | None = None
    try:
        for action in view.legal:
            card = action.card
            assert card is not None
            gain = THIRDS[card] + sum(THIRDS[c] for c in action.take) if action.take else -THIRDS[card]
            floor = -PACK_THIRDS - 1 if best is None else best[0]
            found = reading.after((gain, BIT[card], bits(action.take)), hand, other, table, last,
                                  (floor, PACK_THIRDS + 1))
            if best is None or found[0] > best[0]:
                best = (*found, action)
    except TooLong:
        return None
    assert best is not None
    margin, final, action = best
    if any_set(view, action):
        return last_card(action)
    ending = ("最後に札を取るのはこちらになり、場の残りも手に入ります" if final == 1
              else "このあとは誰も札を取りません" if final == 0
              else "最後の取りは相手に回りますが、残りの札は差し引きでこちらが多く取れます" if margin > 0
              else "最後の取りは相手に回りますが、これが損のいちばん少ない進め方です")
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
    def key(option: Option) -> tuple[int, int, int, int]:
        card = option.action.card
        assert card is not None
        return option.gain, -THIRDS[card], -VALUE[card], -LEVEL[card]
    return max(options_, key=key)


def spared(view: NapoletanischView, action: Action) -> Card | None:
    """A tarock that makes the same capture as ``action``, a capture with a numeral card or a court (a tarock
    beside a numeral card of its value): kept, it may later take cards of every kind.  None when there is none."""
    card = action.card
    assert card is not None
    if not action.take or LEVEL[card] == TAROCK:
        return None
    return next((a.card for a in view.legal if a.card is not None and LEVEL[a.card] == TAROCK
                 and set(a.take) == set(action.take)), None)


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


def plain_words(view: NapoletanischView, chosen: Option) -> Choice:
    """Why the plain play (the richest capture, or the cheapest card laid) was played, as it is in this
    hand: a last card with no other play is played because it is the only one, the deal's last card takes
    any set because the rest of the table comes with it, a card is called 安い only if it is worth ⅓, and
    いちばん低い only if another card in hand is worth more."""
    action, card = chosen.action, chosen.action.card
    assert card is not None
    only, forced = len(view.hand) == 1, len(view.legal) == 1
    if action.take:
        sets = sum(1 for a in view.legal if a.take)
        worth = f"出した札と合わせて{thirds_text(chosen.gain)}点"
        if forced:
            return Choice(action, ONLY, f"手札はこの1枚だけで、取れる組もこれだけなので、{play_words(action)}ます。"
                                        f"{worth}です。")
        if sets == 1:
            return Choice(action, MOST, f"{play_words(action)}ます。取れる組はこれだけで、{worth}になります。")
        if any_set(view, action):
            return last_card(action)
        first = "手札はこの1枚だけなので、" if only else ""
        twin = spared(view, action)
        kept = "" if twin is None else (f"同じ札は{NAMING.name(twin)}でも取れますが、どの種類の札でも取れるタロックは"
                                        f"残し、{CATEGORY_NAMES[category(card)]}で取ります。")
        return Choice(action, MOST, f"{first}{play_words(action)}ます。{worth}になり、"
                                    f"取れる組の中でいちばん多くの得点です。{kept}")
    name, points = NAMING.name(card), thirds_text(THIRDS[card])
    if forced:
        return Choice(action, ONLY, f"手札はこの1枚だけなので、{name}を場に置きます（取れる札はありません）。")
    if THIRDS[card] == 1:
        return Choice(action, CHEAP, f"取れる札がないので、得点が{points}点と安い{name}を場に置きます。")
    if all(THIRDS[c] == THIRDS[card] for c in view.hand):
        return Choice(action, CHEAP, f"取れる札がなく、手札の札はどれも得点が{points}点なので、{name}を場に置きます。")
    return Choice(action, CHEAP, f"取れる札がないので、手札の中で得点がいちばん低い{name}（{points}点）を"
                                 "場に置きます。")


def any_set(view: NapoletanischView, action: Action) -> bool:
    """Whether ``action`` is one of several sets the deal's last card may take (the stock and every other
    hand are empty): which one does not matter, since the one who captures last takes the rest of the
    table too."""
    return (view.stock == 0 and sum(view.hand_sizes) == 1 and bool(action.take)
            and sum(1 for a in view.legal if a.take) > 1)


def last_card(action: Action) -> Choice:
    """Why the deal's last card takes the set it takes (``any_set``): calling it the richest set, or the
    result of a reading, would teach a choice that is not there."""
    assert action.card is not None
    return Choice(action, LAST, f"{NAMING.name(action.card)}はディールの最後の1枚です。どの組を取っても、最後に"
                                f"札を取ったこちらが場の残りもすべてもらえるので、{play_words(action)}ます。")


def explain(view: NapoletanischView, chosen: Option, simple: Option) -> Choice:
    """The rule of thumb behind ``chosen`` and a sentence about it, measured against ``simple``:
    the high tarock it keeps (only when the table left holds a richer set for that tarock: keeping it
    for the very set it could take now, say one the seat laid out for it, is the capture prepared), the
    table it leaves safer, or the capture it prepares."""
    action, card = chosen.action, chosen.action.card
    spent = simple.action.card
    assert card is not None and spent is not None
    if action == simple.action:
        return plain_words(view, chosen)
    prepared = OWN_NEXT * (chosen.own_next - simple.own_next)
    after = table_after(view, action)
    if (simple.action.take and high_tarock(spent) and not high_tarock(card) and prepared > 0
            and capture_gain(spent, best_takes(after)) > simple.gain):
        return Choice(action, KEEP_TAROCK, f"{NAMING.name(spent)}で場の{names(simple.action.take)}を取れば"
                                           f"{thirds_text(simple.gain)}点ですが、いろいろな和を取れる{NAMING.name(spent)}は"
                                           f"もっと大きな組のために残し、{play_words(action)}ます。")
    if simple.risk - chosen.risk >= prepared:
        left = table_after(view, simple.action)
        threat = avoided_threat(view, left, after)
        danger = best_set(threat, left)
        instead = play_words(simple.action)[:-1] + ("る" if simple.action.take else "く")
        who = "相手" if view.players == 2 else "ほかの人"
        return Choice(action, NO_EASY_SUM, f"{instead}と、{who}が{NAMING.name(threat)}を持っていれば場の"
                                           f"{names(danger)}を{'まとめて' if len(danger) > 1 else ''}取られるので、"
                                           f"{play_words(action)}ます。")
    mine = max((c for c in view.hand if c is not card and legal_captures(c, after)),
               key=lambda c: sum(THIRDS[x] for x in best_set(c, after)) + THIRDS[c])
    ready = best_set(mine, after)
    return Choice(action, PREPARE, f"{given_up(chosen, simple)}{play_words(action)}ます。次の手番で手札の"
                                   f"{NAMING.name(mine)}で場の{names(ready)}を取る形が"
                                   f"{'できます' if card in ready else '残ります'}。")


def given_up(chosen: Option, simple: Option) -> str:
    """The richest capture ``chosen`` passes over, with its points (「…を取れば6点ですが、」, or 「…を取っても同じ
    6点なので、」 for another set worth as much), so that a hint about the next turn does not hide it; empty
    when there was nothing to take."""
    if not simple.action.take:
        return ""
    words, worth = play_words(simple.action)[:-1], thirds_text(simple.gain)
    return f"{words}れば{worth}点ですが、" if chosen.gain < simple.gain else f"{words}っても同じ{worth}点なので、"


def takers(view: NapoletanischView, action: Action) -> int:
    """How many unseen cards could ever take the card ``action`` lays (none for a capture): a card of its kind
    or a higher one with a capture value at least its own, alone or in a sum with other table cards."""
    card = action.card
    assert card is not None
    if action.take:
        return 0
    return sum(1 for c in unseen_cards(view) if LEVEL[c] >= LEVEL[card] and VALUE[c] >= VALUE[card])


def untakeable(view: NapoletanischView, option: Option) -> bool:
    """Whether ``option`` lays a card no unseen card can ever take."""
    return not option.action.take and takers(view, option.action) == 0


def look_ahead(view: NapoletanischView) -> Choice:
    """The one-turn look-ahead's play (the first of equals, in the legal order), with its reason.  In the last
    round of draws, when that play lays a high tarock that an unseen card may still take in a later sum, and
    another play scored alike lays a card no unseen card can ever take, that one is laid instead: the
    look-ahead sees only the next turn's sums, the card nobody can take stays until the deal's last capture,
    and the high tarock kept may still take something (napoletanisch-count, 200 imagined deals: +1.08 ± 0.53
    points for the tarock 20 nothing can take over the tarock 16).  Only in place of a high tarock and only
    near the end: preferring an untakeable card over any other lays the highest tarocks too early (in
    duplicate against 88d88db, 99 two-player deals: −0.57), and so, once, did laying the tarock 19 for the 15
    with 14 cards in the stock (deal 836139: −13)."""
    scored = options(view)
    simple = plain(scored)
    chosen = max(scored, key=lambda option: option.score)
    card = chosen.action.card
    assert card is not None
    if view.stock <= view.players and not chosen.action.take and high_tarock(card) and not untakeable(view, chosen):
        chosen = next((o for o in scored if o.score == chosen.score and untakeable(view, o)), chosen)
    better = chosen.score > simple.score and not deferred(view, chosen, simple)
    if not better:
        return explain(view, simple, simple)
    return safest_words(view, scored, chosen, explain(view, chosen, simple))


def safest_words(view: NapoletanischView, scored: list[Option], chosen: Option, said: Choice) -> Choice:
    """``said`` with a sentence on why ``chosen`` rather than another play the look-ahead scores alike: the
    card laid that no unseen card can take (only when a card that could be taken was passed over for it)."""
    passed = [o for o in scored if round(o.score, 9) == round(chosen.score, 9) and not untakeable(view, o)]
    card = chosen.action.card
    if not passed or card is None or not untakeable(view, chosen):
        return said
    name, other = NAMING.name(card), passed[0].action.card
    assert other is not None
    kinds = ("タロック", "絵札かタロック", "札")[2 - LEVEL[card]]
    return Choice(said.action, said.rule,
                  f"{said.why}{name}を取れる札（取り点{VALUE[card]}以上の{kinds}）はまだ見えていない札の中にもうないので、"
                  f"{name}は場に置いてもほかの人には取られず、{NAMING.name(other)}は手札に残せます。")


def rule_of_thumb(view: NapoletanischView) -> Choice:
    """What every seat plays in the search's imagined deals (never searching): the one-turn look-ahead,
    or the exact reading once a two-player deal is down to its last SHORT_ENDGAME cards."""
    read = endgame(view, SHORT_ENDGAME)
    return look_ahead(view) if read is None else read


COACH = Coach(view=view_of, rules=rule_of_thumb, world=world, value=value)


def searched(view: NapoletanischView, thumb: Choice) -> Choice:
    """``thumb`` checked against the other plays the look-ahead ranks highest, each played out to the end
    in the same imagined deals, once the deal is near its end (playouts are short and the table's
    remainder is at stake) and the choice is open."""
    late = view.stock <= SEARCH_STOCK if view.players == 2 else len(view.hand) <= SEARCH_HAND
    if not late or len(view.legal) < 2:
        return thumb
    ranked = sorted(options(view), key=lambda option: -option.score)
    actions = [option.action for option in ranked[:SEARCH_PLAYS]]
    # The search weighs a play by the seat's points less the others' mean (``worlds.value``); with the pack's
    # 70 points all shared out, that moves n/(n-1) times the seat's own gain, which is what the hint promises.
    return choose_by_search(COACH, view, view.seat, actions, thumb, SEARCH, describe, SEARCH_BUDGET,
                            whose="自分の得点が", scale=own_share(view.players))


def describe(action: Action) -> str:
    """「タロック8で場のスペードのキングを取る手」 (a noun phrase for the search's comparison)."""
    words = play_words(action)
    return words[:-1] + ("る手" if action.take else "く手")


def choose(view: NapoletanischView) -> Choice:
    """The exact reading of a two-player deal once the stock is empty, else the one-turn look-ahead,
    checked in imagined deals near the end of the deal (``searched``)."""
    read = endgame(view, ENDGAME_CARDS)
    return searched(view, look_ahead(view)) if read is None else read


def sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    """Everyone plays for himself: one side per seat."""
    return tuple((seat,) for seat in range(int(variants["players"])))


def side_name(seat: int, variants: Variants) -> str:
    return seat_name(seat, int(variants["players"]))


BOT = Bot(game="napoletanisch", view=view_of, choose=choose, rules=RULES, sides=sides, side_name=side_name,
          bench_variants={"players": 2})
