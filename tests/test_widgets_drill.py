"""Drills driven in Python: the engine's answer is right, feedback has the reason, tally counts."""

from __future__ import annotations

import random

import pytest

from kamplib.errors import KampError
from kamplib.widgets import Drill
from kamplib.widgets.drill import TOPICS, make_item


@pytest.mark.parametrize("topic", TOPICS)

def test_items_are_reproducible(topic: str) -> None:
    a = make_item(topic, 7)
    b = make_item(topic, 7)
    assert (a.question, a.answer, a.picture) == (b.question, b.answer, b.picture)


def test_trick_winner_right_and_wrong() -> None:
    d = Drill("trick_winner", seed=2)
    assert "Hvem tar stikket?" in d.question.value and "Trykk på navnet" in d.question.value
    assert "kamp-trick" in d.picture.value and "kamp-winning" not in d.picture.value
    right = next(b for b in d.answer_buttons if b._kamp_value == d.item.answer)
    wrong = next(b for b in d.answer_buttons if b._kamp_value != d.item.answer)
    wrong.click()
    assert "kamp-wrong" in d.feedback.value and "tar stikket med" in d.feedback.value
    assert "Riktig svar:" in d.feedback.value and d.item.answer in d.feedback.value
    assert all(b.disabled for b in d.answer_buttons)  # the answer is shown: the item is settled
    right.click()  # only the first answer counts, and a tap after it never says «Riktig!»
    assert "kamp-wrong" in d.feedback.value and "Riktig!" not in d.feedback.value
    assert "0 riktige av 1" in d.tally.value
    d.next_button.click()
    right = next(b for b in d.answer_buttons if b._kamp_value == d.item.answer)
    right.click()
    assert "1 riktig av 2" in d.tally.value


def test_a_second_tap_after_a_right_answer_never_says_not_quite() -> None:
    d = Drill("trick_winner", seed=2)
    right = next(b for b in d.answer_buttons if b._kamp_value == d.item.answer)
    wrong = next(b for b in d.answer_buttons if b._kamp_value != d.item.answer)
    right.click()
    assert all(b.disabled for b in d.answer_buttons)  # the solved item takes no more taps
    wrong.click()  # a tap that reaches Python all the same
    assert "kamp-right" in d.feedback.value and "Ikke helt" not in d.feedback.value
    assert "1 riktig av 1" in d.tally.value
    d.next_button.click()
    assert not any(b.disabled for b in d.answer_buttons)
    c = Drill("legal_cards", seed=3)
    for b in c.toggles:
        b.value = b._kamp_card in c.item.answer
    c.check_button.click()
    assert c.check_button.disabled and all(b.disabled for b in c.toggles)
    c.check_button.click()
    assert "kamp-right" in c.feedback.value and "Ikke helt" not in c.feedback.value
    c.next_button.click()
    assert not c.check_button.disabled and not any(b.disabled for b in c.toggles)


def test_legal_cards_toggle_and_check() -> None:
    d = Drill("legal_cards", seed=3)
    assert all("kamp-card-pick" in b._dom_classes for b in d.toggles)
    # a card is written as everywhere else in the course: suit first («♠K», never «K♠»)
    assert [b.description for b in d.toggles] == [b._kamp_card.symbol for b in d.toggles]
    assert all(b.description[0] in "♠♥♦♣" for b in d.toggles)
    for b in d.toggles:
        b.value = b._kamp_card in d.item.answer
    d.check_button.click()
    assert "kamp-right" in d.feedback.value and "kan spille" in d.feedback.value
    d.next_button.click()
    for b in d.toggles:
        b.value = True
    d.check_button.click()
    expected = "kamp-right" if len(d.item.answer) == len(d.toggles) else "kamp-wrong"
    assert expected in d.feedback.value


def test_round_score() -> None:
    d = Drill("round_score", seed=4, kind="damer")
    assert "Damer" in d.question.value
    assert d.points_input.value == ""  # no default that could be the answer
    d.points_input.value = str(d.item.answer)
    d.check_button.click()
    assert "kamp-right" in d.feedback.value
    assert f"Det blir {d.item.answer} poeng" in d.feedback.value


def test_fantan_lay_reason_comes_from_the_engine() -> None:
    seen = set()
    d = Drill("fantan_lay", seed=5, lang="en")
    for _ in range(20):
        yes = next(b for b in d.answer_buttons if b._kamp_value is True)
        yes.click()
        seen.add(d.item.answer)
        if not d.item.answer:
            assert "No." in d.feedback.value and "cannot lay" in d.feedback.value
        d.next_button.click()
    assert seen == {True, False}


def test_unknown_topic() -> None:
    with pytest.raises(KampError, match="Ukjent øvelse"):
        Drill("poker")


def test_mixed_storm() -> None:
    rng = random.Random(8)
    d = Drill("mixed", seed=9)
    answered = right = 0
    for _ in range(1000):
        if rng.random() < 0.3:
            d.next_button.click()
            continue
        first = not d.session.answered
        if d.item.topic == "legal_cards":
            for b in d.toggles:
                b.value = rng.random() < 0.5
            d.check_button.click()
        elif d.item.topic == "round_score":
            d.points_input.value = rng.choice([str(rng.randrange(-13, 20)), "x", "", "²"])
            d.check_button.click()
        else:
            rng.choice(d.answer_buttons).click()
        typed_badly = d.item.topic == "round_score" and "kamp-refused" in d.messages.widget.value
        if first and not typed_badly:
            answered += 1
            right += "kamp-right" in d.feedback.value
        assert "kamp-error" not in d.messages.widget.value
        assert d.total == answered and d.right == right


def test_items_stay_within_the_learners_game_and_number_rounds_as_it_does() -> None:
    from kamplib.rules import make_rules

    femkamp = make_rules("femkamp").order
    for seed in range(30):
        for topic in ("trick_winner", "legal_cards", "round_score"):
            item = make_item(topic, seed)
            assert "Finale" not in item.picture + item.question
            assert "Trumf:" not in item.picture
    titles = {make_item("trick_winner", seed).picture.split(" · ")[0] for seed in range(30)}
    allowed = {f"<div class='kamp-drill-heading'>Runde {i + 1}: {name}" for i, name in enumerate(
        ["Pass", "Kløver", "Damer", "Fan Tan", "Grand"]) if femkamp[i] != "fantan"}
    assert titles <= allowed and len(titles) >= 3
    sjukamp = {make_item("trick_winner", seed, game="sjukamp").picture.split(" · ")[0]
               for seed in range(40)}
    assert "<div class='kamp-drill-heading'>Runde 7: Finale" in sjukamp


def test_a_missed_item_comes_back_on_the_page() -> None:
    d = Drill("trick_winner", seed=2)
    missed = d.item.question, d.picture.value
    next(b for b in d.answer_buttons if b._kamp_value != d.item.answer).click()
    for _ in range(3):
        d.next_button.click()
    assert (d.item.question, d.picture.value) == missed
    assert "En gang til" in d.again.value


def test_a_typed_word_is_refused_in_words_and_not_counted() -> None:
    d = Drill("round_score", seed=4)
    d.points_input.value = "fire"
    d.check_button.click()
    assert "«fire» er ikke et helt tall" in d.messages.widget.value
    assert d.total == 0 and d.feedback.value == ""


def _answer_wrong(d: Drill) -> None:
    item = d.item
    if item.topic == "legal_cards":
        d.answer(frozenset(item.cards[:1]) ^ frozenset(item.answer) or frozenset(item.cards))
    elif item.topic == "round_score":
        d.answer(item.answer + 1)
    else:
        d.answer(next(v for _, v in item.choices if v != item.answer))


@pytest.mark.parametrize("topic", ["trick_winner", "legal_cards", "round_score", "fantan_lay",
                                   "mixed"])
def test_the_item_its_answer_and_the_tally_come_back_from_the_browsers_memory(topic):
    """Issue 26: a reload shows the same item with the answer given and the same tally."""
    import json

    d = Drill(topic=topic, seed=3)
    for _ in range(2):
        _answer_wrong(d)
        d.next_button.click()
    _answer_wrong(d)
    kept = json.loads(d.memory.widget.value)
    assert kept["schema"] == "kamp-memory/2" and kept["kind"] == "drill"
    fresh = Drill(topic=topic, seed=3)
    fresh.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert fresh.item.key == d.item.key
    assert (fresh.tally.value, fresh.feedback.value) == (d.tally.value, d.feedback.value)
    assert "kamp-wrong" in fresh.feedback.value
    assert json.loads(fresh.memory.widget.value)["data"] == kept["data"]
    fresh.next_button.click()  # and it goes on: the missed items come back as they would
    d.next_button.click()
    assert fresh.item.key == d.item.key and fresh.session.again == d.session.again


@pytest.mark.parametrize("change", [{"right": 9}, {"item": "x"}, {"missed": [[1]]},
                                    {"last": {"cards": ["ZZ"]}}, {"answered": 1},
                                    {"last": None}])
def test_a_broken_or_foreign_drill_memory_changes_nothing(change):
    import json

    d = Drill(topic="legal_cards", seed=3)
    _answer_wrong(d)
    kept = json.loads(d.memory.widget.value)
    fresh = Drill(topic="legal_cards", seed=3)
    before = fresh.memory.widget.value, fresh.tally.value
    broken = {**kept, "data": {**kept["data"], **change}}
    fresh.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": broken})
    assert (fresh.memory.widget.value, fresh.tally.value) == before
    other = Drill(topic="legal_cards", seed=3, rules={"queen_points": 5})
    before = other.memory.widget.value
    other.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert other.memory.widget.value == before
