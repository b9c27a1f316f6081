"""The score pad (得点計算機, ``data-widget="pad"``): its entry form rendered at build time.

The form is plain HTML, so a reader can enter a deal before the engine has loaded; the browser
(docs/assets/trionfi/pad.js) reads it into the deal's data as the controls' ``data-key`` paths say
(``sides.dealer``, ``tricks.@`` — ``@`` the engine's seat of the player the control belongs to) and
shows a control only while its ``data-show`` conditions hold.  Card grids carry the engine's card
names; every text is escaped here.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from importlib import import_module

from engine.cards import FOOL, FRENCH_SUITS, SUITS, TRUMP, Card, Naming, Pack, naming_for
from engine.game import Variants
from engine.games import GAMES
from engine.games.lhombre.rules import CONTRACTS
from engine.games.napoletanisch.rules import THIRDS
from engine.games.rotarot.rules import HALVES
from engine.render import LETTERS


# --- the building blocks of a form ------------------------------------------------------------
def player_label(player: int) -> str:
    """A player without a name, as the engine calls them (プレイヤーA …)."""
    return f"プレイヤー{'ABCDEFGH'[player]}"



def _attrs(**values: str | None) -> str:
    return "".join(f' {name.replace("_", "-")}="{escape(value)}"'
                   for name, value in values.items() if value is not None)


def field(inner: str, *, show: str | None = None, cls: str = "") -> str:
    """One line of the form; ``show`` (``key=a|b;other!=c``) hides it while a condition fails."""
    return f'<div class="tf-pad-field {cls}"{_attrs(data_show=show)}>{inner}</div>'


def select(ident: str, label: str, key: str, options: Sequence[tuple[str, str]], *, kind: str = "str",
           default: str | None = None, show: str | None = None, fixed: bool = True, hint: str = "") -> str:
    """A menu; ``kind`` player: the players are filled in by the page (``options`` stay, as fixed choices)."""
    items = "".join(f'<option value="{escape(v)}"{" data-fixed" if fixed else ""}'
                    f'{" selected" if v == default else ""}>{escape(t)}</option>' for v, t in options)
    note = f'<span class="tf-pad-hint">{escape(hint)}</span>' if hint else ""
    return field(f'<label for="{ident}">{escape(label)}</label> <select id="{ident}" data-key="{escape(key)}" '
                 f'data-type="{kind}">{items}</select>{note}', show=show)


def check(ident: str, label: str, key: str, *, show: str | None = None, omit_false: bool = True,
          local: str | None = None) -> str:
    """A checkbox: a true/false of the data (left out when false), or with ``local`` a switch of the form
    that is turned on again, when a stored deal is opened, if the deal has data at the path ``local``."""
    omit = ' data-omit="false"' if omit_false else ""
    where = _attrs(data_local=local, data_detect=local) if local else f' data-key="{escape(key)}"{omit}'
    return field(f'<label class="tf-pad-check"><input type="checkbox" id="{ident}"{where}> '
                 f"{escape(label)}</label>", show=show)


def text(ident: str, label: str, key: str, *, show: str | None = None, placeholder: str = "", hint: str = "",
         kind: str = "str", number: tuple[int, int] | None = None) -> str:
    kind_attrs = (f' type="number" inputmode="numeric" min="{number[0]}" max="{number[1]}"' if number
                  else ' type="text" autocomplete="off"')
    note = f'<span class="tf-pad-hint" id="{ident}-hint">{escape(hint)}</span>' if hint else ""
    described = f' aria-describedby="{ident}-hint"' if hint else ""
    return field(f'<label for="{ident}">{escape(label)}</label> <input id="{ident}"{kind_attrs} '
                 f'data-key="{escape(key)}" data-type="{kind}"{_attrs(placeholder=placeholder or None)}{described}>'
                 f"{note}", show=show)


def per_player(ident: str, legend: str, key: str, *, show: str | None = None, kind: str = "int",
               number: tuple[int, int] | None = None, placeholder: str = "", hint: str = "",
               players: int = 4) -> str:
    """One input per player of the deal (the page makes them for the players who play it)."""
    kind_attrs = (f' type="number" inputmode="numeric" min="{number[0]}" max="{number[1]}"' if number
                  else ' type="text" autocomplete="off"')
    proto = (f'<input{kind_attrs} data-key="{escape(key)}" data-type="{kind}" data-proto hidden'
             f'{_attrs(placeholder=placeholder or None)}>')
    inputs = "".join(
        f'<span class="tf-pad-pair"><label for="{ident}-{p}">{player_label(p)}</label>'
        f'<input{kind_attrs} id="{ident}-{p}" data-key="{escape(key)}" data-type="{kind}" data-player="{p}"'
        f'{_attrs(placeholder=placeholder or None)}></span>' for p in range(players))
    note = f'<p class="tf-pad-hint">{escape(hint)}</p>' if hint else ""
    return field(f'<fieldset data-group="{ident}"><legend>{escape(legend)}</legend>{note}{proto}'
                 f'<div class="tf-pad-per-player">{inputs}</div></fieldset>', show=show)


@dataclass(frozen=True)
class Target:
    """Where a tapped card goes: a data path; ``@`` in it makes one target per player of the deal."""

    key: str
    name: str = ""
    tag: str = ""
    optional: bool = False  # an empty target is left out of the data
    side: str | None = None  # "dealer"/"other": the page adds the side's players to the name


def _short(card: Card, naming: Naming) -> str:
    """The face letters of a card as the engine's card pictures show them."""
    if card.suit == TRUMP:
        return naming.trump_face(card.rank)[0]
    if card.suit == FOOL:
        return naming.fool_face
    return LETTERS.get(card.rank, str(card.rank))


def _target(ident: str, target: Target, value: str, tone: int, checked: bool, player: int | None = None,
            proto: bool = False) -> str:
    optional = " data-optional" if target.optional else ""
    name = player_label(player) if player is not None else target.name
    side = _attrs(data_side_label=target.side, data_side_name=target.name) if target.side else ""
    who = f' data-player="{player}"' if player is not None else ""
    tag = "ABCDEFGH"[player] if player is not None else target.tag
    made = " data-proto-target hidden" if proto else " data-generated" if player is not None else ""
    return (f'<label class="tf-pad-target"{made}>'
            f'<input type="radio" name="{ident}-target" value="{escape(value)}" data-target-key="{escape(target.key)}" '
            f'data-tag="{escape(tag)}" data-tone="{tone % 6}"{who}{optional}{" checked" if checked else ""}> '
            f'<span class="tf-pad-swatch" data-tone="{tone % 6}" aria-hidden="true"></span>'
            f'<span class="tf-pad-target-name"{side}>{escape(name)}</span> '
            '<span class="tf-pad-count">0枚</span></label>')


def card_grid(ident: str, legend: str, game: str, targets: Sequence[Target], *, rest: str = "",
              show: str | None = None, hint: str = "", players: int = 4,
              counts: tuple[dict[Card, int], int] | None = None) -> str:
    """The whole pack as toggle buttons: a tap puts the card to the chosen target (a second tap takes it
    back).  ``rest`` says where the untapped cards are (the other side ...).  With ``counts`` (each card's
    value in units, units to a point) the grid only counts: each target's cards, added up, are written
    into the points field of the same data path, and the grid itself is not part of the deal's data."""
    naming = naming_for(game)
    cards = list(_pack(game).cards())
    radios: list[str] = []
    tone = 0
    for i, target in enumerate(targets):
        if "@" in target.key:  # one per player: the page remakes them for the players of the deal
            for p in range(players):
                radios.append(_target(ident, target, f"p{p}", tone + p, not radios, p))
            radios.append(_target(ident, target, "", tone, False, proto=True))
            tone += players
        else:
            radios.append(_target(ident, target, f"t{i}", tone, not radios))
            tone += 1
    if rest:
        radios.append(f'<span class="tf-pad-target tf-pad-rest">{escape(rest)} '
                      f'<span class="tf-pad-rest-count">{len(cards)}枚</span></span>')
    groups: list[tuple[str, list[Card]]] = []
    trumps = [c for c in cards if c.suit in (TRUMP, FOOL)]
    if trumps:
        groups.append((naming.trump_group, trumps))
    for suit in SUITS:
        groups.append((naming.suits[suit], sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)))
    values = counts[0] if counts else {}
    rows = "".join(
        f'<div class="tf-pad-suit" role="group" aria-label="{escape(label)}">'
        f'<span class="tf-pad-suit-name" aria-hidden="true">{escape(label)}</span>'
        + "".join(_card_button(c, naming, values.get(c)) for c in group) + "</div>"
        for label, group in groups if group)
    note = f'<p class="tf-pad-hint">{escape(hint)}</p>' if hint else ""
    unit = f' data-unit="{counts[1]}"' if counts else ""
    return field(
        f'<fieldset class="tf-pad-cards" data-rest-name="{escape(rest)}"{unit}><legend>{escape(legend)}</legend>{note}'
        f'<div class="tf-pad-targets" role="group" aria-label="押した札の行き先">{"".join(radios)}</div>'
        f'<div class="tf-pad-grid" tabindex="-1" aria-label="{escape(legend)}のカード">{rows}</div></fieldset>',
        show=show)


def _card_button(card: Card, naming: Naming, value: int | None = None) -> str:
    suit = card.suit if card.suit in SUITS else "T"
    worth = "" if value is None else f' data-value="{value}"'
    return (f'<button type="button" class="tf-pad-card" data-card="{escape(str(card))}" data-suit="{suit}"{worth} '
            f'aria-pressed="false"><span class="tf-pad-face" aria-hidden="true">{escape(_short(card, naming))}</span>'
            f'<span class="tf-pad-tag" aria-hidden="true"></span><span class="tf-pad-sr">{escape(naming.name(card))}'
            f'<span class="tf-pad-where"></span></span></button>')


def _pack(game: str) -> Pack:
    pack = getattr(import_module(f"engine.games.{game}.rules"), "PACK", None)
    if not isinstance(pack, Pack):
        raise ValueError(f"{game} のパックが見つかりません。")
    return pack


def players_of(game: str, variants: Variants) -> int:
    """People at the table (names, dealer menu): four in the partnership games, else the players switch."""
    return int(variants.get("players", 4)) if game not in ("lombardia", "ottocento") else 4


# --- the five games' forms ----------------------------------------------------------------------
SIDE_OPTIONS = (("dealer", "ディーラー側"), ("other", "相手側"))


def _lombardia(ident: str, game: str, n: int) -> str:
    live = "thrown_in!=true"
    return "".join([
        card_grid(f"{ident}-cards", "取り札と捨て札", game, [
            Target("sides.dealer", "ディーラー側の取り札", "D", side="dealer"),
            Target("discard", "ディーラーの捨て札", "捨"),
        ], rest="残り（相手側の取り札）", show=live,
            hint="行き先を選んでから札を押します。ディーラー側が取った札（愚者の交換のあと）と捨て札を押せば、"
                 "残りはすべて相手側の取り札になります。"),
        select(f"{ident}-last", "最後のトリックを取った側", "last_trick_side", SIDE_OPTIONS, show=live),
        select(f"{ident}-took", "ディーラー本人はトリックを取ったか", "dealer_took_trick",
               (("true", "取った"), ("false", "1回も取らなかった")), kind="bool", show=f"{live};last_trick_side=other",
               hint="捨て札がだれのものになるかを決めます。"),
        select(f"{ident}-fool", "愚者を出した人の側（省略可）", "fool_by",
               (("", "書かない"), *SIDE_OPTIONS), show=live),
    ])


def _ottocento(ident: str, game: str, n: int) -> str:
    live = "thrown_in!=true"
    cards = _pack(game).cards()
    naming = naming_for(game)
    return "".join([
        card_grid(f"{ident}-cards", "取り札と捨て札", game, [
            Target("piles.dealer", "ディーラー側の取り札", "D", side="dealer"),
            Target("discard", "ディーラーの捨て札", "捨"),
        ], rest="残り（相手側の取り札）", show=live,
            hint="行き先を選んでから札を押します。ディーラー側の取り札と捨て札を押せば、残りはすべて相手側の取り札です。"),
        '<input type="hidden" data-key="piles.opponents" value="rest">',
        select(f"{ident}-last", "最後のトリックを取った側", "last_trick",
               (("dealer", "ディーラー側"), ("opponents", "相手側")), show=live),
        card_grid(f"{ident}-declared", "申告した札", game, [Target("declared.@", optional=True)], show=live,
                  hint="申告した人を選んでから、その人が見せた札を押します。組み合わせはエンジンが見つけます。",
                  players=n),
        select(f"{ident}-matto", "マットを出した人（省略可）", "matto_by", (("", "書かない"),), kind="player",
               show=live),
        select(f"{ident}-paid", "マットの代わりに渡した札（省略可）", "matto_paid",
               (("", "なし"), *((str(c), naming.name(c)) for c in cards if c.suit != FOOL)),
               show=f"{live};matto_by!="),
    ])


def _rotarot(ident: str, game: str, n: int) -> str:
    bid = "thrown_in!=true;contract!=ramsch"
    contracts = (*((str(k), f"{k}枚のビッド") for k in range(6, 0, -1)), ("solo", "ソロ"),
                 ("ramsch", "ラムシュ（全員パス）"))
    return "".join([
        select(f"{ident}-contract", "契約", "contract", contracts, kind="auto", default="3", show="thrown_in!=true"),
        select(f"{ident}-declarer", "デクレアラー", "declarer", (), kind="player", show=bid),
        text(f"{ident}-points", "デクレアラーの札の点", "points.{declarer}", show=bid, placeholder="例: 55.5",
             hint="取ったトリックと捨て札の点（0.5点きざみ。55.5・55 1/2 のどれでも）。"),
        _counter(card_grid(f"{ident}-count", "デクレアラーの札", game,
                           [Target("points.{declarer}", "デクレアラー", "D")],
                           hint="取ったトリックの札と捨て札を押すと、その点を上の欄に書き込みます。",
                           counts=(dict(HALVES[False]), 2)), show=bid),
        per_player(f"{ident}-ramsch", "各人の札の点（ラムシュ）", "points.@", kind="str", placeholder="例: 26.5",
                   show="thrown_in!=true;contract=ramsch", players=n,
                   hint="ウィドーは最後のトリックを取った人の点に入れます。全員の和は105点です。"),
        _counter(card_grid(f"{ident}-count-ramsch", "各人の取った札", game, [Target("points.@")], players=n,
                           hint="人を選んでから、その人が取った札を押すと、点を上の欄に書き込みます。",
                           counts=(dict(HALVES[True]), 2)), show="thrown_in!=true;contract=ramsch"),
        select(f"{ident}-ultimo", "パガットウルティモ", "ultimo.won",
               (("", "なし"), ("true", "成功（最後のトリックを取った）"), ("false", "失敗（取られた）")),
               kind="bool", show="thrown_in!=true"),
        select(f"{ident}-ultimo-seat", "パガットを出した人", "ultimo.seat", (), kind="player",
               show="thrown_in!=true;ultimo.won=true|false"),
        select(f"{ident}-ultimo-winner", "最後のトリックを取った人", "ultimo.winner", (), kind="player",
               show="thrown_in!=true;ultimo.won=false"),
        check(f"{ident}-collapse", "世界の崩壊（スキュースを持つ人がモンドを取った）", "", show=bid, local="collapse"),
        select(f"{ident}-skus", "スキュースで取った人", "collapse.skus", (), kind="player",
               show=f"{bid};collapse=true"),
        select(f"{ident}-mond", "モンドを取られた人", "collapse.mond", (), kind="player",
               show=f"{bid};collapse=true"),
        select(f"{ident}-valat", "バラット（全トリックを取った人）", "valat", (("", "なし"),), kind="player",
               show="thrown_in!=true"),
    ])


def _lhombre(ident: str, game: str, n: int) -> str:
    nolo = "simple-nolo|pure-nolo|nolo-ouvert"
    return "".join([
        select(f"{ident}-contract", "契約", "contract", [(c.word, c.name) for c in CONTRACTS], default="simple"),
        select(f"{ident}-declarer", "デクレアラー", "declarer", (), kind="player"),
        select(f"{ident}-trump", "切札のスート", "trump", [(s, FRENCH_SUITS[s]) for s in SUITS], default="S",
               show=f"contract!={nolo}"),
        check(f"{ident}-surrendered", "デクレアラーが降伏した", "surrendered"),
        per_player(f"{ident}-tricks", "取ったトリック数", "tricks.@", number=(0, 9), show="surrendered!=true",
                   players=3, hint="結果が決まって打ち切ったときは、そこまでの数を書きます。"),
        check(f"{ident}-vole", "スラムを狙って続けた", "vole", show="surrendered!=true"),
    ])


def _napoletanisch(ident: str, game: str, n: int) -> str:
    return (per_player(f"{ident}-points", "各人の点（3分の1点きざみ）", "points.@", kind="str", players=n,
                       placeholder="例: 23 2/3",
                       hint="最後に場に残った札は、最後に札を取った人の点に入れてから書きます。全員の和は70点です。")
            + _counter(card_grid(f"{ident}-count", "各人の取った札", game, [Target("points.@")], players=n,
                                 hint="人を選んでから、その人が取った札（場の残りも）を押すと、点を上の欄に書き込みます。",
                                 counts=(dict(THIRDS), 3))))


def _counter(grid: str, show: str | None = None) -> str:
    """A counting grid, folded: tapping the cards is the long way to the points a player has counted."""
    return field(f'<details class="tf-pad-counter"><summary>札を押して点を数える</summary>{grid}</details>', show=show)


FORMS = {"lombardia": _lombardia, "ottocento": _ottocento, "rotarot": _rotarot, "lhombre": _lhombre,
         "napoletanisch": _napoletanisch}
# A deal thrown in: the checkbox's words and when the rules allow it.
THROWN_IN = {"lombardia": ("モンテ（配り直し）になった", None),
             "ottocento": ("モンテ（配り直し）になった", "monte=true"),
             "rotarot": ("全員パスで流れた", "players=3;three_ramsch=void")}
# Length of a game in deals (the match's ``length``): multiples of the players; the first number is the default.
LENGTHS = {"rotarot": (2, 1, 3, 4), "napoletanisch": (1, 2, 3, 4), "lhombre": (0, 1, 2, 3, 4)}


def _variants(ident: str, game: str) -> str:
    items = []
    for option in GAMES[game].VARIANTS:
        choices = "".join(
            f'<option value="{escape(json.dumps(value))}"{" selected" if value == option.default else ""}>'
            f"{escape(label)}</option>" for value, label in option.choices)
        items.append(f'<span class="tf-pad-pair"><label for="{ident}-v-{option.name}">{escape(option.label)}</label>'
                     f'<select id="{ident}-v-{option.name}" data-variant="{escape(option.name)}">{choices}</select>'
                     "</span>")
    return "".join(items)


def _length(ident: str, game: str, n: int) -> str:
    if game not in LENGTHS:
        return ""
    default, *others = LENGTHS[game]
    options = "".join(
        f'<option value="{k * n if k else ""}"{" selected" if k == default else ""}>'
        f'{f"{k * n}ディール（全員が{k}回ずつ配る）" if k else "決めない（いつでも終われる）"}</option>'
        for k in sorted({default, *others}))
    multiples = ",".join(map(str, sorted({default, *others})))
    return (f'<span class="tf-pad-pair"><label for="{ident}-length">ゲームの長さ</label>'
            f'<select id="{ident}-length" data-match="length" data-multiples="{multiples}">{options}</select></span>')


def pad_widget(ident: str, game: str, root: str, status: str, name: str) -> str:
    """The pad of ``game``: settings (variants, length, names), the entry form, the match, the controls."""
    if game not in FORMS:
        raise ValueError(f"data-game=\"{game}\" の得点計算機はありません（{'・'.join(FORMS)}）。")
    variants = GAMES[game].normalise_variants({})
    n = players_of(game, variants)
    players_variant = "players" if any(o.name == "players" for o in GAMES[game].VARIANTS) else ""
    names = "".join(
        f'<label class="tf-pad-name">{player_label(p)} <input type="text" maxlength="20" autocomplete="off" '
        f'data-name="{p}"></label>' for p in range(n))
    dealer = "".join(f'<option value="{p}"{" selected" if p == 0 else ""}>{player_label(p)}</option>' for p in range(n))
    thrown_label, thrown_show = THROWN_IN.get(game, ("", None))
    thrown = field(f'<label class="tf-pad-check"><input type="checkbox" id="{ident}-thrown" data-deal="thrown_in"> '
                   f"{escape(thrown_label)}</label>", show=thrown_show) if thrown_label else ""
    sits_out = ' data-sit-out="1"' if game == "lhombre" else ""
    return (
        f'<div class="trionfi-widget tf-pad" id="{escape(ident)}" data-widget="pad" data-game="{game}" '
        f'data-root="{root}" data-players="{n}" data-players-variant="{players_variant}" '
        f'data-game-name="{escape(name)}"{sits_out}>'
        '<h3 class="tf-title">得点計算機</h3><p class="tf-error" role="alert" hidden></p>'
        f'<details class="tf-pad-setup"><summary>試合の設定（名前・ヴァリアント{"・長さ" if game in LENGTHS else ""}）'
        '</summary><fieldset class="tf-pad-names"><legend>名前（省略できます）</legend>'
        f'<div class="tf-pad-names-list">{names}</div>'
        '<p class="tf-pad-hint">プレイヤーAから順に、プレイの順（反時計回り）に座った人を書きます。</p></fieldset>'
        f'<fieldset class="tf-pad-rules"><legend>ルール</legend>{_length(ident, game, n)}{_variants(ident, game)}'
        "</fieldset>"
        '</details>'
        f'<form class="tf-pad-entry" aria-labelledby="{ident}-entry-title" novalidate>'
        f'<h4 class="tf-pad-entry-title" id="{ident}-entry-title">ディール1を記録する</h4>'
        f'<div class="tf-pad-field"><label for="{ident}-dealer">ディーラー</label> '
        f'<select id="{ident}-dealer" data-deal="dealer">{dealer}</select>'
        '<span class="tf-pad-hint">2回目からは前のディーラーの右隣が入ります。</span></div>'
        '<p class="tf-pad-sitting-out" aria-live="polite"></p>'
        f"{thrown}{FORMS[game](ident, game, n)}"
        '<p class="tf-pad-refusal" role="alert" hidden></p>'
        '<div class="tf-controls">'
        '<button type="submit" class="md-button md-button--primary" data-action="submit">'
        "このディールを記録する</button>"
        '<button type="button" class="md-button" data-action="clear-form">入力を消す</button>'
        '<button type="button" class="md-button" data-action="cancel-edit" hidden>直すのをやめる</button></div></form>'
        '<p class="tf-feedback" role="status" aria-live="polite"></p>'
        f'<section class="tf-pad-match" aria-labelledby="{ident}-match-title">'
        f'<h4 id="{ident}-match-title">試合の記録</h4>'
        '<p class="tf-pad-empty">まだディールがありません。上のフォームで1つ目のディールを記録してください。</p>'
        '<div class="tf-pad-table-wrap"></div><p class="tf-pad-result" aria-live="polite"></p></section>'
        '<div class="tf-controls tf-pad-controls">'
        '<button type="button" class="md-button" data-action="undo" disabled>1つ戻す</button>'
        '<button type="button" class="md-button" data-action="share">共有リンクをコピー</button>'
        '<button type="button" class="md-button" data-action="download">JSON をダウンロード</button>'
        f'<label class="md-button tf-pad-load" for="{ident}-load">JSON を読み込む</label>'
        f'<input type="file" id="{ident}-load" class="tf-pad-file" accept=".json,application/json" data-action="load">'
        '<button type="button" class="md-button" data-action="print">印刷</button>'
        '<button type="button" class="md-button" data-action="new-match">新しい試合</button>'
        f"{status}</div></div>"
    )
