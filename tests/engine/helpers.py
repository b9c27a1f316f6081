"""Deal builders for scenario tests: name the cards that matter, the rest fills up in pack order."""

from __future__ import annotations

import functools
import itertools
import json
import random
import signal
import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from engine import share
from engine.bots import deal_by_number
from engine.cards import Card, Pack, parse_cards
from engine.game import Action, GameState, Variants
from engine.games.lombardia import LombardiaState
from engine.policy import AnyBot
from engine.tutorials import Example, Lesson, load_all


def hands_with(*fixed: str | Sequence[str], sizes: Sequence[int] = (19, 19, 19, 21)) -> list[list[Card]]:
    """Hands whose listed cards come first; other cards fill the remaining places in pack order."""
    chosen = [parse_cards(list(f) if not isinstance(f, str) else f) for f in fixed]
    chosen += [[] for _ in range(len(sizes) - len(chosen))]
    used = {c for hand in chosen for c in hand}
    spare = iter(c for c in Pack.TAROT78.cards() if c not in used)
    return [hand + [next(spare) for _ in range(size - len(hand))] for hand, size in zip(chosen, sizes, strict=True)]


def codes(actions: Sequence[Action]) -> list[str]:
    return sorted(str(a.card) if a.card is not None else a.kind for a in actions)


def started(hands: list[list[Card]], discards: str = "", **variants: object) -> LombardiaState:
    """A Lombardia state past the monte and the dealer's two discards (the first legal ones if none named)."""
    state = LombardiaState.from_hands(hands, dict(variants))  # type: ignore[arg-type]
    state.apply(Action("keep"))  # one refusal is enough to play the deal
    for code in discards.split() or [""] * 2:
        state.apply(state.parse_action(code) if code else state.legal_actions()[0])
    return state


# A deal built so that every obligation shows up in the first tricks:
# seat 3 (dealer): all cups + S A..7, no trumps, no batons; seat 2: trumps II..XII + coins A..8;
# seat 1: batons A..10, the Fool and trumps XIII..XX; seat 0: the rest.
SCENARIO = [
    "T1 T21 CJ CN CQ CK S8 S9 S10 SJ SN SQ SK D9 D10 DJ DN DQ DK",
    "CA C2 C3 C4 C5 C6 C7 C8 C9 C10 F T13 T14 T15 T16 T17 T18 T19 T20",
    "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 DA D2 D3 D4 D5 D6 D7 D8",
    "HA H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HN HQ HK SA S2 S3 S4 S5 S6 S7",
]


# Random full deals per game.  Every step of every deal is checked (clone, share round trip), so a deal
# costs about 10 ms in CPython and twice that in Pyodide: CI runs 400 under CPython and the first 100 of
# the same seeded sequence under Pyodide, which keeps the whole test run inside its 6 minutes; longer
# soaks are `./scripts/bench fuzz --seconds N`.
DEALS = 100 if sys.platform == "emscripten" else 400
G = TypeVar("G", bound=GameState)


def random_variants(cls: type[GameState], rng: random.Random) -> Variants:
    """One random choice for each of the game's variant switches."""
    return {o.name: rng.choice(o.choices)[0] for o in cls.VARIANTS}


def random_state(cls: type[G], rng: random.Random) -> G:
    """A new deal of ``cls``: its pack shuffled, then a random choice for each variant switch."""
    deal = list(cls.PACK.cards())
    rng.shuffle(deal)
    return cls(deal, random_variants(cls, rng))


def uniform(rng: random.Random, state: GameState) -> Action:
    return rng.choice(state.legal_actions())


def random_deals(cls: type[G], seed: int, check_step: Callable[[G], None],
                 choose: Callable[[random.Random, G], Action] = uniform) -> Iterator[G]:
    """DEALS seeded random deals of ``cls`` played to the end with ``choose``, ``check_step`` run on
    every state along the way; yields each finished deal for the game's end-of-deal checks."""
    rng = random.Random(seed)
    for _ in range(DEALS):
        yield played_out(random_state(cls, rng), rng, check_step, choose)


def played_out(state: G, rng: random.Random, check_step: Callable[[G], None],
               choose: Callable[[random.Random, G], Action] = uniform) -> G:
    """``state`` played to the end with ``choose``; ``check_step`` runs on every state on the way,
    then every step's share code must open as exactly that step's state (check_round_trips)."""
    codes, seen = [state.share_code()], [state.fingerprint()]
    check_step(state)
    while not state.is_terminal():
        state.apply(choose(rng, state))
        check_step(state)
        codes.append(state.share_code())
        seen.append(state.fingerprint())
    check_round_trips(type(state), codes, seen)
    return state


def check_round_trips(cls: type[GameState], codes: list[str], seen: list[Hashable]) -> None:
    """decode(code of step k) == state of step k, for every k, with one replay instead of one per step.

    Each step's payload extends the one before (variants, deal, then the actions in order), and
    decoding reads a payload front to back, so opening step k's code passes through exactly the
    first k states of replaying the last code: comparing those states with the recorded ones
    checks every step's round trip."""
    payloads = [share.decode(code, cls.TAG) for code in codes]
    assert all(later.startswith(earlier) for earlier, later in itertools.pairwise(payloads))
    steps = 0
    for steps, state in enumerate(cls.replayed(codes[-1])):
        assert state.fingerprint() == seen[steps], f"step {steps} does not survive its share code"
    assert steps == len(seen) - 1


WHOLE_PACKS = {pack: frozenset(pack.cards()) for pack in Pack}


def is_whole_pack(cards: list[Card], pack: Pack) -> bool:
    """Every card of ``pack`` exactly once among ``cards``: as many cards as the pack holds, and the same
    set (a pack has no two equal cards), which is the multiset equality without counting."""
    return len(cards) == len(pack.cards()) and set(cards) == WHOLE_PACKS[pack]


def check_generic_step(state: GameState) -> None:
    """What every game's random deals check at each step: clone equality, a non-empty legal set of
    allowed actions before the end, the explainer agreeing with it, and a clone that moves alone
    (the share-code round trip of every step is checked once the deal is over: played_out)."""
    copy = state.clone()
    assert copy == state
    if not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "legal set empty before the end"
        check_explainer_agrees(state, legal)
        copy.apply(legal[0])
        assert copy != state, "clone must be independent"


@functools.cache
def word_actions(words: tuple[str, ...]) -> frozenset[Action]:
    """A game's word actions, built and hashed once per game (the explainer's candidates every step)."""
    return frozenset(map(Action, words))


@functools.cache
def card_actions(kind: str, cards: tuple[Card, ...]) -> frozenset[Action]:
    """``kind`` with each of ``cards``, built and hashed once: a whole pack's candidates recur every
    21st step of every deal."""
    return frozenset(Action(kind, card) for card in cards)


def check_explainer_agrees(state: GameState, legal: list[Action]) -> None:
    """One source of truth: the explainer has nothing to say about exactly the legal actions.

    Candidates are the legal set, every word of the game and this phase's verb with each card of
    the player's hand (and, every 21st step, with every card of the pack: the cards not held all take
    one "not in hand" path, which the deals still ask about thousands of times).  The
    candidates outside the legal set are found by set difference, then each side is checked."""
    kind = state.card_kind()
    whole = len(state.history) % 21 == 0
    cards = card_actions(kind, state.PACK.cards()) if whole else \
        {Action(kind, card) for card in state.hand(state.current_player())}
    allowed = set(legal)
    for action in allowed:
        reason = state.refusal(action)
        assert reason is None, f"{action} is legal but the explainer refuses it: {reason}"
    for action in (word_actions(state.KEYWORDS) | cards) - allowed:
        reason = state.refusal(action)
        assert reason, f"{action} is not legal but the explainer has nothing to say"
        assert not state.is_legal(action)


def tampered(code: str, rng: random.Random) -> str:
    """``code`` with its payload changed the ways a tampered link is (bytes flipped or set to values
    just past a range, cut short, lengthened), re-sealed with a valid checksum so that the engine,
    not the checksum, has to refuse it.  Seats, flags and variants sit in the first and last bytes,
    so those are hit more often."""
    tag = code[:3]
    payload = bytearray(share.decode(code, tag))
    for _ in range(rng.randint(1, 4)):
        how = rng.choice(["flip", "cut", "grow", "set", "set"])
        edge = rng.random() < 0.5 and len(payload) > 8
        at = (rng.choice([0, 1, 2, 3, -1, -2, -3, -4]) % len(payload) if edge
              else rng.randrange(len(payload)) if payload else 0)
        if how == "flip" and payload:
            payload[at] ^= rng.randint(1, 255)
        elif how == "set" and payload:
            payload[at] = rng.choice([0, 2, 3, 4, 5, 7, 100, 199, 200, 254, 255])
        elif how == "cut":
            del payload[at:]
        else:
            payload[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return share.encode(tag, bytes(payload))


def tutorial_files() -> list[tuple[str, Any]]:
    """The site's tutorial files as [name, data]: YAML read here in CPython; under Pyodide (no YAML
    parser) the JSON that tests/pyodide_node/export_tutorials.py wrote, mounted at /repo/tutorials-json."""
    if sys.platform == "emscripten":
        text = Path("/repo/tutorials-json/tutorials.json").read_text(encoding="utf-8")
        return [(name, data) for name, data in json.loads(text)]
    import pytest

    yaml = pytest.importorskip("yaml")
    root = Path(__file__).resolve().parents[2]
    return [(p.relative_to(root).as_posix(), yaml.safe_load(p.read_text(encoding="utf-8")))
            for p in sorted((root / "tutorials").glob("*/*.yaml"))]


@functools.cache
def site_tutorials() -> dict[str, Lesson | Example]:
    """Every lesson and example of the site, validated (so every example replayed) by the engine."""
    return load_all(tutorial_files())


def site_example(game: str, name: str) -> Example:
    """tutorials/<game>/example-<name>.yaml, replayed by the engine (its id is ``<game>-<name>``)."""
    found = site_tutorials()[f"{game}-{name}"]
    assert isinstance(found, Example)
    return found


def site_example_names(game: str) -> list[str]:
    return sorted(ident.removeprefix(f"{game}-") for ident, t in site_tutorials().items()
                  if isinstance(t, Example) and t.game == game)


def played(state: G, codes: str) -> G:
    """``state`` after the actions written as codes (``"keep D9 D10"``), applied in order."""
    for code in codes.split():
        state.apply(state.parse_action(code))
    return state


def bot_choice(bot: AnyBot, state: GameState) -> tuple[str, str]:
    """The bot's action (as text) and rule name for the seat to act, checked to be legal, one of the
    bot's rules, and said in a whole Japanese sentence."""
    choice = bot.decide(state, state.current_player())
    assert choice.action in state.legal_actions() and choice.rule in bot.rules and choice.why.endswith("。")
    return str(choice.action), choice.rule.name


REVIEWED_DEALS = Path(__file__).with_name("reviewed_deals.json")


@functools.cache
def _reviewed_deals() -> dict[str, list[str]]:
    found: dict[str, list[str]] = json.loads(REVIEWED_DEALS.read_text(encoding="utf-8"))
    return found


def reviewed_actions(game: str, number: int, variants: Variants | None = None) -> list[str]:
    """The actions of deal ``number`` of ``game`` as the bots played it when a review read it."""
    key = f"{game} {number}" + (f" {json.dumps(variants, sort_keys=True)}" if variants else "")
    return _reviewed_deals()[key]


def reviewed(game: str, number: int, step: int, variants: Variants | None = None) -> GameState:
    """Deal ``number`` of ``game`` at decision ``step`` (counted from 0) as the bots played it when a review
    read it.  The actions are replayed from reviewed_deals.json, not chosen again: a later change of the
    bots' play must not move a reviewed position, so each hint is judged where the reviewer saw it."""
    state = deal_by_number(game, number, variants)
    for text in reviewed_actions(game, number, variants)[:step]:
        state.apply(state.parse_action(text))
    return state


def ctrl_c_as_at_a_terminal() -> None:
    """A child process's ``preexec_fn``: Ctrl+C back to its default.  scripts/test runs its stages as
    background jobs, whose shell hands SIGINT down ignored, and a CLI started so rightly keeps ignoring it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
