"""Pages follow the choices, and agree with themselves: every course page run in plain Python
(:mod:`page_run`) as a learner with some choices in the address would see it.

A walkthrough names the dealer a page's table of dealers names; a game's table and the round
shown from it are one game; the score sheet's verdict is said once, in the page's language; a
sheet never keeps a round its game does not have, nor shows a sum it says is not known yet.
"""

from __future__ import annotations

import re

import pytest
from page_run import run_page
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib import Game
from kamplib.rules import GAMES, make_rules
from kamplib.seating import default_players
from kamplib.teach.examples import bot_round, dealer_in_game


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_rounds_example_is_dealt_by_whoever_deals_it_in_the_whole_game(game: str,
                                                                         players: int) -> None:
    names = default_players(players)
    whole = Game(names, game, seed=1)
    for index, kind in enumerate(make_rules(game).order):
        if kind in make_rules(game).order[:index]:
            continue  # a kind played twice: its first round
        dealt = whole.deals[index].dealer
        assert dealer_in_game(kind, players, game=game) == dealt
        assert bot_round(kind, seed=7, players=names, game=game, moves=1).dealer == dealt


def _dealers(text: str) -> dict[str, str]:
    """``{"Kløver": "Kari", …}`` from a table of dealers as the page shows it."""
    return {kind: dealer for kind, dealer in re.findall(r"\d\. ([A-Za-zøæåØÆÅ ]+?) (\w+) \w+",
                                                        text)}


def test_the_klover_walkthrough_is_dealt_by_step_ones_dealer_of_round_two() -> None:
    table = next(c.text for c in run_page("tutorial/01-kortstokk-utdeling-og-stikk.ipynb").cells
                 if c.text.startswith("Runde Giver Begynner"))
    dealer = _dealers(table)["Kløver"]
    walk = next(c.text for c in run_page("tutorial/03-klover.ipynb").cells
                if "Steg 0 av" in c.text)
    assert f"Giver: {dealer} " in walk


@pytest.mark.parametrize("params", [{}, {"trump": "dealer"}, {"queen_points": "5"},
                                    {"fantan_layout": "sixes_and_sevens", "lang": "en"}])
def test_sjukamp_ones_fan_tan_is_the_round_its_game_table_counts(params: dict) -> None:
    page = run_page("sjukamp/01-fan-tan-som-runde-3.ipynb", params)
    game, worked = page.names["sjukamp"], page.names["worked"]
    assert game.rules == make_rules("sjukamp", {k: v for k, v in params.items() if k != "lang"})
    index = game.rounds.index(worked)
    assert game.round_scores()[index] == worked.scores()
    # and as the learner reads it: the score table beside the picture, and the sums' table
    shown = next(c for c in page.cells if "gikk ut" in c.text or "went out" in c.text)
    for player, points in worked.scores().items():
        assert re.search(rf"{player} \d+ \d+ (?:\((?:gikk ut|went out)\) )?{points}\b",
                         shown.text), (player, points, shown.text)


@pytest.mark.parametrize(("lang", "said", "other"), [
    ("nb", "Arket har ingen innvendinger", "The sheet has no objections"),
    ("en", "The sheet has no objections", "Arket har ingen innvendinger"),
])
def test_the_sheet_pages_verdict_is_said_once_in_the_pages_language(lang: str, said: str,
                                                                    other: str) -> None:
    text = run_page("notebooks/02-poengark.ipynb", {"lang": lang}).text()
    assert text.count(said) == 1 and other not in text
