"""Napoletanisch's computer opponent: one scripted position per rule of thumb (the action and the rule
named), the exact reading of a two-player ending checked against a plain search, whole bot-only
deals under every player count, and the view hiding what the seat cannot see."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers import reviewed, site_tutorials

from engine.bots import deal_by_number
from engine.cards import Card, Pack, parse_cards
from engine.game import Action
from engine.games.napoletanisch import BOT, NapoletanischState
from engine.games.napoletanisch.bot import (
    CHEAP,
    KEEP_TAROCK,
    LAST,
    MOST,
    NO_EASY_SUM,
    ONLY,
    PREPARE,
    RULES,
    SEARCH,
    choose,
    endgame,
)
from engine.games.napoletanisch.rules import THIRDS, captures_by_card
from engine.games.napoletanisch.view import view_of
from engine.policy import Choice


def start(table: str, hand: str, other: str = "", optional: bool = False) -> NapoletanischState:
    """A two-player deal with this table and seat 0's hand; seat 1 holds ``other`` (by default the
    next six unused cards in pack order) and the stock is the rest in pack order."""
    shown, mine = parse_cards(table), parse_cards(hand)
    rest = [c for c in Pack.TAROCK54.cards() if c not in {*shown, *mine}]
    theirs = parse_cards(other) if other else rest[:6]
    stock = [c for c in rest if c not in theirs]
    dealt = [c for pair in zip(mine, theirs, strict=True) for c in pair]
    return NapoletanischState([*shown, *dealt, *stock], {"players": 2, "capture_optional": optional})


def play(table: str, hand: str, optional: bool = False) -> tuple[str, str, str]:
    choice = BOT.decide(start(table, hand, optional=optional), 0)
    return str(choice.action), choice.rule.name, choice.why


def test_the_richest_capture() -> None:
    action, rule, why = play("SK H2 H3 T17 T18 T19", "T5 S10 C10 D4 DQ T13")
    assert (action, rule) == ("T5 x SK", MOST.name)
    assert "タロック5で場のスペードのキングを取ります" in why and "4⅔点" in why


def test_a_capture_that_leaves_no_easy_sum() -> None:
    # The heart king takes the diamond king (8⅔ points) but leaves T19 + SN = 22 for the Sküs;
    # T18 takes the king with T10 and the cavalier instead.
    action, rule, why = play("T10 T12 T19 SN D4 DK", "T18 SQ HJ HK DJ DQ")
    assert (action, rule) == ("T18 x T10 SN DK", NO_EASY_SUM.name)
    assert "スキュース" in why and "タロック19とスペードのカバロ" in why


def test_a_trail_that_leaves_no_easy_sum() -> None:
    # Laying the heart 2 would let a king take it with the spade cavalier (3 + 2 = 5).
    action, rule, why = play("T2 T3 T8 T15 F SN", "T1 T4 T19 H2 H4 HJ")
    assert (action, rule) == ("T4", NO_EASY_SUM.name)
    assert "ハートの2を場に置くと" in why and "スペードのキング" in why


def test_a_high_tarock_is_kept_for_a_richer_table() -> None:
    action, rule, why = play("T9 T16 S9 SK C10 CK", "T18 F S10 C7 D4 DN")
    assert (action, rule) == ("DN", KEEP_TAROCK.name)
    assert why.startswith("タロック18で場のタロック9とスペードの9を取れば1点ですが")


def test_the_cheapest_card_is_laid() -> None:
    action, rule, why = play("T18 T19 T21 C7 C8 HN", "T1 S9 C9 C10 D4 DQ")
    assert (action, rule) == ("D4", CHEAP.name)
    assert why == "取れる札がないので、得点が⅓点と安いダイヤの4を場に置きます。"


def test_a_card_worth_more_than_a_third_is_not_called_cheap() -> None:
    # Nothing can be taken and every card is worth more than ⅓: the jack is the cheapest, not 安い.
    action, rule, why = play("T13 T15 T16 T17 T18 T19", "SQ HN DJ CK T1 T21")
    assert (action, rule) == ("DJ", CHEAP.name)
    assert "安い" not in why and "手札の中で得点がいちばん低いダイヤのジャック（1⅓点）" in why


def test_a_forced_last_card_is_named_as_forced() -> None:
    # Review P11 (deal 1, four players, step 47): the last card of a hand, the diamond king, was called
    # 安い at 4⅓ points though it was the only card left.  The deal is replayed as the review's bot played
    # it (the one-turn look-ahead alone, as of 88d88db) and the last steps are asked of the bot.
    forced = []
    for step in range(45, 48):
        state = reviewed("napoletanisch", 1, step, {"players": 4})
        view = view_of(state, state.current_player())
        assert len(view.hand) == 1 and len(view.legal) == 1
        forced.append(BOT.decide(state, state.current_player()))
    assert all(c.rule == ONLY and c.why.startswith("手札はこの1枚だけ") and "安い" not in c.why for c in forced)
    assert forced[-1].why == "手札はこの1枚だけなので、ダイヤのキングを場に置きます（取れる札はありません）。"
    assert forced[0].why.startswith("手札はこの1枚だけで、取れる組もこれだけなので、"
                                    "ハートのクイーンで場のダイヤのクイーンを取ります")


def test_a_card_is_laid_for_the_next_capture() -> None:
    action, rule, why = play("T4 T18 T20 SK C8 C10", "T7 T8 SJ SQ H2 DJ")
    assert (action, rule) == ("H2", PREPARE.name)
    assert "タロック7で場のスペードのキングとハートの2を取る形" in why


def test_optional_captures_let_a_card_stay_on_the_table() -> None:
    # The diamond 4 could take the heart 4, but laid it makes T1 + H4 + D4 = 9 for the tarock 9.
    table, hand = "T1 T18 T19 S10 CJ H4", "T9 S8 S9 H3 D3 D4"
    action, rule, _ = play(table, hand, optional=True)
    assert (action, rule) == ("D4", PREPARE.name)
    assert Action("play", Card.parse("D4")) not in start(table, hand).legal_actions()


def review_step(number: int, step: int, players: int = 2) -> tuple[NapoletanischState, Choice]:
    """The state at ``step`` of bot-only deal ``number`` (as the hint review read it) and the bot's choice."""
    state = reviewed("napoletanisch", number, step, {"players": players})
    assert isinstance(state, NapoletanischState)
    return state, BOT.decide(state, state.current_player())


def test_a_tarock_kept_for_the_set_it_takes_now_is_said_to_prepare_the_capture() -> None:
    # Hint review, deal 101, steps 23 and 25 (seat 1): the tarock 6 was laid for the tarock 16 to take it
    # with the spade 10, then the club 8 was said to keep the tarock 16 「もっと大きな組のために」, though
    # the same set was all it could take (and took, at step 27).  Laying the club 8 makes a set for the Sküs.
    _, laid = review_step(101, 23)
    assert laid.rule == PREPARE and "タロック16で場のタロック6とスペードの10を取る形ができます" in laid.why
    _, kept = review_step(101, 25)
    assert (str(kept.action), kept.rule) == ("C8", PREPARE)
    assert kept.why == ("タロック16で場のタロック6とスペードの10を取れば1点ですが、クラブの8を場に置きます。"
                        "次の手番で手札のスキュースで場のタロック6とタロック8とクラブの8を取る形ができます。")


def test_a_richer_capture_passed_over_for_the_next_turn_is_named() -> None:
    # Hint review, three players, deal 101, step 0: the queen's capture (5 points) was explained by the
    # tarock 10's next capture alone, not saying that the tarock 3 could take 6 points now.
    _, choice = review_step(101, 0, players=3)
    assert (str(choice.action), choice.rule) == ("CQ x SJ H2", PREPARE)
    assert choice.why.startswith("タロック3で場のパガット（タロック1）とスペードのジャックを取れば6点ですが、"
                                 "クラブのクイーンで場のスペードのジャックとハートの2を取ります。")
    assert choice.why.endswith("タロック10で場のパガット（タロック1）とタロック9を取る形が残ります。")


def test_cards_worth_the_same_are_not_called_the_lowest() -> None:
    # Hint review, three players, deal 101, step 44 (seat 2 holds two queens): 「得点がいちばん低い」 of one
    # of two cards worth 3⅓ each.
    state, choice = review_step(101, 44, players=3)
    assert sorted(map(str, state.hands[2])) == ["DQ", "SQ"]
    assert (str(choice.action), choice.rule) == ("DQ", CHEAP)
    assert choice.why == "取れる札がなく、手札の札はどれも得点が3⅓点なので、ダイヤのクイーンを場に置きます。"


@pytest.mark.parametrize(("players", "number"), [(2, 4), (3, 1)])
def test_the_deals_last_card_takes_any_set(players: int, number: int) -> None:
    # Hint review: the deal's last card (step 47) taking one of several sets was said to be read to the end
    # (two players) or the richest set (three), but every set ends the deal alike: the last capture takes
    # the rest of the table.
    state, choice = review_step(number, 47, players)
    sets = [a for a in state.legal_actions() if a.take]
    assert len(sets) > 1 and len({tuple(play_out(state, a).score().totals.items()) for a in sets}) == 1
    assert choice.rule == LAST and "どの組を取っても、最後に札を取ったこちらが場の残りもすべてもらえる" in choice.why
    assert "ディールの最後の1枚です" in choice.why and "いちばん多く" not in choice.why and "読んで" not in choice.why


def play_out(state: NapoletanischState, action: Action) -> NapoletanischState:
    """``state`` after its last play ``action`` (the deal is then over and can be scored)."""
    after = state.clone()
    after.apply(action)
    assert after.is_terminal()
    return after


def test_the_search_gain_is_said_in_the_seats_own_points() -> None:
    # Hint review, deal 111, step 35: the search weighs the seat's points less the opponent's, and the
    # hint said that gap (about 20.8) as points gained; the seat itself gains about 10.4 of the 70.
    _, choice = review_step(111, 35)
    assert (str(choice.action), choice.rule) == ("HJ", SEARCH)
    assert "タロック11を場に置く手より、自分の得点が平均で約10点多くなります" in choice.why


def best_margin(mover: list[Card], other: list[Card], table: list[Card], last: int, optional: bool) -> int:
    """Plain minimax without pruning: the mover's thirds minus the other's to the end."""
    if not mover:
        return last * sum(THIRDS[c] for c in table)
    values = []
    for card, sets in captures_by_card(mover, table):
        rest = [c for c in mover if c is not card]
        for s in sets:
            gain = THIRDS[card] + sum(THIRDS[c] for c in s)
            values.append(gain - best_margin(other, rest, [c for c in table if c not in s], -1, optional))
        if optional or not sets:
            values.append(-best_margin(other, rest, [*table, card], -last, optional))
    return max(values)


def margin_after(state: NapoletanischState, action: Action, optional: bool) -> int:
    """The margin (thirds) the player to move keeps to the end after ``action``, by ``best_margin``."""
    seat = state.current_player()
    last = 0 if state.last_capturer is None else (1 if state.last_capturer == seat else -1)
    after = state.clone()
    after.apply(action)
    hands = after.hands[1 - seat], after.hands[seat]
    if action.take:
        gain = sum(THIRDS[c] for c in (action.card, *action.take) if c is not None)
        return gain - best_margin(*hands, after.tablecards, -1, optional)
    return -best_margin(*hands, after.tablecards, -last, optional)


@pytest.mark.parametrize("optional", [False, True])
def test_the_end_of_a_two_player_deal_is_read_exactly(optional: bool) -> None:
    state = deal_by_number("napoletanisch", 12, {"players": 2, "capture_optional": optional})
    assert isinstance(state, NapoletanischState)
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = view_of(state, seat)
        choice = choose(view)
        if view.stock == 0 and len(view.legal) > 1:
            # the whole end once the stock is empty (12 cards), checked by plain minimax from 8 cards on
            assert choice.rule == LAST and endgame(view, 12) == choice
            if len(state.hands[0]) + len(state.hands[1]) <= 8:
                margins = [margin_after(state, a, optional) for a in state.legal_actions()]
                assert margin_after(state, choice.action, optional) == max(margins)
                checked += 1
        state.apply(choice.action)
    assert checked >= 4


@pytest.mark.parametrize(("players", "optional"), [(2, False), (2, True), (3, False), (4, True)])
def test_whole_bot_deals_choose_legal_actions_with_a_rule(players: int, optional: bool) -> None:
    for number in (5, 77):
        state = deal_by_number("napoletanisch", number, {"players": players, "capture_optional": optional})
        while not state.is_terminal():
            choice = BOT.decide(state, state.current_player())
            assert choice.action in state.legal_actions()
            assert choice.rule in RULES and choice.why.endswith("。")
            state.apply(choice.action)
        assert set(state.score().totals) == {BOT.side_name(s, state.variants) for s in range(players)}
    assert BOT.sides({"players": players}) == tuple((s,) for s in range(players))


def test_the_view_hides_the_other_hand_and_the_stock() -> None:
    state = start("T4 T18 T20 SK C8 C10", "T7 T8 SJ SQ H2 DJ")
    state.apply(Action("play", Card.parse("H2")))
    view = view_of(state, 0)
    hidden = [*state.hands[1], *state.stock()]
    assert not [c for c in hidden if repr(c) in repr(view)]
    assert view.legal == () and view.stock == 35 and view.hand_sizes == (6, 6)
    assert view_of(state, 1).legal == tuple(state.legal_actions())


def test_states_the_seat_cannot_tell_apart_give_equal_views() -> None:
    table, hand = "T4 T18 T20 SK C8 C10", "T7 T8 SJ SQ H2 DJ"
    one = start(table, hand, "T1 T2 T3 T5 T6 T9")
    other = start(table, hand, "S7 S9 HK DK T21 F")
    assert view_of(one, 0) == view_of(other, 0)
    assert view_of(one, 1) != view_of(other, 1)


def test_the_bot_reads_no_state_or_score() -> None:
    path = Path(__file__).resolve().parents[2] / "engine" / "games" / "napoletanisch" / "bot.py"
    modules = {node.module for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ImportFrom)}
    assert not modules & {"state", "score"}


def test_a_numeral_card_makes_the_capture_a_tarock_could_make_too() -> None:
    """Issue 37, Napoletanisch principles: in four-player deal 9 (step 14, seat 2) the club 10 and the tarock
    10 each take the spade 10 for the same ⅔ point; the tarock, which may take cards of every kind, is kept,
    and the hint says why."""
    _, choice = review_step(9, 14, players=4)
    assert str(choice.action) == "C10 x S10" and choice.rule == MOST
    assert "タロック10でも取れますが" in choice.why, choice.why


@pytest.mark.parametrize(("number", "step", "king"), [(107, 0, "HK x SK"), (140, 1, "CK x HK")])
def test_a_king_is_taken_with_a_king_now_rather_than_left_for_three_players(number: int, step: int, king: str) -> None:
    """Issue 37, Napoletanisch principles: with four players the look-ahead passed over a king taking a king
    (8⅔ points) for a smaller tarock capture, counting on taking the king with the same king next turn,
    though three players come first and another king, or the tarock 5, takes it.  Putting off a capture is
    now weighed with the chance that the players after the next one hold such a card, and the king is taken
    now."""
    _, choice = review_step(number, step, players=4)
    assert str(choice.action) == king and choice.rule == MOST


def test_of_cards_laid_alike_the_one_nobody_can_take_is_laid() -> None:
    """Issue 37, napoletanisch-count step 2: nothing in hand takes the tarocks 12 and 11 on the table, and the
    tarocks 15, 16 and 20 are laid alike for the next turn (no sum of the table's can take them now).  The
    Mond and the Sküs are gone, so no card still out can ever take the tarock 20, while the unseen tarock 19
    may take the 16 or the 15 in a later sum: the lesson lays the 20 (+1.08 ± 0.53 points in 200 imagined
    deals), and so does the coach now, saying why."""
    lesson = site_tutorials()["napoletanisch-count"]
    state = lesson.state_at(2)
    assert isinstance(state, NapoletanischState)
    choice = BOT.decide(state, state.current_player())
    assert str(choice.action) == "T20"
    assert "取り点20以上のタロック" in choice.why and "ほかの人には取られず" in choice.why, choice.why
