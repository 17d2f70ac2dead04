"""RulesPicker driven in Python: every choice checked by the engine, results for other widgets."""

from __future__ import annotations

import random

from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.rules import GAMES, RULE_CHOICES, make_rules, rules_in_play
from kamplib.teach.choices import current, read_choices
from kamplib.widgets import PlayGame, PlayHand, RulesPicker
from kamplib.widgets.rules_picker import parse_order


def test_defaults_and_a_house_rule() -> None:
    p = RulesPicker()
    assert p.game == "femkamp" and p.players == ("Kari", "Ola", "Siri", "Per")
    assert p.rules == make_rules("femkamp") and p.settings == {}
    assert "Spillets egne regler" in p.summary.value
    p.rule_inputs["queen_points"].value = 5
    assert p.settings == {"queen_points": 5}
    assert "Husregel: Poeng per dame (5 poeng)." in p.summary.value
    assert current().changes == {"queen_points": 5}  # the page's links carry it now


def test_game_change_brings_its_defaults() -> None:
    p = RulesPicker()
    p.game_input.value = "sekskamp"
    assert p.rules.fantan_layout == "sixes_and_sevens"
    assert p.rule_inputs["fantan_layout"].value == "sixes_and_sevens"
    assert p.rule_inputs["trump"].value == "draw"
    assert p.order_input.value == "Pass, Kløver, Damer, Fan Tan, Grand, Trumf"


def test_another_game_keeps_the_house_rules_chosen_so_far() -> None:
    p = RulesPicker()
    p.set(queen_points=5, fantan_opener="left_of_dealer", last_round_double=True)
    p.game_input.value = "sjukamp"  # the printout's «Poeng per dame» stayed 4 → 5 was lost
    assert p.rules.queen_points == 5 and p.rule_inputs["queen_points"].value == 5
    assert p.rules.fantan_opener == "left_of_dealer" and p.rules.last_round_double
    assert p.rules.trump == "S" and p.rules.order == GAMES["sjukamp"]
    p.set(trump="dealer")
    p.game_input.value = "sekskamp"
    assert p.rules.trump == "dealer" and p.rules.queen_points == 5
    assert p.rules.fantan_layout == "sixes_and_sevens"  # Sekskamp's own layout
    p.game_input.value = "femkamp"
    assert p.rules.fantan_layout == "sevens" and p.rules.queen_points == 5
    assert current().changes == p.settings


def test_it_lists_only_the_house_rules_of_the_chosen_games_rounds() -> None:
    p = RulesPicker()
    assert "trump" not in p.shown_rules and "finale_queen_of_clubs" not in p.shown_rules
    assert p.shown_rules == rules_in_play(GAMES["femkamp"])
    assert p.rule_rows["trump"].layout.display == "none"
    p.game_input.value = "sekskamp"
    assert "trump" in p.shown_rules and "finale_queen_of_clubs" not in p.shown_rules
    p.game_input.value = "sjukamp"
    assert {"trump", "finale_queen_of_clubs"} <= set(p.shown_rules)
    p.order_input.value = "Pass, Grand"
    p.game_input.value = "custom"
    assert p.shown_rules == ("order", "ace_low_in_pass", "last_round_double", "tie_break")


def test_bad_input_is_said_and_the_last_good_rules_kept() -> None:
    p = RulesPicker()
    p.players_input.value = "Kari, Ola"
    # said right under the names' field, not below every house rule
    said = p.players_messages.widget
    assert "kamp-error" in said.value and "3 til 5" in said.value
    row = next(c for c in p.children if p.players_input in getattr(c, "children", ()))
    assert p.children.index(said) == p.children.index(row) + 1
    assert "3 til 5" not in p.messages.widget.value
    assert p.players == ("Kari", "Ola", "Siri", "Per")
    p.order_input.value = "Pass, Poker"
    assert "«Poker» er ikke en runde; rundene heter Pass, Kløver" in p.messages.widget.value
    assert "3 til 5" in said.value
    p.players_input.value = "A, B, C"
    assert p.players == ("A", "B", "C")  # accepted although the order is still wrong
    assert "«Poker» er ikke en runde" in p.messages.widget.value and said.value == ""
    p.order_input.value = "pass, kløver, Damer, fan tan, GRAND"
    assert "kamp-error" not in p.messages.widget.value
    assert "Femkamp med 3 spillere" in p.summary.value


def test_custom_order_and_on_change() -> None:
    p = RulesPicker(lang="en")
    heard = []
    p.on_change(lambda picker: heard.append(picker.rules.order))
    p.order_input.value = "Pass, Fan Tan, Grand"
    p.game_input.value = "custom"
    assert p.game == "custom" and p.rules.order == ("pass", "fantan", "grand")
    assert heard[-1] == ("pass", "fantan", "grand")
    assert "Custom game with 4 players" in p.summary.value
    assert next(label for label, _ in p.game_input.options) == "Femkamp (5 rounds)"
    assert parse_order("Clubs, Queens, Trumps", "en") == ("klover", "damer", "trumf")


def test_it_starts_from_the_pages_choices_and_speaks_their_language() -> None:
    chosen = read_choices({"game": "sjukamp", "players": "Anna,Bjørn,Kari", "lang": "en",
                           "queen_points": "5"})
    p = RulesPicker(choices=chosen)
    assert p.lang == "en" and p.game == "sjukamp" and p.players == ("Anna", "Bjørn", "Kari")
    assert p.rule_inputs["queen_points"].value == 5
    assert p.rule_inputs["queen_points"].tooltip == "Points per queen"
    assert p.choices == chosen.with_()


def test_every_rule_has_a_help_line_and_labels() -> None:
    p = RulesPicker()
    for key, d in p.rule_inputs.items():
        assert [v for _, v in d.options] == list(RULE_CHOICES[key])
        assert d.tooltip
    text = " ".join(w.value for row in p.children if hasattr(row, "children")
                    for w in row.children if hasattr(w, "value") and isinstance(w.value, str))
    assert "Ess er lavest i Pass-runden" in text
    labels = [label for d in p.rule_inputs.values() for label, _ in d.options]
    assert not any("_" in label for label in labels)  # no code names on the page


def test_other_widgets_take_its_result() -> None:
    p = RulesPicker()
    p.set(game="sjukamp", players="A, B, C", queen_points=5)
    hand = PlayHand("damer", game=p.game, players=p.players, rules=p.rules, level="random",
                    hint_level="random", learner=1)
    assert hand.round.rules.queen_points == 5 and hand.names == ("A", "B", "C")
    game = PlayGame(game=p.game, players=p.players, rules=p.rules, level="random",
                    hint_level="random")
    assert game.game.order == make_rules("sjukamp").order


def test_storm_of_choices() -> None:
    rng = random.Random(1)
    p = RulesPicker()
    for _ in range(1000):
        action = rng.random()
        if action < 0.1:
            p.game_input.value = rng.choice(["femkamp", "sekskamp", "sjukamp", "custom"])
        elif action < 0.2:
            p.players_input.value = rng.choice(["A, B, C", "A, B", "A, B, C, D, E", "A, A, B"])
        elif action < 0.3:
            p.order_input.value = rng.choice(["Pass, Grand", "", "Pass, x", "Damer"])
        else:
            key = rng.choice(list(RULE_CHOICES))
            p.rule_inputs[key].value = rng.choice(RULE_CHOICES[key])
        rules = p.rules
        assert make_rules(rules.game, rules.differences()) == rules
        assert 3 <= len(p.players) <= 5
        assert "Noe gikk galt" not in p.messages.widget.value
