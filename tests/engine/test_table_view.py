"""What the practice table shows (#25): the computers' moves one step at a time, the one prompt above the
cards to choose, the reader called 「あなた」 in the trick and the sheet, the refusal heading of a discard,
the red 1 drawn as its name says, and the 振り返り asked for one decision at a time."""

from __future__ import annotations

import re
import sys

import pytest

from engine import render
from engine.bots import BOTS, deal_by_number, play_out
from engine.cards import Card, naming_for
from engine.game import Action, GameState, why_not
from engine.games import GAMES
from engine.table import table_op


def reader_turns(game: str, number: int, seat: int) -> GameState:
    return GAMES[game].from_share_code(table_op({"game": game, "do": "new", "deal": number, "seat": seat})["code"])


def test_the_answer_carries_the_table_before_each_computers_move() -> None:
    game, seat, number = "lombardia", 1, 5
    answer = table_op({"game": game, "do": "new", "deal": number, "seat": seat})
    played = 0
    while played < 3 and not answer["done"]:
        state = GAMES[game].from_share_code(answer["code"])
        coach = BOTS[game].decide(state, seat).action
        answer = table_op({"game": game, "do": "play", "deal": number, "seat": seat, "code": answer["code"],
                           "action": str(coach)})
        after = GAMES[game].from_share_code(answer["code"])
        assert len(answer["steps"]) == len(after.history) - len(state.history) - 1  # one per computer's move
        for step in answer["steps"]:
            assert "あなたの番です" not in step["html"] and "今は" in step["html"]  # whose turn, beside the hand
            assert ("tf-winner" in step["html"]) == step["won"]
        if coach.kind == "play" and answer["steps"]:  # the reader's card is on the table first, as theirs
            played += 1
            assert "<figcaption>あなた</figcaption>" in answer["steps"][0]["html"]
    assert played == 3


def first_position(game: str, kind: str, deals: range) -> GameState:
    """A position, played by the computers in every seat, where the player to move chooses cards of
    ``kind`` (give: Lombardia's Fool exchange from the trick pile; take: Rotarot's widow)."""
    bot = BOTS[game]
    for number in deals:
        state = deal_by_number(game, number)
        while not state.is_terminal():
            if state.card_kind() == kind and any(a.card for a in state.legal_actions()):
                return state
            state.apply(bot.decide(state, state.current_player()).action)
    raise AssertionError(f"no {kind} decision in {game}")


@pytest.mark.parametrize(("game", "kind", "row"), [("rotarot", "take", "ウィドーの札"),
                                                   ("lombardia", "give", "あなたが取ったトリックの札")])
def test_one_prompt_above_the_cards_to_choose(game: str, kind: str, row: str) -> None:
    state = first_position(game, kind, range(1, 40))
    seat = state.current_player()
    html = table_op({"game": game, "do": "open", "deal": state_number(game, state), "seat": seat,
                     "code": state.share_code()})["html"]
    prompts = re.findall(r'<p class="tf-choice-label">([^<]*)</p>', html)
    assert len(prompts) == 1 and row.removesuffix("の札") in prompts[0]
    assert f'aria-label="{row}"' in html and 'aria-label="あなたの手札"' not in html  # the hand is only shown


def state_number(game: str, state: GameState) -> int:
    return next(n for n in range(1, 40) if deal_by_number(game, n).deal == state.deal)


def test_the_reader_is_you_on_the_score_sheet() -> None:
    game, seat = "lombardia", 1
    bot = BOTS[game]
    end = play_out(deal_by_number(game, 9), lambda s, p: bot.decide(s, p).action)
    html = table_op({"game": game, "do": "open", "deal": 9, "seat": seat, "code": end.share_code()})["html"]
    sheet = html[html.index('<table class="tf-sheet">'):html.index("</table>")]
    assert "あなた" in sheet and not re.search(r"席1(?!\d)", sheet)


def test_a_refused_discard_asks_why_it_cannot_be_discarded() -> None:
    card = Card.parse("SK")
    assert why_not(Action("discard", card)) == "なぜ捨てられない？"
    assert why_not(Action("play", card)) == "なぜ出せない？"
    assert why_not(Action("pass")) == "なぜ選べない？"


@pytest.mark.parametrize("game", ["rotarot", "napoletanisch", "lombardia", "lhombre"])
def test_the_one_is_drawn_as_the_text_names_it(game: str) -> None:
    naming = naming_for(game)
    card = Card.parse("HA")
    word = naming.name(card).split("の")[-1]  # ハートの1 / カップのA
    corner = re.search(r'<text x="6" y="20"[^>]*>([^<]*)</text>', render.card_svg(card, naming))
    assert corner is not None and corner.group(1) == word


@pytest.mark.skipif(sys.platform == "emscripten", reason="the coach's estimates: the browser test runs them")
def test_the_review_is_asked_for_one_decision_at_a_time() -> None:
    game, seat, number = "napoletanisch", 0, 5
    bot = BOTS[game]
    end = play_out(deal_by_number(game, number), lambda s, p: s.legal_actions()[-1] if p == seat
                   else bot.decide(s, p).action)
    ask = {"game": game, "do": "review", "deal": number, "seat": seat, "code": end.share_code()}
    first = table_op({**ask, "from": 0})
    while not first["review"] and first["next"] is not None:
        first = table_op({**ask, "from": first["next"]})
    entry = first["review"][0]
    before = GAMES[game].from_share_code(entry["code"])
    assert before.history == end.history[:entry["move"] - 1] and first["next"] == entry["move"]
    assert entry["chose"] == before.describe(end.history[entry["move"] - 1])
    assert entry["coach"] == before.describe(bot.decide(before, seat).action) != entry["chose"]
    assert entry["place"].endswith("巡目") and entry["kind"] in ("cost", "even", "unknown")
    assert ("あなたの手札" in entry["html"]) == (entry["kind"] != "even")  # a choice without a clear cost: one line
    assert entry["head"] in entry["cost"] or (entry["kind"] == "cost" and "点" in entry["head"])
    reopened = table_op({"game": game, "do": "open", "deal": number, "seat": seat, "code": entry["code"]})
    assert reopened["code"] == entry["code"] and not reopened["steps"]  # the reader's turn at once
    assert table_op({**ask, "from": len(end.history)}) == {"review": [], "next": None, "moves": len(end.history)}
