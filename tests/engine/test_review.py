"""振り返り (engine.review): the reader's decisions the coach would have made otherwise, with their cost."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import console
from engine.bots import BOTS, deal_by_number, play_out
from engine.cards import parse_cards
from engine.game import Action, GameState
from engine.games import GAMES
from engine.review import Remark, coach_of, cost_words, decisions, review, review_order, review_text
from engine.search import Budget, points, sample_worlds

SMALL = Budget(worlds=3, steps=4000)
GAME, NUMBER, SEAT = "napoletanisch", 5, 0


def weakly_played() -> GameState:
    """The reader (seat 0) always takes the last legal action; the computers play as the coach would."""
    bot = BOTS[GAME]
    return play_out(deal_by_number(GAME, NUMBER), lambda state, seat: state.legal_actions()[-1] if seat == SEAT
                    else bot.decide(state, seat).action)


def test_a_reader_who_followed_the_coach_hears_so() -> None:
    bot = BOTS[GAME]
    state = play_out(deal_by_number(GAME, NUMBER), lambda s, seat: bot.decide(s, seat).action)
    assert review(state, SEAT, SMALL) == []
    assert review_text(state, SEAT, []) == ["振り返り: あなたの選んだ手は、すべてコーチと同じでした。"]


def test_weak_choices_are_listed_clear_costs_first_and_reopen_their_position() -> None:
    state = weakly_played()
    remarks = review(state, SEAT, SMALL)
    assert remarks
    verdicts = [r.verdict for r in remarks]
    assert verdicts == sorted(verdicts, key=("cost", "even", "unknown").index)
    costs = [r.cost for r in remarks if r.cost is not None and r.verdict == "cost"]
    assert costs == sorted(costs, reverse=True)
    for remark in remarks:
        before = type(state).from_share_code(remark.code)
        assert before.current_player() == SEAT and len(before.legal_actions()) > 1
        assert state.history[remark.move] == remark.chose != remark.coach.action
        assert before.history == state.history[:remark.move]
        assert BOTS[GAME].decide(before, SEAT) == remark.coach


def test_the_terminal_prints_the_review_after_the_sheet() -> None:
    said: list[str] = []
    played = weakly_played()
    before = type(played)(played.deal, played.variants)
    mine = []
    for action in played.history:
        if before.current_player() == SEAT:
            mine.append(str(action))
        before.apply(action)
    moves = iter(mine)
    console.play(GAME, NUMBER, SEAT, {}, ask=lambda _: next(moves), say=said.append, reviewed=True)
    at = next(i for i, line in enumerate(said) if line.startswith("振り返り: "))
    assert "コーチと違う手が" in said[at] and "あなた:" in "\n".join(said[at:])


# --- planted mistakes: one decision each, weighed against the reader's points read off the score sheet ----
PLANTED = Budget(worlds=4, steps=40_000)  # the first 4 of the review's 12 worlds: cheap, and clear enough here


def planted(state: GameState, mistake: str) -> Remark:
    """The review's remark on ``mistake`` made in ``state`` (the deal stops there, so this one decision is
    the only one weighed)."""
    seat = state.current_player()
    played = state.clone()
    played.apply(played.parse_action(mistake))
    found = next(decisions(played, seat, len(state.history), PLANTED))
    assert found[0] == len(state.history) and found[1] is not None, "the coach made the planted mistake"
    return found[1]


def sheet_points(end: GameState, seat: int) -> Fraction:
    """The reader's own points in a finished deal, read off its score sheet (Ottocento: the reader's side
    less the other side, before the rounding to fives; Napoletanisch: before the fraction is dropped)."""
    sheet = end.score()
    if end.GAME == "ottocento":
        raw = {name: sum((Fraction(s.value) for s in sheet.steps if s.party == name and s.value is not None
                          and s.label != "5点単位に丸める"), Fraction(0)) for name in sheet.totals}
        return sum((value if f"席{seat}" in name else -value for name, value in raw.items()), Fraction(0))
    label = end.seat_label(seat)  # 席N (a team's name lists its seats), or l'Hombre's フォアハンド …
    name = next(name for name in sheet.totals if label in name or f"席{seat}" in name)
    if end.GAME == "napoletanisch":
        return next(Fraction(s.value) for s in sheet.steps if s.party == name and s.label == "取った札の点"
                    and s.value is not None)
    return Fraction(sheet.totals[name])


def own_diffs(state: GameState, better: Action, worse: Action) -> list[Fraction]:
    """What ``worse`` costs the reader against ``better`` in each imagined deal the review reads, in the
    reader's points from the score sheet (every later decision by the rules of thumb)."""
    seat = state.current_player()
    coach = coach_of(state.GAME)
    worlds = sample_worlds(coach, coach.view(state, seat), PLANTED.worlds, PLANTED.tries)
    assert len(worlds) == PLANTED.worlds
    diffs = []
    for world in worlds:
        ends = []
        for action in (better, worse):
            end = world.clone()
            end.apply(action)
            while not end.is_terminal():
                legal = end.legal_actions()
                end.apply(legal[0] if len(legal) == 1 else coach.rules(coach.view(end, end.current_player())).action)
            ends.append(sheet_points(end, seat))
        diffs.append(ends[0] - ends[1])
    return diffs


def own_cost(state: GameState, better: Action, worse: Action) -> Fraction:
    diffs = own_diffs(state, better, worse)
    return sum(diffs, Fraction(0)) / len(diffs)


def assert_named(state: GameState, mistake: str, place: str) -> Remark:
    """The review lists ``mistake`` as a clear cost, at ``place``, worth what the reader's own points lose."""
    remark = planted(state, mistake)
    assert remark.place == place and remark.verdict == "cost"
    assert remark.cost == own_cost(state, remark.coach.action, remark.chose) > 0
    text = "\n".join(review_text(state, state.current_player(), [remark]))
    assert f"{place} — " in text and f"約{points(remark.cost)}" in text
    return remark


# Positions before a planted mistake, as share codes of bot-played deals (the deal number in the comment):
# the position stays where it is whatever the bots later learn.
POSITIONS = {
    # Lombardia deal 5: the dealer's second discard; trick 3, the dealer's king of swords led to seat 0;
    # trick 1, seat 3 last on a lost trick of cups; trick 1, seat 0 to lead
    "lombardia discard": "loG1.AAAAAEpHHSU6ARAVGQ82B0UXFiQTSRsmAiwyBSFNKgk_PR4jOSgiDEYSRDUpSys-TDgcNCcIBDNBChgxNwsRGk"
                         "AuAEINMEg8Lw4UBh87A0MtIMjJIA.JS-qUg",
    "lombardia counter": "loG1.AAAAAEpHHSU6ARAVGQ82B0UXFiQTSRsmAiwyBSFNKgk_PR4jOSgiDEYSRDUpSys-TDgcNCcIBDNBChgxNwsRGk"
                         "AuAEINMEg8Lw4UBh87A0MtIMjJIBo_OzY1Oj0yPiM.HOclcA",
    "lombardia blanks": "loG1.AAAAAEpHHSU6ARAVGQ82B0UXFiQTSRsmAiwyBSFNKgk_PR4jOSgiDEYSRDUpSys-TDgcNCcIBDNBChgxNwsRGkAu"
                        "AEINMEg8Lw4UBh87A0MtIMjJIBo_OzY.z_x8-g",
    "lombardia lead": "loG1.AAAAAEpHHSU6ARAVGQ82B0UXFiQTSRsmAiwyBSFNKgk_PR4jOSgiDEYSRDUpSys-TDgcNCcIBDNBChgxNwsRGkAuAE"
                      "INMEg8Lw4UBh87A0MtIMjJIBo.oWLf9Q",
    # Lombardia deal 3, trick 4: the queen of cups led, seat 3 can win with trump VIII
    "lombardia fool": "loG1.AAAAACwDNS0zQyknICI_NDAFOwcWKwsSDEoaORQ6DRUfOA8jLgYXRxwkGRs2Jk0RRhMCJQoEMSoASUJEPUA-Dgk3KD"
                      "JBTBgdIUgBCDwvEEVLHsk5NEZMTUcxJTAkPzI9Oj4.8aK2Zg",
    # Lombardia deal 1: seat 0 owes a card for its Fool, after trick 14
    "lombardia exchange": "loG1.AAAAAEMSAhkTJygLTElLBxUdBDZEEAoXNB4FQTI4KjoJJCtKLRZCIx9HNSEvGw0YOyIpPUYBFAYlDjMuTRwsAE"
                          "BFJjcxAz4MGjA8OT8PIAhIEckuSjEkJgAjGhYgSE1JSz84PjpMR0JBHyICFygGJTA9OwE1JykHLTk0EjNFBAhGNzI"
                          "DPBAUCwkqERUO.O_819g",
    # Rotarot deal 10: the declarer takes widow cards; deal 2: the declarer's discard; deal 205, trick 2:
    # seat 1 second to a trump lead
    "rotarot take": "roG1.AAAAAAAAADRIMjElIB9CGUYiQwYDLAVARCENDhsVCgckLRE_Jx4MKDUAOTMcQS5LOioTMAsdECsSOBgWJgg3RwIXL0o8"
                    "DwkpRUwUIz47GgFNPTYEScjIyMzIyMg.S__7dQ",
    "rotarot discard": "roG1.AAAAAAAAAAADRQY7LUkzGT0JOg0TQh4SKUBNECsiJR8MNQVKNCQWJhocKjFIPyg-CCw2MDwOD0wjSyFGGEQdFwFD"
                       "AjkRRzgvQTI3FAQbICcVLgoLB8nIysvIyMgLCgdA.VJeFnQ",
    "rotarot mond": "roG1.AAAAAAAAAC8xIxsCCSQ-LBoPOEpJNQpGGEglFg0LR0FAHyE0AzoEMidNHgdFNiotCCIrATwOEiYzBgUVETAoFBMgADlM"
                    "LilDEB0ZSxdCHDs_RAw9N8zIyMgMPz1AQSZNTEsCFQ.NFgX3g",
    # Ottocento deal 2: the dealer's second discard; deal 1, trick 4: seat 3 to lead
    "ottocento discard": "otG1.AAAAAAAAMR8pCQ86BhQkHisaJx0IBBIjFgAVBxghODAuDDIOCwEsES0cIjwgGSgbOyUCNA0mEBMqMy8KNRc5BQ"
                         "M2Nz3JIg.8DssMw",
    # Ottocento deal 3: seat 0's declaration (deal 2's became a close call once a partner leads to declared Kings)
    "ottocento declare": "otG1.AAAAAAAAHQEFFRQwGykgBhE2Bx8cAwskMxIWDS05Ez06GisqNQIKNDIYIScuCRksLzsxDA4jEDcAOAQ8KB4mFwg"
                         "iJQ_JHi4.STtKrQ",
    "ottocento signal": "otG1.AAAAAAAAGT0jCQIFFiAaKzgTHQMKEgsqMQ8lOzctFy88FQwnMighIiwULg4ROgAmGzQBNQYNGCkeHDkfBxAEMDM2"
                        "JAjJOjbKPco1yjnKBDMtLyzOFAkFB8w.pfFY8w",
    # Rotarot deal 11: the dealer lays cards back in the Ramsch exchange
    "rotarot ramsch": "roG1.AAAAAAAAAEsyGxM6BSAaPy1IBjAjRBYeCRAHMTckEQ0IJT4rFTQfQA4uKjYUHQFFD0NCAwQhAD0KNScvKRwZRgIoLDg"
                      "zIgsSJkoMTDxJFxhBTTtHOcjIyMg7Rw.NgxFJQ",
    # Ottocento deal 1, trick 8: seat 1 third, with trump 12 and the Matto among its cards
    "ottocento matto": "otG1.AAAAAAAAGT0jCQIFFiAaKzgTHQMKEgsqMQ8lOzctFy88FQwnMighIiwULg4ROgAmGzQBNQYNGCkeHDkfBxAEMDM2JA"
                       "jJOjbKPco1yjnKBDMtLyzOFAkFB8zNJCMpIc08OAg3zC4BKzIlICILKgI.htOeww",
    # Ottocento deal 2: seat 0 pays for its Matto after the last trick
    "ottocento payment": "otG1.AAAAAAAAMR8pCQ86BhQkHisaJx0IBBIjFgAVBxghODAuDDIOCwEsES0cIjwgGSgbOyUCNA0mEBMqMy8KNRc5BQ"
                         "M2Nz3JIiPKH8oeHcoXKSQnIBgGGhzOFAgAB8wuLwMxPTg6NRkbEwrMzTQBOTvMLQQCMMwhJgsSNw8QESwFCTIVDCs8D"
                         "SoWJQ4zNig.FE_c5g",
    # l'Hombre deal 14, trick 3: forehand to lead
    "lhombre lead": "lhG1.AAAAJRkWJwkaIh4BAAIkDR0fBSYjFBcLCgcIAxggDBsVDhMcBBIQEQ8hBs3IyCXYAAkFCiYM.RU8uNA",
    # l'Hombre deal 11: the declarer (backhand) before his first card, with a contract he makes
    "lhombre surrender": "lhG1.AAAAEgcXEBYVBgoYGiEPJQgNABskIgEfEQIECQ4DBRkTFB4mCwwgJx0jHMjIzg4kGBvYDxIaFyIhH9glFtgdFQ"
                         ".zhkzmA",
}


def at(name: str) -> GameState:
    return GAMES[name.split()[0]].from_share_code(POSITIONS[name])


def thrown_in_by_the_last_vote(game: str, number: int) -> GameState:
    """Deal ``number`` with three seats voting for the monte: the last vote throws the deal in or plays it."""
    state = deal_by_number(game, number)
    for _ in range(3):
        state.apply(Action("monte"))
    return state


def test_lombardia_names_a_monte_vote_a_wrong_discard_a_wasted_fool_a_counter_and_a_king_given() -> None:
    assert_named(thrown_in_by_the_last_vote("lombardia", 5), "monte", "モンテの相談")  # a good hand thrown in
    assert_named(at("lombardia discard"), "discard H4", "ディーラーの捨て札")  # a small cup, not the lone 5 of swords
    assert_named(at("lombardia exchange"), "give DK", "愚者の交換（第14トリックのあと）")  # a king for the Fool
    assert_named(at("lombardia fool"), "F", "第4トリック・2枚目")  # the Fool where trump VIII wins cheaply
    assert_named(at("lombardia counter"), "SN", "第3トリック・2枚目")  # the cavalier under the king, not the four


def test_rotarot_names_each_kind_of_decision_in_the_readers_own_points() -> None:
    """A bid too low, a widow card, a discard, the Mond and a Ramsch discard: Rotarot's coach value is the seat's
    net less the others' mean, and the review says the reader's own net."""
    assert_named(deal_by_number("rotarot", 208), "bid6", "ビッド")  # 6枚 where the coach bids 1枚
    assert_named(at("rotarot take"), "take H5", "ウィドーの札選び")  # a small heart, not the king of diamonds
    assert_named(at("rotarot discard"), "discard T17", "捨て札")  # a trump laid away, not the queen of spades
    assert_named(at("rotarot mond"), "T21", "第2トリック・2枚目")  # the Mond into a trick it cannot keep
    assert_named(at("rotarot ramsch"), "discard D8", "ラムシュの交換（捨てる札）")  # a low card back, trump 18 kept


def test_ottocento_names_each_kind_of_decision_as_a_side_margin() -> None:
    """A monte vote, a discard, a declaration, a signal, the Matto and its payment: Ottocento's cost is a side
    margin, said as one (「相手側との点差で」), the declarations included and a deal thrown in worth nothing."""
    assert_named(thrown_in_by_the_last_vote("ottocento", 2), "monte", "モンテの相談")  # a good hand thrown in
    remark = assert_named(at("ottocento discard"), "discard T19", "ディーラーの捨て札")  # the Sun laid away
    assert "相手側との点差で" in cost_words(remark, "ottocento")
    assert_named(at("ottocento declare"), "done", "手役の申告")  # a combination not declared
    assert_named(at("ottocento signal"), "HA", "第4トリック・リード")  # the lead without the coach's volo
    assert_named(at("ottocento matto"), "F", "第8トリック・3枚目")  # the Matto spent where trump 12 serves
    assert_named(at("ottocento payment"), "give SK", "マットの支払い（第15トリックのあと）")  # a king for the Matto


def test_lhombre_names_a_surrender_of_a_contract_that_is_made_and_a_wrong_lead_in_chips() -> None:
    assert_named(at("lhombre lead"), "HA", "第3トリック・リード")  # the ace of hearts, not the seven of diamonds
    remark = assert_named(at("lhombre surrender"), "surrender", "第1トリック・3枚目の前")
    assert "チップ少なく" in cost_words(remark, "lhombre") and "点" not in cost_words(remark, "lhombre")


@pytest.mark.parametrize(("players", "number", "mistake"), [(2, 6, "C9 x H2 H3 H4"), (3, 5, "H3"), (4, 3, "T3")])
def test_napoletanisch_names_a_missed_capture_in_the_readers_own_points(players: int, number: int,
                                                                       mistake: str) -> None:
    """The first turn of a deal with a king (or a tarock sum) to take: the reader lays a card down instead.
    The margin over the others' mean moves n/(n−1) times the reader's points; the review says the latter."""
    state = deal_by_number("napoletanisch", number, {"players": players})
    assert any(a.take for a in state.legal_actions())
    assert_named(state, mistake, "1巡目")


def test_moves_of_equal_value_are_not_charged() -> None:
    """Lombardia deal 5: the three of cups for the four on a trick already lost (the same in every imagined
    deal), and a lead of the six of coins for the king of cups, which costs a little on average but less than
    twice its standard error: neither is called a loss, and both go into the one line."""
    exact = planted(at("lombardia blanks"), "H3")
    noisy = planted(at("lombardia lead"), "D6")
    assert exact.cost == own_cost(at("lombardia blanks"), exact.coach.action, exact.chose) == 0
    diffs = own_diffs(at("lombardia lead"), noisy.coach.action, noisy.chose)
    mean = sum(diffs, Fraction(0)) / len(diffs)
    spread = sum(float(d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    assert noisy.cost == mean and 0 < mean <= 2 * (spread / len(diffs)) ** 0.5
    assert exact.verdict == noisy.verdict == "even"
    for remark in (exact, noisy):
        assert cost_words(remark, "lombardia").endswith("はっきりした差はありません。")
    lines = review_text(at("lombardia lead"), 0, [exact, noisy])
    assert len(lines) == 2 and "の損" not in "".join(lines)
    assert "はっきりした損のなかった手（2回）" in lines[1]
    assert "第1トリック・4枚目（あなた: カップの3／コーチ: カップの4）" in lines[1]
    assert "第1トリック・リード（あなた: コインの6" in lines[1]


def test_a_decision_that_cannot_be_weighed_is_said_so_and_listed_apart() -> None:
    """No playout fits in the budget: no figure, and the entry comes after the clear costs and the one line,
    unnumbered, as a decision the review could not weigh."""
    state = at("lombardia counter")
    played = state.clone()
    played.apply(played.parse_action("SN"))
    found = next(decisions(played, 0, len(state.history), Budget(worlds=4, steps=0)))[1]
    assert found is not None and found.verdict == "unknown" and found.cost is None
    clear = planted(state, "SN")
    even = planted(at("lombardia blanks"), "H3")
    lines = review_text(state, 0, review_order([found, even, clear]))
    heads = [line for line in lines if not line.startswith("   ")]
    assert heads[1].startswith("1. 第3トリック・2枚目 — 約") and heads[2].startswith("コーチと違っても")
    assert heads[3] == "・第3トリック・2枚目 — 損得は見積もれませんでした"
    assert lines[-1].strip() == cost_words(found, "lombardia") and "見積もれませんでした" in lines[-1]


def lhombre_deal(forehand: str) -> GameState:
    """Forehand holds ``forehand``; the other hands and the talon follow in pack order."""
    mine = parse_cards(forehand)
    rest = [c for c in GAMES["lhombre"].PACK.cards() if c not in mine]
    return GAMES["lhombre"].from_hands([mine, rest[:9], rest[9:]])


def test_lhombre_names_a_bid_too_low_and_a_wrong_trump_in_chips() -> None:
    """The decisions before the first card are l'Hombre's biggest (N5): a spade-solo hand passed, and diamonds
    named with six spades (two trumps instead of six)."""
    strong = "SA S2 CA SK SQ SJ S7 HK DK"
    assert_named(lhombre_deal(strong), "pass", "ビッド")
    named = lhombre_deal("SA S2 SK SQ SJ S7 H3 D4 C3")
    for word in ("simple", "pass", "pass"):
        named.apply(Action(word))
    assert_named(named, "trumpD", "切札の指定")
