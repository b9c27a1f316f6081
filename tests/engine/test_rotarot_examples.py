"""ロタロットの得点計算の例 (tutorials/rotarot/example-*.yaml): each is a recorded deal that the engine
replays to the end; its final position passes the reachability checks, the page's point holds at
the trick the intro names, and the running card points (``tally``) add up as counted by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import site_example, site_example_names

from engine.cards import parse_cards
from engine.games.rotarot import Position, RotarotState
from engine.tutorials import Example, position_from_data

NAMES = ("55-and-a-half", "exactly-55", "ramsch", "solo-ultimo-lost", "valat")


def example(name: str) -> Example:
    return site_example("rotarot", name)


def at(ex: Example, step: int) -> RotarotState:
    state = ex.state_at(step)
    assert isinstance(state, RotarotState)
    return state


def test_every_example_is_listed() -> None:
    assert site_example_names("rotarot") == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_example_replays_to_a_reachable_position(name: str) -> None:
    ex = example(name)
    position = ex.position
    assert isinstance(position, Position)
    assert Position.from_share_code(position.share_code()) == position
    assert at(ex, len(ex.lines)).is_terminal()
    # bidding and exchange lines first, then exactly one line per trick
    plays = [line for line in ex.lines if all(a.kind == "play" for a in line)]
    assert len(plays) == 18 and all(len(line) == 4 for line in plays)
    assert ex.lines[-18:] == tuple(plays)


def test_exactly_55_fails() -> None:
    ex = example("exactly-55")
    pos = ex.position
    assert isinstance(pos, Position)
    assert (pos.contract, pos.declarer) == (3, 1)
    assert pos.discard == tuple(parse_cards("S10 S5 S2"))  # three pips, 1.5 points
    assert len(pos.piles[1]) == 28  # 7 tricks, 53.5 points
    twelfth = at(ex, 2 + 12)  # the trump 19 takes the twelfth trick: 55 points, and no more after it
    assert [(p.seat, str(p.card)) for p in twelfth.last_plays] == [(2, "SJ"), (3, "S9"), (0, "T15"), (1, "T19")]
    assert twelfth.tally()[0] == ("デクレアラー（席1、捨て札を含む）", "55点")
    assert at(ex, len(ex.lines)).tally() == [("デクレアラー（席1、捨て札を含む）", "55点"),
                                             ("相手側（使わなかったウィドーを含む）", "55点")]
    assert ex.expect == {"席0": 20, "席1": -60, "席2": 20, "席3（ディーラー）": 20}  # as on the rules page's sheet
    # the widow cards nobody took (C10 H10 DJ: 3 points) turn it into 58 and a success with the other variant
    other = ex.state_at(len(ex.lines), {**ex.start.variants, "widow_rest": "declarer"})
    assert other.tally()[0] == ("デクレアラー（席1、捨て札と使わなかったウィドーを含む）", "58点")


def test_55_and_a_half_succeeds_by_the_discarded_court_cards() -> None:
    ex = example("55-and-a-half")
    assert at(ex, 1).phase == "take"  # seat 0 opened at two cards and the others passed: one line of bids
    pos = ex.position
    assert isinstance(pos, Position)
    assert (pos.contract, pos.declarer, len(pos.piles[0])) == (2, 0, 32)  # eight tricks
    assert pos.discard == tuple(parse_cards("DQ DJ"))  # 4 + 2: the six points that decide the deal
    # the fifteenth trick, won with the spade Queen (4 + 3 × 0.5), reaches 55.5; the defenders take the rest
    fifteenth = at(ex, 2 + 15)
    assert [(p.seat, str(p.card)) for p in fifteenth.last_plays] == [(0, "SQ"), (1, "S8"), (2, "D4"), (3, "S5")]
    assert fifteenth.results[-1].winner == 0
    assert fifteenth.tally()[0] == ("デクレアラー（席0、捨て札を含む）", "55.5点")
    assert at(ex, len(ex.lines)).tally() == [("デクレアラー（席0、捨て札を含む）", "55.5点"),
                                             ("相手側（使わなかったウィドーを含む）", "54.5点")]


def test_solo_wins_and_the_pagat_falls_in_the_last_trick() -> None:
    ex = example("solo-ultimo-lost")
    pos = ex.position
    assert isinstance(pos, Position)
    assert (pos.contract, pos.declarer, pos.discard) == (0, 2, ())
    assert [(p.seat, str(p.card)) for p in pos.last_trick] == [(0, "HA"), (1, "H2"), (2, "T17"), (3, "T1")]
    assert pos.collapse is None and len(pos.piles[2]) == 52  # 13 tricks
    # 6 widow cards for the defenders: T14 1, CQ 4, HJ 2, three pips 1.5
    assert at(ex, len(ex.lines)).tally() == [("デクレアラー（席2）", "73.5点"),
                                             ("相手側（ウィドー6枚を含む）", "36.5点")]
    # the two moves the intro names: seat 3 keeps the Pagat where the coach would play it (tricks 14 and 16)
    fourteenth, sixteenth = at(ex, 2 + 14), at(ex, 2 + 16)
    assert [(p.seat, str(p.card)) for p in fourteenth.last_plays] == [(0, "HN"), (1, "H5"), (2, "H10"), (3, "T8")]
    assert [(p.seat, str(p.card)) for p in sixteenth.last_plays] == [(3, "D10"), (0, "D2"), (1, "D3"), (2, "T15")]
    assert at(ex, 2).turn == 2  # a Solo declarer leads


def test_ramsch_widow_goes_to_the_last_trick() -> None:
    ex = example("ramsch")
    pos = ex.position
    assert isinstance(pos, Position)
    assert pos.ramsch and pos.last_winner == 0
    assert set(pos.widow) == set(parse_cards("T21 T20 T17 DQ CN DK"))  # 0 + 1 + 1 + 4 + 3 + 5 = 14
    third = at(ex, 5 + 3)  # the Sküs is the lowest trump in Ramsch
    assert [str(p.card) for p in third.last_plays] == ["F", "T3", "T7", "T16"]
    assert third.results[-1].winner == 3
    assert at(ex, len(ex.lines)).tally() == [("席0", "26点（ウィドー14点を含む）"), ("席1", "8点"),
                                             ("席2", "31.5点"), ("席3（ディーラー）", "39.5点")]


def test_the_valat_example_is_a_solo_valat_with_the_mond_caught() -> None:
    """Re-recorded with the coach at every seat (issue 37): the Sküs led first catches the Mond, seat 2's
    only trump, and the Pagat takes the last trick."""
    end = position_from_data("rotarot", {
        "contract": 0, "declarer": 0, "piles": {0: "rest", 1: [], 2: [], 3: []}, "discard": [],
        "widow": "S2 S3 S4 C2 C3 H2", "last_trick": {"leader": 0, "cards": "T1 HK CK DK"},
        "collapse": {"skus": 0, "mond": 2}})
    ex = example("valat")
    assert ex.position == end
    first = at(ex, 2)
    assert [(p.seat, str(p.card)) for p in first.last_plays] == [(0, "F"), (1, "T4"), (2, "T21"), (3, "T2")]
    assert first.collapse == (0, 2)
    assert [str(c) for c in at(ex, 1).hands[2] if c.suit == "T"] == ["T21"]  # the Mond alone: it must be played


def test_tally_counts_each_side_by_hand() -> None:
    ex = example("valat")
    assert at(ex, 0).tally() == []  # nobody has bid yet
    # the Solo is bid: the six widow cards (six pips, 3 points) count for the defenders from the start
    assert at(ex, 1).tally() == [("デクレアラー（席0）", "0点"), ("相手側（ウィドー6枚を含む）", "3点")]
    # after the first trick: F 5 + T4 1 + T21 5 + T2 1 → 12
    assert at(ex, 2).tally() == [("デクレアラー（席0）", "12点"), ("相手側（ウィドー6枚を含む）", "3点")]
    other = ex.state_at(2, {**ex.start.variants, "widow_rest": "declarer"})
    assert other.tally() == [("デクレアラー（席0、ウィドー6枚を含む）", "15点"), ("相手側", "0点")]
    # Ramsch: the first trick T1 T2 T4 T18 goes to seat 3: the Pagat 5 and three trumps of 1
    ramsch = example("ramsch")
    assert at(ramsch, 5).tally() == [("席0", "0点"), ("席1", "0点"), ("席2", "0点"), ("席3（ディーラー）", "0点")]
    assert at(ramsch, 6).tally() == [("席0", "0点"), ("席1", "0点"), ("席2", "0点"), ("席3（ディーラー）", "8点")]
    assert at(ramsch, 4).tally() == []  # still exchanging


@pytest.mark.parametrize("name", NAMES)
def test_the_final_tally_covers_the_whole_pack(name: str) -> None:
    state = at(example(name), len(example(name).lines))
    total = sum(Fraction(value.split("点")[0]) for _, value in state.tally())
    assert total == (105 if state.ramsch else 110)
