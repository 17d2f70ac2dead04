"""The coach: a recommended move with a reason, every move labelled, and sentences that agree."""

from __future__ import annotations

import re

import pytest
from bot_positions import c, played_views, position

from kamplib import RuleError
from kamplib.bots.search import SearchBot, evaluate
from kamplib.hints import (
    BAD_GAP,
    GOOD_GAP,
    LABELS,
    Hint,
    MoveRating,
    forget,
    hint,
    label_for,
    rate_move,
)
from kamplib.kinds import KIND_NAMES
from kamplib.view import PlayerView

CARD = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")
# house rules that change what a move does: every kind is tried under some of them
HOUSE = {
    "pass": {"ace_low_in_pass": True},
    "klover": {"clubs_take_all_zero": True},
    "damer": {"queen_points": 5},
    "fantan": {"fantan_voluntary_pass": True, "fantan_layout": "sixes_and_sevens"},
    "grand": {},
    "trumf": {"trump": "dealer"},
    "finale": {"finale_queen_of_clubs": 4},
}


def named_cards(text: str) -> set[str]:
    return set(CARD.findall(text))


def check_rating(view: PlayerView, r: MoveRating, lang: str = "nb") -> None:
    """A rating's label, sentence and card agree."""
    text = r.text(lang)
    hand = {x.symbol for x in view.hand}
    table = {x.symbol for _, x in view.trick}
    own = r.move.symbol if hasattr(r.move, "symbol") else None
    if own:
        assert own in text, text  # the sentence is about the move that was played
    others = named_cards(text) & hand - {own}
    if r.expected is not None:
        assert r.loss is not None and r.loss >= -1e-9
        assert r.label == label_for(r.loss)
    if r.label == "good":
        assert not others, text  # a good move's sentence names no other card of the hand
        assert "tapte" not in text and "anbefaler taktikken" not in text.lower()
        if r.fact.tone < 0:
            assert "Likevel" in text, text
    else:
        best = r.best.symbol if hasattr(r.best, "symbol") else None
        assert others <= {best}, text  # only the better move is named, as the better one
        assert ("tapte omtrent" in text) == (r.expected is not None), text
        if r.expected is not None:
            shown = re.search(r"i snitt (−?\d+,\d) poeng.*hadde gitt (−?\d+,\d) — du tapte "
                              r"omtrent (\d+,\d)", text)
            assert shown, text
            e, b, loss = (float(x.replace(",", ".").replace("−", "-")) for x in shown.groups())
            assert abs(e - b - loss) < 0.051 and loss > 0
        if r.fact.tone > 0:
            assert "Likevel" in text, text
    assert named_cards(text) <= hand | table | {own}, text  # no card from nowhere


def check_hint(view: PlayerView, h: Hint) -> None:
    assert [r.move for r in h.ratings] == list(view.legal)
    assert h.move in view.legal and h.move in h.same
    assert h.rating(h.move).label == "good"
    text = h.text("nb")
    if hasattr(h.move, "symbol"):
        assert h.move.symbol in text, text
    hand = {x.symbol for x in view.hand}
    for other in named_cards(text) & hand - {getattr(h.move, "symbol", None)}:
        assert f"hold igjen {other}" in text, text  # another card only as one to keep back
    for r in h.ratings:
        check_rating(view, r)
        assert r.text("en") and r.text("en") != r.text("nb")


# -- the coach never contradicts itself ----------------------------------------------------------
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_coach_agrees_with_itself_in_every_kind(kind: str) -> None:
    """A thousand positions per kind, judged by the tactics, and every twentieth by a quick
    search: sentence, label and card always agree (under a second of CPU per kind)."""
    views = played_views(kind, 900, seed=len(kind)) + played_views(kind, 100, 9, **HOUSE[kind])
    for i, view in enumerate(views):
        check_hint(view, hint(view, level="heuristic"))
        if i % 20 == 0:
            check_hint(view, hint(view, samples=4))


def test_the_coach_reports_of_the_learners_complaints() -> None:
    """The three sentences learners found contradictory, in the same positions now."""
    # ♣8 cannot be beaten ... the learner played ♣4: the sentence is about ♣4, not ♣3
    view = position("klover", "4C 3C AS 9C", "8C")
    r = rate_move(view, "4C", samples=16)
    assert "♣4" in r.text("nb") and "♣3" not in r.text("nb")
    assert "legg det laveste" not in r.text("nb")
    # a risky move is never told to take the trick
    for m in view.legal:
        assert "ta stikket" not in rate_move(view, m, samples=16).text("nb")
    # a Fan Tan seven that opens a row and is still the best move says «likevel»
    view = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H")
    h = hint(view, samples=16)
    seven = h.rating("7D")
    if seven.label == "good":
        assert "Likevel" in seven.text("nb")
    else:
        assert "tapte omtrent" in seven.text("nb")


def test_in_fantan_the_coach_says_its_numbers_count_the_others_points_too() -> None:
    """Fan Tan's total varies, so the search (and the coach quoting it) counts the mover's points
    minus the others' average, and every sentence with a number says so; a Damer rating, whose
    numbers are plain points, does not."""
    view = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H")
    assert evaluate(view, "search").relative and not evaluate(view, "plain_search").relative
    h = hint(view, samples=16)
    assert any(r.expected is not None for r in h.ratings)
    for r in h.ratings:
        assert r.relative
        assert "dine poeng minus snittet til de andre, og jo lavere, jo bedre" in r.text("nb")
        assert "your points minus the others' average" in r.text("en")
    assert "minus snittet til de andre" in h.text("nb")
    # the bot's own reason says "more" or "fewer" than the others, never "−3 more"
    said = SearchBot(seed=0).choose(view).reason
    assert re.search(r"\d poeng (mer|færre) enn snittet til de andre\.$", said["nb"]), said
    assert re.search(r"\d points (more|fewer) than the others' average\.$", said["en"]), said
    # where a player may pass at will, a forgiven pass would cost only the others: judged
    # against them the search would pass for ever, so there it counts its own points
    free = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H",
                    fantan_voluntary_pass=True)
    assert not evaluate(free, "search").relative
    free_ratings = hint(free, samples=16).ratings
    assert all("minus snittet til de andre" not in r.text("nb") for r in free_ratings)
    damer = position("damer", "QS 5S", "KS AS", not_mine="2S 3S 4S 6S 7S 8S 9S TS JS")
    assert not evaluate(damer, "search").relative
    assert all(not r.relative and "minus" not in r.text("nb") for r in hint(damer).ratings)


# -- the API ------------------------------------------------------------------------------------
def test_rating_fields_and_numbers_with_a_decimal_comma() -> None:
    view = position("damer", "QS 5S", "KS AS", not_mine="2S 3S 4S 6S 7S 8S 9S TS JS")
    good = rate_move(view, "QS")
    bad = rate_move(view, "5S")
    assert good.label == "good" and bad.label == "bad"
    assert good.move == c("QS") and bad.best == c("QS") and good.best == c("QS")
    assert bad.expected > good.expected and bad.loss > BAD_GAP
    assert good.expected_error > 0 and bad.loss_error > 0 and good.samples >= 16
    assert bad.best_expected == good.expected and good.loss == 0
    nb = bad.text("nb")
    assert re.search(r"♠5: i snitt \d+,\d poeng \(±\xa0\d,\d\); ♠Q hadde gitt \d+,\d — du tapte "
                     r"omtrent \d+,\d\.$", nb), nb
    assert "you lost about" in bad.text("en") and "." in bad.text("en")
    assert rate_move(view, "♠Q") == good
    assert {r.label_text("nb") for r in hint(view).ratings} <= {"godt", "risikabelt", "dårlig"}
    assert LABELS == ("good", "risky", "bad") and 0 < GOOD_GAP < BAD_GAP


def test_the_same_position_gets_the_same_judgement() -> None:
    view = played_views("grand", 1, seed=4)[0]
    first = evaluate(view, "search")
    again = evaluate(view, "search")
    assert first.means == again.means and first.deals == again.deals
    once = hint(view)
    forget()
    redo = hint(view)  # worked out again
    assert redo == once and redo is not once and hint(view) is redo  # then kept


def test_tactics_alone_rate_without_numbers() -> None:
    h = hint(position("klover", "KC 3C AS", "5D", not_mine="D"), level="heuristic")
    assert h.move == c("KC")
    assert h.text("nb").startswith("Du er renons i ruter: kast kløver ♣K nå")
    assert all(r.expected is None and r.samples == 0 for r in h.ratings)
    assert h.rating("KC").label == "good"
    assert h.rating("2C").text("nb") == ("Du er renons i ruter og gir bort ♣2 til den som tar "
                                         "stikket. Likevel anbefaler taktikken ♣K her.")
    assert h.rating("AS").label == "risky"


def test_rate_move_refuses_an_illegal_move_clearly() -> None:
    view = position("pass", "AH QH 3H", "KH")
    with pytest.raises(RuleError) as err:
        rate_move(view, "2C", samples=2)
    assert "2C" in err.value.message("nb") and "♥A" in err.value.message("en")
    with pytest.raises(RuleError, match="hint"):
        hint(view, level="genius")
    with pytest.raises(RuleError, match="samples"):
        hint(view, samples=0)


def test_a_forced_move_is_good_and_says_so() -> None:
    view = position("fantan", "AS", "7H", me=1, not_mine="7S 7C 7D 6H 8H")
    h = hint(view)
    assert h.move == "pass" and h.ratings[0].label == "good" and h.ratings[0].expected is None
    assert "pass" in h.rating("pass").text("nb")
