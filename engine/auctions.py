"""What the bots' auctions produce: ``python -m engine auctions GAME``.

An auction is judged by its results over many deals with bots in every seat: which contracts are
played (Ramsch and passed-out deals included), how often the declarer makes the contract and what he
nets, and how often a declared game ends in the worst way (Rotarot's Ramsch share, l'Hombre's codille).
A bidder who is too cautious shows as a high Ramsch share and a success rate near 100%; one who is too
bold shows as a low success rate and a negative mean.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .bots import BOTS, MAX_DEAL_NUMBER, deal_by_number, play_out
from .game import GameState
from .games.rotarot.rules import BID_WORDS, seat_name


@dataclass(frozen=True)
class Outcome:
    """One finished deal's contract: its name, the declarer (None without one) and how it ended."""

    contract: str
    declarer: int | None = None
    success: bool = False  # the declarer made the contract
    codille: bool = False


def outcome(state: GameState) -> Outcome:
    """The contract a finished deal was played in, read from its final position."""
    if state.GAME == "rotarot":
        return _rotarot(state)
    if state.GAME == "lhombre":
        return _lhombre(state)
    return Outcome("thrown-in" if getattr(state, "phase", "") == "abandoned" else "played")


def _rotarot(state: GameState) -> Outcome:
    if getattr(state, "phase", "") == "abandoned":
        return Outcome("passed")
    position = state.position()
    if position.contract is None:  # type: ignore[attr-defined]
        return Outcome("ramsch")
    declarer = position.declarer  # type: ignore[attr-defined]
    return Outcome(BID_WORDS[position.contract], declarer,  # type: ignore[attr-defined]
                   position.score().totals[seat_name(declarer, state.n)] > 0)  # type: ignore[attr-defined]


def _lhombre(state: GameState) -> Outcome:
    if getattr(state, "phase", "") == "redeal":
        return Outcome("passed")
    position = state.position()
    result = position.result  # type: ignore[attr-defined]
    return Outcome(position.contract.word, position.declarer,  # type: ignore[attr-defined]
                   result in ("win", "vole", "vole-failed"), result == "codille")


def auctions(game: str, deals: int, seed: int) -> dict[str, Any]:
    """Bots in every seat over ``deals`` deals numbered from ``random.Random(seed)``."""
    bot = BOTS[game]
    rng = random.Random(seed)
    contracts: Counter[str] = Counter()
    nets: list[Fraction] = []
    codilles = successes = 0
    for _ in range(deals):
        number = rng.randrange(1, MAX_DEAL_NUMBER + 1)
        end = play_out(deal_by_number(game, number, bot.bench_variants),
                       lambda state, seat: bot.decide(state, seat).action)
        found = outcome(end)
        contracts[found.contract] += 1
        if found.declarer is not None:
            nets.append(Fraction(end.score().totals[bot.side_name(found.declarer, end.variants)]))
            codilles += found.codille
            successes += found.success
    declared = len(nets)
    result: dict[str, Any] = {
        "game": game, "deals": deals, "seed": seed, "contracts": dict(sorted(contracts.items())),
        "declared": declared,
        "declarer_success": round(successes / declared, 4) if declared else None,
        "declarer_mean_net": round(float(statistics.fmean(nets)), 3) if declared else None}
    if game == "rotarot":
        result["ramsch_share"] = round(contracts["ramsch"] / deals, 4)
    if game == "lhombre":
        result["codille_share"] = round(codilles / declared, 4) if declared else None
    return result
