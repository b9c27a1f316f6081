"""The score pad (得点計算機): what the page gets for a match (op ``pad``) and what ``python -m engine
match`` prints — the running table, each deal's sheet with the examples' renderer, where the game
stands in words.  The pad is stateless: the page sends the whole match each time (an edit, a deletion,
an undo is a changed match) or a share code; engine.match reads and checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape
from typing import Any

from . import render, share
from .game import ScoredPosition
from .games import GAMES
from .games.ottocento.rules import TARGET
from .games.rotarot.rules import bid_name
from .match import (
    Match,
    PadError,
    deal_points,
    deal_sheet,
    deal_words,
    finished_at,
    from_share_code,
    next_dealer,
    parse,
    player_labels,
    seats_of,
    share_code,
    side_labels,
    sides,
)
from .scoresheet import ScoreSheet, format_signed, running_totals


def result_sentence(match: Match, sums: Sequence[Fraction]) -> str:
    """Where the game stands, in words: who leads by how much and how far the end is; or who won."""
    labels = side_labels(match)
    done = len(match.deals)
    if not done:
        return "まだディールがありません。終わったディールを入力すると、ここに累計が出ます。"
    best = max(sums)
    leaders = [labels[s] for s, total in enumerate(sums) if total == best]
    others = sorted(sums, reverse=True)
    gap = best - others[1] if len(others) > 1 else Fraction(0)
    standing = (f"{'と'.join(leaders)}が{format_signed(best)}点で並んでいます。" if len(leaders) > 1 else
                f"{leaders[0]}が{format_signed(best)}点で首位です（2位との差{format_signed(gap).lstrip('+')}点）。")
    if finished_at(match) is not None:
        if len(leaders) > 1:
            return f"ゲーム終了（{done}ディール）: {'と'.join(leaders)}が{format_signed(best)}点で同点です。"
        return f"ゲーム終了（{done}ディール）: {leaders[0]}の勝ちです（{format_signed(best)}点）。"
    if match.game == "ottocento":
        left = "、".join(f"{label}はあと{TARGET - int(total)}点" for label, total in zip(labels, sums, strict=True))
        return f"{done}ディールを終えて、{standing}{TARGET}点まで、{left}です。"
    if match.length is None:
        return f"{done}ディールを終えて、{standing}チップはディールごとに精算します（区切りは決めていません）。"
    return f"{done}ディールを終えて、{standing}あと{match.length - done}ディールでゲームが終わります。"



# --- HTML ------------------------------------------------------------------------------------------
def dealer_line(match: Match, dealer: int) -> str:
    """Who dealt (and who sat the deal out); the sheet itself names the players."""
    labels = player_labels(match)
    seats = seats_of(match.game, match.variants, dealer)
    sitter = [labels[p] for p in range(len(labels)) if p not in seats]
    rest = f"（休み: {sitter[0]}）" if sitter else ""
    return f"ディーラーは{labels[dealer]}です{rest}。"


def sheet_html(match: Match, k: int, sheet: ScoreSheet | None, root: str) -> str:
    """Who dealt, then the deal's score table (the examples' renderer).  The cards are not drawn
    again: the page shows them where they were entered, and a long match stays a small answer."""
    deal = match.deals[k]
    parts = [f'<div class="tf-pad-sheet"><p class="tf-pad-seats">{escape(dealer_line(match, deal.dealer))}</p>']
    if sheet is None or deal.position is None:
        parts.append('<p class="tf-pad-thrown">このディールは流れました（得点なし）。</p>')
    else:
        parts.append(render.score_table(sheet, root))
    return "".join(parts) + "</div>"


def totals_html(match: Match, rows: Sequence[Sequence[Fraction]], sums: Sequence[Fraction]) -> str:
    labels = side_labels(match)
    players = player_labels(match)
    head = "".join(f'<th scope="col">{escape(label)}</th>' for label in labels)
    body = "".join(
        f'<tr><th scope="row">{k + 1}（配り: {escape(players[match.deals[k].dealer])}）</th>'
        + "".join(f'<td class="tf-num">{escape(format_signed(p))}</td>' for p in row) + "</tr>"
        for k, row in enumerate(rows))
    foot = '<tr class="tf-total"><th scope="row">合計</th>' + "".join(
        f'<td class="tf-num">{escape(format_signed(t))}</td>' for t in sums) + "</tr>"
    length = f"（{match.length}ディールで1ゲーム）" if match.length else \
        f"（{TARGET}点で勝ち）" if match.game == "ottocento" else ""
    return (f'<table class="tf-sheet tf-match"><caption>試合の得点{escape(length)}</caption>'
            f'<thead><tr><th scope="col">ディール</th>{head}</tr></thead><tbody>{body}</tbody>'
            f"<tfoot>{foot}</tfoot></table>")


def contract_name(game: str, position: ScoredPosition) -> str:
    """The deal's contract in words (Rotarot's bid or Ramsch, l'Hombre's contract); "" for the others."""
    contract: Any = getattr(position, "contract", None)
    if game == "lhombre":
        return str(contract.name)
    if game == "rotarot":
        return "ラムシュ" if contract is None else bid_name(contract)
    return ""


def contract_words(match: Match, k: int) -> str:
    """Who played which contract, for the deal's line (「デクレアラー: フォアハンドのゆき（ソロ）」), or the
    Ramsch that nobody declared; "" in the games without a declarer."""
    position = match.deals[k].position
    contract = "" if position is None else contract_name(match.game, position)
    declarer: Any = getattr(position, "declarer", None)
    if not contract:
        return ""
    if declarer is None:
        return contract
    return f"デクレアラー: {deal_words(match, k)[declarer]}（{contract}）"


def summary(match: Match, k: int, points: Sequence[Fraction]) -> str:
    """The deal's line in the match table and the print: the dealer, the declarer and the contract, the
    points."""
    deal = match.deals[k]
    labels = side_labels(match)
    head = f"配り: {player_labels(match)[deal.dealer]}"
    if deal.position is None:
        return f"{head}。流れました"
    said = contract_words(match, k)
    return f"{head}{'、' + said if said else ''}。" + "、".join(
        f"{label} {format_signed(p)}" for label, p in zip(labels, points, strict=True))


def answer(match: Match, root: str) -> dict[str, Any]:
    """The op's answer for a checked match (engine.web's ``pad``; pad-protocol.md)."""
    deals = []
    rows: list[list[Fraction]] = []
    for k, deal in enumerate(match.deals):
        sheet = deal_sheet(match, k)
        points = deal_points(match, k)
        rows.append(points)
        deals.append({"dealer": deal.dealer, "seats": seats_of(match.game, match.variants, deal.dealer),
                      "summary": summary(match, k, points), "points": [format_signed(p) for p in points],
                      "sheet": sheet_html(match, k, sheet, root)})
    sums = [sum((row[s] for row in rows), Fraction(0)) for s in range(len(sides(match.game, match.variants)))]
    over = finished_at(match) is not None
    last = match.deals[-1].dealer if match.deals else None
    return {"ok": True, "match": match.to_data(), "code": share_code(match), "players": player_labels(match),
            "sides": [{"label": label, "players": list(group)}
                      for label, group in zip(side_labels(match), sides(match.game, match.variants), strict=True)],
            "deals": deals, "totals": [format_signed(t) for t in sums], "totals_html": totals_html(match, rows, sums),
            "running": running_totals(rows),
            "finished": over, "result": result_sentence(match, sums),
            "next_dealer": None if over else next_dealer(match.game, match.variants, last), "length": match.length}


def refusal(error: PadError | share.ShareError) -> dict[str, Any]:
    if isinstance(error, PadError):
        return {"ok": False, "error": str(error), "deal": error.deal, "field": list(error.field) or None}
    return {"ok": False, "error": str(error), "deal": None, "field": None}


def pad_op(data: dict[str, Any]) -> dict[str, Any]:
    """``{"op": "pad", "game": g, "match": MATCH | "code": CODE, "root": "../"}`` → the answer or a refusal."""
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        return refusal(PadError(f"「{game}」の得点計算機はありません（{'・'.join(GAMES)}）。", None, ("game",)))
    root = str(data.get("root", "../"))
    try:
        if isinstance(data.get("code"), str) and data["code"].strip():
            match = from_share_code(game, data["code"])
        elif "match" in data:
            match = parse(data["match"], game)
        else:
            raise PadError("試合（match）か共有コード（code）がありません。")
        return answer(match, root)
    except (PadError, share.ShareError) as error:
        return refusal(error)


# --- the command line ------------------------------------------------------------------------------
def match_text(match: Match) -> str:
    """Every deal's sheet as text, then the totals and where the game stands (``python -m engine match``)."""
    labels = side_labels(match)
    lines: list[str] = []
    rows = []
    for k, deal in enumerate(match.deals):
        sheet = deal_sheet(match, k)
        rows.append(deal_points(match, k))
        lines += [f"=== {k + 1}ディール目 ===", dealer_line(match, deal.dealer), ""]
        lines += [sheet.to_text() if sheet else "このディールは流れました（得点なし）。", ""]
    sums = [sum((row[s] for row in rows), Fraction(0)) for s in range(len(labels))]
    lines.append("=== 試合の得点 ===")
    for k, row in enumerate(rows):
        points = "  ".join(f"{label} {format_signed(p)}" for label, p in zip(labels, row, strict=True))
        lines.append(f"{k + 1:>3}  {points}")
    lines.append("合計 " + "  ".join(f"{label} {format_signed(t)}" for label, t in zip(labels, sums, strict=True)))
    lines.append(result_sentence(match, sums))
    return "\n".join(lines)


def match_json(match: Match) -> dict[str, Any]:
    rows, sheets = [], []
    for k in range(len(match.deals)):
        sheet = deal_sheet(match, k)
        rows.append(deal_points(match, k))
        sheets.append(sheet.to_dict() if sheet else None)
    sums = [sum((row[s] for row in rows), Fraction(0)) for s in range(len(side_labels(match)))]
    return {"sides": side_labels(match), "deals": [{"points": [format_signed(p) for p in row], "sheet": sheet}
                                                   for row, sheet in zip(rows, sheets, strict=True)],
            "totals": [format_signed(t) for t in sums], "finished": finished_at(match) is not None,
            "result": result_sentence(match, sums), "code": share_code(match)}
