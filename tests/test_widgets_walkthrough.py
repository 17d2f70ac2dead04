"""Walkthrough driven in Python: steps, sentences, records, generated rounds, click storms."""

from __future__ import annotations

import random

import pytest

from kamplib import Game
from kamplib.errors import RecordError
from kamplib.record import write_record
from kamplib.widgets import Walkthrough


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' pause between cards is a setting; tests turn it off."""
    monkeypatch.setenv("KAMP_PACE", "0")


def played_game(game: str = "femkamp", seed: int = 4) -> Game:
    g = Game(["Kari", "Ola", "Siri", "Per"], game, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    return g


def test_trick_by_trick_with_a_sentence_each() -> None:
    g = played_game()
    w = Walkthrough(g.rounds[0])
    assert w.steps == 13
    assert "Kortene er delt ut" in w.sentence.value
    assert w.back_button.disabled and not w.forward_button.disabled
    w.forward_button.click()
    trick = g.rounds[0].tricks[0]
    winner = g.players[trick.winner]
    assert f"{winner} tok stikket med" in w.sentence.value
    assert f"{winner} fikk 1 poeng for stikket" in w.sentence.value  # in Pass every trick scores
    assert "kamp-last-trick" not in w.picture.value and "kamp-winning" in w.picture.value
    w.end_button.click()
    assert w.step == 13 and w.forward_button.disabled
    assert "Runden er ferdig" in w.sentence.value
    w.back_button.click()
    assert w.step == 12
    w.start_button.click()
    assert w.step == 0


def test_trump_wins_are_explained() -> None:
    for seed in range(1, 20):
        g = Game(["Kari", "Ola", "Siri", "Per"], "sjukamp", seed=seed)
        rng = random.Random(seed)
        while g.round.kind != "trumf":
            g.play(rng.choice(g.legal_moves()))
        rnd = g.round
        while not rnd.is_over:
            g.play(rng.choice(g.legal_moves()))
        w = Walkthrough(rnd)
        for _ in range(w.steps):
            w.forward_button.click()
            if "høyeste trumfen" in w.sentence.value:
                return
    pytest.fail("no trick won by a trump in 19 random trump rounds")


def test_fantan_turn_by_turn() -> None:
    g = played_game()
    fantan = next(r for r in g.rounds if r.kind == "fantan")
    w = Walkthrough(fantan, lang="en")
    assert w.steps == len(fantan.history)
    sentences = []
    for _ in range(w.steps):
        w.forward_button.click()
        sentences.append(w.sentence.value)
    assert any("laid" in s for s in sentences)
    if fantan.passes != [0] * 4:
        assert any("pass" in s for s in sentences)
    assert "0 points for the round" in sentences[-1] and "The round is over" in sentences[-1]
    assert "kamp-fantan-table" in w.picture.value


def test_a_whole_game_or_a_record_picks_rounds() -> None:
    g = played_game("sekskamp", seed=2)
    w = Walkthrough(write_record(g))
    assert len(w.picker.options) == 6
    w.picker.value = 3
    assert w.round.kind == "fantan" and w.step == 0
    assert "kamp-layout-sixes_and_sevens" in w.picture.value


def test_broken_record_is_a_clear_error() -> None:
    with pytest.raises(RecordError, match="JSON"):
        Walkthrough('{"format": "kamp/1"')


def test_generated_round() -> None:
    w = Walkthrough.generate("damer", seed=3, level="random")
    assert w.round.is_over and w.steps == 13
    w.end_button.click()
    assert "Runden er ferdig" in w.sentence.value
    again = Walkthrough.generate("damer", seed=3, level="random")
    assert again.round.history == w.round.history


def test_unfinished_round_ends_on_its_partial_trick() -> None:
    g = Game(["Kari", "Ola", "Siri", "Per"], "femkamp", seed=1)
    for _ in range(6):
        g.play(g.legal_moves()[0])
    w = Walkthrough(g.round)
    assert w.steps == 2
    w.end_button.click()
    assert "spilte" in w.sentence.value


def test_click_storm() -> None:
    rng = random.Random(5)
    w = Walkthrough(played_game("sjukamp", seed=5))
    for _ in range(1000):
        choice = rng.randrange(5)
        if choice == 0:
            w.forward_button.click()
        elif choice == 1:
            w.back_button.click()
        elif choice == 2:
            rng.choice([w.start_button, w.end_button]).click()
        elif choice == 3 and rng.random() < 0.1:
            w.picker.value = rng.randrange(len(w.rounds))
        assert 0 <= w.step <= w.steps
        assert f"Steg {w.step} av {w.steps}" in w.step_label.value
        assert "kamp-error" not in w.messages.widget.value


def test_the_learners_moves_are_marked_with_what_each_cost() -> None:
    from kamplib.teach.session import TableSession

    s = TableSession.one_round("damer", seed=2)
    s.run_bots()
    while not s.round_over:
        s.play(s.legal()[0])
        s.run_bots()
    s.rate_pending()
    marks = {m.position: m.judgement for m in s.moves}
    w = Walkthrough(s.round, learner=s.learner, review=marks)
    marked = []
    for _ in range(w.steps):
        w.forward_button.click()
        marked.append(w.sentence.value.count("kamp-your-move"))
    assert marked == [1] * 13  # one move of the learner in every trick
    w.go(1)
    first = s.moves[0].judgement
    assert f"Ditt trekk: {first.move_shown()}: {first.label_text()}" in w.sentence.value
