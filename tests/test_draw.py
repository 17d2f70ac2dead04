"""Drawing: pure functions, checked by their CSS classes and spoken labels."""

from __future__ import annotations

import itertools
import random
import re
from html import escape

import pytest

from kamplib import Game, new_round, parse_card
from kamplib.draw import (
    card_back_svg,
    card_svg,
    fantan_table_html,
    hand_html,
    round_html,
    rounds_overview_html,
    sheet_html,
    trick_html,
)
from kamplib.draw.cards import PALE_FACE, suit_color
from kamplib.draw.table import trump_text
from kamplib.rules import make_rules
from kamplib.sheet import ScoreSheet
from kamplib.view import make_view

NAMES = ["Kari", "Ola", "Siri", "Per"]


def _classes(svg: str) -> set[str]:
    return set(re.search(r'class="([^"]*)"', svg).group(1).split())


def test_card_has_label_title_and_classes() -> None:
    svg = card_svg(parse_card("QH"))
    assert 'aria-label="hjerter dame"' in svg
    assert "<title>hjerter dame</title>" in svg
    assert {"card", "hearts", "queen", "red"} <= _classes(svg)
    assert 'role="img"' in svg
    assert ">Q<" in svg and "♥" in svg


def test_card_label_in_english() -> None:
    svg = card_svg(parse_card("TS"), lang="en")
    assert "<title>10 of spades</title>" in svg
    assert ">10<" in svg  # the ten shows as 10 on the face


def test_red_and_black_ink() -> None:
    assert "#c8102e" in card_svg(parse_card("2D"))
    assert "#1b1b1b" in card_svg(parse_card("2C"))


def test_four_colour_deck_gives_clubs_green_and_diamonds_blue() -> None:
    clubs = card_svg(parse_card("5C"), four_color=True)
    diamonds = card_svg(parse_card("5D"), four_color=True)
    assert "four-color" in _classes(clubs)
    assert "#137a2f" in clubs and "#1b1b1b" not in clubs
    assert "#1d4fc4" in diamonds and "#c8102e" not in diamonds
    assert "#c8102e" in card_svg(parse_card("5H"), four_color=True)


def test_legal_and_illegal_marks() -> None:
    legal = card_svg(parse_card("AS"), legal=True)
    illegal = card_svg(parse_card("AS"), legal=False)
    assert "kamp-legal" in _classes(legal) and "kamp-illegal" not in _classes(legal)
    assert "kamp-illegal" in _classes(illegal)
    assert "spar ess, kan spilles" in legal
    assert "spar ess, kan ikke spilles nå" in illegal
    # a grey face with the suit's full ink, not a faded card: the text stays readable
    assert "opacity" not in illegal and f'fill="{PALE_FACE}"' in illegal


def _luminance(color: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("four_color", [False, True])
def test_every_suit_stays_readable_on_a_card_that_cannot_be_played(four_color: bool) -> None:
    for suit in "SHDC":
        assert contrast(suit_color(suit, four_color), PALE_FACE) >= 4.5
        assert contrast(suit_color(suit, four_color), "#ffffff") >= 4.5


def test_card_back_hides_the_card() -> None:
    back = card_back_svg()
    assert "card-back" in _classes(back)
    assert "kort med baksiden opp" in back


def test_hand_marks_each_card() -> None:
    cards = [parse_card(c) for c in ("AS", "KS", "2H")]
    html = hand_html(cards, legal={cards[0], cards[1]}, player="Kari")
    assert 'class="kamp-hand"' in html
    assert html.count("kamp-card") == 3
    assert html.count("kamp-legal") == 2 and html.count("kamp-illegal") == 1
    assert "Hånden til Kari" in html
    hidden = hand_html(cards, hidden=True, player="Ola")
    assert hidden.count("card-back") == 3 and "AS" not in hidden


def test_trick_shows_players_and_winner() -> None:
    plays = [(0, parse_card("7C")), (1, parse_card("KC")), (2, parse_card("AH"))]
    html = trick_html(plays, NAMES, winning=1)
    assert 'class="kamp-trick"' in html
    assert html.count("kamp-winning") == 1  # the winning card
    assert html.count("kamp-trick-winner") == 1  # and its figure
    winning_svg = re.search(r'<svg[^>]*kamp-winning[^>]*>', html).group(0)
    assert 'data-card="KC"' in winning_svg
    assert "vinner stikket nå" in html and "spilte ut" in html
    for name in NAMES[:3]:
        assert f"data-player='{name}'" in html or f'data-player="{name}"' in html
    assert "tok stikket" in trick_html(plays, NAMES, winning=1, finished=True)
    assert "Bordet er tomt" in trick_html([], NAMES)


def _fantan(layout: str, moves: int) -> object:
    g = Game(NAMES, "custom", {"order": ["fantan"], "fantan_layout": layout}, seed=3)
    rng = random.Random(2)
    for _ in range(moves):
        g.play(rng.choice(g.legal_moves()))
    return g.round


def test_fantan_table_sevens_layout() -> None:
    rnd = _fantan("sevens", 20)
    html = fantan_table_html(rnd)
    assert "kamp-layout-sevens" in html
    assert html.count("kamp-fantan-row") == 4
    laid = rnd.laid.bit_count()
    assert html.count("kamp-laid") == laid
    open_slots = html.count("kamp-slot-open")
    assert open_slots == len(make_view(rnd, rnd.players[0]).playable)
    assert "kan legges her" in html


def test_fantan_table_sixes_and_sevens_piles() -> None:
    rnd = _fantan("sixes_and_sevens", 25)
    html = fantan_table_html(rnd, lang="en")
    assert "kamp-layout-sixes_and_sevens" in html
    assert html.count("kamp-pile") == 8
    assert html.count("kamp-laid") == rnd.laid.bit_count()
    assert "6 down to ace" in html and "7 up to king" in html


@pytest.mark.parametrize("layout", ["sevens", "sixes_and_sevens"])
def test_before_the_opening_card_only_the_seven_of_hearts_is_marked(layout: str) -> None:
    rnd = _fantan(layout, 0)
    for source in (rnd, make_view(rnd, rnd.players[2])):
        html = fantan_table_html(source)
        assert html.count("kamp-slot-open") == 1 and "♥7 kan legges her" in html
    # once ♥7 lies, every other opening card may follow; with the other opener, any seven starts
    rnd.play("7H")
    assert fantan_table_html(rnd).count("kamp-slot-open") == (
        len(make_view(rnd, rnd.players[0]).playable))
    g = Game(NAMES, "custom", {"order": ["fantan"], "fantan_layout": layout,
                               "fantan_opener": "left_of_dealer"}, seed=3)
    starters = 4 if layout == "sevens" else 8
    assert fantan_table_html(g.round).count("kamp-slot-open") == starters


def test_fantan_table_from_a_players_view() -> None:
    rnd = _fantan("sevens", 12)
    view = make_view(rnd, rnd.players[1])
    assert fantan_table_html(view).count("kamp-laid") == rnd.laid.bit_count()


def test_round_html_and_engine_reprs() -> None:
    g = Game(NAMES, "femkamp", seed=7)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    html = g.round._repr_html_()
    assert html == round_html(g.round)
    assert "Runde 1: Pass" in html and "kamp-trick" in html and "kamp-score" in html
    assert parse_card("QC")._repr_html_() == card_svg(parse_card("QC"))
    assert "kamp-score-sheet" in g._repr_html_()


def test_round_html_trump_round_names_the_trump() -> None:
    hands = {p: [] for p in NAMES}
    deck = [c for c in parse_card("AS").ALL]
    for i, c in enumerate(deck):
        hands[NAMES[i % 4]].append(c.text)
    rnd = new_round("trumf", NAMES, hands, dealer=3, rules=make_rules("sjukamp"), trump="H")
    assert "Hjerter er trumf" in round_html(rnd)
    # walk W28: the round's name and the trump no longer read «Trumf · Trumf: hjerter»
    assert trump_text(rnd) == "Hjerter er trumf" and trump_text(rnd, "en") == "Hearts are trump"


def test_sheet_of_a_finished_game_marks_the_winner() -> None:
    g = Game(NAMES, "femkamp", seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    html = sheet_html(g)
    assert "kamp-score-sheet" in html
    winners = g.winners
    assert html.count('class="kamp-winner"') == len(winners)
    assert html.count('class="kamp-total kamp-winner"') == len(winners)
    for p, total in g.totals().items():
        assert re.search(rf"data-player='{p}' style='[^']*'>{total}</td>", html)


def test_sheet_of_the_example_with_running_totals_and_problems() -> None:
    sheet = ScoreSheet.example()
    html = sheet_html(sheet)
    assert html.count('class="kamp-winner"') == 2  # Kari and Siri share the win
    assert "(7)" in html and "(16)" in html  # running totals after the last row
    assert "kamp-problem" not in html
    sheet.set_score(0, "Ola", 9)
    html = sheet_html(sheet)
    assert "kamp-problem" in html and "kamp-problem-row" in html
    assert "kamp-winner" not in html  # no winner is starred while a row has a problem
    [problem] = [p for p in sheet.problems() if p.row == 0]
    assert escape(problem.reason("nb")) in html.split("kamp-problem-row")[1]


def test_a_problem_names_the_player_once() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(1, "Ola", "fire")
    line = sheet_html(sheet).split("kamp-problem-row")[1].split("</tr>")[0]
    assert line.count("Ola") == 1, line


def test_sheet_keeps_text_that_is_not_a_number() -> None:
    sheet = ScoreSheet.example()
    sheet.set_score(1, "Per", "tre")
    html = sheet_html(sheet)
    assert "tre" in html and "kamp-problem" in html


@pytest.mark.parametrize("lang", ["nb", "en"])
def test_rounds_overview(lang: str) -> None:
    rules = make_rules("sjukamp", {"queen_points": 5, "last_round_double": True})
    html = rounds_overview_html(rules, lang=lang)
    assert html.count("kamp-round-tile") == 7
    assert ("+5 per dame" if lang == "nb" else "+5 per queen") in html
    assert ("teller dobbelt" if lang == "nb" else "scores double") in html
    plain = rounds_overview_html(["pass", "klover", "damer", "fantan", "grand"])
    assert "Ta så få stikk som mulig" in plain and "+4 per dame" in plain


def test_the_trump_tile_shows_the_trump_only_when_it_is_fixed() -> None:
    """Walk W17: Sekskamp's Trumf tile showed ♠A, as if spades were always trump there."""
    def trump_tile(rules: object) -> str:
        tiles = rounds_overview_html(rules).split("class='kamp-round-tile")
        return next(tile for tile in tiles if "kamp-kind-trumf" in tile)
    assert 'data-card="AS"' in trump_tile(make_rules("sjukamp"))  # spades, fixed
    assert 'data-card="AH"' in trump_tile(make_rules("sjukamp", {"trump": "H"}))
    for drawn in (make_rules("sekskamp"), make_rules("sjukamp", {"trump": "dealer"})):
        assert "card-back" in trump_tile(drawn) and "data-card" not in trump_tile(drawn)


def test_player_names_are_escaped() -> None:
    plays = [(0, parse_card("7C"))]
    html = trick_html(plays, ["<b>x</b>", "B", "C"], winning=0)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_round_title_numbers_rounds_of_a_game_but_not_a_round_dealt_alone() -> None:
    from kamplib import Game
    from kamplib.draw import round_title

    game = Game(["Kari", "Ola", "Siri", "Per"], "femkamp", seed=1)
    assert round_title(game.round) == "Runde 1: Pass"
    alone = Game(["Kari", "Ola", "Siri", "Per"], "custom", {"order": ["klover"]}, seed=1)
    assert round_title(alone.round) == "Kløver"
    assert round_title(alone.round, "en") == "Clubs"


def test_values_wider_than_their_bars_take_turns_in_height() -> None:
    """Four players' bars side by side are narrower than «−2,0»: every other bar's value sits
    one line further out, so neighbouring values never overlap."""
    import itertools

    from kamplib.draw.charts import SMALL, grouped_bars

    kinds = ["Pass", "Kløver", "Damer", "Fan Tan", "Grand"]  # the book's five rounds
    series = [(name, [3.0, 3.0, 3.0, 3.0, -2.0]) for name in ("Kari", "Ola", "Siri", "Per")]
    svg = str(grouped_bars(kinds, series, title="t", axis_label="a",
                           value_text=lambda v: f"{v:.1f}".replace(".", ",").replace("-", "−")))
    found = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" '
                       r'font-size="11">([^<]+)</text>', svg)
    at = {(value, float(x)): float(y) for x, y, value in found}
    for value in ("3,0", "−2,0"):
        xs = sorted(x for v, x in at if v == value)[:4]  # the first group's
        heights = [at[(value, x)] for x in xs]
        # neighbours one line apart, every other one level
        assert all(abs(a - b) == SMALL + 1 for a, b in itertools.pairwise(heights))
        assert heights[0] == heights[2] and heights[1] == heights[3]
    # one series alone has room: no turns
    alone = str(grouped_bars(["Pass"], [("Kari", [3.0])], title="t", axis_label="a",
                             value_text=lambda v: f"{v:.1f}"))
    assert len(set(re.findall(r'y="([\d.]+)" text-anchor="middle" font-size="11"', alone))) == 1


def test_the_values_of_a_chart_never_run_into_each_other() -> None:
    """The walk at 390 px: a book's means ran together («3,02,03,0» over Kløver, and at Grand
    «−3,04,0», a minus lost in its neighbour) when neighbouring bars differed by about a line.
    Score books of 3 to 5 players, means as a book has them, every value's drawn box apart."""
    from kamplib.draw.charts import SMALL, grouped_bars

    kinds = ["Pass", "Kløver", "Damer", "Fan Tan", "Grand"]
    ranges = [(0, 13), (0, 13), (0, 16), (0, 12), (-13, 0)]  # a round's points, per kind
    rng = random.Random(7)
    for _ in range(150):
        players = rng.randint(3, 5)
        series = [(f"P{p}", [round(rng.uniform(*ranges[k]), 1) for k in range(len(kinds))])
                  for p in range(players)]
        svg = str(grouped_bars(kinds, series, title="t", axis_label="a", value_text=lambda v: (
            f"{v:.1f}".replace(".", ",").replace("-", "−"))))
        found = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle" '
                           r'font-size="11">([^<]+)</text>', svg)
        assert len(found) == players * len(kinds)
        # each value's box as drawn: centred on its bar, a character about 0.6 of its size
        boxes = [(float(x) - len(v) * SMALL * 0.3, float(x) + len(v) * SMALL * 0.3,
                  float(y) - SMALL, float(y)) for x, y, v in found]
        for a, b in itertools.combinations(boxes, 2):
            assert a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2], (series, a, b)


def test_five_players_have_five_colours() -> None:
    from kamplib.draw.charts import grouped_bars

    series = [(name, [1.0, 2.0]) for name in ("Kari", "Ola", "Siri", "Per", "Nils")]
    svg = str(grouped_bars(["Pass", "Kløver"], series, title="t", axis_label="a",
                           value_text=str))
    assert len(set(re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" '
                              r'fill="(#[0-9a-f]{6})"', svg))) == 5
