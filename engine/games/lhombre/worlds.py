"""ロンブル: imagined deals that agree with one seat's view, for the coach's search (engine.search).

``world(view, rng)`` deals the cards this seat has not seen so that everything its view shows still
holds: its own hand and discards, the cards played, the suits each seat has shown it lacks (a seat
that kept its trumps back on a trump lead may still hold the matadors the privilege let it keep), the
turned card of a tourné in the declarer's hand, the black aces of a grand-tourné bidder, a nolo-ouvert
hand lying face up.  It then builds the whole deal (hands as dealt, talon in order), so that the other
seats' hidden exchanges can be replayed: each seat's drawn cards are taken from the talon's top in
turn and its discards from the cards nobody has shown.  The view's actions are replayed from the start
and the world is returned at exactly the view's moment, or None when a step turns out illegal.

Every phase is imagined: in the auction the other hands and the talon are simply the cards this seat
has not seen (a grand-tourné bidder's black aces aside), and in the exchange the seats that have drawn
took their cards from the talon's top while the seat laying away now has put down as many unknown cards
as the view counts.  The auction is judged by playing contracts out, the review costs every decision, and
both need worlds before the first card.  It reads nothing but the view.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...cards import TRUMP, Card, Pack
from ...game import Action, IllegalAction
from ...search import deal_unknown
from .rules import BASTA, BY_WORD, SPADILLE, SUITINGS
from .state import LHombreState
from .view import LHombreView

PACK = Pack.LHOMBRE40.cards()


def barred(view: LHombreView) -> list[set[Card]]:
    """For each seat, the unseen cards it cannot hold: the suits it did not follow (on a trump lead,
    the trumps the matador privilege did not cover)."""
    s = SUITINGS[view.trump]
    out: list[set[Card]] = [set(), set(), set()]
    for plays in (*(t.plays for t in view.tricks), view.trick):
        if not plays:
            continue
        lead = plays[0].card
        suit = s.suit_of[lead]
        for seat, card in plays[1:]:
            if s.suit_of[card] != suit:
                kept = s.privileged[lead] if suit == TRUMP else frozenset()
                out[seat] |= {c for c in PACK if s.suit_of[c] == suit and c not in kept}
    return out


def _aces_dealt(view: LHombreView) -> set[int]:
    """The seats that bid (or took over) a grand tourné, so were dealt both black aces."""
    grand = BY_WORD["grand-tourne"]
    seats, standing = set(), None
    for seat, word in view.auction:
        if (word == "self" and standing is grand) or word == grand.word:
            seats.add(seat)
        if word != "pass" and word != "self":
            standing = BY_WORD[word]
    return seats


def _outside(cards: set[Card]) -> Callable[[Card], bool]:
    return lambda card: card not in cards


def _placed(view: LHombreView) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    """The cards each seat has played, and the unplayed cards whose holder the seat knows: a shown
    nolo-ouvert hand, and the turned card of a tourné (the declarer's own once he has drawn it)."""
    me, d = view.seat, view.declarer
    played: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        for seat, card in plays:
            played[seat].append(card)
    known: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    if view.exposed:
        known[d] = list(view.exposed)
    if view.turned is not None and _turned_drawn(view) and view.turned not in played[d] and d != me:
        known[d].append(view.turned)
    return played, known


def _turned_drawn(view: LHombreView) -> bool:
    """Whether a tourné's turned card has left the talon's top for the declarer's hand (his exchange is over)."""
    return view.turned is not None and any(seat == view.declarer for seat, _ in view.exchanged)


def _on_top(view: LHombreView) -> list[Card]:
    """The talon's known top: a tourné's turned card until the declarer draws it."""
    return [view.turned] if view.turned is not None and not _turned_drawn(view) else []


def world(view: LHombreView, rng: random.Random) -> LHombreState | None:
    """An imagined deal agreeing with ``view``, replayed to the view's moment (None: draw again)."""
    if view.phase in ("done", "redeal"):
        return None
    me = view.seat
    played, known = _placed(view)
    seen = set(view.hand) | set(view.laid_away) | {c for cards in played.values() for c in cards}
    seen |= {c for cards in known.values() for c in cards} | set(_on_top(view))
    unseen = [c for c in PACK if c not in seen]
    others = [s for s in range(3) if s != me]
    no = barred(view)
    aces = _aces_dealt(view)
    for seat in others:
        for card in (SPADILLE, BASTA):
            if aces and seat not in aces:
                no[seat].add(card)
    drawn = dict(view.exchanged)
    leftover_size = len(unseen) - sum(view.hand_sizes[s] - len(known[s]) for s in others)
    sizes = [view.hand_sizes[s] - len(known[s]) for s in others] + [leftover_size]
    if min(sizes) < 0:
        return None
    allowed: list[Callable[[Card], bool]] = [_outside(no[s]) for s in others]
    allowed.append(_outside({SPADILLE, BASTA} if aces and me not in aces else set()))
    found = deal_unknown(rng, unseen, sizes, allowed)
    if found is None:
        return None
    current = {me: list(view.hand), others[0]: found[0] + known[others[0]], others[1]: found[1] + known[others[1]]}
    pool = found[2]
    rng.shuffle(pool)
    return _replay(view, current, played, pool, drawn, rng)


def _replay(view: LHombreView, current: dict[int, list[Card]], played: dict[int, list[Card]], pool: list[Card],
            drawn: dict[int, int], rng: random.Random) -> LHombreState | None:
    """The full deal behind these holdings (who drew what, who laid what away), replayed to the view."""
    me, d = view.seat, view.declarer
    dealt: dict[int, list[Card]] = {}
    discards: dict[int, list[Card]] = {}
    took: dict[int, list[Card]] = {}
    for seat in range(3):
        final = current[seat] + played[seat]
        count = drawn.get(seat, 0)
        first = [view.turned] if seat == d and _turned_drawn(view) and view.turned is not None else []
        kept = {SPADILLE, BASTA} if seat == d and view.bid is BY_WORD["grand-tourne"] else set()
        free = [c for c in final if c not in first and c not in kept]
        rng.shuffle(free)
        took[seat] = (first + free)[:count]
        if len(took[seat]) < count:
            return None
        if seat == me:
            discards[seat] = list(view.laid_away)
        else:
            laying = view.pending if view.phase == "exchange" and seat == view.turn else 0
            discards[seat], pool = pool[:count + laying], pool[count + laying:]
        dealt[seat] = [c for c in final if c not in took[seat]] + discards[seat]
    talon = [c for seat, _ in view.exchanged for c in took[seat]] + _on_top(view) + pool
    try:
        state = LHombreState.from_hands([dealt[0], dealt[1], dealt[2] + talon], dict(view.variants))
        for action in _actions(view, discards):
            state.apply(action)
    except (IllegalAction, ValueError):
        return None
    if state.phase != view.phase or state.current_player() != view.turn:
        return None
    return state


def _actions(view: LHombreView, discards: dict[int, list[Card]]) -> list[Action]:
    """The view's history as actions: the auction, the announcement, the trump suit, every finished exchange
    and the cards laid away in the one under way, every card played and the slam decision."""
    actions = [Action(word) for _, word in view.auction]
    if view.declarer < 0:
        return actions
    if view.variant_map.get("allow_upgrade") and view.phase != "announce":
        standing = next((BY_WORD[w] for _, w in reversed(view.auction) if w not in ("pass", "self")), None)
        actions.append(Action("keep" if standing is view.bid else view.contract.word))
    if view.contract.trumps == "named" and view.trump:
        actions.append(Action(f"trump{view.trump}"))
    for seat, _ in view.exchanged:
        actions += [Action("discard", c) for c in discards[seat]] + [Action("draw")]
    if view.phase == "exchange":
        actions += [Action("discard", c) for c in discards[view.turn]]
    cards = [p.card for t in view.tricks for p in t.plays] + [p.card for p in view.trick]
    plays = [Action("play", c) for c in cards]
    if view.vole:
        plays.insert(15, Action("vole"))
    return actions + plays
