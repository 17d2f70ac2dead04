"""The coach never contradicts itself, over more than a thousand positions of every round kind of
Femkamp, Sekskamp and Sjukamp: a forced move is never praised; two moves with different labels
never get the same reason (card names taken out); a move the coach did not recommend never shows
a better number than the recommended one unless the words call the two about equal and name
both; a label always follows the loss and its uncertainty; a round review's total is the sum of
the costs it lists, and says what else it counts.

The search is expensive, and what these properties test is the wording, which holds for any
numbers: so every position is judged from an evaluation shaped like the search's with numbers
chosen to probe the wording (:func:`coach_checks.made_up_evaluation`: ties, differences within
and beyond the uncertainty, the tactic's move kept a little behind), and by the tactics alone;
a sample of them by the search itself with a small budget.
"""

from __future__ import annotations

import random
import re

import pytest
from coach_checks import coach_positions, contradictions, made_up_evaluation

from kamplib.draw.learner import coach_labels_html, review_html
from kamplib.hints import BAD_GAP, GOOD_GAP, coach_from, hint, label_for, label_rules
from kamplib.rules import make_rules
from kamplib.teach.review import Judgement
from kamplib.teach.session import TableSession
from kamplib.teach.summary import round_summary

POSITIONS = coach_positions(1100, seed=25)


def test_the_positions_cover_every_kind_of_every_game() -> None:
    assert len(POSITIONS) >= 1000
    for game in ("femkamp", "sekskamp", "sjukamp"):
        kinds = {kind for g, kind, _ in POSITIONS if g == game}
        assert kinds == set(make_rules(game).order), (game, kinds)
    assert any(len(v.legal) == 1 for _, _, v in POSITIONS)  # forced moves
    assert any(v.needs_trump for _, _, v in POSITIONS)  # the dealer naming trump
    assert any(v.multiplier == 2 for _, _, v in POSITIONS)  # a round that counts double


def test_the_coach_never_contradicts_itself() -> None:
    rng = random.Random(25)
    found = []
    for i, (game, kind, view) in enumerate(POSITIONS):
        ev = made_up_evaluation(view, rng) if len(view.legal) > 1 else None
        judged = [coach_from(view, ev)]
        if i % 3 == 0:  # the tactics alone
            judged.append(hint(view, level="heuristic"))
        for h in judged:
            found += [(game, kind, problem) for problem in contradictions(view, h)]
    assert found == []


def test_the_search_coach_never_contradicts_itself() -> None:
    """Every twentieth position judged by the search itself (few deals: quick and rough, so the
    uncertainty is large and the wording of close calls is tried often)."""
    found = []
    for game, kind, view in POSITIONS[::20]:
        h = hint(view, samples=6)
        found += [(game, kind, problem) for problem in contradictions(view, h)]
    assert found == []


# Two concessions in one sentence («Even so, it is the best move here, but ♦7 is about as
# good»; «♦Q takes the trick as it lies now, but 1 higher card is out; but then …») read as a
# muddle: a learner cannot tell which way the sentence leans.
CONCESSIONS = {"nb": (" men ", "Likevel", "likevel", "Men "),
               "en": (" but ", "Even so", "even so", "But ")}


def _concessions(sentence: str, lang: str) -> int:
    return sum(sentence.count(word) for word in CONCESSIONS[lang])


def test_no_sentence_of_the_coach_stacks_two_concessions() -> None:
    rng = random.Random(26)
    found = set()
    for _game, _kind, view in POSITIONS[::2]:
        ev = made_up_evaluation(view, rng) if len(view.legal) > 1 else None
        h = coach_from(view, ev)
        for lang in ("nb", "en"):
            for text in (h.text(lang), *(r.text(lang) for r in h.ratings)):
                found |= {s for s in re.split(r"(?<=[.!?])\s+", text)
                          if _concessions(s, lang) > 1}
    assert sorted(found)[:5] == []


@pytest.mark.parametrize(("loss", "uncertainty", "multiplier", "label"), [
    (0.0, 0.0, 1, "good"), (0.3, 0.0, 1, "good"), (0.34, 0.9, 1, "good"),  # shown as 0,3
    (0.36, 0.0, 1, "weaker"), (0.4, 0.0, 1, "weaker"), (0.94, 0.0, 1, "weaker"),
    (0.96, 0.0, 1, "bad"), (1.0, 0.0, 1, "bad"),  # shown as 1,0: at least a trick in Pass
    (1.0, 0.7, 1, "weaker"), (1.0, 0.6, 1, "bad"),  # 1,0 − 0,7 is no more than a good move's
    (4.0, 3.7, 1, "weaker"), (4.0, 3.6, 1, "bad"),
    (0.6, 0.0, 2, "good"), (0.7, 0.0, 2, "weaker"), (1.9, 0.0, 2, "weaker"),  # counted double
    (2.0, 1.4, 2, "weaker"), (2.0, 1.3, 2, "bad"),
])
def test_the_label_thresholds_at_their_edges(loss: float, uncertainty: float, multiplier: int,
                                             label: str) -> None:
    assert label_for(loss, uncertainty, multiplier) == label


def test_the_thresholds_are_shown_as_the_coach_uses_them() -> None:
    rules = dict(label_rules("nb"))
    good, bad = f"{GOOD_GAP:.1f}".replace(".", ","), f"{BAD_GAP:.1f}".replace(".", ",")
    assert f"høyst {good} poeng" in rules["godt"] and f"minst {bad} poeng" in rules["dårlig"]
    assert f"mer enn {good} poeng" in rules["svakere"] and "eneste lovlige" in rules["tvunget"]
    assert f"at most {GOOD_GAP:.1f} points" in dict(label_rules("en"))["good"]
    html = coach_labels_html("nb")
    assert all(word in html for word in rules) and "koster deg i snitt mot det beste" in html


# -- the review of a round ---------------------------------------------------------------------
COST = re.compile(r"koster deg (?:bare )?omtrent (\d+,\d) poeng")


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def _played_round(game: str, kind: str, seed: int) -> TableSession:
    """A round of ``kind`` under ``game``'s rules, the learner playing at random."""
    session = TableSession.one_round(kind, game, seed=seed)
    rng = random.Random(seed)
    session.run_bots()
    while not session.round_over:
        session.play(rng.choice(session.legal()))
        session.run_bots()
    return session


ROUNDS = [(game, kind) for game in ("femkamp", "sekskamp", "sjukamp")
          for kind in make_rules(game).order]


@pytest.mark.parametrize(("game", "kind"), ROUNDS)
def test_a_review_total_is_the_sum_of_the_costs_it_lists(game: str, kind: str) -> None:
    """Three rounds of every kind of every game, each move judged from a made-up evaluation:
    the review's total is the sum of what the listed moves say they cost, the good moves'
    costs are said apart, and a review with nothing listed says why."""
    rng = random.Random(f"{game}/{kind}")
    for seed in range(3):
        session = _played_round(game, kind, seed)
        for m in session.moves:
            ev = made_up_evaluation(m.view, rng) if len(m.view.legal) > 1 else None
            h = coach_from(m.view, ev)
            m.judgement = Judgement(m.move, h.rating(m.move), h.rating(h.move),
                                    h.verdict.forced, h.verdict.all_equal)
        summary = round_summary(session)
        text = summary.review_text()
        html = review_html(summary.moves, text)
        items = html.split("kamp-review-item")[1:]
        listed = [j for j in (m.judgement for m in summary.moves) if j and j.costly]
        assert len(items) == len(listed)
        costs = [_number(COST.search(item).group(1)) for item in items]  # type: ignore[union-attr]
        assert costs == [j.lost for j in listed]
        rest = round(sum(j.lost or 0 for m in summary.moves
                         if (j := m.judgement) and not j.costly), 1)
        if listed:
            # «Trekkene under …», or after «Målt mot snittet til de andre:» «trekkene under …»
            total = re.search(r"[Tt]rekkene under kostet deg omtrent (\d+,\d) poeng i alt", text)
            assert total and _number(total.group(1)) == round(sum(costs), 1), text
        else:
            assert "rekkene under" not in text
        if rest >= 0.05:
            said = re.search(r"ikke alle helt de beste: til sammen kostet de (?:bare )?omtrent "
                             r"(\d+,\d) poeng", text)
            assert said and _number(said.group(1)) == rest, text
        elif not listed and session.moves:
            assert text == "Ingen av trekkene dine kostet poeng. Bra spilt!"


def test_every_reason_the_coach_can_give_reads_in_both_languages() -> None:
    """Every dimension of every move's description, whether or not a reason used it here."""
    from kamplib.bots.contrast import Table, features
    from kamplib.bots.situation import from_view

    for _, _, view in POSITIONS[::3]:
        table = Table(view, from_view(view))
        for move in view.legal:
            for feature in features(table, move).values():
                nb, en = feature.phrase.shown("nb"), feature.phrase.shown("en")
                assert nb and en and nb != en


def test_a_bot_quotes_no_average_when_every_move_is_the_same() -> None:
    """Where every legal move is the same move (or one is forced) there is nothing to weigh: the
    reason gives the tactic alone, never «i snitt 0,0 poeng» after a move that said 4,0 with
    4 points already taken.  Where there is a choice the average is the round's own points."""
    from kamplib.bots.search import SearchBot, move_groups
    from kamplib.bots.situation import from_view

    alike = [v for _, _, v in POSITIONS if len(set(move_groups(from_view(v)).values())) == 1]
    assert len(alike) >= 20 and any(len(v.legal) > 1 for v in alike)
    for view in alike[:40]:
        text = SearchBot(seed=1, samples=8).choose(view).text("nb")
        assert "i snitt" not in text and "Regnet ut" not in text, text
    choice = next(v for _, _, v in POSITIONS if len(set(move_groups(from_view(v)).values())) > 2
                  and not v.needs_trump)
    assert "i snitt" in SearchBot(seed=1, samples=8).choose(choice).text("nb")


def test_two_fan_tan_cards_that_open_places_are_never_called_the_same() -> None:
    """«Slik bordet ligger nå, gjør ♦Q det samme som ♦2» was said of two cards that open places
    for the others (♦K, ♦A): not the same at all, and the played-on showed the difference at
    once.  Such a pair is told apart by what each opens and by who holds those cards."""
    from itertools import permutations

    from kamplib.bots.contrast import Table, contrast, features
    from kamplib.bots.situation import from_view
    from kamplib.moves import card_of

    opening = ("c_ft_opens_other", "c_ft_opens_others", "c_ft_opens_mine")
    pairs = 0
    for _, kind, view in POSITIONS:
        if kind != "fantan":
            continue
        table = Table(view, from_view(view))
        cards = [m for m in view.legal if card_of(m) is not None]
        for move, best in permutations(cards, 2):
            opens = [str(features(table, m)["opens"].phrase.phrase) for m in (move, best)]
            if all(code in opening for code in opens):
                pairs += 1
                said = contrast(table, move, best)
                assert str(said) != "c_later", said.shown("nb")
                assert "det samme som" not in said.shown("nb"), said.shown("nb")
    assert pairs > 20  # the positions hold enough such pairs to mean something
