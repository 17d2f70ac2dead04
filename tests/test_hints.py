"""The coach: a recommended move with a reason, every move labelled, and sentences that agree."""

from __future__ import annotations

import re

import pytest
from bot_positions import c, played_views, position
from coach_checks import contradictions

from kamplib import RuleError
from kamplib.bots.search import Evaluation, SearchBot, evaluate, move_groups
from kamplib.bots.situation import from_view
from kamplib.cards import parse_card
from kamplib.hints import (
    BAD_GAP,
    GOOD_GAP,
    LABELS,
    Hint,
    MoveRating,
    coach_from,
    forget,
    hint,
    label_for,
    rate_move,
    verdict,
)
from kamplib.i18n import t
from kamplib.kinds import KIND_NAMES
from kamplib.moves import PASS
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


ALSO = re.compile(r"(?:Det samme gjelder|The same goes for) ([^.;]*)")


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
    best = r.best.symbol if hasattr(r.best, "symbol") else None
    # a move unlike the recommended one names no other card of the hand but that one, and the
    # moves with a better label whose reason reads alike («Det samme gjelder ♥10 (godt)»)
    if not r.like_best and view.kind != "fantan":  # (Fan Tan names your cards it opens for)
        compared = {c for m in ALSO.finditer(r.why(lang)) for c in named_cards(m.group(1))}
        assert not named_cards(r.why(lang)) & hand - {own, best} - compared, text
    if view.kind != "fantan":  # (Fan Tan names the places a card opens)
        assert named_cards(text) <= hand | table | {own}, text  # no card from nowhere
    if r.loss is not None:
        assert r.label == label_for(r.loss, r.uncertainty or 0.0, view.multiplier)
        assert "i snitt" not in text.split("koster")[0], text  # no number of another meaning


def check_hint(view: PlayerView, h: Hint) -> None:
    assert [r.move for r in h.ratings] == list(view.legal)
    assert h.move in view.legal and h.move in h.same
    assert h.rating(h.move).label in ("good", "forced")
    text = h.text("nb")
    if hasattr(h.move, "symbol"):
        assert h.move.symbol in text, text
    for r in h.ratings:
        check_rating(view, r)
        assert r.text("en") and r.text("en") != r.text("nb")
    assert list(contradictions(view, h)) == []


# -- the coach never contradicts itself ----------------------------------------------------------
@pytest.mark.parametrize("kind", KIND_NAMES)
def test_coach_agrees_with_itself_in_every_kind(kind: str) -> None:
    """Five hundred positions per kind, judged by the tactics, and every twentieth by a quick
    search: sentence, label and card always agree."""
    views = played_views(kind, 450, seed=len(kind)) + played_views(kind, 50, 9, **HOUSE[kind])
    for i, view in enumerate(views):
        check_hint(view, hint(view, level="heuristic"))
        if i % 20 == 0:
            check_hint(view, hint(view, samples=4))


def test_the_coach_reports_of_the_learners_complaints() -> None:
    """The sentences learners found contradictory, in the same positions now."""
    # ♣8 cannot be beaten ... the learner played ♣4: the sentence is about ♣4, not ♣3
    view = position("klover", "4C 3C AS 9C", "8C")
    r = rate_move(view, "4C", samples=16)
    assert "♣4" in r.text("nb") and "♣3" not in r.text("nb")
    assert "legg det laveste" not in r.text("nb")
    # a weaker move is never told to take the trick
    for m in view.legal:
        assert "ta stikket" not in rate_move(view, m, samples=16).text("nb")
    # a Fan Tan seven that opens two places for the others: its reason says which, and for whom
    view = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H")
    h = hint(view, samples=16)
    seven = h.rating("7D")
    assert "♦7 åpner plassene til ♦8 og ♦6, som de andre har" in seven.text("nb"), seven.text()
    eight = h.rating("8H")
    assert "♥8 åpner plassen til ♥9" in eight.text("nb"), eight.text()
    # a forced move is named as forced, never praised («Det er det taktikken anbefaler her»)
    forced = position("pass", "JS", "5S", not_mine="S")
    forced = position("pass", "JS 2H", "5S", not_mine="S")
    only = hint(forced)
    assert only.ratings[0].label == "forced"
    assert only.text("nb") == "Bare ♠J er lov her. Her er det ikke noe å velge mellom."
    assert "anbefaler" not in only.ratings[0].text("nb")


def test_a_card_that_surely_takes_the_trick_is_not_called_risky() -> None:
    """♥K surely takes the trick where ♥4 surely ducks; over the round it costs about 0,4: a
    weaker move, not a «risky» one (the walk: «♦A: risikabelt. ♦A tar stikket, og ingen etter
    deg kan gå over …»).  No label speaks of a risk."""
    view = played_views("pass", 40, seed=4)[5]
    king = hint(view).rating("KH")
    assert king.text("nb").startswith("♥K tar stikket, og ingen etter deg kan gå over"), king.text()
    assert king.label == "weaker" and GOOD_GAP < (king.loss or 0) < BAD_GAP, king.text()
    assert (king.label_text("nb"), king.label_text("en")) == ("svakere", "weaker")
    words = " ".join(t(f"label_{label}", lang) for label in LABELS for lang in ("nb", "en"))
    assert "risik" not in words and "risky" not in words


def test_a_certain_lost_trick_is_bad_in_pass() -> None:
    """Leading an ace nobody can beat takes a trick for certain: here ♦A loses about a trick
    (1,2) against the best move, and it is «dårlig» in Pass as in every round (it was only
    «risikabelt» in Pass, while the same loss in Damer was «dårlig»)."""
    view = played_views("pass", 68, seed=11)[67]
    ace = hint(view).rating("AD")
    assert ace.loss is not None and ace.loss >= BAD_GAP, ace.text()
    assert ace.label == "bad", ace.text()
    assert ace.text("nb").startswith("♦A tar stikket: ingen høyere kort i ruter er ute, mens ")
    assert label_for(ace.loss, ace.uncertainty or 0.0) == "bad"


def test_numbers_mean_one_thing_what_a_move_costs() -> None:
    """Every number is a cost against the recommended move; where every move ends alike the
    coach says so instead of showing a number (it said «i snitt 0,0 poeng»)."""
    same = position("pass", "KS QS JS", "2S AS", me=2,
                    not_mine="3S 4S 5S 6S 7S 8S 9S TS")  # ♠K ♠Q ♠J with nothing between
    h = hint(same)
    assert h.verdict.all_equal and not re.search(r"\d,\d", h.text("nb")), h.text("nb")
    assert "♠K, ♠Q og ♠J er samme trekk her" in h.text("nb")
    for r in h.ratings:
        assert not re.search(r"\d,\d", r.text("nb")), r.text("nb")
    view = position("damer", "QS 5S", "KS AS", not_mine="2S 3S 4S 6S 7S 8S 9S TS JS")
    h = hint(view)
    bad = h.rating("5S")
    assert re.fullmatch(r"[^.]*♠5 koster deg omtrent \d+,\d poeng \(±\xa0\d,\d\) mot ♠Q\.",
                        bad.text("nb").split(". ", 1)[1]), bad.text("nb")
    margin = f"♠5, det nest beste, ville kostet deg omtrent {bad.loss:.1f}".replace(".", ",")
    assert margin in h.text("nb"), h.text("nb")


def test_in_fantan_the_coach_says_its_numbers_count_the_others_points_too() -> None:
    """Fan Tan's total varies, so the search (and the coach quoting it) counts the mover's points
    minus the others' average, and every sentence with a number says so; a Damer rating, whose
    numbers are plain points, does not."""
    view = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H")
    assert evaluate(view, "search").relative and not evaluate(view, "plain_search").relative
    h = next(h for h in (hint(v, samples=16) for v in played_views("fantan", 30, seed=5))
             if any(r.numbered for r in h.ratings))
    for r in h.ratings:  # every sentence that shows a number says what it counts
        assert r.relative
        assert ("dine poeng minus snittet til de andre, og jo lavere, jo bedre"
                in r.text("nb")) == r.numbered
        assert ("your points minus the others' average" in r.text("en")) == r.numbered
        assert "minus snittet" not in r.text("nb", note=False)
    assert ("minus snittet til de andre" in h.text("nb")) == h.numbered
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


def test_fantan_says_which_place_a_card_opens_and_for_whom() -> None:
    """A Fan Tan card's reason names the place it opens and whether that card is yours or the
    others', and a pass what it costs."""
    view = position("fantan", "7D 8H 6D 5D", "7H", me=1, not_mine="7S 7C 8D 9H 6H")
    h = hint(view, samples=8)
    seven = h.rating("7D").text("nb")
    assert "♦7 åpner plassene til ♦8" in seven or "♦7 åpner plassen til ♦6, som du har selv" \
        in seven or "♦7 åpner plassen til ♦8, som en av de andre har" in seven, seven
    assert "♥8 åpner plassen til ♥9, som en av de andre har" in h.rating("8H").text("nb") \
        or h.move == c("8H")
    free = position("fantan", "7D 8H", "7H", me=1, not_mine="7S 7C 6D 8D 9H 6H",
                    fantan_voluntary_pass=True)
    texts = " ".join(r.text("nb") for r in hint(free, samples=8).ratings)
    assert "et pass koster deg 1 poeng, men holder kortene dine tilbake" in texts.lower(), texts


# -- the API ------------------------------------------------------------------------------------
def test_rating_fields_and_numbers_with_a_decimal_comma() -> None:
    view = position("damer", "QS 5S", "KS AS", not_mine="2S 3S 4S 6S 7S 8S 9S TS JS")
    good = rate_move(view, "QS")
    bad = rate_move(view, "5S")
    assert good.label == "good" and bad.label == "bad"
    assert good.move == c("QS") and bad.best == c("QS") and good.best == c("QS")
    assert good.loss == 0 and bad.loss > BAD_GAP and bad.uncertainty > 0
    assert bad.expected > good.expected and good.samples >= 16
    assert "costs you about" in bad.text("en") and bad.text("en").endswith(".")
    assert rate_move(view, "♠Q") == good
    assert {r.label_text("nb") for r in hint(view).ratings} <= {"godt", "svakere", "dårlig"}
    assert LABELS == ("good", "weaker", "bad", "forced") and 0 < GOOD_GAP < BAD_GAP
    # the verdict as plain data, for code that builds on the coach
    v = verdict(view)
    assert v.best == c("QS") and v.of(c("5S")).label == "bad" and v.margin == bad.loss
    assert v.clear and not v.forced and not v.all_equal and v.next_best.move == c("5S")


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
    assert all(r.loss is None and r.samples == 0 for r in h.ratings)
    assert h.rating("KC").label == "good"
    assert h.rating("2C").text("nb") == (
        "Du er renons i ruter og gir bort ♣2 (1 poeng) til den som tar stikket, mens du er "
        "renons i ruter og gir bort ♣K (1 poeng) til den som tar stikket, og taktikken "
        "foretrekker ♣K.") or "Taktikken anbefaler ♣K her" in h.rating("2C").text("nb")
    assert h.rating("AS").label == "weaker"


def test_rate_move_refuses_an_illegal_move_clearly() -> None:
    view = position("pass", "AH QH 3H", "KH")
    with pytest.raises(RuleError) as err:
        rate_move(view, "2C", samples=2)
    assert "2C" in err.value.message("nb") and "♥A" in err.value.message("en")
    with pytest.raises(RuleError, match="hint"):
        hint(view, level="genius")
    with pytest.raises(RuleError, match="samples"):
        hint(view, samples=0)


def test_a_forced_pass_is_named_as_forced() -> None:
    view = position("fantan", "AS", "7H", me=1, not_mine="7S 7C 7D 6H 8H")
    h = hint(view)
    assert h.move is PASS and h.ratings[0].label == "forced" and h.ratings[0].loss is None
    assert h.rating("pass").text("nb") == ("Du kan ikke legge noe, så du må si pass. Her er det "
                                           "ikke noe å velge mellom.")
    assert h.rating("pass").label_text("en") == "forced"


def test_a_reason_that_reads_like_a_better_moves_says_what_tells_them_apart() -> None:
    """♠K and ♠8 both go under ♠A and spend a higher card than ♠3: the same reason, yet ♠8 is
    good and ♠K bad.  ♠K's reason goes on to what tells it from ♠8, so it says why it costs
    more (it only had its cost appended)."""
    view = position("grand", "KS 8S 3S 4H 5H", "AS", not_mine="QS JS TS 9S 7S 6S 5S 4S 2S")
    groups = move_groups(from_view(view))
    king, eight, three = (parse_card(c) for c in ("KS", "8S", "3S"))
    results = [(1, {groups[three]: 2.0 + d, groups[eight]: 2.1 + d, groups[king]: 3.5 + d})
               for d in (0.0, 0.01, -0.01, 0.02)]
    h = coach_from(view, Evaluation(groups, results, exact=True, relative=False))
    assert (h.rating("8S").label, h.rating("KS").label) == ("good", "bad")
    assert h.rating("KS").why("nb").endswith(
        "Det samme gjelder ♠8 (godt). Forskjellen fra ♠8: ♠K går også under ♠A, men legger du "
        "♠K, bruker du et høyere kort enn ♠8, og ♠K kunne tatt et stikk senere"
    ), h.rating("KS").text()
    assert "The same goes for ♠8 (good). The difference from ♠8: " in h.rating("KS").why("en")
    assert "Det samme gjelder" not in h.rating("8S").why("nb")


def test_two_discards_side_by_side_say_the_void_once() -> None:
    """♦J and ♣Q both go on a spade trick the mover cannot follow: the reason that tells them
    apart names the void once, then what each card does (it said «du er renons i spar» twice)."""
    from kamplib.bots.contrast import Table, contrast

    view = position("damer", "JD QC 5H", "AS", me=1, not_mine="S")
    table = Table(view, from_view(view))
    jack, queen = parse_card("JD"), parse_card("QC")
    nb = contrast(table, jack, queen, worse=False).shown("nb")
    en = contrast(table, jack, queen, worse=False).shown("en")
    assert nb == ("du er renons i spar: ♦J har ingen mulighet til å ta stikket, mens ♣Q gir bort "
                  "4 poeng til den som tar stikket"), nb
    assert en.count("void") == 1 and en.startswith("you are void in spades: ♦J cannot"), en


def test_a_reason_after_mens_keeps_the_word_order_of_a_clause() -> None:
    """In «…, mens X …» the second half is a clause of its own: «ikke» and «nok» before the verb.
    The coach's phrases that can stand there are worded so that they need no adverb at all."""
    import kamplib.bots.texts  # noqa: F401  (registers the coach's phrases)

    for code in ("c_lead_likely", "c_discard", "c_ft_beyond_none", "c_ft_own_none",
                 "c_trump_count", "c_trump_honours"):
        nb = t(code, "nb", card="X", suit="spar", count=2, head="♠8", heads="♠8")
        assert not re.search(r"\b(ikke|nok)\b", nb) and not nb.startswith("med "), (code, nb)
