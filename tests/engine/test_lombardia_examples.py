"""ロンバルディアタロットの得点計算の例 (tutorials/lombardia/example-*.yaml): each is a recorded deal
that the engine replays to the end; its final position is a reachable one, and the deal shows what
its page says it shows.  Totals are checked against the authors' ``expect`` by the loader."""

from __future__ import annotations

import pytest
from helpers import site_example, site_example_names

from engine.cards import Card
from engine.games.lombardia import DEALER, LombardiaState, Position
from engine.tutorials import Example

NAMES = ("basic", "discard-to-opponent", "discard-to-partner", "fool-lost", "seed-reading", "tie")
FOOL, XXI = Card.parse("F"), Card.parse("T21")
DEALERS_SIDE, OPPONENTS = "ディーラー側（席1・席3）", "相手側（席0・席2）"


def example(name: str) -> Example:
    return site_example("lombardia", name)


def end(name: str) -> tuple[LombardiaState, Position]:
    ex = example(name)
    state = ex.state_at(len(ex.lines))
    assert isinstance(state, LombardiaState) and state.is_terminal()
    position = state.position()
    return state, position


def fool_trick(state: LombardiaState) -> tuple[int, int, int]:
    """(trick number from 1, seat that played the Fool, seat that won that trick)."""
    for number, trick in enumerate(state.tricks, 1):
        for play in trick.plays:
            if play.card is FOOL:
                return number, play.seat, trick.result.winner
    raise AssertionError("この例では愚者が出ていません")


def test_every_example_file_is_covered() -> None:
    assert site_example_names("lombardia") == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_example_replays_to_a_reachable_final_position(name: str) -> None:
    ex = example(name)
    assert ex.id == f"lombardia-{name}"
    _, position = end(name)
    assert position == ex.position
    again = Position.from_share_code(ex.position.share_code())
    assert again == ex.position and again.score().totals == ex.expect
    # the monte votes (one "keep" ends them), then the dealer's two discards
    assert {a.kind for a in ex.lines[0]} <= {"monte", "keep"} and [a.kind for a in ex.lines[1]] == ["discard"] * 2
    tricks = [line for line in ex.lines if line[0].kind == "play"]
    assert len(tricks) == 19 and all(len(line) == 4 for line in tricks)  # one trick per line


def test_basic_the_dealer_keeps_his_discard_and_gets_the_fool_back_at_once() -> None:
    state, position = end("basic")
    assert state.won[DEALER] == 6 and position.discard_owner == DEALER
    number, seat, winner = fool_trick(state)
    assert (number, seat, winner) == (16, DEALER, 2)
    assert state.tricks[1].result.winner == DEALER  # he had a trick before, so he paid at once
    assert position.owner_of(FOOL) == DEALER
    assert [str(a) for a in example("basic").lines[18]] == ["give H10"]  # the line after trick 16


def test_discard_to_opponent() -> None:
    state, position = end("discard-to-opponent")
    assert state.won[DEALER] == 0 and position.last_trick == 2 and position.discard_owner == 2
    assert len(position.piles[0]) + len(position.piles[2]) == 60  # 62 with the discard: one short set more


def test_discard_to_partner_and_a_fool_exchanged_across_the_table() -> None:
    state, position = end("discard-to-partner")
    assert state.won[DEALER] == 0 and position.last_trick == 1 and position.discard_owner == 1
    # 32 trick cards and the discard: 34, eight sets and a short one
    assert len(position.piles[1]) + len(position.piles[3]) == 32
    assert fool_trick(state) == (15, 2, 1)
    assert position.owner_of(FOOL) == 2  # seat 2 had taken a trick, so it gave the 2 of batons for it at once
    assert [str(a) for a in example("discard-to-partner").lines[17]] == ["give C2"]


def test_fool_lost_to_the_opponents() -> None:
    state, position = end("fool-lost")
    assert state.won[0] == 0 and not position.piles[0]
    assert fool_trick(state) == (9, 0, DEALER)
    assert position.owner_of(FOOL) == DEALER
    # with the Fool exchanged for a blank the dealer's side would have had 38 - 11 + 12 = 39 points: +3
    assert example("fool-lost").expect == {DEALERS_SIDE: 7, OPPONENTS: -7}


def test_seed_reading_puts_the_world_with_the_side_that_has_no_odd_pair() -> None:
    ex = example("seed-reading")
    state, position = end("seed-reading")
    assert ex.start.variants["xxi_value"] == 6 and ex.start.variants["odd_pair_scores"] is False
    assert position.owner_of(XXI) == 0 and state.tricks[16].result.winner == 0  # seat 0 leads it to trick 17
    # 40 cards (ten sets) with the World at 6: 37 points; 38 with the discard, the odd pair not counted: 35
    assert [len(position.piles[s]) for s in range(4)] == [20, 12, 20, 24] and position.discard_owner == DEALER
    assert ex.expect == {DEALERS_SIDE: -1, OPPONENTS: 1}
    recommended = ex.state_at(len(ex.lines), {**ex.start.variants, "xxi_value": 5, "odd_pair_scores": True})
    assert recommended.score().totals == {DEALERS_SIDE: 0, OPPONENTS: 0}  # 36 each: a tie


def test_tie() -> None:
    _, position = end("tie")
    # 42 cards with the discard (10 sets and a short one) against 36 (9 sets): 35 - 10 + 11 = 36 - 9 + 9
    assert [len(position.piles[s]) for s in range(4)] == [16, 20, 20, 20] and position.discard_owner == DEALER
    assert example("tie").expect == {DEALERS_SIDE: 0, OPPONENTS: 0}


def test_the_running_tally_ends_on_the_face_values_counted_by_hand() -> None:
    # face values listed by hand from each example's final piles (dossier §4.1; XXI = 6 in seed-reading)
    by_hand = {"basic": (15, 57, 4, 14), "discard-to-opponent": (6, 26, 13, 45), "discard-to-partner": (7, 23, 12, 48),
               "fool-lost": (12, 43, 7, 28), "seed-reading": (9, 35, 10, 37), "tie": (10, 35, 9, 36)}
    for name, (n1, p1, n2, p2) in by_hand.items():
        state, _ = end(name)
        assert state.tally() == [(DEALERS_SIDE, f"点札{n1}枚、額面の合計{p1}点"),
                                 (OPPONENTS, f"点札{n2}枚、額面の合計{p2}点")], name


def test_the_discard_is_shown_apart_until_its_owner_is_known() -> None:
    ex = example("discard-to-opponent")  # the dealer never takes a trick: known only after trick 19
    assert ex.state_at(2).tally() == []  # no trick played yet
    before_last = ex.state_at(len(ex.lines) - 1).tally()
    assert len(before_last) == 3 and before_last[2][0].startswith("捨て札") and before_last[2][1] == "額面の合計0点"
    assert len(ex.state_at(len(ex.lines)).tally()) == 2
    basic = example("basic")  # the dealer takes trick 2, so from then on the discard is his
    assert len(basic.state_at(3).tally()) == 3 and len(basic.state_at(4).tally()) == 2
