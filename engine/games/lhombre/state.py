"""ロンブル (Danish l'Hombre) game state: auction with セルフ, trumps, talon exchanges, nine tricks.

The top of the game's package (rules <- score <- state): the State class the site, the CLI and
the tests drive.  Follows shared/rules/lhombre.md.  Seats 0 forehand, 1 middlehand, 2 the dealer
(rearhand); with four at the table the player opposite the dealer sits out and is not modelled.  Phases:
bid → (announce, with the upgrade switch) → (trump, when the declarer names it) → exchange
→ play → (vole: the slam decision after five straight tricks) → done, or redeal when all pass.
The auction is two duels: forehand against middlehand, then the dealer against the survivor;
the seat with priority may say セルフ to take over the very contract just named against it.
Legal moves come straight from the hand and the trick (``_playable``: follow suit, the matador
privilege); the words of a refusal are built only when someone asks why (``refusal``), and the
random-deal tests check at every step that the two agree.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ...cards import FRENCH_SUITS, SUITS, TRUMP, Card, Pack
from ...game import Action, GameState, IllegalAction, Later, Variants
from ...scoresheet import ScoreSheet
from ...tricks import Play, TrickResult, refusal, table_view, trick_winner
from .rules import (
    BY_WORD,
    CONTRACTS,
    GAME,
    GRAND,
    HAND,
    NAMING,
    SEAT_NAMES,
    SUITINGS,
    TRICKS,
    VARIANTS,
    Contract,
    Suiting,
    decided,
    may_bid_grand,
    rule,
    seat_name,
)
from .score import Position

TRUMP_WORDS = {f"trump{s}": s for s in SUITS}
KEYWORDS = ("pass", "self", *BY_WORD, "keep", *TRUMP_WORDS, "draw", "surrender", "vole", "stop")
PHASE_NAMES = {"bid": "ビッド", "announce": "契約の確定", "trump": "切札の指定", "exchange": "タロンとの交換",
               "play": "トリックのプレイ", "vole": "スラムを狙うかどうかの決定"}
TALON = 40 - 3 * HAND
# The card actions, made once (random play and the computer opponents build thousands of legal sets).
PLAY = {card: Action("play", card) for card in Pack.LHOMBRE40.cards()}
DISCARD = {card: Action("discard", card) for card in Pack.LHOMBRE40.cards()}
SURRENDER, DRAW = Action("surrender"), Action("draw")


@dataclass(frozen=True)
class SeenTrick:
    """A finished trick as everyone saw it: who led, the three plays in order and the winner."""

    leader: int
    plays: tuple[Play, ...]
    winner: int


class LHombreState(GameState):
    GAME = GAME
    TAG = "lhG"
    POSITION = Position
    PACK = Pack.LHOMBRE40
    VARIANTS = VARIANTS
    KEYWORDS = KEYWORDS
    SEATS = 3

    def __init__(self, deal: Sequence[Card], variants: Variants | None = None) -> None:
        super().__init__(deal, variants)
        if len(self.deal) != 40 or set(self.deal) != set(Pack.LHOMBRE40.cards()):
            raise ValueError("配り札は40枚のパックをちょうど1回ずつ含まなければなりません。")
        # Three rounds of three cards from forehand on; the other 13 cards are the talon, top first.
        self.hands: list[list[Card]] = [[c for r in range(3) for c in self.deal[9 * r + 3 * s:9 * r + 3 * s + 3]]
                                        for s in range(3)]
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(tuple(h) for h in self.hands)
        self.talon: list[Card] = list(self.deal[27:])
        self.discards: list[Card] = []
        self.phase, self.turn = "bid", 0
        self.duel: tuple[int | None, int] = (0, 1)  # (seat with priority, the other); None: nobody survived
        self.said: list[tuple[int, str]] = []  # (seat, word) of every bid, self and pass, as the views show it
        self.out = [False, False, False]
        self.bid: Contract | None = None
        self.holder: int | None = None
        self.declarer = -1
        self.trump = ""
        self.turned: Card | None = None
        self.exchangers: list[int] = []
        self.pending = 0  # cards laid away in the current exchange turn
        self.exchanged: list[tuple[int, int]] = []  # (seat, cards exchanged) of each finished exchange turn
        self.laid: list[list[Card]] = [[], [], []]  # the cards each seat laid away (seen only by that seat)
        self.trick: list[Play] = []
        self.last: tuple[tuple[Play, ...], TrickResult] | None = None
        self.tricks = [0, 0, 0]
        self.seen: list[SeenTrick] = []  # the finished tricks as everyone saw them, as the views show them
        self.piles: list[list[Card]] = [[], [], []]  # the cards of the tricks each seat won
        self.vole = self.surrendered = self.declarer_played = False
        self.start_hand: tuple[Card, ...] = ()

    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[Card]], variants: Variants | None = None) -> LHombreState:
        """Nine cards per seat; the dealer's list may go on with talon cards (top first), the rest
        of the talon follows in pack order."""
        if len(hands) != 3 or any(len(h) != HAND for h in hands[:2]) or not HAND <= len(hands[2]) <= HAND + TALON:
            raise ValueError("手札は3人に9枚ずつです（バックハンドの列のあとにタロンの札を続けて書けます）。")
        deal = [c for r in range(3) for h in hands for c in h[3 * r:3 * r + 3]] + list(hands[2][HAND:])
        listed = set(deal)
        if len(listed) != len(deal):
            raise ValueError("同じ札が二度書かれています。")
        return cls(deal + [c for c in Pack.LHOMBRE40.cards() if c not in listed], variants)

    # --- whose turn and what is allowed ------------------------------------------------
    @property
    def contract(self) -> Contract:
        assert self.bid is not None
        return self.bid

    @property
    def suiting(self) -> Suiting:
        return SUITINGS[self.trump]

    def is_terminal(self) -> bool:
        return self.phase in ("done", "redeal")

    def seat_label(self, seat: int) -> str:
        return seat_name(seat)

    def _legal_actions(self) -> list[Action]:
        if self.phase == "play":
            plays = [PLAY[c] for c in self._playable()]
            return [SURRENDER, *plays] if self._may_surrender() else plays
        if self.phase == "exchange":
            draw = [DRAW] if self.pending >= self._minimum() else []
            cards = [DISCARD[c] for c in self.hand(self.turn)] if self.pending < len(self.talon) else []
            return draw + cards
        return [Action(w) for w in self._words()]

    def _playable(self) -> list[Card]:
        """The cards the player to move may play (§4.1, §4.2), in display order (the hands are
        sorted when the play begins): follow the led suit, trumps counting as one suit; never a
        duty to trump or to head the trick; matadors need not answer a trump lead unless a
        higher matador was led.  ``refusal`` words the same rules through ``tricks.refusal``."""
        hand = self.hands[self.turn]
        if not self.trick:
            return list(hand)
        suiting = self.suiting
        suit_of, lead = suiting.suit_of, self.trick[0].card
        suit = suit_of[lead]
        followers = [c for c in hand if suit_of[c] == suit]
        if not followers or (suit == TRUMP and suiting.privileged[lead].issuperset(followers)):
            return list(hand)
        return followers

    def _words(self) -> list[str]:
        if self.phase == "bid":
            return self._bid_words()
        if self.phase == "announce":
            return ["keep", *(c.word for c in self._higher())]
        return list(TRUMP_WORDS) if self.phase == "trump" else ["vole", "stop"] if self.phase == "vole" else []

    def unavailable_words(self) -> list[Action]:
        """In the auction, what a reader may look for but cannot say now, so he can ask why: セルフ
        when a bid stands, and contracts not below the standing one (the equal one, grand tourné)."""
        if self.phase not in ("bid", "announce"):
            return []
        allowed = set(self._words())
        floor = self.bid.rank if self.bid else 0
        candidates = ["self"] if self.phase == "bid" and self.bid else []
        candidates += [c.word for c in CONTRACTS if c.rank >= floor and c is not self.bid]
        return [Action(w) for w in candidates if w not in allowed]

    def _bid_words(self) -> list[str]:
        may_self = self.bid is not None and self.holder is not None and self.turn < self.holder \
            and (self.bid is not GRAND or may_bid_grand(self.dealt[self.turn]))
        return ["pass", *(["self"] if may_self else []), *(c.word for c in self._higher())]

    def _higher(self) -> list[Contract]:
        """Contracts of strictly higher rank than the standing one (so never the other of an equal pair)."""
        floor = self.bid.rank if self.bid else 0
        grand = may_bid_grand(self.dealt[self.turn])
        return [c for c in CONTRACTS if c.rank > floor and (c is not GRAND or grand)]

    def _minimum(self) -> int:
        """Cards the exchanging seat must lay away: the declarer one in tourné (the turned card is
        his), and with the minimum switch in every contract where he exchanges."""
        if self.turn != self.declarer:
            return 0
        return int(self.turned is not None or bool(self.variants["declarer_exchange"]))

    def _may_surrender(self) -> bool:
        return self.turn == self.declarer and not self.declarer_played

    def refusal(self, action: Action) -> str | None:
        if self.is_terminal():
            return "このディールはもう終わっています。"
        if action.take:
            return "ロンブルには場の札を取る手はありません。札は1枚ずつトリックに出します。"
        if self.phase == "play" and action.kind == "play" and action.card is not None:
            return self._play_refusal(action.card)  # the hot path: one card, no legal set
        return None if action in self.legal_actions() else self._why_not(action)

    def _why_not(self, action: Action) -> str:
        expected = {"bid": ("pass", "self", *BY_WORD), "announce": ("keep", *BY_WORD), "trump": tuple(TRUMP_WORDS),
                    "exchange": ("discard", "draw"), "play": ("play", "surrender"), "vole": ("vole", "stop")}
        if action.kind not in expected[self.phase] or (action.card is None) == (action.kind in ("discard", "play")):
            return f"今は{PHASE_NAMES[self.phase]}の番です。"
        if self.phase in ("bid", "announce"):
            return self._bid_refusal(action.kind)
        if self.phase == "exchange":
            return self._exchange_refusal(action)
        if action.kind == "surrender":
            return "降伏できるのは、デクレアラーが自分の最初の札を出す前だけです。"
        assert action.card is not None
        return self._play_refusal(action.card) or "その札は出せません。"

    def _bid_refusal(self, word: str) -> str:
        if word == "self":
            if self.bid is None:
                return "まだ誰も契約を申告していないので、セルフはできません。"
            if self.holder == self.turn:
                return "自分の申告にセルフはできません。"
            return ("セルフできるのは、席の優先順位が上の人（フォアハンド > ミドルハンド > バックハンド）が、"
                    "下の人の申告した契約を引き取るときだけです。")
        wanted = BY_WORD[word]
        if wanted is GRAND and not may_bid_grand(self.dealt[self.turn]):
            return "グランド・トゥルネは、スパディエとバスタの両方を配られた人だけが申告できます。"
        assert self.bid is not None
        if wanted.rank == self.bid.rank and wanted is not self.bid:
            return (f"{wanted.name}は{self.bid.name}と同じ強さなので、{self.bid.name}のあとには申告できません"
                    f"（できるのは同じ契約のセルフか、より上位のノロ・ウベルトです）。")
        return f"いまの契約は{self.bid.name}です。それより上位の契約しか申告できません。"

    def _exchange_refusal(self, action: Action) -> str:
        if action.kind == "draw":
            if self.turned is not None:
                return "トゥルネでは表にした札を必ず受け取るので、先に少なくとも1枚捨ててください。"
            return "デクレアラーは少なくとも1枚交換しなければなりません。先に捨てる札を選んでください。"
        if action.card not in self.hands[self.turn]:
            return "その札は手札にありません。"
        return f"タロンには{len(self.talon)}枚しか残っていないので、これ以上は捨てられません。"

    def _play_refusal(self, card: Card) -> str | None:
        suiting = self.suiting
        reason = refusal(card, self.hands[self.turn], self.trick, suiting.policy, suiting.naming)
        if reason is None:
            return None
        if reason.code != "must_follow" or reason.led_suit != TRUMP:
            return reason.message
        lead, naming = self.trick[0].card, suiting.naming
        held = [c for c in reason.required if suiting.is_matador(c)]
        if held and len(held) == len(reason.required):
            return (f"リードされた{naming.name(lead)}は、あなたの{'、'.join(map(naming.name, held))}より上の"
                    f"マタドールです。格上のマタドールがリードされたときは、マタドールの特権はなくなり、"
                    f"切札を出さなければなりません。")
        if held:
            return (f"{reason.message}マタドールを出さずにすむ特権は、持っている切札がマタドールだけのときに"
                    f"限られます。")
        return reason.message

    def explain(self, action: Action) -> str:
        """As GameState.explain, and a legally withheld matador says so (the privilege at work)."""
        text = super().explain(action)
        if self.refusal(action) is None and action.kind == "play" and action.card is not None \
                and self.trick and self.suiting.suit_of[self.trick[0].card] == TRUMP \
                and self.suiting.suit_of[action.card] != TRUMP:
            held = [c for c in self.hands[self.turn] if self.suiting.suit_of[c] == TRUMP]
            if held:
                names = "、".join(map(self.suiting.naming.name, held))
                return (f"{text}切札がリードされていますが、手元の切札は{names}でマタドールだけなので、"
                        f"出さなくてかまいません（マタドールの特権）。")
        return text

    def card_kind(self) -> str:
        return "discard" if self.phase == "exchange" else "play"

    def describe(self, action: Action) -> str:
        word = action.kind
        if action.card is not None:
            name = self.suiting.naming.name(action.card)
            return f"{name}を捨てる" if word == "discard" else name
        if word in BY_WORD:
            return BY_WORD[word].name
        if word in TRUMP_WORDS:
            return f"切札は{FRENCH_SUITS[TRUMP_WORDS[word]]}"
        if word == "self":
            return f"セルフ（{self.bid.name}）" if self.bid else "セルフ"
        if word == "draw":
            return f"{self.pending}枚引く" if self.pending else "交換しない"
        if word == "keep":
            return f"{self.bid.name}のまま" if self.bid else "このまま"
        return {"pass": "パス", "surrender": "降伏する", "vole": "スラムを狙って続ける",
                "stop": "ここでやめて成功にする"}[word]

    def choice_label(self) -> str:
        return "捨てる札を選んでください:"

    # --- applying actions --------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        word, card = action.kind, action.card
        if self.phase == "bid":
            self._bid(word)
        elif self.phase == "announce":
            self._announce(word)
        elif self.phase == "trump":
            self._set_trump(TRUMP_WORDS[word])
        elif card is not None:
            (self._discard if word == "discard" else self._play)(card)
        else:
            {"draw": self._draw, "surrender": self._surrender, "vole": self._go_for_vole,
             "stop": self._stop}[word]()

    def _bid(self, word: str) -> None:
        x = self.turn
        self.said.append((x, word))
        if word == "pass":
            self.out[x] = True
            self.log.append(f"{seat_name(x)}はパスしました（このディールではもうビッドできません）。")
        else:
            self.bid = self.bid if word == "self" else BY_WORD[word]
            self.holder = x
            self.log.append(f"{seat_name(x)}がセルフと言って{self.contract.name}を引き取りました。" if word == "self"
                            else f"{seat_name(x)}が{self.contract.name}を申告しました。")
        first, second = self.duel
        other = second if x == first else first
        if other is None or self.out[other] or (word == "pass" and other == self.holder):
            self._end_duel()
        else:
            self.turn = other

    def _end_duel(self) -> None:
        if self.duel == (0, 1):
            self.duel, self.turn = (self.holder, 2), 2
            return
        if self.holder is None:
            self.phase = "redeal"
            self.log.append("全員がパスしたので、このディールは遊びません。次のディーラーが配り直します。")
            return
        self.declarer = self.turn = self.holder
        self.log.append(f"{seat_name(self.declarer)}が{self.contract.name}のデクレアラーになりました。")
        if self.variants["allow_upgrade"]:
            self.phase = "announce"
        else:
            self._set_up_contract()

    def _announce(self, word: str) -> None:
        if word != "keep":
            self.bid = BY_WORD[word]
            self.log.append(f"デクレアラーは契約を{self.contract.name}に引き上げました。")
        self._set_up_contract()

    def _set_up_contract(self) -> None:
        kind = self.contract.trumps
        if kind == "named":
            self.phase = "trump"
            return
        if kind == "turned":
            self.turned = self.talon[0]
            self.log.append(f"タロンのいちばん上の{NAMING.name(self.turned)}を表にしました。")
        self._set_trump(self.turned.suit if self.turned else kind)

    def _set_trump(self, suit: str) -> None:
        self.trump = suit
        self.log.append(f"切札は{FRENCH_SUITS[suit]}です。" if suit else "ノロなので切札はありません。")
        c, d = self.contract, self.declarer
        self.exchangers = ([d] if c.declarer_exchanges else []) + ([(d + 1) % 3, (d + 2) % 3]
                                                                  if c.opponents_exchange else [])
        self._next_exchanger()

    def _next_exchanger(self) -> None:
        self.pending = 0
        if self.exchangers:
            self.phase, self.turn = "exchange", self.exchangers.pop(0)
            return
        self.phase, self.turn = "play", 0
        order = self.suiting.order.__getitem__
        for hand in self.hands:
            hand.sort(key=order)
        self.start_hand = tuple(self.hands[self.declarer])
        self.log.append("フォアハンドが最初のトリックをリードします。")

    def _discard(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.discards.append(card)
        self.laid[self.turn].append(card)
        self.pending += 1

    def _draw(self) -> None:
        self.exchanged.append((self.turn, self.pending))
        drawn, self.talon = self.talon[:self.pending], self.talon[self.pending:]
        self.hands[self.turn] += drawn
        who = seat_name(self.turn)
        self.log.append(f"{who}は{len(drawn)}枚捨てて、タロンから{len(drawn)}枚引きました。" if drawn
                        else f"{who}は交換しませんでした。")
        self._next_exchanger()

    def _surrender(self) -> None:
        self.surrendered, self.phase = True, "done"
        self.log.append(f"{seat_name(self.declarer)}は降伏しました。失敗として精算します。")

    def _go_for_vole(self) -> None:
        self.vole, self.phase = True, "play"
        self.log.append("デクレアラーはスラム（9トリック全部）を狙って続けます。")

    def _stop(self) -> None:
        self.phase = "done"
        self.log.append("デクレアラーは5トリックでやめました。成功として精算します。")

    def _play(self, card: Card) -> None:
        self.hands[self.turn].remove(card)
        self.trick.append(Play(self.turn, card))
        if self.turn == self.declarer:
            self.declarer_played = True
        if len(self.trick) < 3:
            self.turn = (self.turn + 1) % 3
            return
        suiting = SUITINGS[self.trump]
        result = trick_winner(self.trick, suiting.policy, suiting.naming, SEAT_NAMES)
        self.tricks[result.winner] += 1
        self.piles[result.winner] += [p.card for p in self.trick]
        self.seen.append(SeenTrick(self.trick[0].seat, tuple(self.trick), result.winner))
        self.last, self.trick, self.turn = (tuple(self.trick), result), [], result.winner
        number = sum(self.tricks)
        self.log.append(Later(lambda: f"第{number}トリック: {result.message}"))
        self._after_trick(result.winner)

    def _after_trick(self, winner: int) -> None:
        c, d, played = self.contract, self.declarer, sum(self.tricks)
        if self.vole:
            if winner != d or played == TRICKS:
                self.phase = "done"
        elif not c.nolo and played == 5 and self.tricks[d] == 5:
            self.phase, self.turn = "vole", d
        elif decided(c, (self.tricks[0], self.tricks[1], self.tricks[2]), d):
            self.phase = "done"
            if played < TRICKS:
                self.log.append("結果がもう変わらないので、ここでプレイを終えます。")

    # --- results -----------------------------------------------------------------------
    def position(self) -> Position:
        if self.phase != "done":
            raise IllegalAction("ディールが終わるまで精算はできません。")
        return Position(self.contract, self.declarer, self.trump, (self.tricks[0], self.tricks[1], self.tricks[2]),
                        self.vole, self.surrendered, self.start_hand, self.variants)

    def score(self) -> ScoreSheet:
        if self.phase == "redeal":
            sheet = ScoreSheet("ロンブルの精算")
            sheet.add("", "全員パス", rule("all-pass"), "誰も契約を申告しなかったので、受け払いはありません。")
            sheet.totals = {name: 0 for name in SEAT_NAMES}
            return sheet
        return self.position().score()

    def tally(self) -> list[tuple[str, str]]:
        """The tricks each active seat has won so far (l'Hombre counts no card points), the
        declarer marked, from the start of the play; nothing before it or after a surrender."""
        if self.phase not in ("play", "vole", "done") or self.surrendered:
            return []
        return [(f"{name}（デクレアラー）" if seat == self.declarer else name, f"{count}トリック")
                for seat, (name, count) in enumerate(zip(SEAT_NAMES, self.tricks, strict=True))]

    def hand(self, seat: int) -> list[Card]:
        if self.phase in ("play", "vole", "done"):
            return list(self.hands[seat])  # sorted when the play began; playing a card keeps the order
        return sorted(self.hands[seat], key=self.suiting.order.__getitem__)

    def shown_hands(self) -> list[tuple[int, list[Card]]]:
        """Nolo ouvert: the declarer's hand lies face up from his first card on (rules page, 契約)."""
        if self.bid is None or self.bid.word != "nolo-ouvert" or not self.declarer_played:
            return []
        return [(self.declarer, list(self.hands[self.declarer]))]

    def table(self) -> tuple[list[tuple[str, Card]], str, int | None]:
        if self.phase == "bid":
            standing = f"いまの契約: {self.bid.name}（{seat_name(self.holder or 0)}）" if self.bid else \
                "まだ誰も契約を申告していません。"
            return [], standing, None
        if self.phase in ("announce", "trump", "exchange"):
            shown = [("表にした札", self.turned)] if self.turned in self.talon else []
            return shown, f"{self.contract.name}。タロンの残りは{len(self.talon)}枚です。", None
        return table_view(self.trick, self.last, SEAT_NAMES)

    def fingerprint(self) -> Hashable:
        return (self.deal, tuple(sorted(self.variants.items())), tuple(self.history), self.phase, self.turn,
                tuple(map(tuple, self.hands)), tuple(self.talon), tuple(self.discards), self.duel,
                tuple(self.out), self.bid, self.holder, self.declarer, self.trump, self.turned,
                tuple(self.exchangers), self.pending, tuple(self.trick), self.last, tuple(self.tricks),
                tuple(map(tuple, self.piles)), self.vole, self.surrendered, self.declarer_played, self.start_hand)
