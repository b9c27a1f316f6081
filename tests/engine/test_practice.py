"""The practice table through the page's door (web.handle, op ``table``) and in the terminal."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from engine import console, practice
from engine.__main__ import main
from engine.bots import BOTS, deal_by_number, share_error
from engine.game import Action
from engine.games import GAMES
from engine.games.lombardia import LombardiaState
from engine.scoresheet import running_totals
from engine.web import handle

GAMES_WITH_TABLE = sorted(BOTS)


def ask(**request: Any) -> dict[str, Any]:
    answer = json.loads(handle(json.dumps({"op": "table", **request})))
    assert "internal" not in answer, answer
    return answer


def reader_actions(code: str, game: str) -> list[str]:
    return [str(a) for a in GAMES[game].from_share_code(code).legal_actions()]


@pytest.mark.parametrize("game", GAMES_WITH_TABLE)
def test_a_whole_deal_with_hint_undo_and_a_refusal(game: str) -> None:
    table = ask(game=game, do="new", deal=11, seat=1)
    assert table["seat"] == 1 and not table["done"]
    assert GAMES[game].from_share_code(table["code"]).current_player() == 1  # the computers played first
    played = 0
    while not table["done"]:
        code = table["code"]
        hint = ask(game=game, do="hint", deal=11, seat=1, code=code)["hint"]
        assert hint["action"] in reader_actions(code, game) and hint["rule"] in {r.name for r in BOTS[game].rules}
        refused = ask(game=game, do="play", deal=11, seat=1, code=code, action="discard T21")
        assert refused["illegal"].startswith(("なぜ出せない？", "なぜ捨てられない？"))
        table = ask(game=game, do="play", deal=11, seat=1, code=code, action=hint["action"])
        played += 1
        if played == 3:
            back = ask(game=game, do="undo", deal=11, seat=1, code=table["code"])
            assert back["code"] == code  # back at the reader's previous decision, the computers' replies undone
    end = GAMES[game].from_share_code(table["code"])
    assert end.is_terminal() and '<table class="tf-sheet">' in table["html"]
    expected = practice.result(BOTS[game], end, 1)
    assert table["result"] == [str(p) for p in expected] and "tf-match" in table["html"]
    assert table["chart"]["sides"][0].startswith("あなた") and len(table["chart"]["sides"]) == len(expected)
    assert table["chart"]["running"] == running_totals([expected])
    earlier = {"deal": 5, "points": ["1"] * len(expected)}  # a game under way: the chart adds this deal to it
    reopened = ask(game=game, do="open", deal=11, seat=1, code=table["code"], match=[earlier])
    assert reopened["done"] and reopened["result"] == table["result"]
    assert reopened["chart"]["running"] == running_totals([[1] * len(expected), expected])


@pytest.mark.parametrize("game", GAMES_WITH_TABLE)
def test_refusals_in_japanese(game: str) -> None:
    start = ask(game=game, do="new", deal=3, seat=0)
    assert ask(game=game, do="undo", deal=3, seat=0, code=start["code"])["illegal"].startswith("まだ戻せる手")
    other_deal = ask(game=game, do="open", deal=4, seat=0, code=start["code"])
    assert "ディール番号（4）と配り札が合いません" in other_deal["error"]
    for bad, words in (({"deal": 0}, "ディール番号"), ({"seat": 9}, "席"), ({"do": "cheat"}, "操作"),
                       ({"match": [{"deal": 1, "points": ["x"]}]}, "得点の記録"), ({"rounds": 7}, "得点の記録"),
                       ({"code": start["code"][:-3]}, "共有")):
        answer = ask(**{"game": game, "do": "open", "deal": 3, "seat": 0, "code": start["code"], **bad})
        assert words in answer["error"], (bad, answer)
    assert "対局練習はありません" in ask(game="chess", do="new", deal=1, seat=0)["error"]


def test_the_running_total_sums_exactly_and_names_the_winner() -> None:
    bot = BOTS["lombardia"]
    match = practice.Match(((5, (Fraction(3), Fraction(-3))),
                            (9, (Fraction(-1), Fraction(1)))) * 2, practice.Length(deals=4))
    state = deal_by_number("lombardia", 5)
    html = practice.table_html(bot, state, 0, 5, [], True, "../", match)
    assert "+4" in html and "-4" in html and "あなたのチームの勝ちです" in html


def test_sides_are_named_from_the_readers_seat() -> None:
    assert [s.label for s in practice.sides(BOTS["lombardia"], {}, 2)] == ["あなたのチーム", "相手チーム"]
    if "napoletanisch" in BOTS:
        labels = [s.label for s in practice.sides(BOTS["napoletanisch"], {"players": 4}, 3)]
        assert labels == ["あなた", "右隣の人", "向かいの人", "左隣の人"]
    assert practice.next_seat(0, 4) == 3 and practice.next_seat(2, 3) == 1


@pytest.mark.parametrize("game", GAMES_WITH_TABLE)
def test_terminal_play_with_typed_actions(game: str) -> None:
    typed: list[str] = ["legal", "hint", "nonsense", "undo"]
    said: list[str] = []

    def answer(_: str) -> str:
        if typed:
            return typed.pop(0)
        return "quit"
    state = console.play(game, 5, 0, {}, answer, said.append)
    assert any(line.startswith("出せる手:") for line in said) and any(line.startswith("ヒント（") for line in said)
    assert any("まだ戻せる手" in line or "1手戻しました" in line for line in said)
    assert not state.is_terminal()


def test_cli_bots_and_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "rotarot", "--deals", "4", "--seed", "2", "--json"]) == 0  # the quickest bots
    figures = json.loads(capsys.readouterr().out)
    assert set(figures) >= {"deals", "bot_win_share", "bot_win_share_se", "mean_margin"} and figures["deals"] == 4
    assert 0 <= figures["bot_win_share_se"] <= 0.5
    assert main(["play", "lombardia", "--seed", "3", "--bots", "all"]) == 0
    out = capsys.readouterr().out
    assert "第19トリック" in out and "合計" in out
    with pytest.raises(SystemExit) as stop:
        main(["bots", "chess", "--deals", "4"])
    assert stop.value.code == 2 and "選べません" in capsys.readouterr().err


def test_the_win_share_error_counts_whole_shuffles() -> None:
    # Four shuffles of two seatings: 2, 1, 2 and 0 won, a share of 5/8.  By hand: the shuffles' shares
    # 1, 1/2, 1, 0 have the sample variance 0.6875 / 3, so the error is sqrt(0.6875 / 3) / sqrt(4) = 0.23936.
    assert share_error([(2, 2), (1, 2), (2, 2), (0, 2)]) == pytest.approx(0.23936, abs=1e-5)
    # A shuffle cut short by the deal count weighs by its deals: share 2/3, residues +2/3 and -2/3, so
    # sqrt(2 * 8/9) / 3 = 4/9.
    assert share_error([(2, 2), (0, 1)]) == pytest.approx(4 / 9)
    assert share_error([(1, 2), (1, 2), (1, 2)]) == 0.0  # the same result every time: no spread
    assert share_error([(1, 2)]) == 0.0  # one shuffle: nothing to measure the spread with


def test_another_seats_discard_is_never_named() -> None:
    """The dealer (a computer) lays two cards away face down: the table says that much, never which."""
    table = ask(game="lombardia", do="new", deal=5, seat=0)
    table = ask(game="lombardia", do="play", deal=5, seat=0, code=table["code"], action="keep")
    state = LombardiaState.from_share_code(table["code"])
    events = table["html"].split('<ol class="tf-events"', 1)[1].split("</ol>", 1)[0]
    assert "札を1枚、裏向きに捨てる（2回）" in events
    assert all(state.describe(Action("discard", card)) not in events for card in state.discard)


@pytest.mark.parametrize(("rows", "exceed", "over"), [
    (((1, (805, 700)),), False, True),     # one side past 800 alone
    (((1, (800, 795)),), False, True),     # reaching 800 is enough under the recommended rule
    (((1, (800, 795)),), True, False),     # ... but not under 「800点を超えたら」
    (((1, (810, 810)),), False, False),    # both past 800 and level: one more deal
    (((1, (790, 810)), (2, (15, 0))), False, True),  # both past 800: the higher total wins (805 < 810)
])
def test_a_race_to_800_ends_only_with_one_side_on_top(rows: tuple[tuple[int, tuple[int, int]], ...],
                                                      exceed: bool, over: bool) -> None:
    match = practice.Match(tuple((n, tuple(map(Fraction, p))) for n, p in rows),
                           practice.Length(target=800, exceed=exceed))
    assert match.is_over() is over


def test_game_lengths_follow_the_rules_pages() -> None:
    assert [length.deals for length in practice.game_lengths("lhombre", {"players": 3})] == [3, 6, 12]
    assert [length.deals for length in practice.game_lengths("rotarot", {"players": 4})] == [4, 8, 12]
    race = practice.game_lengths("ottocento", {"game_end": "exceed"})
    assert race == [practice.Length(target=800, exceed=True)] and race[0].label(4) == "どちらかの側が800点を超えるまで"


@pytest.mark.parametrize("points", [["5/0", "1"], ["1/0000", "1"], ["1e99999999", "0"], ["١", "0"], ["5", "-"],
                                    [5, "1"], ["5"], ["5", "1", "2"]])
def test_a_stored_total_that_is_no_exact_number_is_refused_in_japanese(points: list[Any]) -> None:
    """2026-11-27 attack F2: a running-total row of 5/0 raised ZeroDivisionError on every reload."""
    table = ask(game="lombardia", do="new", deal=5, seat=0)
    answer = ask(game="lombardia", do="open", deal=5, seat=0, code=table["code"],
                 match=[{"deal": 1, "points": points}])
    assert "得点の記録が読めません" in answer["error"]


@pytest.mark.parametrize("deal", [0, -1, True, 10 ** 12, "1", None])
def test_a_stored_row_with_no_deal_number_is_refused(deal: Any) -> None:
    table = ask(game="lombardia", do="new", deal=5, seat=0)
    answer = ask(game="lombardia", do="open", deal=5, seat=0, code=table["code"],
                 match=[{"deal": deal, "points": ["5", "-5"]}])
    assert "得点の記録が読めません" in answer["error"]


@pytest.mark.parametrize("game", ["rotarot", "lombardia"])
def test_the_trick_the_reader_won_says_あなた(game: str) -> None:
    """The trick's sentence names the winner as its cards do: the reader's seat is 「あなた」 there too (it
    said 「席0が勝ちます」 under a card captioned あなた)."""
    bot, match = BOTS[game], practice.Match((), practice.Length(deals=4))
    state = deal_by_number(game, 3)
    while not state.is_terminal():
        plays, caption, winner = state.table()
        reader = state.current_player()
        mine = state.seat_label(reader)
        if caption and winner is not None and plays[winner][0] == mine:
            html = practice.table_html(bot, state, reader, 3, [], True, "../", match)
            assert f"{mine}が勝ちます" not in html and "あなたが勝ちます" in html
            return
        state.apply(bot.decide(state, reader).action)
    raise AssertionError("no trick won by the seat to play next")
