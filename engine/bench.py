"""Throughput numbers for scripts/bench: random full deals per second in this interpreter."""

from __future__ import annotations

import random
import time

from .games import GAMES


def random_deals_per_second(game: str = "lombardia", seconds: float = 3.0, seed: int = 1) -> float:
    """Play uniformly random legal actions from shuffled deals until ``seconds`` have passed."""
    cls = GAMES[game]
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        cards = list(cls.PACK.cards())
        rng.shuffle(cards)
        state = cls(cards)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        state.score()
        deals += 1
    return deals / (time.perf_counter() - start)
