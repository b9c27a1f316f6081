"""What a computer opponent is: a policy over one seat's view, and the rules of thumb it names.

Each game with a practice table has ``games/<game>/view.py`` (what one seat may see: its own hand,
the cards played, the table, public declarations; never another hand or the stock order) and
``games/<game>/bot.py`` (a policy that reads only such a view and picks one of the legal actions
the view lists).  The policy names the rule of thumb behind every choice, because the practice
table's coach gives the very same choice as a hint with that rule's reason.  Nothing here is
random: a bot's choice is a function of the view, so a deal played from a seed is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .cards import Card
from .game import Action, GameState, Variants

V = TypeVar("V")


@dataclass(frozen=True)
class Rule:
    """A rule of thumb: a short Japanese name (「安く勝つ」) that the coach shows as the hint's title."""

    name: str
    summary: str  # what the rule says in general, one Japanese sentence (the rules list on the page)


@dataclass(frozen=True)
class Choice:
    """A decision with its reason: the rule of thumb and one Japanese sentence about this position."""

    action: Action
    rule: Rule
    why: str


FORCED = Rule("出せる札が1枚だけ", "フォローなどの決まりで出せる札が1枚しかないときは、それを出します。")


def forced(legal: Sequence[Action], hand: int, named: Callable[[Card], str]) -> Choice | None:
    """The one card a seat may play, said as what it is: no rule of thumb chose it, and a hint that
    called it 「いちばん安い札」 or 「勝てる札のうちいちばん安い札」 would teach a choice that was never there.
    None when the seat has anything to choose (another card, a signal, a surrender)."""
    if len(legal) != 1 or legal[0].kind != "play" or legal[0].card is None:
        return None
    card = named(legal[0].card)
    why = f"手札は{card}だけなので、これを出します。" if hand == 1 else f"出せる札は{card}だけなので、これを出します。"
    return Choice(legal[0], FORCED, why)


SHORT_SUIT = 3  # a suit of at most this many cards is one that a few leads empty
LEAD_CHEAP = Rule("安い札でリード", "勝ち札がなく、すぐに切らせるほど短いスートもなければ、短いスートの"
                  "いちばん安い札をリードして、切札や強い札は後に残します。")


def short_lead(action: Action, short: Rule, suit: str, length: int, card: str, only: bool,
               where: str = "", trumps: bool = True, sole: str = "", tied: bool = False) -> Choice:
    """A lead of the cheapest card of the shortest suit, under the game's rule for emptying a short suit
    (``short``) only when the suit is short enough to be emptied; a long one is led under ``LEAD_CHEAP``
    (「早くこのスートを切らします」 of a suit of six would be false).  ``where`` narrows the suits compared
    (「…を除くと、」), and comes first: 「どのスートもすぐには切らせない」 alone would be false beside a short
    suit it passed over.

    A suit with no rival is named as such (「いちばん短い」 of it would be empty): the only suit left
    (``only``), or the only one of a kind the game prefers to lead (``sole``: 「点札を持っていないスートは」,
    other suits still held).  A suit as short as another one compared (``tied``) is 「短いスートのひとつ」:
    「いちばん短い」 would single it out among equals.  The trumps are named only while the hand holds some
    (``trumps``), and emptying the suit is worth saying only when it lets the hand trump or discard other suits."""
    if only or sole:
        kind = sole or f"{'切札のほかに' if trumps else ''}持っているスートは"
        lead = f"{kind}{suit}（{length}枚）だけなので、{'いちばん安い' if length > 1 else ''}{card}をリードし"
        if length <= SHORT_SUIT and (trumps or sole):
            return Choice(action, short, f"{lead}て、早くこのスートを切らします。")
        return Choice(action, LEAD_CHEAP, f"{lead}て、切札は後に残します。" if trumps else f"{lead}ます。")
    shortest = f"短いスートのひとつ、{suit}" if tied else f"いちばん短い{suit}"
    if length <= SHORT_SUIT:
        return Choice(action, short, f"{where}{shortest}（{length}枚）から{card}をリードして、"
                                     f"早くこのスートを切らします。")
    return Choice(action, LEAD_CHEAP, f"{where}どのスートもすぐには切らせないので、{shortest}"
                                      f"（{length}枚）から、いちばん安い{card}をリードします。")


def take_words(best: str, winner: str, cheaper: Sequence[str], alone: bool, later: str = "あとの人",
               instead: str = "") -> str:
    """Why ``winner`` takes the trick from ``best``, in the words every trick game uses: the one card that
    beats it (no choice to explain), the cheapest winner (the stronger ones kept), or one likely to stay on
    top when cheaper winners (``cheaper``, cheapest first) would likely be beaten by a player still to come
    (``later``); not 「いちばん安い」 then, as the winner chosen may be a court with points.  ``instead`` is
    「代わりに」 when the trick was a partner's."""
    if alone:
        return f"{best}に勝てる札は{winner}だけなので、{winner}で{instead}取ります。"
    if cheaper:
        return (f"{best}には{cheaper[0]}{'など' if len(cheaper) > 1 else ''}でも今は勝てますが、{later}に"
                f"上回られそうなので、勝ち残れそうな{winner}で{instead}取ります。")
    return f"{best}には{winner}で勝てます。勝てる札のうちいちばん安い札で{instead}取り、強い札は温存します。"


@dataclass(frozen=True)
class Bot(Generic[V]):
    """A game's computer opponent and what the benchmark and the table need to know about its game.

    ``view`` builds a seat's view of a state; ``choose`` sees only that view.  ``sides`` lists the
    seats that score together under given variants (partners, or each player alone) and ``side_name``
    the score sheet's total that a seat's points are in."""

    game: str
    view: Callable[[GameState, int], V]
    choose: Callable[[V], Choice]
    rules: tuple[Rule, ...]
    sides: Callable[[Variants], tuple[tuple[int, ...], ...]]
    side_name: Callable[[int, Variants], str]
    bench_variants: Variants  # the table the strength benchmark plays (Napoletanisch: two players)
    # What the benchmark counts as a won deal: "most", the bot side scored more than every other side
    # (partnerships, two players); "even", the bot seat's net is >= 0 (each seat alone against a
    # declarer, as in Rotarot and l'Hombre, where the benchmark's margin is then the bot's mean net).
    bench_win: str = "most"

    def decide(self, state: GameState, seat: int) -> Choice:
        """The bot's choice for ``seat`` in ``state``, made from that seat's view only."""
        return self.choose(self.view(state, seat))


AnyBot = Bot[Any]
