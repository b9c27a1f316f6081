"""ロンブルのコンピュータ: a declarer or defender built from named rules of thumb.

It reads only an ``LHombreView``.  In the auction it estimates the tricks each trump suit would
bring (matadors, trump length, kings, voids) and how safe its cards are in a nolo, and bids only a
contract its hand can make, taking over with セルフ when it may.  As declarer it lays away short
suits and low cards, draws trumps and cashes its winners, plays for the slam only when the rest is
sure and surrenders a hopeless hand; as defender it leaves a partner's winning trick alone and takes
the declarer's tricks as cheaply as it can.  From the cards played and the suits not followed it
estimates the chance that a seat still to play beats a card (``Reading.beaten``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...cards import FRENCH_SUITS, KING, QUEEN, SUITS, TRUMP, Card, Pack
from ...game import Action, Variants
from ...policy import Bot, Choice, Rule
from .rules import (
    BASTA,
    BY_WORD,
    CONTRACTS,
    GAME,
    SEAT_NAMES,
    SPADILLE,
    SUITINGS,
    Contract,
    Suiting,
    plain_order,
)
from .view import LHombreView, view_of

BID_GAME = Rule("切札の力で申告", "切札の枚数・マタドール・キング・ボイドから取れるトリックを数え、"
                                 "勝てる見込みのある契約だけを申告します。")
BID_NOLO = Rule("低い札ばかりならノロ", "どのスートも低い札ばかりで、トリックを取らずにすみそうなときだけ"
                                       "ノロを申告します。")
SELF = Rule("セルフで引き取る", "優先順位が上なら、自分でも勝てる契約はセルフで引き取り、"
                               "上位の契約に上げずにすませます。")
PASS = Rule("勝てない契約は申告しない", "今の契約より上位で勝てる見込みのある契約がなければパスし、"
                                       "相手側で戦います。")
KEEP = Rule("落札した契約で遊ぶ", "落札した契約は勝てる見込みで選んだものなので、引き上げずにそのまま遊びます。")
NAME_TRUMP = Rule("いちばん強いスートを切札に", "切札にしたとき取れるトリックがいちばん多いスートを"
                                               "切札に指定します。")
EXCHANGE = Rule("短いスートと低い札を替える", "切札とキングを残し、短いスートの低い札から捨てて、"
                                             "タロンから新しい札を引きます。")
NOLO_EXCHANGE = Rule("ノロは危ない札を替える", "ノロでは、トリックを取ってしまいそうな高い札を捨てて、"
                                              "タロンの札に替えます。")
SURRENDER = Rule("望みのない手は降伏", "大失敗になりそうな手なら、最初の札を出す前に降伏して、"
                                      "失敗の支払いですませます。")
VOLE = Rule("確実ならスラム", "最初の5トリックを続けて取り、残りの札がどれも確実に勝てるときだけ"
                             "スラムを狙います。")
STOP = Rule("確実でなければ止める", "残りのトリックに1つでも負けるおそれがあれば、"
                                   "5トリックで止めて成功を確定させます。")
DRAW_TRUMPS = Rule("切札を抜く", "デクレアラーは残っている中でいちばん強い切札をリードして、"
                                "相手の切札を先になくします。")
CASH = Rule("勝ち札を先に取る", "残っている中でいちばん強い札は、切られないうちにリードしてトリックにします。")
LEAD_LOW = Rule("低い札でリード", "確実な勝ち札がなければ、相手がまだ持っているスートの低い札をリードして、"
                                 "強い札は残します。")
SUPPORT = Rule("味方の勝ちを奪わない", "相手側では、味方が勝っているトリックには低い札を出し、"
                                      "強い札はデクレアラーとの勝負に残します。")
WIN_CHEAPLY = Rule("安く勝つ", "勝てるトリックは、勝てる札のうちいちばん安い札で取り、強い札は温存します。")
LOSE_CHEAP = Rule("負けるなら安い札", "勝てないトリックには、短いスートの低い札を出し、切札とキングは残します。")
NOLO_DUCK = Rule("ノロは下をくぐる", "ノロのデクレアラーは、場のいちばん強い札より下の札のうち、"
                                    "なるべく高い札を出してトリックを避けます。")
NOLO_SHED = Rule("危ない札から捨てる", "ノロで勝負に関係のない札を出すときは、"
                                      "あとでトリックを取りそうな高い札から捨てます。")
NOLO_ATTACK = Rule("ノロのデクレアラーに取らせる", "ノロの相手側は、低い札でリードしたり"
                                                  "デクレアラーの札の下をくぐったりして、"
                                                  "デクレアラーにトリックを取らせます。")
RULES = (BID_GAME, BID_NOLO, SELF, PASS, KEEP, NAME_TRUMP, EXCHANGE, NOLO_EXCHANGE, SURRENDER, VOLE, STOP,
         DRAW_TRUMPS, CASH, LEAD_LOW, SUPPORT, WIN_CHEAPLY, LOSE_CHEAP, NOLO_DUCK, NOLO_SHED, NOLO_ATTACK)

PACK = Pack.LHOMBRE40.cards()
EXCHANGE_GAIN = 0.25  # tricks a card laid away is worth on average when the talon replaces it
NEEDED = {"simple": 5.5, "spade": 5.5, "tourne": 5.5, "grand-tourne": 5.5, "solo": 6.0, "spade-solo": 6.0}
NOLO_UNSAFE = {"simple-nolo": 1, "pure-nolo": 1, "nolo-ouvert": 0}  # dangerous cards a nolo bid allows
SURRENDER_BELOW = 3.0  # estimated tricks under which a trump contract ends in codille
SAFE = 0.5  # a chance of holding the trick worth playing for
PARTNER_SAFE = 0.7  # a partner's card this likely to hold needs no help


def name(card: Card, trump: str) -> str:
    return SUITINGS[trump].naming.name(card)


def suit_word(suit: str) -> str:
    return "切札" if suit == TRUMP else FRENCH_SUITS[suit]


def card_choice(card: Card, rule: Rule, why: str) -> Choice:
    return Choice(Action("play", card), rule, why)


# --- judging a hand ---------------------------------------------------------------------------

def _trump_value(position: int) -> float:
    """A trump's trick value by its place in the trump order: matadors are sure, the next two good."""
    return 1.0 if position < 3 else 0.8 if position < 5 else 0.55


def game_tricks(hand: Iterable[Card], trump: str) -> float:
    """The tricks ``hand`` should take with ``trump`` as trumps: trumps by rank and length, kings
    (better when the queen backs them), and voids or singletons a trump can ruff."""
    s = SUITINGS[trump]
    cards = list(hand)
    trumps = sorted((c for c in cards if s.suit_of[c] == TRUMP), key=s.strength.__getitem__, reverse=True)
    top = len([c for c in s.suit_of if s.suit_of[c] == TRUMP])
    estimate = sum(_trump_value(top - s.strength[c]) for c in trumps) + 0.4 * max(0, len(trumps) - 4)
    for suit in SUITS:
        plain = [c for c in cards if s.suit_of[c] == suit]
        ranks = {c.rank for c in plain}
        if KING in ranks:
            estimate += 0.85 + (0.5 if QUEEN in ranks else 0.0)
        elif QUEEN in ranks and len(plain) >= 2:
            estimate += 0.3
        if len(trumps) >= 3 and len(plain) <= 1 and KING not in ranks:
            estimate += 0.4 if not plain else 0.2
    return estimate


def junk(hand: Iterable[Card], trump: str) -> list[Card]:
    """The cards a trump declarer lays away: plain cards other than kings and a queen beside her
    king, the shortest suits first (towards voids), low before high."""
    s = SUITINGS[trump]
    cards = list(hand)
    length = {suit: sum(1 for c in cards if s.suit_of[c] == suit) for suit in SUITS}
    kings = {c.suit for c in cards if s.suit_of[c] != TRUMP and c.rank == KING}
    keep = [c for c in cards if s.suit_of[c] == TRUMP or c.rank == KING or (c.rank == QUEEN and c.suit in kings)]
    rest = [c for c in cards if c not in keep]
    return sorted(rest, key=lambda c: (length[c.suit], SUITS.index(c.suit), s.strength[c]))


def with_exchange(hand: Iterable[Card], trump: str) -> float:
    cards = list(hand)
    return game_tricks(cards, trump) + EXCHANGE_GAIN * len(junk(cards, trump))


@cache
def _below(card: Card) -> int:
    """How many cards of its suit lie below ``card`` in the nolo order."""
    order = plain_order(card.suit, True)
    return len(order) - 1 - order.index(card)


def nolo_unsafe(hand: Iterable[Card]) -> list[Card]:
    """The cards that may be forced to take a trick in a nolo, most dangerous first: in each suit
    the i-th lowest card is safe while at most 2i + 1 cards of the suit lie below it."""
    unsafe = []
    for suit in SUITS:
        mine = sorted((c for c in hand if c.suit == suit), key=_below)
        unsafe += [c for i, c in enumerate(mine) if _below(c) > 2 * i + 1]
    return sorted(unsafe, key=lambda c: (-_below(c), SUITS.index(c.suit)))


def best_suit(hand: Iterable[Card], exchange: bool) -> tuple[str, float]:
    """The trump suit with the most tricks (ties: spades, clubs, hearts, diamonds)."""
    cards = list(hand)
    measure = with_exchange if exchange else game_tricks
    return max(((suit, measure(cards, suit)) for suit in SUITS), key=lambda p: (p[1], -SUITS.index(p[0])))


def makes(contract: Contract, hand: tuple[Card, ...]) -> tuple[bool, str]:
    """Whether the hand can make ``contract``, and the reason in words."""
    if contract.nolo:
        unsafe = nolo_unsafe(hand)
        names = "、".join(name(c, "") for c in unsafe)
        if len(unsafe) > NOLO_UNSAFE[contract.word]:
            return False, f"{names}がトリックを取ってしまいそうなので"
        if unsafe and contract.declarer_exchanges:
            return True, f"危ない札は{names}だけで、交換で捨てられるので"
        if unsafe:
            return True, f"危ない札は{names}の1枚だけなので"
        return True, "どのスートも低い札ばかりでトリックを取らずにすみそうなので"
    if contract.trumps == "turned":
        tricks = sum(with_exchange(hand, suit) for suit in SUITS) / len(SUITS)
        aces = sum(1 for c in hand if c in (SPADILLE, BASTA))
        text = f"黒いAが{aces}枚あり、どのスートが切札になっても平均{tricks:.1f}トリック取れる見込みなので"
    else:
        suit = "S" if contract.trumps == "S" else best_suit(hand, contract.declarer_exchanges)[0]
        measure = with_exchange if contract.declarer_exchanges else game_tricks
        tricks = measure(hand, suit)
        s = SUITINGS[suit]
        trumps = sum(1 for c in hand if s.suit_of[c] == TRUMP)
        matadors = sum(1 for c in hand if c in s.matadors)
        text = (f"{FRENCH_SUITS[suit]}が切札なら切札{trumps}枚・マタドール{matadors}枚で、"
                f"約{tricks:.1f}トリック取れる見込みなので")
    return tricks >= NEEDED[contract.word], text


# --- the auction ------------------------------------------------------------------------------

def _bid(view: LHombreView) -> Choice:
    """セルフ on a contract the hand can make, else the lowest such contract allowed, else pass."""
    words = {a.kind for a in view.legal}
    if "self" in words and view.bid is not None:
        ok, reason = makes(view.bid, view.hand)
        if ok:
            return Choice(Action("self"), SELF, f"{reason}、{view.bid.name}をセルフで引き取ります。")
    for word in BY_WORD:
        contract = BY_WORD[word]
        if word in words:
            ok, reason = makes(contract, view.hand)
            if ok:
                return Choice(Action(word), BID_NOLO if contract.nolo else BID_GAME,
                              f"{reason}、{contract.name}を申告します。")
    standing = view.bid
    if standing is None:
        return Choice(Action("pass"), PASS, "勝てる見込みのある契約がないので、パスして相手側で戦います。")
    blocked = next((c for c in CONTRACTS if c.rank == standing.rank and c is not standing
                    and makes(c, view.hand)[0]), None)
    if blocked is not None:
        return Choice(Action("pass"), PASS, f"{blocked.name}なら勝てそうですが、{standing.name}と同じ強さなので"
                                            f"申告できません。ほかに勝てる契約がないので、パスします。")
    return Choice(Action("pass"), PASS, f"{standing.name}より上位で勝てる見込みのある契約がないので、パスします。")


def _announce(view: LHombreView) -> Choice:
    return Choice(Action("keep"), KEEP, f"勝てる見込みで選んだ{view.contract.name}のまま遊びます。")


def _name_trump(view: LHombreView) -> Choice:
    suit, tricks = best_suit(view.hand, view.contract.declarer_exchanges)
    trumps = sum(1 for c in view.hand if SUITINGS[suit].suit_of[c] == TRUMP)
    return Choice(Action(f"trump{suit}"), NAME_TRUMP,
                  f"{FRENCH_SUITS[suit]}を切札にすると切札が{trumps}枚になり、約{tricks:.1f}トリック取れる見込みで、"
                  f"どのスートよりも多いからです。")


# --- the exchange -----------------------------------------------------------------------------

def _exchange(view: LHombreView) -> Choice:
    """Lay away, one card at a time, the plan made from the hand as it was before this turn."""
    before = (*view.hand, *view.laid_away)
    nolo, trump = view.contract.nolo, view.trump
    plan = nolo_unsafe(before) if nolo else junk(before, trump)
    rule = NOLO_EXCHANGE if nolo else EXCHANGE
    discards = {a.card for a in view.legal if a.kind == "discard"}
    if not plan and view.seat == view.declarer and view.pending == 0 and Action("draw") not in view.legal:
        s = SUITINGS[trump]  # the minimum exchange: the weakest card
        card = max(before, key=_below) if nolo else min(before, key=lambda c: (s.suit_of[c] == TRUMP, s.strength[c]))
        return Choice(Action("discard", card), rule, f"少なくとも1枚は交換するので、いちばん役に立たない"
                                                     f"{name(card, trump)}を捨てます。")
    for card in plan:
        if card in discards:
            return Choice(Action("discard", card), rule, _discard_why(card, before, trump, nolo))
    if not view.pending:
        return Choice(Action("draw"), rule, "替えたい札がないので、交換せずに手札のままで遊びます。")
    return Choice(Action("draw"), rule, f"替えたい札を{view.pending}枚捨てたので、タロンから{view.pending}枚引きます。")


def _discard_why(card: Card, before: tuple[Card, ...], trump: str, nolo: bool) -> str:
    s, named = SUITINGS[trump], name(card, trump)
    if nolo:
        return f"{named}はトリックを取ってしまいそうなので、捨ててタロンの札に替えます。"
    length = sum(1 for c in before if s.suit_of[c] == s.suit_of[card])
    if length <= 2:
        return f"{suit_word(card.suit)}は{length}枚と短いので、{named}を捨ててタロンの札に替え、ボイドを目指します。"
    return f"{named}は切札でもキングでもなくトリックになりにくいので、捨ててタロンの札に替えます。"


# --- what the play has shown ------------------------------------------------------------------

@cache
def misses(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include none of ``wanted`` given ones."""
    chance = 1.0
    for i in range(min(drawn, pool)):
        if pool - wanted - i <= 0:
            return 0.0
        chance *= (pool - wanted - i) / (pool - i)
    return chance


class Reading:
    """What one seat knows in the play: the cards still unseen, the suits each seat has shown it
    lacks, a nolo-ouvert declarer's cards, the trick so far and the role of every seat."""

    def __init__(self, view: LHombreView) -> None:
        self.view, self.me = view, view.seat
        self.s: Suiting = SUITINGS[view.trump]
        self.declarer = view.declarer
        self.partner = 3 - self.me - self.declarer if self.me != self.declarer else -1
        played = {p.card for t in view.tricks for p in t.plays} | {p.card for p in view.trick}
        self.played = played
        self.unseen = [c for c in PACK if c not in played and c not in view.hand and c not in view.laid_away
                       and c not in view.exposed]
        self.voids: dict[int, set[str]] = {seat: set() for seat in range(3)}
        for plays in (*(t.plays for t in view.tricks), view.trick):
            lead = self.s.suit_of[plays[0].card] if plays else ""
            for seat, card in plays[1:]:
                if self.s.suit_of[card] != lead:
                    self.voids[seat].add(lead)
        self.best = None
        for play in view.trick:
            if self.best is None or self.beats(play.card, self.best.card):
                self.best = play
        self.led = self.s.suit_of[view.trick[0].card] if view.trick else None
        self.after = [(self.me + i) % 3 for i in range(1, 3 - len(view.trick))]

    def suit(self, card: Card) -> str:
        return self.s.suit_of[card]

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` would take the trick from ``best`` (the card winning it so far)."""
        own, other = self.suit(card), self.suit(best)
        if own == other:
            return self.s.strength[card] > self.s.strength[best]
        return own == TRUMP

    def possible(self, seat: int, suit: str) -> list[Card]:
        """Unseen cards of ``suit`` that ``seat`` may hold (a shown nolo-ouvert hand exactly; a seat
        that did not answer a trump lead may still hold its privileged matadors)."""
        if self.view.exposed and seat == self.declarer:
            return [c for c in self.view.exposed if self.suit(c) == suit]
        cards = [c for c in self.unseen if self.suit(c) == suit]
        if suit in self.voids[seat]:
            return [c for c in cards if c in self.s.matadors] if suit == TRUMP else []
        return cards

    def holds(self, seat: int, cards: list[Card]) -> float:
        """The chance that ``seat`` holds at least one of ``cards``."""
        if not cards:
            return 0.0
        if self.view.exposed and seat == self.declarer:
            return 1.0
        return 1.0 - misses(len(self.unseen), len(cards), self.view.hand_sizes[seat])

    def beaten(self, seat: int, card: Card) -> float:
        """The chance that ``seat`` beats ``card``: with a higher card of its suit, or by trumping a
        plain suit he lacks (trumping is never a duty, but a player who wants the trick does it)."""
        suit, led = self.suit(card), self.led or self.suit(card)
        higher = [c for c in self.possible(seat, suit) if self.s.strength[c] > self.s.strength[card]]
        if suit == TRUMP and led == TRUMP:
            return self.holds(seat, higher)
        lacks = 1.0 - self.holds(seat, self.possible(seat, led))
        if suit == TRUMP:
            return lacks * self.holds(seat, higher)
        return self.holds(seat, higher) + lacks * self.holds(seat, self.possible(seat, TRUMP))

    def hold(self, card: Card, against: Iterable[int] | None = None) -> float:
        """The chance that ``card`` wins the trick against the seats still to play (or ``against``)."""
        chance = 1.0
        for seat in self.after if against is None else against:
            if seat != self.partner:
                chance *= max(0.0, 1.0 - self.beaten(seat, card))
        return chance

    def is_master(self, card: Card) -> bool:
        """No unseen card beats ``card`` inside its suit."""
        suit, strength = self.suit(card), self.s.strength
        return not any(strength[c] > strength[card] for c in self.unseen if self.suit(c) == suit)

    def length(self, suit: str) -> int:
        return sum(1 for c in self.view.hand if self.suit(c) == suit)


# --- the declarer's decisions before and during the play ---------------------------------------

def _surrender(view: LHombreView) -> Choice | None:
    """Give up a contract that is lost before it starts (a codille costs more than the surrender)."""
    if not any(a.kind == "surrender" for a in view.legal):
        return None
    contract = view.contract
    if contract.nolo:
        unsafe = nolo_unsafe(view.hand)
        if len(unsafe) >= 3:
            names = "、".join(name(c, "") for c in unsafe)
            return Choice(Action("surrender"), SURRENDER, f"{names}がトリックを取りそうで大失敗になりかねないので、"
                                                         f"降伏して{contract.name}の失敗の支払いですませます。")
        return None
    tricks = game_tricks(view.hand, view.trump)
    if tricks < SURRENDER_BELOW:
        return Choice(Action("surrender"), SURRENDER, f"約{tricks:.1f}トリックしか見込めず大失敗になりそうなので、"
                                                     f"降伏して{contract.name}の失敗の支払いですませます。")
    return None


def _vole(view: LHombreView) -> Choice:
    """Play on for all nine only when every card left is a sure winner."""
    r = Reading(view)
    unsure = [c for c in view.hand if not r.is_master(c)]
    trumps_out = [c for c in r.unseen if r.suit(c) == TRUMP]
    if not unsure and (not trumps_out or all(r.suit(c) == TRUMP for c in view.hand)):
        return Choice(Action("vole"), VOLE, "残りの札はどれもそのスートでいちばん強く、負けるトリックがないので、"
                                           "スラムを狙って続けます。")
    if unsure:
        why = f"{name(unsure[0], view.trump)}より強い札がまだ残っていて負けるおそれがあるので"
    else:
        why = f"相手にまだ切札が{len(trumps_out)}枚あり、勝ち札を切られるおそれがあるので"
    return Choice(Action("stop"), STOP, f"{why}、5トリックで止めて成功を確定させます。")


# --- trick play in a trump contract -----------------------------------------------------------

def _lead(r: Reading, cards: list[Card]) -> Choice:
    view, s, trump = r.view, r.s, r.view.trump
    own_trumps = [c for c in cards if r.suit(c) == TRUMP]
    opponents = [seat for seat in range(3) if seat != view.seat and seat != r.partner]
    out = {c for seat in opponents for c in r.possible(seat, TRUMP)}
    top = max(own_trumps, key=s.strength.__getitem__) if own_trumps else None
    if view.seat == view.declarer and top is not None and r.is_master(top):
        if out:
            return card_choice(top, DRAW_TRUMPS, f"{name(top, trump)}は残っている切札でいちばん強いので、"
                                                 f"リードして相手の切札を抜きます。")
        return card_choice(top, CASH, f"相手にはもう切札がないので、確実に勝てる{name(top, trump)}で"
                                      f"先にトリックを取ります。")
    masters = [c for c in cards if r.suit(c) != TRUMP and r.is_master(c) and r.hold(c, opponents) >= SAFE]
    if masters:
        card = max(masters, key=lambda c: (r.hold(c, opponents), s.strength[c], -PACK.index(c)))
        return card_choice(card, CASH, f"{name(card, trump)}は{suit_word(r.suit(card))}で残っている"
                                       f"いちばん強い札なので、切られないうちにリードして取ります。")
    plain = [c for c in cards if r.suit(c) != TRUMP]
    if not plain:
        low = min(cards, key=s.strength.__getitem__)
        return card_choice(low, LEAD_LOW, f"手札が切札だけなので、いちばん弱い{name(low, trump)}をリードします。")
    suits = {r.suit(c) for c in plain}
    open_suits = [x for x in suits if not any(x in r.voids[seat] for seat in opponents)] or list(suits)
    if view.seat == view.declarer:  # empty a short suit so that the trumps can ruff it
        suit = min(open_suits, key=lambda x: (r.length(x), SUITS.index(x)))
    else:  # the defenders keep to a long suit the declarer still follows
        suit = max(open_suits, key=lambda x: (r.length(x), -SUITS.index(x)))
    card = min((c for c in plain if r.suit(c) == suit), key=s.strength.__getitem__)
    return card_choice(card, LEAD_LOW, f"確実な勝ち札がないので、{suit_word(suit)}（{r.length(suit)}枚）から低い"
                                       f"{name(card, trump)}をリードします。")


def _follow(r: Reading, cards: list[Card]) -> Choice:
    assert r.best is not None
    seat, best = r.best
    trump = r.view.trump
    if seat == r.partner:
        declarer_after = r.declarer in r.after
        if not declarer_after or r.hold(best, [r.declarer]) >= PARTNER_SAFE:
            return _lose(r, cards, f"味方の{name(best, trump)}が勝ちそうなので", SUPPORT)
    winners = sorted((c for c in cards if r.beats(c, best)), key=lambda c: (r.suit(c) == TRUMP, r.s.strength[c]))
    winner = next((c for c in winners if r.hold(c) >= SAFE), None)
    if winner is not None and seat == r.partner:
        return card_choice(winner, WIN_CHEAPLY, f"味方の{name(best, trump)}はデクレアラーに負けそうなので、"
                                                f"勝てる札のうちいちばん安い{name(winner, trump)}で代わりに取ります。")
    if winner is not None:
        return card_choice(winner, WIN_CHEAPLY, f"{name(best, trump)}には{name(winner, trump)}で勝てます。"
                                                f"勝てる札のうちいちばん安い札で取り、強い札は残します。")
    return _lose(r, cards, "このトリックは勝てそうにないので", LOSE_CHEAP)


def _lose(r: Reading, cards: list[Card], reason: str, rule: Rule) -> Choice:
    """The cheapest card: no trump and no king if possible, from the shortest suit, the lowest."""
    s, trump = r.s, r.view.trump
    card = min(cards, key=lambda c: (r.suit(c) == TRUMP, r.is_master(c), c.rank == KING, r.length(r.suit(c)),
                                     s.strength[c], PACK.index(c)))
    return card_choice(card, rule, f"{reason}、いちばん安い{name(card, trump)}を出します。")


# --- trick play in a nolo ---------------------------------------------------------------------

def _nolo_declarer(r: Reading, cards: list[Card]) -> Choice:
    s = r.s
    if r.best is None:  # leading after a lost trick: the card most likely to be beaten
        card = max(cards, key=lambda c: (sum(1 for u in r.unseen if r.suit(u) == r.suit(c)
                                             and s.strength[u] > s.strength[c]), -s.strength[c], -PACK.index(c)))
        return card_choice(card, NOLO_DUCK, f"{name(card, '')}より強い札がまだ多く残っているので、これをリードして"
                                            f"ほかの人に取らせます。")
    best = r.best.card
    if any(r.suit(c) != r.led for c in cards):  # a void: shed the worst
        card = max(cards, key=lambda c: (s.strength[c] - 2 * r.length(r.suit(c)), -PACK.index(c)))
        return card_choice(card, NOLO_SHED, f"{suit_word(r.led or '')}がないので、あとでトリックを取りそうな"
                                            f"{name(card, '')}を捨てます。")
    under = [c for c in cards if s.strength[c] < s.strength[best]]
    if under:
        card = max(under, key=s.strength.__getitem__)
        return card_choice(card, NOLO_DUCK, f"{name(best, '')}より下の札のうちいちばん高い{name(card, '')}を出して、"
                                            f"トリックを避けます。")
    if r.after:
        card = min(cards, key=s.strength.__getitem__)
        return card_choice(card, NOLO_DUCK, f"どの札も{name(best, '')}より強いので、あとの人に上を出してもらえるよう"
                                            f"いちばん低い{name(card, '')}を出します。")
    card = max(cards, key=s.strength.__getitem__)
    return card_choice(card, NOLO_SHED, f"どの札を出してもこのトリックは取ってしまうので、いちばん危ない"
                                        f"{name(card, '')}をここで出します。")


def _nolo_defender(r: Reading, cards: list[Card]) -> Choice:
    s, d = r.s, r.declarer
    if r.best is None:  # lead the lowest card of a suit the declarer still holds, lower than his if shown
        def lead_key(c: Card) -> tuple[int, int, int]:
            his = r.possible(d, r.suit(c))
            under = bool(his) and all(s.strength[h] > s.strength[c] for h in his)
            return (-under, -bool(his), s.strength[c])
        card = min(cards, key=lambda c: (*lead_key(c), PACK.index(c)))
        return card_choice(card, NOLO_ATTACK, f"デクレアラーに{suit_word(r.suit(card))}の札を出させて取らせるため、"
                                              f"低い{name(card, '')}をリードします。")
    best_seat, best = r.best
    following = [c for c in cards if r.suit(c) == r.led]
    if best_seat == d and following:
        under = [c for c in following if s.strength[c] < s.strength[best]]
        if under:
            card = max(under, key=s.strength.__getitem__)
            return card_choice(card, NOLO_ATTACK, f"デクレアラーの{name(best, '')}が勝っているので、その下の"
                                                  f"{name(card, '')}を出して取らせます。")
    if d in r.after and following:
        card = min(following, key=s.strength.__getitem__)
        return card_choice(card, NOLO_ATTACK, f"デクレアラーがこのあと出すので、いちばん低い{name(card, '')}を出して"
                                              f"デクレアラーの札が上になるようにします。")
    card = max(cards, key=lambda c: (s.strength[c], -PACK.index(c)))
    reason = "このトリックはデクレアラーに取らせられないので" if following else f"{suit_word(r.led or '')}がないので"
    return card_choice(card, NOLO_SHED, f"{reason}、低い札は残して高い{name(card, '')}を出しておきます。")


def _play(view: LHombreView) -> Choice:
    surrender = _surrender(view)
    if surrender is not None:
        return surrender
    r = Reading(view)
    cards = [a.card for a in view.legal if a.card is not None]
    if view.contract.nolo:
        return _nolo_declarer(r, cards) if view.seat == view.declarer else _nolo_defender(r, cards)
    return _lead(r, cards) if r.best is None else _follow(r, cards)


def choose(view: LHombreView) -> Choice:
    """The bot's decision for the seat whose view this is (only among ``view.legal``)."""
    phase = view.phase
    if phase == "bid":
        return _bid(view)
    if phase == "announce":
        return _announce(view)
    if phase == "trump":
        return _name_trump(view)
    if phase == "exchange":
        return _exchange(view)
    if phase == "vole":
        return _vole(view)
    return _play(view)


def _sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    return ((0,), (1,), (2,))


def _side_name(seat: int, variants: Variants) -> str:
    return SEAT_NAMES[seat]


BOT = Bot(game=GAME, view=view_of, choose=choose, rules=RULES, sides=_sides, side_name=_side_name,
          bench_variants={}, bench_win="even")
