"""The build's readers against the 2026-11-27 attack (../shared/reviews/2026-11-27-attack.md): deep
nesting (F4), files the build would skip (F6), widget ids (F7) and the line every refusal names (F8,
and the edited line rather than its parent key).  Each case is the review's edit of a real file."""

from __future__ import annotations

import shutil
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine.scoresheet import rule_ref  # noqa: E402
from engine.tutorials import Example, Lesson  # noqa: E402
from sitebuild import tutorial_hooks  # noqa: E402
from sitebuild.tutorial_files import TutorialFileError, read, read_all  # noqa: E402
from sitebuild.widgets import MarkupError, Site, expand  # noqa: E402


@cache
def site_tutorials() -> dict[str, Lesson | Example]:
    return read_all(ROOT)[0]


def lines_of(name: str) -> list[str]:
    return (ROOT / "tutorials" / name).read_text(encoding="utf-8").splitlines()


def at(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(start))


def refusal(tmp_path: Path, name: str, lines: list[str]) -> str:
    """The build's refusal of ``lines`` written as tutorials/<game>/<file> of ``name``."""
    path = tmp_path / "tutorials" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TutorialFileError) as error:
        read(path, tmp_path)
    return str(error.value)


def line_of(message: str, name: str) -> int:
    assert message.startswith(f"tutorials/{name}:"), message
    return int(message.split(":")[1])


# --- F4: deep nesting ------------------------------------------------------------------------------
def test_deep_nesting_is_refused_naming_the_file(tmp_path: Path) -> None:
    lines = lines_of("lombardia/example-basic.yaml")
    lines[at(lines, "title:")] = "title: " + "[" * 5000 + "]" * 5000
    message = refusal(tmp_path, "lombardia/example-basic.yaml", lines)
    assert "深すぎて" in message and line_of(message, "lombardia/example-basic.yaml") == 1


# --- F6: a .yml tutorial is refused, not left out ----------------------------------------------------
@pytest.mark.parametrize("suffix", [".yml", ".YAML", ".Yml"])
def test_a_tutorial_the_build_would_skip_is_refused(tmp_path: Path, suffix: str) -> None:
    shutil.copytree(ROOT / "tutorials" / "lombardia", tmp_path / "tutorials" / "lombardia")
    shutil.copy(ROOT / "tutorials" / "lombardia" / "example-basic.yaml",
                tmp_path / "tutorials" / "lombardia" / f"example-other{suffix}")
    with pytest.raises(TutorialFileError) as error:
        read_all(tmp_path)
    assert str(error.value).startswith(f"tutorials/lombardia/example-other{suffix}: ") and ".yaml" in str(error.value)


@pytest.mark.parametrize("place", ["example-other.yaml", "lombardia/more/example-other.yaml"])
def test_a_tutorial_outside_a_game_folder_is_refused(tmp_path: Path, place: str) -> None:
    shutil.copytree(ROOT / "tutorials" / "lombardia", tmp_path / "tutorials" / "lombardia")
    (tmp_path / "tutorials" / place).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "tutorials" / "lombardia" / "example-basic.yaml", tmp_path / "tutorials" / place)
    with pytest.raises(TutorialFileError) as error:
        read_all(tmp_path)
    assert str(error.value).startswith(f"tutorials/{place}: ")


# --- F7: widget ids are 半角 names -------------------------------------------------------------------
@pytest.mark.parametrize("ident", ["x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;", "例", "Ex-Basic", "ex basic",
                                   "ex--basic", "-ex", "x" * 65])
def test_a_widget_id_that_is_no_plain_name_stops_the_build(ident: str) -> None:
    tutorials = site_tutorials()
    markup = f'<div class="trionfi-widget" id="{ident}" data-widget="example" data-ref="lombardia-tie"></div>'
    with pytest.raises(MarkupError, match="半角英小文字"):
        expand(markup, "lombardia/examples.md", "lombardia/examples/", Site(tutorials, 13.8, {}, set(), {}))


def test_a_plain_widget_id_is_kept() -> None:
    tutorials = site_tutorials()
    markup = '<div class="trionfi-widget" id="ex-tie-2" data-widget="example" data-ref="lombardia-tie"></div>'
    assert 'id="ex-tie-2"' in expand(markup, "lombardia/examples.md", "lombardia/examples/",
                                     Site(tutorials, 13.8, {}, set(), {}))


# --- F8: the eight cases of the review's table, each at the line edited ---------------------------
def test_a_top_level_number_key_is_reported_at_its_line(tmp_path: Path) -> None:
    lines = lines_of("lombardia/example-basic.yaml")
    lines.insert(4, "1: x")  # line 5
    message = refusal(tmp_path, "lombardia/example-basic.yaml", lines)
    assert line_of(message, "lombardia/example-basic.yaml") == 5


def test_a_control_character_is_reported_at_its_line(tmp_path: Path) -> None:
    lines = lines_of("lombardia/example-basic.yaml")
    title = at(lines, "title:")
    lines[title] = lines[title] + "\x00"
    message = refusal(tmp_path, "lombardia/example-basic.yaml", lines)
    assert line_of(message, "lombardia/example-basic.yaml") == title + 1 and "制御文字" in message


def test_a_missing_rule_heading_names_the_lesson_and_its_line(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "tutorials", tmp_path / "tutorials")
    path = tmp_path / "tutorials" / "lombardia" / "lesson-fool.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    rules = at(lines, "rules:")
    lines[rules] = "rules: [nosuchsection, fool-exchange]"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tutorials = read_all(tmp_path)[0]
    tutorial_hooks._state["tutorials"] = tutorials
    missing = rule_ref("lombardia", "nosuchsection")
    assert f"tutorials/lombardia/lesson-fool.yaml:{rules + 1}: rules[0]" in tutorial_hooks.named_by([missing])


def test_a_duplicate_id_names_the_file_and_line(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "tutorials", tmp_path / "tutorials")
    path = tmp_path / "tutorials" / "lombardia" / "example-tie.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    ident = at(lines, "id:")
    lines[ident] = "id: lombardia-basic"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(TutorialFileError) as error:
        read_all(tmp_path)
    assert str(error.value).startswith(f"tutorials/lombardia/example-tie.yaml:{ident + 1}: id: ")
    assert "example-basic.yaml" in str(error.value)


def test_two_napoletanisch_turns_on_one_line_are_refused_at_that_line(tmp_path: Path) -> None:
    name = "napoletanisch/example-four-seventy.yaml"
    lines = lines_of(name)
    first = at(lines, '  - "T12"')
    lines[first] = '  - "T12, T3"'
    del lines[first + 1]
    message = refusal(tmp_path, name, lines)
    assert line_of(message, name) == first + 1 and "1行" in message


def test_hands_and_deal_together_are_refused_at_the_second(tmp_path: Path) -> None:
    name = "lombardia/example-basic.yaml"
    lines = lines_of(name)
    hands = at(lines, "hands:")
    lines.insert(hands + 5, "deal: T1 T2 T3")
    message = refusal(tmp_path, name, lines)
    assert line_of(message, name) == hands + 6 and "どちらか一方" in message


@pytest.mark.parametrize("edit", ["  - H4 T2 C8 SQ", '  1: "H4 T2 C8 SQ', "  1: 'H4 T2 C8 SQ"])
def test_a_broken_hand_line_is_reported_at_that_line(tmp_path: Path, edit: str) -> None:
    name = "lombardia/example-basic.yaml"
    lines = lines_of(name)
    seat = at(lines, "  1: ")
    lines[seat] = edit
    assert line_of(refusal(tmp_path, name, lines), name) == seat + 1


# --- the edited line, not its parent key ------------------------------------------------------------
def test_a_card_dealt_twice_is_reported_at_the_second_hand(tmp_path: Path) -> None:
    name = "lombardia/example-basic.yaml"
    lines = lines_of(name)
    card = lines[at(lines, "  0: ")].split()[1]  # seat 0's first card, given to seat 2 as well
    seat = at(lines, "  2: ")
    lines[seat] += f" {card}"
    message = refusal(tmp_path, name, lines)
    assert line_of(message, name) == seat + 1 and f"{card} が二度" in message


def test_a_wrong_total_is_reported_at_its_team(tmp_path: Path) -> None:
    name = "lombardia/example-basic.yaml"
    lines = lines_of(name)
    team = at(lines, "  相手側")
    lines[team] = "  相手側（席0・席2）: -21"
    assert line_of(refusal(tmp_path, name, lines), name) == team + 1


def test_a_bad_card_of_a_folded_deal_is_reported_at_its_line(tmp_path: Path) -> None:
    name = "napoletanisch/example-four-seventy.yaml"
    lines = lines_of(name)
    row = at(lines, "  HQ T15")
    lines[row] = lines[row].replace("T15", "ZZ")
    message = refusal(tmp_path, name, lines)
    assert line_of(message, name) == row + 1 and "ZZ" in message


def test_a_bad_variant_is_reported_at_its_own_line(tmp_path: Path) -> None:
    name = "napoletanisch/example-four-seventy.yaml"
    lines = lines_of(name)
    players = at(lines, "  players:")
    lines[players] = "  players: 5"
    message = refusal(tmp_path, name, lines)
    assert line_of(message, name) == players + 1 and "variants.players" in message
