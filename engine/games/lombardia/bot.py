"""ロンバルディアタロットのコンピュータ: a partnership player built from named rules of thumb.

It reads only a ``LombardiaView``.  From the cards played, the face-up exposures and the voids
the players have shown, it estimates the chance that an opponent still to play beats a card
(``Reading.hold``), and decides with rules a teacher would give: cash sure winners, win as
cheaply as possible (but with a court card when one wins: banked now, it cannot fall later), give
counters to a trick the partner is winning, lose with the cheapest card, keep the Fool to save a
counter (once its player owns a trick to exchange it from), lead short suits to make voids (never a suit
that guards one of its own counters), let the partner trump.  These decisions are measured rather than
guessed:

- the monte vote reads the expected deal score of this hand from a table made offline by playing many
  deals out (``tables``, written by tools/coach/lombardia_tables.py);
- drawing trumps (leading the trump nothing still out can beat) is weighed in the middle of the deal by
  playing sampled deals out both ways (``engine.search`` with ``worlds.world``), and chosen when it gains;
- from the second trick on, a card played second or third (``_weigh_follow``) is weighed the same way
  among a few candidates, the rule of thumb's first: it keeps its card unless another one gains by more
  than the sampling noise; so is a lead with six to ten cards in hand (``_weigh_lead``), among the
  strongest and the weakest card of each suit;
- in the last five tricks it reads the deal out instead (``_read_out``): it plays the rest exactly in
  layouts of the unseen cards, both sides playing for points, and keeps the rule of thumb's card unless
  another one brings more points on average.

Every choice names its rule and says in Japanese why, for the coach.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from fractions import Fraction
from functools import cache
from itertools import pairwise
from math import factorial, prod

from ...cards import SUITS, TRUMP, Card
from ...chances import TrickChances
from ...game import Action, GameState, Variants
from ...policy import FORCED, LEAD_CHEAP, SHORT_SUIT, Bot, Choice, Rule, forced, short_lead, take_words
from ...search import Budget, Coach, choose_by_search, points, seed_of
from .rules import (
    DEALER,
    GAME,
    NAMING,
    PACK,
    SEATS,
    TEAM_NAMES,
    THE_FOOL,
    TRICKS,
    card_values,
    is_honour,
    strength,
    team_of,
)
from .tables import AGREED, COUNTERS, HIGH, SEAT, SHORT, TRUMPS, WON
from .view import LombardiaView, view_of
from .worlds import world

KEEP = Rule("見込みのある手は遊ぶ",
            "多くのディールを打って調べた表で、この手で遊んだときのチームの得点の見込みがプラスか、"
            "マイナスでも4回に1回より多く勝てる手なら、モンテには反対してそのまま遊びます。")
THROW_IN = Rule("見込みのない手は流す",
                "多くのディールを打って調べた表で、この手で遊ぶとチームの得点がマイナスになる見込みで、"
                "4回に3回以上負ける手なら、モンテに賛成します（4人全員が賛成したときだけ流れて、0点になります）。")
DISCARD_SECURE = Rule("守れない絵札は捨て札に",
                      "短いスートの Q・カバロ・J は、捨て札にしてチームの点として確保します。")
DISCARD_VOID = Rule("捨て札でスートを切らす",
                    "短いスートの安い札を捨ててそのスートを切らし、切札で勝てるようにします。")
GIVE_BLANK = Rule("交換には点のない札", "愚者の交換では、自分の取り札から点数のない札を渡します。")
CASH = Rule("勝ち札を先に取る", "そのスートで残っているいちばん強い札は、切られないうちにリードして取ります。")
PARTNER_RUFF = Rule("パートナーに切らせる",
                    "パートナーが持っていないスートをリードして、切札で取ってもらいます（自分の点札があるスートは除きます）。")
RETURN_LEAD = Rule("味方のリードを返す", "パートナーがリードしたスートを返して、パートナーに取ってもらいます。")
LEAD_SHORT = Rule("短いスートから切らす",
                  "勝ち札がなければ、自分の点札がないスートのうちいちばん短いスートの安い札からリードして、"
                  "早くそのスートを切らします。")
WIN_CHEAPLY = Rule("安く勝つ", "勝てるトリックは、勝てる札のうちいちばん安い札で取り、強い札は温存します。")
BANK = Rule("絵札で取って点を確保", "絵札で勝てるトリックは、その絵札で取って点を確保し、後で取られないようにします。")
FEED = Rule("味方に点札を渡す", "パートナーが勝つトリックには、点札を出してチームの点にします。")
FOOL_SAVES = Rule("愚者で点札を守る", "相手に点札を渡すしかないときは、代わりに愚者を出して点札を守ります。")
SPARE_TRUMPS = Rule("切札を無駄にしない",
                    "切札を出すしかなくても勝てないときや勝つ必要がないときは、いちばん弱い切札で済ませます。")
LOSE_CHEAP = Rule("負けるなら安い札", "勝てないトリックや勝たなくてよいトリックには、いちばん安い札を出します。")
DRAW_TRUMPS = Rule("切札を集める",
                   "残っている切札でいちばん強い切札を持っているときは、それをリードして相手の切札を減らし、"
                   "キングなどの点札を切られないようにし、相手のバガットを引き出します。見えていない札の配られ方を"
                   "想像して最後まで打ち比べ、得になる場面で集めます。相手にキングやクイーンを切られるおそれがあり、"
                   "いちばん強い切札を上から2枚持っているときは、早めから集めます。まだ出ていない切札が1枚だけなら、"
                   "ほかの札を取る前にそれを引き出します。")
LOOK_AHEAD = Rule("先を読んで選ぶ",
                  "2番目か3番目に出すときや、終盤の手前でリードするときは、候補になる札ごとに見えていない札の"
                  "配られ方をいくつも想像して最後まで打ち比べ、目安の札よりはっきり得になる札があればそれを出します。")
READ_OUT = Rule("最後は読み切る",
                "残りが数トリックになったら、見えていない札の分かれ方を調べて最後まで読み、チームの点が"
                "平均でいちばん多くなる札を出します。")
RULES = (KEEP, THROW_IN, DISCARD_SECURE, DISCARD_VOID, GIVE_BLANK, FORCED, CASH, DRAW_TRUMPS, PARTNER_RUFF, RETURN_LEAD,
         LEAD_SHORT, LEAD_CHEAP, WIN_CHEAPLY, BANK, FEED, FOOL_SAVES, SPARE_TRUMPS, LOSE_CHEAP, LOOK_AHEAD, READ_OUT)

SAFE = 0.5  # a chance of holding the trick worth playing for: the opponents seldom have the better card
PARTNER_SAFE = 0.7  # a partner's card this likely to hold is worth a counter
WORLD, BAGATTO = Card(TRUMP, 21), Card(TRUMP, 1)
TEAMS = tuple(team_of(seat) for seat in range(SEATS))


def name(card: Card) -> str:
    return NAMING.name(card)


def suit_name(card: Card) -> str:
    return NAMING.suit_name(card.suit)


@cache

def beats(card: Card, best: Card) -> bool:
    """Whether ``card`` would take the trick from ``best`` (the card winning it so far)."""
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    return card.suit == best.suit and not best.is_trump and strength(card) > strength(best)


def cheapest(cards: Iterable[Card], values: dict[Card, int]) -> Card:
    """The card that costs least to give away: no points, a plain card before a trump, the lowest."""
    return min(cards, key=lambda c: (values[c], c.is_trump, strength(c), PACK.index(c)))


ALL_CARDS = frozenset(PACK.cards())  # built once: the playouts of the search read a seat's view at every card


class Reading(TrickChances):
    """What one seat knows in the play: the cards still out, the voids shown, the exposed cards still held."""

    def __init__(self, view: LombardiaView) -> None:
        self.view = view
        self.values = card_values(view.variant_map)
        unseen = ALL_CARDS.difference(view.played, view.hand, view.discard)
        located: dict[int, set[Card]] = {s: set() for s in range(SEATS)}
        for seat, card in view.exposed:
            if seat != view.seat and card in unseen:
                located[seat].add(card)
        super().__init__(PACK, beats, view.seat, TEAMS, view.hand_sizes, unseen, located,
                         {s: set(lacking) for s, lacking in enumerate(view.voids)}, view.trick)
        # Suits in which this seat holds a counter: leading them early would strip its guards.
        self.guarded = {c.suit for c in view.hand if self.values[c] and not c.is_trump}


# --- monte, discard, exchange --------------------------------------------------------------

BAND = 2  # width in points of the bands of the monte estimate for which the table counts the deals won


def monte_features(hand: Iterable[Card], variants: Variants) -> tuple[int, int, int, int]:
    """What the monte table weighs in a hand: its trumps, its trumps from XVI up, the face points of its
    counters and its suits of at most one card (a void or a singleton to trump in soon)."""
    values = card_values(variants)
    cards = list(hand)
    length = {suit: sum(1 for c in cards if c.suit == suit) for suit in SUITS}
    return (sum(1 for c in cards if c.is_trump), sum(1 for c in cards if c.is_trump and c.rank >= 16),
            sum(values[c] for c in cards), sum(1 for suit in SUITS if length[suit] <= 1))


def monte_estimate(view: LombardiaView) -> Fraction:
    """The seat's side's expected deal score (points less 36) with this hand, from the monte table; when
    the seat is asked, every seat before it has agreed to the monte, which the table also weighs."""
    trumps, high, counters, short = monte_features(view.hand, view.variant_map)
    total = SEAT[view.seat] + TRUMPS * trumps + HIGH * high + COUNTERS * counters \
        + SHORT * short
    if _asked_after_agreement(view):
        total += AGREED[view.seat]
    return Fraction(total, 100)


def _asked_after_agreement(view: LombardiaView) -> bool:
    return view.phase == "monte" and view.turn == view.seat and len(view.votes) > 0


def monte_won(estimate: Fraction) -> int:
    """The percentage of deals the table saw won by hands with about this estimate."""
    band = max(min(WON), min(max(WON), math.floor(estimate / BAND) * BAND))
    return WON.get(band, 50)


HOPELESS = 25  # percent of deals won at most by a hand worth throwing in: it loses three times in four


def _monte(view: LombardiaView) -> Choice:
    """Throw the deal in only when playing it is expected to cost this seat's side points and such hands
    seldom win (a deal thrown in scores 0 for both sides, and it is thrown in only if all four agree); a
    hand that is merely below average still wins often and is played."""
    estimate = monte_estimate(view)
    share = monte_won(estimate)
    earlier = "先にモンテに賛成した人の手が弱めであることも計算に入れると、" if _asked_after_agreement(view) else ""
    said = (f"{earlier}この手で遊ぶと、チームの得点は平均で約{signed(estimate)}点の見込みで、"
            f"このような手で勝てるのは約{share}%です")
    if estimate < 0 and share <= HOPELESS:
        return Choice(Action("monte"), THROW_IN, f"{said}。4回に3回以上負ける手で、流れれば0点なので、"
                                                 f"モンテに賛成します。")
    if estimate < 0:
        return Choice(Action("keep"), KEEP, f"{said}。平均では損ですが、4回に1回より多く勝てる手なので、"
                                            f"モンテには反対して遊びます。")
    return Choice(Action("keep"), KEEP, f"{said}。遊ぶほうが得なので、モンテには反対します。")


def signed(value: Fraction) -> str:
    """A point figure with its sign, as the score sheet writes a deal's result."""
    text = points(abs(value))
    return text if text in ("0", "0.0") else f"+{text}" if value > 0 else f"−{text}"


def _discard(view: LombardiaView) -> Choice:
    """Lay away a court card of a short suit (it scores for the dealer once he takes a trick, which a
    high trump or a King all but promises), else the cheapest card of the shortest suit, towards a void."""
    values = card_values(view.variant_map)
    options = [a.card for a in view.legal if a.card is not None]
    length = {suit: sum(1 for c in view.hand if c.suit == suit) for suit in SUITS}
    takes_a_trick = any((c.is_trump and c.rank >= 15) or (c.is_court and c.rank == 14) for c in view.hand)
    courts = [c for c in options if takes_a_trick and not c.is_trump and values[c] and length[c.suit] <= 3]
    if courts:
        card = max(courts, key=lambda c: (values[c], -length[c.suit], -PACK.index(c)))
        return Choice(Action("discard", card), DISCARD_SECURE,
                      f"{suit_name(card)}は{length[card.suit]}枚しかなく守りにくいので、"
                      f"{name(card)}を捨て札にして点を確保します。")
    card = min(options, key=lambda c: (values[c], c.is_trump, length.get(c.suit, 0), strength(c), PACK.index(c)))
    if card.is_trump:
        return Choice(Action("discard", card), DISCARD_VOID,
                      f"捨てられる札が切札しかないので、弱い{name(card)}を捨てます。")
    return Choice(Action("discard", card), DISCARD_VOID, _shortened(card, length[card.suit]))


def _shortened(card: Card, length: int) -> str:
    """What laying away a blank does to its suit: a singleton's suit is empty now, a short one soon; a
    suit of four or more is only the shortest that has a blank to lay away, and will not be empty soon."""
    if length == 1:
        return f"{suit_name(card)}は1枚だけなので、{name(card)}を捨ててこのスートを切らします。"
    if length <= SHORT_SUIT:
        return f"{suit_name(card)}は{length}枚と短いので、{name(card)}を捨ててこのスートを切らしにいきます。"
    return (f"{suit_name(card)}（{length}枚）は、点のない札を捨てられるスートのうちでいちばん短いので、"
            f"{name(card)}を捨てて短くしておきます。")


def _exchange(view: LombardiaView) -> Choice:
    """Give the cheapest card; among blanks, one already played rather than a discard (which would tell
    the others what the dealer laid away)."""
    values = card_values(view.variant_map)
    cards = [a.card for a in view.legal if a.card is not None]
    played = [c for c in cards if c not in view.discard]
    card = cheapest(played if played and not values[cheapest(played, values)] else cards, values)
    whom = "パートナー" if view.exchange_to == (view.seat + 2) % SEATS else "相手"
    if values[card]:
        return Choice(Action("give", card), GIVE_BLANK,
                      f"取り札に点のない札がないので、いちばん安い{name(card)}を{whom}に渡して愚者を取り戻します。")
    return Choice(Action("give", card), GIVE_BLANK, f"点のない{name(card)}を{whom}に渡して愚者を取り戻します。")


# --- trick play ----------------------------------------------------------------------------

def _play(view: LombardiaView) -> Choice:
    """The rule of thumb's card, unless reading the last tricks out, or weighing a trump lead by search,
    finds a card worth more points."""
    only = forced(view.legal, len(view.hand), name)
    if only is not None:
        return only
    reading = Reading(view)
    choice = _rule_of_thumb(reading)
    return _read_out(reading, choice) or _draw_trumps(reading, choice) or _weigh_follow(reading, choice) \
        or _weigh_lead(reading, choice) or choice


def rule_of_thumb(view: LombardiaView) -> Choice:
    """The rules of thumb alone, as the search's playouts use them."""
    if view.phase != "play":
        return choose(view)
    return forced(view.legal, len(view.hand), name) or _rule_of_thumb(Reading(view))


def deal_score(state: GameState, seat: int) -> Fraction:
    """What a finished deal is worth to ``seat``: its side's score (points less 36; the other side's is
    the opposite), so that the search speaks of the team's points as the score sheet does."""
    return Fraction(state.score().totals[TEAM_NAMES[team_of(seat)]])


COACH = Coach(view=view_of, rules=rule_of_thumb, world=world, value=deal_score)
DRAW_HANDS = range(5, 11)  # cards in hand when drawing trumps is weighed: the middle of the deal
TOP_DRAW_HANDS = range(11, 13)  # and earlier, with two trumps nothing out can beat (playouts still short)
DRAW_BUDGET = Budget(worlds=6, steps=600)


def _draw_trumps(reading: Reading, choice: Choice) -> Choice | None:
    """Lead the trump no card still out can beat, instead of the rule of thumb's plain lead, when playing
    sampled deals out shows that drawing the others' trumps gains points.  Earlier in the deal (``TOP_DRAW_HANDS``)
    with the two top trumps, and a King or Queen in a suit an opponent has shown he lacks while he may still
    trump, the draw is the teacher's rule (lesson-trumps): the few imagined deals a cheap search affords cannot
    tell it apart, so it stands unless they show the plain lead clearly better.  So does drawing the one trump
    still out in the middle of the deal when the plain lead might be beaten: a single lead of the top trump
    makes every card of the hand safe from being cut (lesson-trumps, 200 imagined deals: +0.66 ± 0.15 points
    against cashing a Jack first); a King no one can cut is cashed first (lesson-trumps step 8)."""
    view = reading.view
    if reading.best is not None or view.trick:
        return None
    early = len(view.hand) in TOP_DRAW_HANDS and _top_trumps(reading) >= 2
    if len(view.hand) not in DRAW_HANDS and not early:
        return None
    usual = choice.action.card
    top = _sure_trick(reading)
    opponents = [(reading.me + 1) % SEATS, (reading.me + 3) % SEATS]
    if top is None or usual is None or usual.is_trump or not any(c.is_trump for c in reading.unseen) \
            or all(TRUMP in reading.voids[s] for s in opponents):
        return None
    threatened = _threatened(reading, opponents) if early else None
    last = len(view.hand) in DRAW_HANDS and sum(1 for c in reading.unseen if c.is_trump) == 1 \
        and reading.hold(usual) < 1
    if threatened is not None or last:
        why = _last_trump_reason(reading, top, choice) if threatened is None else _draw_reason(reading, top, threatened)
        drawn = _choice(top, DRAW_TRUMPS, why)
        kept = choose_by_search(COACH, view, reading.me, [choice.action], drawn, choice.rule, _described, DRAW_BUDGET)
        return drawn if kept is drawn else Choice(kept.action, choice.rule, f"{choice.why}{kept.why}")
    if len(view.hand) not in DRAW_HANDS:
        return None
    found = choose_by_search(COACH, view, reading.me, [Action("play", top)], choice, DRAW_TRUMPS, _described,
                             DRAW_BUDGET)
    if found is choice:
        return None
    return _choice(top, DRAW_TRUMPS, f"{_draw_reason(reading, top)}{found.why}")


def _last_trump_reason(reading: Reading, top: Card, choice: Choice) -> str:
    """Why the top trump draws the one trump still out before the rule of thumb's lead: that lead (a sure
    winner cashed, say) is named as what then cannot be cut."""
    usual = choice.action.card
    assert usual is not None
    kept = (f"{name(usual)}もそのあと切られずに取れます" if choice.rule is CASH
            else "残りの札がほかの人の切札で切られることはなくなります")
    return (f"まだ出ていない切札はあと1枚だけです。{name(top)}は残っている切札でいちばん強いので、"
            f"リードすれば必ず勝ち、その切札を持っている人はそれを出さなければなりません。"
            f"先に最後の切札を引き出しておけば、{kept}。")


def _threatened(reading: Reading, opponents: list[int]) -> Card | None:
    """The richest King or Queen of this hand in a suit an opponent has shown he lacks while he may still hold
    a trump to cut it with; None when there is none."""
    cut = [c for c in reading.view.hand if not c.is_trump and not c.is_fool and reading.values[c] >= 4
           and any(c.suit in reading.voids[s] and TRUMP not in reading.voids[s] for s in opponents)]
    return max(cut, key=lambda c: (reading.values[c], -PACK.index(c)), default=None)


WORLDS = 8  # imagined deals for weighing a card played second or third, or a lead
LEAD_HANDS = range(6, 11)  # cards in hand when a lead is weighed: above the read-out's, below long playouts


def _weigh_follow(reading: Reading, choice: Choice) -> Choice | None:
    """Second or third to a trick, between the first trick and the read-out: whether to take the trick, with
    which card, or to let it go rests on chances of holding that the rule of thumb can only estimate, so the
    few cards that make the difference are played out in sampled deals (in duplicate, 2,000 shuffles: +0.26
    points a deal).  The first trick is left to the rule of thumb: its playouts are the longest."""
    view = reading.view
    if reading.best is None or len(view.trick) == SEATS - 1 or not ENDGAME < len(view.hand) < TRICKS:
        return None
    found = _search(reading, choice, _follow_options(reading, choice))
    if found is None or found.action.card is None or choice.action.card is None:
        return None
    return _choice(found.action.card, LOOK_AHEAD,
                   _follow_guess(reading, choice.action.card, found.action.card) + found.why)


def _weigh_lead(reading: Reading, choice: Choice) -> Choice | None:
    """A lead in the tricks before the read-out: the strongest and the weakest card of every suit held,
    the rule of thumb's among them, played out in sampled deals (in duplicate, on top of the search of the
    cards played second or third, 1,000 shuffles: +0.19 points a deal)."""
    view = reading.view
    if view.trick or len(view.hand) not in LEAD_HANDS:
        return None
    suits: dict[str, list[Card]] = {}
    for card in (a.card for a in view.legal if a.card is not None and not a.card.is_fool):
        suits.setdefault(card.suit, []).append(card)
    found = [choice.action.card, *(pick(held, key=strength) for held in suits.values() for pick in (max, min))]
    return _search(reading, choice, list(dict.fromkeys(c for c in found if c is not None)))


def _search(reading: Reading, choice: Choice, options: list[Card]) -> Choice | None:
    """The search's card among ``options`` (the rule of thumb's first), None when it keeps the rule of
    thumb's; the budget lets every playout run to the end of the deal."""
    if len(options) < 2:
        return None
    view = reading.view
    budget = Budget(worlds=WORLDS, steps=WORLDS * len(options) * SEATS * len(view.hand))
    found = choose_by_search(COACH, view, reading.me, [Action("play", c) for c in options], choice, LOOK_AHEAD,
                             _described, budget)
    return None if found is choice else found


def _follow_guess(reading: Reading, usual: Card, card: Card) -> str:
    """What the rule of thumb had to guess, said before the search's figures: the chance that the partner's
    card, or the card that would take the trick, survives the players still to come (nothing when it is
    all but certain either way)."""
    assert reading.best is not None
    seat, best = reading.best
    taker = next((c for c in (usual, card) if beats(c, best)), None)
    if taker is None and seat != reading.partner:
        return ""
    tenths = round(10 * reading.hold(taker or best))
    if not 0 < tenths < 10:
        return ""
    subject = (f"パートナーの{name(best)}が" if taker is None else
               f"{name(taker)}で取りにいっても、" if taker == usual else f"{name(taker)}で取りにいけば、")
    return f"{subject}あとの人に上回られずに勝ち残る見込みは約{tenths}割です。"


def _follow_options(reading: Reading, choice: Choice) -> list[Card]:
    """The cards worth comparing: the rule of thumb's, the cheapest, and the cheapest, the richest counter
    and the strongest of the cards that beat the trick so far (the others play like one of these).  None
    at all when the opponents' trick cannot be beaten: losing it cheaply, or saving a counter with the
    Fool, is left to the rule of thumb."""
    assert reading.best is not None
    seat, best = reading.best
    cards = [a.card for a in reading.view.legal if a.card is not None and not a.card.is_fool]
    winners = sorted((c for c in cards if beats(c, best)), key=_win_order)
    if not winners and seat != reading.partner:
        return []
    counters = [c for c in winners if reading.values[c]]
    found = [choice.action.card, cheapest(cards, reading.values)]
    if winners:
        found += [winners[0], max(counters, key=lambda c: (reading.values[c], -PACK.index(c)), default=None),
                  winners[-1]]
    return list(dict.fromkeys(c for c in found if c is not None))


def _described(action: Action) -> str:
    return name(action.card) if action.card is not None else action.kind


def _draw_reason(reading: Reading, top: Card, threatened: Card | None = None) -> str:
    """What drawing trumps does for this hand, in a teacher's words (a King or Queen it protects, never the
    Fool: it takes no trick, so no trump can cut it); ``threatened``, a court an opponent void in its suit
    may cut, is named as the reason to draw now."""
    said = (f"{name(top)}は残っている切札でいちばん強いので、リードすれば必ず勝ち、切札を持っている人は"
            f"切札を出さなければなりません。")
    if threatened is not None:
        return (f"{said}相手の1人は{suit_name(threatened)}を持っていないことが分かっていて、切札が残っている限り"
                f"{name(threatened)}は切られるおそれがあるので、先に切札を集めます。")
    kings = [c for c in reading.view.hand if not c.is_trump and not c.is_fool and reading.values[c] >= 4]
    if kings:
        best = max(kings, key=lambda c: (reading.values[c], -PACK.index(c)))
        return f"{said}相手の切札が減れば、{name(best)}が切られにくくなります。"
    if BAGATTO in reading.unseen:
        return f"{said}まだ出ていないバガット（5点）を引き出せるかもしれません。"
    return f"{said}相手の切札が減れば、残りの札が切られにくくなります。"


def _rule_of_thumb(reading: Reading) -> Choice:
    view = reading.view
    cards = [a.card for a in view.legal if a.card is not None and not a.card.is_fool]
    if not cards:
        return _choice(THE_FOOL, LOSE_CHEAP, "出せる札は愚者だけなので、愚者を出します。")
    if reading.best is None:
        return _lead(reading, cards)
    return _follow(reading, cards)


def _lead(reading: Reading, cards: list[Card]) -> Choice:
    """Cash the most valuable sure winner; else let the partner trump, return his suit, or empty a short suit."""
    values = reading.values
    masters = [c for c in cards if not c.is_trump and reading.is_master(c) and reading.hold(c) >= SAFE]
    if masters:
        card = max(masters, key=lambda c: (values[c], reading.hold(c), -PACK.index(c)))
        return _choice(card, CASH, f"{name(card)}は{suit_name(card)}で残っているいちばん強い札なので、"
                                   f"切られないうちにリードして取ります。")
    plain = [c for c in cards if not c.is_trump and not values[c]]
    partner = reading.partner
    ruffs = [c for c in plain if c.suit in reading.voids[partner] and TRUMP not in reading.voids[partner]
             and c.suit not in reading.guarded]
    if ruffs:
        card = cheapest(ruffs, values)
        return _choice(card, PARTNER_RUFF, f"パートナーは{suit_name(card)}を持っていないので、"
                                           f"{name(card)}をリードして切札で取ってもらいます。")
    returned = _partner_suit(reading, plain)
    if returned is not None:
        return _choice(returned, RETURN_LEAD, f"パートナーがリードした{suit_name(returned)}を、"
                                              f"{name(returned)}で返します。")
    if plain:
        return _lead_short(reading, plain)
    # The top trump is a sure winner too: with it in hand, only the blank suit cards are missing.
    missing = "点のないスートの札がないので" if _sure_trick(reading) else "勝ち札も点のないスートの札もないので"
    return _lose(reading, cards, missing)


def _lead_short(reading: Reading, plain: list[Card]) -> Choice:
    """The cheapest card of the shortest suit, preferring suits without an own counter: emptying those
    makes a void to trump in, while a counter's suit keeps its low cards to follow with under a King."""
    length = {suit: sum(1 for c in reading.view.hand if c.suit == suit) for suit in SUITS}
    suits = {c.suit for c in plain}
    suit = min(suits, key=lambda s: (s in reading.guarded, length[s], SUITS.index(s)))
    card = cheapest((c for c in plain if c.suit == suit), reading.values)
    if [s for s in suits if (s in reading.guarded) == (suit in reading.guarded)] == [suit]:
        return _sole_suit_lead(reading, card, length)
    where = "点札を持っていないスートのうち、" if suit not in reading.guarded else ""
    tied = any(s != suit and length[s] == length[suit] and (suit in reading.guarded or s not in reading.guarded)
               for s in SUITS)
    # Another suit is in the running here (a sole suit went to _sole_suit_lead), so this is never the only one.
    return short_lead(Action("play", card), LEAD_SHORT, suit_name(card), length[suit], name(card), False, where,
                      tied=tied)


def _sole_suit_lead(reading: Reading, card: Card, length: dict[str, int]) -> Choice:
    """The lead when no other suit was in the running: 「いちばん短い」 of a suit with no rival would be empty
    (or false, beside a shorter suit of counters only), and 「切札は後に残します」 false in a hand without trumps."""
    others = any(length[s] for s in SUITS if s != card.suit)
    sole = ""
    if others:
        sole = "点札を持っていないスートは" if card.suit not in reading.guarded else "点のない札があるスートは"
    return short_lead(Action("play", card), LEAD_SHORT, suit_name(card), length[card.suit], name(card), not others,
                      trumps=any(c.is_trump for c in reading.view.hand), sole=sole)


def _partner_suit(reading: Reading, plain: list[Card]) -> Card | None:
    """The lowest plain card of the suit the partner led last, if this seat holds one."""
    for trick in reversed(reading.view.tricks):
        lead = next((card for _, card in trick.plays if not card.is_fool), None)
        if trick.leader == reading.partner and lead is not None and not lead.is_trump:
            own = [c for c in plain if c.suit == lead.suit]
            return cheapest(own, reading.values) if own else None
    return None


def _follow(reading: Reading, cards: list[Card]) -> Choice:
    """Feed a partner who holds the trick, else take it with a court card (banking its points) or the
    cheapest likely winner, else lose cheaply."""
    assert reading.best is not None
    seat, best = reading.best
    values = reading.values
    if seat == reading.partner and reading.hold(best) >= PARTNER_SAFE:
        return _feed(reading, cards, best)
    # A partner's card still likely to be beaten by an opponent behind is taken over: say so.
    note = f"パートナーの{name(best)}はあとの人に取られるかもしれません。" if seat == reading.partner else ""
    winners = sorted((c for c in cards if beats(c, best)), key=_win_order)
    courts = [c for c in winners if values[c] and not c.is_trump and reading.hold(c) >= SAFE]
    if courts:
        card = max(courts, key=lambda c: (values[c], -PACK.index(c)))
        return _choice(card, BANK, f"{note}{name(best)}には{name(card)}で勝てるので、{name(card)}で取って"
                                   f"その点を確保します。")
    winner = next((c for c in winners if reading.hold(c) >= SAFE), None)
    if winner is not None and _kept_for_later(reading, cards, winner):
        return _lose(reading, cards, f"点札のないトリックなので、ほかの人のどの切札にも負けない{name(winner)}は"
                                     f"ここでは使わず、点札のあるトリックや相手の切札を集めるときのために残し")
    if winner is not None:
        return _choice(winner, WIN_CHEAPLY, note + _cheap_win(reading, best, winners, winner))
    if note and reading.hold(best) >= SAFE:  # the side will likely take it, only not safely enough to feed
        return _lose(reading, cards, f"パートナーの{name(best)}が勝つとは限らないので")
    return _lose(reading, cards, "このトリックは勝てそうにないので")


def _kept_for_later(reading: Reading, cards: list[Card], winner: Card) -> bool:
    """Whether to let an opponent's blank trick go rather than take it last with ``winner``, a trump nothing
    out can beat: it takes a trick whenever it is played, so it is worth more on a trick with counters, or
    led to draw trumps, than on a trick of no points; a blank card or a plain trump goes instead."""
    view = reading.view
    if len(view.trick) != SEATS - 1 or not winner.is_trump or not reading.is_master(winner):
        return False
    if any(reading.values[card] for _, card in view.trick if not card.is_fool):
        return False
    return any(not reading.values[c] for c in cards if c != winner)


def _partner_holds(reading: Reading, best: Card) -> str:
    """The partner's card as winning: for certain when no opponent after this seat can beat it (this seat
    plays last, or the card is the top trump left), else likely."""
    return f"パートナーの{name(best)}が{'勝っている' if reading.hold(best) >= 1 else '勝ちそうな'}"


def _feed(reading: Reading, cards: list[Card], best: Card) -> Choice:
    """The richest counter to the partner's trick; one that beats his card takes the trick itself, which
    gives the side the same points (「渡します」 would be false of it)."""
    values = reading.values
    holds = _partner_holds(reading, best)
    gifts = [c for c in cards if values[c] and c is not WORLD]
    if not gifts:
        return _lose(reading, cards, f"{holds}ので")
    card = max(gifts, key=lambda c: (values[c], -strength(c), -PACK.index(c)))
    if beats(card, best):
        return _choice(card, FEED, f"{holds}トリックなので、点札の{name(card)}を出します。{name(card)}のほうが"
                                   f"強いので自分で取ることになりますが、どちらが取っても点はチームのものです。")
    return _choice(card, FEED, f"{holds}トリックなので、点札の{name(card)}を渡します。")


def _cheap_win(reading: Reading, best: Card, winners: list[Card], winner: Card) -> str:
    """Why this winner: the Bagatto banks its own 5 points; a lone winner is no choice; cheaper winners
    passed over would likely be beaten by a later player (「いちばん安い」 would be false then)."""
    if winner is BAGATTO:
        if len(reading.view.trick) == SEATS - 1:
            return (f"最後に出すので、{name(best)}には{name(winner)}で確実に勝てます。いちばん弱い切札で"
                    f"取られやすいバガットの5点を、このトリックで確保します。")
        return (f"{name(best)}には{name(winner)}で勝てます。いちばん弱い切札で取られやすいバガットの5点を、"
                f"取れそうなこのトリックで取りにいきます。")
    cheaper = [name(c) for c in winners[:winners.index(winner)]]
    return take_words(name(best), name(winner), cheaper, len(winners) == 1)


def _win_order(card: Card) -> tuple[int, int]:
    """Cheapest winner first: the Bagatto (winning saves its 5 points), then plain cards, then trumps upwards."""
    return (0 if card is BAGATTO else 1 + card.is_trump, strength(card))


def _lose(reading: Reading, cards: list[Card], reason: str) -> Choice:
    """Give the cheapest card, or the Fool instead when that card would be a counter lost to the opponents."""
    values = reading.values
    card = cheapest(cards, values)
    alone = len(cards) == 1  # beside the Fool: 「いちばん安い」 would praise a choice never made
    partner_wins = reading.best is not None and reading.best[0] == reading.partner
    if values[card] and not partner_wins and any(a.card is THE_FOOL for a in reading.view.legal):
        if any(t.winner == reading.me for t in reading.view.tricks):
            return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出して点札を守ります。"
                                                 f"愚者は、すでに取ったトリックの点のない札と交換して取り戻せます。")
        sure = _sure_trick(reading)
        if sure is not None:
            return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出して点札を守ります。"
                                                 f"まだトリックを取っていませんが、{name(sure)}で必ず1トリック取れるので、"
                                                 f"そのときに交換して愚者を取り戻せます。")
        outlasting = _outlasting_trumps(reading)
        if outlasting is not None:
            low, count, above = outlasting
            return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出して点札を守ります。"
                                                 f"まだトリックを取っていませんが、{name(low)}以上の切札を{count}枚持っていて、"
                                                 f"{name(low)}より強い切札でまだ出ていないのは{above}枚だけなので、どれか1枚は"
                                                 f"必ずトリックを取り、そのときに交換して愚者を取り戻せます。")
        return _fool_risk(reading, card, reason, alone)
    if alone:
        return _choice(card, SPARE_TRUMPS if card.is_trump else LOSE_CHEAP,
                       f"{reason}、{name(card)}を出します。愚者のほかに出せる札はこれだけで、"
                       f"愚者は点札を守るときのために取っておきます。")
    if card.is_trump:
        return _choice(card, SPARE_TRUMPS, f"{reason}、{_weakest(card, cards)}で済ませます。")
    return _choice(card, LOSE_CHEAP, f"{reason}、いちばん安い{name(card)}を出します。")


def _fool_risk(reading: Reading, card: Card, reason: str, alone: bool) -> Choice:
    """A counter lost now for certain against the Fool, played before its player owns a trick: the Fool is
    lost only if he takes no trick afterwards (its 5 points times that chance), so a counter worth as much
    is never worth keeping at its expense, and a smaller one only while taking no trick is likely enough."""
    fool, value = reading.values[THE_FOOL], reading.values[card]
    if value >= fool:
        return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出します。"
                                             f"{name(card)}の{value}点はここで出せば確実に取られますが、愚者の{fool}点を"
                                             f"失うのは、このあと1トリックも取れなかったときだけなので、愚者を出して損はありません。")
    chance = _no_later_trick(reading, card)
    risk = "このあと1トリックも取れない見込みはほとんどありません"
    if round(10 * chance):
        lost = points(Fraction(round(100 * chance * fool), 100))
        risk = f"このあと1トリックも取れない見込みは{_tenths(chance)}、愚者で失う点は平均で約{lost}点です"
    if chance * fool < value:
        return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出して点札を守ります。"
                                             f"まだトリックを取っていませんが、{risk}。{name(card)}の{value}点を確実に"
                                             f"失うより安く済みます。")
    return _choice(card, LOSE_CHEAP, f"{reason}、{'' if alone else 'いちばん安い'}{name(card)}を出します。"
                                     f"まだ1トリックも取っていないので、ここで愚者を出すと、最後までトリックを取れなかったときに"
                                     f"愚者の{fool}点が相手のものになります。{risk}。{name(card)}の{value}点を渡すほうが安く済みます。")


def _outlasting_trumps(reading: Reading) -> tuple[Card, int, int] | None:
    """Trumps of this hand of which one must take a trick: each trump still out beats at most one of them, so
    when fewer trumps stronger than one of this hand's are out than this hand holds from the top down to it,
    they cannot all be beaten.  That trump, how many the hand holds down to it and how many stronger ones are
    out; None when there is no such trump."""
    trumps = sorted((c for c in reading.view.hand if c.is_trump), key=lambda c: -c.rank)
    for count, card in enumerate(trumps, 1):
        above = sum(1 for c in reading.unseen if c.is_trump and c.rank > card.rank)
        if above < count:
            return card, count, above
    return None


def _no_later_trick(reading: Reading, spent: Card) -> float:
    """The chance that this seat takes no trick with the rest of its hand (``spent`` and the Fool aside):
    each card, led, wins unless an opponent beats it; the cards are taken as independent (a rough guess,
    the rule of thumb's to make without playing deals out)."""
    me = reading.me
    opponents = [(me + 1) % SEATS, (me + 3) % SEATS]
    chance = 1.0
    for card in reading.view.hand:
        if card is spent or card.is_fool:
            continue
        wins = math.prod(1.0 - min(1.0, reading.beaten_by(s, card, card.suit)) for s in opponents)
        chance *= 1.0 - wins
    return chance


def _tenths(chance: float) -> str:
    """A chance of at least a twentieth in tenths as the hints say them (「約3割で」), joined to what
    follows; 「ほぼ確実で」 above nineteen twentieths."""
    tenths = round(10 * chance)
    return "ほぼ確実で" if tenths == 10 else f"約{tenths}割で"


def _weakest(card: Card, cards: list[Card]) -> str:
    """The cheapest trump said as the weakest, unless the Bagatto (weaker, but worth 5) stays in hand."""
    if BAGATTO in cards and card is not BAGATTO:
        return f"5点のバガットは出さずに、点のない切札でいちばん弱い{name(card)}"
    return f"切札はいちばん弱い{name(card)}"


def _sure_trick(reading: Reading) -> Card | None:
    """A trump of this hand that no card still out can beat: it takes a trick whenever it is played."""
    trumps = [c for c in reading.view.hand if c.is_trump]
    top = max(trumps, key=lambda c: c.rank, default=None)
    return top if top is not None and reading.is_master(top) else None


def _top_trumps(reading: Reading) -> int:
    """How many of the trumps still in play, from the top down, this hand holds (the World and the XVIII
    once XX and XIX are played, say): each leads a trick nothing out can beat."""
    held = {c.rank for c in reading.view.hand if c.is_trump}
    out = {c.rank for c in reading.unseen if c.is_trump}
    count = 0
    for rank in sorted(held | out, reverse=True):
        if rank not in held:
            break
        count += 1
    return count


def _choice(card: Card, rule: Rule, why: str) -> Choice:
    return Choice(Action("play", card), rule, why)


# --- the endgame: read the last tricks out ----------------------------------------------------

ENDGAME = 5  # cards in hand from which the deal is read out (4 weaker in duplicate, 6 not measurably stronger)
LAYOUTS = 24  # layouts of the unseen cards examined at most (every one of them when there are fewer)
NODES = 8000  # positions searched after which no further layout is begun: a decision stays within ~100 ms
HARD_NODES = 2 * NODES  # positions after which even the layout being searched is given up
BOUND = 1000  # beyond any margin of a deal


class OutOfNodes(Exception):
    """The endgame search went past ``HARD_NODES`` in the middle of a layout."""
DISCARD = SEATS  # the place of the dealer's discard among the places an unseen card may lie


class Layouts:
    """The ways the cards this seat cannot see may lie: in the other hands (sizes, voids shown, exposed
    cards still held) and, for a seat other than the dealer, in the discard (never an honour or a trump;
    the dealer's face-up cards may lie there too)."""

    def __init__(self, reading: Reading) -> None:
        view = reading.view
        self.reading = reading
        self.held = {s: cards for s, cards in reading.located.items() if s not in (reading.me, DEALER)}
        self.room = {s: view.hand_sizes[s] - len(self.held.get(s, ())) for s in range(SEATS) if s != reading.me}
        placed = set().union(*self.held.values())
        free = sorted(reading.unseen - placed, key=PACK.index)
        self.room[DISCARD] = len(free) - sum(self.room.values())
        self.where = {c: [s for s in self.room if self._may_hold(s, c)] for c in free}
        self.free = sorted(free, key=lambda c: len(self.where[c]))  # the most constrained card first

    def _may_hold(self, place: int, card: Card) -> bool:
        if place == DISCARD:
            return not is_honour(card) and not card.is_trump
        if card in self.reading.located[DEALER]:
            return place == DEALER
        return card.is_fool or card.suit not in self.reading.voids[place]

    def pick(self) -> list[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
        """Every layout when there are few, else ``LAYOUTS`` drawn with a generator seeded by the view, so
        that the same view always gives the same choice; each as the four hands and the discard."""
        if self.room[DISCARD] < 0:
            return []
        if factorial(len(self.free)) // prod(factorial(n) for n in self.room.values()) <= LAYOUTS:
            found = list(self._every(0, {s: [] for s in self.room}))
        else:
            view = self.reading.view
            found = list(self._draw(random.Random(seed_of(view))))  # the same in CPython and Pyodide
        return [self._deal(held) for held in found]

    def _every(self, i: int, held: dict[int, list[Card]]) -> Iterator[dict[int, list[Card]]]:
        if i == len(self.free):
            yield {s: list(cards) for s, cards in held.items()}
            return
        card = self.free[i]
        for place in self.where[card]:
            if len(held[place]) < self.room[place]:
                held[place].append(card)
                yield from self._every(i + 1, held)
                held[place].pop()

    def _draw(self, rng: random.Random) -> Iterator[dict[int, list[Card]]]:
        """Cards one by one, each to a place with room, as likely as the room left there."""
        drawn = 0
        for _ in range(4 * LAYOUTS):
            held: dict[int, list[Card]] = {s: [] for s in self.room}
            for card in self.free:
                places = [s for s in self.where[card] if len(held[s]) < self.room[s]]
                if not places:
                    break
                held[rng.choices(places, [self.room[s] - len(held[s]) for s in places])[0]].append(card)
            else:
                yield held
                drawn += 1
                if drawn == LAYOUTS:
                    return

    def _deal(self, held: dict[int, list[Card]]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        reading = self.reading
        hands = tuple(reading.view.hand if s == reading.me else (*held[s], *self.held.get(s, ())) for s in range(SEATS))
        return hands, (*reading.view.discard, *held[DISCARD])


Hands = tuple[tuple[int, ...], ...]  # cards as their place in the pack (``PACK.index``), for speed
Trick = tuple[tuple[int, int], ...]  # (seat, card number) in the order played
Fool = tuple[int, int] | None  # the seat that played the Fool and the side (+1/-1) that won its trick

CARDS = PACK.cards()
FOOL_N = PACK.index(THE_FOOL)
TRUMP_SUIT = len(SUITS)
SUIT_N = tuple(-1 if c.is_fool else TRUMP_SUIT if c.is_trump else SUITS.index(c.suit) for c in CARDS)
POWER = tuple(strength(c) + (1000 if c.is_trump else 0) for c in CARDS)  # order of the cards able to win


def _legal(hand: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
    """Follow suit, else trump, else anything; the Fool always."""
    led = -1
    for _, c in trick:
        if c != FOOL_N:
            led = SUIT_N[c]
            break
    if led < 0:
        return hand
    allowed = tuple(c for c in hand if SUIT_N[c] == led)
    if not allowed and led != TRUMP_SUIT:
        allowed = tuple(c for c in hand if SUIT_N[c] == TRUMP_SUIT)
    if not allowed:
        return hand
    return (*allowed, FOOL_N) if FOOL_N in hand else allowed


def _winner(trick: Trick) -> int:
    """The highest trump, else the highest card of the suit led (the Fool never wins)."""
    led, best, winner = -1, -1, -1
    for seat, card in trick:
        suit = SUIT_N[card]
        if suit < 0:
            continue
        if led < 0:
            led = suit
        if suit in (led, TRUMP_SUIT) and POWER[card] > best:
            best, winner = POWER[card], seat
    return winner


class Endgame:
    """The rest of the deal played out exactly in one layout, both sides playing for points (a deal's
    score is what adds up over the game).  A side's points are its counters' values less one each, one
    per trick it took, and one more for the discard's two odd cards (when they count); the Fool returns
    to its player's side if he takes a trick, the discard goes to the dealer's side if he took a trick,
    else to the last trick's.  Margins are this seat's side's points less the other side's; ``side`` is
    +1 for a seat of this side."""

    def __init__(self, reading: Reading) -> None:
        view = reading.view
        self.side = tuple(1 if team_of(s) == team_of(reading.me) else -1 for s in range(SEATS))
        self.net = tuple(reading.values[c] - 1 if reading.values[c] and not c.is_fool else 0 for c in CARDS)
        self.fool_net = reading.values[THE_FOOL] - 1
        self.odd = 1 if view.variant_map["odd_pair_scores"] else 0
        self.margin, self.won, self.last, self.fool = 0, 0, 0, None
        for trick in view.tricks:
            plays = tuple((s, PACK.index(c)) for s, c in trick.plays)
            self.margin, self.won, self.last, self.fool, _ = self._score(plays, self.margin, self.won, self.fool)
        self.discard_net = 0
        self.twins: dict[int, int] = {}
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}
        self.nodes = 0

    def _score(self, plays: Trick, margin: int, won: int, fool: Fool) -> tuple[int, int, int, Fool, int]:
        """A finished trick: one point and its counters to the winner's side."""
        winner = _winner(plays)
        side = self.side[winner]
        net = self.net
        margin += side * (1 + net[plays[0][1]] + net[plays[1][1]] + net[plays[2][1]] + net[plays[3][1]])
        for s, c in plays:
            if c == FOOL_N:
                fool = (s, side)
                break
        return margin, won | 1 << winner, side, fool, winner

    def final(self, margin: int, won: int, last: int, fool: Fool) -> int:
        if fool is not None:
            seat, side = fool
            margin += (self.side[seat] if won >> seat & 1 else side) * self.fool_net
        return margin + (self.side[DEALER] if won >> DEALER & 1 else last) * self.discard_net

    def start(self, hands: Iterable[Iterable[Card]], trick: Iterable[tuple[int, Card]],
              discard: Iterable[Card]) -> tuple[Hands, Trick]:
        """A new layout: its discard, its twins, a memory of positions cleared, and the hands and trick
        in the search's numbers."""
        numbers = tuple(tuple(PACK.index(c) for c in hand) for hand in hands)
        plays = tuple((s, PACK.index(c)) for s, c in trick)
        self.discard_net = sum(self.net[PACK.index(c)] for c in discard) + self.odd
        self.twins = _twins(numbers, plays, self.net)
        self.memo.clear()
        return numbers, plays

    def play(self, hands: Hands, trick: Trick, seat: int, card: Card) -> int:
        return self._after(hands, trick, seat, PACK.index(card), self.margin, self.won, self.last, self.fool,
                           -BOUND, BOUND)

    def _after(self, hands: Hands, trick: Trick, seat: int, card: int, margin: int, won: int, last: int,
               fool: Fool, alpha: int, beta: int) -> int:
        held = hands[seat]
        at = held.index(card)
        hands = (*hands[:seat], held[:at] + held[at + 1:], *hands[seat + 1:])
        trick = (*trick, (seat, card))
        if len(trick) < SEATS:
            return self._value(hands, trick, (seat + 1) % SEATS, margin, won, last, fool, alpha, beta)
        margin, won, last, fool, winner = self._score(trick, margin, won, fool)
        return self._between(hands, winner, margin, won, last, fool, alpha, beta)

    def _between(self, hands: Hands, leader: int, margin: int, won: int, last: int, fool: Fool,
                 alpha: int, beta: int) -> int:
        """A position between tricks: the last trick plays itself; others are remembered with the bounds
        found so far, since the same position comes up through many orders of play."""
        if len(hands[leader]) <= 1:
            if hands[leader]:
                trick = tuple((s % SEATS, hands[s % SEATS][0]) for s in range(leader, leader + SEATS))
                margin, won, last, fool, _ = self._score(trick, margin, won, fool)
            return self.final(margin, won, last, fool)
        key = (hands, leader, margin, won, last, fool)
        low, high = self.memo.get(key, (-BOUND, BOUND))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        value = self._value(hands, (), leader, margin, won, last, fool, alpha, beta)
        self.memo[key] = (low, value) if value <= alpha else (value, high) if value >= beta else (value, value)
        return value

    def _value(self, hands: Hands, trick: Trick, seat: int, margin: int, won: int, last: int, fool: Fool,
               alpha: int, beta: int) -> int:
        """Alpha-beta inside a trick: this seat's side takes its best, the other side the worst for it;
        of two twin cards only one is tried."""
        self.nodes += 1
        if self.nodes > HARD_NODES:
            raise OutOfNodes
        ours = self.side[seat] > 0
        best = -BOUND if ours else BOUND
        tried = set()
        twins = self.twins
        # ``_after`` unrolled: this node's hand, the hands around it and the next seat are the same for
        # every card tried (the search spends its time in these few lines).
        held, before, beyond = hands[seat], hands[:seat], hands[seat + 1:]
        ends_trick, following = len(trick) + 1 == SEATS, (seat + 1) % SEATS
        for card in _legal(held, trick):
            twin = twins.get(card, card)
            if twin in tried:
                continue
            tried.add(twin)
            at = held.index(card)
            left = (*before, held[:at] + held[at + 1:], *beyond)
            played = (*trick, (seat, card))
            if ends_trick:
                scored = self._score(played, margin, won, fool)
                value = self._between(left, scored[4], *scored[:4], alpha, beta)
            else:
                value = self._value(left, played, following, margin, won, last, fool, alpha, beta)
            if ours:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            elif value < best:
                best = value
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best


def _twins(hands: Hands, trick: Trick, net: tuple[int, ...]) -> dict[int, int]:
    """Cards of one hand that play alike: the same suit and value with no card still in play between them
    (a lower twin stands for the higher one)."""
    live = [c for h in hands for c in h if c != FOOL_N] + [c for _, c in trick if c != FOOL_N]
    live.sort(key=lambda c: (SUIT_N[c], POWER[c]))
    holder = {c: s for s, h in enumerate(hands) for c in h}
    twins: dict[int, int] = {}
    for low, high in pairwise(live):
        if SUIT_N[low] == SUIT_N[high] and holder.get(low, -1) == holder.get(high, -2) and net[low] == net[high]:
            twins[high] = twins.get(low, low)
    return twins


def _read_out(reading: Reading, choice: Choice) -> Choice | None:
    """With at most ``ENDGAME`` cards left, play the rest out in each layout of the unseen cards and pick
    the card with the best total margin; ``None`` when the rule of thumb's card does as well."""
    view = reading.view
    options = [a.card for a in view.legal if a.card is not None]
    if len(view.hand) > ENDGAME or len(options) < 2:
        return None
    layouts = Layouts(reading).pick()
    if not layouts:
        return None
    search = Endgame(reading)
    margins = {card: 0 for card in options}
    count = 0
    for hands, discard in layouts:
        if search.nodes >= NODES:
            break
        numbers, trick = search.start(hands, ((p.seat, p.card) for p in view.trick), discard)
        try:
            found = {card: search.play(numbers, trick, reading.me, card) for card in options}
        except OutOfNodes:  # a layout too wide to finish within the budget is left out
            break
        count += 1
        for card in options:
            margins[card] += found[card]
    if not count:
        return None
    best = max(options, key=lambda c: (margins[c], -PACK.index(c)))
    usual = choice.action.card
    if usual is None or margins[usual] == margins[best]:
        return None
    gain = points(Fraction(margins[best] - margins[usual], 2 * count))
    read = (f"札の分かれ方を{count}通り調べて最後まで読むと" if count > 1 else
            "札の分かれ方のうち、考えられる1通りで最後まで読むと")  # the budget ran out after one: no average
    return _choice(best, READ_OUT, f"残り{len(view.hand)}トリックの{read}、{name(usual)}より{name(best)}を出すほうが、"
                                   f"このチームの点が{'平均で' if count > 1 else ''}約{gain}点多くなります。")


def choose(view: LombardiaView) -> Choice:
    """The bot's decision for the seat whose view this is (only among ``view.legal``)."""
    if view.phase == "monte":
        return _monte(view)
    if view.phase == "discard":
        return _discard(view)
    if view.phase == "exchange":
        return _exchange(view)
    return _play(view)


def _sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    return ((0, 2), (1, 3))


def _side_name(seat: int, variants: Variants) -> str:
    return TEAM_NAMES[team_of(seat)]


BOT = Bot(game=GAME, view=view_of, choose=choose, rules=RULES, sides=_sides, side_name=_side_name,
          bench_variants={})
