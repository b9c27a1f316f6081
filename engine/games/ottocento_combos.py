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

from ..cards import CAVALIER, FOOL, JACK, KING, NAMINGS, QUEEN, SUITS, TRUMP, Card

NAMING = NAMINGS["ottocento"]
ANGEL, WORLD, SUN, MOON = (Card(TRUMP, n) for n in (21, 20, 19, 18))
BAGATTO, MATTO = Card(TRUMP, 1), Card(FOOL, 0)
CONTATORI = (BAGATTO, MATTO)
NUMBERED = tuple(Card(TRUMP, n) for n in range(17, 5, -1))  # Bolognese 16 .. 5
MOORS = tuple(Card(TRUMP, n) for n in (5, 4, 3, 2))
ACES = tuple(Card(s, 1) for s in SUITS)

CRICCHE: tuple[tuple[str, tuple[Card, ...], int], ...] = (
    ("タロッキ", (ANGEL, WORLD, BAGATTO, MATTO), 18),
    ("キング", tuple(Card(s, KING) for s in SUITS), 17),
    ("クイーン", tuple(Card(s, QUEEN) for s in SUITS), 14),
    ("カバロ", tuple(Card(s, CAVALIER) for s in SUITS), 13),
    ("ジャック", tuple(Card(s, JACK) for s in SUITS), 12),
)


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
        text = "、".join(NAMING.name(c) for c in self.cards)
        if self.wilds:
            text += "；" + "、".join(f"{NAMING.name(c)}が{role}" for c, role in self.wilds)
        size = len(self.cards) + len(self.wilds)
        return f"{text}（{size}枚）" + (f"。{self.note}" if self.note else "")


def sequence_value(size: int) -> int:
    """3 cards 10, +5 for each further card."""
    return 5 * size - 5


def cricche(cards: Iterable[Card]) -> list[Combo]:
    held = set(cards)
    found = []
    for name, members, value in CRICCHE:
        have = tuple(c for c in members if c in held)
        if len(have) >= 3:
            found.append(Combo("cricca", f"{name}のクリッカ", have, (), value * (2 if len(have) == 4 else 1)))
    return found


def _wild_pool(held: set[Card]) -> list[Card]:
    return [c for c in CONTATORI if c in held]


def grande(held: set[Card], moors_extend: bool) -> Combo | None:
    """The trump sequence headed by the Angel (see the dossier's greedy algorithm)."""
    top = [c for c in (WORLD, SUN, MOON) if c in held]
    if ANGEL not in held or not top:
        return None
    wilds = _wild_pool(held)
    missing = [c for c in (WORLD, SUN, MOON) if c not in held]
    fills: list[tuple[Card, str]] = []
    for gap in missing[1:]:  # the first missing top card may simply be absent
        if not wilds:
            return None
        fills.append((wilds.pop(0), f"{NAMING.name(gap)}の代わり"))
    naturals = [ANGEL, *top]
    notes = [f"{NAMING.name(missing[0])}は欠けてもよい1枚"] if missing else []
    previous_wild, stop = False, None
    for card in NUMBERED:
        if card in held:
            naturals.append(card)
            previous_wild = False
        elif wilds and not previous_wild:
            fills.append((wilds.pop(0), f"{NAMING.name(card)}の代わり"))
            previous_wild = True
        else:
            stop = card
            break
    if stop is not None:
        notes.append(f"{NAMING.name(stop)}の穴を埋められないので、そこで止まります")
    elif moors_extend:
        naturals += [c for c in MOORS if c in held]
    fills += [(w, "末尾に加わる") for w in wilds]
    return _sequence("グランデ", naturals, fills, "。".join(notes))


def suit_sequence(held: set[Card], suit: str, max_wilds: int) -> Combo | None:
    """King + at least one natural of Q/C/J, three cards at least; the Ace only adds."""
    if Card(suit, KING) not in held:
        return None
    figures = [Card(suit, r) for r in (QUEEN, CAVALIER, JACK) if Card(suit, r) in held]
    wilds = _wild_pool(held)[:max_wilds]
    if not figures or 1 + len(figures) + len(wilds) < 3:
        return None
    missing = [Card(suit, r) for r in (QUEEN, CAVALIER, JACK) if Card(suit, r) not in held]
    roles = [f"{NAMING.name(missing[i])}の代わり" if i < len(missing) else "末尾に加わる"
             for i in range(len(wilds))]
    naturals = [Card(suit, KING), *figures] + ([Card(suit, 1)] if Card(suit, 1) in held else [])
    return _sequence(f"{NAMING.suits[suit]}のシークエンス", naturals, list(zip(wilds, roles, strict=True)))


def set_sequence(held: set[Card], name: str, members: tuple[Card, ...]) -> Combo | None:
    """Moors or Aces: two naturals at least, three cards with the contatori."""
    naturals = [c for c in members if c in held]
    wilds = _wild_pool(held)
    if len(naturals) < 2 or len(naturals) + len(wilds) < 3:
        return None
    return _sequence(name, naturals, [(w, "加わる") for w in wilds])


def _sequence(name: str, naturals: list[Card], fills: list[tuple[Card, str]], note: str = "") -> Combo | None:
    size = len(naturals) + len(fills)
    if size < 3:
        return None
    return Combo("sequence", name, tuple(naturals), tuple(fills), sequence_value(size), note)


def sequences(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Combo]:
    held = set(cards)
    found = [grande(held, moors_extend)]
    found += [suit_sequence(held, suit, max_suit_wilds) for suit in SUITS]
    found += [set_sequence(held, "ムーア人のシークエンス", MOORS), set_sequence(held, "エースのシークエンス", ACES)]
    return [c for c in found if c is not None]


def combinations(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Combo]:
    listed = list(cards)
    return cricche(listed) + sequences(listed, max_suit_wilds, moors_extend)


def combination_cards(cards: Iterable[Card], max_suit_wilds: int, moors_extend: bool) -> list[Card]:
    """Every card of ``cards`` that takes part in some combination (what a full declaration shows)."""
    listed = list(cards)
    used = _used_cards(frozenset(listed), max_suit_wilds, moors_extend)
    return [c for c in listed if c in used]


@lru_cache(maxsize=4096)
def _used_cards(held: frozenset[Card], max_suit_wilds: int, moors_extend: bool) -> frozenset[Card]:
    """Cached: replaying a share code asks again for the same hands at every step."""
    used: set[Card] = set()
    for combo in combinations(held, max_suit_wilds, moors_extend):
        used.update(combo.cards)
        used.update(c for c, _ in combo.wilds)
    return frozenset(used)


def doubled(combos: list[Combo], kind: str) -> bool:
    """Three or more cricche (or sequences) in one scoring double that kind's points."""
    return sum(c.kind == kind for c in combos) >= 3


def combination_total(combos: list[Combo]) -> int:
    return sum(sum(c.value for c in combos if c.kind == kind) * (2 if doubled(combos, kind) else 1)
               for kind in ("cricca", "sequence"))
