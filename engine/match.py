"""A match played at a real table (the score pad's data): read, checked and totalled exactly.

A match file (version 1, README「得点計算機の試合ファイル」) names the game, its variants, the game's
length where the rules leave it to the players, the players' names and the deals: each its dealer (a
player, 0..n-1 for the whole match) and its final position in the data the game's ``Position.from_data``
reads, with the seat numbers of that deal (counted from the dealer's right, as in the examples).  Every
deal must be one a legal deal can end in; anything else is refused with the deal and the field at fault
(``PadError``).  Totals are exact (Fractions); the game's end follows the rules page.  The share code is
the whole match, compressed and checksummed (engine.share).  engine.pad turns a match into the page's
answer and the command line's text.
"""

from __future__ import annotations

import json
import re
import unicodedata
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from . import share
from .game import ScoredPosition, Variants
from .games import GAMES
from .games.lhombre.rules import SEAT_NAMES as LHOMBRE_ROLES
from .games.ottocento.rules import game_reached
from .plaindata import JsonError, Path, Tracked, TutorialError, parse_json
from .scoresheet import ScoreSheet

FORMAT = "trionfi-match"
VERSION = 1
MAX_DEALS = 200
MAX_NAME = 20
MAX_CODE_DATA = 2_000_000  # bytes a share code may unpack to (a full match is far smaller)
TAGS = {"lombardia": "loM", "ottocento": "otM", "rotarot": "roM", "lhombre": "lhM", "napoletanisch": "naM"}
GAME_NAMES = {"lombardia": "ロンバルディアタロット", "ottocento": "オットーチェント", "rotarot": "ロタロット",
              "lhombre": "ロンブル", "napoletanisch": "ナポレタニッシュ"}
TOP_KEYS = ("format", "version", "game", "variants", "length", "names", "deals")
PARTNERSHIPS = ("lombardia", "ottocento")  # fixed sides: players 0 and 2 against 1 and 3
# How a game's texts name a seat: 「席1」, 「席3（ディーラー）」 (the seat's number, never a range like
# 「席0〜3」), and l'Hombre's roles.  The pad puts the players' names in their place (seat_words).
SEAT = re.compile(r"席([0-9])(?![0-9〜~])")
SEAT_OR_ROLE = re.compile(rf"席([0-9])(?![0-9〜~])|{'|'.join(LHOMBRE_ROLES)}")


class PadError(ValueError):
    """A match the pad cannot score; the message is Japanese, ``deal`` the index of the deal at fault
    (None for the match itself) and ``field`` the path of the field from the top of the match."""

    def __init__(self, message: str, deal: int | None = None, field: Path = ()) -> None:
        super().__init__(message)
        self.deal = deal
        self.field = field

    def where(self) -> str:
        return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.field).lstrip(".")


@dataclass(frozen=True)
class Deal:
    dealer: int
    position: ScoredPosition | None  # None: a deal thrown in (a Monte, everybody passed)
    data: dict[str, Any]  # the deal as written (kept exactly, for the file and the share code)


@dataclass(frozen=True)
class Match:
    game: str
    variants: Variants
    length: int | None
    names: tuple[str, ...]
    deals: tuple[Deal, ...]
    points: tuple[tuple[Fraction, ...], ...] = ()  # each deal's points per side or player (``sides``)

    def to_data(self) -> dict[str, Any]:
        """The normalised match file: every variant, the length and every name written out."""
        return {"format": FORMAT, "version": VERSION, "game": self.game, "variants": dict(self.variants),
                "length": self.length, "names": list(self.names), "deals": [dict(d.data) for d in self.deals]}


# --- seats, players and sides ----------------------------------------------------------------
def table_size(game: str, variants: Variants) -> int:
    """People at the table: 4 for the partnership games, else the ``players`` variant (l'Hombre's
    fourth player sits out of each deal)."""
    return 4 if game in PARTNERSHIPS else int(variants["players"])


def engine_seats(game: str, variants: Variants) -> int:
    return 3 if game == "lhombre" else table_size(game, variants)


def player_of(game: str, variants: Variants, dealer: int, seat: int) -> int:
    """The player in ``seat`` of a deal ``dealer`` dealt.  Seats run from the dealer's right in the order
    of play and players are numbered in that order, so seat s is dealer + 1 + s; with four at an
    l'Hombre table the player opposite the dealer sits out (forehand, middlehand, then the dealer)."""
    n = table_size(game, variants)
    if game == "lhombre" and n == 4:
        return (dealer + (1, 3, 0)[seat]) % 4
    return (dealer + 1 + seat) % n


def seats_of(game: str, variants: Variants, dealer: int) -> list[int]:
    return [player_of(game, variants, dealer, s) for s in range(engine_seats(game, variants))]


def next_dealer(game: str, variants: Variants, previous: int | None) -> int:
    """The deal passes to the right, the next player in the order of play (player 0 deals first)."""
    return 0 if previous is None else (previous + 1) % table_size(game, variants)


def sides(game: str, variants: Variants) -> list[tuple[int, ...]]:
    """What the totals are kept for: the two partnerships, or each player."""
    if game in PARTNERSHIPS:
        return [(0, 2), (1, 3)]
    return [(p,) for p in range(table_size(game, variants))]


def lengths(game: str, variants: Variants) -> tuple[list[int | None], int | None]:
    """The game's possible lengths in deals and the default: Lombardia 4 (each player deals once, a
    Monte counting as a deal); Rotarot and Napoletanisch a number of whole rounds (Rotarot's rules: 8
    deals with 4, everyone dealing twice; Napoletanisch: each player once, the site's suggestion);
    l'Hombre open (chips are settled every deal) or whole rounds; Ottocento none (800 points)."""
    n = table_size(game, variants)
    rounds: list[int | None] = list(range(n, MAX_DEALS + 1, n))
    table: dict[str, tuple[list[int | None], int | None]] = {
        "lombardia": ([4], 4), "ottocento": ([None], None), "rotarot": (rounds, 2 * n),
        "napoletanisch": (rounds, n), "lhombre": ([None, *rounds], None)}
    return table[game]


def thrown_in_allowed(game: str, variants: Variants) -> bool:
    """A deal may end without play: Lombardia's and Ottocento's Monte, Rotarot's all-pass with three."""
    return (game == "lombardia" or (game == "ottocento" and bool(variants["monte"]))
            or (game == "rotarot" and variants["players"] == 3 and variants["three_ramsch"] == "void"))


# --- reading a match ---------------------------------------------------------------------------
def parse(data: Any, game: str | None = None) -> Match:
    """A checked match from its plain data (a parsed match file); PadError for anything else."""
    if not isinstance(data, dict):
        raise PadError("試合ファイルは「キー: 値」の表（JSON のオブジェクト）で書きます。")
    for key in data:
        if key not in TOP_KEYS:
            raise PadError(f"「{key}」という項目は試合ファイルにはありません（{', '.join(TOP_KEYS)}）。",
                           None, (str(key),))
    if data.get("format") != FORMAT:
        raise PadError(f"format は \"{FORMAT}\" です。得点計算機の試合ファイルではないようです。", None, ("format",))
    version = data.get("version")
    if type(version) is not int:  # neither 1.0 nor true is the version 1, as a dealer 1.0 is no player
        raise PadError(f"version（版）は {VERSION} のように整数で書きます。", None, ("version",))
    if version != VERSION:
        raise PadError(f"この試合ファイルは版 {version} の形式で、読めるのは版 {VERSION} だけです。",
                       None, ("version",))
    found = data.get("game")
    if not isinstance(found, str) or found not in GAMES:
        raise PadError(f"game は {'、'.join(GAMES)} のどれかです（「{found}」はありません）。", None, ("game",))
    if game is not None and found != game:
        raise PadError(f"この試合ファイルは{GAME_NAMES[found]}のものです（{GAME_NAMES[game]}ではありません）。",
                       None, ("game",))
    variants = _variants(found, data.get("variants", {}))
    length = _length(found, variants, data)
    names = _names(found, variants, data.get("names"))
    deals = data.get("deals")
    if not isinstance(deals, list):
        raise PadError("deals（ディールの一覧）がないか、一覧になっていません。", None, ("deals",))
    if len(deals) > MAX_DEALS:
        raise PadError(f"ディールは{MAX_DEALS}までです（{len(deals)}あります）。", None, ("deals",))
    parsed: list[Deal] = []
    for k, deal in enumerate(deals):
        parsed.append(_deal(found, variants, names, k, deal))
    points = tuple(tuple(_deal_points(found, variants, deal)) for deal in parsed)
    match = Match(found, variants, length, names, tuple(parsed), points)
    over = finished_at(match)
    if over is not None and over < len(parsed):
        raise PadError(f"ゲームは{over}ディール目で終わっています。{over + 1}ディール目からは"
                       "新しい試合にしてください。", over, ("deals", over))
    return match


def _variants(game: str, value: Any) -> Variants:
    if not isinstance(value, dict):
        raise PadError("variants は「ヴァリアント名: 値」の表で書きます。", None, ("variants",))
    try:
        return GAMES[game].normalise_variants(value)
    except ValueError as error:
        raise PadError(str(error), None, ("variants",)) from None


def _length(game: str, variants: Variants, data: dict[str, Any]) -> int | None:
    allowed, default = lengths(game, variants)
    value = data.get("length", default)
    if value is None and "length" in data and None not in allowed:
        value = default
    if not (value is None or type(value) is int) or value not in allowed:
        if game == "ottocento":
            why = "オットーチェントは800点で終わるので、length（ディール数）は書きません。"
        elif game == "lombardia":
            why = "ロンバルディアタロットの1ゲームは4ディールです（各自が1回ずつ配ります）。"
        else:
            why = (f"ゲームの長さ（length）は、全員が同じ回数だけ配れるように{table_size(game, variants)}の倍数で、"
                   f"{MAX_DEALS}ディールまでです" + ("（書かなければ区切りなしです）。" if None in allowed else "。"))
        raise PadError(why, None, ("length",))
    return value if isinstance(value, int) else None


def _names(game: str, variants: Variants, value: Any) -> tuple[str, ...]:
    n = table_size(game, variants)
    if value is None:
        return ("",) * n
    if not isinstance(value, list) or len(value) != n or not all(isinstance(v, str) for v in value):
        raise PadError(f"names（名前）は{n}人分の文字列の一覧です（名前がなければ \"\"）。", None, ("names",))
    return check_names(value)


# --- names are text a person typed (D8, D13) ------------------------------------------------------
# The page checks a typed name before the engine has loaded with the same rule, mirrored in
# docs/assets/trionfi/names.js (tests/build/test_pad_names.py runs both over the same names).
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt; the ranges cover the code points the
# standard keeps for it, so the set is the same in every version): drawn as nothing.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
             (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
             (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
             (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
# Of those, the variation selectors choose how the character before them is drawn (a name's own kanji
# form, 辻󠄀; an emoji's colour form, ❤️), and the zero width joiner joins two emoji into one (👩‍🍳).
SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
JOINER = "\u200d"
EMOJI_TAIL = "\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff"  # colour form, skin tones: before a joiner


def _within(char: str, ranges: Sequence[tuple[int, int]]) -> bool:
    return any(low <= ord(char) <= high for low, high in ranges)


def _allowed_mark(name: str, i: int) -> bool:
    """A variation selector right after a drawn character, or a joiner between two emoji."""
    if _within(name[i], SELECTORS):
        return i > 0 and not (name[i - 1].isspace() or _within(name[i - 1], IGNORABLE))
    before = name[:i].rstrip(EMOJI_TAIL)
    after = name[i + 1:i + 2]
    return (name[i] == JOINER and bool(before) and bool(after)
            and unicodedata.category(before[-1]) == "So" and unicodedata.category(after) == "So")


def _fault(name: str) -> str:
    """What is wrong with one name, already taken off its spaces at the ends ("" for nothing): a lone
    surrogate (a broken file: no text can hold it), a line break or another control character (it would
    start a line of its own in a sheet), a character drawn as nothing (two names would look the same)."""
    for i, char in enumerate(name):
        code = f"U+{ord(char):04X}"
        kind = unicodedata.category(char)
        if kind == "Cs":
            return f"文字として読めない符号（{code}）が入っています。名前を入れ直してください。"
        if kind in ("Cc", "Zl", "Zp"):
            return f"改行や制御文字（{code}）が入っています。名前は1行で書いてください。"
        if (kind == "Cf" or _within(char, IGNORABLE)) and not _allowed_mark(name, i):
            return f"目に見えない文字（{code}）が入っています。その文字を消して入れ直してください。"
    return ""


def _look(label: str) -> str:
    """How a name looks: NFKC (ＹＵＫＩ and YUKI, ﾕｷ and ユキ), without the marks that choose a form, the
    spaces between words as one."""
    plain = "".join(c for c in label if not (_within(c, SELECTORS) or c == JOINER))
    return " ".join(unicodedata.normalize("NFKC", plain).split())


def check_names(names: Sequence[str]) -> tuple[str, ...]:
    """The players' names, taken off their spaces at the ends; PadError for a name that is too long, holds a
    character no name should, or looks like another player's but is not the same (two names the same are
    told apart by their letters, see labels)."""
    plain = []
    for p, name in enumerate(names):
        if len(name) > MAX_NAME:
            raise PadError(f"名前は{MAX_NAME}文字までです（プレイヤー{letter(p)}）。", None, ("names", p))
        fault = _fault(name.strip())
        if fault:
            raise PadError(f"プレイヤー{letter(p)}の名前に{fault}", None, ("names", p))
        plain.append(name.strip())
    shown = [name or f"プレイヤー{letter(p)}" for p, name in enumerate(plain)]
    for q, label in enumerate(shown):
        for p in range(q):
            if _look(shown[p]) != _look(label) or shown[p] == label:
                continue
            if plain[p] and plain[q]:
                raise PadError(f"プレイヤー{letter(p)}の「{shown[p]}」とプレイヤー{letter(q)}の「{label}」は、"
                               "見分けのつかない名前です。どちらかを変えてください。", None, ("names", q))
            named, unnamed = (p, q) if plain[p] else (q, p)
            raise PadError(f"プレイヤー{letter(named)}の名前「{plain[named]}」は、名前のないプレイヤー{letter(unnamed)}"
                           "の呼び名と見分けがつきません。ほかの名前にしてください。", None, ("names", named))
    return tuple(plain)


def _deal(game: str, variants: Variants, names: tuple[str, ...], k: int, deal: Any) -> Deal:
    where: Path = ("deals", k)
    label = f"{k + 1}ディール目"
    if not isinstance(deal, dict):
        raise PadError(f"{label}: ディールは「dealer」と「position」の表で書きます。", k, where)
    thrown = "thrown_in" in deal
    for key in deal:
        if key not in ("dealer", "thrown_in" if thrown else "position"):
            raise PadError(f"{label}: 「{key}」という項目はディールにはありません"
                           f"（dealer と position、流れたディールなら dealer と thrown_in）。", k, (*where, str(key)))
    n = table_size(game, variants)
    dealer = deal.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise PadError(f"{label}: dealer（配った人）は0〜{n - 1}の番号です。", k, (*where, "dealer"))
    if thrown:
        if deal["thrown_in"] is not True:
            raise PadError(f"{label}: thrown_in は true だけを書きます（遊んだディールなら position を書きます）。",
                           k, (*where, "thrown_in"))
        if not thrown_in_allowed(game, variants):
            raise PadError(f"{label}: このゲーム（このヴァリアント）では、ディールが流れることはありません。",
                           k, (*where, "thrown_in"))
        return Deal(dealer, None, dict(deal))
    if "position" not in deal:
        raise PadError(f"{label}: position（終わったディールの局面）がありません。", k, (*where, "position"))
    words = seat_words(game, variants, names, dealer)
    return Deal(dealer, _position(game, variants, k, deal["position"], words), dict(deal))


def _position(game: str, variants: Variants, k: int, data: Any, words: Sequence[str]) -> ScoredPosition:
    """The deal's final position; a refusal names the deal, and the players where the game's reason names
    a seat (``words``)."""
    where: Path = ("deals", k, "position")
    label = f"{k + 1}ディール目"
    if not isinstance(data, dict):
        raise PadError(f"{label}: position は「キー: 値」の表で書きます。", k, where)
    for key in ("variants", "before"):
        if key in data:
            why = ("ヴァリアントは試合全体の variants に書きます" if key == "variants" else
                   "それまでの累計は、得点計算機が前のディールから計算します")
            raise PadError(f"{label}: position に「{key}」は書きません（{why}）。", k, (*where, key))
    tracked = Tracked(data)
    try:
        position = GAMES[game].POSITION.from_data(tracked, variants)
        tracked.refuse_unread()
    except TutorialError as error:
        raise PadError(f"{label}: {name_seats(str(error), game, words)}", k, (*where, *error.path)) from None
    except ValueError as error:  # a check outside the plain-data reader
        raise PadError(f"{label}: {name_seats(str(error), game, words)}", k, where) from None
    return position


# --- scoring -------------------------------------------------------------------------------------
def deal_sheet(match: Match, k: int) -> ScoreSheet | None:
    """Deal ``k``'s score sheet (None for a deal thrown in), naming the players where the game's sheet
    names seats; an Ottocento sheet with the running totals before it, so that it decides the game as
    the rules do."""
    position = match.deals[k].position
    if position is None:
        return None
    if match.game == "ottocento":
        before = [sum(deal_points(match, i)[s] for i in range(k)) for s in (0, 1)]
        mine = match.deals[k].dealer % 2
        data = {"before": {"dealer": int(before[mine]), "opponents": int(before[1 - mine])}}
        try:
            position = position.with_match(data)  # type: ignore[attr-defined]
        except ValueError as error:
            raise PadError(f"{k + 1}ディール目: {error}", k, ("deals", k)) from None
    return named_sheet(position.score(), match.game, deal_words(match, k))


def deal_points(match: Match, k: int) -> list[Fraction]:
    """Deal ``k``'s points per side or player, in the order of ``sides``."""
    return list(match.points[k])


def _deal_points(game: str, variants: Variants, deal: Deal) -> list[Fraction]:
    groups = sides(game, variants)
    if deal.position is None:
        return [Fraction(0)] * len(groups)
    totals = [Fraction(v) for v in deal.position.score().totals.values()]
    if game in PARTNERSHIPS:  # the sheet's first total is the dealer's side's
        mine = deal.dealer % 2
        return [totals[0], totals[1]] if mine == 0 else [totals[1], totals[0]]
    points = [Fraction(0)] * len(groups)
    for seat, player in enumerate(seats_of(game, variants, deal.dealer)):
        points[player] = totals[seat]
    return points


def totals(match: Match) -> list[Fraction]:
    rows = [deal_points(match, k) for k in range(len(match.deals))]
    return [sum((row[s] for row in rows), Fraction(0)) for s in range(len(sides(match.game, match.variants)))]


def finished_at(match: Match) -> int | None:
    """How many deals the game lasted, once it is over (None while it goes on)."""
    if match.game == "ottocento":
        running = [Fraction(0), Fraction(0)]
        for k in range(len(match.deals)):
            running = [a + b for a, b in zip(running, deal_points(match, k), strict=True)]
            reached = [game_reached(int(t), match.variants) for t in running]
            if any(reached) and not (all(reached) and running[0] == running[1]):
                return k + 1
        return None
    if match.length is not None and len(match.deals) >= match.length:
        return match.length
    return None


def labels(names: Sequence[str]) -> list[str]:
    """Each player's name, or プレイヤーA, B … where none is given; a name two players share gets their
    letter (「ゆき（A）」), so that every line of a sheet still says whose it is."""
    plain = [name or f"プレイヤー{letter(p)}" for p, name in enumerate(names)]
    twice = {label for label, count in Counter(plain).items() if count > 1}
    return [f"{label}（{letter(p)}）" if label in twice else label for p, label in enumerate(plain)]


def letter(player: int) -> str:
    return chr(ord("A") + player)


def seat_words(game: str, variants: Variants, names: Sequence[str], dealer: int) -> list[str]:
    """What the pad calls each seat of the deal ``dealer`` dealt: the player as the scorer typed them,
    and in l'Hombre the role as well, since the rules speak of it (「フォアハンドのゆき」)."""
    who = labels(names)
    players = seats_of(game, variants, dealer)
    if game == "lhombre":
        return [f"{LHOMBRE_ROLES[s]}の{who[p]}" for s, p in enumerate(players)]
    return [who[p] for p in players]


def deal_words(match: Match, k: int) -> list[str]:
    return seat_words(match.game, match.variants, match.names, match.deals[k].dealer)


def name_seats(text: str, game: str, words: Sequence[str]) -> str:
    """``text`` (a sheet's line, a refusal) with each seat the game names replaced by ``words[seat]``; a
    seat the deal does not have is left as written.  One pass, so a name is never read as a seat."""
    def word(found: re.Match[str]) -> str:
        seat = LHOMBRE_ROLES.index(found[0]) if found[1] is None else int(found[1])
        return words[seat] if seat < len(words) else found[0]
    return (SEAT_OR_ROLE if game == "lhombre" else SEAT).sub(word, text)


def named_sheet(sheet: ScoreSheet, game: str, words: Sequence[str]) -> ScoreSheet:
    """The game's sheet as the pad shows it: the players' names where the sheet names seats."""
    def say(text: str) -> str:
        return name_seats(text, game, words)
    steps = [replace(step, party=say(step.party), label=say(step.label), detail=say(step.detail))
             for step in sheet.steps]
    return ScoreSheet(say(sheet.title), steps, {say(party): value for party, value in sheet.totals.items()})


def player_labels(match: Match) -> list[str]:
    return labels(match.names)


def side_labels(match: Match) -> list[str]:
    labels = player_labels(match)
    return ["・".join(labels[p] for p in group) for group in sides(match.game, match.variants)]



# --- the share code ------------------------------------------------------------------------------
def share_code(match: Match) -> str:
    text = json.dumps(match.to_data(), ensure_ascii=False, separators=(",", ":"))
    return share.encode(TAGS[match.game], zlib.compress(text.encode("utf-8"), 9))


def from_share_code(game: str, code: str) -> Match:
    """The match a share code holds; ShareError in Japanese for a broken, tampered or foreign code."""
    text = code.strip()
    if text[:3] in TAGS.values() and text[:3] != TAGS[game]:
        other = next(g for g, tag in TAGS.items() if tag == text[:3])
        raise share.ShareError(f"この共有リンクは{GAME_NAMES[other]}の試合のものです"
                               f"（{GAME_NAMES[game]}ではありません）。")
    payload = share.decode(text, TAGS[game])
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(payload, MAX_CODE_DATA)
    except zlib.error:
        raise share.ShareError("共有リンクの試合のデータが壊れています。") from None
    if unpack.unconsumed_tail or not unpack.eof:
        raise share.ShareError("共有リンクの試合のデータが壊れているか、大きすぎます。")
    try:
        data = parse_json(raw.decode("utf-8"))
    except (UnicodeDecodeError, JsonError):
        raise share.ShareError("共有リンクの試合のデータが読めません。") from None
    try:
        return parse(data, game)
    except PadError as error:
        raise share.ShareError(f"共有リンクの試合に、ありえないところがあります: {error}") from None
