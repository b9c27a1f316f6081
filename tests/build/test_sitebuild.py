"""The build's readers of author input: tutorial YAML files and widget markup in the pages.
Every slip stops the build with the file (or page), the line and a Japanese reason."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine.tutorials import Example, Lesson  # noqa: E402
from sitebuild.tutorial_files import TutorialFileError, read  # noqa: E402
from sitebuild.widgets import MarkupError, Site, expand  # noqa: E402

BASIC = (ROOT / "tutorials" / "lombardia" / "example-basic.yaml").read_text(encoding="utf-8")


def written(tmp_path: Path, text: str | bytes, folder: str = "lombardia", name: str = "t.yaml") -> Path:
    path = tmp_path / "tutorials" / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def refusal(tmp_path: Path, text: str | bytes, folder: str = "lombardia") -> str:
    with pytest.raises(TutorialFileError) as error:
        read(written(tmp_path, text, folder), tmp_path)
    return str(error.value)


def test_a_real_example_reads(tmp_path: Path) -> None:
    name, data, tutorial = read(written(tmp_path, BASIC), tmp_path)
    assert name == "tutorials/lombardia/t.yaml" and isinstance(tutorial, Example) and data["id"] == tutorial.id


def test_a_byte_order_mark_is_fine(tmp_path: Path) -> None:
    assert read(written(tmp_path, "\ufeff" + BASIC), tmp_path)[2].id


@pytest.mark.parametrize(("text", "line", "words"), [
    (BASIC + "\ntitle: もう一度\n", BASIC.count("\n") + 2, "二度"),
    ("base: &b [SK]\nother: *b\n" + BASIC, 2, "別名"),
    (BASIC + "\nfool-by: 3\n", BASIC.count("\n") + 2, "使われません"),
    (BASIC.replace("kind: example", "kind: exampel"), 1 + BASIC.split("kind:")[0].count("\n"), "lesson か example"),
    ("id: [unclosed\n", 2, "YAML"),
])
def test_slips_name_file_and_line(tmp_path: Path, text: str, line: int, words: str) -> None:
    message = refusal(tmp_path, text)
    assert message.startswith(f"tutorials/lombardia/t.yaml:{line}: ") and words in message


def test_not_utf8(tmp_path: Path) -> None:
    assert "UTF-8" in refusal(tmp_path, b"id: \x82\xa0\n")


def test_a_file_in_another_games_folder(tmp_path: Path) -> None:
    message = refusal(tmp_path, BASIC, folder="rotarot")
    assert "tutorials/lombardia/ に置いて" in message


def test_alias_expansion_cannot_blow_up(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(7))
    assert "別名" in refusal(tmp_path, bomb + BASIC)


# --- widget markup -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def known(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lesson | Example]:
    root = tmp_path_factory.mktemp("markup")
    tutorial = read(written(root, BASIC), root)[2]
    return {tutorial.id: tutorial}


def page(markup: str, known: dict[str, Lesson | Example]) -> str:
    return expand(f"<h1>x</h1>\n{markup}\n<p>end</p>", "lombardia/examples.md", "lombardia/examples/",
                  Site(known, 13.6))


@pytest.mark.parametrize("markup", [
    '<div class="trionfi-cards" data-cards="T21 F"></div>',
    "<div data-cards='T21 F' class='trionfi-cards'></div>",
    '<div\n  data-game="lombardia"\n  class="trionfi-cards"   data-cards="T21 F" ></div>',
])
def test_markup_is_found_however_it_is_written(markup: str, known: dict[str, Lesson | Example]) -> None:
    html = page(markup, known)
    assert 'class="tf-cards"' in html and "trionfi-cards" not in html and html.endswith("<p>end</p>")


def test_a_widget_renders_with_its_game(known: dict[str, Lesson | Example]) -> None:
    ident = next(iter(known))
    html = page(f'<div data-ref="{ident}" data-widget="example" id="ex-a" class="trionfi-widget"></div>', known)
    assert 'id="ex-a"' in html and 'data-game="lombardia"' in html and "tf-sheet" in html


@pytest.mark.parametrize(("markup", "words"), [
    ('<div class="trionfi-widgets" id="a"></div>', "trionfi-widgets"),
    ('<div class="trionfi-cards" data-cards="SK">SK</div>', "中身"),
    ('<div class="trionfi-cards" data-cards="SK XX"></div>', "XX"),
    ('<div class="trionfi-widget" id="a" data-widget="example" data-ref="REF"></div>\n'
     '<div class="trionfi-widget" id="a" data-widget="example" data-ref="REF"></div>', "2行目でも"),
    ('<div class="trionfi-widget" id="a" data-widget="example" data-ref="REF" data-game="rotarot"></div>',
     "lombardia の例"),
    ('<div class="trionfi-widget" id="a" data-widget="lesson" data-ref="REF"></div>', "見つかりません"),
])
def test_markup_slips_stop_the_build_naming_the_page(markup: str, words: str,
                                                     known: dict[str, Lesson | Example]) -> None:
    with pytest.raises(MarkupError) as error:
        page(markup.replace("REF", next(iter(known))), known)
    assert str(error.value).startswith("lombardia/examples.md: ") and words in str(error.value)


# Each slip is reported at its own line: a card of one dealt hand, a line of the recorded actions
# (an action the rules forbid there), a variant value, the expected totals.
SLIPS = [
    ("lombardia/example-basic.yaml", "  0: ", "  0: T1 T17 SK T11 H10 CN T3 CJ D2 S3 T16 S5 D9 ZZ", "hands[0]"),
    ("lombardia/example-basic.yaml", '  - "HK, H9, H4, H7"', '  - "HK, H9, T2, H7"', "actions[2]"),
    ("lombardia/example-basic.yaml", "expect:", "expect: {a: 1}", "expect"),
    ("ottocento/example-matto-paid.yaml", "actions:", "actions: []", "actions"),
    ("rotarot/example-solo-ultimo-lost.yaml", "expect:", "expect: 12", "expect"),
    ("lhombre/example-vole.yaml", "actions:", "actions: [pass, pass, pass, pass]", "actions[3]"),
    ("napoletanisch/example-four-seventy.yaml", "variants:", "variants: {players: 5}", "variants.players"),
]


@pytest.mark.parametrize(("name", "start", "replacement", "path"), SLIPS)
def test_a_slip_is_reported_at_its_own_line(tmp_path: Path, name: str, start: str, replacement: str,
                                            path: str) -> None:
    lines = (ROOT / "tutorials" / name).read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[at] = replacement
    if not start.startswith(" "):  # a top-level key written inline: its old block below goes too
        while at + 1 < len(lines) and lines[at + 1].startswith("  "):
            del lines[at + 1]
    game = name.split("/")[0]
    message = refusal(tmp_path, "\n".join(lines) + "\n", folder=game)
    assert message.startswith(f"tutorials/{game}/t.yaml:{at + 1}: {path}: "), message
