"""ロタロットのコンピュータ: a player for every phase, built from named rules of thumb.

It reads only a ``RotarotView``.  In the auction it rates its hand (trumps, the honours Sküs, Mond
and Pagat, Kings, voids) together with the widow cards a bid would bring, and raises one step at a
time up to the strongest bid that rating allows.  In the exchange it takes the widow cards with
points and power and lays away court cards of short suits (their points are the declarer's) and
cards that empty a suit.  In the play it estimates, from the cards still out and the voids shown,
the chance that a card holds the trick (``Reading.hold``): the declarer draws trumps and cashes
winners, the defenders play together (a trick a fellow defender holds gets their points), every
seat wins as cheaply as it can, keeps its Mond away from a Sküs still to come, catches a Mond with
its Sküs and keeps the Pagat for the last trick only when no other trump can be left by then.  In a
Ramsch it lays its strong cards back on the widow and ducks under the trick's best card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...cards import SUITS, TRUMP, Card
from ...game import Action, Variants
from ...policy import Bot, Choice, Rule
from ...tricks import Play
from .rules import (
    BID_WORDS,
    CARDS,
    GAME,
    HALVES,
    HONOURS,
    MOND,
    NAMING,
    PAGAT,
    SKUS,
    STRENGTH,
    SUIT,
    bid_name,
    never_discarded,
    points,
    seat_name,
    step,
)
from .view import RotarotView, view_of

BID = Rule("手の強さでビッド", "切札の枚数とスキュース・モンド・パガット、キング、切れたスートを数え、"
                           "見込みのある範囲で一番弱いビッドから1段ずつ上げます。")
SOLO = Rule("ウィドーがいらない手はソロ", "手札だけで55.5点を取れる見込みがあり、ウィドーから取りたい札がなければ、"
                                  "交換ボーナスの大きいソロまで上げます。")
PASS = Rule("弱い手はパス", "1人で3人を相手に55.5点を取る見込みがなければ、パスします。")
TAKE = Rule("ウィドーから力のある札を取る", "必ず取る札のほかは、キングや強い切札など、"
            "点になりトリックに勝てる札を選びます。")
SECURE = Rule("守りにくい絵札は捨て札に", "短いスートのクイーン・カバロ・ジャックは、"
              "捨て札にすればその点がデクレアラーのものになります。")
VOID = Rule("捨て札でスートを切らす", "短いスートの数札を捨ててそのスートを切らし、切札で勝てるようにします。")
RAMSCH_SWAP = Rule("ラムシュでは勝ちやすい札を手放す", "ウィドーの弱い札を取り、強い切札や絵札など"
                   "勝ってしまいやすい札を表向きで置きます。")
RAMSCH_KEEP = Rule("交換しなくてよい手", "ウィドーに今の手札より負けやすい札がなければ、取らずに済ませます。")
FORCED = Rule("出せる札が1枚だけ", "フォローや切札の義務で出せる札が1枚しかないときは、それを出します。")
DRAW = Rule("切札を抜く", "切札の多いデクレアラーは、切札をリードして相手の切札をなくし、"
            "あとでキングなどが切られないようにします。")
CASH = Rule("勝ち札を先に取る", "そのスートで残っている一番強い札は、切られないうちにリードして取ります。")
LEAD_SHORT = Rule("短いスートから切らす", "勝ち札がなければ、短いスートの安い札からリードして、"
                  "早くそのスートを切らします。")
WIN_CHEAPLY = Rule("安く勝つ", "勝てるトリックは、勝てる札のうち一番安い札で取り、強い札は温存します。")
FEED = Rule("味方に点を渡す", "デクレアラーでない仲間が勝つトリックには、点の高い札を出して相手側の点にします。")
LOSE_CHEAP = Rule("負けるなら安い札", "勝てないトリックには、一番点の低い札を出します"
                  "。切札を出すしかなければ一番弱い切札です。")
CATCH_MOND = Rule("スキュースでモンドを取る", "モンドが出たトリックにスキュースを出せば、"
                  "世界の崩壊で30点を受け取れます。")
GUARD_MOND = Rule("モンドを守る", "スキュースがまだ出ていないうちは、"
                  "あとの人がスキュースを出せるトリックにモンドを出しません。")
ULTIMO = Rule("パガットは最後のトリックに", "ほかの人の切札が残らないと読めるときは、"
              "パガットを最後のトリックまで残してパガットウルティモを狙います。")
PAGAT_AWAY = Rule("パガットを早めに逃がす", "最後のトリックで勝てそうにないパガットは、20点の支払いを避けるため、"
                  "勝てるトリックか仲間のトリックで先に出します。")
DUCK = Rule("ラムシュでは勝たない", "ラムシュでは、場で一番強い札より弱い札のうち一番強い札を出し、"
            "勝たずに強い札を減らします。")
HIGH = Rule("勝たされるなら高い札で", "ラムシュでどう出しても勝ってしまうなら、"
            "一番強い札で勝って、あとで勝たされにくくします。")
DUMP = Rule("点を押し付ける", "ラムシュでフォローも切札もできないときは、点の高い札をほかの人のトリックに捨てます。")
LOW_LEAD = Rule("負ける札でリード", "ラムシュでは、ほかの人に上回られやすい弱い札でリードします。")
RULES = (BID, SOLO, PASS, TAKE, SECURE, VOID, RAMSCH_SWAP, RAMSCH_KEEP, FORCED, DRAW, CASH, LEAD_SHORT, WIN_CHEAPLY,
         FEED, LOSE_CHEAP, CATCH_MOND, GUARD_MOND, ULTIMO, PAGAT_AWAY, DUCK, HIGH, DUMP, LOW_LEAD)

SAFE = 0.6  # a chance of holding the trick worth playing a winner for
FRIEND_SAFE = 0.8  # a fellow defender's card this likely to hold is worth the points of ours
ORDER = {c: i for i, c in enumerate(CARDS)}  # a fixed order breaks every tie
SUIT_CARDS = {suit: tuple(c for c in CARDS if SUIT[c] == suit) for suit in (*SUITS, TRUMP)}


def name(card: Card) -> str:
    return NAMING.name(card)


def suit_name(suit: str) -> str:
    return NAMING.suit_name(suit)


def is_trump(card: Card) -> bool:
    return SUIT[card] == TRUMP


@cache
def misses(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include none of ``wanted`` given ones."""
    chance = 1.0
    for i in range(min(drawn, pool)):
        if pool - wanted - i <= 0:
            return 0.0
        chance *= (pool - wanted - i) / (pool - i)
    return chance


def _choice(card: Card, rule: Rule, why: str, kind: str = "play") -> Choice:
    return Choice(Action(kind, card), rule, why)


# --- the auction ---------------------------------------------------------------------------------

def _worth(card: Card) -> float:
    """What a card adds to a declarer's hand: its points and its power to win a trick."""
    if card is SKUS:
        return 11.0
    if is_trump(card):
        return 4.0 + card.rank / 3 + (4 if card is MOND else 0)
    return {14: 8.0, 13: 4.0, 12: 2.5, 11: 1.5}.get(card.rank, 0.0)


# The declarer's expected card points as a sum over the features of the hand he plays with, fitted by
# least squares on bot-against-bot deals (600 per table, each declarer at bids 6, 3, 1 and Solo; R² 0.78,
# a deal's points scatter about 7 around the estimate).  With three players each hand is longer, so every
# trump counts a little less.
WEIGHTS: dict[int, dict[str, float]] = {
    4: {"trump": 3.1, "long": 2.0, "high": 1.1, "skus": 7.7, "mond": 6.6, "pagat": 3.3, "pair": 2.1, "king": 6.8,
        "queen": 2.8, "knight": 1.3, "jack": 0.7, "void": 6.6, "single": 1.8, "laid": 0.9, "solo": -1.3,
        "base": -7.7},
    3: {"trump": 2.5, "long": 1.7, "high": 0.8, "skus": 7.8, "mond": 6.5, "pagat": 2.9, "pair": 1.2, "king": 6.2,
        "queen": 3.8, "knight": 2.5, "jack": 1.3, "void": 5.9, "single": 2.4, "laid": 1.0, "solo": -1.4,
        "base": -9.1},
}
NEEDED = 58.0  # bid when the estimate is this high: about two deals in three succeed against the bot


def features(kept: list[Card], laid: list[Card], solo: bool) -> dict[str, float]:
    """What the estimate counts in the hand a declarer plays with (``kept``) and his discard (``laid``)."""
    trumps = [c.rank for c in kept if is_trump(c)]
    lengths = [sum(1 for c in kept if c.suit == suit) for suit in SUITS]
    courts = [c.rank for c in kept if c.suit in SUITS and c.is_court]
    return {"trump": len(trumps), "long": max(0, len(trumps) - 8), "high": sum(15 <= r <= 20 for r in trumps),
            "skus": SKUS in kept, "mond": MOND in kept, "pagat": PAGAT in kept, "pair": SKUS in kept and MOND in kept,
            "king": courts.count(14), "queen": courts.count(13), "knight": courts.count(12), "jack": courts.count(11),
            "void": lengths.count(0), "single": lengths.count(1), "laid": float(points(laid)), "solo": solo, "base": 1}


def expected_points(kept: list[Card], laid: list[Card], solo: bool, players: int) -> float:
    """The card points a declarer can expect with ``kept`` in hand and ``laid`` in the discard."""
    weights = WEIGHTS[players]
    return sum(weights[key] * value for key, value in features(kept, laid, solo).items())


def exchange_plan(hand: tuple[Card, ...], widow: tuple[Card, ...], k: int) -> tuple[list[Card], list[Card]]:
    """The widow cards a bid of ``k`` brings (the honours it must take first, then the best seen ones)
    and the ``k`` cards the declarer would then lay away."""
    forced = [c for c in HONOURS if c in widow][:k]
    rest = sorted((c for c in widow if c not in forced), key=lambda c: (-_worth(c), -HALVES[False][c], ORDER[c]))
    taken = forced + rest[:k - len(forced)]
    full = list(hand) + taken
    away = sorted((c for c in full if not never_discarded(c, False, False)), key=lambda c: _discard_key(c, full))
    return taken, away[:len(taken)]


def _discard_key(card: Card, hand: list[Card]) -> tuple[float, ...]:
    """Lay away first what the declarer would lose anyway: low cards and courts of short suits, not trumps."""
    length = sum(1 for c in hand if c.suit == card.suit)
    king = Card(card.suit, 14) in hand if card.suit in SUITS else False
    if is_trump(card):
        return (2, card.rank, 0)
    guarded = king or length >= 4
    return (1 if guarded and card.is_court else 0, length, -HALVES[False][card] if not guarded else card.rank)


def bid_estimate(view: RotarotView, k: int) -> float:
    """The points the hand can expect under a bid of ``k``: with the widow cards it brings in and the
    discard it lays away (Solo keeps the hand as dealt)."""
    if k == 0:
        return expected_points(list(view.hand), [], True, view.players)
    taken, away = exchange_plan(view.hand, view.widow, k)
    return expected_points([c for c in (*view.hand, *taken) if c not in away], away, False, view.players)


def _bid(view: RotarotView) -> Choice:
    """Bid the weakest bid still open if the hand is good enough for it, else pass."""
    legal = [a for a in view.legal if a.kind != "pass"]
    pass_action = Action("pass")
    trumps = sum(1 for c in view.hand if is_trump(c))
    if not legal:
        return Choice(pass_action, PASS, "ソロより強いビッドはないので、パスします。")
    word = legal[0].kind
    k = next(b for b, w in BID_WORDS.items() if w == word)
    if bid_estimate(view, k) < NEEDED:
        if view.contract is None:
            return Choice(pass_action, PASS, f"切札が{trumps}枚で、1人で55.5点を取るには力が足りないので、パスします。")
        return Choice(pass_action, PASS, f"{bid_name(view.contract)}を上回る{bid_name(k)}では失敗しそうなので、"
                                         f"パスします。")
    if k == 0:
        return Choice(legal[0], SOLO, f"切札{trumps}枚の手札だけで戦えるので、交換ボーナス50点のソロをビッドします。")
    taken, _ = exchange_plan(view.hand, view.widow, k)
    useful = [c for c in taken if _worth(c) >= 4]
    gain = f"ウィドーの{_names(useful)}を加えれば" if useful else "ウィドーと交換すれば"
    return Choice(legal[0], BID, f"切札が{trumps}枚あり、{gain}戦えるので、{bid_name(k)}をビッドします。")


def _names(cards: Iterable[Card]) -> str:
    return "と".join(name(c) for c in cards)


# --- the exchanges -------------------------------------------------------------------------------

def _take(view: RotarotView) -> Choice:
    options = [a.card for a in view.legal if a.card is not None]
    card = max(options, key=lambda c: (_worth(c), HALVES[False][c], -ORDER[c]))
    return _choice(card, TAKE, f"ウィドーの中で{name(card)}が一番点と力のある札なので、これを取ります。", "take")


def _discard(view: RotarotView) -> Choice:
    options = [a.card for a in view.legal if a.card is not None]
    hand = list(view.hand)
    card = min(options, key=lambda c: (_discard_key(c, hand), ORDER[c]))
    length = sum(1 for c in hand if c.suit == card.suit)
    if is_trump(card):
        return _choice(card, VOID, f"捨てられる札が切札しかないので、弱い{name(card)}を捨てます。", "discard")
    if card.is_court:
        return _choice(card, SECURE, f"{suit_name(card.suit)}は{length}枚しかなく守りにくいので、"
                                     f"{name(card)}を捨て札にして"
                                     f"{HALVES[False][card] // 2}点を確保します。", "discard")
    if length > 3:
        return _choice(card, VOID, f"短いスートはもう切らしたので、勝つ見込みの低い{name(card)}を捨てます。", "discard")
    return _choice(card, VOID, f"{suit_name(card.suit)}は{length}枚と短いので、{name(card)}を捨ててこのスートを"
                               f"切らしにいきます。", "discard")


def danger(card: Card, hand: tuple[Card, ...]) -> float:
    """How likely a card is to win a Ramsch trick: high trumps most, then high cards of short suits."""
    if is_trump(card):
        return 0.0 if card is SKUS else 0.4 + card.rank / 35
    length = sum(1 for c in hand if c.suit == card.suit)
    return STRENGTH[True][card] / 14 * (0.9 if length <= 4 else 0.6)


def _ramsch_take(view: RotarotView) -> Choice:
    """Swap a card that wins tricks for a widow card that loses them, two at most."""
    hand = view.hand
    away = [c for c in hand if not never_discarded(c, True, bool(view.variant_map["ramsch_mond_discard"]))]
    options = [a.card for a in view.legal if a.card is not None]
    if away and options:
        worst = max(away, key=lambda c: (danger(c, hand), -ORDER[c]))
        best = min(options, key=lambda c: (danger(c, hand), HALVES[True][c], ORDER[c]))
        if danger(best, hand) + 0.25 < danger(worst, hand):
            return _choice(best, RAMSCH_SWAP, f"ウィドーの{name(best)}は負けやすい札なので、これを取って"
                                              f"{name(worst)}のような勝ちやすい札を手放します。", "take")
    return Choice(Action("enough"), RAMSCH_KEEP, "ウィドーに今の手札より負けやすい札がないので、これ以上は取りません。")


def _ramsch_discard(view: RotarotView) -> Choice:
    options = [a.card for a in view.legal if a.card is not None]
    card = max(options, key=lambda c: (danger(c, view.hand), -ORDER[c]))
    return _choice(card, RAMSCH_SWAP, f"{name(card)}はトリックに勝ってしまいやすいので、表向きでウィドーに置きます。",
                   "discard")


# --- reading the play ----------------------------------------------------------------------------

class Reading:
    """What one seat knows in the play: the cards still out, where some of them are, the voids shown."""

    def __init__(self, view: RotarotView) -> None:
        self.view, self.me, self.n = view, view.seat, view.players
        self.ramsch = view.ramsch
        self.strength, self.halves = STRENGTH[self.ramsch], HALVES[self.ramsch]
        played = {p.card for t in view.tricks for p in t.plays} | {p.card for p in view.trick}
        self.unseen = set(CARDS) - played - set(view.hand) - set(view.widow) - set(view.discard)
        self.located: dict[int, set[Card]] = {s: set() for s in range(self.n)}
        if view.declarer is not None and view.declarer != self.me:
            self.located[view.declarer] = set(view.taken) & self.unseen
        for seat, kind, card in view.swaps:
            if seat != self.me:
                (self.located[seat].add if kind == "take" else self.located[seat].discard)(card)
        for seat in self.located:
            self.located[seat] &= self.unseen
        self.voids: dict[int, set[str]] = {s: set() for s in range(self.n)}
        for plays in (*(t.plays for t in view.tricks), view.trick):
            self._note_voids(plays)
        placed = set().union(*self.located.values())
        self.free = {suit: [c for c in cards if c in self.unseen and c not in placed]
                     for suit, cards in SUIT_CARDS.items()}
        self.pool = len(self.unseen) - len(placed)
        self._has: dict[tuple[int, str, int], float] = {}
        self.best: Play | None = None
        for play in view.trick:
            if self.best is None or self.beats(play.card, self.best.card):
                self.best = play
        self.led = SUIT[view.trick[0].card] if view.trick else None
        direction = step(self.ramsch, view.variant_map)
        self.after = [(self.me + direction * i) % self.n for i in range(1, self.n - len(view.trick))]
        self.tricks_left = len(view.hand)

    def _note_voids(self, plays: Iterable[Play]) -> None:
        """Not following shows a void in the suit led; not trumping either shows no trump left."""
        led: str | None = None
        for seat, card in plays:
            if led is None:
                led = SUIT[card]
            elif SUIT[card] != led:
                self.voids[seat].add(led)
                if not is_trump(card):
                    self.voids[seat].add(TRUMP)

    def beats(self, card: Card, best: Card) -> bool:
        """Whether ``card`` takes the trick from ``best`` (the card winning it so far)."""
        if is_trump(card):
            return not is_trump(best) or self.strength[card] > self.strength[best]
        return SUIT[card] == SUIT[best] and self.strength[card] > self.strength[best]

    def friends(self, seat: int) -> bool:
        """Whether ``seat`` plays on this seat's side: the other defenders, in a contract."""
        declarer = self.view.declarer
        return not self.ramsch and seat != declarer and self.me != declarer

    def has(self, seat: int, suit: str, above: int = -1) -> float:
        """The chance that ``seat`` holds a card of ``suit`` stronger than ``above`` (-1: any card of it)."""
        key = (seat, suit, above)
        if key not in self._has:
            strength = self.strength
            if suit in self.voids[seat]:
                chance = 0.0
            elif any(SUIT[c] == suit and strength[c] > above for c in self.located[seat]):
                chance = 1.0
            else:
                free = sum(1 for c in self.free[suit] if strength[c] > above)
                chance = 1.0 - misses(self.pool, free, self.view.hand_sizes[seat] - len(self.located[seat]))
            self._has[key] = chance
        return self._has[key]

    def beaten_by(self, seat: int, card: Card, led: str) -> float:
        """The chance that ``seat`` beats ``card``: with a higher card of the suit led, or by trumping
        when void (the rules make him trump, and over-trump whenever he can)."""
        over = self.has(seat, SUIT[card], self.strength[card])
        if is_trump(card):
            return over if led == TRUMP else (1.0 - self.has(seat, led)) * over
        return over + (1.0 - self.has(seat, led)) * self.has(seat, TRUMP)

    def hold(self, card: Card) -> float:
        """The chance that ``card`` still wins the trick once the seats after this one have played
        (a fellow defender taking it over counts as holding)."""
        led = self.led or SUIT[card]
        chance = 1.0
        for seat in self.after:
            if not self.friends(seat):
                chance *= 1.0 - self.beaten_by(seat, card, led)
        return chance

    def is_master(self, card: Card) -> bool:
        """No card still out beats ``card`` inside its suit."""
        return not any(c in self.unseen and self.strength[c] > self.strength[card] for c in SUIT_CARDS[SUIT[card]])

    def others_trumps(self) -> int:
        return sum(1 for c in self.unseen if is_trump(c))

    def skus_to_come(self) -> bool:
        """Whether a seat still to play in this trick may hold the Sküs."""
        return SKUS in self.unseen and any(self.has(s, TRUMP, self.strength[MOND]) > 0 for s in self.after)


# --- trick play ----------------------------------------------------------------------------------

def _play(view: RotarotView) -> Choice:
    reading = Reading(view)
    cards = [a.card for a in view.legal if a.card is not None]
    best = reading.best
    if best is not None and best.card is MOND and SKUS in cards and not view.ramsch:
        return _choice(SKUS, CATCH_MOND, f"{seat_name(best.seat, view.players)}のモンドをスキュースで取れば、"
                                         f"世界の崩壊で30点を受け取れます。")
    if len(cards) == 1:
        return _choice(cards[0], FORCED, f"出せる札は{name(cards[0])}だけなので、これを出します。")
    if view.ramsch:
        return _ramsch_play(reading, cards)
    safe = _without_risks(reading, cards)
    choice = _lead(reading, safe) if best is None else _follow(reading, safe)
    if len(safe) == len(cards):
        return choice
    natural = _lead(reading, cards) if best is None else _follow(reading, cards)
    card = choice.action.card
    assert card is not None
    if natural.action.card is MOND:
        return _choice(card, GUARD_MOND, f"スキュースがまだ出ていないので、モンドは出さずに"
                                                       f"{name(card)}を出します。")
    if natural.action.card is PAGAT:
        mine = sum(1 for c in view.hand if is_trump(c))
        return _choice(card, ULTIMO, f"切札が{mine}枚あり、ほかの人の残り{reading.others_trumps()}枚より"
                                                   f"多いので、パガットは最後のトリックまで残して"
                                                   f"{name(card)}を出します。")
    return choice


def _ultimo_hope(reading: Reading) -> bool:
    """The Pagat can win the last trick when this seat holds more trumps than all the others together."""
    mine = sum(1 for c in reading.view.hand if is_trump(c))
    return PAGAT in reading.view.hand and mine - 1 >= reading.others_trumps() + (0 if reading.others_trumps() else -1)


def _without_risks(reading: Reading, cards: list[Card]) -> list[Card]:
    """The cards worth considering: not a Mond a Sküs may still fall on, not a Pagat kept for the last trick
    (unless nothing else is left)."""
    kept = [c for c in cards if not (c is MOND and reading.skus_to_come())]
    if _ultimo_hope(reading):
        kept = [c for c in kept if c is not PAGAT]
    return kept or cards


def _lead(reading: Reading, cards: list[Card]) -> Choice:
    view = reading.view
    trumps = [c for c in cards if is_trump(c)]
    out = reading.others_trumps()
    if view.seat == view.declarer and trumps and out and len(trumps) >= 3:
        masters = [c for c in trumps if reading.is_master(c)]
        card = max(masters, key=reading.strength.__getitem__) if masters else min(
            (c for c in trumps if c is not PAGAT), key=reading.strength.__getitem__, default=trumps[0])
        return _choice(card, DRAW, f"切札がまだ{out}枚残っているので、{name(card)}をリードして相手の切札をなくします。")
    plain = [c for c in cards if not is_trump(c)]
    masters = [c for c in plain if reading.is_master(c) and reading.hold(c) >= SAFE]
    if masters:
        card = max(masters, key=lambda c: (reading.halves[c], reading.hold(c), -ORDER[c]))
        return _choice(card, CASH, f"{name(card)}は{suit_name(card.suit)}で残っている一番強い札なので、"
                                   f"切られないうちにリードして取ります。")
    if plain:
        length = {suit: sum(1 for c in view.hand if c.suit == suit) for suit in SUITS}
        suit = min({c.suit for c in plain}, key=lambda s: (length[s], SUITS.index(s)))
        card = _cheapest(reading, [c for c in plain if c.suit == suit])
        return _choice(card, LEAD_SHORT, f"{suit_name(suit)}は{length[suit]}枚と短いので、{name(card)}をリードして"
                                         f"早くこのスートを切らします。")
    return _lose(reading, cards, "リードできるのが切札だけなので")


def _follow(reading: Reading, cards: list[Card]) -> Choice:
    assert reading.best is not None
    best, seat = reading.best.card, reading.best.seat
    n = reading.n
    if reading.friends(seat) and reading.hold(best) >= FRIEND_SAFE:
        gifts = [c for c in cards if reading.halves[c] >= 4 and (not is_trump(c) or c is PAGAT)
                 and (not reading.beats(c, best) or reading.hold(c) >= FRIEND_SAFE)]
        if gifts:
            card = max(gifts, key=lambda c: (c is PAGAT, reading.halves[c], -reading.strength[c]))
            rule = PAGAT_AWAY if card is PAGAT else FEED
            return _choice(card, rule, f"{seat_name(seat, n)}の{name(best)}が勝ちそうなので、{name(card)}を渡して"
                                       f"相手側の点にします。")
        return _lose(reading, cards, f"仲間の{seat_name(seat, n)}が勝ちそうなので")
    winners = sorted((c for c in cards if reading.beats(c, best)), key=lambda c: _win_order(reading, c))
    winner = next((c for c in winners if reading.hold(c) >= SAFE), None)
    if winner is not None:
        if winner is PAGAT:
            return _choice(winner, PAGAT_AWAY, f"{name(best)}にはパガットで勝てるので、ここで出して5点を守ります。")
        return _choice(winner, WIN_CHEAPLY, f"{name(best)}には{name(winner)}で勝てます。勝てる札のうち"
                                            f"一番安い札で取り、強い札は温存します。")
    return _lose(reading, cards, "このトリックは勝てそうにないので")


def _win_order(reading: Reading, card: Card) -> tuple[int, int]:
    """Cheapest winner first: the Pagat (winning saves its 5 points), then plain cards, then trumps upwards."""
    return (0 if card is PAGAT else 1 + is_trump(card), reading.strength[card])


def _cheapest(reading: Reading, cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (reading.halves[c], is_trump(c), reading.strength[c], ORDER[c]))


def _lose(reading: Reading, cards: list[Card], reason: str) -> Choice:
    card = _cheapest(reading, cards)
    if PAGAT in cards and not _ultimo_hope(reading) and reading.tricks_left <= 3:
        return _choice(PAGAT, PAGAT_AWAY, f"{reason}、最後のトリックで負けて20点を払わないよう、パガットを今出します。")
    if is_trump(card):
        return _choice(card, LOSE_CHEAP, f"{reason}、切札は一番弱い{name(card)}で済ませます。")
    return _choice(card, LOSE_CHEAP, f"{reason}、一番安い{name(card)}を出します。")


# --- Ramsch play ---------------------------------------------------------------------------------

def _ramsch_play(reading: Reading, cards: list[Card]) -> Choice:
    if reading.best is None:
        card = min(cards, key=lambda c: (_duckable(reading, c), -reading.halves[c], ORDER[c]))
        few = "ほとんど" if _duckable(reading, card) <= 0.2 else "あまり"
        return _choice(card, LOW_LEAD, f"{name(card)}より弱い札は{few}残っていないので、ほかの人に上回られやすい"
                                       f"この札でリードします。")
    best = reading.best.card
    under = [c for c in cards if not reading.beats(c, best)]
    if under and reading.led is not None and all(SUIT[c] not in (reading.led, TRUMP) for c in cards):
        card = max(under, key=lambda c: (reading.halves[c], danger(c, reading.view.hand), -ORDER[c]))
        return _choice(card, DUMP, f"フォローも切札もできないので、点の高い{name(card)}を"
                                   f"ほかの人のトリックに捨てます。")
    if under:
        card = max(under, key=lambda c: (reading.strength[c], reading.halves[c], -ORDER[c]))
        return _choice(card, DUCK, f"{name(best)}より弱い札のうち一番強い{name(card)}を出して、"
                                   f"勝たずに強い札を減らします。")
    if not reading.after:
        card = max(cards, key=lambda c: (reading.strength[c], -ORDER[c]))
        return _choice(card, HIGH, f"どの札を出しても勝ってしまうので、一番強い{name(card)}で勝ちます。")
    card = min(cards, key=lambda c: (reading.halves[c], reading.strength[c], ORDER[c]))
    return _choice(card, DUCK, f"どの札も{name(best)}より強いので、あとの人に上回られる望みのある、"
                               f"点の低い{name(card)}を出します。")


def _duckable(reading: Reading, card: Card) -> float:
    """The share of the cards still out in ``card``'s suit that the others could play under it."""
    out = reading.free[SUIT[card]] + [c for cards in reading.located.values() for c in cards if SUIT[c] == SUIT[card]]
    lower = sum(1 for c in out if reading.strength[c] < reading.strength[card])
    return lower / len(out) if out else 1.0


def choose(view: RotarotView) -> Choice:
    """The bot's decision for the seat whose view this is (only among ``view.legal``)."""
    phase = view.phase
    if phase == "bid":
        return _bid(view)
    if phase == "take":
        return _take(view)
    if phase == "discard":
        return _discard(view)
    if phase == "rtake":
        return _ramsch_take(view)
    if phase == "rdiscard":
        return _ramsch_discard(view)
    return _play(view)


def _sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    return tuple((seat,) for seat in range(int(variants.get("players", 4))))


def _side_name(seat: int, variants: Variants) -> str:
    return seat_name(seat, int(variants.get("players", 4)))


BOT = Bot(game=GAME, view=view_of, choose=choose, rules=RULES, sides=_sides, side_name=_side_name,
          bench_variants={}, bench_win="even")
