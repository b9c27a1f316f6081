"""オットーチェントのコンピュータ: a partnership player built from named rules of thumb.

It reads only an ``OttocentoView``.  Before the play it keeps a hand whose expected margin (a table
measured offline by tools/coach/ottocento_tables.py) is not negative, lays away
(as dealer) a suit the two discards can empty (a void its trumps use), else the court cards it could not
defend without breaking a combination, and declares every
combination it holds, since declared points are safe.  In the play it estimates from the cards
seen, the declared cards still in hand and the voids shown the chance that an opponent still to
play beats a card (``Reading.hold``), and decides as a teacher would: cash sure winners, win as
cheaply as possible, give counters to a trick the partner is winning, lose with the cheapest card,
keep the Matto to save a 5-point card or a combination card.  It gives the signals (busso, volo,
striscio) where their meaning under the table's variant fits its lead and reads its partner's: it
plays high to a knock, returns the partner's suit, leads a suit the partner is out of, leads a blank
card to the King (or best card) the partner has declared, and leads trumps when asked.  Where these rules
are least sure (following with the Matto, the last tricks, a suit winner or the master trump first) it
plays the candidates out in imagined deals (``worlds``) and keeps the rule's card unless another
does clearly better.  Every choice names its rule and says in Japanese why, for the coach.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from ...cards import SUITS, TRUMP, Card
from ...chances import TrickChances
from ...game import Action, Variants, VariantValue
from ...policy import FORCED, LEAD_CHEAP, SHORT_SUIT, Bot, Choice, Rule, forced, short_lead, take_words
from ...search import Budget, Coach, choose_by_search, points
from . import tables
from .combos import Combo, combination_cards, combination_total, combinations, doubled
from .rules import (
    BAGATTO,
    DISCARDS,
    GAME,
    KINGS,
    MATTO,
    NAME,
    NAMING,
    PACK,
    SEATS,
    SIDE_NAMES,
    STRENGTH,
    TEAM_OF,
    VALUE,
)
from .view import OttocentoView, view_of
from .worlds import pile_combinations, value, voids, world

KEEP = Rule("戦える手は遊ぶ",
            "切札の枚数・点札・手役から、遊んだときに相手側との点差がどうなりそうかを見積もり、"
            "大きく負けそうな手でなければモンテに反対してそのまま遊びます。")
THROW_IN = Rule("見込みの悪い手は流す",
                "遊ぶと相手側より大きく点が少なくなりそうな手（上回れるのが4回に1回ほどの手）なら、モンテに賛成します"
                "（流れたディールはどちらも0点です）。")
DISCARD_SECURE = Rule("守れない絵札は捨て札に",
                      "短いスートのクイーン・カバロ・ジャックは、捨て札にして自分の側の点として確保します。")
DISCARD_VOID = Rule("捨て札でスートを切らす",
                    "役に入らない短いスートの安い札を捨ててそのスートを切らし、切札で勝てるようにします。")
DECLARE_ALL = Rule("手役はすべて申告", "手役は申告すれば確実に点になるので、持っている役はすべて申告します。")
BUSSO = Rule("ブッソを添える", "パートナーに強い札を出してほしいリードには、ブッソを添えて知らせます。")
VOLO = Rule("ヴォーロを添える", "そのスートの最後の1枚をリードするときは、ヴォーロを添えてパートナーに知らせます。")
STRISCIO = Rule("ストリッショを添える",
                "切札が多いときの切札のリード（ダメットの記述）や、まだ同じスートがあるリード（大会ルール）に添えます。")
ANSWER_BUSSO = Rule("ブッソにはいちばん強い札",
                    "パートナーがブッソを添えてリードしたら、そのスートでいちばん強い札を出します。")
RETURN_LEAD = Rule("合図のスートを返す", "パートナーが合図で求めたスートは、リードが回ってきたら返します。")
PARTNER_RUFF = Rule("パートナーに切らせる",
                    "パートナーが持っていないスート（ヴォーロや出した札でわかります）をリードして、切札で取ってもらいます。")
LEAD_TO_PARTNER = Rule("パートナーの強いスートへ",
                       "パートナーが手役で見せた札がそのスートで残っているいちばん強い札なら、そのスートの点のない札を"
                       "リードしてパートナーに取ってもらい、リードを回します。返してもらう必要はないので合図は添えません。")
LEAD_TRUMPS = Rule("切札を引き出す",
                   "パートナーのストリッショや強い切札の列があるときは、切札をリードして相手の切札を引き出します。")
CASH = Rule("勝ち札を先に取る", "そのスートで残っているいちばん強い札は、切られないうちにリードして取ります。")
LEAD_SHORT = Rule("短いスートから切らす",
                  "勝ち札がなければ、いちばん短いスートの安い札からリードして、早くそのスートを切らします。")
WIN_CHEAPLY = Rule("安く勝つ", "勝てるトリックは、勝てる札のうちいちばん安い札で取り、強い札は温存します。")
FEED = Rule("味方に点札を渡す", "パートナーが勝つトリックには、点札や役になる札を出して自分の側の取り札にします。")
MATTO_SAVES = Rule("マットで大事な札を守る",
                   "キングやベガトのような5点の札や、相手側の取り札で役になる札を取られるしかないときは、"
                   "代わりにマットを出して守ります。0点の札のためには使わず、リードにも使いません。")
SPARE_TRUMPS = Rule("切札を無駄にしない",
                    "切札を出すしかなくても勝てないときや勝つ必要がないときは、いちばん安い切札で済ませます。")
LOSE_CHEAP = Rule("負けるなら安い札", "勝てないトリックや勝たなくてよいトリックには、いちばん安い札を出します。")
PAY_BLANK = Rule("マットの支払いは0点の札", "マットの代わりに渡す札は、取り札のうち役に入らない0点の札を選びます。")
MATTO_LAST = Rule("マットを最後まで残さない",
                  "マットは最後のトリックでは勝てません。残りがマットといちばん強い切札の2枚なら、"
                  "先にマットをリードして、最後のトリック（6点）を切札で取ります。")
READ_AHEAD = Rule("先を読んで選ぶ",
                  "終盤やマットの使いどころ、切られるかもしれない勝ち札といちばん強い切札のどちらを先に出すかでは、"
                  "見えていない札の配られ方をいくつも想像して最後まで打ってみて、平均の点がいちばん多くなる札を選びます。")
RULES = (KEEP, THROW_IN, DISCARD_SECURE, DISCARD_VOID, DECLARE_ALL, FORCED, BUSSO, VOLO, STRISCIO, ANSWER_BUSSO,
         RETURN_LEAD, PARTNER_RUFF, LEAD_TO_PARTNER, LEAD_TRUMPS, CASH, LEAD_SHORT, LEAD_CHEAP, WIN_CHEAPLY, FEED,
         MATTO_SAVES, SPARE_TRUMPS, LOSE_CHEAP, PAY_BLANK, MATTO_LAST, READ_AHEAD)

MONTE_BELOW = -200  # an expected margin this low (about one deal in four won) is worth throwing in
BAND = 50  # the monte table counts the deals won per band of this many points of the estimate
MATTO_WORTH = 5  # what a card must cost the side when the opponents take it for the Matto to be spent on it
SAFE = 0.5  # a chance of holding the trick worth playing for: the opponents seldom have the better card
PARTNER_SAFE = 0.55  # a partner's card this likely to hold is worth a counter
# Search where it paid in duplicate play against the rules of thumb alone (each case measured on its own):
ENDGAME = 3  # cards in hand from which every card is checked by search (the last three tricks)
MATTO_SEARCH = 6  # cards in hand from which following with the Matto is checked by search
BUDGET = Budget(worlds=8, steps=2400)
STRONG_TRUMPS = 6  # a hand with the master trump and this many trumps draws the opponents' trumps


def _worth(card: Card) -> int:
    """What a card is worth in a side's tricks: its points, and more for the cards the captured
    combinations are made of (figures, Aces, Moors, the Grande's top trumps)."""
    if card is BAGATTO:  # 5 points, a tarocco and a wild card in every sequence of the pile
        return 15
    if card.is_trump:  # the Moors and the head of the Grande make combinations; 16..5 score nothing
        return VALUE[card] + (3 if card.rank <= 5 or card.rank >= 18 else 0)
    if card.is_fool or card.is_court:
        return VALUE[card] + 3
    return 3 if card.rank == 1 else 0


WORTH: dict[Card, int] = {card: _worth(card) for card in PACK.cards()}
PLAY_MATTO = Action("play", MATTO)
# The cards some combination can use: every trump (the Grande, the Moors), the Matto, courts and Aces.
COMBO_CARDS = frozenset(c for c in PACK.cards() if c.is_trump or c.is_fool or c.is_court or c.rank == 1)
SIGNAL_WORDS = {"busso": "ブッソ", "volo": "ヴォーロ", "striscio": "ストリッショ"}
KIND_WORDS = {"cricca": "クリッケ", "sequence": "シークエンス"}  # the kinds whose points double at three


def name(card: Card) -> str:
    return NAME[card]


def suit_name(suit: str) -> str:
    return NAMING.suit_name(suit)


def combo_args(view: OttocentoView) -> tuple[int, bool]:
    """The combination switches of the table: contatori in a suit sequence, Moors after the Grande's 5."""
    variants = view.variant_map
    return int(variants["suit_wilds"]), bool(variants["grande_moors"])



def beats(card: Card, best: Card) -> bool:
    """Whether ``card``, played after ``best`` (the card winning so far), takes the trick: a later Moor
    beats an earlier one."""
    if card.is_trump:
        return not best.is_trump or STRENGTH[card] >= STRENGTH[best]
    return card.suit == best.suit and not best.is_trump and STRENGTH[card] > STRENGTH[best]


def cheapest(cards: Iterable[Card], length: dict[str, int]) -> Card:
    """The card that costs least to give away: worth least to the taker, a plain card before a trump, from the
    shortest suit (towards a void), the weakest."""
    return min(cards, key=lambda c: (WORTH[c], c.is_trump, length.get(c.suit, 0), STRENGTH[c], PACK.index(c)))


def lengths(hand: Iterable[Card]) -> dict[str, int]:
    counts = dict.fromkeys((*SUITS, TRUMP), 0)
    for card in hand:
        if not card.is_fool:
            counts[card.suit] += 1
    return counts


class Reading(TrickChances):
    """What one seat knows in the play: the cards still out, where declared cards lie, the voids shown,
    the trick so far and the partner's signals."""

    def __init__(self, view: OttocentoView) -> None:
        self.view = view
        self.length = lengths(view.hand)
        played = {play.card for trick in view.tricks for play in trick.plays} | {p.card for p in view.trick}
        unseen = set(PACK.cards()) - played - set(view.hand) - set(view.discard)
        located: dict[int, set[Card]] = {s: set() for s in range(SEATS)}
        for seat, cards in enumerate(view.declared):
            if seat != view.seat:
                located[seat] = {c for c in cards if c in unseen}
        super().__init__(PACK, beats, view.seat, TEAM_OF, view.hand_sizes, unseen, located, voids(view),
                         view.trick)
        for trick in view.tricks:
            if trick.leader == self.partner and "volo" in trick.signals:
                self._note_volo(trick.plays)
        self.args = combo_args(view)
        self.piles = self._piles()
        self._bases: dict[int, int] = {}

    def _piles(self) -> tuple[set[Card], set[Card]]:
        """The cards each side has taken so far (this seat's side first), with the trick on the table
        counted for the side now winning it; a Matto stays with its player's side, and the dealer knows
        his discards are his side's."""
        ours: set[Card] = set(self.view.discard)
        theirs: set[Card] = set()
        mine = TEAM_OF[self.me]
        for trick in self.view.tricks:
            for seat, card in trick.plays:
                side = TEAM_OF[seat] if card is MATTO else TEAM_OF[trick.winner]
                (ours if side == mine else theirs).add(card)
        if self.best is not None:
            (ours if TEAM_OF[self.best[0]] == mine else theirs).update(c for _, c in self.view.trick)
        return ours, theirs

    def gain(self, card: Card, to_partner: bool) -> int:
        """What ``card`` adds to the pile of the side that takes this trick: its points and the points
        of the combinations it completes there."""
        if card not in COMBO_CARDS:
            return VALUE[card]
        side = 0 if to_partner else 1
        pile = self.piles[side]
        if side not in self._bases:
            self._bases[side] = pile_combinations(frozenset(pile), self.args)
        return VALUE[card] + pile_combinations(frozenset(pile | {card}), self.args) - self._bases[side]

    def _note_volo(self, plays: tuple[tuple[int, Card], ...]) -> None:
        """The partner's volo: the card he led was his last of its suit."""
        lead = next((card for seat, card in plays if card is not MATTO and seat == self.partner), None)
        if lead is not None and not lead.is_trump:
            self.voids[self.partner].add(lead.suit)

    def partner_signals(self) -> list[tuple[str, str]]:
        """(signal, suit led) of the partner's signalled leads, the latest first."""
        found = []
        for trick in reversed(self.view.tricks):
            lead = next((card for _, card in trick.plays if card is not MATTO), None)
            if trick.leader == self.partner and lead is not None:
                found += [(signal, lead.suit) for signal in trick.signals]
        return found


# --- monte, discard, declarations, the Matto's payment ---------------------------------------

def monte_features(hand: Iterable[Card], variants: Mapping[str, VariantValue]) -> tuple[int, int, int]:
    """What a seat weighs when asked to throw the deal in: its trumps (the Matto not counted), the points
    of its counters at face value, and the points of the combinations it can declare."""
    cards = list(hand)
    args = int(variants["suit_wilds"]), bool(variants["grande_moors"])
    return (sum(1 for c in cards if c.is_trump), sum(VALUE[c] for c in cards),
            combination_total(combinations(cards, *args)))


def outlook(view: OttocentoView) -> tuple[Fraction, int]:
    """The expected margin of the seat's side if the deal is played (its score less the other side's),
    and the percentage of such deals the side wins: the table measured by tools/coach/ottocento_tables.py."""
    features = monte_features(view.hand, view.variant_map)
    weights = (tables.TRUMPS, tables.COUNTERS, tables.COMBINATIONS)
    estimate = Fraction(tables.SEAT[view.seat] + sum(w * f for w, f in zip(weights, features, strict=True)), 100)
    band = max(-5, min(5, math.floor(estimate / BAND))) * BAND
    nearest = min(tables.WON, key=lambda b: (abs(b - band), b))
    return estimate, tables.WON[nearest]


def _monte(view: OttocentoView) -> Choice:
    """Throw the deal in only when playing it is expected to cost the side a lot: a thrown-in deal scores
    nothing for either side.  A hand somewhat below even is still played: a deal's margin spreads over
    hundreds of points, such a side still comes out ahead three to five times in ten, and throwing in
    every hand below even gives away deals against weaker opponents, who may agree to anything."""
    trumps, counters, combos = monte_features(view.hand, view.variant_map)
    estimate, won = outlook(view)
    hand = f"切札{trumps}枚、点札の点が合わせて{counters}点、手役{combos}点のこの手なら、遊んだときの見込みは平均で"
    tenths = (won + 5) // 10
    odds = f"このような手の側が相手側を上回るのは約{tenths}割です"
    if estimate < MONTE_BELOW:
        return Choice(Action("monte"), THROW_IN,
                      f"{hand}相手側より約{points(-estimate)}点少なく、{odds}。大きく負けそうな手なので、"
                      "流れたほうが得です。モンテに賛成します（4人全員が賛成したときだけ流れます）。")
    if estimate < 0:
        return Choice(Action("keep"), KEEP,
                      f"{hand}相手側より約{points(-estimate)}点少ないのですが、このような手の側が上回ることも"
                      f"約{tenths}割あります。流すのは見込みが約{-MONTE_BELOW}点以上少ない手だけにして、"
                      "モンテには反対して遊びます。")
    return Choice(Action("keep"), KEEP,
                  f"{hand}相手側より約{points(estimate)}点多く、{odds}。遊ぶほうが得なので、モンテには反対します。")


def _discard(view: OttocentoView) -> Choice:
    """Keep every card of a combination the hand will declare; then lay away a court card of a short
    suit without its King (it scores for the dealer's side for sure), else the cheapest card of the
    shortest suit, towards a void that lets the trumps win."""
    args = combo_args(view)
    options = [a.card for a in view.legal if a.card is not None]
    worth = combination_total(combinations(view.hand, *args))
    spare = [c for c in options if combination_total(combinations([h for h in view.hand if h is not c], *args))
             == worth] or options
    length = lengths(view.hand)
    voidable = _voidable(view, spare, length)
    courts = [c for c in spare if c.is_court and length[c.suit] <= 3 and KINGS[c.suit] not in view.hand]
    if voidable:
        courts = [c for c in courts if c.suit in voidable]
        spare = courts or [c for c in spare if c.suit in voidable]
    if courts:
        card = max(courts, key=lambda c: (WORTH[c], -length[c.suit], -PACK.index(c)))
        return Choice(Action("discard", card), DISCARD_SECURE,
                      f"{suit_name(card.suit)}は{length[card.suit]}枚しかなくキングもないので、"
                      f"{name(card)}を捨て札にして点を確保します。")
    card = min(spare, key=lambda c: (VALUE[c], c.is_trump, length[c.suit], STRENGTH[c], PACK.index(c)))
    return Choice(Action("discard", card), DISCARD_VOID, _void_words(view, card, spare))


def _voidable(view: OttocentoView, spare: list[Card], length: dict[str, int]) -> set[str]:
    """The suits the discards left can empty, every card of them outside the combinations, in a hand with
    trumps: a void lets the trumps take that suit's leads (and its counters), which is worth more than banking
    a court of a suit kept (measured in ottocento-discard: cups emptied rather than the Jack of batons laid
    away, +41 ± 11 points of margin over 200 imagined deals)."""
    if not length[TRUMP]:
        return set()
    left = DISCARDS - len(view.discard)
    return {s for s in SUITS if 0 < length[s] <= left and all(c in spare for c in view.hand if c.suit == s)}


def _void_words(view: OttocentoView, card: Card, spare: list[Card]) -> str:
    """Why this cheap card is laid away, as far as it is true: 「切らす」 only when the discards left can
    empty its suit (its other cards may be laid away too), 「短い」 only for a suit of three cards or fewer,
    else the shortest suit among the blank cards outside the combinations."""
    if card.is_trump:  # chosen only when no card of a suit is both blank and outside the combinations
        return f"役に入らない0点の札が切札しかないので、弱い{name(card)}を捨てます。"
    suit, rest = suit_name(card.suit), [c for c in view.hand if c.suit == card.suit and c is not card]
    if not rest:
        ruff = f"し、{suit}のリードを切札で取れるようにします" if any(c.is_trump for c in view.hand) else "します"
        return f"{name(card)}は手札でただ1枚の{suit}なので、捨ててこのスートを切ら{ruff}。"
    if len(rest) < DISCARDS - len(view.discard) and all(c in spare for c in rest):
        return f"{suit}は{len(rest) + 1}枚だけなので、役に入らない{name(card)}を捨ててこのスートを切らしにいきます。"
    if len(rest) < SHORT_SUIT:
        return (f"{suit}は{len(rest) + 1}枚と短いので、役に入らない{name(card)}を捨てて、"
                "このスートを早く切らせるようにします。")
    return f"役に入らない0点の札のうち、いちばん短い{suit}（{len(rest) + 1}枚）から{name(card)}を捨てます。"


def _declare(view: OttocentoView) -> Choice:
    """Declared points are the side's whatever happens in the play: show them all."""
    found = combinations(view.hand, *combo_args(view))
    listed = "、".join(f"{c.name}（{c.value}点）" for c in found)
    total = combination_total(found)
    if any(a.kind == "declare" for a in view.legal):
        worth = f"で合わせて{total}点になる{_doubling(found)}" if len(found) > 1 else "がある"
        return Choice(Action("declare"), DECLARE_ALL, f"{listed}{worth}ので、手役をすべて申告して点を確保します。")
    return Choice(Action("done"), DECLARE_ALL, f"{listed}の札はもう見せたので、申告を終えます。")


def _doubling(found: list[Combo]) -> str:
    """The doubling that makes the total more than the listed points add up to (three or more of a kind)."""
    kinds = [f"{word}が3つ以上で2倍" for kind, word in KIND_WORDS.items() if doubled(found, kind)]
    return f"（{'、'.join(kinds)}）" if kinds else ""


def _give(view: OttocentoView) -> Choice:
    """Pay for the Matto with a blank card outside every combination the side's cards now make."""
    options = [a.card for a in view.legal if a.card is not None]
    known = [*options, *view.discard, MATTO]
    used = set(combination_cards(known, *combo_args(view)))
    card = min(options, key=lambda c: (c in used, VALUE[c], c.is_trump, STRENGTH[c], PACK.index(c)))
    if VALUE[card] or card in used:
        why = f"取り札に役に入らない0点の札がないので、いちばん損の少ない{name(card)}をマットの代わりに渡します。"
    else:
        why = f"役に入らない0点の{name(card)}を、マットの代わりに相手側へ渡します。"
    return Choice(Action("give", card), PAY_BLANK, why)


# --- trick play ----------------------------------------------------------------------------

def _play(view: OttocentoView) -> Choice:
    only = forced(view.legal, len(view.hand), name)
    if only is not None:
        return only
    reading = Reading(view)
    cards = [a.card for a in view.legal if a.kind == "play" and a.card is not None and a.card is not MATTO]
    if reading.best is not None:
        return _follow(reading, cards)
    # The last card of the hand may still carry a signal, so the FORCED check above misses it: say it is the only one.
    lead = forced([a for a in view.legal if a.kind == "play"], len(view.hand), name) or \
        _matto_before_last(reading, cards) or _lead(reading, cards)
    # Signals go with a lead card, never after a Matto lead; a lead to the partner's master asks nothing of him.
    if view.trick or lead.action.card is MATTO or lead.rule is LEAD_TO_PARTNER:
        return lead
    return _signal(reading, lead) or lead


def _matto_before_last(reading: Reading, cards: list[Card]) -> Choice | None:
    """With the Matto and the master trump as the last two cards, lead the Matto now: kept to the last
    trick, it could not win it, while the master trump takes the last trick whoever leads it."""
    if len(reading.view.hand) != 2 or len(cards) != 1 or MATTO not in reading.view.hand:
        return None
    other = cards[0]
    if not (other.is_trump and reading.is_master(other)):
        return None
    return _choice(MATTO, MATTO_LAST, f"残りは{name(other)}とマットの2枚で、{name(other)}はいま残っているいちばん強い"
                                      f"切札です。マットを先にリードすれば、最後のトリック（6点）を{name(other)}で取れます。")


def _lead(reading: Reading, cards: list[Card]) -> Choice:
    """Cash the most valuable sure winner; then answer the partner's signals, draw trumps with a strong
    run, or empty a short suit."""
    masters = [c for c in cards if not c.is_trump and reading.is_master(c) and reading.hold(c) >= SAFE]
    if masters:
        card = max(masters, key=lambda c: (VALUE[c], reading.hold(c), -PACK.index(c)))
        return _choice(card, CASH, f"{name(card)}は{suit_name(card.suit)}で残っているいちばん強い札なので、"
                                   f"切られないうちにリードして取ります。")
    for find in (_partner_ruff, _returned, _to_partner, _trump_lead):
        found = find(reading, cards)
        if found is not None:
            return found
    plain = [c for c in cards if not c.is_trump and not WORTH[c]] or \
        [c for c in cards if not c.is_trump and not VALUE[c]]
    if plain:
        return _lead_short(reading, plain)
    return _lead_last_resort(reading, cards)


def _lead_short(reading: Reading, plain: list[Card]) -> Choice:
    """The cheapest card of the shortest suit holding a blank card (else an Ace), towards a void.  A shorter suit
    of courts only (and Aces) is passed over, and the hint says so: 「いちばん短い」 alone would be false."""
    length = reading.length
    suit = min({c.suit for c in plain}, key=lambda s: (length[s], SUITS.index(s)))
    card = cheapest((c for c in plain if c.suit == suit), length)
    action, count = Action("play", card), length[suit]
    if not any(0 < length[s] < count for s in SUITS):
        only = all(length[s] == 0 for s in SUITS if s != suit)
        trumps = any(c.is_trump for c in reading.view.hand)
        tied = any(s != suit and length[s] == count for s in SUITS)
        return short_lead(action, LEAD_SHORT, suit_name(suit), count, name(card), only, trumps=trumps, tied=tied)
    where = f"{'絵札' if WORTH[card] else '絵札とA'}しかないスートを除くと、"
    tied = any(c.suit != suit and length[c.suit] == count for c in plain)
    return short_lead(action, LEAD_SHORT, suit_name(suit), count, name(card), False, where, tied=tied)


def _lead_last_resort(reading: Reading, cards: list[Card]) -> Choice:
    """No sure winner in a suit and no blank suit card: lead the card cheapest to lose.  If that is the master
    trump, it is no loss: it takes the trick, and the hint says so."""
    reason = "スートの札が残っていないので" if all(c.is_trump for c in cards) else \
        "スートには確実に取れる札も点のない札もないので"
    choice = _lose(reading, cards, reason, leading=True)
    card = choice.action.card
    if card is not None and card.is_trump and reading.is_master(card):
        return _choice(card, CASH, f"{name(card)}はいま残っているいちばん強い切札なので、"
                                   "リードしてこのトリックを取ります。")
    return choice


def _partner_ruff(reading: Reading, cards: list[Card]) -> Choice | None:
    """A blank card of a suit the partner is out of (while he may still trump)."""
    partner = reading.partner
    if TRUMP in reading.voids[partner]:
        return None
    ruffs = [c for c in cards if not c.is_trump and not VALUE[c] and c.suit in reading.voids[partner]]
    if not ruffs:
        return None
    card = cheapest(ruffs, reading.length)
    return _choice(card, PARTNER_RUFF, f"パートナーは{suit_name(card.suit)}を持っていないので、"
                                       f"{name(card)}をリードして切札で取ってもらいます。")


def _to_partner(reading: Reading, cards: list[Card]) -> Choice | None:
    """A blank card of a suit whose strongest card (stronger than this seat's too) the partner has declared and
    still holds: he takes the trick and leads next.  Not where an opponent has shown a void and may trump it.
    Among such suits the one he showed most cards of, then this seat's shortest (towards a void)."""
    partner = reading.partner
    opponents = [s for s in range(SEATS) if TEAM_OF[s] != TEAM_OF[reading.me]]
    tops = {}
    for top in reading.located[partner]:
        suit = top.suit
        own = [c for c in reading.view.hand if c.suit == suit]
        if top.is_trump or top.is_fool or not reading.is_master(top) or any(beats(c, top) for c in own) \
                or any(suit in reading.voids[s] and TRUMP not in reading.voids[s] for s in opponents):
            continue
        if any(c.suit == suit and not WORTH[c] for c in cards):
            tops[suit] = top
    if not tops:
        return None
    count = {s: sum(1 for c in reading.located[partner] if c.suit == s) for s in tops}
    suit = min(tops, key=lambda s: (-count[s], reading.length[s], SUITS.index(s)))
    card = cheapest((c for c in cards if c.suit == suit and not WORTH[c]), reading.length)
    return _choice(card, LEAD_TO_PARTNER, f"パートナーは手役で{name(tops[suit])}を見せていて、これが{suit_name(suit)}で"
                                          f"残っているいちばん強い札です。{name(card)}をリードしてパートナーに取って"
                                          "もらい、リードを回します。")


def _returned(reading: Reading, cards: list[Card]) -> Choice | None:
    """The lowest card of the suit the partner asked for: knocked in (busso), or said he still holds
    (striscio under the tournament rules)."""
    asking = {"busso"} if reading.view.variant_map["signals"] == "dummett" else {"busso", "striscio"}
    for signal, suit in reading.partner_signals():
        own = [c for c in cards if c.suit == suit]
        if signal in asking and suit != TRUMP and own:
            card = cheapest(own, reading.length)
            return _choice(card, RETURN_LEAD, f"パートナーが{SIGNAL_WORDS[signal]}を添えてリードした"
                                              f"{suit_name(suit)}を、{name(card)}で返します。")
    return None


def _trump_lead(reading: Reading, cards: list[Card]) -> Choice | None:
    """Lead trumps when the partner slid a trump lead (striscio, Dummett) or with the master trump in a long run."""
    trumps = [c for c in cards if c.is_trump]
    if not trumps:
        return None
    top = max(trumps, key=STRENGTH.__getitem__)
    asked = reading.view.variant_map["signals"] == "dummett" and \
        any(signal == "striscio" and suit == TRUMP for signal, suit in reading.partner_signals())
    strong = reading.is_master(top) and len(trumps) >= STRONG_TRUMPS
    if not asked and not strong:
        return None
    card = top if reading.is_master(top) else cheapest(trumps, reading.length)
    reason = "パートナーがストリッショで切札のリードを求めたので" if asked else \
        f"いちばん強い{name(top)}を含めて切札が{len(trumps)}枚あるので"
    return _choice(card, LEAD_TRUMPS, f"{reason}、{name(card)}をリードして相手の切札を引き出します。")


def _signal(reading: Reading, lead: Choice) -> Choice | None:
    """The next signal this lead deserves and has not yet had (busso, volo, striscio in that order)."""
    card = lead.action.card
    assert card is not None
    offered = {a.kind for a in reading.view.legal}
    wanted = _wanted_signals(reading, card)
    for signal, why in wanted:
        if signal in offered and signal not in reading.view.signals:
            rule = {"busso": BUSSO, "volo": VOLO, "striscio": STRISCIO}[signal]
            return Choice(Action(signal), rule, why)
    return None


def _wanted_signals(reading: Reading, card: Card) -> list[tuple[str, str]]:
    """Which signals fit leading ``card`` under the table's meanings, each with its reason: none with the
    deal's last card (no trick is left to act on it), and no return asked of a partner who has shown he
    lacks the suit."""
    if len(reading.view.hand) == 1:
        return []
    rest = [c for c in reading.view.hand if c.suit == card.suit and c is not card]
    trumps = reading.length[TRUMP] - card.is_trump
    wanted = []
    if reading.view.variant_map["signals"] == "dummett":
        if card.is_trump:
            if len(rest) >= STRONG_TRUMPS - 2:
                wanted.append(("striscio", f"{name(card)}のほかに切札が{len(rest)}枚あるので、ストリッショを添えて"
                                           "パートナーにも切札をリードしてもらいます。"))
            return wanted
        if not rest and trumps and card.suit not in reading.voids[reading.partner]:
            wanted.append(("busso", f"{name(card)}は{suit_name(card.suit)}の最後の1枚ですが、返してもらえば"
                                    "切札で取れるので、ブッソとヴォーロで返してほしいと伝えます。"))
        elif len(rest) >= 2 and any(c.is_court for c in rest) and not reading.is_master(card) \
                and card.suit not in reading.voids[reading.partner]:
            courts = "・".join(name(c) for c in rest if c.is_court)
            wanted.append(("busso", f"手元にまだ{courts}があるので、ブッソを添えて"
                                    "パートナーにいちばん強い札を出して返してもらいます。"))
    elif card.is_trump or not _tournament_ready(reading, card.suit):
        return wanted
    elif not reading.is_master(card) and not any(c.is_court for c in rest):
        wanted.append(("busso", f"{suit_name(card.suit)}で勝てる札がないので、ブッソを添えて"
                                "パートナーにいちばん良い札を出してもらいます。"))
    if not rest:
        wanted.append(("volo", f"{name(card)}は{suit_name(card.suit)}の最後の1枚なので、ヴォーロを添えて"
                               "パートナーに知らせます。"))
    elif reading.view.variant_map["signals"] == "accademia" and len(rest) >= 2:
        wanted.append(("striscio", f"{suit_name(card.suit)}はまだ{len(rest)}枚あるので、ストリッショを添えて"
                                   "パートナーに知らせます。"))
    return wanted


def _tournament_ready(reading: Reading, suit: str) -> bool:
    """Tournament rule: a suit lead carries signals only once its King is out, or all the trumps."""
    king_out = KINGS[suit] not in reading.unseen and KINGS[suit] not in reading.view.hand
    trumps_out = not any(c.is_trump for c in reading.unseen)
    return king_out or trumps_out


def _follow(reading: Reading, cards: list[Card]) -> Choice:
    """Answer a knock, feed a partner who holds the trick, else take it with the cheapest likely winner,
    else lose cheaply."""
    assert reading.best is not None
    seat, best = reading.best
    answer = _answer_busso(reading, cards)
    if answer is not None:
        return answer
    if seat == reading.partner and reading.hold(best) >= PARTNER_SAFE:
        gifts = [c for c in cards if WORTH[c] > 1 and not (c.is_trump and c.rank > 5)]
        if gifts:
            card = max(gifts, key=lambda c: (reading.gain(c, True) + WORTH[c], -STRENGTH[c], -PACK.index(c)))
            return _choice(card, FEED, _feed_words(best, card))
        return _lose(reading, cards, f"パートナーの{name(best)}が勝ちそうなので")
    winners = sorted((c for c in cards if beats(c, best)), key=_win_order)
    winner = next((c for c in winners if reading.hold(c) >= SAFE), None)
    if winner is not None:
        return _choice(winner, WIN_CHEAPLY, _win_words(reading, cards, winners, winner))
    return _lose(reading, cards, "このトリックは勝てそうにないので")


def _feed_words(best: Card, card: Card) -> str:
    """A counter given to the partner's trick; one stronger than his card (a Moor or the Bégato on his King, when
    void) takes the trick itself, which the hint must say rather than 「渡します」."""
    kind = "点札" if VALUE[card] else "役になる札"
    head = f"パートナーの{name(best)}が勝ちそうなトリックなので、{kind}の{name(card)}を"
    if beats(card, best):
        return (f"{head}出して自分の側の取り札にします。{name(card)}はパートナーの札より強いので、"
                "自分で取ることになります。")
    return f"{head}渡します。"


def _win_words(reading: Reading, cards: list[Card], winners: list[Card], winner: Card) -> str:
    """Why this winner: the only card that beats the trick, or the cheapest likely to hold (naming the cheaper ones a
    later player would likely beat), or the Bégato, safe only in a trick it wins; over the partner's card, first why
    his card is not left to win (he is likely to be beaten, or no legal card is lower)."""
    assert reading.best is not None
    seat, best = reading.best
    cheaper = [name(c) for c in winners[:winners.index(winner)]]
    if winner is BAGATTO and len(winners) > 1 and not cheaper:
        tail = (f"{name(best)}にはベガトで勝てます。5点のベガトはいちばん弱い切札なので、"
                "勝てるときに使って自分の側に入れます。")
    else:
        tail = take_words(name(best), name(winner), cheaper, len(winners) == 1)
    if seat != reading.partner:
        return tail
    if len(winners) == len(cards):
        return f"パートナーの{name(best)}より弱い札は出せないので、自分の札で取りにいきます。{tail}"
    return f"パートナーの{name(best)}はあとの人に上回られるおそれがあるので、自分で取りにいきます。{tail}"


def _answer_busso(reading: Reading, cards: list[Card]) -> Choice | None:
    """The partner knocked on his lead: play the highest card of the suit, unless an opponent has
    already trumped it."""
    lead = next((play for play in reading.view.trick if play.card is not MATTO), None)
    if lead is None or lead.seat != reading.partner or "busso" not in reading.view.signals:
        return None
    assert reading.best is not None
    own = [c for c in cards if c.suit == lead.card.suit]
    if not own or (reading.best[0] != reading.partner and reading.best[1].is_trump and not lead.card.is_trump):
        return None
    card = max(own, key=lambda c: (STRENGTH[c], -PACK.index(c)))
    if WORTH[card] and not (beats(card, reading.best[1]) and reading.hold(card) >= SAFE):
        return None
    if len(own) == 1:  # 「いちばん強い」 would praise a card that was the only one of the suit
        return _choice(card, ANSWER_BUSSO, f"パートナーがブッソを添えてリードしました。持っている"
                                           f"{suit_name(card.suit)}は{name(card)}だけなので、これを出します。")
    return _choice(card, ANSWER_BUSSO, f"パートナーがブッソを添えてリードしたので、{suit_name(card.suit)}で"
                                       f"いちばん強い{name(card)}を出します。")


def _win_order(card: Card) -> tuple[int, int]:
    """Cheapest winner first: the Bagatto (winning saves its 5 points), then plain cards, then trumps upwards."""
    return (0 if card is BAGATTO else 1 + card.is_trump, STRENGTH[card])


def _lose(reading: Reading, cards: list[Card], reason: str, leading: bool = False) -> Choice:
    """Give the cheapest card; but when even that card is a 5-point card or completes a combination in
    the opponents' pile, follow with the Matto instead.  The Matto saves one card only once, so it is
    kept for such a card (never for a 0-point trump) and never led: a led card is not lost yet."""
    partner_wins = reading.best is not None and reading.best[0] == reading.partner
    card = cheapest(cards, reading.length) if partner_wins else \
        min(cards, key=lambda c: (reading.gain(c, False) + WORTH[c], c.is_trump, reading.length.get(c.suit, 0),
                                  STRENGTH[c], PACK.index(c)))
    loss = 0 if partner_wins or leading else reading.gain(card, False)
    if loss >= MATTO_WORTH and any(a.card is MATTO for a in reading.view.legal):
        return _choice(MATTO, MATTO_SAVES, f"{reason}、{_saved_words(card, loss)}")
    trumps_only = all(c.is_trump for c in cards)  # 「切札を無駄にしない」 only when a trump must be played
    return _choice(card, SPARE_TRUMPS if trumps_only else LOSE_CHEAP,
                   f"{reason}、{_cheap_words(reading, cards, card, trumps_only, partner_wins)}")


def _saved_words(card: Card, loss: int) -> str:
    """What the Matto saves: a 5-point card, or the points the card would add to the opponents' combinations."""
    if loss == VALUE[card]:
        return f"{VALUE[card]}点の{name(card)}を取られる代わりにマットを出して守ります。"
    points = f"（{VALUE[card]}点）" if VALUE[card] else ""
    return (f"{name(card)}{points}を取られると相手側の出来役が{loss - VALUE[card]}点分増えます。"
            "代わりにマットを出して守ります。")


def _cheap_words(reading: Reading, cards: list[Card], card: Card, trumps_only: bool, partner_wins: bool) -> str:
    """The card given up, said truthfully.  「いちばん安い」 only when no card of lower face value (nor a weaker trump
    of the same value) is kept; such a card is kept because it makes combinations, and the hint names it.  Beside the
    Matto alone, the Matto is what is kept."""
    others = [c for c in cards if c is not card]
    looks = [c for c in others if VALUE[c] < VALUE[card]
             or (VALUE[c] == VALUE[card] and c.is_trump and card.is_trump and STRENGTH[c] < STRENGTH[card])]
    label = "いちばん安い" if others and not looks else ""
    given = f"切札は{label}{name(card)}で済ませます。" if trumps_only else f"{label}{name(card)}を出します。"
    if not others:
        return f"{given}マットは5点の札や役になる札を守るために残します。"
    if not looks:
        return given
    why = "相手側に取られると役になる" if not partner_wins and all(reading.gain(c, False) > VALUE[c] for c in looks) \
        else "役に使える札な"
    return f"{given}{'、'.join(map(name, looks))}は{why}ので残します。"


def _choice(card: Card, rule: Rule, why: str) -> Choice:
    return Choice(Action("play", card), rule, why)


def rule_of_thumb(view: OttocentoView) -> Choice:
    """The decision of the rules of thumb alone (never searching): the playout policy of the search."""
    phase = {"monte": _monte, "discard": _discard, "declare": _declare, "give": _give}.get(view.phase, _play)
    return phase(view)


COACH = Coach(view=view_of, rules=rule_of_thumb, world=world, value=value)


def choose(view: OttocentoView) -> Choice:
    """The bot's decision for the seat whose view this is (only among ``view.legal``): the rule of thumb,
    checked by search where it pays (``_searched``)."""
    found = rule_of_thumb(view)
    if view.phase != "play" or found.action.kind != "play":
        return found
    return _searched(view, found)


def _searched(view: OttocentoView, found: Choice) -> Choice:
    """Where the rules of thumb are least sure, play the candidates out in imagined deals: whether to
    follow with the Matto (it saves only one card, once), and every card of the last tricks (few cards
    left, so short playouts read the end exactly enough), and with few cards left whether a suit winner or the
    master trump is cashed first.  A lead already signalled keeps its card."""
    plays = [a for a in view.legal if a.kind == "play"]
    if len(plays) < 2 or (not view.trick and view.signals):
        return found
    if len(view.hand) <= ENDGAME:
        candidates = plays
    elif PLAY_MATTO in plays and view.trick and len(view.hand) <= MATTO_SEARCH:
        candidates = [PLAY_MATTO, found.action]
    elif found.rule is CASH and len(view.hand) <= MATTO_SEARCH and (trump := _master_trump(view)) is not None:
        candidates = [Action("play", trump), found.action]
    else:
        return found
    # The search's value is this side's points less the other side's (the combinations captured in the
    # piles make the two sides' sum depend on the play), so the hint speaks of that difference.
    return choose_by_search(COACH, view, view.seat, candidates, found, READ_AHEAD, _card_words, BUDGET,
                            whose="相手側との点差で見ると、")


def _master_trump(view: OttocentoView) -> Card | None:
    """The strongest trump still out when it is this seat's and the opponents may still hold trumps: leading it
    first draws their trumps, which a suit winner cashed first may meet (measured in ottocento-trumps: the master
    trump before the Queen of cups, +64 ± 5 points of margin over 200 imagined deals).  Which comes first, the
    search decides."""
    reading = Reading(view)
    trumps = [c for c in view.hand if c.is_trump]
    if not trumps or not any(c.is_trump for c in reading.unseen - reading.located[reading.partner]):
        return None
    top = max(trumps, key=STRENGTH.__getitem__)
    return top if reading.is_master(top) else None


def _card_words(action: Action) -> str:
    assert action.card is not None
    return name(action.card)


def _sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    return ((0, 2), (1, 3))


def _side_name(seat: int, variants: Variants) -> str:
    return SIDE_NAMES[TEAM_OF[seat]]


BOT = Bot(game=GAME, view=view_of, choose=choose, rules=RULES, sides=_sides, side_name=_side_name,
          bench_variants={})
