"""Progress and stars: the goals of each page, and how many stars (1–3) what the learner did earns.

Every page with a table or a drill has goals a learner can read before playing
(:func:`goal_lines`); meeting one earns 1 to 3 stars, and the best result is kept
(:class:`~kamplib.teach.store.LearnerData` holds them in the learner's browser).

- ``play`` (a round on its own, :class:`~kamplib.widgets.PlayHand`): ★ finish the round,
  ★★ at most :data:`PAR_SLACK` points over par, ★★★ at par or better.  Par is what a strong
  player (the search, «vanskelig») takes in the learner's seat on the same cards against the same
  bots (:func:`par_points`): lower is better in every round, Grand included.
- ``good`` (a round on its own, where each move counts, as in Fan Tan): ★ one move the coach
  rates «godt» in one round, ★★ two, ★★★ three (a move with no choice does not count).
- ``game`` (a whole game, :class:`~kamplib.widgets.PlayGame`): ★ finish it, ★★ finish in the
  better half of the table, ★★★ win (a shared win too).
- ``drill`` (:class:`~kamplib.widgets.Drill`): answer :data:`DRILL_ITEMS` items; ★★★ without a
  miss, ★★ with one, ★ with more.
- ``puzzle`` (the puzzle page, :class:`~kamplib.widgets.PuzzleWidget`): the learner's last
  :data:`PUZZLE_ITEMS` answers to puzzles of the collection (the learner's own mistakes do not
  count: they come back until learned); ★★★ all right, ★★ one wrong, ★ more.  Right is the
  coach's par: the card the analysis found clearly better than every other, stored with the
  puzzle.  The puzzles get harder as the rating climbs, so the stars ask more of a better
  learner.

:data:`GOALS` names each page's goals; ``tests/test_progress.py`` checks it against the widgets
the notebooks show.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from html import escape

from kamplib.autoplay import make_bots, steps
from kamplib.bots import make_bot
from kamplib.draw.display import color
from kamplib.i18n import register, t
from kamplib.round import Round
from kamplib.teach.store import (
    GOAL_KINDS,
    MAX_STARS,
    current_learner,
    learner_changed,
    learner_known,
)

__all__ = ["GOALS", "GOAL_KINDS", "PAR_SLACK", "DRILL_ITEMS", "PUZZLE_ITEMS", "MAX_STARS",
           "play_stars", "puzzle_stars",
           "game_stars", "good_stars", "drill_stars", "par_points", "goal_lines", "stars_text",
           "page_max",
           "section_max", "star_mark", "page_mark", "section_mark", "goals_html", "open_page",
           "page_path", "has_goal", "earn", "reset", "Par", "next_page", "waiting_mark"]

PAR_SLACK = 2
DRILL_ITEMS = 5
PUZZLE_ITEMS = 5
# The goals of each page that has any (its widgets, in the order the page shows them).
GOALS: dict[str, tuple[str, ...]] = {
    "tutorial/01-kortstokk-utdeling-og-stikk.ipynb": ("drill",),
    "tutorial/02-pass.ipynb": ("play", "drill"),
    "tutorial/03-klover.ipynb": ("play", "drill"),
    "tutorial/04-damer.ipynb": ("play", "drill"),
    "tutorial/05-fan-tan.ipynb": ("play", "good", "drill"),
    "tutorial/06-grand.ipynb": ("play", "drill"),
    "tutorial/07-poengregning.ipynb": ("drill",),
    "tutorial/08-hel-femkamp.ipynb": ("game",),
    "sekskamp/01-seksere-og-sjuere.ipynb": ("play", "drill"),
    "sekskamp/02-trukket-trumf.ipynb": ("play", "drill"),
    "sekskamp/03-anna-og-bjorn.ipynb": ("drill",),
    "sekskamp/04-hel-sekskamp.ipynb": ("game",),
    "sjukamp/01-fan-tan-som-runde-3.ipynb": ("play", "drill"),
    "sjukamp/02-trumf-med-spar.ipynb": ("play", "drill"),
    "sjukamp/03-finalen.ipynb": ("play", "drill"),
    "sjukamp/04-hel-sjukamp.ipynb": ("game",),
    "notebooks/04-finn-det-beste-kortet.ipynb": ("puzzle",),
}

register({
    "goal_heading": {"nb": "Mål på denne siden", "en": "Goals on this page"},
    "goal_play": {
        "nb": "Spill runden: ★ fullfør den · ★★ høyst {slack} poeng mer enn par · ★★★ par "
              "eller bedre. Par er det en sterk spiller ville fått med de samme kortene mot de "
              "samme motspillerne.",
        "en": "Play the round: ★ finish it · ★★ at most {slack} {slack:point|points} above "
              "par · ★★★ par or better. Par is what a strong player would get with the same "
              "cards against the same opponents."},
    "goal_good": {
        "nb": "Gjør trekk som treneren kaller «godt» i én runde: ★ ett · ★★ to · ★★★ tre.",
        "en": "Make moves the coach calls 'good' in one round: ★ one · ★★ two · ★★★ three."},
    "goal_game": {
        "nb": "Spill hele spillet: ★ fullfør det · ★★ havn i den beste halvdelen · ★★★ vinn.",
        "en": "Play the whole game: ★ finish it · ★★ end in the better half · ★★★ win."},
    "goal_drill": {
        "nb": "Øvelsen: svar på {items} {items:oppgave|oppgaver} · ★★★ uten feil · ★★ med én "
              "feil · ★ med flere.",
        "en": "The drill: answer {items} {items:question|questions} · ★★★ without a mistake "
              "· ★★ with one · ★ with more."},
    "goal_puzzle": {
        "nb": "Oppgavene: dine {puzzles} siste svar på oppgaver fra samlingen teller · ★★★ alle "
              "riktige · ★★ én feil · ★ flere feil. Riktig er kortet treneren fant klart best; "
              "oppgavene fra dine egne feil teller ikke her.",
        "en": "The puzzles: your last {puzzles} answers to puzzles from the collection count · "
              "★★★ all right · ★★ one wrong · ★ more wrong. Right is the card the coach found "
              "clearly best; the puzzles made from your own mistakes do not count here."},
    "stars_label": {"nb": "{stars} av {most} stjerner", "en": "{stars} of {most} stars"},
})


def play_stars(points: int, par: int) -> int:
    """Stars for a finished round: ``points`` the learner got, ``par`` the strong player's."""
    if points <= par:
        return 3
    return 2 if points <= par + PAR_SLACK else 1


def puzzle_stars(answers: Sequence[int]) -> int:
    """Stars for the learner's last :data:`PUZZLE_ITEMS` answers to the collection's puzzles
    (1 right, 0 wrong, oldest first); 0 until there are that many."""
    recent = list(answers)[-PUZZLE_ITEMS:]
    if len(recent) < PUZZLE_ITEMS:
        return 0
    return drill_stars(recent.count(0))


def game_stars(place: int, players: int) -> int:
    """Stars for a finished game: ``place`` 1 is a win (shared or not)."""
    if place == 1:
        return 3
    return 2 if place <= (players + 1) // 2 else 1


def good_stars(good: int) -> int:
    """Stars for a round with ``good`` moves rated «godt» (0: none)."""
    return min(MAX_STARS, good)


def drill_stars(misses: int) -> int:
    """Stars for :data:`DRILL_ITEMS` drill items answered with ``misses`` wrong first answers."""
    return 3 if misses == 0 else 2 if misses == 1 else 1


def par_points(rnd: Round, seat: int, level: str, seed: int | None) -> int:
    """What a strong player (the search) gets in ``seat`` on the round's deal, the other seats
    played by bots of ``level`` seeded as at the learner's table: the round's par."""
    return Par(rnd, seat, level, seed).points()


class Par:
    """A round's par worked out a few moves at a time (:meth:`work`), so a table can do it in
    the pauses it makes anyway between the bots' cards instead of after the learner's last
    click (a whole round's par takes about 1.5 s in CPython, more in the browser)."""

    def __init__(self, rnd: Round, seat: int, level: str, seed: int | None) -> None:
        self.seat = seat
        self._round = rnd.replayed(0)
        bots = make_bots(rnd.n, level, seed, humans={seat})
        bots[seat] = make_bot("search", seed=0)
        self._steps: Iterator[object] | None = steps(self._round, bots)
        self._points: int | None = None

    @property
    def done(self) -> bool:
        return self._points is not None

    def work(self, seconds: float) -> bool:
        """Play the par round on for about ``seconds`` (at least one move); True when done."""
        deadline = time.perf_counter() + seconds
        while self._steps is not None:
            if next(self._steps, None) is None:
                self._steps = None
                self._points = self._round.score_list()[self.seat]
            elif time.perf_counter() >= deadline:
                break
        return self.done

    def points(self) -> int:
        """The par (worked out to the end now if it is not yet)."""
        while not self.work(60.0):
            pass
        assert self._points is not None
        return self._points


# The page whose goals the page's widgets earn (one Python is one page; the browser edition
# imports kamplib afresh for every page).
_page: list[str] = []


def open_page(path: str) -> None:
    """The page ``path`` is open: its widgets earn its goals (kamplib.widgets.site.SiteHead)."""
    _page[:] = [path]


def page_path() -> str | None:
    """The page open now (None outside the course: a notebook of one's own earns nothing)."""
    return _page[0] if _page else None


def has_goal(goal: str) -> bool:
    """Whether the page open now has ``goal`` (a table there works out par only then)."""
    path = page_path()
    return path is not None and goal in GOALS.get(path, ())


def earn(goal: str, stars: int) -> bool:
    """The learner met the page's ``goal`` with ``stars``: kept if better than before (and the
    page's link, marks and goals hear of it); True when it was."""
    path = page_path()
    if path is None or not has_goal(goal) or not current_learner().earn(path, goal, stars):
        return False
    learner_changed()
    return True


def reset() -> None:
    """Forget the learner's stars and everything else kept about them (asked first)."""
    current_learner().reset()
    learner_changed()


def page_max(path: str) -> int:
    """The most stars a page can give (0: a page without goals)."""
    return MAX_STARS * len(GOALS.get(path, ()))


def section_max(paths: Iterable[str]) -> int:
    """The most stars the pages ``paths`` (a part of the site) can give."""
    return sum(page_max(path) for path in paths)


def stars_text(stars: int, most: int) -> str:
    """«★★☆»: the stars earned, then the rest as empty stars (:func:`star_mark` adds their
    number in words for a screen reader)."""
    return "★" * stars + "☆" * max(0, most - stars)


def _earned(path: str) -> dict[str, int]:
    return current_learner().stars.get(path, {})


def star_mark(stars: int, most: int, lang: str = "nb") -> str:
    """The stars as a picture with their number in words for a screen reader."""
    label = t("stars_label", lang, stars=stars, most=most)
    return (f"<span class='kamp-star-mark' role='img' aria-label='{escape(label)}' "
            f"title='{escape(label)}' style='color:{color('star')};white-space:nowrap'>"
            f"{stars_text(stars, most)}</span>")


def waiting_mark(most: int) -> str:
    """Where a star mark will stand once the learner's data has arrived from the browser
    (:func:`~kamplib.teach.store.learner_known`): the same room, nothing shown or read out, so
    nothing moves when the stars come and no learner sees ☆☆☆ that are not theirs."""
    return (f"<span class='kamp-star-wait' aria-hidden='true' "
            f"style='visibility:hidden;white-space:nowrap'>{stars_text(0, most)}</span>")


def page_mark(path: str, lang: str = "nb") -> str:
    """A page's stars for the contents list (nothing for a page without goals; their room only
    until the learner's data has arrived)."""
    most = page_max(path)
    if not most:
        return ""
    if not learner_known():
        return waiting_mark(most)
    return star_mark(sum(_earned(path).values()), most, lang)


def section_mark(paths: Sequence[str], lang: str = "nb") -> str:
    """A part of the site's stars (its pages ``paths``), «★ 7 av 24»: the sum of its pages'
    (nothing until the learner's data has arrived)."""
    most = section_max(paths)
    if not most or not learner_known():
        return ""
    earned = sum(sum(_earned(path).values()) for path in paths)
    label = t("stars_label", lang, stars=earned, most=most)
    return (f"<span class='kamp-section-stars' style='white-space:nowrap'>"
            f"<span style='color:{color('star')}' aria-hidden='true'>★</span> "
            f"{escape(label)}</span>")


def next_page(paths: Sequence[str]) -> str | None:
    """Where a learner who has begun a part of the site (its pages ``paths``, in order) goes on:
    its first page with goals and no stars yet, else its first with stars still to earn; None
    for a learner who has not begun (no stars there) or has every star of it."""
    if not learner_known():
        return None
    with_goals = [path for path in paths if page_max(path)]
    earned = {path: sum(_earned(path).values()) for path in with_goals}
    if not any(earned.values()):
        return None
    return next((path for path in with_goals if not earned[path]),
                next((path for path in with_goals if earned[path] < page_max(path)), None))


def goals_html(path: str, lang: str = "nb") -> str:
    """The page's goals, each with the stars earned so far, before the learner plays (the
    goals at once, their stars once the learner's data has arrived)."""
    goals = GOALS.get(path, ())
    if not goals:
        return ""
    earned = _earned(path)
    known = learner_known()

    def mark(goal: str) -> str:
        return star_mark(earned.get(goal, 0), MAX_STARS, lang) if known else \
            waiting_mark(MAX_STARS)

    items = "".join(f"<li>{mark(goal)} {escape(line)}</li>"
                    for goal, line in zip(goals, goal_lines(path, lang), strict=True))
    return (f"<div class='kamp-goals-box' style='margin:6px 0'><b>"
            f"{escape(t('goal_heading', lang))}</b><ul style='margin:2px 0;padding-left:1.2em'>"
            f"{items}</ul></div>")


def goal_lines(path: str, lang: str = "nb") -> list[str]:
    """The sentences that state a page's goals, in the order its widgets come."""
    lines = []
    for goal in GOALS.get(path, ()):
        lines.append(t(f"goal_{goal}", lang, slack=PAR_SLACK, items=DRILL_ITEMS,
                       puzzles=PUZZLE_ITEMS))
    return lines

