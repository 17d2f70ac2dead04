"""Play against bots: one round (:class:`PlayHand`) or a whole game (:class:`PlayGame`).

The learner's cards are stock buttons (Tab and Enter/Space work).  A click makes one engine
call: a legal card is played and the bots reply; an illegal card is refused by the engine and its
reason is shown in words.  Undo replays the round's history but the learner's last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib import hints
from kamplib.cards import RANK_DISPLAY, SUIT_SYMBOLS, SUITS, Card
from kamplib.draw.cards import SUIT_CLASS, hand_html, suit_color
from kamplib.draw.sheet import scores_html, sheet_html
from kamplib.draw.table import (
    fantan_table_html,
    round_scores_html,
    round_title,
    trick_html,
    trump_text,
)
from kamplib.errors import IllegalMove, RecordError, RuleError
from kamplib.game import Game, check_players
from kamplib.i18n import KindName, suit_name, t
from kamplib.round import PASS, Move, Round
from kamplib.rules import Rules, make_rules, parse_kind
from kamplib.view import PlayerView, make_view
from kamplib.widgets.base import (
    Messages,
    button_row,
    download_html,
    guarded,
    html_box,
    stock_button,
    text_of,
    uploaded_files,
)

__all__ = ["PlayHand", "PlayGame", "MAX_UPLOAD_BYTES", "default_names"]

MAX_UPLOAD_BYTES = 500_000  # a whole Sjukamp for five is about 30 kB
_MAX_BOT_MOVES = 400  # more bot moves in a row than any round has: a safety stop
_OTHER_NAMES = ("Kari", "Ola", "Siri", "Per", "Anna")
# A paler ink for cards that cannot be played now (still readable, clearly not on offer).
_PALE = {"#1b1b1b": "#8a8a8a", "#c8102e": "#d98a96", "#137a2f": "#7fb18c", "#1d4fc4": "#8ea6de"}


def default_names(players: int | Sequence[str], learner: int, lang: str) -> tuple[str, ...]:
    """Names for the table: the learner is «Du» (you), the bots get ordinary names."""
    if isinstance(players, int) and not isinstance(players, bool):
        if not 3 <= players <= 5:
            raise RuleError("player_count", count=players)
        others = iter(_OTHER_NAMES)
        me = "Du" if lang == "nb" else "You"
        return tuple(me if i == learner else next(others) for i in range(players))
    return check_players(players)


def _move_text(move: Move, lang: str) -> str:
    if isinstance(move, Card):
        return move.symbol
    if move == PASS:
        return t("w_pass", lang)
    return suit_name(str(move), lang)


@dataclass
class _LearnerMove:
    """One move of the learner: where, what they knew, what they did and how good it was."""

    round_index: int
    position: int  # the round's history length before the move
    view: PlayerView
    move: Move
    rating: Any = None
    hint: Any = None


class _TableWidget(widgets.VBox):
    """A card table with the learner at one seat and bots at the others."""

    def __init__(self, *, players: int | Sequence[str], seed: int, level: str, learner: int,
                 lang: str, practice: bool, four_color: bool, hint_level: str) -> None:
        super().__init__()
        self.add_class("kamp-play")
        self.lang = lang
        self.level = level
        self.practice = practice
        self.four_color = four_color
        self.hint_level = hint_level
        if not isinstance(learner, int) or isinstance(learner, bool):
            raise RuleError("bad_seat", player=learner, players="0, 1, 2, …")
        self.names = default_names(players, learner, lang)
        if not 0 <= learner < len(self.names):
            raise RuleError("bad_seat", player=learner, players=", ".join(self.names))
        self.learner = learner
        from kamplib.bots import make_bot

        make_bot(level, seed=0)  # checks the level now, with the bots' own message
        self._build()
        self.game: Game = self._new_game(seed)
        self.seed = seed
        self._start(self.game)

    # -- to be given by the concrete widgets ---------------------------------------------------
    def _new_game(self, seed: int) -> Game:
        raise NotImplementedError

    def _engine_play(self, player: str, move: Move) -> None:
        raise NotImplementedError

    # -- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        lang = self.lang
        self.messages = Messages(lang)
        self.status = html_box("kamp-status")
        self.table = html_box("kamp-table")
        self.hand = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                       align_items="flex-end"))
        self.hand.add_class("kamp-hand")
        self.card_buttons: list[widgets.Button] = []
        self.pass_button = stock_button(t("w_pass", lang), "kamp-pass",
                                        tooltip=t("w_pass_label", lang),
                                        on_click=self._on_pass, height="70px")
        self.trump_label = widgets.HTML(t("w_choose_trump", lang))
        self.trump_buttons = []
        for suit in SUITS:
            b = stock_button(f"{SUIT_SYMBOLS[suit]} {suit_name(suit, lang)}",
                             "kamp-trump-choice", on_click=self._on_trump)
            b._kamp_suit = suit
            b.style.text_color = suit_color(suit, self.four_color)
            self.trump_buttons.append(b)
        self.trump_box = button_row([self.trump_label, *self.trump_buttons])
        self.hint_button = stock_button(t("w_hint", lang), "kamp-hint", on_click=self._on_hint)
        self.hint_text = html_box("kamp-hint-text")
        self.rating = html_box("kamp-move-rating")
        self.score = html_box("kamp-score")
        self.undo_button = stock_button(t("w_undo", lang), "kamp-undo", on_click=self._on_undo)
        self.new_deal_button = stock_button(t("w_new_deal", lang), "kamp-new-deal",
                                            on_click=self._on_new_deal)
        self.replay_button = stock_button(t("w_replay", lang), "kamp-replay",
                                          on_click=self._on_replay)
        self.seed_input = widgets.IntText(description=t("w_seed", lang),
                                          layout=widgets.Layout(width="170px"))
        self.seed_input.add_class("kamp-seed")
        self.review = html_box("kamp-review")
        self.save_button = stock_button(t("w_save", lang), "kamp-save", on_click=self._on_save)
        self.save_link = html_box("kamp-save-link")
        self.upload = widgets.FileUpload(accept=".json,.kamp", multiple=False,
                                         description=t("w_load", lang))
        self.upload.add_class("kamp-upload")
        self.upload.observe(self._on_upload, names="value")
        controls = [self.hint_button, self.undo_button] if self.practice else []
        for b in (*controls, self.new_deal_button, self.replay_button, self.save_button):
            b.layout.width = "auto"
        self.controls = button_row([*controls, self.new_deal_button, self.replay_button,
                                    self.seed_input])
        self.files = button_row([self.save_button, self.save_link, self.upload])
        self.children = [self.status, self.table, self.messages.widget, self.hand,
                         self.hint_text, self.rating, self.controls, self.score,
                         *self._extra_children(), self.review, self.files]

    def _extra_children(self) -> list[widgets.Widget]:
        return []

    def _card_button(self, i: int) -> widgets.Button:
        while len(self.card_buttons) <= i:
            b = widgets.Button(layout=widgets.Layout(width="52px", height="70px",
                                                     margin="0 2px", padding="0"))
            b.style.font_size = "19px"
            b.style.font_weight = "bold"
            b._kamp_card = None
            b.on_click(self._on_card)
            self.card_buttons.append(b)
        return self.card_buttons[i]

    # -- state ---------------------------------------------------------------------------------
    @property
    def round(self) -> Round:
        """The round this widget shows."""
        return self.game.rounds[self._index]

    @property
    def learner_name(self) -> str:
        return self.names[self.learner]

    def _start(self, game: Game) -> None:
        from kamplib.bots import make_bot

        self.game = game
        self.names = game.players
        self._index = len(game.rounds) - 1
        base = self.seed * 10 if isinstance(self.seed, int) else 0
        self._bots = {s: make_bot(self.level, seed=base + s)
                      for s in range(len(game.players)) if s != self.learner}
        self._moves: list[_LearnerMove] = []
        self._review_cache: tuple[Any, str] | None = None
        self.seed_input.value = self.seed if isinstance(self.seed, int) else 0
        self.hint_text.value = ""
        self.rating.value = ""
        self.save_link.value = ""
        self._run_bots()
        self._render()

    def _follow(self) -> None:
        """Keep showing the game's current round (PlayHand stays on its own round)."""

    def _run_bots(self) -> None:
        """Let the bots play until it is the learner's turn or the round (game) is over."""
        for _ in range(_MAX_BOT_MOVES):
            self._follow()
            rnd = self.round
            if rnd.is_over or rnd.to_move == self.learner:
                return
            seat = rnd.to_move
            decision = self._bots[seat].choose(make_view(rnd, seat))
            self._engine_play(rnd.players[seat], decision.move)

    # -- handlers (one engine call each, then re-render) ---------------------------------------
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

    def play(self, move: Move) -> bool:
        """The learner plays ``move``; False (and the reason shown) when the rules refuse it."""
        rnd = self.round
        index = self._index
        view = make_view(rnd, self.learner) if rnd.to_move == self.learner else None
        try:
            self._engine_play(self.learner_name, move)
        except IllegalMove as err:
            self.messages.refuse(err.message(self.lang))
            self._render()
            return False
        played = rnd.history[-1][1] if rnd.history else move
        self.hint_text.value = ""
        entry = None
        if view is not None and isinstance(played, Card | str) and played in view.legal:
            entry = _LearnerMove(index, len(view.history), view, played)
            self._moves.append(entry)
        if played == PASS:
            self.messages.info(t("w_passed", self.lang))
        else:
            self.messages.info(t("w_played", self.lang, move=_move_text(played, self.lang)))
        try:
            self._run_bots()
            if entry is not None:
                self._rate(entry)
        finally:
            self._render()  # what is shown follows the engine even if a bot or hint failed
        return True

    def _rate(self, entry: _LearnerMove) -> None:
        """Rate the learner's move with the hint of the view before it (one engine call)."""
        if not (isinstance(entry.move, Card) or entry.move == PASS):
            self.rating.value = ""
            return  # choosing trump is not rated
        entry.hint = hints.hint(entry.view, level=self.hint_level, seed=self.seed)
        entry.rating = entry.hint.rating(entry.move)
        if self.practice:
            label = entry.rating.label_text(self.lang)
            reason = text_of(entry.rating, self.lang)
            self.rating.value = (
                f"<div class='kamp-rating-{escape(entry.rating.label)}'>"
                f"{escape(t('w_rating', self.lang, label=label, reason=reason))}</div>")

    @guarded
    def _on_hint(self, _button: widgets.Button) -> None:
        rnd = self.round
        if rnd.to_move != self.learner:
            self.hint_text.value = escape(t("w_no_hint", self.lang))
            return
        h = hints.hint(make_view(rnd, self.learner), level=self.hint_level, seed=self.seed)
        self.hint_text.value = escape(t("w_hint_text", self.lang,
                                        move=_move_text(h.move, self.lang),
                                        reason=text_of(h, self.lang)))

    @guarded
    def _on_undo(self, _button: widgets.Button) -> None:
        self.undo()

    def undo(self) -> bool:
        """Take back the learner's last move in this round (and the bots' replies after it)."""
        rnd = self.round
        mine = [i for i, (seat, _m) in enumerate(rnd.history) if seat == self.learner]
        if rnd is not self.game.rounds[-1] or not mine:
            self.messages.info(t("w_nothing_to_undo", self.lang))
            return False
        k = mine[-1]
        move = rnd.history[k][1]
        self.game.rounds[-1] = rnd.replayed(k)  # actions are records: replay all but the last
        self._moves = [m for m in self._moves
                       if not (m.round_index == self._index and m.position >= k)]
        self._review_cache = None
        self.rating.value = ""
        self.hint_text.value = ""
        self.messages.info(t("w_undone", self.lang, card=_move_text(move, self.lang)))
        self._render()
        return True

    @guarded
    def _on_new_deal(self, _button: widgets.Button) -> None:
        self.new_deal(self.seed + 1 if isinstance(self.seed, int) else 1)

    @guarded
    def _on_replay(self, _button: widgets.Button) -> None:
        self.new_deal(int(self.seed_input.value))

    def new_deal(self, seed: int) -> None:
        """Deal again from ``seed`` (the same seed always gives the same cards)."""
        game = self._new_game(seed)
        self.seed = seed
        self.messages.clear()
        self._start(game)

    @guarded
    def _on_save(self, _button: widgets.Button) -> None:
        from kamplib.record import write_record

        text = write_record(self.game)
        name = f"kamp-{self.game.game}-{self.seed}.json"
        self.save_link.value = download_html(text, name, t("w_download", self.lang, name=name))

    @guarded
    def _on_upload(self, change: dict[str, Any]) -> None:
        files = uploaded_files(change.get("new"))
        if files:
            self.upload.value = ()  # so the same file can be chosen again
        for name, content, size in files:
            self.load(content, name=name, size=size)

    def load(self, content: bytes | str, *, name: str = "kamp.json",
             size: int | None = None) -> bool:
        """Open a kamp/1 record; a broken or too big file is refused and the game is kept."""
        from kamplib.record import read_record

        size = len(content) if size is None else size
        if size > MAX_UPLOAD_BYTES:
            self.messages.error(t("w_file_too_big", self.lang, name=name, size=size,
                                  limit=MAX_UPLOAD_BYTES))
            return False
        try:
            game = read_record(content)
            self._check_loaded(game)
        except (RecordError, RuleError) as err:
            self.messages.error(t("w_file_broken", self.lang, name=name,
                                  reason=err.message(self.lang)))
            return False
        if self.learner >= len(game.players):
            self.learner = 0
        self.seed = 0
        self._start(game)
        self.messages.info(t("w_loaded", self.lang, name=name))
        return True

    def _check_loaded(self, game: Game) -> None:
        """Refuse a record this widget cannot show (PlayHand takes any)."""

    # -- drawing -------------------------------------------------------------------------------
    def _render(self) -> None:
        rnd = self.round
        lang = self.lang
        me = self.learner
        facts = [round_title(rnd, lang)]
        trump = trump_text(rnd, lang)
        if trump:
            facts.append(trump)
        if rnd.is_over:
            facts.append(t("w_round_over", lang, points=rnd.score_list()[me]))
        elif rnd.to_move == me:
            facts.append(t("w_your_turn", lang, player=self.learner_name))
        else:
            facts.append(t("w_waiting", lang, player=rnd.player_to_move))
        self.status.value = f"<b>{escape(' · '.join(facts))}</b>"
        self.table.value = self._table_html(rnd)
        self._render_hand(rnd)
        self.score.value = (f"<div><b>{escape(t('w_score_so_far', lang))}</b></div>"
                            + round_scores_html(rnd, lang=lang, classes="kamp-round-score"))
        mine = any(seat == me for seat, _ in rnd.history)
        self.undo_button.disabled = not (self.practice and mine and rnd is self.game.rounds[-1])
        self.hint_button.disabled = rnd.to_move != me
        self.review.value = self._review_html() if rnd.is_over else ""
        self._render_extra()

    def _render_extra(self) -> None:
        pass

    def _table_html(self, rnd: Round) -> str:
        lang = self.lang
        others = []
        for seat, name in enumerate(rnd.players):
            if seat == self.learner:
                continue
            count = rnd.hands[seat].bit_count()
            line = t("w_cards_in_hand", lang, player=name, count=count)
            if rnd.kind == "fantan":
                line += ", " + t("w_passes", lang, count=rnd.passes[seat])
            others.append(f"<div class='kamp-opponent' data-player='{escape(name)}' "
                          f"style='margin-right:14px'>{escape(line)}"
                          + hand_html([Card.ALL[0]] * count, hidden=True, player=name,
                                      lang=lang, scale=0.3) + "</div>")
        parts = [f"<div style='display:flex;flex-wrap:wrap'>{''.join(others)}</div>"]
        if rnd.kind == "fantan":
            parts.append(fantan_table_html(rnd, lang=lang, four_color=self.four_color))
        else:
            parts.append(trick_html(rnd.trick, rnd.players, winning=rnd.winning, lang=lang,
                                    four_color=self.four_color))
            if rnd.tricks:
                last = rnd.tricks[-1]
                parts.append(trick_html(last.plays, rnd.players, winning=last.winner,
                                        finished=True, lang=lang, four_color=self.four_color,
                                        title=t("draw_last_trick", lang),
                                        classes=("kamp-last-trick",)))
        return ("<div style='display:flex;flex-direction:column;gap:6px'>"
                + "".join(parts) + "</div>")

    def _render_hand(self, rnd: Round) -> None:
        lang = self.lang
        my_turn = rnd.to_move == self.learner
        legal = set(rnd.legal_moves()) if my_turn else set()
        cards = rnd.hand(self.learner)
        shown = []
        for i, card in enumerate(cards):
            b = self._card_button(i)
            ok = card in legal
            b._kamp_card = card
            b.description = f"{RANK_DISPLAY[card.rank]}{SUIT_SYMBOLS[card.suit]}"
            b.tooltip = f"{card.name(lang)}, {t('draw_legal' if ok else 'draw_illegal', lang)}"
            # legal cards raised with a dark frame; the others lowered, pale and dashed
            b.style.text_color = (suit_color(card.suit, self.four_color) if ok
                                  else _PALE[suit_color(card.suit, self.four_color)])
            b.style.button_color = "white" if ok else "#efefef"
            b.layout.border = "2px solid #444" if ok else "1px dashed #aaa"
            b.layout.margin = "0 2px 12px 2px" if ok else "12px 2px 0 2px"
            b._dom_classes = ("kamp-card", "kamp-legal" if ok else "kamp-illegal",
                              f"kamp-card-{card.text}", SUIT_CLASS[card.suit])
            shown.append(b)
        for b in self.card_buttons[len(cards):]:
            b._kamp_card = None
        extra: list[widgets.Widget] = []
        if rnd.kind == "fantan" and not rnd.is_over:
            can_pass = my_turn and PASS in legal
            self.pass_button._dom_classes = ("kamp-pass",
                                             "kamp-legal" if can_pass else "kamp-illegal")
            extra.append(self.pass_button)
        if my_turn and getattr(rnd, "needs_trump", False):
            extra.append(self.trump_box)
        self.hand.children = (*shown, *extra)

    def _review_html(self) -> str:
        """The learner's moves in the finished round that cost points, with the better move."""
        key = (self._index, len(self.round.history))
        if self._review_cache and self._review_cache[0] == key:
            return self._review_cache[1]
        lang = self.lang
        items = []
        for number, m in enumerate(
                (m for m in self._moves if m.round_index == self._index), start=1):
            if m.rating is None or m.rating.label == "good":
                continue
            better = m.hint
            if better is None or better.move == m.move:
                continue
            items.append(t("w_review_item", lang, number=number,
                           move=_move_text(m.move, lang),
                           label=m.rating.label_text(lang),
                           better=_move_text(better.move, lang), why=text_of(better, lang)))
        body = ("".join(f"<li class='kamp-review-item'>{escape(i)}</li>" for i in items)
                if items else f"<li>{escape(t('w_review_none', lang))}</li>")
        html = f"<div><b>{escape(t('w_review_title', lang))}</b><ul>{body}</ul></div>"
        self._review_cache = (key, html)
        return html


def _round_rules(kind: str, game: str, rules: Rules | dict[str, Any] | None) -> Rules:
    """The house rules of ``game`` for a one-round game of ``kind`` (never scored double)."""
    base = rules if isinstance(rules, Rules) else make_rules(game, rules)
    values = {f.name: getattr(base, f.name) for f in fields(base)
              if f.name not in ("game", "order")}
    values["last_round_double"] = False
    return make_rules("custom", {**values, "order": [kind]})


class PlayHand(_TableWidget):
    """One round of any kind against bots, with hints, move ratings, undo and a review."""

    def __init__(self, kind: str = "pass", game: str = "femkamp",
                 players: int | Sequence[str] = 4, rules: Rules | dict[str, Any] | None = None,
                 seed: int = 1, level: str = "heuristic", learner: int = 0, lang: str = "nb",
                 practice: bool = True, four_color: bool = False,
                 hint_level: str = "search") -> None:
        self.kind = parse_kind(kind)
        self.rules = _round_rules(self.kind, game, rules)
        self.seed = seed
        super().__init__(players=players, seed=seed, level=level, learner=learner, lang=lang,
                         practice=practice, four_color=four_color, hint_level=hint_level)

    def _new_game(self, seed: int) -> Game:
        return Game(self.names, rules=self.rules, seed=seed)

    def _engine_play(self, player: str, move: Move) -> None:
        rnd = self.round
        if rnd is self.game.round and not self.game.is_over:
            self.game.play(move, player=player)
        else:
            rnd.play_for(player, move)  # the engine says the round is over


class PlayGame(_TableWidget):
    """A whole game against bots, round after round, with the running score sheet."""

    def __init__(self, game: str = "femkamp", players: int | Sequence[str] = 4,
                 rules: Rules | dict[str, Any] | None = None, seed: int = 1,
                 level: str = "heuristic", lang: str = "nb", learner: int = 0,
                 practice: bool = True, four_color: bool = False,
                 hint_level: str = "search") -> None:
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        self.seed = seed
        super().__init__(players=players, seed=seed, level=level, learner=learner, lang=lang,
                         practice=practice, four_color=four_color, hint_level=hint_level)

    def _extra_children(self) -> list[widgets.Widget]:
        self.sheet = html_box("kamp-sheet")
        return [self.sheet]

    def _new_game(self, seed: int) -> Game:
        return Game(self.names, rules=self.rules, seed=seed)

    def _engine_play(self, player: str, move: Move) -> None:
        self.game.play(move, player=player)

    def _follow(self) -> None:
        last = len(self.game.rounds) - 1
        if last != self._index:
            done = self.game.rounds[self._index]
            scores = ", ".join(f"{p} {s}" for p, s in done.scores().items())
            self.messages.info(t("w_round_done", self.lang, number=done.number,
                                 kind=KindName(done.kind), scores=scores))
            self._index = last

    def _render_extra(self) -> None:
        lang = self.lang
        winners = self.game.winners
        done = ""
        if self.game.is_over:
            done = (f"<div class='kamp-game-over' role='status'><b>"
                    f"{escape(t('w_game_over', lang, winners=', '.join(winners)))}</b></div>")
        self.sheet.value = (done + sheet_html(self.game, lang=lang)
                            + scores_html(self.game.players, self.game.running_scores(),
                                          lang=lang, classes="kamp-running"))
