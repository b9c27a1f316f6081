"""HTML and SVG fragments: cards drawn by the engine, hands, tricks and score tables.

The build pre-renders widgets with these functions and the browser worker calls the very
same ones, so a page looks the same before and after Pyodide loads.  Everything that
comes from data is escaped here; callers never build HTML from strings themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from .cards import FOOL, SUITS, TRUMP, Card, Naming, Pack, naming_for
from .game import Action, GameState, VariantOption, Variants
from .scoresheet import ScoreSheet, format_signed

LETTERS = {14: "K", 13: "Q", 12: "C", 11: "J", 1: "A"}
ITALIAN = {"S": "#1f4e99", "C": "#2e6b2f", "H": "#b3261e", "D": "#9a6b00"}
FRENCH = {"S": "#222222", "C": "#222222", "H": "#c62828", "D": "#c62828"}
ROMAN_SIZES = {1: 30, 2: 28, 3: 24, 4: 19, 5: 16}  # XVIII must still fit the 64-unit face
FRENCH_GLYPHS = {"S": "♠", "C": "♣", "H": "♥", "D": "♦"}

# Italian suit signs drawn as paths in a 24x24 box centred on the origin.
ITALIAN_GLYPHS = {
    "S": '<path d="M0-11 3 4H-3Z"/><path d="M-7 4H7V6.5H-7Z"/><path d="M-1.4 6.5H1.4V11H-1.4Z"/>',
    "C": '<path d="M-7 10 6-9" stroke-width="4.5" stroke-linecap="round" fill="none"/>'
         '<circle cx="-2.5" cy="3.5" r="2.6"/><circle cx="2" cy="-3" r="2.6"/>',
    "H": '<path d="M-8-9H8C8 0 4 3 0 3S-8 0-8-9Z"/><path d="M-1.5 3H1.5V8H-1.5Z"/><path d="M-6 8H6V10.5H-6Z"/>',
    "D": '<circle r="9.5"/><circle r="5" fill="#fffdf4"/><circle r="2"/>',
}


def _suit_sign(suit: str, french: bool, x: float, y: float, scale: float) -> str:
    colour = (FRENCH if french else ITALIAN)[suit]
    if french:
        size = 26 * scale
        return (f'<text x="{x}" y="{y + size * 0.35:.1f}" font-size="{size:.1f}" text-anchor="middle" '
                f'fill="{colour}">{FRENCH_GLYPHS[suit]}</text>')
    return (f'<g transform="translate({x} {y}) scale({scale})" fill="{colour}" stroke="{colour}" '
            f'stroke-width="0.6">{ITALIAN_GLYPHS[suit]}</g>')


def _rank_face(rank: int, naming: Naming) -> str:
    """A suit card's corner index: K, Q, C, J, or the number; the 1 is drawn as the text names it (「A」 where
    the game calls it the A, 「1」 where its text says ハートの1), so that the face and the words agree."""
    if rank == 1:
        return naming.courts.get(1, "A")
    return LETTERS.get(rank, str(rank))


def card_svg(card: Card, naming: Naming) -> str:
    """One card face, 64x96 units; legible at phone size (big corner index, one big sign)."""
    title = escape(naming.name(card))
    if card.suit == TRUMP:
        corner, centre = naming.trump_face(card.rank)
        size = ROMAN_SIZES.get(len(centre), 16) if centre.isascii() else 52 // max(2, len(centre))
        body = (f'<rect class="tf-face tf-trump" x="1.5" y="1.5" width="61" height="93" rx="6"/>'
                f'<text x="7" y="19" font-size="15" font-weight="700" fill="#4a2c91">{escape(corner)}</text>'
                f'<text x="32" y="62" font-size="{size}" font-weight="700" '
                f'text-anchor="middle" fill="#4a2c91" font-family="serif">{escape(centre)}</text>')
    elif card.suit == FOOL:
        size = min(15, 52 // max(1, len(naming.fool_face)))
        body = ('<rect class="tf-face tf-fool" x="1.5" y="1.5" width="61" height="93" rx="6"/>'
                '<path d="M32 30 36 42H48L38 49 42 61 32 54 22 61 26 49 16 42H28Z" fill="#c77700"/>'
                f'<text x="32" y="84" font-size="{size}" font-weight="700" text-anchor="middle" fill="#7a4a00">'
                f'{escape(naming.fool_face)}</text>')
    else:
        colour = (FRENCH if naming.french else ITALIAN)[card.suit]
        rank = _rank_face(card.rank, naming)
        centre = (f'<text x="32" y="70" font-size="34" font-weight="700" text-anchor="middle" '
                  f'fill="{colour}" font-family="serif">{rank}</text>' if card.rank > 10
                  else _suit_sign(card.suit, naming.french, 32, 56, 1.25))
        body = (f'<rect class="tf-face" x="1.5" y="1.5" width="61" height="93" rx="6" stroke="{colour}"/>'
                f'<text x="6" y="20" font-size="17" font-weight="700" fill="{colour}">{rank}</text>'
                f'{_suit_sign(card.suit, naming.french, 13, 32, 0.5)}{centre}')
    # data-search-exclude: the site search skips card pictures; their title and face letters would fill
    # search snippets with 「切札XX20XX」.
    return (f'<svg class="tf-svg" viewBox="0 0 64 96" role="img" aria-label="{title}" data-search-exclude>'
            f'<title>{title}</title>{body}</svg>')


def card(card: Card, game: str | None = None, *, button: bool = False, legal: bool = True,
         naming: Naming | None = None) -> str:
    """A card as a static picture or, with ``button``, as a clickable hand card."""
    svg = card_svg(card, naming or naming_for(game))
    code = escape(str(card))
    if not button:
        return f'<span class="tf-card" data-card="{code}">{svg}</span>'
    state = "" if legal else " tf-illegal"
    hint = "" if legal else ' title="出せない札です。押すと理由が表示されます"'
    return (f'<button type="button" class="tf-card tf-button{state}" data-card="{code}" '
            f'data-legal="{str(legal).lower()}"{hint}>{svg}</button>')


def cards_row(cards: Iterable[Card], game: str | None = None, naming: Naming | None = None) -> str:
    naming = naming or naming_for(game)
    inner = "".join(card(c, naming=naming) for c in cards)
    return f'<div class="tf-cards">{inner}</div>'


def pack_grid(pack: Pack, game: str | None = None) -> str:
    """The whole pack, one labelled row per suit and one for trumps and the Fool."""
    naming = naming_for(game, pack)
    groups: list[tuple[str, list[Card]]] = []
    trumps = [c for c in pack.cards() if c.suit in (TRUMP, FOOL)]
    if trumps:
        groups.append((naming.trump_group, trumps))
    for suit in SUITS:
        groups.append((naming.suits[suit], sorted((c for c in pack.cards() if c.suit == suit), key=lambda c: -c.rank)))
    rows = "".join(
        f'<div class="tf-pack-group"><p class="tf-pack-label">{escape(label)}（{len(cs)}枚）</p>'
        f'{cards_row(cs, naming=naming)}</div>'
        for label, cs in groups
    )
    return f'<div class="tf-pack" data-pack="{pack.value}">{rows}</div>'


def hand(cards: Sequence[Card], game: str, legal: Iterable[Card] | None, label: str = "あなたの手札") -> str:
    """The reader's hand (or the row of ``label``); ``legal`` None draws it static, else buttons marking
    illegal cards."""
    if legal is None:
        return f'<div class="tf-hand">{"".join(card(c, game) for c in cards)}</div>'
    allowed = set(legal)
    return (f'<div class="tf-hand" role="group" aria-label="{escape(label)}">'
            + "".join(card(c, game, button=True, legal=c in allowed) for c in cards) + "</div>")


def trick(plays: Sequence[tuple[str, Card]], game: str, caption: str = "", winner: int | None = None) -> str:
    """Cards on the table with the seat that played each (``winner`` index highlighted)."""
    items = "".join(
        f'<figure class="tf-play{" tf-winner" if i == winner else ""}">{card(c, game)}'
        f"<figcaption>{escape(who)}</figcaption></figure>"
        for i, (who, c) in enumerate(plays)
    )
    cap = f'<p class="tf-caption">{escape(caption)}</p>' if caption else ""
    return f'<div class="tf-trick">{items}</div>{cap}'


def table_picks(plays: Sequence[tuple[str, Card]], game: str, caption: str = "") -> str:
    """Table cards as toggle buttons (fishing games: the reader picks the cards to take)."""
    naming = naming_for(game)
    items = "".join(
        f'<figure class="tf-play"><button type="button" class="tf-card tf-button tf-pick" '
        f'data-pick="{escape(str(c))}" aria-pressed="false">{card_svg(c, naming)}</button>'
        f"<figcaption>{escape(label)}</figcaption></figure>"
        for label, c in plays
    )
    cap = f'<p class="tf-caption">{escape(caption)}</p>' if caption else ""
    return f'<div class="tf-trick" role="group" aria-label="場の札">{items}</div>{cap}'


def stepper(step: int, steps: int, label: str) -> str:
    """The step control of a recorded deal: first / previous / slider / next / last."""
    def button(action: str, text: str, off: bool) -> str:
        return (f'<button type="button" class="md-button tf-step-button" data-step-to="{action}"'
                f'{" disabled" if off else ""}>{text}</button>')
    return ('<div class="tf-stepper" role="group" aria-label="ディールの手順">'
            + button("first", "« 最初", step == 0) + button("prev", "‹ 前", step == 0)
            + f'<input type="range" class="tf-step-range" min="0" max="{steps}" value="{step}" '
              f'aria-label="手順（←→キーで移動）" aria-valuetext="{escape(label)}">'
            + button("next", "次 ›", step == steps) + button("last", "最後 »", step == steps)
            + f'<span class="tf-step-label" aria-live="polite">{escape(label)}</span></div>')


def score_table(sheet: ScoreSheet, root: str) -> str:
    """The worked score as a table: one row per step, the rule linked, totals at the end."""
    rows: list[str] = []
    party = None
    for i, step in enumerate(sheet.steps):
        if step.party != party:
            party = step.party
            label = party or "全体"
            rows.append(f'<tr class="tf-party"><th colspan="3" scope="rowgroup">{escape(label)}</th></tr>')
        value = "" if step.value is None else escape(format_signed(step.value))
        rows.append(
            f'<tr class="tf-step" data-step="{i}"><th scope="row">{escape(step.label)}</th>'
            f'<td>{escape(step.detail)} <a class="tf-rule" href="{escape(step.rule.href(root))}">→ルール</a></td>'
            f'<td class="tf-num">{value}</td></tr>'
        )
    totals = "".join(
        f'<tr class="tf-total"><th scope="row" colspan="2">{escape(name)}の得点</th>'
        f'<td class="tf-num">{escape(format_signed(v))}</td></tr>'
        for name, v in sheet.totals.items()
    )
    return (f'<table class="tf-sheet"><caption>{escape(sheet.title)}</caption>'
            f'<thead><tr><th scope="col">項目</th><th scope="col">内容</th><th scope="col">点</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody><tfoot>{totals}</tfoot></table>")


def paragraphs(text: str) -> str:
    """Author text (lesson prompts, notes) as escaped paragraphs; blank lines separate them."""
    parts = [p.strip() for p in text.split("\n\n") if p.strip()]
    return "".join(f"<p>{escape(p)}</p>" for p in parts)


def variant_controls(options: Sequence[VariantOption], variants: Variants, unchanged: Sequence[str] = ()) -> str:
    """The variant menus, the chosen values in words for print, and which switches would change nothing."""
    items, chosen = [], []
    for option in options:
        current = option.index(variants[option.name])
        choices = "".join(
            f'<option value="{i}"{" selected" if i == current else ""}>{escape(label)}</option>'
            for i, (_, label) in enumerate(option.choices)
        )
        items.append(f'<label class="tf-variant">{escape(option.label)} '
                     f'<select data-variant="{escape(option.name)}">{choices}</select></label>')
        chosen.append(f"{option.label}: {option.choices[current][1]}")
    names = "、".join(f"「{n}」" for n in unchanged)
    note = f'<p class="tf-variant-note">この例では{names}を変えても結果は同じです。</p>' if unchanged else ""
    if not items:
        return f'<div class="tf-variants">{note}</div>' if note else ""
    return (f'<fieldset class="tf-variants"><legend>ヴァリアント</legend>{"".join(items)}'
            f'<p class="tf-variant-message" role="status"></p>{note}'
            f'<p class="tf-variant-print">{escape("／".join(chosen))}</p></fieldset>')


# --- the reader's decision (lessons and the practice table) ---------------------------------
# Cards offered outside the hand, by the kind of card decision: the row's name (its aria-label) and the
# one prompt above it, which says where the cards come from.
OFFERED = {"give": ("あなたが取ったトリックの札", "あなたが取ったトリックの札から、渡す札を選んでください。"),
           "take": ("ウィドーの札", "ウィドーから取る札を選んでください。")}


def offered_elsewhere(state: GameState, reader: int) -> bool:
    """True when the cards to choose from are not in the reader's hand (a trick pile, the widow): their
    row carries the prompt, and the hand above it is only shown."""
    cards = [a.card for a in state.legal_actions() if a.card is not None]
    return bool(cards) and not all(c in state.hand(reader) for c in cards)


def reader_choices(state: GameState, reader: int, marks: bool = True) -> str:
    """Buttons for the reader's decision: the hand with legal marks (none when ``marks`` is off: a
    question about which cards are legal), or the offered cards/words."""
    game = state.GAME
    legal = state.legal_actions()
    cards = [a.card for a in legal if a.card is not None]
    held = state.hand(reader)
    if not marks:
        cards = [*cards, *(c for c in held if c not in cards)]
    words = [a for a in legal if a.card is None]
    html = ""
    if cards and all(c in held for c in cards):
        html += hand(held, game, cards)
    else:
        html += '<p class="tf-pile-label">あなたの手札（ここからは選びません）</p>' if cards else ""
        html += hand(held, game, None)
        if cards:
            pile, prompt = OFFERED.get(state.card_kind(), ("選べる札", state.choice_label()))
            html += (f'<p class="tf-choice-label">{escape(prompt)}</p>'
                     + hand(cards, game, cards, pile))
    if state.CAPTURES:
        html += ('<p class="tf-choice-label">手札から出す札を選び、取る場の札を押してから決定してください'
                 '（何も取らないなら場の札は選びません）。</p><div class="tf-words">'
                 '<button type="button" class="md-button tf-word" data-action="capture">この組み合わせで出す</button>'
                 "</div>")
    faded = state.unavailable_words()
    if words or faded:
        html += ('<div class="tf-words">' + "".join(word_button(state, a, True) for a in words)
                 + "".join(word_button(state, a, False) for a in faded) + "</div>")
    return html


def word_button(state: GameState, action: Action, legal: bool) -> str:
    """A word action as a button; one the rules exclude now is faded and, pressed, says why."""
    faded = "" if legal else ' tf-illegal" title="今は選べません。押すと理由が表示されます'
    return (f'<button type="button" class="md-button tf-word{faded}" data-word="{escape(action.kind)}" '
            f'data-legal="{str(legal).lower()}">{escape(state.describe(action))}</button>')
