"""RulesPicker driven in Python: every choice checked by the engine, results for other widgets."""

from __future__ import annotations

import random

from kamplib.rules import RULE_CHOICES, make_rules
from kamplib.widgets import PlayGame, PlayHand, RulesPicker


def test_defaults_and_a_house_rule() -> None:
    p = RulesPicker()
    assert p.game == "femkamp" and p.players == ("Kari", "Ola", "Siri", "Per")
    assert p.rules == make_rules("femkamp") and p.settings == {}
    assert "Spillets egne regler" in p.summary.value
    p.rule_inputs["queen_points"].value = 5
    assert p.settings == {"queen_points": 5}
    assert "Poeng per dame: 5" in p.summary.value


def test_game_change_brings_its_defaults() -> None:
    p = RulesPicker()
    p.game_input.value = "sekskamp"
    assert p.rules.fantan_layout == "sixes_and_sevens"
    assert p.rule_inputs["fantan_layout"].value == "sixes_and_sevens"
    assert p.rule_inputs["trump"].value == "draw"
    assert p.order_input.value == "pass, klover, damer, fantan, grand, trumf"


def test_bad_input_is_said_and_the_last_good_rules_kept() -> None:
    p = RulesPicker()
    p.players_input.value = "Kari, Ola"
    assert "kamp-error" in p.messages.widget.value and "3 til 5" in p.messages.widget.value
    assert p.players == ("Kari", "Ola", "Siri", "Per")
    p.order_input.value = "pass, poker"
    assert "Ukjent runde «poker»" in p.messages.widget.value
    p.players_input.value = "A, B, C"
    assert p.players == ("A", "B", "C")  # accepted although the order is still wrong
    assert "Ukjent runde «poker»" in p.messages.widget.value
    p.order_input.value = "pass, klover, damer, fantan, grand"
    assert "kamp-error" not in p.messages.widget.value
    assert "Femkamp med 3 spillere" in p.summary.value


def test_custom_order_and_on_change() -> None:
    p = RulesPicker(lang="en")
    heard = []
    p.on_change(lambda picker: heard.append(picker.rules.order))
    p.order_input.value = "pass, fantan, grand"
    p.game_input.value = "custom"
    assert p.game == "custom" and p.rules.order == ("pass", "fantan", "grand")
    assert heard[-1] == ("pass", "fantan", "grand")
    assert "Custom" in p.summary.value or "custom" in p.summary.value.lower()


def test_every_rule_has_a_help_line_and_labels() -> None:
    p = RulesPicker()
    for key, d in p.rule_inputs.items():
        assert [v for _, v in d.options] == list(RULE_CHOICES[key])
        assert d.description
    text = " ".join(w.value for row in p.children if hasattr(row, "children")
                    for w in row.children if hasattr(w, "value") and isinstance(w.value, str))
    assert "Ess er lavest i Pass-runden" in text


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
            p.order_input.value = rng.choice(["pass, grand", "", "pass, x", "damer"])
        else:
            key = rng.choice(list(RULE_CHOICES))
            p.rule_inputs[key].value = rng.choice(RULE_CHOICES[key])
        rules = p.rules
        assert make_rules(rules.game, rules.differences()) == rules
        assert 3 <= len(p.players) <= 5
        assert "Noe gikk galt" not in p.messages.widget.value
