"""ロンブルのコンピュータ: a declarer or defender built from named rules of thumb.

It reads only an ``LHombreView``.  In the auction it plays the contracts it may name out in imagined deals
(the other hands and the talon dealt in ways its view allows, every later seat passing, the exchange and
the play made by these rules) and declares the one that brings most chips on average, if any gains: a pass
costs nothing, since all passing the deal is not played.  Tables of sampled deals (``tables.py``, made by
tools/coach/lhombre_tables.py) only sort the candidates, pass hopeless hands at once and stand in for that
search inside the imagined deals themselves: a hand's cell (matadors and whether they are the highest, trumps
and their colour, honours in a suit; or the cards a nolo may be forced to win with) gives the chances of a
win, a remise and a codille.  The trump suit and the surrender are played out as well.  As declarer it lays
away short suits and low cards, draws trumps and cashes its winners, plays for the slam only when the rest is
sure; as defender it leaves a partner's winning trick alone, takes the declarer's tricks as cheaply as it can
and, exchanging first, leaves its partner half the talon.  From the cards played and the suits not followed
it estimates the chance that a seat still to play beats a card (``Reading.beaten``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from ...cards import FRENCH_SUITS, KING, QUEEN, RED_SUITS, SUITS, TRUMP, Card, Pack
from ...game import Action, GameState, Variants
from ...policy import FORCED, Bot, Choice, Rule, forced, take_words
from ...search import Budget, Coach, choose_by_search, imagined_worlds, paired_gain
from . import tables
from .rules import (
    BY_WORD,
    CONTRACTS,
    GAME,
    SEAT_NAMES,
    SUITINGS,
    Contract,
    Suiting,
    outcome,
    plain_order,
    trump_order,
)
from .view import LHombreView, view_of
from .worlds import world

BID_GAME = Rule("見込みのある契約を申告", "見えていない2人の手札とタロンの配られ方をいくつも想像し、"
                                         "申告できる契約をそれぞれ交換から最後まで打ってみて、成功する割合と"
                                         "平均のチップを見積もります。パスは全員がパスすれば受け払いなしなので、"
                                         "平均で得になる契約のうち、いちばん得なものを申告します。")
BID_NOLO = Rule("低い札ばかりならノロ", "ノロも同じように、想像した配りで最後まで打ってみて、"
                                       "平均で得になり、ほかの契約より得なときに申告します。")
SELF = Rule("セルフで引き取る", "優先順位が上なら、自分でも見込みのある契約はセルフで引き取り、"
                               "上位の契約に上げずにすませます。")
PASS = Rule("見込みのない契約は申告しない", "申告できるどの契約も、想像した配りで打ってみると平均で損になるなら、"
                                           "パスして相手側で戦います。")
KEEP = Rule("落札した契約で遊ぶ", "落札した契約は見込みで選んだものなので、引き上げずにそのまま遊びます。")
NAME_TRUMP = Rule("いちばん強いスートを切札に", "切札にしたときの見込み（成功する割合と平均のチップ）が"
                                               "いちばんよいスートを切札に指定します。")
EXCHANGE = Rule("短いスートと低い札を替える", "切札とキングを残し、短いスートの低い札から捨てて、"
                                             "タロンから新しい札を引きます。")
SHARE_TALON = Rule("味方の分のタロンを残す", "相手側で先に交換する人は、あとで交換する味方のために、"
                                            "残っているタロンの半分（端数は切り上げ）までしか替えません。")
PLAY_IT_OUT = Rule("打ってみて決める", "切札の指定や降伏のような大きな決定は、見えていない札の配られ方をいくつも"
                                      "想像して最後まで打ってみて、目安の考え方よりはっきり得な手があればそれを選びます。")
NOLO_EXCHANGE = Rule("ノロは危ない札を替える", "ノロでは、トリックを取らされるおそれのある高い札を捨てて、"
                                              "タロンの札に替えます。")
SURRENDER = Rule("望みのない手は降伏", "交換のあとの手で見積もった平均の支払いが降伏の支払い（失敗と同じ）より"
                                      "大きいなら、最初の札を出す前に降伏します。")
VOLE = Rule("確実ならスラム", "最初の5トリックを続けて取り、残りの札がどれも確実に勝てるときだけ"
                             "スラムを狙います。")
STOP = Rule("確実でなければ止める", "残りのトリックに1つでも負けるおそれがあれば、"
                                   "5トリックで止めて成功を確定させます。")
DRAW_TRUMPS = Rule("切札を抜く", "デクレアラーは、残っている中でいちばん強い切札を持っているときや切札が長いときは、"
                                "強い切札からリードして、相手の切札を先になくします。")
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
SEARCH = Rule("先を読んで打つ", "残りのトリックが少なくなったら、見えていない札の配られ方をいくつも想像して"
                                 "最後まで打ってみて、目安の札よりはっきり得になる札があればそれを出します。")
RULES = (BID_GAME, BID_NOLO, SELF, PASS, KEEP, NAME_TRUMP, PLAY_IT_OUT, EXCHANGE, SHARE_TALON, NOLO_EXCHANGE,
         SURRENDER, VOLE, STOP, FORCED, DRAW_TRUMPS, CASH, LEAD_LOW, SUPPORT, WIN_CHEAPLY, LOSE_CHEAP, NOLO_DUCK,
         NOLO_SHED, NOLO_ATTACK, SEARCH)

PACK = Pack.LHOMBRE40.cards()
PASS_ACTION = Action("pass")
BID_BUDGET = Budget(worlds=12, steps=6000)  # a bid plays each of its candidates out in these imagined deals
BID_CANDIDATES = 2  # the contracts the tables rate best, played out (the tables only sort, they never decide)
BID_MORE = 2  # a close call is played out in this many times the budget's deals
SURRENDER_MARGIN = 1  # chips the tables' estimate must fall below the surrender's cost: the tables are built
# from the bots' own play and run low, and a declarer surrendering at the tables' word gave up, in the
# imagined deals of a lesson hand, a quarter of the deals he would have won more often than not
HOPELESS = Fraction(-2)  # a hand the tables rate at this or lower for every contract is passed without playing
# it out: in 150 first bids none of the 41 such hands gained when played out, and they are a quarter of the time
PLAUSIBLE_DRAWS = 4  # imagined deals drawn for each one wanted, when earlier bids rule some out
BIDDER_FLOOR = Fraction(-1)  # the tables' lowest estimate for a contract another seat has bid
LONG_TRUMPS = 4  # a declarer with this many trumps draws trumps even below a higher one still out
SEARCH_FROM = 4  # cards in hand from which on the play is checked by search
BUDGET = Budget(worlds=8, steps=600)
SAFE = 0.5  # a chance of holding the trick worth playing for
PARTNER_SAFE = 0.7  # a partner's card this likely to hold needs no help


def name(card: Card, trump: str) -> str:
    return SUITINGS[trump].naming.name(card)


def suit_word(suit: str) -> str:
    return "切札" if suit == TRUMP else FRENCH_SUITS[suit]


def card_choice(card: Card, rule: Rule, why: str) -> Choice:
    return Choice(Action("play", card), rule, why)


# --- judging a hand ---------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def junk(cards: tuple[Card, ...], trump: str) -> tuple[Card, ...]:
    """The cards a trump declarer lays away: plain cards other than kings and a queen beside her
    king, the shortest suits first (towards voids), low before high (cached: an exchange asks at every
    card it lays away, for the hand as it was before the turn)."""
    s = SUITINGS[trump]
    length = {suit: sum(1 for c in cards if s.suit_of[c] == suit) for suit in SUITS}
    kings = {c.suit for c in cards if s.suit_of[c] != TRUMP and c.rank == KING}
    keep = [c for c in cards if s.suit_of[c] == TRUMP or c.rank == KING or (c.rank == QUEEN and c.suit in kings)]
    rest = [c for c in cards if c not in keep]
    return tuple(sorted(rest, key=lambda c: (length[c.suit], SUITS.index(c.suit), s.strength[c])))


@cache
def below(card: Card) -> int:
    """How many cards of its suit lie below ``card`` in the nolo order."""
    order = plain_order(card.suit, True)
    return len(order) - 1 - order.index(card)


def nolo_unsafe(hand: Iterable[Card]) -> list[Card]:
    """The cards that may be forced to take a trick in a nolo, most dangerous first: in each suit
    the i-th lowest card is safe while at most 2i + 1 cards of the suit lie below it."""
    unsafe = []
    for suit in SUITS:
        mine = sorted((c for c in hand if c.suit == suit), key=below)
        unsafe += [c for i, c in enumerate(mine) if below(c) > 2 * i + 1]
    return sorted(unsafe, key=lambda c: (-below(c), SUITS.index(c.suit)))


# --- the cells of the estimate tables -------------------------------------------------------

GameKey = tuple[int, int, int, int, int]
MATADOR_WORDS = ("スパディエ", "マニエ", "バスタ")  # the matadors from the top (Suiting.matadors)


def game_key(hand: Iterable[Card], trump: str) -> GameKey:
    """A hand's cell in the trump-contract tables (``tables.py``): its matadors, its trumps (two or
    fewer counted as two, eight or more as eight), its honours (the two trumps just below the matadors,
    the plain kings and the plain suits it lacks, four or more as four), whether the trumps are red (twelve
    of them, not eleven) and whether its matadors are the highest ones (Spadille, and Manille with it):
    Spadille and Manille together hold the trumps as no other two matadors do."""
    s = SUITINGS[trump]
    cards = list(hand)
    trumps = [c for c in cards if s.suit_of[c] == TRUMP]
    seconds = set(trump_order(trump)[3:5])
    kings = sum(1 for c in cards if s.suit_of[c] != TRUMP and c.rank == KING)
    voids = sum(1 for suit in SUITS if suit != trump and not any(s.suit_of[c] == suit for c in cards))
    honours = sum(1 for c in trumps if c in seconds) + kings + voids
    matadors = sum(1 for c in trumps if c in s.matadors)
    top = int(matadors > 0 and all(c in trumps for c in s.matadors[:matadors]))
    return matadors, min(max(len(trumps), 2), 8), min(honours, 4), int(trump in RED_SUITS), top


def nolo_key(hand: Iterable[Card]) -> int:
    """A hand's cell in the nolo tables: its cards that may be forced to take a trick (four or more as four)."""
    return min(len(nolo_unsafe(hand)), 4)


# --- what a contract is worth: the tables of sampled deals --------------------------------------

PRIOR = 12  # deals' worth of weight the row (the same cell, any honours) lends a thinly sampled cell
NOLO_TABLES = {"simple-nolo": tables.NOLO_SIMPLE_NOLO, "pure-nolo": tables.NOLO_PURE_NOLO,
               "nolo-ouvert": tables.NOLO_NOLO_OUVERT}


@dataclass(frozen=True)
class Outlook:
    """What declaring a contract should bring, from the tables: the chances of a win and of a codille,
    and the declarer's mean net in chips (from both opponents)."""

    success: Fraction
    codille: Fraction
    net: Fraction
    trump: str = ""  # the trump suit the estimate assumes ("" in nolo and tourné)

    def words(self) -> str:
        """「約7割で成功し、平均で+2.0チップの見込み」 in a learner's words."""
        tenths = round(self.success * 10)
        if self.success >= Fraction(19, 20):
            chance = "ほぼ確実に成功し"
        elif tenths == 0:
            chance = "ほとんど成功せず"
        else:
            chance = f"約{tenths}割で成功し"
        return f"{chance}、平均で{chips(self.net)}チップの見込み"


def chips(value: Fraction) -> str:
    number = round(float(value), 1)
    return f"+{number:.1f}" if number > 0 else f"−{-number:.1f}" if number < 0 else "±0"


@cache
def _row(table: str, key: GameKey) -> tuple[int, ...]:
    """The counts of every cell that differs from ``key`` only in its honours, summed."""
    cells = [cell for found, cell in _TRUMP_TABLES[table].items() if found[:2] + found[3:] == key[:2] + key[3:]]
    return tuple(sum(column) for column in zip(*cells, strict=True))


_TRUMP_TABLES = {"exchange": tables.EXCHANGE, "solo": tables.SOLO}


def _chances(table: str, key: GameKey) -> tuple[Fraction, Fraction, Fraction]:
    """(win, remise, codille) of a cell, drawn towards its row by ``PRIOR`` deals."""
    row = _row(table, key)
    cell = _TRUMP_TABLES[table].get(key, (0, 0, 0, 0))
    weight = Fraction(PRIOR, row[0])
    total = cell[0] + PRIOR
    return ((cell[1] + weight * row[1]) / total, (cell[2] + weight * row[2]) / total,
            (cell[3] + weight * row[3]) / total)


def _shares(counts: tuple[int, ...]) -> tuple[Fraction, Fraction, Fraction]:
    """(win, remise, codille) of a nolo cell."""
    return Fraction(counts[1], counts[0]), Fraction(counts[2], counts[0]), Fraction(counts[3], counts[0])


def _outlook(chances: tuple[Fraction, Fraction, Fraction], contract: Contract, trump: str = "",
             penalty: Fraction | None = None) -> Outlook:
    win, remise, codille = chances
    pen = penalty if penalty is not None else Fraction(contract.penalty or 1)
    each = contract.value * (win - remise) - (contract.value + pen) * codille
    return Outlook(win, codille, 2 * each, trump)


def trump_outlook(hand: Iterable[Card], contract: Contract, trump: str, exchange: bool) -> Outlook:
    """A game contract with ``trump`` as trumps, the hand read before the exchange (``exchange``) or as
    it will be played."""
    table = "exchange" if exchange else "solo"
    return _outlook(_chances(table, game_key(hand, trump)), contract, trump)


def outlook(contract: Contract, hand: Iterable[Card]) -> Outlook:
    """What ``contract`` should bring with ``hand`` (the best trump suit where the declarer names it)."""
    return _table_outlook(contract, tuple(hand))


@lru_cache(maxsize=4096)
def _table_outlook(contract: Contract, cards: tuple[Card, ...]) -> Outlook:
    """``outlook``, cached: a bid asks the tables of the same hand to sort its candidates, to pass a hopeless
    hand and for the rule of thumb it may keep (a tourné's estimate averages over every card that may turn)."""
    if contract.nolo:
        counts = NOLO_TABLES[contract.word][nolo_key(cards)]
        penalty = Fraction(counts[4], counts[3]) if contract.penalty is None and counts[3] else None
        return _outlook(_shares(counts), contract, "", penalty)
    exchange = contract.declarer_exchanges
    if contract.trumps == "turned":  # any card this seat lacks may turn up, and then it is his
        turned = [_chances("exchange", game_key((*cards, c), c.suit)) for c in PACK if c not in cards]
        chances = (sum((c[0] for c in turned), Fraction(0)) / len(turned),
                   sum((c[1] for c in turned), Fraction(0)) / len(turned),
                   sum((c[2] for c in turned), Fraction(0)) / len(turned))
        return _outlook(chances, contract)
    suits = ("S",) if contract.trumps == "S" else SUITS
    return max((trump_outlook(cards, contract, suit, exchange) for suit in suits), key=lambda o: o.net)


def worth_bidding(found: Outlook) -> bool:
    """A contract the tables rate as a gain on average (the playouts' own bids: passing costs nothing when
    all pass, so a gain is worth declaring; the seat to decide plays its candidates out instead)."""
    return found.net > 0


def hand_words(hand: tuple[Card, ...], contract: Contract, found: Outlook) -> str:
    """What the estimate rests on, as a sentence: the hand's matadors and trumps in the chosen suit, the
    tourné's unknown suit or the cards a nolo may be forced to win with."""
    if contract.trumps == "turned":
        return "トゥルネは表にした札のスートが切札になり、その札も手に入るので、どの札がめくれるかで平均します。"
    if contract.nolo:
        unsafe = nolo_unsafe(hand)
        if not unsafe:
            return "どのスートも低い札ばかりです。"
        listed = "、".join(name(c, "") for c in unsafe)
        return f"トリックを取らされるおそれのある札が{len(unsafe)}枚（{listed}）あります。"
    s = SUITINGS[found.trump]
    held = [word for card, word in zip(s.matadors, MATADOR_WORDS, strict=True) if card in hand]
    trumps = sum(1 for c in hand if s.suit_of[c] == TRUMP)
    matadors = f"マタドール{len(held)}枚（{'・'.join(held)}）" if held else "マタドールなし"
    red = f"（赤のスートなので切札は全部で{len(trump_order(found.trump))}枚）" if found.trump in RED_SUITS else ""
    return f"{FRENCH_SUITS[found.trump]}を切札にすると{matadors}・切札{trumps}枚です{red}。"


def estimate_words(hand: tuple[Card, ...], contract: Contract, found: Outlook) -> str:
    """「スペードを切札にすると…です。この手でシンプルゲームを遊ぶと約7割で成功し、平均で+1.2チップの見込み」."""
    return f"{hand_words(hand, contract, found)}この手で{contract.name}を遊ぶと{found.words()}"


# --- the auction ------------------------------------------------------------------------------

def _bid(view: LHombreView) -> Choice:
    """The allowed contract (セルフ first among equals) that the tables value most, if it gains on average;
    else pass.  The playouts' auction: quick, and only a first sort for the seat that decides."""
    judged = [(word, contract, outlook(contract, view.hand)) for word, contract in _options(view)]
    good = [j for j in judged if worth_bidding(j[2])]
    if good:
        word, contract, found = max(good, key=lambda j: j[2].net)
        return _declare(view, word, contract, f"{estimate_words(view.hand, contract, found)}です。")
    if not judged:
        return Choice(Action("pass"), PASS, "申告できる契約がないので、パスします。")
    _, contract, found = max(judged, key=lambda j: j[2].net)
    return Choice(Action("pass"), PASS, f"申告できる契約でいちばん見込みがよいのは{contract.name}です。"
                                        f"{hand_words(view.hand, contract, found)}この手で遊ぶと{found.words()}です。"
                                        f"平均で得にならないので、パスして相手側で戦います。")


def _options(view: LHombreView) -> list[tuple[str, Contract]]:
    """The contracts the seat may declare now, セルフ (the standing contract taken over) first."""
    words = {a.kind for a in view.legal}
    options = [("self", view.bid)] if "self" in words and view.bid is not None else []
    return options + [(c.word, c) for c in CONTRACTS if c.word in words]


def _declare(view: LHombreView, word: str, contract: Contract, estimate: str) -> Choice:
    if word == "self":
        return Choice(Action("self"), SELF, f"{estimate}優先順位が上なので、セルフで引き取ります。")
    return Choice(Action(word), BID_NOLO if contract.nolo else BID_GAME, f"{estimate}申告します。")


@dataclass(frozen=True)
class Played:
    """A contract played out from the auction in the imagined deals, every later seat passing: what each
    deal brought the seat in chips, how many deals it paid and how many ended in codille, and the trump."""

    word: str
    contract: Contract
    nets: tuple[Fraction, ...]
    wins: int
    codilles: int
    trump: str

    @property
    def mean(self) -> Fraction:
        return sum(self.nets, Fraction(0)) / len(self.nets)

    @property
    def outlook(self) -> Outlook:
        n = len(self.nets)
        return Outlook(Fraction(self.wins, n), Fraction(self.codilles, n), self.mean, self.trump)


Result = tuple[Fraction, bool, str]  # the seat's chips, a codille, the trump suit


def _played_out(imagined: GameState, word: str, seat: int, left: list[int]) -> Result | None:
    """``word`` said in ``imagined``, every later seat passing, and the deal played out."""
    state = imagined.clone()
    state.apply(Action(word))
    while PASS_ACTION in state.legal_actions():
        state.apply(PASS_ACTION)
    if COACH.playout(state, left) is None:
        return None
    end = view_of(state, seat)
    codille = bool(end.tricks) and outcome(end.contract, end.won, seat) == "codille"
    return _net(state, seat), codille, end.trump


def play_bids(view: LHombreView, budget: Budget = BID_BUDGET) -> list[Played]:
    """The contracts the tables rate best among those the seat may declare, each played out (exchange and
    all) in the same imagined deals; empty when no deal could be imagined and played within the budget.
    After every ``budget.worlds`` deals, a contract clearly below the best (by two standard errors, paired
    over the deals) is dropped, and the call is made once one contract is left clearly above or below nothing
    (the pass); a close call goes on up to ``BID_MORE`` times the deals: picking the best of a few noisy means
    favours luck."""
    options = sorted(_options(view), key=lambda o: -outlook(o[1], view.hand).net)[:BID_CANDIDATES]
    left = [budget.steps * BID_MORE]
    results: dict[str, list[Result]] = {word: [] for word, _ in options}
    alive = list(options)
    for count, imagined in enumerate(_plausible_worlds(view, budget)):
        if count and count % budget.worlds == 0:
            alive = _survivors(alive, results)
            if count == budget.worlds * BID_MORE or (len(alive) == 1 and not _near_nothing(results[alive[0][0]])):
                break
        found = [_played_out(imagined, word, view.seat, left) for word, _ in alive]
        if any(f is None for f in found):
            break
        for (word, _), result in zip(alive, found, strict=True):
            assert result is not None
            results[word].append(result)
    if not options or not results[options[0][0]]:
        return []
    return [Played(word, contract, tuple(r[0] for r in results[word]), sum(1 for r in results[word] if r[0] > 0),
                   sum(1 for r in results[word] if r[1]), results[word][0][2]) for word, contract in options
            if results[word]]


def _survivors(alive: list[tuple[str, Contract]], results: dict[str, list[Result]]) -> list[tuple[str, Contract]]:
    """The contracts not clearly below the best one so far (on the deals all of them were played in)."""
    best = max(alive, key=lambda o: sum(r[0] for r in results[o[0]]))
    top = [r[0] for r in results[best[0]]]
    return [o for o in alive if o is best or _within_noise(top, [r[0] for r in results[o[0]]][:len(top)])]


def _near_nothing(found: list[Result]) -> bool:
    """Whether a contract's mean so far is within two standard errors of nothing (the pass)."""
    nets = [r[0] for r in found]
    return _within_noise(nets, [Fraction(0)] * len(nets))


def _plausible_worlds(view: LHombreView, budget: Budget) -> Iterator[GameState]:
    """Imagined deals in which every other seat's bid is plausible, drawn one by one as the caller asks (a
    close call asks for more), up to ``PLAUSIBLE_DRAWS`` draws for each deal wanted."""
    attempts = budget.worlds * BID_MORE * PLAUSIBLE_DRAWS * budget.tries
    return (w for w in imagined_worlds(COACH, view, attempts) if _plausible(w, view))


def _plausible(imagined: GameState, view: LHombreView) -> bool:
    """Whether every contract another seat has bid is one the tables rate as no great loss with the hand this
    deal gives it: a seat that bids holds a hand for it, and a bid made over such a seat must beat it."""
    standing = None
    for seat, word in view.auction:
        if word not in ("pass", "self"):
            standing = BY_WORD[word]
        if (seat != view.seat and word != "pass" and standing is not None
                and outlook(standing, COACH.view(imagined, seat).hand).net < BIDDER_FLOOR):
            return False
    return True


def _within_noise(first: list[Fraction], second: list[Fraction]) -> bool:
    """Whether the mean difference of two paired samples is within two of its standard errors of zero."""
    if len(first) < 2:
        return True
    mean, error = paired_gain(first, second)
    return abs(float(mean)) <= 2 * error


def bid_by_play(view: LHombreView, fallback: Choice) -> Choice:
    """Declare the contract that brings most when played out in imagined deals, if it gains on average:
    a pass costs nothing (all passing, the deal is not played; dossier §3.3).  The estimates are said in
    the tables' words."""
    if max((outlook(contract, view.hand).net for _, contract in _options(view)), default=HOPELESS) <= HOPELESS:
        return fallback  # the tables' pass: no hand they rate this low gained when played out
    played = play_bids(view)
    if not played:
        return fallback
    best = max(played, key=lambda p: p.mean)
    found = best.outlook
    imagined = f"見えていない2人の手札とタロンを{len(best.nets)}通り想像して、交換から最後まで打ってみると、"
    estimate = f"{hand_words(view.hand, best.contract, found)}{imagined}{best.contract.name}は{found.words()}です。"
    if best.mean > 0:
        others = "、".join(f"{p.contract.name}（{chips(p.mean)}チップ）" for p in played if p is not best)
        also = f"{others}より得で、" if others else ""
        return _declare(view, best.word, best.contract, f"{estimate}{also}パス（受け払いなし）より得なので、")
    return Choice(Action("pass"), PASS, f"申告できる契約でいちばん見込みがよいのは{best.contract.name}です。{estimate}"
                                        f"平均で損になるので、パスします（全員がパスすればディールは流れ、"
                                        f"受け払いはありません）。")


def _announce(view: LHombreView) -> Choice:
    return Choice(Action("keep"), KEEP, f"見込みで選んだ{view.contract.name}のまま遊びます。")


def _name_trump(view: LHombreView) -> Choice:
    contract = view.contract
    found = max((trump_outlook(view.hand, contract, suit, contract.declarer_exchanges) for suit in SUITS),
                key=lambda o: o.net)
    return Choice(Action(f"trump{found.trump}"), NAME_TRUMP,
                  f"{estimate_words(view.hand, contract, found)}で、4つのスートのうちいちばん見込みがよいので、"
                  f"{FRENCH_SUITS[found.trump]}を切札にします。")


# --- the exchange -----------------------------------------------------------------------------

def _exchange(view: LHombreView) -> Choice:
    """Lay away, one card at a time, the plan made from the hand as it was before this turn."""
    before = (*view.hand, *view.laid_away)
    nolo, trump = view.contract.nolo, view.trump
    plan = tuple(nolo_unsafe(before)) if nolo else junk(before, trump)
    share = _first_defender_share(view)
    rule = NOLO_EXCHANGE if nolo else EXCHANGE
    if share is not None and len(plan) > share:
        plan, rule = plan[:share], SHARE_TALON
    discards = {a.card for a in view.legal if a.kind == "discard"}
    if not plan and view.seat == view.declarer and view.pending == 0 and Action("draw") not in view.legal:
        s = SUITINGS[trump]  # the minimum exchange: the weakest card
        card = max(before, key=below) if nolo else min(before, key=lambda c: (s.suit_of[c] == TRUMP, s.strength[c]))
        return Choice(Action("discard", card), rule, f"少なくとも1枚は交換するので、いちばん役に立たない"
                                                     f"{name(card, trump)}を捨てます。")
    for card in plan:
        if card in discards:
            return Choice(Action("discard", card), rule, _discard_why(card, before, view.laid_away, trump, nolo))
    if not view.pending and plan and not view.talon:
        return Choice(Action("draw"), rule, "タロンにもう札が残っていないので、交換できません。手札のままで遊びます。")
    if not view.pending:
        return Choice(Action("draw"), rule, "替えたい札がないので、交換せずに手札のままで遊びます。")
    if rule is SHARE_TALON:
        return Choice(Action("draw"), rule, f"タロンの残り{view.talon}枚は味方と分け合うので、替えるのは弱い札から"
                                            f"{view.pending}枚までにして、タロンから{view.pending}枚引きます。")
    return Choice(Action("draw"), rule, f"替えたい札を{view.pending}枚捨てたので、タロンから{view.pending}枚引きます。")


def _first_defender_share(view: LHombreView) -> int | None:
    """How many talon cards the first defender takes at most (half of what is left, rounded up), so that
    his partner, who exchanges after him, still finds cards to draw; None for any other seat."""
    d = view.declarer
    if view.seat != (d + 1) % 3 or not view.contract.opponents_exchange or view.contract.nolo:
        return None
    if any(seat == (d + 2) % 3 for seat, _ in view.exchanged):
        return None
    return (view.talon + 1) // 2


def _discard_why(card: Card, before: tuple[Card, ...], laid: tuple[Card, ...], trump: str, nolo: bool) -> str:
    """Why ``card`` goes: a short suit is emptied towards a void only when none of its cards is kept (a
    king stays, so 「ボイドを目指します」 would be false); a suit already begun is said to have been short."""
    s, named = SUITINGS[trump], name(card, trump)
    if nolo:
        return f"{named}はトリックを取らされるおそれがあるので、捨ててタロンの札に替えます。"
    suit = [c for c in before if s.suit_of[c] == s.suit_of[card]]
    if len(suit) <= 2 and all(c in junk(before, trump) for c in suit):
        if any(c in laid for c in suit):
            return (f"{suit_word(card.suit)}はもともと{len(suit)}枚と短いので、残りの{named}も捨ててタロンの札に替え、"
                    f"ボイドを目指します。")
        return f"{suit_word(card.suit)}は{len(suit)}枚と短いので、{named}を捨ててタロンの札に替え、ボイドを目指します。"
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
        known = played | set(view.hand) | set(view.laid_away) | set(view.exposed)
        self.unseen = [c for c in PACK if c not in known]
        self.suit: Callable[[Card], str] = self.s.suit_of.__getitem__
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

def play_outlook(view: LHombreView) -> Outlook:
    """What the declarer's contract should bring with the hand he now plays (no exchange left)."""
    contract = view.contract
    if contract.nolo:
        counts = tables.NOLO_PURE_NOLO[nolo_key(view.hand)]
        return _outlook(_shares(counts), contract)
    return trump_outlook(view.hand, contract, view.trump, exchange=False)


def _surrender(view: LHombreView) -> Choice | None:
    """Give up before the first card when the tables say playing on costs more than the surrender
    (the remise payment: the contract's value to each opponent)."""
    if not any(a.kind == "surrender" for a in view.legal):
        return None
    contract, found = view.contract, play_outlook(view)
    cost = 2 * contract.value
    if found.net >= -cost - SURRENDER_MARGIN:
        return None
    return Choice(Action("surrender"), SURRENDER, f"この手で{contract.name}を遊ぶと{found.words()}です。"
                                                 f"降伏すれば失敗の支払い（各相手に{contract.value}チップ、"
                                                 f"合わせて−{cost}チップ）ですむので、降伏します。")


def _vole(view: LHombreView) -> Choice:
    """Play on for all nine only when every card left is a sure winner."""
    r = Reading(view)
    unsure = [c for c in view.hand if not r.is_master(c)]
    trumps_out = [c for c in r.unseen if r.suit(c) == TRUMP]
    if not unsure and (not trumps_out or all(r.suit(c) == TRUMP for c in view.hand)):
        held = ("手札は切札だけで、どれもまだ出ていない切札より強い" if trumps_out
                else "まだ出ていない札の中に、手札の札に勝てる同じスートの札も切札もない")
        return Choice(Action("vole"), VOLE, f"{held}ので、負けるトリックはありません。スラムを狙って続けます。")
    if unsure:
        why = f"{name(unsure[0], view.trump)}より強い札がまだ残っていて負けるおそれがあるので"
    else:  # the unseen trumps may lie in the talon or a discard as well as in a hand
        why = f"まだ出ていない切札が{len(trumps_out)}枚あり、勝ち札を切られるおそれがあるので"
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
    if view.seat == view.declarer and top is not None and out and len(own_trumps) >= max(LONG_TRUMPS, len(out) - 1):
        return card_choice(top, DRAW_TRUMPS, f"切札が{len(own_trumps)}枚と長いので、上の切札がまだ相手にあっても、"
                                             f"いちばん強い{name(top, trump)}をリードして相手の切札を抜きます。")
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
    return card_choice(card, LEAD_LOW, _low_lead_words(r, card, own_trumps))


def _low_lead_words(r: Reading, card: Card, trumps: list[Card]) -> str:
    """The low lead said as it is: a defender's sure trumps are named as kept (not 「確実な勝ち札がない」
    beside Spadille), a card alone in its suit is not called 「低い」 (a singleton queen is not), and a
    declarer with trumps left leads it to be able to ruff that suit."""
    trump = r.view.trump
    named, suit, n = name(card, trump), suit_word(r.suit(card)), r.length(r.suit(card))
    sure = [c for c in r.view.hand if c in trumps and r.is_master(c)]  # a defender's: the declarer's is led
    head = (f"確実に勝てる{'・'.join(name(c, trump) for c in sure)}は、デクレアラーの勝ち札を取るときのために残し、"
            if sure else "確実な勝ち札がないので、")
    if n > 1:
        return f"{head}{suit}（{n}枚）から低い{named}をリードします。"
    if trumps and r.me == r.declarer:
        return f"{head}1枚だけ持っている{named}をリードして、{suit}を切札で切れるようにします。"
    return f"{head}1枚だけ持っている{named}をリードします。"


def _follow(r: Reading, cards: list[Card]) -> Choice:
    assert r.best is not None
    seat, best = r.best
    trump = r.view.trump
    if seat == r.partner:
        declarer_after = r.declarer in r.after
        if not declarer_after or r.hold(best, [r.declarer]) >= PARTNER_SAFE:
            under = [c for c in cards if not r.beats(c, best)]
            if under:
                return _lose(r, under, f"味方の{name(best, trump)}が勝ちそうなので", SUPPORT)
            card = min(cards, key=lambda c: (r.suit(c) == TRUMP, r.s.strength[c], PACK.index(c)))
            return card_choice(card, WIN_CHEAPLY, f"味方の{name(best, trump)}が勝ちそうですが、出せる札はどれも"
                                                  f"それより強いので、いちばん安い{name(card, trump)}で"
                                                  f"代わりに取ります。")
    winners = sorted((c for c in cards if r.beats(c, best)), key=lambda c: (r.suit(c) == TRUMP, r.s.strength[c]))
    kept = _matador_kept(r, cards, winners, best)
    if kept is not None:
        return kept
    winner = next((c for c in winners if r.hold(c) >= SAFE), None)
    if winner is not None:
        return card_choice(winner, WIN_CHEAPLY, _take_words(r, best, winners, winner, seat == r.partner))
    return _lose(r, cards, "このトリックは勝てそうにないので", LOSE_CHEAP)


def _matador_kept(r: Reading, cards: list[Card], winners: list[Card], best: Card) -> Choice | None:
    """A defender whose only winners are matadors, on a trick the declarer has already played to and the
    partner has still to play to, keeps them when the partner likely beats the declarer's card anyway: the
    privilege lets a matador stay in the hand on a trump lead, and a matador spent here is one less later."""
    partner = r.partner
    if (not winners or partner < 0 or partner not in r.after or r.declarer in r.after
            or not all(r.s.is_matador(c) for c in winners)):
        return None
    chance = r.beaten(partner, best)
    others = [c for c in cards if c not in winners]
    if chance < PARTNER_SAFE or not others:
        return None
    trump = r.view.trump
    return _lose(r, others, f"味方があとから{name(best, trump)}に勝てる見込みが約{round(chance * 10)}割あるので、"
                            f"マタドールの{'・'.join(name(c, trump) for c in winners)}は残して", SUPPORT)


def _take_words(r: Reading, best: Card, winners: list[Card], winner: Card, partner: bool) -> str:
    """Why ``winner`` takes the trick from ``best`` (``policy.take_words``), over a fellow defender's card
    first why his card is not left to win: the declarer, still to play, would likely beat it."""
    trump = r.view.trump
    b = name(best, trump)
    cheaper = [name(c, trump) for c in winners[:winners.index(winner)]]
    head, later, instead = (f"味方の{b}はデクレアラーに負けそうです。", "それもデクレアラー", "代わりに") if partner \
        else ("", "あとの人", "")
    return head + take_words(b, name(winner, trump), cheaper, len(winners) == 1, later, instead)


def _lose(r: Reading, cards: list[Card], reason: str, rule: Rule) -> Choice:
    """The cheapest card: no trump and no plain king if possible, from the shortest suit, the lowest.  Among
    trumps simply the lowest: the king of trumps ranks below Ponto and Basta, so it goes before them."""
    s = r.s
    card = min(cards, key=lambda c: (r.suit(c) == TRUMP, r.is_master(c), c.rank == KING and r.suit(c) != TRUMP,
                                     r.length(r.suit(c)), s.strength[c], PACK.index(c)))
    return card_choice(card, rule, f"{reason}、{_cheap_words(r, cards, card)}を出します。")


def _cheap_words(r: Reading, cards: list[Card], card: Card) -> str:
    """How ``card`` is the cheap one among ``cards``, in words true of them: 「いちばん安い」 only of the
    lowest card of a single suit; when a plain suit is laid away, its length, 「いちばん短い」 only when
    no other suit is as short, and the cards of shorter suits (kings and the best left in their suits)
    named as kept."""
    trump, suit = r.view.trump, r.suit(card)
    named = name(card, trump)
    same = [c for c in cards if r.suit(c) == suit]
    if len(same) == len(cards):
        return f"いちばん安い{named}" if card == min(same, key=r.s.strength.__getitem__) else named
    n = r.length(suit)
    if n == 1:
        return f"1枚だけ持っている{named}"
    shorter = [c for c in cards if r.suit(c) not in (suit, TRUMP) and r.length(r.suit(c)) < n]
    if shorter:
        kept = "・".join(name(c, trump) for c in r.view.hand if c in shorter)
        return f"あとで取れそうな{kept}は残して、{suit_word(suit)}（{n}枚）からいちばん低い{named}"
    tied = any(r.suit(c) not in (suit, TRUMP) and r.length(r.suit(c)) == n for c in cards)
    return f"{'' if tied else 'いちばん短い'}{suit_word(suit)}（{n}枚）からいちばん低い{named}"


# --- trick play in a nolo ---------------------------------------------------------------------

def _nolo_declarer(r: Reading, cards: list[Card]) -> Choice:
    s = r.s
    if r.best is None:  # leading after a lost trick: the card most likely to be beaten
        card = max(cards, key=lambda c: (len(_above(r, c)), -s.strength[c], -PACK.index(c)))
        return card_choice(card, NOLO_DUCK, _nolo_lead_words(r, card))
    best = r.best.card
    if any(r.suit(c) != r.led for c in cards):  # a void: shed the worst
        card = max(cards, key=lambda c: (s.strength[c] - 2 * r.length(r.suit(c)), -PACK.index(c)))
        return card_choice(card, NOLO_SHED, f"{suit_word(r.led or '')}がないので、あとでトリックを取りそうな"
                                            f"{name(card, '')}を捨てます。")
    under = [c for c in cards if s.strength[c] < s.strength[best]]
    if len(under) == 1:
        return card_choice(under[0], NOLO_DUCK, f"{name(best, '')}より下の札は{name(under[0], '')}だけなので、"
                                                f"これを出してトリックを避けます。")
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


def _above(r: Reading, card: Card) -> list[Card]:
    """The cards not yet played, other than this seat's own, that beat ``card`` in its suit (a shown
    nolo-ouvert hand among them, unless it is this seat's)."""
    strength = r.s.strength
    return [c for c in (*r.unseen, *r.view.exposed) if r.suit(c) == r.suit(card) and strength[c] > strength[card]
            and c not in r.view.hand]


def _nolo_lead_words(r: Reading, card: Card) -> str:
    """The nolo declarer's lead: how many cards not yet played can beat it (「まだ多く」 of two would be false)."""
    named, suit, above = name(card, ""), suit_word(r.suit(card)), len(_above(r, card))
    if not above:
        return (f"手札のどの札にも上になる札がもう残っていないので、このトリックは取ってしまいます。"
                f"{named}をリードします。")
    return f"{named}より上の{suit}はまだ{above}枚出ていないので、これをリードしてほかの人に取らせます。"


def _attack_words(r: Reading, card: Card) -> str:
    """A nolo defender's lead, said as what it can do: a suit the declarer no longer holds, or a card that
    nobody else can beat, cannot make him take the trick, and 「低い」 is said only of a card that is."""
    named, suit, d = name(card, ""), suit_word(r.suit(card)), r.declarer
    his = r.possible(d, r.suit(card))
    if not his:
        return (f"手札のどのスートもデクレアラーはもう持っていないので、このトリックはデクレアラーに取らせられません。"
                f"{named}をリードします。")
    if not _above(r, card):
        return f"{named}に勝てる{suit}はほかの人の手にもうないので、このトリックは自分で取ることになります。"
    if all(r.s.strength[h] > r.s.strength[card] for h in his):
        lower = f"デクレアラーの{suit}のどれよりも" if r.view.exposed else f"{suit}でまだ出ていない札のどれよりも"
        return f"{named}は{lower}低いので、デクレアラーが{suit}を出せば、その札が上になります。"
    low = f"手札の{suit}でいちばん低い" if r.length(r.suit(card)) > 1 else ""
    holds = "持っている" if r.view.exposed else "持っているかもしれない"
    return (f"デクレアラーはまだ{suit}を{holds}ので、{low}{named}をリードして、"
            f"デクレアラーに上を出させることをねらいます。")


def _nolo_defender(r: Reading, cards: list[Card]) -> Choice:
    s, d = r.s, r.declarer
    if r.best is None:  # lead the lowest card of a suit the declarer still holds, lower than his if shown
        def lead_key(c: Card) -> tuple[int, int, int]:
            his = r.possible(d, r.suit(c))
            under = bool(his) and all(s.strength[h] > s.strength[c] for h in his)
            return (-under, -bool(his), s.strength[c])
        card = min(cards, key=lambda c: (*lead_key(c), PACK.index(c)))
        return card_choice(card, NOLO_ATTACK, _attack_words(r, card))
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
    plays = [a for a in view.legal if a.kind == "play"]
    return _play_on(view, plays[0]) if len(plays) == 1 and len(view.legal) > 1 else trick_play(view)


def _play_on(view: LHombreView, only: Action) -> Choice:
    """The declarer's first card when the rules leave him one: his choice was not to surrender, so the hint
    says why, instead of calling the only card 「いちばん安い」 or 「勝てる札のうちいちばん安い」."""
    contract, found = view.contract, play_outlook(view)
    card = name(only.card, view.trump) if only.card is not None else ""
    return Choice(only, FORCED, f"この手で{contract.name}を遊ぶと{found.words()}で、降伏の支払い（合わせて"
                                f"−{2 * contract.value}チップ）より悪くないので、降伏はしません。"
                                f"出せる札は{card}だけなので、これを出します。")


def trick_play(view: LHombreView) -> Choice:
    """The card the rules of thumb play (never a surrender: the tables' playouts use this too)."""
    only = forced(view.legal, len(view.hand), lambda card: name(card, view.trump))
    if only is not None:
        return only
    r = Reading(view)
    cards = [a.card for a in view.legal if a.card is not None]
    if view.contract.nolo:
        return _nolo_declarer(r, cards) if view.seat == view.declarer else _nolo_defender(r, cards)
    return _lead(r, cards) if r.best is None else _follow(r, cards)


def rules_of_thumb(view: LHombreView) -> Choice:
    """The rules of thumb alone, never searching: the playout policy of the coach's imagined deals."""
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


def _net(state: GameState, seat: int) -> Fraction:
    """What a finished deal brought ``seat``, in chips."""
    return Fraction(state.score().totals[SEAT_NAMES[seat]])


COACH = Coach(view=view_of, rules=rules_of_thumb, world=world, value=_net)


def searched(view: LHombreView) -> bool:
    """Whether the card play is close enough to the end for the search to pay: a few tricks left, more
    than one card to choose from, and a trump contract (the nolo play is left to its rules)."""
    cards = [a for a in view.legal if a.kind == "play"]
    return (not view.contract.nolo and len(cards) > 1 and len(cards) == len(view.legal)
            and len(view.hand) <= SEARCH_FROM)


def choose(view: LHombreView) -> Choice:
    """The bot's decision for the seat whose view this is (only among ``view.legal``): a bid, the trump
    suit and the surrender played out in imagined deals; the rules of thumb otherwise, checked near the end
    of the play by imagined deals played out."""
    choice = rules_of_thumb(view)
    if view.phase == "bid" and len(view.legal) > 1:
        return bid_by_play(view, choice)
    if view.phase == "trump" or any(a.kind == "surrender" for a in view.legal):
        options = list(view.legal) if view.phase == "trump" else [Action("surrender"), trick_play(view).action]
        return choose_by_search(COACH, view, view.seat, options, choice, PLAY_IT_OUT,
                                lambda a: _describe(a, view.trump), BID_BUDGET, unit="チップ")
    if view.phase != "play" or not searched(view):
        return choice
    return choose_by_search(COACH, view, view.seat, view.legal, choice, SEARCH, lambda a: _describe(a, view.trump),
                            BUDGET, unit="チップ")


def _describe(action: Action, trump: str) -> str:
    if action.kind.startswith("trump"):
        return f"{FRENCH_SUITS[action.kind[-1]]}を切札にする"
    return name(action.card, trump) if action.card is not None else "降伏"


def _sides(variants: Variants) -> tuple[tuple[int, ...], ...]:
    return ((0,), (1,), (2,))


def _side_name(seat: int, variants: Variants) -> str:
    return SEAT_NAMES[seat]


BOT = Bot(game=GAME, view=view_of, choose=choose, rules=RULES, sides=_sides, side_name=_side_name,
          bench_variants={}, bench_win="even")
