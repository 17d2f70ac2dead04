"""Play against bots: one round (:class:`PlayHand`) or a whole game (:class:`PlayGame`).

The widgets lay out a :class:`~kamplib.teach.session.TableSession` and bind its clicks; what
the table does (the bots' turns, the narration, the coach, undo, files) is the session's.  The
learner's cards are stock buttons drawn as cards (Tab and Enter/Space work).  Bots' cards
appear one at a time, ``pace`` seconds apart (``KAMP_PACE`` in the environment; 0 turns the
pause off, as the tests do), and a finished trick stays in view with who took it and why.

The pauses are timers on the kernel's event loop (the Voilà kernel's, or the browser edition's,
where Pyodide has no threads to spare), never a sleep: the kernel stays free while the bots
"think", so the page answers meanwhile.  A card the learner plays while a bot is to move is
refused at once with the rules' reason (it is not the learner's turn: nothing is played later
that the learner did not see coming), and the reason goes when the learner's turn comes; undo,
a new deal, a file and the next round stop the bots' pauses first.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Iterator, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.bots import level_name
from kamplib.cards import SUIT_SYMBOLS, SUITS
from kamplib.draw.cards import SUIT_CLASS, suit_color
from kamplib.draw.learner import (
    game_summary_html,
    judgement_html,
    log_html,
    round_summary_html,
    table_html,
)
from kamplib.draw.table import round_scores_html, round_title, trump_text
from kamplib.errors import IllegalMove, KampError, RuleError, given
from kamplib.game import Game
from kamplib.i18n import suit_name, t
from kamplib.kinds import Family
from kamplib.moves import PASS, Move
from kamplib.record import write_record
from kamplib.round import Round
from kamplib.rules import Rules
from kamplib.teach import progress
from kamplib.teach.choices import deck_colors
from kamplib.teach.mistakes import note_round
from kamplib.teach.session import MAX_RECORD_BYTES, TableSession, default_names
from kamplib.teach.store import current_learner, learner_changed
from kamplib.teach.summary import game_summary, round_summary
from kamplib.widgets.base import (
    Looks,
    Messages,
    button_row,
    download_html,
    guarded,
    html_box,
    limit_upload,
    stock_button,
    take_uploads,
)
from kamplib.widgets.memory import Memory
from kamplib.widgets.style import card_faces, style_box

__all__ = ["PlayHand", "PlayGame", "MAX_UPLOAD_BYTES", "default_names", "default_pace"]

MAX_UPLOAD_BYTES = MAX_RECORD_BYTES


def default_pace() -> float:
    """Seconds between the bots' cards: ``KAMP_PACE`` from the environment, else 0.7."""
    try:
        return max(0.0, min(5.0, float(os.environ.get("KAMP_PACE", "0.7"))))
    except ValueError:
        return 0.7


def table_key(session: TableSession) -> dict[str, Any]:
    """What a table was made as on its page: a round kept for another table (other house
    rules, players or bots) does not come back to this one."""
    rules = session.game.rules
    return {"game": rules.game, "rules": rules.differences(), "players": list(session.players),
            "learner": session.learner, "level": session.level, "alone": session.alone}


class _TableWidget(widgets.VBox):
    """A card table with the learner at one seat and bots at the others."""

    puzzle_game = "femkamp"  # the game a learner's own mistake is filed under

    # what the learner is asked before a game in progress is given up, and the yes to it
    _ask_key, _yes_key = "w_confirm_new", "w_confirm_yes"
    # no bots moving and no timer until a table is set up (a widget that failed to set up is
    # still closed when it goes)
    _moving: Iterator[list[Any]] | None = None
    _timer: asyncio.TimerHandle | None = None

    def __init__(self, session: TableSession, *, practice: bool, four_color: bool | None,
                 pace: float | None) -> None:
        super().__init__()
        self.add_class("kamp-play")
        self.add_class("kamp-widget")
        self.lang = session.lang
        self.practice = practice
        self.four_color = deck_colors(four_color)
        self.pace = default_pace() if pace is None else max(0.0, float(pace))
        # the bots' moves still to show, the timer that shows the next one, and whether the
        # learner was told meanwhile that it is not their turn (said until it is)
        self._moving = None
        self._timer = None
        self._out_of_turn = False
        self._rate_after = False
        self._build()
        self.memory.key = table_key(session)
        self._start(session)

    # -- layout -----------------------------------------------------------------------------
    def _build(self) -> None:
        lang = self.lang
        looks = self.looks = Looks()
        self.css = style_box()
        self.messages = Messages(lang, looks)
        self.status = html_box("kamp-status", looks=looks)
        self.table = html_box("kamp-table", looks=looks)
        self.announce = html_box("kamp-announce", looks=looks)
        self.hand = widgets.HBox(**looks.of(widgets.HBox))
        self.hand.add_class("kamp-hand")
        self.card_buttons: list[widgets.Button] = []
        self.pass_button = stock_button(t("w_pass", lang), "kamp-pass",
                                        tooltip=t("w_pass_label", lang),
                                        on_click=self._on_pass, looks=looks)
        self.trump_label = html_box("kamp-trump-label", t("w_choose_trump", lang), looks)
        self.trump_buttons = []
        for suit in SUITS:
            b = stock_button(f"{SUIT_SYMBOLS[suit]} {suit_name(suit, lang)}",
                             "kamp-trump-choice", on_click=self._on_trump, looks=looks,
                             style={"text_color": suit_color(suit, self.four_color)})
            b._kamp_suit = suit
            self.trump_buttons.append(b)
        self.trump_box = button_row([self.trump_label, *self.trump_buttons], looks)
        self.log_box = html_box("kamp-log-box", looks=looks)
        self.hint_button = stock_button(t("w_hint", lang), "kamp-hint", on_click=self._on_hint,
                                        looks=looks)
        self.hint_text = html_box("kamp-hint-text", looks=looks)
        self.rating = html_box("kamp-move-rating", looks=looks)
        self.score = html_box("kamp-score", looks=looks)
        self.undo_button = stock_button(t("w_undo", lang), "kamp-undo", on_click=self._on_undo,
                                        looks=looks)
        self.new_deal_button = stock_button(self._new_label(), "kamp-new-deal",
                                            on_click=self._on_new_deal, looks=looks)
        self.replay_button = stock_button(t("w_replay", lang), "kamp-replay",
                                          on_click=self._on_replay, looks=looks)
        self.seed_input = widgets.BoundedIntText(
            description=t("w_seed", lang), min=0, max=10**9,
            layout=widgets.Layout(width="11em"), style={"description_width": "initial"})
        self.seed_input.add_class("kamp-seed")
        # a number typed in (Enter, or leaving the field) deals that deal; see _on_seed
        self.seed_input.observe(self._on_seed, names="value")
        self.seed_hint = html_box("kamp-seed-hint", escape(t("w_seed_hint", lang)), looks)
        self.confirm_text = html_box("kamp-confirm-text", looks=looks)
        self.confirm_yes = stock_button(t(self._yes_key, lang), "kamp-confirm-yes",
                                        on_click=self._on_confirm_yes, looks=looks)
        self.confirm_no = stock_button(t("w_confirm_no", lang), "kamp-confirm-no",
                                       on_click=self._on_confirm_no, looks=looks)
        self.confirm = button_row([self.confirm_text, self.confirm_yes, self.confirm_no])
        self.confirm.add_class("kamp-confirm")
        self.confirm.layout.display = "none"
        self._pending: Callable[[], None] | None = None  # what «yes» does (a deal, a file)
        self.summary = html_box("kamp-round-summary", looks=looks)
        self.next_button = stock_button(t("teach_next_round_button", lang), "kamp-next-round",
                                        on_click=self._on_next_round)  # hidden and shown
        self.walk_button = stock_button(t("w_walk_round", lang), "kamp-walk-round",
                                        on_click=self._on_walk, looks=looks)
        self.walk_box = widgets.VBox(**looks.of(widgets.VBox))
        self.walk_box.add_class("kamp-walk-box")
        self.after = button_row([self.next_button, self.walk_button])
        self.review = html_box("kamp-review-box", looks=looks)  # kept for notebooks that read it
        self.save_button = stock_button(t("w_save", lang), "kamp-save", on_click=self._on_save,
                                        looks=looks)
        self.save_link = html_box("kamp-save-link", looks=looks)
        self.upload = widgets.FileUpload(accept=".json,.kamp", multiple=False,
                                         description=t("w_load", lang), icon="",
                                         tooltip=t("w_load", lang))
        limit_upload(self.upload, MAX_UPLOAD_BYTES)
        self.upload.observe(self._on_upload, names="value")
        controls = [self.hint_button, self.undo_button] if self.practice else []
        self.controls = button_row([*controls, self.new_deal_button, self.replay_button,
                                    self.seed_input, self.seed_hint], looks)
        self.files = button_row([self.save_button, self.save_link, self.upload], looks)
        for row in (self.controls, self.files, self.after, self.trump_box):
            row.add_class("kamp-row")
        # what the learner did, kept in the browser: it comes back after a reload or a lost
        # kernel (see _start for the table's key)
        self.memory = Memory("table", self._restore, looks)
        self.children = [self.css, self.status, self.table, self.announce, self.hand,
                         self.messages.widget, self.rating, self.hint_text, self.summary,
                         self.after, self.walk_box, self.log_box, self.controls, self.confirm,
                         self.score, *self._extra_children(), self.files, self.memory.widget]

    def _extra_children(self) -> list[widgets.Widget]:
        return []

    def _new_label(self) -> str:
        return t("w_new_deal", self.lang)

    def _card_button(self, i: int) -> widgets.Button:
        while len(self.card_buttons) <= i:
            b = widgets.Button(**self.looks.of(widgets.Button))
            b._kamp_card = None
            b.on_click(self._on_card)
            self.card_buttons.append(b)
        return self.card_buttons[i]

    # -- state --------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def round(self) -> Round:
        """The round this widget shows."""
        return self.session.round

    @property
    def learner(self) -> int:
        return self.session.learner

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.players

    @property
    def seed(self) -> int:
        return self.session.seed if self.session.seed is not None else 0

    @property
    def level(self) -> str:
        return self.session.level

    @property
    def learner_name(self) -> str:
        return self.session.learner_name

    def _start(self, session: TableSession, par: Any = None) -> None:
        self._stop_bots()
        self.session = session
        self._start_par(par)
        self._faces()
        self.seed_input.value = self.seed
        self._clear_round()
        self.save_link.value = ""
        self._run_bots(paced=False)  # a new table shows at once; the log says what happened

    def _faces(self) -> None:
        """The stylesheet with the faces of the cards the learner holds in this round."""
        dealt = self.round.dealt_hand(self.session.learner)
        self.css.value = style_box(card_faces(dealt, self.four_color)).value

    # -- goals and stars (kamplib.teach.progress) ------------------------------------------------
    def _start_par(self, known: Any = None) -> None:
        """A round on its own on a page with a «play» goal: its par is worked out in the
        pauses between the bots' cards (:meth:`_pause`), or taken as kept with the round."""
        self._par: progress.Par | None = None
        self._par_points: int | None = known if type(known) is int else None
        self._stars: int | None = None  # earned by the round shown (said in its summary)
        s = self.session
        if s.alone and progress.has_goal("play") and self._par_points is None:
            self._par = progress.Par(s.round, s.learner, s.level, s.seed)

    def _earn(self) -> None:
        """The round (or game) is over: stars by par (or by place), once."""
        s = self.session
        if self._stars is not None or not s.round_over:
            return
        if s.alone and (self._par is not None or self._par_points is not None):
            if self._par is not None:
                self._par_points = self._par.points()
                self._par = None
            assert self._par_points is not None
            self._stars = progress.play_stars(self.round.score_list()[s.learner],
                                              self._par_points)
            if not self._earns:  # said in the summary, earned when it was played
                return
            progress.earn("play", self._stars)
            if progress.has_goal("good"):  # the moves the coach rated «godt», a choice each
                good = sum(1 for m in s.moves_in(s.shown) if m.judgement is not None
                           and m.judgement.label == "good" and not m.judgement.only_move)
                if good:
                    progress.earn("good", progress.good_stars(good))
        elif s.game_over and not s.alone and progress.has_goal("game"):
            totals = self.game.totals()
            mine = totals[self.learner_name]
            place = 1 if self.learner_name in self.game.winners else \
                1 + sum(1 for v in totals.values() if v < mine)
            self._stars = progress.game_stars(place, len(totals))
            if self._earns:
                progress.earn("game", self._stars)

    def _stars_html(self) -> str:
        if self._stars is None:
            return ""
        lang = self.lang
        if self.session.alone and self._par_points is not None:
            text = t("w_par_result", lang, par=self._par_points,
                     two=self._par_points + progress.PAR_SLACK,
                     points=self.round.score_list()[self.session.learner])
        else:
            text = t(f"w_game_stars_{self._stars}", lang)
        if not self._earns:  # a round that came back finished: the page's head shows the
            # learner's stars (none after «Begynn på nytt»), the box only how par was met
            return f"<p class='kamp-par' style='margin:4px 0'>{escape(text)}</p>"
        return (f"<p class='kamp-earned' style='margin:4px 0'>"
                f"{progress.star_mark(self._stars, progress.MAX_STARS, lang)} "
                f"{escape(text)}</p>")

    def _clear_round(self) -> None:
        """Nothing of a finished round stays on the screen: ratings, hints, the log, summaries."""
        self.hint_text.value = ""
        self.rating.value = ""
        self._noted = False  # the coach says once a round what its numbers count
        self.announce.value = ""
        self.summary.value = ""
        self.review.value = ""
        self.walk_box.children = ()
        self._taken = ""
        self._taken_said = False  # the announcement says who took the last trick
        self._kept = 0  # the round's bad moves just kept as the learner's own puzzles
        self._stars = None  # a round played again after «Angre» earns again
        # only a round finished here earns stars and keeps its mistakes: one that comes back
        # finished (a reload, an opened file) earned them when it was played, and after
        # «Begynn på nytt» it must not give back what the learner chose to forget (the walk)
        self._earns = not self.session.round_over

    # -- what happens -------------------------------------------------------------------------
    def _say(self, lines: list[Any]) -> None:
        """Announce the newest action and remember who took the last trick and why."""
        took = [x for x in lines if x.what == "took"]
        if took:
            self._taken = took[-1].text(self.lang)
        actions = [x for x in lines if x.is_action]
        if actions:
            # the trick's last card, then who took it, in the order they happened (the walk:
            # «Kari tok stikket …» under the table, then «Per la ♦Q.» under it, read as if Per
            # played after the trick was taken); the table says who took it from the next move on
            said = [actions[-1], *took]
            self.announce.value = " ".join(escape(x.text(self.lang)) for x in said)
            self._taken_said = bool(took)

    def _run_bots(self, paced: bool = True, first: float = 0.0, rate: bool = False) -> None:
        """The bots move one at a time until the learner's turn or the round's end, then the
        table is drawn (and with ``rate`` the learner's move rated).  With a pace (and an event
        loop to time it: a kernel's), each card is shown before the next, ``first`` seconds
        after the call and ``pace`` apart, and a finished trick stays in view a moment longer;
        otherwise all at once."""
        self._stop_bots()
        self._rate_after = rate
        moves = self.session.bot_moves()
        if not (self.pace and paced) or _event_loop() is None:
            try:
                for lines in moves:
                    self._say(lines)
            except Exception:
                self._render()  # what is shown follows the engine even if a bot failed
                raise
            self._bots_done()
            return
        self._moving = moves
        self._render()
        # the coach's verdict before the bots' cards, so it is on the screen while they are
        # shown (the walk, W9: rated once the bots were done, under load it came seconds after
        # the learner's turn, and the next tap wiped it unseen); the first pause is what is
        # left of its time
        start = time.perf_counter()
        try:
            if rate:
                self._rate_after = False
                self._rate()
        finally:
            self._pause(max(0.0, first - (time.perf_counter() - start)), self._next_bot)

    def _pause(self, seconds: float, then: Callable[[], None]) -> None:
        """Call ``then`` after ``seconds`` on the event loop (the kernel is free meanwhile),
        working on the round's par first, in the pause's own time."""
        end = time.perf_counter() + seconds
        if self._par is not None and not self._par.done:
            self._par.work(seconds * 0.8)
        loop = _event_loop()
        if loop is None:  # the loop is gone (the kernel is stopping): no one is watching
            then()
            return
        self._timer = loop.call_later(max(0.0, end - time.perf_counter()), self._guard(then))

    def _next_bot(self) -> None:
        """One bot's move shown; the next after a pause, or the end of the bots' turns."""
        self._timer = None
        if self._moving is None:
            return
        lines = next(self._moving, None)
        if lines is None:
            self._moving = None
            self._bots_done()
            return
        self._say(lines)
        if self.session.my_turn or self.session.round_over:
            self._turn_came()
        self._render()
        self._pause(self.pace * (3 if any(x.what == "took" for x in lines) else 1),
                    self._next_bot)

    def _bots_done(self) -> None:
        """The bots have moved: the table first (the coach may take a moment), then the
        rating."""
        self._turn_came()
        try:
            self._render()
            if self._rate_after:
                self._rate()
        finally:
            if self._rate_after:
                self._render()  # what is shown follows the engine even if the coach failed

    def _turn_came(self) -> None:
        """The bots are done: a «not your turn» said meanwhile is no longer true."""
        if self._out_of_turn:
            self.messages.clear()
            self._out_of_turn = False

    def _stop_bots(self) -> None:
        """No more of the bots' pauses (undo, a new deal, a file, the next round)."""
        if self._timer is not None:
            self._timer.cancel()
        self._timer = self._moving = None

    def _guard(self, then: Callable[[], None]) -> Callable[[], None]:
        """``then`` as a handler: an error is a sentence on the table, and the table follows
        the engine (a timer has no one else to tell)."""

        @guarded
        def run(widget: _TableWidget) -> None:
            try:
                then()
            except Exception:
                widget._stop_bots()
                widget._render()
                raise

        return lambda: run(self)

    def close(self) -> None:
        """Closed (the browser edition's next page closes every widget of the last one): the
        bots' pauses stop with it, so no timer of this page acts after it."""
        self._stop_bots()
        super().close()

    @property
    def bots_moving(self) -> bool:
        """Whether the bots' moves are still being shown one by one."""
        return self._moving is not None

    def play(self, move: Move | str) -> bool:
        """The learner plays ``move``; False (and the reason shown) when the rules refuse it,
        among them a move while a bot is to move (the bots' cards are still being shown)."""
        try:
            lines = self.session.play(move)
        except IllegalMove as err:
            self.messages.refuse(err.message(self.lang))
            # said while a bot is to move: true until the learner's turn comes
            self._out_of_turn = self.bots_moving and not self.session.my_turn
            self._render()
            return False
        self._stop_bots()  # the learner's turn came in the bots' last pause: it ends here
        self._out_of_turn = False
        self.hint_text.value = ""
        # the verdict on the learner's last move stays until the next verdict replaces it: it
        # names its card, so it is true still, and a quick learner does not lose it unread
        self.messages.clear()
        self._say(lines)
        self._run_bots(first=self.pace, rate=True)
        return True

    def _rate(self) -> None:
        """The coach's verdict on the learner's move, shown in practice mode.  Working it out
        may take seconds on a busy machine: meanwhile the line says the coach is at it (sent
        to the page before the work starts)."""
        last = self.session.last_move
        if self.practice and last is not None and not last.rated:
            self.rating.value = (
                "<div class='kamp-coach-thinking' role='status'>"
                + escape(t("w_coach_thinking", self.lang,
                           card=_move_text(last.move, self.lang))) + "</div>")
        try:
            self.session.rate_pending()
        except Exception:
            self.rating.value = ""  # no verdict: nor a line saying one is coming
            raise
        last = self.session.last_move
        if self.practice and last is not None and last.judgement is not None:
            note = self._note(last.judgement.rating.relative and last.judgement.rating.numbered)
            self.rating.value = judgement_html(last.judgement, lang=self.lang, note=note)

    def _note(self, relative: bool) -> bool:
        """Whether the coach's next sentence says what its numbers count (points against the
        others' average): once a round, not after every move."""
        due = relative and not self._noted
        self._noted = self._noted or due
        return due

    def undo(self) -> bool:
        """Take back the learner's last move in this round (and the bots' replies after it)."""
        self._stop_bots()
        try:
            undone = self.session.undo()
        except IllegalMove as err:
            self.messages.info(err.message(self.lang))
            return False
        self._clear_round()
        mine = undone[-1][1]
        self.messages.info(t("w_undone", self.lang, card=_move_text(mine, self.lang)))
        self._render()
        return True

    def new_deal(self, seed: int) -> None:
        """Deal again from ``seed`` (the same seed always gives the same cards)."""
        self.messages.clear()
        self._start(self.session.redeal(seed))

    def ask_new_deal(self, seed: int) -> bool:
        """A new deal, asked first when a game is in progress; True when dealt at once."""
        if self._in_progress():
            self._ask(t(self._ask_key, self.lang), t(self._yes_key, self.lang),
                      lambda: self.new_deal(seed))
            return False
        self.new_deal(seed)
        return True

    def _ask(self, question: str, yes: str, then: Callable[[], None]) -> None:
        """Ask before work in progress is thrown away; ``then`` runs on «yes»."""
        self._pending = then
        self.confirm_text.value = escape(question)
        self.confirm_yes.description = self.confirm_yes.tooltip = yes
        self.confirm.layout.display = None

    def _in_progress(self) -> bool:
        played = any(r.history for r in self.game.rounds)
        return played and not self.session.game_over

    def next_round(self) -> bool:
        """The next round, when the learner asks for it after the summary."""
        self._stop_bots()
        try:
            self.session.next_round()
        except IllegalMove as err:
            self.messages.info(err.message(self.lang))
            return False
        self.messages.clear()
        self._clear_round()
        self._faces()
        self._run_bots()
        return True

    def load(self, content: bytes | str, *, name: str = "kamp.json",
             size: int | None = None, confirmed: bool = False) -> bool:
        """Open a kamp/1 record; a broken or too big file is refused and the game is kept.
        Over a game in progress the learner is asked first (False until they say yes)."""
        try:
            session = self.session.load(content, name=name, size=size)
            self._check_loaded(session.game)
        except KampError as err:
            self.messages.error(t("teach_file_broken", self.lang, name=name,
                                  reason=err.message(self.lang)) + " "
                                + t("teach_file_kept", self.lang))
            return False
        if not confirmed and self._in_progress():
            self._ask(t("w_confirm_open", self.lang, name=name),
                      t("w_confirm_yes_open", self.lang), lambda: self._opened(session, name))
            return False
        self._opened(session, name)
        return True

    def _opened(self, session: TableSession, name: str) -> None:
        self._start(session)
        self.messages.info(t("w_loaded", self.lang, name=name))

    def _restore(self, kept: Any) -> None:
        """The learner's own round, brought back from the browser (a reload, Back, a lost
        kernel): its record replayed through the engine, the bots with their seed (a record the
        engine refuses is refused here too, and the fresh deal stays)."""
        try:
            session = self.session.load(kept["record"], seed=kept.get("seed"))
            self._check_loaded(session.game)
        except (KampError, KeyError, TypeError):
            return
        self._start(session, par=kept.get("par"))  # a finished round's par comes with it
        self.messages.restored(t("w_restored", self.lang))
        self.memory.shown_again(self)

    def _check_loaded(self, game: Game) -> None:
        """Refuse a record this widget cannot show (PlayHand takes any)."""

    # -- handlers (one session call each, then re-render) ---------------------------------------
    @guarded
    def _on_card(self, button: widgets.Button) -> None:
        if button._kamp_card is not None:
            self.play(button._kamp_card)

    @guarded
    def _on_pass(self, _button: widgets.Button) -> None:
        self.play(PASS)

    @guarded
    def _on_trump(self, button: widgets.Button) -> None:
        self.play(button._kamp_suit)

    @guarded
    def _on_hint(self, _button: widgets.Button) -> None:
        try:
            h = self.session.hint()
        except IllegalMove:
            self.hint_text.value = escape(t("teach_no_hint", self.lang))
            return
        self.hint_text.value = escape(t("teach_hint", self.lang,
                                        move=_move_text(h.move, self.lang),
                                        reason=h.text(self.lang, note=self._note(
                                            h.verdict.relative and h.numbered))))

    @guarded
    def _on_undo(self, _button: widgets.Button) -> None:
        self.undo()

    @guarded
    def _on_new_deal(self, _button: widgets.Button) -> None:
        # the number after the one in the field: a number typed there is counted from
        self.ask_new_deal(int(self.seed_input.value) + 1)

    @guarded
    def _on_replay(self, _button: widgets.Button) -> None:
        self.ask_new_deal(int(self.seed_input.value))

    @guarded
    def _on_seed(self, change: dict[str, Any]) -> None:
        """The learner typed a deal's number and pressed Enter (or left the field: the page
        sends the number then too): that deal, asked first when a game is in progress.  The
        field set to the deal shown (by _start) deals nothing."""
        if int(change["new"]) != self.seed:
            self.ask_new_deal(int(change["new"]))

    @guarded
    def _on_confirm_yes(self, _button: widgets.Button) -> None:
        then, self._pending = self._pending, None
        self.confirm.layout.display = "none"
        if then is not None:
            then()

    @guarded
    def _on_confirm_no(self, _button: widgets.Button) -> None:
        self._pending = None
        self.confirm.layout.display = "none"
        self.seed_input.value = self.seed  # a number typed but not dealt: the deal shown

    @guarded
    def _on_next_round(self, _button: widgets.Button) -> None:
        self.next_round()

    @guarded
    def _on_walk(self, _button: widgets.Button) -> None:
        from kamplib.widgets.walkthrough import Walkthrough

        s = self.session
        s.rate_pending()
        marks = {m.position: m.judgement for m in s.moves_in(s.shown) if m.judgement}
        self.walk_box.children = (Walkthrough(self.round, lang=self.lang,
                                              four_color=self.four_color, learner=s.learner,
                                              review=marks),)

    @guarded
    def _on_save(self, _button: widgets.Button) -> None:
        name, text = self.session.save()
        self.save_link.value = download_html(text, name, self.lang)

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = take_uploads(self.upload, change)
        for name, content, size in files:
            self.load(content, name=name, size=size)

    # -- drawing ------------------------------------------------------------------------------
    def _render(self) -> None:
        s = self.session
        rnd = self.round
        lang = self.lang
        facts = [round_title(rnd, lang)]
        trump = trump_text(rnd, lang)
        if trump:
            facts.append(trump)
        me = rnd.players[s.learner]
        if me != t("teach_you_name", lang):  # the family's names: say which seat is the learner's
            facts.append(t("w_you_are", lang, player=me))
        if rnd.is_over:
            facts.append(t("w_round_over", lang, points=rnd.score_list()[s.learner]))
        elif s.my_turn:
            facts.append(t("w_your_turn", lang))
        else:
            facts.append(t("w_waiting", lang, player=rnd.player_to_move))
        facts.append(t("w_level", lang, level=level_name(s.level, lang)))
        self.status.value = f"<b>{escape(' · '.join(facts))}</b>"
        taken = "" if self._taken_said else self._taken
        self.table.value = table_html(rnd, s.learner, taken=taken, lang=lang,
                                      four_color=self.four_color)
        self._render_hand(rnd)
        lines = s.lines()
        fantan = rnd.family is Family.FANTAN
        self.log_box.value = log_html(lines, lang=lang, last=8 if fantan else 5)
        self.score.value = (f"<div><b>{escape(t('w_score_so_far', lang))}</b></div>"
                            + round_scores_html(rnd, lang=lang, classes="kamp-round-score"))
        mine = s.last_move is not None
        self.undo_button.disabled = not (self.practice and mine)
        self.hint_button.disabled = not s.my_turn
        self._render_end()
        self._render_extra()
        kept: dict[str, Any] = {"record": write_record(self.game), "seed": s.seed}
        if self._par_points is not None:
            kept["par"] = self._par_points  # a finished round's par, not worked out again
        self.memory.keep(kept)

    def _render_end(self) -> None:
        """After the round: its score, the sheet so far, the review; the next round on asking."""
        s = self.session
        over = s.round_over
        self.after.layout.display = None if over else "none"
        self.next_button.layout.display = None if s.can_continue else "none"
        if not over:
            self.summary.value = ""
            self.review.value = ""
            return
        s.rate_pending()
        if self._earns:
            self._kept += self._keep_mistakes()
        self._earn()
        if s.game_over and not s.alone:  # the stars under the result they judge (the walk)
            self.summary.value = game_summary_html(game_summary(s), self.game, lang=self.lang,
                                                   verdict=self._stars_html())
        else:
            game = None if s.alone else self.game
            self.summary.value = round_summary_html(round_summary(s), game, lang=self.lang,
                                                    verdict=self._stars_html())
        if self._kept:
            self.summary.value += (f"<p class='kamp-mistakes-kept' style='margin:6px 0'>"
                                   f"{escape(t('w_mistakes_kept', self.lang, count=self._kept))}"
                                   f"</p>")
        self.review.value = self.summary.value

    def _keep_mistakes(self) -> int:
        """The moves the coach's review calls «dårlig» in the round just finished become the
        learner's own puzzles («Finn det beste kortet», kept in the browser); how many now."""
        s = self.session
        data = current_learner()
        added = note_round(data, self.puzzle_game, self.round, s.learner, s.moves_in(s.shown))
        if added:
            learner_changed()
        return len(added)

    def _render_extra(self) -> None:
        pass

    def _render_hand(self, rnd: Round) -> None:
        lang = self.lang
        s = self.session
        legal = set(s.legal())
        cards = rnd.hand(s.learner)
        shown = []
        for i, card in enumerate(cards):
            b = self._card_button(i)
            ok = card in legal
            b._kamp_card = card
            b.description = card.symbol
            b.tooltip = f"{card.name(lang)}, {t('draw_legal' if ok else 'draw_illegal', lang)}"
            b._dom_classes = ("kamp-card", "kamp-legal" if ok else "kamp-illegal",
                              f"kamp-card-{card.text}", SUIT_CLASS[card.suit])
            shown.append(b)
        for b in self.card_buttons[len(cards):]:
            b._kamp_card = None
        extra: list[widgets.Widget] = []
        if rnd.family is Family.FANTAN and not rnd.is_over:
            can_pass = PASS in legal
            self.pass_button._dom_classes = ("kamp-pass",
                                             "kamp-legal" if can_pass else "kamp-illegal")
            extra.append(self.pass_button)
        if s.my_turn and rnd.needs_trump:
            extra.append(self.trump_box)
        self.hand.children = (*shown, *extra)


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop: a kernel's (ipykernel's, or Pyodide's, which counts as always
    running); None in plain Python, where the bots move at once."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _move_text(move: Move, lang: str) -> str:
    from kamplib.teach.review import move_text

    return move_text(move, lang)


class PlayHand(_TableWidget):
    """One round of any kind against bots, with hints, move ratings, undo and a review."""

    def __init__(self, kind: str = "pass", game: str = "femkamp",
                 players: int | Sequence[str] = 4, rules: Rules | dict[str, Any] | None = None,
                 seed: int = 1, level: str = "heuristic", learner: int = 0, lang: str = "nb",
                 practice: bool = True, four_color: bool | None = None,
                 hint_level: str = "search", pace: float | None = None) -> None:
        _check_seat(learner)
        self.puzzle_game = game
        session = TableSession.one_round(kind, game, players, rules, seed=seed, learner=learner,
                                         lang=lang, level=level, hint_level=hint_level)
        self.kind = session.round.kind
        self.rules = session.game.rules
        super().__init__(session, practice=practice, four_color=four_color, pace=pace)


class PlayGame(_TableWidget):
    """A whole game against bots, round after round, with the running score sheet."""

    def __init__(self, game: str = "femkamp", players: int | Sequence[str] = 4,
                 rules: Rules | dict[str, Any] | None = None, seed: int = 1,
                 level: str = "heuristic", lang: str = "nb", learner: int = 0,
                 practice: bool = True, four_color: bool | None = None,
                 hint_level: str = "search", pace: float | None = None) -> None:
        _check_seat(learner)
        self.puzzle_game = game
        session = TableSession.new_game(game, players, rules, seed=seed, learner=learner,
                                        lang=lang, level=level, hint_level=hint_level)
        self.rules = session.game.rules
        super().__init__(session, practice=practice, four_color=four_color, pace=pace)

    _ask_key, _yes_key = "w_confirm_new_game", "w_confirm_yes_game"

    def _new_label(self) -> str:
        return t("w_new_game", self.lang)

    def _extra_children(self) -> list[widgets.Widget]:
        self.sheet = html_box("kamp-sheet", looks=self.looks)
        return [self.sheet]

    def _render_extra(self) -> None:
        from kamplib.draw.sheet import sheet_html

        if self.session.round_over:
            self.sheet.value = ""  # the summary shows the sheet
            return
        self.sheet.value = (f"<div><b>{escape(t('draw_sheet_so_far', self.lang))}</b></div>"
                            + sheet_html(self.game, lang=self.lang))


def _check_seat(learner: Any) -> None:
    if not isinstance(learner, int) or isinstance(learner, bool):
        raise RuleError("bad_seat", player=given(learner), players="0, 1, 2, …")
