"""Recorded deals for scoring examples: play one and write it down, or read one back in words.

``record`` plays a deal from a seeded shuffle and prints it as an example file to edit (the deal
in dealing order and its actions, one line per step a reader moves through): with random legal play, or
with the practice table's coach at every seat (``bots``), which is how a scoring example shows a deal as a
strong player would play it (the same shuffle as the practice table's deal of that number); ``replay`` prints
an example's deal line by line with what happened (trick winners, captures) and its score sheet.
The command line (``python -m engine record|replay``) is a thin wrapper around these.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

from .bots import BOTS
from .game import Action, GameState, Variants
from .games import GAMES
from .tutorials import LINE_SEPARATOR, Example, heard


def played_lines(state: GameState, choose: Callable[[GameState], Action]) -> list[list[Action]]:
    """Play ``state`` to the end with ``choose(state)`` at every turn, grouped into lines: a line ends with
    every action that the game reports in words (a trick won, the monte decided, a capture ...)."""
    lines: list[list[Action]] = [[]]
    while not state.is_terminal():
        action = choose(state)
        seen = len(state.log)
        state.apply(action)
        lines[-1].append(action)
        if len(state.log) > seen:
            lines.append([])
    return [line for line in lines if line]


def record(game: str, seed: int, variants: Variants | None = None, bots: bool = False) -> str:
    """An example file (YAML) of one deal of ``game``, played at random or by the coach at every seat
    (``bots``): fill in title, intro and expect."""
    cls = GAMES[game]
    rng = random.Random(seed)
    deal = list(cls.PACK.cards())
    rng.shuffle(deal)
    state = cls(deal, variants)
    if bots:
        if game not in BOTS:
            raise ValueError(f"{game} にはコーチがいないので、--bots は使えません。")
        bot = BOTS[game]
        lines = played_lines(state.clone(), lambda now: bot.decide(now, now.current_player()).action)
    else:
        lines = played_lines(state.clone(), lambda now: rng.choice(now.legal_actions()))
    end = state.replay([a for line in lines for a in line])
    chosen = ", ".join(f"{name}: {json.dumps(value)}" for name, value in state.variants.items())
    totals = ", ".join(f"{party}: {value}" for party, value in end.score().to_dict()["totals"].items())
    command = f"python -m engine record {game} --seed {seed}{' --bots' if bots else ''}"
    players = "全席をコーチ（対局練習のヒント）が遊んだ" if bots else "ランダムな合法手で遊んだ"
    return "\n".join([
        f"# {game} のディール（{command}、{players}記録）。題名・説明・expect を書き足します。",
        f"id: {game}-seed-{seed}",
        "kind: example",
        f"game: {game}",
        "title: 題名を書きます",
        "intro: |",
        "  この例で読者に見てほしいことを書きます。",
        f"variants: {{{chosen}}}",
        "deal: >-",
        *_wrapped(" ".join(map(str, deal))),
        "actions:",
        *(f"  - {json.dumps(LINE_SEPARATOR.join(' ' + str(a) for a in line).strip(), ensure_ascii=False)}"
          for line in lines),
        f"# エンジンの計算では {totals}。自分で計算して expect に書き、エンジンと照らし合わせます。",
        "expect: {}",
        "",
    ])


def _wrapped(text: str, width: int = 100) -> Iterator[str]:
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            yield f"  {line}"
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        yield f"  {line}"


def replay(example: Example) -> str:
    """The example's deal in words, line by line, then its score sheet."""
    state = example.start.clone()
    out = [f"{example.title}（{example.game}、{len(example.lines)}行）"]
    for number, line in enumerate(example.lines, 1):
        words, said = [], []
        for action in line:
            words.append(f"{state.seat_label(state.current_player())} {state.describe(action)}")
            said += heard(state, action)
        out.append(f"{number:>3}: " + "、".join(words))
        out += [f"     {line_said}" for line_said in said]
    return "\n".join([*out, "", example.final(state).score().to_text()])
