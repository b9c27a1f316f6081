"""Every scoring example of the site is a played deal: replayed here, in CPython and under Pyodide
(which reads the JSON that tests/pyodide_node/export_tutorials.py writes, having no YAML parser).

Each example replays to its end with the author's totals; every step is a moment a share link can
name; the final position passes the reachability checks; and its variant menu offers exactly the
switches that change its sheet or forbid its deal, which the widget door shows or refuses."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import site_tutorials, tutorial_files

from engine import records, web
from engine.games import GAMES
from engine.tutorials import Example, TutorialError, load

TUTORIALS = site_tutorials()
EXAMPLES = sorted(ident for ident, t in TUTORIALS.items() if isinstance(t, Example))


def example(ident: str) -> Example:
    found = TUTORIALS[ident]
    assert isinstance(found, Example)
    return found


def ask(**request: Any) -> dict[str, Any]:
    answer = json.loads(web.handle(json.dumps(request)))
    assert "internal" not in answer, answer
    return answer


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    web.register(TUTORIALS)


def test_every_game_has_recorded_examples() -> None:
    assert {example(i).game for i in EXAMPLES} == set(GAMES)


@pytest.mark.parametrize("ident", EXAMPLES)
def test_the_example_replays_to_its_totals(ident: str) -> None:
    ex = example(ident)
    end = ex.state_at(len(ex.lines))
    assert end.is_terminal() and end.score().totals == ex.expect
    assert type(ex.position).from_share_code(ex.position.share_code()) == ex.position  # reachable
    for step in range(len(ex.lines) + 1):
        state = ex.state_at(step)
        assert ex.step_of(type(state).from_share_code(state.share_code())) == step


@pytest.mark.parametrize("ident", EXAMPLES)
def test_each_step_through_the_door(ident: str) -> None:
    ex = example(ident)
    last = len(ex.lines)
    for step in (0, 1, last // 2, last):
        answer = ask(op="example", ref=ident, step=step)
        assert answer["step"] == step and answer["steps"] == last
        assert ('<table class="tf-sheet"' in answer["html"]) == (step == last)
        again = ask(op="example", ref=ident, code=answer["code"])
        assert again["step"] == step and again["html"] == answer["html"]


@pytest.mark.parametrize("ident", EXAMPLES)
def test_every_offered_switch_changes_the_sheet_or_is_refused(ident: str) -> None:
    ex = example(ident)
    offered, unchanged = ex.variant_effects()
    options = {o.name: o for o in GAMES[ex.game].VARIANTS}
    last = len(ex.lines)
    base = ask(op="example", ref=ident, step=last)["html"]
    for name in (*offered, *unchanged):
        option = options[name]
        current = option.index(ex.start.variants[name])
        answers = [ask(op="example", ref=ident, step=last, variants={name: i})
                   for i in range(len(option.choices)) if i != current]
        if name in offered:
            assert any("error" in a or _sheet(a["html"]) != _sheet(base) for a in answers), name
            assert f'data-variant="{name}"' in base
        else:
            assert all(_sheet(a["html"]) == _sheet(base) for a in answers), name
            assert f'data-variant="{name}"' not in base and option.label in base
    for option in GAMES[ex.game].VARIANTS:
        if option.deal_fixed:
            assert f'data-variant="{option.name}"' not in base and option.name not in (*offered, *unchanged)


def _sheet(html: str) -> str:
    return html[html.index('<table class="tf-sheet"'):]


def test_running_scores_only_where_the_game_keeps_them() -> None:
    data = dict(next(d for name, d in tutorial_files() if name.endswith("lombardia/example-basic.yaml")))
    with pytest.raises(TutorialError, match="before") as error:
        load({**data, "before": {"dealer": 100, "opponents": 700}})
    assert error.value.where() == "before"
    game_end = example("ottocento-game-end")
    assert any("累計" in step.label for step in game_end.position.score().steps)


@pytest.mark.parametrize("ident", EXAMPLES)
def test_replay_prints_every_line_and_the_sheet(ident: str) -> None:
    ex = example(ident)
    text = records.replay(ex)
    assert text.startswith(f"{ex.title}（{ex.game}、{len(ex.lines)}行）")
    assert all(f"\n{n:>3}: " in text for n in range(1, len(ex.lines) + 1))
    assert text.endswith(ex.position.score().to_text())
