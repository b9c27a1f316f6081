"""The shared search of the coaches (engine.search): dealing unseen cards under constraints, estimates over
common worlds, the budget's fallback and the override's wording."""

from __future__ import annotations

import random
from fractions import Fraction

from engine.bots import BOTS, deal_by_number, play_out
from engine.cards import SUITS, TRUMP, Card, Pack
from engine.game import GameState
from engine.games.lombardia import LombardiaState
from engine.games.lombardia.bot import rule_of_thumb
from engine.games.lombardia.view import LombardiaView, view_of
from engine.policy import Choice, Rule
from engine.search import Budget, Coach, choose_by_search, deal_unknown, estimate, margin_value, points

LOMBARDIA = BOTS["lombardia"]
RULE = Rule("先を読む", "テスト用の規則です。")


def test_unknown_cards_respect_the_sizes_and_the_voids() -> None:
    cards = [c for c in Pack.TAROT78.cards()][:30]
    no_trumps = lambda card: card.suit != TRUMP  # noqa: E731
    rng = random.Random(4)
    for _ in range(200):
        hands = deal_unknown(rng, cards, [10, 12, 8], [no_trumps, lambda _: True, lambda _: True])
        if hands is None:
            continue
        assert [len(h) for h in hands] == [10, 12, 8]
        assert sorted(str(card) for hand in hands for card in hand) == sorted(map(str, cards))
        assert all(card.suit != TRUMP for card in hands[0])


def test_an_impossible_layout_is_never_returned() -> None:
    trumps = [Card(TRUMP, r) for r in range(1, 5)]
    nobody = lambda card: card.suit in SUITS  # noqa: E731
    assert deal_unknown(random.Random(1), trumps, [2, 2], [nobody, nobody]) is None


def total(state: GameState, seat: int) -> Fraction:
    return Fraction(state.score().totals[LOMBARDIA.side_name(seat, state.variants)])


def lombardia_coach(truth: GameState) -> Coach[LombardiaView]:
    """A coach whose only imagined deal is the true one (so its estimates can be checked by hand)."""
    return Coach(view=view_of, rules=rule_of_thumb, world=lambda view, rng: truth.clone(),
                 value=margin_value(lambda state: LOMBARDIA.sides(state.variants), total))


def mid_deal() -> LombardiaState:
    """Deal 8 played by the bots to a trick with at least three playable cards and at most 12 in hand."""
    state = deal_by_number("lombardia", 8)
    assert isinstance(state, LombardiaState)
    while state.phase != "play" or len(state.hand(state.current_player())) > 12 \
            or len(state.legal_actions()) < 3:
        state.apply(LOMBARDIA.decide(state, state.current_player()).action)
    return state


def test_each_candidate_is_played_out_by_the_rules_of_thumb() -> None:
    state = mid_deal()
    seat, actions = state.current_player(), state.legal_actions()
    coach = lombardia_coach(state)
    found = estimate(coach, coach.view(state, seat), seat, actions, Budget(worlds=2, steps=10_000))
    assert found is not None and found.worlds == 2
    for action in actions:
        after = state.clone()
        after.apply(action)
        end = play_out(after, lambda s, who: rule_of_thumb(LOMBARDIA.view(s, who)).action)
        mine = total(end, seat)
        other = total(end, (seat + 1) % 4)
        assert found.values[action] == [mine - other] * 2
    assert found.gain(actions[0], actions[0]) == (Fraction(0), 0.0)


def test_a_spent_budget_leaves_the_rule_of_thumb_in_charge() -> None:
    state = mid_deal()
    seat = state.current_player()
    coach = lombardia_coach(state)
    view = coach.view(state, seat)
    fallback = rule_of_thumb(view)
    assert estimate(coach, view, seat, state.legal_actions(), Budget(worlds=2, steps=5)) is None
    assert choose_by_search(coach, view, seat, state.legal_actions(), fallback, RULE, str,
                            Budget(worlds=2, steps=5)) == fallback


def test_an_override_says_how_many_points_it_gains() -> None:
    """With the true deal as the only world and no noise allowed, the best card by playout replaces a worse
    rule-of-thumb card, and the reason names both cards and the rule of thumb it departs from."""
    state = mid_deal()
    seat = state.current_player()
    coach = lombardia_coach(state)
    view = coach.view(state, seat)
    actions = state.legal_actions()
    found = estimate(coach, view, seat, actions, Budget(worlds=1, steps=10_000))
    assert found is not None
    worst = min(actions, key=found.mean)
    best = found.best()
    if found.mean(best) == found.mean(worst):
        return
    fallback = Choice(worst, Rule("負けるなら安い札", "テスト"), "テスト")
    chosen = choose_by_search(coach, view, seat, actions, fallback, RULE, str, Budget(worlds=1, steps=10_000),
                              noise=0.0)
    assert chosen.action == best and chosen.rule == RULE
    assert str(best) in chosen.why and str(worst) in chosen.why and "負けるなら安い札" in chosen.why


def test_points_are_rounded_for_a_learner() -> None:
    assert points(Fraction(37, 3)) == "12"
    assert points(Fraction(7, 3)) == "2.3"
