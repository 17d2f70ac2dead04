"""Totals, winners, ties and tie-breaks, judged by one function for the game and the sheet."""

from __future__ import annotations

from kamplib import Game, make_rules, standing
from kamplib.standings import TIE_BREAK_KIND, kind_of_round

P = ("A", "B", "C")


def rows(*scores: tuple[int, ...]) -> list[dict[str, int]]:
    return [dict(zip(P, s, strict=True)) for s in scores]


def femkamp(**rules: object):
    return make_rules("femkamp", rules)


def test_lowest_total_wins_and_a_tie_shares() -> None:
    five = rows((1, 2, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    s = standing(P, five, femkamp())
    assert s.is_over and s.winners == ("A",) and s.totals == {"A": 1, "B": 2, "C": 3}
    tie = rows((1, 1, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    assert standing(P, tie, femkamp()).winners == ("A", "B")


def test_no_winner_before_the_last_round() -> None:
    s = standing(P, rows((0, 5, 5)), femkamp())
    assert not s.is_over and s.winners == () and s.leaders == ("A",)


def test_extra_grand_narrows_among_the_tied_only() -> None:
    base = rows((1, 1, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    rules = femkamp(tie_break="extra_grand")
    s = standing(P, base, rules)
    assert s.needs_extra_grand and not s.is_over and kind_of_round(rules, 5) == TIE_BREAK_KIND
    # C takes the most tricks of the Grand but was not in the tie: A and B still compare
    s = standing(P, [*base, *rows((-3, -2, -12))], rules)
    assert s.is_over and s.winners == ("A",)
    s = standing(P, [*base, *rows((-2, -2, -13))], rules)
    assert s.needs_extra_grand and s.leaders == ("A", "B")


def test_extra_game_asks_for_a_rematch() -> None:
    tie = rows((1, 1, 3), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0))
    s = standing(P, tie, femkamp(tie_break="extra_game"))
    assert s.is_over and s.rematch and s.winners == ("A", "B")


def test_the_game_uses_the_same_standing() -> None:
    g = Game(["A", "B", "C", "D"], "femkamp", {"tie_break": "extra_grand"}, seed=11)
    from kamplib.autoplay import autoplay, make_bots

    autoplay(g, make_bots(4, "heuristic", seed=1))
    s = g.standing()
    assert s.is_over and list(s.winners) == g.winners and s.totals == g.totals()
    assert s == standing(g.players, g.round_scores(), g.rules)
