"""ロンバルディアタロットのコンピュータ: a partnership player built from named rules of thumb.

It reads only a ``LombardiaView``.  From the cards played, the face-up exposures and the voids
the players have shown, it estimates the chance that an opponent still to play beats a card
(``Reading.hold``), and decides with rules a teacher would give: cash sure winners, win as
cheaply as possible, give counters to a trick the partner is winning, lose with the cheapest
card, keep the Fool to save a counter, lead short suits to make voids, let the partner trump.
Every choice names its rule and says in Japanese why, for the coach.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...cards import SUITS, TRUMP, Card
from ...game import Action, Variants
from ...policy import Bot, Choice, Rule
from .rules import GAME, NAMING, PACK, SEATS, TEAM_NAMES, THE_FOOL, card_values, strength, team_of
from .view import LombardiaView, view_of

KEEP = Rule("戦える手は遊ぶ", "切札や点札で戦える手なら、モンテには反対してそのまま遊びます。")
THROW_IN = Rule("望みのない手は流す", "切札がほとんどなく点札も1枚もない手のときだけ、モンテに賛成します。")
DISCARD_SECURE = Rule("守れない絵札は捨て札に",
                      "短いスートの Q・カバロ・J は、捨て札にしてチームの点として確保します。")
DISCARD_VOID = Rule("捨て札でスートを切らす",
                    "短いスートの安い札を捨ててそのスートを切らし、切札で勝てるようにします。")
GIVE_BLANK = Rule("交換には点のない札", "愚者の交換では、自分の取り札から点数のない札を渡します。")
CASH = Rule("勝ち札を先に取る", "そのスートで残っているいちばん強い札は、切られないうちにリードして取ります。")
PARTNER_RUFF = Rule("パートナーに切らせる", "パートナーが持っていないスートをリードして、切札で取ってもらいます。")
RETURN_LEAD = Rule("味方のリードを返す", "パートナーがリードしたスートを返して、パートナーに取ってもらいます。")
LEAD_SHORT = Rule("短いスートから切らす",
                  "勝ち札がなければ、いちばん短いスートの安い札からリードして、早くそのスートを切らします。")
WIN_CHEAPLY = Rule("安く勝つ", "勝てるトリックは、勝てる札のうちいちばん安い札で取り、強い札は温存します。")
FEED = Rule("味方に点札を渡す", "パートナーが勝つトリックには、点札を出してチームの点にします。")
FOOL_SAVES = Rule("愚者で点札を守る", "相手に点札を渡すしかないときは、代わりに愚者を出して点札を守ります。")
SPARE_TRUMPS = Rule("切札を無駄にしない",
                    "切札を出すしかなくても勝てないときや勝つ必要がないときは、いちばん弱い切札で済ませます。")
LOSE_CHEAP = Rule("負けるなら安い札", "勝てないトリックや勝たなくてよいトリックには、いちばん安い札を出します。")
RULES = (KEEP, THROW_IN, DISCARD_SECURE, DISCARD_VOID, GIVE_BLANK, CASH, PARTNER_RUFF, RETURN_LEAD, LEAD_SHORT,
         WIN_CHEAPLY, FEED, FOOL_SAVES, SPARE_TRUMPS, LOSE_CHEAP)

SAFE = 0.5  # a chance of holding the trick worth playing for: the opponents seldom have the better card
PARTNER_SAFE = 0.7  # a partner's card this likely to hold is worth a counter
WORLD, BAGATTO = Card(TRUMP, 21), Card(TRUMP, 1)
SUIT_CARDS = {suit: tuple(c for c in PACK.cards() if c.suit == suit) for suit in (*SUITS, TRUMP)}


def name(card: Card) -> str:
    return NAMING.name(card)


def suit_name(card: Card) -> str:
    return NAMING.suit_name(card.suit)


@cache
def misses(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include none of ``wanted`` given ones."""
    chance = 1.0
    for i in range(min(drawn, pool)):
        if pool - wanted - i <= 0:
            return 0.0
        chance *= (pool - wanted - i) / (pool - i)
    return chance


def beats(card: Card, best: Card) -> bool:
    """Whether ``card`` would take the trick from ``best`` (the card winning it so far)."""
    if card.is_trump:
        return not best.is_trump or card.rank > best.rank
    return card.suit == best.suit and not best.is_trump and strength(card) > strength(best)


def cheapest(cards: Iterable[Card], values: dict[Card, int]) -> Card:
    """The card that costs least to give away: no points, a plain card before a trump, the lowest."""
    return min(cards, key=lambda c: (values[c], c.is_trump, strength(c), PACK.index(c)))


class Reading:
    """What one seat knows in the play: the cards still out, the voids shown, the exposed cards still held."""

    def __init__(self, view: LombardiaView) -> None:
        self.view = view
        self.me, self.partner = view.seat, (view.seat + 2) % SEATS
        self.values = card_values(view.variant_map)
        played = {play.card for trick in view.tricks for play in trick.plays} | {p.card for p in view.trick}
        self.unseen = set(PACK.cards()) - played - set(view.hand) - set(view.discard)
        self.located: dict[int, set[Card]] = {s: set() for s in range(SEATS)}
        for seat, card in view.exposed:
            if seat != self.me and card in self.unseen:
                self.located[seat].add(card)
        self.voids: dict[int, set[str]] = {s: set() for s in range(SEATS)}
        for plays in (*(t.plays for t in view.tricks), view.trick):
            self._note_voids(plays)
        self.pool = len(self.unseen) - sum(len(cards) for cards in self.located.values())
        self.best: tuple[int, Card] | None = None
        for seat, card in view.trick:
            if not card.is_fool and (self.best is None or beats(card, self.best[1])):
                self.best = (seat, card)
        later = [(self.me + i) % SEATS for i in range(1, SEATS - len(view.trick))]
        self.opponents_after = [s for s in later if team_of(s) != team_of(self.me)]
        self.led = next((card.suit for _, card in view.trick if not card.is_fool), None)

    def _note_voids(self, plays: Iterable[tuple[int, Card]]) -> None:
        """Not following shows a void in the suit led; not trumping either shows a void in trumps too."""
        led: str | None = None
        for seat, card in plays:
            if card.is_fool:
                continue
            if led is None:
                led = card.suit
            elif card.suit != led:
                self.voids[seat].add(led)
                if not card.is_trump:
                    self.voids[seat].add(TRUMP)

    def void(self, seat: int, suit: str) -> float:
        """The chance that ``seat`` holds no card of ``suit``."""
        if suit in self.voids[seat]:
            return 1.0
        if any(c.suit == suit for c in self.located[seat]):
            return 0.0
        out = sum(1 for c in SUIT_CARDS[suit] if c in self.unseen and not any(c in s for s in self.located.values()))
        return misses(self.pool, out, self.view.hand_sizes[seat] - len(self.located[seat]))

    def _share_above(self, card: Card) -> float:
        """The share of the cards still out in ``card``'s suit that beat it."""
        out = [c for c in SUIT_CARDS[card.suit] if c in self.unseen]
        return sum(1 for c in out if strength(c) > strength(card)) / len(out) if out else 0.0

    def beaten_by(self, seat: int, card: Card, led: str) -> float:
        """The chance that ``seat`` beats ``card``: following with one of his cards of the suit led, or
        trumping when he has none of it (the rules make him trump whenever he can)."""
        has_trump = 1.0 - self.void(seat, TRUMP)
        void = self.void(seat, led)
        if card.is_trump:
            over = has_trump * self._share_above(card)
            return over if led == TRUMP else void * over
        return (1 - void) * self._share_above(card) + void * has_trump

    def hold(self, card: Card) -> float:
        """The chance that ``card`` still wins the trick once the opponents after this seat have played."""
        led = self.led or card.suit
        chance = 1.0
        for seat in self.opponents_after:
            chance *= 1.0 - self.beaten_by(seat, card, led)
        return chance

    def is_master(self, card: Card) -> bool:
        """No card still out beats ``card`` inside its suit."""
        return not any(c in self.unseen and strength(c) > strength(card) for c in SUIT_CARDS[card.suit])


# --- monte, discard, exchange --------------------------------------------------------------

def _monte(view: LombardiaView) -> Choice:
    """Only a hand with at most two trumps and no counter at all is not worth playing."""
    values = card_values(view.variant_map)
    trumps = sum(1 for c in view.hand if c.is_trump)
    counters = sum(1 for c in view.hand if values[c])
    if trumps <= 2 and not counters:
        return Choice(Action("monte"), THROW_IN, f"切札が{trumps}枚しかなく点札も1枚もないので、モンテに賛成します。")
    return Choice(Action("keep"), KEEP,
                  f"切札が{trumps}枚、点札が{counters}枚あり、戦える手なのでモンテには反対します。")


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
    return Choice(Action("discard", card), DISCARD_VOID,
                  f"{suit_name(card)}は{length[card.suit]}枚と短いので、"
                  f"{name(card)}を捨ててこのスートを切らしにいきます。")


def _exchange(view: LombardiaView) -> Choice:
    values = card_values(view.variant_map)
    card = cheapest((a.card for a in view.legal if a.card is not None), values)
    whom = "パートナー" if view.exchange_to == (view.seat + 2) % SEATS else "相手"
    if values[card]:
        return Choice(Action("give", card), GIVE_BLANK,
                      f"取り札に点のない札がないので、いちばん安い{name(card)}を{whom}に渡して愚者を取り戻します。")
    return Choice(Action("give", card), GIVE_BLANK, f"点のない{name(card)}を{whom}に渡して愚者を取り戻します。")


# --- trick play ----------------------------------------------------------------------------

def _play(view: LombardiaView) -> Choice:
    reading = Reading(view)
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
    ruffs = [c for c in plain if c.suit in reading.voids[partner] and TRUMP not in reading.voids[partner]]
    if ruffs:
        card = cheapest(ruffs, values)
        return _choice(card, PARTNER_RUFF, f"パートナーは{suit_name(card)}を持っていないので、"
                                           f"{name(card)}をリードして切札で取ってもらいます。")
    returned = _partner_suit(reading, plain)
    if returned is not None:
        return _choice(returned, RETURN_LEAD, f"パートナーがリードした{suit_name(returned)}を、"
                                              f"{name(returned)}で返します。")
    if plain:
        length = {suit: sum(1 for c in reading.view.hand if c.suit == suit) for suit in SUITS}
        suit = min({c.suit for c in plain}, key=lambda s: (length[s], SUITS.index(s)))
        card = cheapest((c for c in plain if c.suit == suit), values)
        return _choice(card, LEAD_SHORT, f"いちばん短い{suit_name(card)}（{length[suit]}枚）から{name(card)}を"
                                         f"リードして、早くこのスートを切らします。")
    return _lose(reading, cards, "勝ち札も点のないスートの札もないので")


def _partner_suit(reading: Reading, plain: list[Card]) -> Card | None:
    """The lowest plain card of the suit the partner led last, if this seat holds one."""
    for trick in reversed(reading.view.tricks):
        lead = next((card for _, card in trick.plays if not card.is_fool), None)
        if trick.leader == reading.partner and lead is not None and not lead.is_trump:
            own = [c for c in plain if c.suit == lead.suit]
            return cheapest(own, reading.values) if own else None
    return None


def _follow(reading: Reading, cards: list[Card]) -> Choice:
    """Feed a partner who holds the trick, else take it with the cheapest likely winner, else lose cheaply."""
    assert reading.best is not None
    seat, best = reading.best
    values = reading.values
    if seat == reading.partner and reading.hold(best) >= PARTNER_SAFE:
        gifts = [c for c in cards if values[c] and c is not WORLD]
        if gifts:
            card = max(gifts, key=lambda c: (values[c], -strength(c), -PACK.index(c)))
            return _choice(card, FEED, f"パートナーの{name(best)}が勝ちそうなトリックなので、"
                                       f"点札の{name(card)}を渡します。")
        return _lose(reading, cards, f"パートナーの{name(best)}が勝ちそうなので")
    winners = sorted((c for c in cards if beats(c, best)), key=_win_order)
    winner = next((c for c in winners if reading.hold(c) >= SAFE), None)
    if winner is not None:
        return _choice(winner, WIN_CHEAPLY, f"{name(best)}には{name(winner)}で勝てます。勝てる札のうち"
                                            f"いちばん安い札で取り、強い札は温存します。")
    return _lose(reading, cards, "このトリックは勝てそうにないので")


def _win_order(card: Card) -> tuple[int, int]:
    """Cheapest winner first: the Bagatto (winning saves its 5 points), then plain cards, then trumps upwards."""
    return (0 if card is BAGATTO else 1 + card.is_trump, strength(card))


def _lose(reading: Reading, cards: list[Card], reason: str) -> Choice:
    """Give the cheapest card, or the Fool instead when that card would be a counter lost to the opponents."""
    values = reading.values
    card = cheapest(cards, values)
    partner_wins = reading.best is not None and reading.best[0] == reading.partner
    if values[card] and not partner_wins and any(a.card is THE_FOOL for a in reading.view.legal):
        return _choice(THE_FOOL, FOOL_SAVES, f"{reason}、{name(card)}を出す代わりに愚者を出して点札を守ります。")
    if card.is_trump:
        return _choice(card, SPARE_TRUMPS, f"{reason}、切札はいちばん弱い{name(card)}で済ませます。")
    return _choice(card, LOSE_CHEAP, f"{reason}、いちばん安い{name(card)}を出します。")


def _choice(card: Card, rule: Rule, why: str) -> Choice:
    return Choice(Action("play", card), rule, why)


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
