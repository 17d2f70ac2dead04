"""Drills that teach: the picture never gives the answer away, the question never states it,
the answer shown after a miss is the right one, and missed items come back."""

from __future__ import annotations

import pytest

from kamplib.errors import KampError
from kamplib.i18n import number_text
from kamplib.teach.drills import RETRY_AFTER, TOPICS, DrillSession, make_item, parse_points


@pytest.mark.parametrize("topic", TOPICS)
def test_items_are_reproducible(topic: str) -> None:
    a, b = make_item(topic, 7), make_item(topic, 7)
    assert (a.question, a.answer, a.picture) == (b.question, b.answer, b.picture)


@pytest.mark.parametrize("seed", range(40))
def test_a_fantan_picture_marks_no_slot_as_open(seed: int) -> None:
    item = make_item("fantan_lay", seed)
    assert "kamp-slot-open" not in item.picture and "kan legges her" not in item.picture
    assert item.answer in (True, False)
    assert item.explanation.startswith("Ja" if item.answer else "Nei")


@pytest.mark.parametrize("seed", range(40))
def test_a_trick_picture_does_not_mark_the_winner(seed: int) -> None:
    item = make_item("trick_winner", seed)
    assert "kamp-winning" not in item.picture and "vinner stikket" not in item.picture
    assert item.explanation.startswith(f"{item.answer} tar stikket med ")


@pytest.mark.parametrize("seed", range(40))
def test_a_score_question_does_not_state_its_answer(seed: int) -> None:
    item = make_item("round_score", seed)
    assert "stikk" not in item.question  # in Pass the number of tricks *is* the score
    assert f"Det blir {number_text(item.answer)} poeng" in item.explanation
    assert "«Sjekk»" in item.question  # the button the page shows


@pytest.mark.parametrize("seed", range(30))
def test_a_score_answer_names_what_it_counted(seed: int) -> None:
    """Walk W24: «6 kløver à 1 poeng», not «6 kort» beside a picture of 16 cards."""
    for kind in ("klover", "damer", "finale"):
        item = make_item("round_score", seed, kind=kind, game="sjukamp")
        assert " kort à " not in item.explanation, item.explanation
        if item.answer and kind == "klover":
            assert f"{item.answer} kløver à 1 poeng" in item.explanation
        english = make_item("round_score", seed, kind=kind, game="sjukamp", lang="en")
        assert " card at " not in english.explanation and " cards at " not in english.explanation


def test_questions_name_the_buttons_the_page_shows() -> None:
    assert "«Sjekk»" in make_item("legal_cards", 1).question
    assert "ja eller nei" in make_item("fantan_lay", 1).question
    assert "Trykk på navnet" in make_item("trick_winner", 1).question
    assert "Pick them all, then press 'Check'" in make_item("legal_cards", 1, lang="en").question


def test_a_missed_item_comes_back_after_a_few_others() -> None:
    d = DrillSession("trick_winner", seed=3)
    first = d.item.key
    feedback = d.answer("nobody")
    assert not feedback.right and d.item.answer in feedback.explanation
    assert feedback.verdict == "Ikke helt. Riktig svar:"
    seen = []
    for _ in range(RETRY_AFTER + 1):
        d.next()
        seen.append((d.item.key, d.again))
    assert seen[-1] == (first, True)
    assert all(not again for _, again in seen[:-1])
    assert d.answer(d.item.answer).right
    assert d.tally() == "1 riktig av 2"  # the first miss and the right answer the second time


def test_only_the_first_answer_counts_and_right_items_do_not_come_back() -> None:
    d = DrillSession("fantan_lay", seed=2)
    d.answer(d.item.answer)
    assert d.answer(not d.item.answer).right  # a solved item stays solved: no «Ikke helt»
    assert d.tally() == "1 riktig av 1"
    keys, again = set(), []
    for _ in range(6):
        d.next()
        keys.add(d.item.key)
        again.append(d.again)
        d.answer(d.item.answer)
    assert again == [False] * 6 and len(keys) == 6


def test_typed_points_are_read_or_refused_in_words() -> None:
    assert parse_points(" 3 ") == 3 and parse_points("−2") == -2 and parse_points("+4") == 4
    for text, words in (("", "Skriv et tall først."), ("fire", "«fire» er ikke et helt tall"),
                        ("²", "«²» er ikke et helt tall")):
        with pytest.raises(KampError) as err:
            parse_points(text)
        assert words in err.value.message("nb")


def test_an_unknown_topic_is_refused_in_words() -> None:
    with pytest.raises(KampError, match="Ukjent øvelse"):
        DrillSession("nope")
