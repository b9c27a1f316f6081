"""Ottocento's combinations: cricche (sets) and the seven sequence families.

Kept apart from the state machine because the same evaluation serves a player's declaration
in hand and a side's captured cards, and because the site must show *how* each combination
was found: which natural cards it uses and which wild card (Bagatto or Matto, the contatori)
filled which gap.  Rules: shared/rules/ottocento.md §5.3–5.5.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ...cards import CAVALIER, JACK, KING, QUEEN, SUITS, Card
from .rules import (
    ACES,
    ANGEL,
    BAGATTO,
    CONTATORI,
    FIGURES,
    KINGS,
    MATTO,
    MOORS,
    NAME,
    NAMING,
    NUMBERED,
    TOP,
    WORLD,
)

CRICCHE: tuple[tuple[str, frozenset[Card], tuple[Card, ...], int], ...] = tuple(
    (f"{name}のクリッカ", frozenset(members), members, value) for name, members, value in (
        ("タロッキ", (ANGEL, WORLD, BAGATTO, MATTO), 18),
        ("キング", tuple(Card(s, KING) for s in SUITS), 17),
        ("クイーン", tuple(Card(s, QUEEN) for s in SUITS), 14),
        ("カバロ", tuple(Card(s, CAVALIER) for s in SUITS), 13),
        ("ジャック", tuple(Card(s, JACK) for s in SUITS), 12),
    ))
# What a contatore does in a sequence, worded once (the words are read only on score sheets).
STANDS_FOR = {card: f"{NAMING.name(card)}の代わり"
              for card in (*TOP, *NUMBERED, *(c for s in SUITS for c in FIGURES[s]))}
SUIT_SEQUENCE_NAMES = {s: f"{NAMING.suits[s]}のシークエンス" for s in SUITS}


@dataclass(frozen=True)
class Combo:
    """One combination found: its family, the natural cards, how contatori were used, its points."""

    kind: str  # "cricca" | "sequence"
    name: str
    cards: tuple[Card, ...]
    wilds: tuple[tuple[Card, str], ...]  # (contatore, what it does)
    value: int
    note: str = ""

    def describe(self) -> str:
        text = "、".join(map(NAME.__getitem__, self.cards))
        if self.wilds:
            text += "；" + "、".join(f"{NAME[c]}が{role}" for c, role in self.wilds)
        size = len(self.cards) + len(self.wilds)
        return f"{text}（{size}枚）" + (f"。{self.note}" if self.note else "")


def sequence_value(size: int) -> int:
    """3 cards 10, +5 for each further card."""
    return 5 * size - 5


def cricche(cards: Iterable[Card]) -> list[Combo]:
    held = cards if isinstance(cards, (set, frozenset)) else set(cards)
    found = []
    for name, members, order, value in CRICCHE:
        if len(members & held) >= 3:
            have = tuple(c for c in order if c in held)
            found.append(Combo("cricca", name, have, (), value * (2 if len(have) == 4 else 1)))
    return found


def _wild_pool(held: set[Card] | frozenset[Card]) -> list[Card]:
    return [c for c in CONTATORI if c in held]


def _grande_run(held: set[Card] | frozenset[Card], moors_extend: bool
                ) -> tuple[list[Card], list[tuple[Card, Card | None]], Card | None, Card | None] | None:
    """The Grande's cards without words: its naturals, each contatore with the card it stands
    for (None: added at the end), the top card left out, the numbered trump where it stops."""
    if ANGEL not in held:
        return None
    top = [c for c in TOP if c in held]
    if not top:
        return None
    wilds = _wild_pool(held)
    missing = [c for c in TOP if c not in held]
    fills: list[tuple[Card, Card | None]] = []
    for gap in missing[1:]:  # the first missing top card may simply be absent
        if not wilds:
            return None
        fills.append((wilds.pop(0), gap))
    naturals = [ANGEL, *top]
    previous_wild, stop = False, None
    for card in NUMBERED:
        if card in held:
            naturals.append(card)
            previous_wild = False
        elif wilds and not previous_wild:
            fills.append((wilds.pop(0), card))
            previous_wild = True
        else:
            stop = card
            break
    if stop is None and moors_extend:
        naturals += [c for c in MOORS if c in held]
    fills += [(w, None) for w in wilds]
    if len(naturals) + len(fills) < 3:
        return None
    return naturals, fills, missing[0] if missing else None, stop


def grande(held: set[Card] | frozenset[Card], moors_extend: bool) -> Combo | None:
    """The trump sequence headed by the Angel (see the dossier's greedy algorithm)."""
    run = _grande_run(held, moors_extend)
    if run is None:
        return None
    naturals, fills, left_out, stop = run
    notes = [f"{NAMING.name(left_out)}は欠けてもよい1枚"] if left_out is not None else []
    if stop is not None:
        notes.append(f"{NAMING.name(stop)}の穴を埋められないので、そこで止まります")
    roles = [(w, "末尾に加わる" if gap is None else STANDS_FOR[gap]) for w, gap in fills]
    return _sequence("グランデ", naturals, roles, "。".join(notes))


def suit_sequence(held: set[Card] | frozenset[Card], suit: str, max_wilds: int) -> Combo | None:
    """King + at least one natural of Q/C/J, three cards at least; the Ace only adds."""
    king = KINGS[suit]
    if king not in held:
        return None
    figures = [c for c in FIGURES[suit] if c in held]
    if not figures:
        return None
    wilds = _wild_pool(held)[:max_wilds]
    if 1 + len(figures) + len(wilds) < 3:
        return None
    missing = [c for c in FIGURES[suit] if c not in held]
    roles = [STANDS_FOR[missing[i]] if i < len(missing) else "末尾に加わる" for i in range(len(wilds))]
    ace = ACES[SUITS.index(suit)]
    naturals = [king, *figures] + ([ace] if ace in held else [])
    return _sequence(SUIT_SEQUENCE_NAMES[suit], naturals, list(zip(wilds, roles, strict=True)))


def set_sequence(held: set[Card] | frozenset[Card], name: str, members: tuple[Card, ...]) -> Combo | None:
    """Moors or Aces: two naturals at least, three cards with the contatori."""
    naturals = [c for c in members if c in held]
    if len(naturals) < 2:
        return None
    wilds = _wild_pool(held)
    if len(naturals) + len(wilds) < 3:
        return None
    return _sequence(name, naturals, [(w, "加わる") for w in wilds])


def _sequence(name: str, naturals: list[Card], fills: list[tuple[Card, str]], note: str = "") -> Combo | None:
    size = len(naturals) + len(fills)
    if size < 3:
        return None
    return Combo("sequence", name, tuple(naturals), tuple(fills), sequence_value(size), note)


def sequences(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Combo]:
    held = cards if isinstance(cards, (set, frozenset)) else set(cards)
    found = [grande(held, moors_extend)]
    found += [suit_sequence(held, suit, max_suit_wilds) for suit in SUITS]
    found += [set_sequence(held, "ムーア人のシークエンス", MOORS), set_sequence(held, "エースのシークエンス", ACES)]
    return [c for c in found if c is not None]


def combinations(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Combo]:
    held = cards if isinstance(cards, (set, frozenset)) else set(cards)
    return cricche(held) + sequences(held, max_suit_wilds, moors_extend)


def combination_cards(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Card]:
    """Every card of ``cards`` that takes part in some combination (what a full declaration shows)."""
    listed = list(cards)
    used = _used_cards(frozenset(listed), max_suit_wilds, moors_extend)
    return [c for c in listed if c in used]


@lru_cache(maxsize=4096)
def _used_cards(held: frozenset[Card], max_suit_wilds: int, moors_extend: bool) -> frozenset[Card]:
    """The cards of some combination, by the same rules as ``combinations`` but without building
    or wording them (asked at every player's first turn); cached for replays of a share code."""
    used: set[Card] = set()
    for _, members, _, _ in CRICCHE:
        have = members & held
        if len(have) >= 3:
            used |= have
    wilds = _wild_pool(held)
    run = _grande_run(held, moors_extend)
    if run is not None:
        used.update(run[0])
        used.update(wilds)
    for suit in SUITS:
        if KINGS[suit] in held:
            figures = [c for c in FIGURES[suit] if c in held]
            suit_wilds = wilds[:max_suit_wilds]
            if figures and 1 + len(figures) + len(suit_wilds) >= 3:
                used.add(KINGS[suit])
                used.update(figures, suit_wilds)
                if ACES[SUITS.index(suit)] in held:
                    used.add(ACES[SUITS.index(suit)])
    for family in (MOORS, ACES):
        naturals = [c for c in family if c in held]
        if len(naturals) >= 2 and len(naturals) + len(wilds) >= 3:
            used.update(naturals, wilds)
    return frozenset(used)


def doubled(combos: list[Combo], kind: str) -> bool:
    """Three or more cricche (or sequences) in one scoring double that kind's points."""
    return sum(c.kind == kind for c in combos) >= 3


def combination_total(combos: list[Combo]) -> int:
    return sum(sum(c.value for c in combos if c.kind == kind) * (2 if doubled(combos, kind) else 1)
               for kind in ("cricca", "sequence"))
