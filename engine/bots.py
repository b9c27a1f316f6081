"""The computer opponents at work: numbered deals, whole deals played by bots, and their strength.

``deal_by_number`` is how the practice table, its share links and the terminal name a deal: the
same number gives the same shuffle in CPython and in Pyodide (``random.Random`` seeded with an
int shuffles identically in every Python 3).  ``strength`` is the benchmark behind
``python -m engine bots``: the bot side against uniformly random legal play, every deal played
once with the bots on each side, so that the luck of the cards cancels out.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from .game import Action, GameState, Variants
from .games import GAMES
from .policy import AnyBot

MAX_DEAL_NUMBER = 999_999
MAX_BENCH_DEALS = 100_000  # a count beyond any session's patience is refused rather than started


def _games_with_bots() -> dict[str, AnyBot]:
    """Every game whose package has a ``bot`` module (the games with a practice table), by name."""
    found = {}
    for game in GAMES:
        if importlib.util.find_spec(f"{__package__}.games.{game}.bot") is not None:
            found[game] = importlib.import_module(f"{__package__}.games.{game}.bot").BOT
    return found


BOTS: dict[str, AnyBot] = _games_with_bots()


def deal_by_number(game: str, number: int, variants: Variants | None = None) -> GameState:
    """Deal ``number`` (1..MAX_DEAL_NUMBER) of ``game``: the pack shuffled by a generator seeded with it."""
    if not 1 <= number <= MAX_DEAL_NUMBER:
        raise ValueError(f"ディール番号は1から{MAX_DEAL_NUMBER}までです。")
    cls = GAMES[game]
    deal = list(cls.PACK.cards())
    random.Random(number).shuffle(deal)
    return cls(deal, variants)


def side_points(bot: AnyBot, state: GameState, seats: tuple[int, ...]) -> Fraction:
    """The points the side made of ``seats`` scored in the finished deal ``state``."""
    totals = state.score().totals
    return Fraction(totals[bot.side_name(seats[0], state.variants)])


def play_out(state: GameState, policy: Callable[[GameState, int], Action]) -> GameState:
    """``state`` played to its end, every decision made by ``policy(state, seat)``."""
    while not state.is_terminal():
        state.apply(policy(state, state.current_player()))
    return state


def strength(bot: AnyBot, deals: int, seed: int,
             dealer: Callable[[str, int, Variants], GameState] = deal_by_number) -> dict[str, Any]:
    """Bot side against random legal play over ``deals`` deals (each shuffle dealt once per side, the
    bot side moving round the table).

    A win (``bot.bench_win`` "most") is a deal in which the bot side scored more than every other side,
    the margin the bot side's points minus the best other side's; under "even" a win is a net >= 0 and
    the margin the bot's net.  Also the standard error of the win share (``share_error``) and the time of
    one bot decision (median and worst).

    The shuffles come from a generator of their own and each deal's random play from one seeded with the
    seed and the deal's index, so that two sets of bots (this engine's, or an earlier revision's with its
    own ``dealer``) meet the same shuffles: a generator shared with the random seats would draw different
    shuffles as soon as the bots' play changed how many random choices a deal asked for."""
    shuffler = random.Random(seed)
    margins: list[Fraction] = []
    times: list[float] = []
    shuffles: list[list[int]] = []  # per shuffle: [deals won, deals played]
    for number in range(deals):
        sides = bot.sides(bot.bench_variants)
        if number % len(sides) == 0:
            shuffle = shuffler.randrange(1, MAX_DEAL_NUMBER + 1)
            shuffles.append([0, 0])
        ours = sides[number % len(sides)]
        chance = random.Random(seed * (MAX_BENCH_DEALS + 1) + number)

        def policy(state: GameState, seat: int, ours: tuple[int, ...] = ours,
                   chance: random.Random = chance) -> Action:
            if seat not in ours:
                return chance.choice(state.legal_actions())
            start = time.perf_counter()
            action = bot.decide(state, seat).action
            times.append(time.perf_counter() - start)
            return action

        end = play_out(dealer(bot.game, shuffle, dict(bot.bench_variants)), policy)
        mine = side_points(bot, end, ours)
        if bot.bench_win == "even":
            won, margin = mine >= 0, mine
        else:
            best_other = max(side_points(bot, end, side) for side in sides if side != ours)
            won, margin = mine > best_other, mine - best_other
        shuffles[-1][0] += won
        shuffles[-1][1] += 1
        margins.append(margin)
    wins = sum(won for won, _ in shuffles)
    return {"deals": deals, "bot_win_share": round(wins / deals, 4),
            "bot_win_share_se": round(share_error(shuffles), 4),
            "mean_margin": round(float(sum(margins, Fraction(0)) / deals), 3),
            "decision_ms_median": round(statistics.median(times) * 1000, 3),
            "decision_ms_max": round(max(times) * 1000, 3)}


def share_error(shuffles: Sequence[Sequence[int]]) -> float:
    """The standard error of a win share measured over (deals won, deals played) per shuffle.

    The seatings of one shuffle share its cards, so their results are not independent: the error is
    taken over whole shuffles (the usual estimate for a ratio over clusters), not over single deals.
    A share near 0.85 measured over 400 deals is uncertain by about 0.017 either way."""
    count = len(shuffles)
    if count < 2:
        return 0.0
    played = sum(n for _, n in shuffles)
    share = sum(w for w, _ in shuffles) / played
    spread = sum((w - share * n) ** 2 for w, n in shuffles)
    return math.sqrt(count / (count - 1) * spread) / played
