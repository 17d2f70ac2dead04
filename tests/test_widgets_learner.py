"""Issue 26 in plain Python: the learner's data between the page and the browser's copy
(kamplib.widgets.learner), stars earned by a table, a game and a drill on a course page, shown
in the goals, the contents list and the front page, and the learner's export, import and reset.
"""

from __future__ import annotations

import json
import random

import pytest
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.site.front import front_html
from kamplib.teach import progress
from kamplib.teach.choices import Choices
from kamplib.teach.store import (
    EXPORT_FORMAT,
    LEARNER_SCHEMA,
    MERGE,
    LearnerData,
    current_learner,
    learner_known,
    take_from_browser,
)
from kamplib.widgets import Drill, PlayGame, PlayHand, ProgressBox
from kamplib.widgets.site import SiteHead, SiteNav

PASS_PAGE = "tutorial/02-pass.ipynb"
FAST = {"level": "random", "hint_level": "random"}


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAMP_PACE", "0")


def from_browser(head: SiteHead, data: LearnerData | None, how: str = "merge") -> None:
    """What kamp-memory.js writes into the page's learner field."""
    head.learner_link.widget.value = json.dumps(
        {"schema": LEARNER_SCHEMA, "restore": data.to_json() if data else "", "how": how})


def kept(head: SiteHead) -> LearnerData:
    """What the page gives the browser to keep."""
    doc = json.loads(head.learner_link.widget.value)
    assert doc["schema"] == LEARNER_SCHEMA
    return LearnerData.from_dict(doc)


def finish(w: PlayHand, rng: random.Random) -> None:
    from kamplib.moves import PASS

    while not w.round.is_over:
        legal = [c for c in w.round.legal_moves() if c is not PASS]
        w.play(rng.choice(legal) if legal else PASS)


def test_the_first_copy_is_merged_and_later_ones_replace() -> None:
    head = SiteHead(PASS_PAGE)
    progress.earn("play", 2)  # earned before the browser answered
    stored = LearnerData()
    stored.earn("tutorial/03-klover.ipynb", "drill", 3)
    stored.earn(PASS_PAGE, "play", 1)
    from_browser(head, stored)
    assert kept(head).stars == {"tutorial/03-klover.ipynb": {"drill": 3}, PASS_PAGE: {"play": 2}}
    assert "★★☆" in head.goals.value  # the goals show the stars so far
    other = LearnerData()
    other.earn("tutorial/04-damer.ipynb", "drill", 1)
    from_browser(head, other, "replace")  # another tab changed it: that is the truth now
    assert kept(head).stars == {"tutorial/04-damer.ipynb": {"drill": 1}}
    assert current_learner().stars == other.stars and "☆☆☆" in head.goals.value


def test_nothing_read_from_the_learners_data_shows_before_the_browser_answers() -> None:
    """A returning learner's stars, the front page's «go on» and the course's count are shown
    only once the browser's copy has arrived (or the browser said it has none): before that the
    page's data is a new learner's, and a returning learner would see «0 stars», then theirs
    (as the puzzle page showed the rating 1500, then theirs).  The stars' room is kept, so
    nothing moves when they come."""
    head = SiteHead(PASS_PAGE)
    nav = SiteNav(head)
    box = ProgressBox("nb")
    assert head.goals is not None and not learner_known()
    goals, contents, summary = head.goals.value, nav.value, box.summary.value
    assert "Mål på denne siden" in goals and "Spill runden" in goals  # the goals at once
    for html in (goals, contents):
        assert "kamp-star-mark" not in html and "stjerner" not in html
        assert "kamp-star-wait" in html and "aria-hidden='true'" in html
    assert "stjerner" not in summary and "Din fremgang" in summary
    front = front_html(Choices())
    assert "stjerner" not in front and "Fortsett med" not in front
    stored = LearnerData()
    stored.earn(PASS_PAGE, "play", 2)
    stored.earn("tutorial/03-klover.ipynb", "drill", 3)
    from_browser(head, stored)  # the browser's copy arrives
    assert learner_known()
    assert "aria-label='2 av 3 stjerner'" in head.goals.value
    assert "kamp-star-wait" not in head.goals.value + nav.value
    assert "aria-label='2 av 6 stjerner'" in nav.value
    assert "Du har 5 av" in box.summary.value
    front = front_html(Choices())
    assert "5 av 42 stjerner" in front and "Fortsett med" in front


def test_a_browser_with_nothing_kept_is_an_answer_too() -> None:
    """A new learner (or a browser that cannot store): the script's first message says so, and
    the page shows the new learner's empty stars from then on."""
    head = SiteHead(PASS_PAGE)
    box = ProgressBox("nb")
    from_browser(head, None)
    assert learner_known() and head.goals is not None
    assert head.goals.value.count("aria-label='0 av 3 stjerner'") == 2
    assert "Du har 0 av" in box.summary.value


def ask(head: SiteHead, text: str, how: str, seen: str) -> None:
    """What kamp-memory.js writes when the stored copy changed: ``seen`` is the field's value
    as the page last had it from Python."""
    head.learner_link.widget.value = json.dumps(
        {"schema": LEARNER_SCHEMA, "restore": text, "how": how, "seen": seen})


def test_a_copy_taken_in_is_given_back_as_the_browser_spelled_it() -> None:
    """The browser's copy in another spelling (key order, 1500 for 1500.0, as another tab's
    Python or an older version wrote it) is not written back respelled: other tabs would take
    that for news and take it in over what they earned meanwhile (the stars lost at the
    table, 3 Dec)."""
    head = SiteHead(PASS_PAGE)
    spelled = json.dumps({"visited": [PASS_PAGE], "stars": {PASS_PAGE: {"drill": 2}},
                          "rating": {"volatility": 0.06, "deviation": 350, "rating": 1500},
                          "mistakes": [], "solved": {}, "schema": LEARNER_SCHEMA})
    assert LearnerData.from_json(spelled).to_json() != spelled
    from_browser(head, None)
    mine = head.learner_link.widget.value
    ask(head, spelled, "replace", mine)
    assert head.learner_link.widget.value == spelled  # nothing new: nothing to keep
    assert current_learner().stars == {PASS_PAGE: {"drill": 2}}
    head.learner_link.widget.value = json.dumps(  # the first copy, nothing earned before it
        {"schema": LEARNER_SCHEMA, "restore": spelled, "how": "merge", "seen": ""})
    assert head.learner_link.widget.value == spelled
    progress.earn("play", 1)  # a change is written in the page's own spelling
    assert kept(head).stars == {PASS_PAGE: {"drill": 2, "play": 1}}
    assert head.learner_link.widget.value == current_learner().to_json()


def test_another_tabs_copy_never_takes_stars_this_page_has_not_yet_handed_over() -> None:
    """The browser asks to replace with another tab's copy while this page's newest data is
    still on its way to it (``seen`` is an older value): merged, nothing lost either way."""
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)
    seen = head.learner_link.widget.value  # what the browser has from this page
    progress.earn("play", 2)  # the round ends: on its way to the browser
    other = LearnerData()
    other.earn("tutorial/03-klover.ipynb", "drill", 1)
    ask(head, other.to_json(), "replace", seen)
    assert kept(head).stars == {PASS_PAGE: {"play": 2}, "tutorial/03-klover.ipynb": {"drill": 1}}
    # once the browser has this page's newest copy, another tab's replaces it (a reset there)
    ask(head, LearnerData().to_json(), "replace", head.learner_link.widget.value)
    assert kept(head).stars == {} and current_learner().stars == {}


@pytest.mark.parametrize("value", ["garbage", '{"schema": "kamp-learner/1"}', "[1]",
                                   '{"schema": "kamp-learner/1", "restore": "{not json"}'])
def test_a_broken_copy_from_the_browser_loses_nothing(value: str) -> None:
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)
    progress.earn("play", 3)
    before = head.learner_link.widget.value
    head.learner_link.widget.value = value
    assert kept(head).stars == {PASS_PAGE: {"play": 3}}
    assert head.learner_link.widget.value == before or "restore" in value


def test_a_private_window_gives_nothing_and_the_page_works() -> None:
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)  # nothing kept (or a browser that keeps nothing)
    assert kept(head).stars == {} and "☆☆☆" in head.goals.value


def test_a_finished_round_earns_stars_by_par_once_and_says_so() -> None:
    head = SiteHead(PASS_PAGE)
    nav = SiteNav(head)
    from_browser(head, None)
    w = PlayHand("pass", seed=3, level="heuristic", hint_level="random")
    assert w._par is not None  # worked out while the learner plays
    finish(w, random.Random(1))
    par = progress.par_points(w.round, 0, "heuristic", 3)
    stars = progress.play_stars(w.round.score_list()[0], par)
    assert kept(head).stars == {PASS_PAGE: {"play": stars}}
    assert f"Par for denne utdelingen er {par} poeng" in w.summary.value
    # what each star takes, in the learner's numbers (the walk: «par» and nothing more)
    assert (f"Tre stjerner får du med høyst {par} poeng, to med høyst "
            f"{par + progress.PAR_SLACK}.") in w.summary.value
    assert f"{stars} av 3 stjerner" in w.summary.value
    # the stars come under the result they judge (the walk: they stood above it)
    headline = w.summary.value.index("Pass er ferdig")
    assert headline < w.summary.value.index("kamp-earned")
    assert f"{stars} av 6 stjerner" in nav.value  # the contents list follows
    memory = json.loads(w.memory.widget.value)["data"]
    assert memory["par"] == par
    # the finished round comes back with its par: not worked out again at page open
    fresh = PlayHand("pass", seed=3, level="heuristic", hint_level="random")
    fresh.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": json.loads(
        w.memory.widget.value)})
    assert fresh.round.is_over and fresh._par is None
    assert f"Par for denne utdelingen er {par} poeng" in fresh.summary.value


def test_a_finished_round_that_comes_back_gives_back_nothing_forgotten() -> None:
    """The walk (3 Dec 14:12): after «Begynn på nytt», opening the Pass page again restored the
    finished round, and with it its stars and its mistake: a round that comes back finished
    shows what it earned, but earns nothing again."""
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)
    w = PlayHand("pass", seed=3, level="heuristic", hint_level="heuristic")
    finish(w, random.Random(4))
    earned = kept(head).stars[PASS_PAGE]["play"]
    assert kept(head).mistakes  # the coach called a move of this round «dårlig»
    ProgressBox("nb").reset()
    assert kept(head).stars == {} and kept(head).mistakes == []
    back = PlayHand("pass", seed=3, level="heuristic", hint_level="heuristic")
    back.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": json.loads(
        w.memory.widget.value)})
    # the box says how par was met, not stars the head (☆☆☆ now) does not show (the walk)
    assert back.round.is_over and "Par for denne utdelingen" in back.summary.value
    assert f"{earned} av 3 stjerner" not in back.summary.value
    assert kept(head).stars == {} and kept(head).mistakes == []
    assert head.goals is not None
    assert head.goals.value.count("aria-label='0 av 3 stjerner'") == 2


def test_a_table_off_the_course_earns_nothing() -> None:
    w = PlayHand("pass", seed=3, **FAST)
    assert w._par is None
    finish(w, random.Random(1))
    assert current_learner().stars == {} and "kamp-earned" not in w.summary.value


def test_a_whole_game_earns_by_place() -> None:
    head = SiteHead("tutorial/08-hel-femkamp.ipynb")
    from_browser(head, None)
    w = PlayGame(seed=2, **FAST)
    rng = random.Random(2)
    while not w.session.game_over:
        finish(w, rng)
        if not w.session.game_over:
            w.next_round()
    totals = w.game.totals()
    mine = totals[w.learner_name]
    place = 1 if w.learner_name in w.game.winners else 1 + sum(v < mine for v in totals.values())
    stars = progress.game_stars(place, len(totals))
    assert kept(head).stars == {"tutorial/08-hel-femkamp.ipynb": {"game": stars}}
    assert "kamp-earned" in w.summary.value


def test_a_drill_earns_by_its_last_five_first_answers() -> None:
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)
    d = Drill(topic="trick_winner", seed=3)
    wrong = next(v for _, v in d.item.choices if v != d.item.answer)
    d.answer(wrong)
    for _ in range(progress.DRILL_ITEMS - 1):
        d.next_button.click()
        d.answer(d.item.answer)
        d.answer(d.item.answer)  # a second tap is not a second answer
    assert kept(head).stars == {PASS_PAGE: {"drill": 2}}  # one miss in the five
    d.next_button.click()
    d.answer(d.item.answer)
    assert kept(head).stars == {PASS_PAGE: {"drill": 3}}  # the last five without a miss
    d.next_button.click()
    d.answer(wrong if wrong != d.item.answer else None)
    assert kept(head).stars == {PASS_PAGE: {"drill": 3}}  # the best is kept


def test_a_drill_restore_keeps_no_state_between() -> None:
    """The browser is never handed a state it would refuse (answered, but no answer), nor the
    fresh drill's state before the restored one: leaving the page at that moment would lose
    the learner's answer."""
    d = Drill(topic="legal_cards", seed=3)
    d.toggles[0].value = True
    d.check_button.click()
    stored = json.loads(d.memory.widget.value)
    fresh = Drill(topic="legal_cards", seed=3)
    seen: list[str] = []
    fresh.memory.widget.observe(lambda change: seen.append(change["new"]), names="value")
    fresh.memory.widget.value = json.dumps({"schema": "kamp-memory/2", "restore": stored})
    written = [json.loads(v) for v in seen]
    assert [v["data"] for v in written if "restore" not in v] == [stored["data"]]


def test_the_front_page_shows_the_stars_of_each_game() -> None:
    data = current_learner()
    data.earn(PASS_PAGE, "play", 3)
    data.earn("sekskamp/03-anna-og-bjorn.ipynb", "drill", 1)
    take_from_browser("", MERGE)  # the browser has answered: the page knows the learner
    data = current_learner()
    html = front_html(Choices())
    femkamp, sekskamp = html.split("data-game='sekskamp'")[0], html.split(
        "data-game='sekskamp'")[1].split("data-game='sjukamp'")[0]
    assert "3 av 42 stjerner" in femkamp and "1 av 18 stjerner" in sekskamp
    # a learner who has begun goes on with the game's first page without stars (the walk:
    # «Begynn på Velkommen til Femkamp» to a learner with stars); one who has not, begins
    assert "Fortsett med Kortstokk, utdeling og stikk" in femkamp
    assert "Fortsett med" in sekskamp and "Begynn på" in html.split("data-game='sjukamp'")[1]
    data.earn("tutorial/01-kortstokk-utdeling-og-stikk.ipynb", "drill", 1)
    femkamp = front_html(Choices()).split("data-game='sekskamp'")[0]
    assert "Fortsett med Kløver: unngå kløverne" in femkamp
    assert "Continue with" in front_html(Choices(lang="en"))


def test_export_import_and_starting_over() -> None:
    head = SiteHead("index.ipynb")
    from_browser(head, None)
    box = ProgressBox("nb")
    assert len(box.children) == 2  # the stars and one button: the rest made when asked
    current_learner().earn(PASS_PAGE, "play", 2)
    box.tools_button.click()
    box.export_button.click()
    assert "kamp-fremgang.json" in box.export_link.value
    text = box.export_text()
    assert json.loads(text)["format"] == EXPORT_FORMAT
    # another device: its own stars and the file's come together
    other = LearnerData()
    other.earn(PASS_PAGE, "play", 1)
    other.earn("tutorial/03-klover.ipynb", "drill", 3)
    assert box.load(other.export_text(), name="fra-mobilen.json")
    assert kept(head).stars == {PASS_PAGE: {"play": 2}, "tutorial/03-klover.ipynb": {"drill": 3}}
    assert "5 av" in box.summary.value and "fra-mobilen.json" in box.messages.widget.value
    assert "Det du hadde fra før, er beholdt." in box.messages.widget.value
    for bad in (b"{not json", b'{"format": "kamp-progress/1"}', b"\xff\xfe", "x" * 2_000_000):
        assert not box.load(bad, name="feil.json")
        assert "Kunne ikke hente fremgang fra feil.json" in box.messages.widget.value
        assert "Ingenting er endret" in box.messages.widget.value
        assert kept(head).page_stars(PASS_PAGE) == 2
    box.reset_button.click()  # asked first, saying what goes and what stays
    assert box.confirm.layout.display is None and kept(head).stars
    assert "Poengarket, poengboka og runder du er midt i blir liggende" in \
        box.confirm.children[0].value
    box.confirm_no.click()
    assert kept(head).stars
    box.reset_button.click()
    box.confirm_yes.click()
    assert kept(head).stars == {} and "0 av" in box.summary.value


def test_the_log_shows_a_trick_from_its_lead_also_after_a_reload() -> None:
    """Walk finding (3 Dec): after a reload «Det siste som skjedde» began at «Ola la ♠3.», the
    learner's own lead gone; a trick in the log now always starts with its lead."""
    import re

    w = PlayHand("pass", seed=1, **FAST)
    w.play(w.session.legal()[0])
    back = PlayHand("pass", seed=1, **FAST)
    back.memory.widget.value = json.dumps({"schema": "kamp-memory/2",
                                           "restore": json.loads(w.memory.widget.value)})
    for table in (w, back):
        shown = re.findall(r"<li[^>]*>([^<]*)</li>", table.log_box.value)
        assert shown[0] == "Du spilte ut ♠6." and len(shown) == 6, shown
        assert "<ol" not in table.log_box.value  # no line numbers (the walk: «61.» read as a move)


def test_fan_tan_counts_the_moves_the_coach_calls_good() -> None:
    head = SiteHead("tutorial/05-fan-tan.ipynb")
    from_browser(head, None)
    assert "«godt»" in head.goals.value  # said before playing
    w = PlayHand("fantan", seed=2, level="random", hint_level="heuristic")
    finish(w, random.Random(3))
    s = w.session
    good = sum(1 for m in s.moves_in(s.shown) if m.judgement is not None
               and m.judgement.label == "good" and not m.judgement.only_move)
    goals = kept(head).stars["tutorial/05-fan-tan.ipynb"]
    assert goals.get("good", 0) == progress.good_stars(good) and "play" in goals
    assert good > 0, "a round of Fan Tan without one good move tests nothing"



def test_a_round_played_again_after_undo_earns_again() -> None:
    head = SiteHead(PASS_PAGE)
    from_browser(head, None)
    w = PlayHand("pass", seed=5, level="random", hint_level="random")
    finish(w, random.Random(5))
    assert "kamp-earned" in w.summary.value
    w.undo_button.click()
    assert "kamp-earned" not in w.summary.value
    finish(w, random.Random(6))
    assert "kamp-earned" in w.summary.value and kept(head).page_stars(PASS_PAGE) >= 1


def test_a_progress_file_in_a_browser_that_had_none_does_not_say_anything_was_kept() -> None:
    """The walk: a fresh browser read «… nå har du 2 av 81 stjerner. Det du hadde fra før, er
    beholdt.», with nothing before."""
    head = SiteHead("index.ipynb")
    from_browser(head, None)
    box = ProgressBox("nb")
    box.tools_button.click()
    other = LearnerData()
    other.earn(PASS_PAGE, "play", 2)
    assert box.load(other.export_text(), name="fra-mobilen.json")
    said = box.messages.widget.value
    assert "nå har du 2 av" in said and "fra før" not in said, said
