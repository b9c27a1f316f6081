"""Card pictures drawn from one SVG sprite per page (#27, scripts/sitebuild/card_sprite.py at build time,
docs/assets/trionfi/sprite.js in the browser), and Material's bundle deferred (page_assets.py).
The browser side (every use resolves, the engine's answers too): tests/site/test_sprite.py."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from engine import render  # noqa: E402
from engine.cards import NAMINGS, PACK_NAMINGS, Pack, naming_for, parse_cards  # noqa: E402
from sitebuild import card_sprite, page_assets  # noqa: E402

ARTICLE = '<article class="md-content__inner md-typeset">'
BUNDLE = '<script src="../assets/javascripts/bundle.a5f9d56c.min.js"></script>'
CONFIG = cast(Any, SimpleNamespace(config_file_path=str(ROOT / "mkdocs.yml")))
SPRITE_JS = ROOT / "docs" / "assets" / "trionfi" / "sprite.js"
CARD_SVG = re.compile(r'<svg class="tf-svg"[^>]*>.*?</svg>', re.DOTALL)


def page(url: str = "lombardia/") -> Any:
    return cast(Any, SimpleNamespace(url=url, file=SimpleNamespace(src_uri="x.md")))


def built(content: str) -> str:
    return page_assets.on_post_page(f"<head></head><body>{ARTICLE}{content}</article>{BUNDLE}</body>", page(), CONFIG)


def every_face() -> dict[str, str]:
    """Every face the engine can draw (every card of every pack, in every game's and every pack's names): face ->
    its card's name."""
    faces: dict[str, str] = {}
    for naming in {id(n): n for n in [*NAMINGS.values(), *PACK_NAMINGS.values()]}.values():
        for pack in Pack:
            for card in pack.cards():
                try:
                    svg = render.card_svg(card, naming)
                except KeyError:  # a card this naming's game never holds (l'hombre's names and the Fool)
                    continue
                match = card_sprite.CARD.fullmatch(svg)
                assert match is not None, svg  # the sprite knows how the engine draws a card
                faces[match.group(3)] = naming.name(card)
    return faces


def names(html: str) -> list[tuple[str, str]]:
    """Each card picture's accessible name (aria-label) and tooltip (<title>), in page order."""
    return [(re.search(r'aria-label="([^"]*)"', svg)[1], re.search(r"<title>([^<]*)</title>", svg)[1])  # type: ignore[index]
            for svg in CARD_SVG.findall(html)]


def test_every_face_the_engine_can_draw_has_an_id_of_its_own() -> None:
    faces = every_face()
    ids = {card_sprite.symbol_id(face) for face in faces}
    assert len(faces) > 150 and len(ids) == len(faces)  # 158 faces in all
    assert all(re.fullmatch(r"tf-c[0-9a-z]+", ident) for ident in ids)


def test_a_page_draws_each_face_once_from_the_sprite_at_the_top_of_its_content() -> None:
    row = render.cards_row(parse_cards("T21 T1 F SK SK CA T21"), "lombardia")
    pack = render.pack_grid(Pack.TAROCK54, None)
    html = built(row + "<p>本文</p>" + pack)
    content = html.split(ARTICLE, 1)[1]
    while content.startswith("<style>"):  # the content's styles come first (test_offline_build.py)
        content = content.split("</style>", 1)[1]
    assert content.startswith('<svg class="tf-sprite" aria-hidden="true"') and html.count('<svg class="tf-sprite"') == 1
    sprite = content[:content.index("</symbol></svg>") + len("</symbol></svg>")]
    rest = html.replace(sprite, "")
    symbols = re.findall(r'<symbol id="([^"]+)" viewBox="0 0 64 96">', sprite)
    uses = re.findall(r'<use xlink:href="#([^"]+)"></use>', rest)
    drawn = [card_sprite.CARD.fullmatch(svg).group(3) for svg in CARD_SVG.findall(row + pack)]  # type: ignore[union-attr]
    assert len(uses) == len(drawn) == 7 + 54
    assert symbols == sorted({card_sprite.symbol_id(face) for face in drawn})  # each face once, only those used
    assert all(card_sprite.symbol(card_sprite.symbol_id(face), face) in sprite for face in drawn)
    assert "<rect" not in rest and "<text" not in rest  # no face drawn inline any more
    assert names(rest) == names(row + pack)  # every card keeps its accessible name and its tooltip


def test_a_page_without_cards_is_left_alone_and_the_bundle_is_deferred() -> None:
    html = built("<p>本文</p>")
    assert "tf-sprite" not in html and "<symbol" not in html
    assert '<script src="../assets/javascripts/bundle.a5f9d56c.min.js" defer></script>' in html
    assert card_sprite.sprite_page("<p>no cards</p>") == "<p>no cards</p>"


def test_drawing_from_the_sprite_twice_changes_nothing() -> None:
    once, faces = card_sprite.use_cards(render.cards_row(parse_cards("T21 F"), "lombardia"))
    twice, again = card_sprite.use_cards(once)
    assert twice == once and again == {} and len(faces) == 2


def test_a_hash_collision_stops_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(card_sprite, "symbol_id", lambda face: "tf-c0")
    with pytest.raises(Exception, match="衝突"):
        built(render.cards_row(parse_cards("T21 F"), "lombardia"))


@pytest.mark.skipif(shutil.which("node") is None, reason="node がありません")
def test_the_browser_draws_the_engines_answers_as_the_build_does() -> None:
    """sprite.js (in node, with a stand-in for the page's sprite) gives the same ids, the same cards and the same
    symbols as card_sprite.py, and adds only the faces the page's sprite lacks."""
    faces = list(every_face())
    row = render.cards_row(parse_cards("T21 T1 F SK SK CA"), "lombardia") + render.trick(
        [("あなた", c) for c in parse_cards("H10 HK")], "lombardia")
    script = "\n".join([
        f"import {{ symbolId, sprited }} from {json.dumps(SPRITE_JS.as_uri())};",
        'let text = ""; for await (const chunk of process.stdin) text += chunk;',
        "const input = JSON.parse(text), added = [];",
        "const sprite = { querySelector: (sel) => (sel.slice(1) === input.have ? {} : null),",
        "                 insertAdjacentHTML: (where, html) => added.push([where, html]) };",
        'const root = { querySelector: (sel) => (sel === "svg.tf-sprite" ? sprite : null) };',
        "const html = sprited(input.row, root);",
        "process.stdout.write(JSON.stringify({ ids: input.faces.map(symbolId), html, again: sprited(html, root),",
        '                                      added, plain: sprited("<p>x</p>", root) }));',
    ])
    expected, used = card_sprite.use_cards(row)
    have = sorted(used)[0]
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True,
                          input=json.dumps({"faces": faces, "row": row, "have": have}), timeout=60)
    answer = json.loads(done.stdout)
    assert answer["ids"] == [card_sprite.symbol_id(face) for face in faces]
    assert answer["html"] == expected and answer["again"] == expected and answer["plain"] == "<p>x</p>"
    in_order = dict.fromkeys(re.findall(r"#(tf-c[0-9a-z]+)", expected))  # the page lacked all but one
    assert answer["added"] == [["beforeend", "".join(card_sprite.symbol(i, used[i]) for i in in_order if i != have)]]


def test_the_engine_draws_each_pack_in_its_own_names() -> None:
    """The sprite is keyed by the face, not by the card: the same card in two games' names is two faces."""
    trump = parse_cards("T21")[0]
    ottocento, lombardia = (render.card_svg(trump, naming_for(g)) for g in ("ottocento", "lombardia"))
    ids = {card_sprite.symbol_id(card_sprite.CARD.fullmatch(svg).group(3)) for svg in (ottocento, lombardia)}  # type: ignore[union-attr]
    assert len(ids) == (1 if ottocento == lombardia else 2)
