"""Decisions judged by sampled deals: what every game's coach shares.

A seat cannot see the other hands, but it can imagine them: ``Coach.world`` deals the cards the seat
has not seen in a way that agrees with everything its view shows (its own hand, the cards played, the
voids shown, what the auction and the declarations revealed) and replays the deal up to the same
moment.  ``estimate`` plays every candidate action out in the same imagined deals (common worlds, so
that the comparison is not drowned by the luck of the layout), every later decision made by the game's
rules of thumb, and averages what each finished deal is worth to the seat.  ``choose_by_search`` keeps
the rule of thumb's choice unless another action is better by more than the sampling noise, and then
says by how many points, so the coach's hint still speaks in a learner's words.

Everything is deterministic: the generator is seeded from the view itself and the budget is counted in
playout decisions, not in seconds, so the same deal gives the same choices in CPython and in Pyodide.
When the budget runs out before any imagined deal is finished, the rule of thumb decides alone.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import islice
from math import sqrt
from typing import Generic, TypeVar

from .cards import Card
from .game import Action, GameState
from .policy import Choice, Rule

V = TypeVar("V")


@dataclass(frozen=True)
class Budget:
    """How much thinking one decision may take: imagined deals, and playout decisions over all of them
    (every candidate in every world counted), after which the worlds finished so far are used."""

    worlds: int = 8
    steps: int = 3000
    tries: int = 4  # attempts per wanted world before sampling gives up (replays a view rules out)


@dataclass(frozen=True)
class Coach(Generic[V]):
    """What a game gives the shared search.

    ``view`` is the seat's view of a state, ``rules`` the rules of thumb alone (the playout policy, which
    never searches), ``world`` an imagined deal replayed to the view's moment (None when the sample
    contradicts the view and must be drawn again), ``value`` what a finished deal is worth to a seat."""

    view: Callable[[GameState, int], V]
    rules: Callable[[V], Choice]
    world: Callable[[V, random.Random], GameState | None]
    value: Callable[[GameState, int], Fraction]

    def playout(self, state: GameState, budget: list[int]) -> GameState | None:
        """``state`` played to its end by the rules of thumb in every seat; None when ``budget[0]``
        (the playout decisions left, shared across calls) runs out first.  A seat with one legal action
        plays it without reading its view: any rule would choose it (a quarter of the cards of a
        Lombardia playout)."""
        while not state.is_terminal():
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else self.rules(self.view(state, state.current_player())).action)
        return state


@dataclass(frozen=True)
class Estimate:
    """Each candidate's value in each imagined deal (same worlds for all), in the order sampled."""

    values: dict[Action, list[Fraction]]

    @property
    def worlds(self) -> int:
        return len(next(iter(self.values.values()), []))

    def mean(self, action: Action) -> Fraction:
        found = self.values[action]
        return sum(found, Fraction(0)) / len(found)

    def best(self) -> Action:
        """The candidate with the highest mean (the first one listed among equals)."""
        return max(self.values, key=self.mean)

    def gain(self, better: Action, than: Action) -> tuple[Fraction, float]:
        """How much ``better`` is worth over ``than`` on average, and the standard error of that
        difference (paired over the worlds)."""
        return paired_gain(self.values[better], self.values[than])


def paired_gain(first: Sequence[Fraction], second: Sequence[Fraction]) -> tuple[Fraction, float]:
    """The mean of ``first`` less ``second``, paired deal by deal, and its standard error (infinite with
    fewer than two pairs)."""
    diffs = [a - b for a, b in zip(first, second, strict=True)]
    mean = sum(diffs, Fraction(0)) / len(diffs)
    if len(diffs) < 2:
        return mean, float("inf")
    spread = sum((float(d - mean)) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean, sqrt(spread / len(diffs))


def seed_of(view: object) -> int:
    """A generator seed that depends on the view alone (``repr`` of its tuples and cards is the same in
    every Python; ``hash`` of a string is not)."""
    return zlib.crc32(repr(view).encode("utf-8"))


def imagined_worlds(coach: Coach[V], view: V, attempts: int) -> Iterator[GameState]:
    """Imagined deals agreeing with ``view``, one by one as the caller asks, from a generator seeded by the
    view, over at most ``attempts`` draws (a draw the view rules out yields nothing)."""
    rng = random.Random(seed_of(view))
    for _ in range(attempts):
        world = coach.world(view, rng)
        if world is not None:
            yield world


def sample_worlds(coach: Coach[V], view: V, count: int, tries: int) -> list[GameState]:
    """Up to ``count`` imagined deals agreeing with ``view``, from a generator seeded by the view."""
    return list(islice(imagined_worlds(coach, view, count * tries), count))


def estimate(coach: Coach[V], view: V, seat: int, actions: Sequence[Action],
             budget: Budget = Budget()) -> Estimate | None:
    """Every action of ``actions`` played out in the same imagined deals; None when not one deal could be
    imagined and played out for all of them within the budget."""
    left = [budget.steps]
    values: dict[Action, list[Fraction]] = {action: [] for action in actions}
    for world in sample_worlds(coach, view, budget.worlds, budget.tries):
        results = []
        for action in actions:
            state = world.clone()
            state.apply(action)
            end = coach.playout(state, left)
            if end is None:
                break
            results.append(coach.value(end, seat))
        if len(results) < len(actions):
            break
        for action, result in zip(actions, results, strict=True):
            values[action].append(result)
    return Estimate(values) if values[actions[0]] else None


def choose_by_search(coach: Coach[V], view: V, seat: int, actions: Sequence[Action], fallback: Choice,
                     rule: Rule, describe: Callable[[Action], str], budget: Budget = Budget(),
                     noise: float = 1.0, unit: str = "点", whose: str = "", scale: Fraction = Fraction(1)) -> Choice:
    """``fallback`` (the rule of thumb's choice) unless another of ``actions`` does better in the imagined
    deals by more than ``noise`` standard errors; then that action under ``rule``, with what it gains in
    words (``unit``: 点, or l'Hombre's チップ; ``whose``: whose points, 「自分の得点が」).  ``scale`` turns the
    coach's value into those points: a margin over the others moves more than the seat's own score (a
    seat's points less the others' mean by n/(n−1) when the points add up to a fixed total, a side's less
    the other side's by 2), and the hint must promise what the reader's own score gains.  Actions are
    tried in the order given, the fallback's first."""
    ordered = [fallback.action, *(a for a in actions if a != fallback.action)]
    if len(ordered) < 2:
        return fallback
    found = estimate(coach, view, seat, ordered, budget)
    if found is None:
        return fallback
    best = found.best()
    if best == fallback.action:
        return fallback
    gain, error = found.gain(best, fallback.action)
    if gain <= 0 or float(gain) <= noise * error:
        return fallback
    why = (f"見えていない札の配られ方を{found.worlds}通り想像して最後まで打ってみると、"
           f"{describe(best)}のほうが{describe(fallback.action)}より{'、' + whose if whose else ''}平均で約"
           f"{points(gain * scale)}{unit}多くなります"
           f"（「{fallback.rule.name}」の考え方より、この場面では得です）。")
    return Choice(best, rule, why)


def own_share(players: int) -> Fraction:
    """The seat's own points in one point of its margin over the others' mean, when the points of a deal
    add up to the same total ``T`` however it is played (Napoletanisch's cards, Rotarot's payments, which
    balance): the margin is ``mine − (T − mine)/(n−1)``, so it moves ``n/(n−1)`` times as much as the
    seat's own score.  A hint's gain and the review's cost are said in the reader's own points with it."""
    return Fraction(players - 1, players)


def points(value: Fraction) -> str:
    """A point figure rounded for a learner: whole points, or one decimal below 10."""
    number = float(value)
    return f"{number:.1f}" if abs(number) < 10 else f"{round(number)}"


def deal_unknown(rng: random.Random, cards: Sequence[Card], sizes: Sequence[int],
                 allowed: Sequence[Callable[[Card], bool]]) -> list[list[Card]] | None:
    """``cards`` shared out at random into hands of ``sizes`` (one per seat), each card only to a seat whose
    ``allowed`` accepts it (voids shown, cards a seat cannot hold); None when this draw gets stuck.

    The most constrained cards go first and each card goes to a seat with the chance of its free places,
    which is close to a uniform deal among the layouts the constraints allow."""
    if sum(sizes) != len(cards):
        raise ValueError("unknown cards and free places differ")
    seats = range(len(sizes))
    takers = {card: [s for s in seats if allowed[s](card)] for card in cards}
    order = sorted(cards, key=lambda c: (len(takers[c]), rng.random()))
    free = list(sizes)
    hands: list[list[Card]] = [[] for _ in seats]
    for card in order:
        places = [(s, free[s]) for s in takers[card] if free[s] > 0]
        total = sum(n for _, n in places)
        if total == 0:
            return None
        pick = rng.randrange(total)
        for taker, n in places:
            if pick < n:
                hands[taker].append(card)
                free[taker] -= 1
                break
            pick -= n
    return hands


def margin_value(sides: Callable[[GameState], Sequence[Sequence[int]]],
                 total: Callable[[GameState, int], Fraction]) -> Callable[[GameState, int], Fraction]:
    """A value for ``Coach``: the seat's side's total minus the mean total of the other sides."""
    def value(state: GameState, seat: int) -> Fraction:
        groups = sides(state)
        mine = next(group for group in groups if seat in group)
        others = [total(state, group[0]) for group in groups if group is not mine]
        return total(state, mine[0]) - (sum(others, Fraction(0)) / len(others) if others else Fraction(0))
    return value
