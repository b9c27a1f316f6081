"""The computer opponents of every game with a practice table: whole bot-only deals keep the
random-deal invariants, every choice is legal and names one of the bot's rules, the same deal
plays the same way twice, and a bot's choice depends on its seat's view only."""

from __future__ import annotations

import ast
import importlib
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from helpers import played_out

from engine.bots import BOTS, deal_by_number
from engine.game import Action, GameState, IllegalAction
from engine.policy import FORCED, SHORT_SUIT, AnyBot

# A bot-only deal costs 0.1-0.3 s of CPython now that close decisions are searched (engine.search): 40 deals
# per game (each with its own draw of the variants) go through every phase and search trigger; the engine's
# own invariants are exercised far more widely by the 400 random deals per game of test_<game>_random.
# Lombardia searches most of its cards (about 1 s a deal), and l'Hombre plays every bid out (about 0.7 s a
# deal): half as many deals keep their share of the time.
DEALS = 8 if sys.platform == "emscripten" else 40
FEWER = {"lombardia": 4, "lhombre": 2}  # games whose bot-only deals are divided by this
CHECKS: dict[str, ModuleType] = {game: importlib.import_module(f"test_{game}_random") for game in BOTS}
ENGINE = Path(__file__).resolve().parents[2] / "engine"


# A card that is the only one a seat may play is said to be so (never 「いちばん弱い切札で済ませます」, as if
# chosen); Rotarot's Sküs on a Mond keeps its own reason, the 30 points of the world collapse.
ALONE = {FORCED.name, "スキュースでモンドを取る"}
TRICK_GAMES = {"lhombre", "lombardia", "ottocento", "rotarot"}  # Napoletanisch's last card may still capture


def by_bot(bot: AnyBot) -> Callable[[random.Random, GameState], Action]:
    """A choose function for helpers.played_out: the bot at every seat, its choice checked."""
    names = {rule.name for rule in bot.rules}

    def choose(_: random.Random, state: GameState) -> Action:
        choice = bot.decide(state, state.current_player())
        legal = state.legal_actions()
        assert choice.action in legal, choice
        assert choice.rule.name in names and choice.rule in bot.rules and choice.why, choice
        if bot.game in TRICK_GAMES and len(legal) == 1 and legal[0].kind == "play":
            assert choice.rule.name in ALONE, choice
        if choice.rule.name == "短いスートから切らす":  # never said of a suit too long to be emptied soon
            length = re.search(r"（(\d+)枚）", choice.why)
            assert length is not None and int(length.group(1)) <= SHORT_SUIT, choice
        return choice.action
    return choose


@pytest.mark.parametrize("game", sorted(BOTS))
def test_bot_only_deals_keep_the_invariants(game: str) -> None:
    bot, checks = BOTS[game], CHECKS[game]
    rng = random.Random(20261123)
    options = {o.name: o for o in type(deal_by_number(game, 1)).VARIANTS}
    for number in range(1, DEALS // FEWER.get(game, 1) + 1):
        variants = {name: rng.choice(option.choices)[0] for name, option in options.items()}
        state = played_out(deal_by_number(game, number, variants), rng, checks.check_step, by_bot(bot))
        checks.check_end(state)


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_deal_plays_the_same_way_twice(game: str) -> None:
    bot = BOTS[game]
    first, second = (played_out(deal_by_number(game, 77), random.Random(seed), lambda _: None, by_bot(bot))
                     for seed in (1, 2))
    assert first.history == second.history


def swapped(state: GameState, i: int, j: int) -> GameState | None:
    """The same actions replayed on a deal with positions ``i`` and ``j`` exchanged; None when the
    exchange makes one of those actions illegal."""
    deal = list(state.deal)
    deal[i], deal[j] = deal[j], deal[i]
    other = type(state)(deal, state.variants)
    try:
        for action in state.history:
            other.apply(action)
    except IllegalAction:
        return None
    return other


SAME_VIEW_DECISIONS = 3 if sys.platform == "emscripten" else 6  # decisions compared per position (40 positions)


@pytest.mark.parametrize("game", sorted(BOTS))
def test_the_bot_sees_only_its_view(game: str) -> None:
    """Two states this seat cannot tell apart (hidden cards exchanged, same view) get the same choice;
    and the view does change when a card the seat can see moves."""
    bot, rng = BOTS[game], random.Random(5)
    same = different = 0
    for number in range(1, 41):
        state = deal_by_number(game, number, bot.bench_variants)
        for _ in range(rng.randrange(4, 40)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        view = bot.view(state, seat)
        mine, asked = None, 0  # the seat's own choice is asked once: a searched decision is the dearest part
        for _ in range(30):
            other = swapped(state, *rng.sample(range(len(state.deal)), 2))
            if other is None or other.fingerprint() == state.fingerprint():
                continue
            if bot.view(other, seat) != view:
                different += 1
            elif asked < SAME_VIEW_DECISIONS:
                mine = mine or bot.decide(state, seat)
                assert bot.decide(other, seat) == mine
                asked += 1
                same += 1
    assert same >= 25 * SAME_VIEW_DECISIONS // 3 and different >= 50, (same, different)


@pytest.mark.parametrize("game", sorted(BOTS))
def test_a_bot_module_never_reads_the_state_module(game: str) -> None:
    """bot.py may import the rules and the view, never the State or the scoring (whose objects hold
    every hand): the view is the bot's only window on the deal."""
    tree = ast.parse((ENGINE / "games" / game / "bot.py").read_text(encoding="utf-8"))
    modules = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not modules & {"state", "score"}, modules
