"""Every final position that legal play reaches is accepted as plain data and scored as the deal was.

Random legal deals of every game and player count are played by the engine's own State; each final
position is written out in the plain data form a scorer types (the form of scoring examples and of
``python -m engine score``), read back through ``position_from_data`` (the game's
``Position.from_data``) and through the command line, and both sheets must equal the State's own.
Issue #26: a Napoletanisch two-player pile of a played deal was once refused after 13 s, and a
l'Hombre deal played out to nine tricks was refused; neither may happen for any reachable end.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.cards import Card
from engine.game import GameState, Variants
from engine.games import GAMES
from engine.games.lhombre import Position as LHombrePosition
from engine.games.lombardia import Position as LombardiaPosition
from engine.games.napoletanisch import Position as NapoletanischPosition
from engine.games.ottocento import Position as OttocentoPosition
from engine.games.ottocento.rules import SIDE_KEYS
from engine.games.rotarot import Position as RotarotPosition
from engine.tutorials import position_from_data

DEALS = 40 if sys.platform == "emscripten" else 300  # per game and player count
CASES = [("napoletanisch", 2), ("napoletanisch", 3), ("napoletanisch", 4), ("rotarot", 3), ("rotarot", 4),
         ("lhombre", 3), ("lhombre", 4), ("lombardia", 4), ("ottocento", 4)]


def cards(listed: Iterable[Card]) -> str:
    return " ".join(map(str, listed))


def by_seat(piles: Iterable[Iterable[Card]]) -> dict[int, str]:
    return {seat: cards(pile) for seat, pile in enumerate(piles)}


def plain_data(position: Any) -> dict[str, Any]:
    """The position as a scorer writes it: the fields each game's ``from_data`` documents."""
    data: dict[str, Any] = {"variants": dict(position.variants)}
    if isinstance(position, NapoletanischPosition):
        data |= {"piles": by_seat(position.piles), "remainder": cards(position.remainder)}
        if position.last_capturer is not None:
            data["last_capturer"] = position.last_capturer
    elif isinstance(position, LombardiaPosition):
        data |= {"piles": by_seat(position.piles), "discard": cards(position.discard),
                 "last_trick": position.last_trick}
        if position.fool_by is not None:
            data["fool_by"] = position.fool_by
    elif isinstance(position, LHombrePosition):
        data |= {"contract": position.contract.word, "declarer": position.declarer, "trump": position.trump,
                 "tricks": dict(enumerate(position.tricks)), "vole": position.vole,
                 "surrendered": position.surrendered, "hand": cards(position.hand)}
    elif isinstance(position, OttocentoPosition):
        data |= {"piles": dict(zip(SIDE_KEYS, map(cards, position.piles), strict=True)),
                 "discard": cards(position.discard), "last_trick": SIDE_KEYS[position.last_trick],
                 "declared": by_seat(position.declared)}
        if position.matto_by is not None:
            data["matto_by"] = position.matto_by
        if position.matto_paid is not None:
            data["matto_paid"] = str(position.matto_paid)
        if position.before is not None:
            data["before"] = dict(zip(SIDE_KEYS, position.before, strict=True))
    else:
        assert isinstance(position, RotarotPosition)
        contract = {None: "ramsch", 0: "solo"}.get(position.contract, position.contract)
        last = {"leader": position.last_trick[0].seat, "cards": cards(p.card for p in position.last_trick)}
        data |= {"contract": contract, "piles": by_seat(position.piles), "discard": cards(position.discard),
                 "widow": cards(position.widow), "last_trick": last}
        if position.declarer is not None:
            data["declarer"] = position.declarer
        if position.collapse is not None:
            data["collapse"] = dict(zip(("skus", "mond"), position.collapse, strict=True))
    return data


def played_deals(game: str, players: int, count: int, seed: int) -> Iterator[GameState]:
    """``count`` seeded random deals of ``game`` for ``players`` played to a scored end with uniform
    random legal actions and random variant switches (a deal thrown in without play, Lombardia's
    monte or a l'Hombre deal that everybody passed, is dealt again)."""
    cls = GAMES[game]
    rng = random.Random(seed)
    made = 0
    while made < count:
        variants: Variants = {o.name: rng.choice(o.choices)[0] for o in cls.VARIANTS}
        if "players" in variants:
            variants["players"] = players
        deal = list(cls.PACK.cards())
        rng.shuffle(deal)
        state = cls(deal, variants)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        if getattr(state, "phase", "") in ("abandoned", "redeal"):  # thrown in: no final position
            continue
        made += 1
        yield state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_played_final_position_is_accepted_and_scored_as_played(
        game: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    for number, state in enumerate(played_deals(game, players, DEALS, seed=26 * players)):
        expected = state.score().to_dict()
        data = plain_data(state.position())
        read = position_from_data(game, data)
        assert read.score().to_dict() == expected, (number, data)
        path.write_text(json.dumps(data), encoding="utf-8")
        capsys.readouterr()
        assert main(["score", game, str(path), "--json"]) == 0, (number, capsys.readouterr().err)
        assert json.loads(capsys.readouterr().out) == expected, (number, data)
        if game == "lhombre":
            played_on(data, random.Random(number), expected["totals"])


def played_on(data: dict[str, Any], rng: random.Random, totals: dict[str, str]) -> None:
    """A l'Hombre deal that stopped early, written as a table that played the last tricks out: each
    trick left goes to any seat, and the totals stay those of the stopped deal (rules §4.3)."""
    tricks = dict(data["tricks"])
    if data["surrendered"] or sum(tricks.values()) == 9:
        return
    for _ in range(9 - sum(tricks.values())):
        seat = rng.randrange(3)
        tricks[seat] += 1
    nine = position_from_data("lhombre", {**data, "tricks": tricks})
    assert {party: str(value) for party, value in nine.score().totals.items()} == totals, (data, tricks)


def test_the_deals_cover_every_way_a_deal_ends() -> None:
    """The random deals reach the endings the issue named: l'Hombre deals stopped early, surrenders
    and simple nolo; a Napoletanisch two-player pile of more than 30 cards."""
    lhombre = [p for s in played_deals("lhombre", 3, DEALS, seed=3 * 26)
               if isinstance(p := s.position(), LHombrePosition)]
    assert any(p.surrendered for p in lhombre) and any(p.contract.word == "simple-nolo" for p in lhombre)
    assert sum(0 < sum(p.tricks) < 9 for p in lhombre) > DEALS // 4
    napoletanisch = [p for s in played_deals("napoletanisch", 2, DEALS, seed=2 * 26)
                     if isinstance(p := s.position(), NapoletanischPosition)]
    piles = [len(pile) for p in napoletanisch for pile in p.piles]
    assert max(piles) > 30
