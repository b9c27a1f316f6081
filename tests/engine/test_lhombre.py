"""Scenario tests for ロンブル: the legal set after each action of scripted deals, every seed
defect's resolution (shared/rules/lhombre.md §6, L1..L20), both values of every variant switch,
and the payments of every outcome written out by hand from the dossier's tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.cards import Card, Pack, parse_cards
from engine.game import Action, IllegalAction, Variants
from engine.games.lhombre import LHombreState
from engine.games.lhombre.rules import BY_WORD, SUITINGS, decided, plain_order, trump_order
from engine.games.lhombre.score import SITTER, Position
from engine.share import ShareError
from engine.tricks import Play, legal_cards, trick_winner
from engine.tutorials import position_from_data

FH, MH, RH = "フォアハンド", "ミドルハンド", "バックハンド"
ALL = "simple,spade,tourne,simple-nolo,grand-tourne,solo,pure-nolo,spade-solo,nolo-ouvert"


def deal(fh: str = "", mh: str = "", rh: str = "", talon: str = "", variants: Variants | None = None) -> LHombreState:
    """Hands holding the listed cards first, filled up in pack order; ``talon`` gives its top cards."""
    hands = [parse_cards(h) for h in (fh, mh, rh)]
    top = parse_cards(talon)
    used = {c for h in hands for c in h} | set(top)
    free = [c for c in Pack.LHOMBRE40.cards() if c not in used]
    for hand in hands:
        while len(hand) < 9:
            hand.append(free.pop(0))
    return LHombreState.from_hands([hands[0], hands[1], hands[2] + top], variants)


def words(state: LHombreState) -> list[str]:
    return sorted(str(a) for a in state.legal_actions())


def act(state: LHombreState, text: str, legal: str | None = None) -> None:
    """Check the legal set (comma separated) before applying ``text``."""
    if legal is not None:
        assert words(state) == sorted(legal.split(","))
    state.apply(state.parse_action(text))


def cards(text: str) -> str:
    return ",".join(text.split())


# --- the deal and the seats --------------------------------------------------------------
def test_deal_is_three_by_three_from_forehand_with_a_13_card_talon() -> None:
    pack = list(Pack.LHOMBRE40.cards())
    state = LHombreState(pack)
    assert state.hands[0] == pack[0:3] + pack[9:12] + pack[18:21]
    assert state.hands[2] == pack[6:9] + pack[15:18] + pack[24:27]
    assert state.talon == pack[27:] and len(state.talon) == 13
    assert [state.seat_label(s) for s in range(3)] == [FH, MH, RH]  # L10: rearhand = the dealer


def test_pack_has_forty_cards_without_eights_nines_tens() -> None:
    codes = {str(c) for c in Pack.LHOMBRE40.cards()}
    assert len(codes) == 40 and not any(c[1:] in ("8", "9", "10", "N") for c in codes)


# --- L8, L9, L15: the contract table of the source, with its misnamed lines read as nolo ------------
def test_contract_table_as_in_the_source() -> None:
    table = [(c.word, c.rank, c.value, c.penalty) for c in BY_WORD.values()]
    assert table == [("simple", 1, 1, 1), ("spade", 2, 1, 1), ("tourne", 3, 1, 1), ("simple-nolo", 4, 2, None),
                     ("grand-tourne", 5, 2, 1), ("solo", 6, 2, 1), ("pure-nolo", 7, 3, 2), ("spade-solo", 7, 3, 2),
                     ("nolo-ouvert", 8, 5, 3)]  # None: the simple-nolo penalty "1+" = tricks − 1


# --- L1-L4, L20: the card orders -----------------------------------------------------------
def test_rank_orders_as_in_the_dossier() -> None:  # L1
    assert " ".join(map(str, trump_order("S"))) == "SA S2 CA SK SQ SJ S7 S6 S5 S4 S3"
    assert " ".join(map(str, trump_order("C"))) == "SA C2 CA CK CQ CJ C7 C6 C5 C4 C3"
    assert " ".join(map(str, trump_order("H"))) == "SA H7 CA HA HK HQ HJ H2 H3 H4 H5 H6"
    assert " ".join(map(str, plain_order("C", nolo=False))) == "CK CQ CJ C7 C6 C5 C4 C3 C2"
    assert " ".join(map(str, plain_order("D", nolo=False))) == "DK DQ DJ DA D2 D3 D4 D5 D6 D7"
    assert " ".join(map(str, plain_order("S", nolo=True))) == "SK SQ SJ S7 S6 S5 S4 S3 S2 SA"  # L20
    assert " ".join(map(str, plain_order("H", nolo=True))) == "HK HQ HJ HA H2 H3 H4 H5 H6 H7"


def winner(trump: str, *codes: str) -> int:
    plays = [Play(i, Card.parse(c)) for i, c in enumerate(codes)]
    return trick_winner(plays, SUITINGS[trump].policy, SUITINGS[trump].naming).winner


def test_black_aces_are_trumps_whatever_the_suit_and_plain_in_nolo() -> None:  # L2, L20
    assert winner("H", "HK", "CA") == 1  # basta trumps a heart lead in a heart game
    assert winner("D", "SK", "SA") == 1  # spadille is a trump, not a spade
    assert winner("", "SA", "S2") == 1  # in nolo the black ace is the lowest spade
    assert winner("", "CA", "CK") == 1


def test_manille_and_ponto() -> None:  # L3, L4
    assert winner("S", "SK", "S2") == 1 and winner("S", "S2", "CA") == 0  # black manille = the 2, over basta
    assert winner("H", "HK", "H7") == 1 and winner("H", "HA", "HK") == 0  # red manille = the 7; ponto over K
    assert winner("H", "CA", "HA") == 0  # ponto is below basta (4th trump, not a matador)
    assert SUITINGS["H"].matadors == tuple(parse_cards("SA H7 CA"))
    assert SUITINGS["H"].naming.name(Card.parse("HA")) == "ポント（ハートのA）"
    assert SUITINGS["C"].naming.name(Card.parse("C2")) == "マニエ（クラブの2）"


def test_red_plain_suits_run_king_queen_jack_ace_two_down_to_seven() -> None:
    assert winner("S", "HA", "H2") == 0 and winner("S", "HA", "HJ") == 1 and winner("S", "H7", "H2") == 1
    assert winner("S", "C2", "C3") == 1  # black plain suits: 7 high .. 2 low


# --- L6: following suit, no duty to trump ------------------------------------------------
def test_must_follow_but_never_forced_to_trump_or_to_head() -> None:
    policy = SUITINGS["H"].policy
    hand = parse_cards("H3 DK D2")
    assert legal_cards(hand, [Play(0, Card.parse("SK"))], policy) == hand  # no spade: any card, trump optional
    assert legal_cards(parse_cards("SQ S2 H3"), [Play(0, Card.parse("SK"))], policy) == parse_cards("SQ S2")


# --- L16: the matador privilege -----------------------------------------------------------
def test_matador_privilege_only_yields_to_a_higher_matador_that_was_led() -> None:
    policy = SUITINGS["H"].policy
    only_basta = parse_cards("CA DK D2")
    low_lead = [Play(0, Card.parse("H2"))]
    assert legal_cards(only_basta, low_lead, policy) == only_basta  # withheld legally
    assert legal_cards(only_basta, [Play(0, Card.parse("SA"))], policy) == parse_cards("CA")  # spadille led
    assert legal_cards(only_basta, [*low_lead, Play(1, Card.parse("SA"))], policy) == only_basta  # not led
    assert legal_cards(parse_cards("SA DK"), [Play(0, Card.parse("CA"))], policy) == parse_cards("SA DK")
    # manille led: basta is forced out, so a trump is due, and spadille satisfies the duty as well
    assert legal_cards(parse_cards("SA CA DK"), [Play(0, Card.parse("H7"))], policy) == parse_cards("SA CA")
    mixed = parse_cards("CA H3 DK")
    assert legal_cards(mixed, low_lead, policy) == parse_cards("CA H3")  # a plain trump: any trump


# --- the auction --------------------------------------------------------------------------
def test_auction_with_self_equal_rank_and_knockout_order() -> None:
    state = deal(fh="SA CA")
    act(state, "simple", f"pass,{ALL}")  # forehand was dealt both black aces: grand tourné allowed
    act(state, "solo", "pass,spade,tourne,simple-nolo,solo,pure-nolo,spade-solo,nolo-ouvert")
    act(state, "self", "pass,self,pure-nolo,spade-solo,nolo-ouvert")
    act(state, "pure-nolo", "pass,pure-nolo,spade-solo,nolo-ouvert")  # middlehand has no self
    assert "同じ強さ" in state.explain(Action("spade-solo"))
    assert [a.kind for a in state.unavailable_words()] == ["spade-solo"]  # shown faded in lessons
    act(state, "self", "pass,self,nolo-ouvert")  # spade solo equals pure nolo: excluded
    act(state, "pass", "pass,nolo-ouvert")
    act(state, "nolo-ouvert", "nolo-ouvert,pass")  # now the dealer against the survivor, forehand
    act(state, "pass", "pass,self")
    assert (state.declarer, state.contract.word, state.phase, state.turn) == (2, "nolo-ouvert", "play", 0)
    assert state.exchangers == [] and state.trump == ""  # nobody exchanges in nolo ouvert


def test_self_is_never_allowed_to_a_lower_priority_seat_or_to_ones_own_bid() -> None:
    state = deal()
    assert "まだ誰も" in state.explain(Action("self"))
    act(state, "spade")
    assert "優先順位" in state.explain(Action("self"))
    assert "グランド" in state.explain(Action("grand-tourne"))  # L19: not dealt both black aces
    assert [a.kind for a in state.unavailable_words()] == ["self", "grand-tourne"]
    act(state, "tourne")
    act(state, "self")
    assert "優先順位" in state.explain(Action("self"))


def test_pass_is_final_and_the_survivor_keeps_the_bid() -> None:
    state = deal()
    act(state, "spade")
    act(state, "pass")
    act(state, "solo", "pass,tourne,simple-nolo,solo,pure-nolo,spade-solo,nolo-ouvert")
    act(state, "self", "pass,self,pure-nolo,spade-solo,nolo-ouvert")
    act(state, "pass", "pass,pure-nolo,spade-solo,nolo-ouvert")
    assert (state.declarer, state.contract.word, state.phase) == (0, "solo", "trump")


def test_forehand_passing_lets_middlehand_open_and_all_pass_redeals() -> None:
    state = deal()
    act(state, "pass")
    act(state, "pass", "pass,simple,spade,tourne,simple-nolo,solo,pure-nolo,spade-solo,nolo-ouvert")
    act(state, "pass")
    assert state.phase == "redeal" and state.is_terminal()
    sheet = state.score()
    assert sheet.totals == {FH: 0, MH: 0, RH: 0}


def test_dealer_bidding_alone_is_declarer_at_once() -> None:
    state = deal()
    act(state, "pass")
    act(state, "pass")
    act(state, "simple")
    assert (state.declarer, state.phase) == (2, "trump")
    act(state, "trumpD", "trumpC,trumpD,trumpH,trumpS")
    assert state.trump == "D" and state.exchangers == [0, 1] and state.turn == 2  # declarer first


# --- trumps and the exchange ----------------------------------------------------------------
def test_tourne_turns_the_top_card_which_the_declarer_must_take() -> None:
    state = deal(fh="D2", talon="HK")
    act(state, "tourne")
    act(state, "pass")
    act(state, "pass")
    assert state.trump == "H" and state.turned == Card.parse("HK") and state.phase == "exchange"
    assert "draw" not in words(state) and "トゥルネ" in state.explain(Action("draw"))
    act(state, "discard D2")
    act(state, "draw")
    assert Card.parse("HK") in state.hands[0] and state.turn == 1  # then middlehand, then the dealer


def test_a_turned_spadille_makes_spades_trumps() -> None:  # L2
    state = deal(talon="SA")
    act(state, "tourne")
    act(state, "pass")
    act(state, "pass")
    assert state.trump == "S"


@pytest.mark.parametrize("minimum", [True, False])
def test_declarer_exchange_minimum_switch(minimum: bool) -> None:  # L14
    state = deal(variants={"declarer_exchange": minimum})
    act(state, "pass")
    act(state, "simple")
    act(state, "pass")
    act(state, "trumpC")
    assert state.turn == 1 and ("draw" in words(state)) is not minimum
    assert state.exchangers == [2, 0]


def test_exchange_never_draws_more_than_the_talon_holds() -> None:
    state = deal(variants={"declarer_exchange": False})
    act(state, "simple")
    act(state, "pass")
    act(state, "pass")
    act(state, "trumpS")
    for card in state.hand(0):
        act(state, f"discard {card}")
    act(state, "draw")
    assert len(state.hands[0]) == 9 and len(state.talon) == 4
    act(state, "draw", "draw," + ",".join(f"discard {c}" for c in state.hand(1)))  # middlehand keeps
    for card in state.hand(2)[:4]:
        act(state, f"discard {card}")
    assert words(state) == ["draw"] and "4枚しか" in state.explain(Action("discard", state.hand(2)[0]))
    act(state, "draw")
    assert state.talon == [] and state.phase == "play"


def test_solo_declarer_does_not_exchange_and_simple_nolo_opponents_do_not() -> None:
    solo = deal()
    act(solo, "solo")
    act(solo, "pass")
    act(solo, "pass")
    act(solo, "trumpH")
    assert (solo.turn, solo.exchangers) == (1, [2])
    nolo = deal()
    act(nolo, "simple-nolo")
    act(nolo, "pass")
    act(nolo, "pass")
    assert (nolo.phase, nolo.turn, nolo.exchangers) == ("exchange", 0, [])


@pytest.mark.parametrize("upgrade", [False, True])
def test_upgrade_switch(upgrade: bool) -> None:  # L5
    state = deal(variants={"allow_upgrade": upgrade})
    act(state, "spade")
    act(state, "pass")
    act(state, "pass")
    if not upgrade:
        assert state.phase == "exchange" and state.contract.word == "spade"
        return
    act(state, "solo", "keep,tourne,simple-nolo,solo,pure-nolo,spade-solo,nolo-ouvert")
    assert state.contract.word == "solo" and state.phase == "trump"


# --- play: the matador privilege in a deal, surrender --------------------------------------
PRIVILEGE = ("H4 H5 H6 SK SQ SJ S7 S6 S5", "CA DK DQ DJ DA D2 D3 D4 D5", "SA H2 H3 CK CQ CJ C7 C6 C5")


def privilege_deal() -> LHombreState:
    """Middlehand plays a heart solo holding basta as his only trump."""
    state = deal(*PRIVILEGE)
    act(state, "pass")
    act(state, "solo")
    act(state, "pass")
    act(state, "trumpH")
    act(state, "draw")  # the dealer keeps his hand
    act(state, "draw")  # so does forehand
    return state


def test_matador_withheld_legally_then_forced_by_a_higher_matador_led() -> None:
    state = privilege_deal()
    assert state.phase == "play" and state.turn == 0
    act(state, "H6", cards("H4 H5 H6 SK SQ SJ S7 S6 S5"))  # red trumps: the 2 high, the 6 low
    assert "マタドールの特権" in state.explain(Action("play", Card.parse("DK")))
    act(state, "D5", "surrender," + cards("CA DK DQ DJ DA D2 D3 D4 D5"))  # basta may stay home
    assert "マタドールだけのとき" in state.explain(Action("play", Card.parse("CK")))
    act(state, "H3", cards("SA H2 H3"))  # spadille plus plain trumps: must trump
    assert state.tricks == [0, 0, 1]
    act(state, "SA", cards("SA H2 CK CQ CJ C7 C6 C5"))
    act(state, "H5", cards("H4 H5"))
    assert "格上のマタドール" in state.explain(Action("play", Card.parse("DK")))
    assert "最初の札を出す前" in state.explain(Action("surrender"))
    act(state, "CA", "CA")  # spadille was led: basta loses its privilege
    assert state.tricks == [0, 0, 2]


def test_surrender_before_the_first_card_is_a_remise() -> None:  # L12
    state = privilege_deal()
    act(state, "H6")
    act(state, "surrender")
    sheet = state.score()
    assert state.is_terminal() and sheet.totals == {FH: 2, MH: -4, RH: 2}


def spade_solo_sweep(fh: str, mh: str, rh: str) -> LHombreState:
    state = deal(fh=fh, mh=mh, rh=rh)
    act(state, "spade-solo")
    act(state, "pass")
    act(state, "pass")
    act(state, "draw")
    act(state, "draw")
    return state


def first_card(state: LHombreState) -> Action:
    """The first legal card in display order (the strongest trump first), never a surrender."""
    return next(a for a in state.legal_actions() if a.kind == "play")


def play_out(state: LHombreState, decisions: str = "") -> None:
    """Everyone plays his first legal card; the slam decision is taken from ``decisions``."""
    answers = decisions.split()
    while not state.is_terminal():
        state.apply(Action(answers.pop(0)) if state.phase == "vole" else first_card(state))


TOP_SPADES = "SA S2 CA SK SQ SJ S7 S6 S5"


def test_slam_decision_after_five_straight_tricks() -> None:  # L17
    state = spade_solo_sweep(TOP_SPADES, "C2 C3 C4 C5 C6 C7 CJ CQ CK", "HA H2 H3 H4 H5 H6 H7 HJ HQ")
    while state.phase != "vole":
        state.apply(first_card(state))
    assert state.tricks == [5, 0, 0] and words(state) == ["stop", "vole"] and state.turn == 0
    stopped = state.clone()
    act(stopped, "stop")
    assert stopped.is_terminal() and stopped.score().totals == {FH: 6, MH: -3, RH: -3}
    play_out(state, "vole")
    assert state.tricks == [9, 0, 0] and state.score().totals == {FH: 8, MH: -4, RH: -4}  # L11: +1


def test_slam_failed_pays_one_less() -> None:  # L11
    state = spade_solo_sweep("SA S2 CA SK SQ SJ S7 S6 D7", "DK DQ DJ DA D2 D3 D4 D5 D6", "HA H2 H3 H4 H5 H6 H7 HJ HQ")
    for _ in range(15):
        state.apply(first_card(state))
    act(state, "vole")
    play_out(state)  # eight trumps win, the seven of diamonds loses the ninth trick
    assert state.tricks == [8, 1, 0] and state.score().totals == {FH: 4, MH: -2, RH: -2}


def test_no_slam_decision_unless_the_first_five_tricks_were_all_won() -> None:  # L17
    state = spade_solo_sweep("SA S2 CA SK SQ SJ S7 S6 D7", "DK DQ DJ DA D2 D3 D4 D5 D6", "HA H2 H3 H4 H5 H6 H7 HJ HQ")
    act(state, "D7")  # lost at once: the remaining trumps win five more, then the play stops
    play_out(state)
    assert state.phase == "done" and state.tricks[0] == 5 and sum(state.tricks) == 6 and not state.vole


# --- early end ---------------------------------------------------------------------------
def test_play_stops_once_the_result_is_certain() -> None:
    simple, pure, simple_nolo = BY_WORD["simple"], BY_WORD["pure-nolo"], BY_WORD["simple-nolo"]
    assert decided(simple, (0, 5, 0), 0)  # at most 4 more: codille is certain
    assert not decided(simple, (4, 1, 1), 0)  # the opponents could still draw level
    assert decided(simple, (5, 1, 0), 0)
    assert decided(pure, (2, 0, 0), 0) and not decided(pure, (1, 3, 3), 0)
    assert not decided(simple_nolo, (2, 0, 0), 0) and decided(simple_nolo, (2, 4, 3), 0)


# --- outcomes and payments (L7, L11, L12, L15) ----------------------------------------------
@pytest.mark.parametrize(("contract", "declarer", "tricks", "flags", "each"), [
    ("spade-solo", 0, (5, 2, 1), "", 3),  # win: each opponent pays V (certain after 8 tricks)
    ("simple", 0, (4, 4, 1), "", -1),  # remise: 4 against 4
    ("simple", 1, (3, 3, 3), "", -1),
    ("solo", 0, (3, 4, 2), "", -3),  # codille: V + P = 2 + 1
    ("simple-nolo", 2, (3, 4, 2), "", -3),  # 2 tricks: V + (2 − 1)
    ("simple-nolo", 2, (5, 3, 1), "", -2),  # 1 trick: remise
    ("simple-nolo", 0, (4, 5, 0), "", -5),  # 4 tricks: 2 + 3
    ("pure-nolo", 0, (2, 1, 0), "", -5),  # stopped at the second trick: 3 + 2
    ("nolo-ouvert", 0, (0, 5, 4), "", 5),
    ("nolo-ouvert", 1, (0, 2, 0), "", -8),  # L8: the penalty 3 belongs to nolo ouvert: 5 + 3
    ("pure-nolo", 2, (3, 5, 1), "", -3),  # one trick: remise pays the value only
    ("spade-solo", 0, (9, 0, 0), "vole", 4),  # slam made: V + 1
    ("simple", 0, (6, 1, 0), "vole", 0),  # slam failed: V − 1
    ("solo", 2, (0, 0, 0), "surrendered", -2),
])
def test_payments(contract: str, declarer: int, tricks: tuple[int, int, int], flags: str, each: int) -> None:
    trump = "" if BY_WORD[contract].nolo else "S"
    position = Position(BY_WORD[contract], declarer, trump, tricks, flags == "vole", flags == "surrendered")
    totals = position.score().totals
    names = [FH, MH, RH]
    assert totals[names[declarer]] == 2 * each
    assert all(totals[n] == -each for i, n in enumerate(names) if i != declarer)


@pytest.mark.parametrize(("tricks", "name"), [((5, 2, 1), "成功"), ((4, 4, 1), "失敗（レミーズ）"),
                                             ((3, 4, 2), "大失敗（コディーユ）")])
def test_outcomes_carry_their_names(tricks: tuple[int, int, int], name: str) -> None:  # L7
    labels = [step.label for step in Position(BY_WORD["solo"], 0, "C", tricks).score().steps]
    assert name in labels


def test_four_players_sitter_out_neither_pays_nor_receives() -> None:  # L13, L18
    position = Position(BY_WORD["solo"], 1, "H", (2, 5, 1), variants={"players": 4})
    assert position.score().totals == {FH: -2, MH: 4, RH: -2, SITTER: 0}


@pytest.mark.parametrize(("data", "message"), [
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 5, 1: 3, 2: 2}}, "合計9以下"),
    ({"contract": "simple-nolo", "declarer": 0, "tricks": {0: 2}}, "まだ決まって"),
    ({"contract": "pure-nolo", "declarer": 0, "tricks": {0: 9}, "vole": True}, "スラム"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 6}}, "スラムを選ば"),
    ({"contract": "solo", "declarer": 0, "tricks": {0: 5}}, "切札のスート"),
    ({"contract": "spade-solo", "declarer": 0, "trump": "H", "tricks": {0: 5}}, "スペード"),
    ({"contract": "solo", "declarer": 0, "trump": "H", "tricks": {0: 1}, "surrendered": True}, "降伏"),
    ({"contract": "misere", "declarer": 0, "tricks": {0: 1}}, "contract は"),
])
def test_position_data_errors_are_japanese(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        position_from_data("lhombre", {"game": "lhombre", **data})


def test_position_share_code_round_trip_and_tampering() -> None:
    position = Position(BY_WORD["spade-solo"], 2, "S", (2, 1, 5), hand=tuple(parse_cards(TOP_SPADES)),
                        variants={"players": 4})
    assert Position.from_share_code(position.share_code()) == position
    code = position.share_code()
    with pytest.raises(ShareError):
        Position.from_share_code(code[:-3] + ("AAA" if not code.endswith("AAA") else "BBB"))
    with pytest.raises(ShareError):
        Position.from_share_code(code.replace("lhP", "roP", 1))


def test_game_share_code_round_trip_and_illegal_history() -> None:
    state = privilege_deal()
    act(state, "H6")
    assert LHombreState.from_share_code(state.share_code()) == state
    with pytest.raises(IllegalAction, match="トリックのプレイ"):
        state.apply(Action("self"))


def test_cli_scores_a_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "codille.json"
    path.write_text(json.dumps({"contract": "solo", "declarer": 1, "trump": "C", "tricks": {"0": 5, "1": 3, "2": 1}}),
                    encoding="utf-8")
    assert main(["score", "lhombre", str(path), "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["totals"] == {FH: "3", MH: "-6", RH: "3"}
    assert any("大失敗" in step["label"] for step in sheet["steps"])


def test_in_nolo_the_black_aces_are_plain_aces_by_name() -> None:
    assert SUITINGS[""].naming.name(Card.parse("SA")) == "スペードのA"
    assert SUITINGS[""].naming.name(Card.parse("CA")) == "クラブのA"
    assert SUITINGS["H"].naming.name(Card.parse("SA")).startswith("スパディエ")
    assert SUITINGS["H"].naming.name(Card.parse("CA")).startswith("バスタ")
