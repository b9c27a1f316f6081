from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from helpers import check_round_trips, hands_with, random_state, started

from engine import share
from engine.cards import Pack
from engine.game import Action
from engine.games.lombardia import LombardiaState, Position


def test_encode_decode_payload() -> None:
    code = share.encode("loG", bytes(range(200)))
    assert share.decode(code, "loG") == bytes(range(200))
    assert all(ch.isalnum() or ch in "-_." for ch in code)


@pytest.mark.parametrize("mangle", [
    lambda c: c[:-1] + ("A" if c[-1] != "A" else "B"),  # checksum
    lambda c: c.replace(".", ".A", 1),                   # payload changed
    lambda c: c[: len(c) // 2],                          # cut short
    lambda c: "x" + c,                                   # not our format
    lambda c: c.replace("loG1", "loG2", 1),              # other version
    lambda c: "",
])
def test_tampered_codes_raise_one_error_type_in_japanese(mangle: Callable[[str], str]) -> None:
    code = LombardiaState.from_hands(hands_with()).share_code()
    with pytest.raises(share.ShareError) as error:
        LombardiaState.from_share_code(mangle(code))
    assert any(ord(ch) > 0x3000 for ch in str(error.value))


def test_wrong_kind_of_code() -> None:
    code = LombardiaState.from_hands(hands_with()).share_code()
    with pytest.raises(share.ShareError, match="別の種類"):
        Position.from_share_code(code)


def test_a_well_formed_code_with_an_illegal_action_is_refused() -> None:
    state = started(hands_with("C5", "CA"))
    payload = share.decode(state.share_code(), "loG")
    bad = share.encode("loG", payload + bytes([Pack.TAROT78.index(state.hand(1)[0])]))  # not seat 0's card
    with pytest.raises(share.ShareError, match="手目"):
        LombardiaState.from_share_code(bad)


def test_round_trip_keeps_variants_and_history() -> None:
    state = started(hands_with(), xxi_value=6, first_leader="left")
    state.apply(state.legal_actions()[0])
    again = LombardiaState.from_share_code(state.share_code())
    assert again == state and again.variants["xxi_value"] == 6 and again.history == state.history


def test_monte_actions_round_trip() -> None:
    state = LombardiaState.from_hands(hands_with())
    for _ in range(4):
        state.apply(Action("monte"))
    assert state.is_terminal() and LombardiaState.from_share_code(state.share_code()) == state


def test_the_round_trip_check_of_random_deals_notices_a_step_that_differs() -> None:
    state = random_state(LombardiaState, random.Random(5))
    codes, seen = [state.share_code()], [state.fingerprint()]
    for _ in range(6):
        state.apply(state.legal_actions()[-1])
        codes.append(state.share_code())
        seen.append(state.fingerprint())
    check_round_trips(LombardiaState, codes, seen)
    with pytest.raises(AssertionError, match="step 3"):
        check_round_trips(LombardiaState, codes, [*seen[:3], seen[2], *seen[4:]])
    with pytest.raises(AssertionError):
        check_round_trips(LombardiaState, [codes[0], codes[2], codes[1], *codes[3:]], seen)


@pytest.mark.parametrize("code", ["loG١.AAEC.AAAAAA", "loM١.AAEC.AAAAAA", "loG１.AAEC.AAAAAA", "loG1٠.AAEC.AAAAAA"])
def test_a_version_in_other_digits_is_refused_in_japanese(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    """2026-11-27 attack F1: an Arabic-Indic digit matched the version's ``\\d`` and the checksum's
    ASCII encoding then raised UnicodeEncodeError (an internal error on every widget)."""
    from engine.__main__ import main
    with pytest.raises(share.ShareError, match="形式が正しくありません"):
        share.decode(code, code[:3])
    with pytest.raises(share.ShareError):
        LombardiaState.from_share_code(code)
    assert main(["share", "decode", code]) == 2
    assert "共有リンクの形式" in capsys.readouterr().err
