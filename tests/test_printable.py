"""The printable rule summary and score sheet: content follows game, house rules and table."""

import re

import pytest

from kamplib import RuleError, make_rules
from kamplib.printable import Printable, points_in_play, printout_html
from kamplib.teach.choices import read_choices


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize(("game", "players", "expected"), [
    ("femkamp", 4, [13, 13, 16, None, -13]),
    ("femkamp", 3, [17, 13, 16, None, -17]),
    ("femkamp", 5, [10, 13, 16, None, -10]),
    ("sjukamp", 4, [13, 13, None, 16, -13, -13, 32]),
])
def test_points_in_play_match_the_rules(game: str, players: int, expected: list) -> None:
    rules = make_rules(game)
    assert [points_in_play(k, players, rules) for k in rules.order] == expected


def test_points_in_play_follow_house_rules() -> None:
    rules = make_rules("femkamp", {"queen_points": 5, "clubs_take_all_zero": True,
                                   "last_round_double": True})
    assert points_in_play("damer", 4, rules) == 20
    assert points_in_play("klover", 4, rules) == 13  # taking all is the exception, not the sum
    assert points_in_play("grand", 4, rules, last=True) == -26
    assert points_in_play("finale", 4, make_rules("sjukamp", {"finale_queen_of_clubs": 4})) == 28


def test_summary_names_every_round_in_order_with_its_points() -> None:
    text = _text(Printable("femkamp").summary_html())
    positions = [text.index(name) for name in ("Pass", "Kløver", "Damer", "Fan Tan", "Grand")]
    assert positions == sorted(positions)
    assert "+4 per dame" in text and "−1 per stikk" in text
    assert "Lavest sum vinner" in text
    assert "Ingen: vanlige regler." in text
    # the goals are the round kinds' own
    from kamplib.kinds import KINDS

    for kind in ("pass", "klover", "damer", "fantan", "grand"):
        assert KINDS[kind].goal() + "." in text


def test_summary_shows_the_house_rules_chosen() -> None:
    page = Printable("femkamp", {"queen_points": 5, "fantan_opener": "left_of_dealer",
                                 "tie_break": "extra_grand"})
    text = _text(page.summary_html())
    assert "+5 per dame" in text
    assert "til venstre for giveren begynner" in text
    assert "Poeng per dame: 5 poeng" in text and "Hvem åpner kabalen: til venstre for giveren" \
        in text
    assert "alle spiller én runde Grand til" in text
    assert "_" not in text  # no code names


def test_a_femkamp_printout_names_only_femkamps_house_rules() -> None:
    chosen = read_choices({"game": "sjukamp", "trump": "dealer", "queen_points": "5"})
    femkamp = _text(Printable(**chosen.table("femkamp")).summary_html())
    assert "Poeng per dame: 5 poeng" in femkamp and "Trumf" not in femkamp
    sjukamp = _text(Printable(**chosen.table()).summary_html())
    assert "Trumf i trumfrunden: giveren velger" in sjukamp


def test_extra_game_says_how_a_tie_is_settled() -> None:
    text = _text(Printable("sjukamp", {"tie_break": "extra_game"}).summary_html())
    assert "de som står likt, spiller et helt nytt spill mot hverandre" in text
    assert "Ved likt på topp: et helt nytt spill" in text
    en = _text(Printable("sjukamp", {"tie_break": "extra_game"}, lang="en").summary_html())
    assert "play a whole new game against each other" in en


def test_sekskamp_and_sjukamp_explain_their_own_rounds() -> None:
    seks = _text(Printable("sekskamp").summary_html())
    assert "sekseren en bunke ned" in seks and "Snu et tilfeldig kort" in seks
    sju = _text(Printable("sjukamp").summary_html())
    assert "♠ spar er trumf" in sju and "♣Q 8" in sju


def test_sheet_has_a_row_per_round_and_a_column_per_player() -> None:
    page = Printable("femkamp", players=["Kari", "Ola", "Siri", "Per"])
    sheet = page.sheet_html()
    assert sheet.count('<td class="score">') == 4 * 6  # five rounds and the total row
    text = _text(sheet)
    for name in ("Kari", "Ola", "Siri", "Per", "Sum", "én har 0"):
        assert name in text
    assert re.search(r"1\. Pass\s+13", text) and re.search(r"5\. Grand\s+−13", text)


def test_sheet_for_a_count_of_players_uses_numbered_columns() -> None:
    text = _text(Printable("femkamp", players=5).sheet_html())
    assert "Spiller 5" in text and "Spiller 6" not in text
    assert re.search(r"1\. Pass\s+10", text)


def test_english_comes_from_the_same_catalogue() -> None:
    text = _text(Printable("femkamp", lang="en").fragment())
    assert "The lowest total wins" in text and "+1 per trick" in text and "Round" in text


def test_document_is_a_whole_a4_page_and_the_fragment_is_scoped() -> None:
    page = Printable("femkamp", players=["Kari", "Ola", "Siri"])
    doc = page.document()
    assert doc.startswith("<!DOCTYPE html>") and "size: A4" in doc and 'charset="utf-8"' in doc
    assert doc.count("<section") == 2
    # on screen every style rule is under .kamp-print (apart from @page), so a notebook keeps
    # its look; the print rules alone reach the page around it (to print just the printout)
    css = re.search(r"<style>(.*)</style>", page._repr_html_(), re.S).group(1)
    screen = re.sub(r"@media print \{.*\}\s*$", "", css.strip(), flags=re.S)
    selectors = [s.strip() for s in re.findall(r"([^{}]+)\{", screen)]
    assert all(s.startswith((".kamp-print", "@page", "@media")) for s in selectors), selectors
    assert "@media print" in css


def test_the_printout_follows_the_choices_and_downloads() -> None:
    import base64

    chosen = read_choices({"game": "sjukamp", "players": "Anna,Bjørn,Kari", "queen_points": "5",
                           "lang": "en"})
    html = printout_html(chosen)
    assert "download='sjukamp-summary.html'" in html and "Download the printout" in html
    # what the button does is said in the button's language (it was bokmål in the page's text)
    assert "The button downloads a page made for A4" in html and "Knappen" not in html
    data = re.search(r"base64,([^']+)'", html).group(1)
    doc = base64.b64decode(data).decode()
    text = _text(doc)
    assert "Sjukamp: the rules on one page" in text and "+5 per queen" in text
    assert "Anna" in text and "Bjørn" in text and "Player 1" not in text
    assert doc.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"game": "tolvkamp"}, "Ukjent spill"),
    ({"rules": {"queen_points": 6}}, "«Poeng per dame» kan ikke være «6»"),
    ({"players": 2}, "3 til 5"),
    ({"players": ["Kari", "Kari", "Ola"]}, "ulike navn"),
    ({"players": 4.5}, "liste med navn"),
])
def test_bad_input_gets_a_clear_message(kwargs: dict, words: str) -> None:
    with pytest.raises(RuleError, match=words):
        Printable(**kwargs)


@pytest.mark.parametrize(("game", "said"), [("femkamp", False), ("sekskamp", True),
                                            ("sjukamp", True)])
def test_the_trick_rules_say_who_takes_a_trumped_trick_where_there_are_trumps(
        game: str, said: bool) -> None:
    """The walk: the printed «Stikk» paragraph said only «Høyeste kort i fargen som ble spilt ut,
    tar stikket», and a family with the page alone had no rule for a trumped trick."""
    for lang, words in (("nb", "I trumfrunden tar den høyeste trumfen stikket når noen har "
                                "trumfet."),
                        ("en", "In the trump round the highest trump takes the trick when "
                               "someone has trumped.")):
        assert (words in Printable(game, lang=lang).summary_html()) == said
