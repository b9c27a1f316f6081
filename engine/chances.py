"""What one seat can tell in a partnership trick game in which a player must follow suit and, without
the suit, must trump (Lombardia, Ottocento): the cards still out, the voids the others have shown, and
from those the chance that a card holds the trick.  The computer opponents of both games read their
seat's view through it; nothing goes in that the view does not show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from functools import cache

from .cards import TRUMP, Card, Pack


def misses(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards taken at random from ``pool`` include none of ``wanted`` given ones."""
    chance = 1.0
    for i in range(min(drawn, pool)):
        if pool - wanted - i <= 0:
            return 0.0
        chance *= (pool - wanted - i) / (pool - i)
    return chance


def lacks(led: str | None, card: Card) -> tuple[str, ...]:
    """The suits a player shows he lacks by playing ``card`` to a trick whose suit led is ``led`` (None when
    nothing but the Fool is on the table yet): not following shows a void in the suit led, and not trumping
    either a void in trumps too.  The Fool (Matto) shows nothing."""
    if card.is_fool or led is None or card.suit == led:
        return ()
    return (led,) if card.is_trump else (led, TRUMP)


def shown_voids(seats: int, tricks: Iterable[Iterable[tuple[int, Card]]]) -> dict[int, set[str]]:
    """The suits each seat has shown it lacks in these tricks (the suit led is set by the first card that
    is not the Fool)."""
    voids: dict[int, set[str]] = {s: set() for s in range(seats)}
    for plays in tricks:
        led: str | None = None
        for seat, card in plays:
            voids[seat].update(lacks(led, card))
            if led is None and not card.is_fool:
                led = card.suit
    return voids


@cache
def _suit_cards(pack: Pack) -> dict[str, tuple[Card, ...]]:
    """The pack's cards by suit, in pack order: built once per pack, since every decision reads it."""
    found: dict[str, list[Card]] = {}
    for card in pack.cards():
        found.setdefault(card.suit, []).append(card)
    return {suit: tuple(cards) for suit, cards in found.items()}


class TrickChances:
    """The seat's knowledge of the play.  ``beats(card, best)`` is the game's rule for a later card taking
    the trick from the best one so far, ``located`` the unseen cards known to be in a hand (exposed or
    declared), ``voids`` the suits each seat has shown it lacks (``shown_voids``; the seat's reading may add
    what the partner's signals tell)."""

    def __init__(self, pack: Pack, beats: Callable[[Card, Card], bool], seat: int, teams: Sequence[int],
                 hand_sizes: Sequence[int], unseen: AbstractSet[Card], located: dict[int, set[Card]],
                 voids: dict[int, set[str]], trick: Sequence[tuple[int, Card]]) -> None:
        seats = len(teams)
        self.beats = beats
        self.me, self.partner = seat, (seat + 2) % seats
        self.hand_sizes = hand_sizes
        self.unseen = unseen
        self.located = located
        self.placed = set().union(*located.values())  # the unseen cards whose hand is known
        self.suit_cards = _suit_cards(pack)
        self.voids = voids
        self.pool = len(unseen) - sum(len(cards) for cards in located.values())
        self.best: tuple[int, Card] | None = None
        for player, card in trick:
            if not card.is_fool and (self.best is None or beats(card, self.best[1])):
                self.best = (player, card)
        later = [(seat + i) % seats for i in range(1, seats - len(trick))]
        self.opponents_after = [s for s in later if teams[s] != teams[seat]]
        self.led = next((card.suit for _, card in trick if not card.is_fool), None)
        self._held: dict[Card, float] = {}  # hold() per card: the bots ask it several times in one decision
        self._loose: dict[str, list[Card]] = {}  # per suit, the unseen cards whose hand is not known
        self._top: dict[str, Card | None] = {}  # per suit, the strongest card still out

    def void(self, seat: int, suit: str) -> float:
        """The chance that ``seat`` holds no card of ``suit``."""
        if suit in self.voids[seat]:
            return 1.0
        if any(c.suit == suit for c in self.located[seat]):
            return 0.0
        return self._none_held(seat, suit)

    def holds_above(self, seat: int, card: Card) -> float:
        """The chance that ``seat`` holds a card of ``card``'s suit that beats it: one at least of the
        higher cards still out among the cards of his hand not yet known (a King out against a Queen is
        in a given opponent's hand about as often as his share of the unknown cards, not one time in
        the number of cards of the suit still out)."""
        if card.suit in self.voids[seat]:
            return 0.0
        if any(c.suit == card.suit and self.beats(c, card) for c in self.located[seat]):
            return 1.0
        return 1.0 - self._none_held(seat, card.suit, card)

    def _none_held(self, seat: int, suit: str, above: Card | None = None) -> float:
        """The chance that none of the unplaced cards of ``suit`` still out (only those beating ``above``,
        when given) is among the cards of ``seat``'s hand not yet known."""
        out = self._loose.get(suit)
        if out is None:
            out = self._loose[suit] = [c for c in self.suit_cards[suit] if c in self.unseen and c not in self.placed]
        wanted = len(out) if above is None else sum(1 for c in out if self.beats(c, above))
        return misses(self.pool, wanted, self.hand_sizes[seat] - len(self.located[seat]))

    def beaten_by(self, seat: int, card: Card, led: str) -> float:
        """The chance that ``seat`` beats ``card``: with a higher card of its suit when he has one (he
        must follow, and takes the trick when he can), or by trumping when he lacks the suit led (the
        rules make him trump whenever he can)."""
        if card.is_trump:
            over = self.holds_above(seat, card)
            return over if led == TRUMP else self.void(seat, led) * over
        return self.holds_above(seat, card) + self.void(seat, led) * (1.0 - self.void(seat, TRUMP))

    def hold(self, card: Card) -> float:
        """The chance that ``card`` still wins the trick once the opponents after this seat have played."""
        if card not in self._held:
            led = self.led or card.suit
            chance = 1.0
            for seat in self.opponents_after:
                chance *= 1.0 - self.beaten_by(seat, card, led)
            self._held[card] = chance
        return self._held[card]

    def is_master(self, card: Card) -> bool:
        """No card still out beats ``card`` inside its suit (the strongest one out does not)."""
        suit = card.suit
        if suit not in self._top:
            top = None
            for c in self.suit_cards[suit]:
                if c in self.unseen and (top is None or self.beats(c, top)):
                    top = c
            self._top[suit] = top
        top = self._top[suit]
        return top is None or not self.beats(top, card)
