"""ロンブルの得点計算の例 (tutorials/lhombre/example-*.yaml): each is a recorded deal that the engine
replays to the end; its final position passes the reachability checks and is the position written
out below (for the examples not re-dealt since, the one they showed as typed positions), the moment
the page talks about happens at the trick the intro names, and the running trick counts (``tally``)
are the ones counted by hand."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import site_example, site_example_names
from test_lhombre import deal

from engine.cards import TRUMP
from engine.games.lhombre import BY_WORD, LHombreState, Position
from engine.tutorials import Example, position_from_data

FH, MH, RH = "フォアハンド", "ミドルハンド", "バックハンド"

# Where each replayed deal must end.  Examples re-dealt since they were typed positions say so (an old
# share link of theirs opens the example's end with a notice, engine.web); the others end exactly where
# the old pages' positions were, so those links still fit.
OLD: dict[str, dict[str, Any]] = {
    # Re-dealt after the 2026-12-01 review (N9): a codille the coach's own play did not avoid, not one made
    # by the declarer ducking a trick he could win.
    "codille": {"contract": "solo", "declarer": 0, "trump": "C", "tricks": {0: 4, 1: 5, 2: 0},
                "hand": "SA C2 CA CJ C6 H2 S5 SJ D3"},
    # Re-dealt with the coach at every seat (issue 37): spades with basta and four more trumps, spadille and
    # manille against him.
    "four-players-remise": {"contract": "simple", "declarer": 0, "trump": "S", "tricks": {0: 4, 1: 4, 2: 1},
                            "hand": "CA SK SJ S6 S5 S4 HK DJ D6", "variants": {"players": 4}},
    # Re-dealt with the coach at every seat (issue 37): the talon gives the declarer the six of spades.
    "simple-nolo": {"contract": "simple-nolo", "declarer": 1, "tricks": {0: 3, 1: 2, 2: 4},
                    "hand": "S6 S5 S3 S2 C5 C3 C2 D5 D7"},
    # Re-dealt with the coach at every seat (issue 37): spadille and five more spades, manille and basta against.
    "spade-solo-won": {"contract": "spade-solo", "declarer": 0, "trump": "S", "tricks": {0: 5, 1: 1, 2: 2},
                       "hand": "SA SK SQ S7 S6 S3 DJ DA D2"},
    # Re-dealt after the 2026-11-27 review (P7), and again with the coach at every seat (issue 37): a tourné
    # with basta, the ace of diamonds and a king, bid at about 8 in 10 and surrendered after a bad exchange.
    "surrender": {"contract": "tourne", "declarer": 2, "trump": "D", "surrendered": True,
                  "hand": "CA DA DQ D2 S7 CQ C2 HK H5"},
    "vole": {"contract": "solo", "declarer": 0, "trump": "H", "vole": True, "tricks": {0: 9, 1: 0, 2: 0},
             "hand": "SA H7 CA HA HK HQ HJ SK CK"},
}


def example(name: str) -> Example:
    return site_example("lhombre", name)


def at(ex: Example, step: int) -> LHombreState:
    state = ex.state_at(step)
    assert isinstance(state, LHombreState)
    return state


def trick_lines(ex: Example) -> list[int]:
    """The steps (line counts) after which a trick is complete."""
    return [i + 1 for i, line in enumerate(ex.lines) if len(line) == 3 and all(a.kind == "play" for a in line)]


def counts(ex: Example, step: int) -> tuple[int, ...]:
    return tuple(at(ex, step).tricks)


def test_every_example_is_listed() -> None:
    assert site_example_names("lhombre") == sorted(OLD)


@pytest.mark.parametrize("name", sorted(OLD))
def test_each_example_replays_to_its_old_position(name: str) -> None:
    ex = example(name)
    position = ex.position
    assert isinstance(position, Position)
    assert Position.from_share_code(position.share_code()) == position
    assert at(ex, len(ex.lines)).is_terminal()
    old = OLD[name]
    assert position == position_from_data("lhombre", {"game": "lhombre", **old})
    # one line per bid, then the trumps and each exchange, then one line per trick (and the slam choice)
    bids = [i for i, line in enumerate(ex.lines) if line[0].kind in ("pass", "self", *BY_WORD)]
    assert bids == list(range(len(bids))) and all(len(ex.lines[i]) == 1 for i in bids)
    tricks = trick_lines(ex)
    if name != "surrender":
        assert tricks[-1] == len(ex.lines)
        assert [i for i in range(tricks[0], len(ex.lines) + 1) if i not in tricks] == \
            ([tricks[4] + 1] if position.vole else [])


def test_spade_solo_stops_after_the_fifth_trick_at_trick_eight() -> None:
    ex = example("spade-solo-won")
    tricks = trick_lines(ex)
    assert len(tricks) == 8
    assert counts(ex, tricks[6]) == (4, 1, 2) and not at(ex, tricks[6]).is_terminal()
    assert counts(ex, tricks[7]) == (5, 1, 2) and at(ex, tricks[7]).is_terminal()
    assert counts(ex, tricks[4])[0] < 5  # no slam question: the declarer lost tricks early
    position = ex.position
    assert isinstance(position, Position)
    assert sorted(position.hand) == sorted(at(ex, 0).dealt[0])  # the solo: no exchange for the declarer
    assert at(ex, tricks[7]).tally() == [(f"{FH}（デクレアラー）", "5トリック"), (MH, "1トリック"), (RH, "2トリック")]


def test_codille_is_decided_by_the_last_trick() -> None:
    ex = example("codille")
    tricks = trick_lines(ex)
    assert len(tricks) == 9
    assert counts(ex, tricks[2]) == (3, 0, 0)  # the three matadors led from the top
    assert counts(ex, tricks[7]) == (4, 4, 0) and not at(ex, tricks[7]).is_terminal()
    assert counts(ex, tricks[8]) == (4, 5, 0)
    assert ex.position.score().totals == {FH: -6, MH: 3, RH: 3}


def test_simple_nolo_is_played_out_after_the_codille_is_certain() -> None:
    ex = example("simple-nolo")
    tricks = trick_lines(ex)
    assert len(tricks) == 9
    assert counts(ex, tricks[1]) == (0, 1, 1)  # the second trick: the ace of spades led, the six forced over it
    assert counts(ex, tricks[3]) == (1, 2, 1) and not at(ex, tricks[3]).is_terminal()  # codille certain
    assert counts(ex, tricks[8]) == (3, 2, 4)


def test_surrender_comes_at_the_declarers_first_card() -> None:
    ex = example("surrender")
    before = at(ex, len(ex.lines) - 1)
    assert before.phase == "play" and before.turn == before.declarer == 2 and len(before.trick) == 2
    assert before.turned is not None and str(before.turned) == "DQ"
    assert [str(c) for c in before.hands[2] if before.suiting.suit_of[c] == TRUMP] == ["CA", "DA", "DQ", "D2"]
    opponents = [c for seat in (0, 1) for c in before.hands[seat] if before.suiting.suit_of[c] == TRUMP]
    assert len(opponents) == 8 and {"SA", "D7"} <= set(map(str, opponents))  # spadille and manille against him
    assert before.tally() == [(FH, "0トリック"), (MH, "0トリック"), (f"{RH}（デクレアラー）", "0トリック")]
    assert at(ex, len(ex.lines)).tally() == []


def test_vole_is_chosen_after_five_straight_tricks() -> None:
    ex = example("vole")
    choice = [i for i, line in enumerate(ex.lines) if line[0].kind == "vole"]
    assert len(choice) == 1
    assert counts(ex, choice[0]) == (5, 0, 0) and at(ex, choice[0]).phase == "vole"
    assert counts(ex, len(ex.lines)) == (9, 0, 0)


def test_the_four_player_example_keeps_its_player_count() -> None:
    ex = example("four-players-remise")
    assert ex.start.variants["players"] == 4
    offered, unchanged = ex.variant_effects()
    assert "players" not in offered + unchanged
    assert ex.expect == {FH: -2, MH: 1, RH: 1, "休み（ディーラーの向かい）": 0}
    assert counts(ex, trick_lines(ex)[7]) == (3, 4, 1)  # one trick left: 4-4 or 3-5, never a win


# --- the running tally -----------------------------------------------------------------------
def test_tally_counts_tricks_per_seat_from_the_start_of_the_play() -> None:
    state = deal(fh="SA S2 CA SK SQ HK HQ DK DQ", mh="S3 S4 C2 C3 C4 H2 H3 D2 D3",
                 rh="S5 S6 C5 C6 C7 H4 H5 D4 D5")
    state.apply(state.parse_action("spade-solo"))
    assert state.tally() == []  # the auction: no tricks yet
    for word in ("pass", "pass", "draw", "draw"):
        state.apply(state.parse_action(word))
    assert state.phase == "play"
    assert state.tally() == [(f"{FH}（デクレアラー）", "0トリック"), (MH, "0トリック"), (RH, "0トリック")]
    for card in ("SA", "S3", "S5", "HK", "H2", "H4"):
        state.apply(state.parse_action(card))
    assert state.tally() == [(f"{FH}（デクレアラー）", "2トリック"), (MH, "0トリック"), (RH, "0トリック")]
    for card in ("DK", "D2", "D4", "S2", "S4", "S6"):  # a third and a fourth trick for forehand
        state.apply(state.parse_action(card))
    assert state.tally()[0] == (f"{FH}（デクレアラー）", "4トリック")


def test_tally_is_empty_after_an_all_pass() -> None:
    state = deal()
    for word in ("pass", "pass", "pass"):
        state.apply(state.parse_action(word))
    assert state.phase == "redeal" and state.tally() == []
