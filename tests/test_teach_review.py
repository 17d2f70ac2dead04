"""The coach at the learner's table: the same position always gets the same rating, the review
of a loaded record is the review of the game as played, and what the table shows after a move
(label, colour class, sentence, cost) is the coach's verdict on the move that was played."""

from __future__ import annotations

import random
import re

import pytest

from kamplib import hints
from kamplib.cards import Card
from kamplib.kinds import KINDS
from kamplib.moves import PASS, ChooseTrump
from kamplib.record import write_record
from kamplib.round import Round
from kamplib.teach.review import judge, move_text, number_text
from kamplib.teach.session import TableSession
from kamplib.teach.summary import round_summary
from kamplib.view import make_view


def random_position(kind: str, seed: int) -> tuple[Round, int]:
    """A round of ``kind`` played on at random to a random point, and the seat to move."""
    rng = random.Random(f"{kind}/{seed}")
    s = TableSession.one_round(kind, seed=seed, players=rng.choice((3, 4, 5)),
                               rules={"trump": "H"} if KINDS[kind].has_trump else None)
    rnd = s.round
    for _ in range(rng.randrange(len(rnd.history) + 30)):
        if rnd.is_over:
            break
        rnd.play(rng.choice(rnd.legal_moves()))
    if rnd.is_over:
        rnd.undo()
    return rnd, rnd.to_move


def played(kind: str, seed: int, *, first: bool = False) -> TableSession:
    """One round played to its end, the learner always taking its last legal move (``first``:
    its first), every move rated."""
    s = TableSession.one_round(kind, seed=seed)
    s.run_bots()
    while not s.round_over:
        s.play(s.legal()[0 if first else -1])
        s.run_bots()
    s.rate_pending()
    return s


def test_the_same_position_twice_gets_the_same_rating() -> None:
    rnd, seat = random_position("damer", 3)
    view = make_view(rnd, seat)
    move = view.legal[-1]
    a, b = judge(view, move), judge(make_view(rnd.copy(), seat), move)
    assert (a.label, a.rating.expected, a.best.move, a.reason("nb")) == \
        (b.label, b.rating.expected, b.best.move, b.reason("nb"))


def test_a_loaded_record_is_reviewed_as_the_game_was_when_played() -> None:
    s = played("klover", 6)
    again = s.load(write_record(s.game))
    again.rate_pending()
    assert [(m.move, m.judgement.label, m.judgement.rating.expected) for m in s.moves] == \
        [(m.move, m.judgement.label, m.judgement.rating.expected) for m in again.moves]


def test_a_costly_move_is_never_reviewed_as_costing_nothing() -> None:
    """The issue's complaint: moves rated weaker, and a review saying none cost points."""
    from kamplib.teach.summary import round_summary

    for seed in range(1, 8):
        s = played("damer", seed, first=True)
        summary = round_summary(s)
        if any(m.judgement.costly for m in summary.moves):
            assert "Ingen av trekkene dine kostet poeng" not in summary.review_text()
            assert "kostet deg omtrent" in summary.review_text()
            return
    pytest.fail("no damer round of seeds 1-7 had a costly move to check")


def test_a_fantan_review_says_once_what_its_sum_counts() -> None:
    """Fan Tan's losses are points against the others' average: the round's one sentence says
    so, and a Damer review (plain points) does not."""
    from kamplib.draw.learner import review_html
    from kamplib.teach.summary import round_summary

    for kind in ("fantan", "damer"):
        s = played(kind, 2)
        summary = round_summary(s)
        text = summary.review_text()
        assert "kostet deg omtrent" in text, text
        assert (text.count("minus snittet til de andre") == 1) == (kind == "fantan"), text
        # and before the number (the walk: par's stars above, «kostet deg 4,5 poeng» under)
        assert text.startswith("Målt mot snittet til de andre: trekkene") == (kind == "fantan")
        # the moves listed under it do not repeat it; each alone on the table does say it
        html = review_html(summary.moves, text)
        note = "minus snittet til de andre"
        assert html.count("kamp-review-item") > 1 and html.count(note) == text.count(note), html
        costly = next(m.judgement for m in summary.moves if m.judgement and m.judgement.costly)
        assert ("minus snittet til de andre" in costly.reason()) == (kind == "fantan")


def test_a_fantan_reason_says_the_row_once() -> None:
    """The walk: a Fan Tan review line was five sentences long, two of its clauses ending «som
    de andre har lenger ut i rekka».  Two cards' counts further along the row are said in one
    clause («lenger ut i rekka åpner ♠10 veien for 3 av de andres kort, ♠6 for 4»)."""
    s = played("fantan", 2)
    reasons = {lang: [m.judgement.reason(lang, note=False) for m in round_summary(s).moves
                      if m.judgement and m.judgement.costly] for lang in ("nb", "en")}
    row = {"nb": "lenger ut i rekka", "en": "further along the row"}
    for lang, said in reasons.items():
        assert any(row[lang] in r.lower() for r in said), said  # the case is met
        for reason in said:
            assert reason.lower().count(row[lang]) <= 1, reason
            assert len(re.findall(r"[.!?](?:\s|$)", reason)) <= 3, reason
    assert any(re.search(r"Lenger ut i rekka åpner \S+ veien for \d+ av de andres kort, \S+ "
                         r"for (\d+|ingen)", r, re.IGNORECASE) for r in reasons["nb"])


KIND_SEEDS = [(kind, seed) for kind in KINDS for seed in range(12)]


@pytest.mark.parametrize(("kind", "seed"), KIND_SEEDS)
def test_what_the_table_shows_is_the_coachs_verdict_on_the_move_played(kind: str,
                                                                      seed: int) -> None:
    rnd, seat = random_position(kind, seed)
    view = make_view(rnd, seat)
    rng = random.Random(seed)
    move = rng.choice(view.legal)
    j = judge(view, move)
    direct = hints.hint(view).rating(move)
    # the label, its words and the sentence are the rating of the move played, nothing else
    assert j.move == move and j.label == direct.label and j.reason("nb") == direct.text("nb")
    assert j.label_text("nb") in j.headline("nb") and move_text(move) in j.headline("nb")
    assert j.label_text("en") in j.headline("en")
    cost = j.cost("nb")
    if len(view.legal) > 1:
        assert move_text(move) in cost
        if j.all_equal:
            assert "alle trekkene endte likt" in cost
        elif j.rating.like_best:
            assert "det beste trekket" in cost
        elif j.rating.about_equal:
            assert f"omtrent like godt som {move_text(j.best.move)}" in cost
        else:  # what it cost against the recommended move, the number of the coach's sentence
            shown = f"kostet deg omtrent {number_text(j.lost)} poeng"
            assert shown in cost and move_text(j.best.move) in cost
            assert f"omtrent {number_text(j.lost)} poeng" in j.reason("nb")
            # Fan Tan's numbers are points against the others' average, and the line says so
            assert ("minus snittet til de andre" in cost) == (kind == "fantan")
    else:
        assert cost == "" and j.label == "forced"
    # a move rated good loses little; a move rated bad loses a point or more
    if j.lost is not None:
        if j.label == "good":
            assert j.lost <= hints.GOOD_GAP + 1e-9
        if j.label == "bad":
            assert j.lost >= hints.BAD_GAP - 1e-9


def test_moves_are_written_as_a_learner_reads_them() -> None:
    assert move_text(Card.ALL[0]) == Card.ALL[0].symbol
    assert move_text(PASS) == "pass"
    assert move_text(ChooseTrump("H")) == "hjerter"
    assert move_text(ChooseTrump("H"), "en") == "hearts"
    assert number_text(3.25) == "3,2" and number_text(3.25, "en") == "3.2"


def test_the_verdict_on_the_table_says_the_points_lost_once() -> None:
    """The coach's sentence carries what the move cost; nothing beside it on the table repeats
    it (a learner read the same numbers twice)."""
    from kamplib.draw.learner import judgement_html

    for seed in range(40):
        rnd, seat = random_position("damer", seed)
        view = make_view(rnd, seat)
        for move in view.legal:
            j = judge(view, move)
            if j.lost and j.label != "good":
                html = judgement_html(j, lang="nb")
                assert html.count("koster deg omtrent") == 1, html
                return
    pytest.fail("no damer position of seeds 0-39 had a move that lost points")


def test_numbers_read_as_in_the_tables_a_real_minus_and_never_minus_zero() -> None:
    assert number_text(-1.0) == "−1,0" and number_text(-1.04, "en") == "−1.0"
    assert number_text(-0.02) == "0,0" and number_text(2.25) in ("2,2", "2,3")
