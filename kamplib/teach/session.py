"""The learner's table in plain Python: a game, the learner's seat, bots in the other seats.

A :class:`TableSession` is what the play widgets show, and can be driven and tested without
them: the learner plays (:meth:`TableSession.play`), the bots answer one move at a time
(:meth:`TableSession.bot_moves`, through the one autoplay loop), every action goes into a log
with its sentence, each learner move is rated by the coach (:meth:`TableSession.rate_pending`),
a finished round waits for the learner (:meth:`TableSession.next_round`), undo is the engine's,
and the game saves and loads as a ``kamp/1`` record.  Nothing here edits the engine's state
except through its own methods.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any

from kamplib.autoplay import STOP_TURN, make_bots, steps
from kamplib.bots import make_bot
from kamplib.cards import Card
from kamplib.errors import IllegalMove, RecordError, RuleError
from kamplib.game import Game
from kamplib.i18n import ByteSize, KindName, Phrase, t
from kamplib.moves import PASS, Move
from kamplib.round import Round
from kamplib.rules import Rules, make_rules, parse_kind
from kamplib.seating import TABLE_SIZES, check_players, player_count_error
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)
from kamplib.teach.narration import Line, before, narrate
from kamplib.teach.review import Judgement, judge
from kamplib.view import PlayerView, make_view

__all__ = ["TableSession", "LearnerMove", "default_names", "one_round_rules", "MAX_RECORD_BYTES",
           "BOT_NAMES"]

MAX_RECORD_BYTES = 500_000  # a whole Sjukamp for five is about 30 kB
# The engine's refusals whose sentence needs other words when the player is the learner
# («ikke din», not «ikke Du sin»); every other refusal reads right with «Du» / «You» as the name.
LEARNER_WORDING = {
    "not_your_turn": "teach_you_not_your_turn",
    "not_in_hand": "teach_you_not_in_hand",
    "no_pass_in_tricks": "teach_you_no_pass_in_tricks",
    "trump_first": "teach_you_trump_first",
    "seven_of_hearts_first": "teach_you_seven_first",
}
# The bots' names at the learner's table (the learner is «Du» / «You»).
BOT_NAMES = ("Kari", "Ola", "Siri", "Per", "Anna")


def default_names(players: int | Sequence[str], learner: int, lang: str = "nb") -> tuple[str, ...]:
    """Names for the table: the learner is «Du» (you), the bots get ordinary names."""
    if isinstance(players, int) and not isinstance(players, bool):
        if players not in TABLE_SIZES:
            raise player_count_error(players)
        others = iter(BOT_NAMES)
        me = t("teach_you_name", lang)
        return tuple(me if i == learner else next(others) for i in range(players))
    return check_players(players)


def one_round_rules(kind: str, game: str = "femkamp",
                    rules: Rules | dict[str, Any] | None = None) -> Rules:
    """The house rules of ``game`` for one round of ``kind`` played on its own (never doubled)."""
    base = rules if isinstance(rules, Rules) else make_rules(game, rules)
    values = {f.name: getattr(base, f.name) for f in fields(base)
              if f.name not in ("game", "order")}
    values["last_round_double"] = False
    return make_rules("custom", {**values, "order": [parse_kind(kind)]})


@dataclass
class LearnerMove:
    """One move of the learner: where, what they knew, what they did, and the coach's verdict."""

    round_index: int
    position: int  # the round's history length before the move
    view: PlayerView
    move: Move
    judgement: Judgement | None = None

    @property
    def rated(self) -> bool:
        return self.judgement is not None or not _is_rated(self.move)


def _is_rated(move: Move) -> bool:
    """Cards and passes are rated; naming trump is not (the coach has nothing to compare)."""
    return isinstance(move, Card) or move is PASS


class TableSession:
    """A learner's table: one round on its own (``alone``) or a whole game, with bots."""

    def __init__(self, game: Game, *, learner: int = 0, level: str = "heuristic",
                 seed: int | None = None, hint_level: str = "search", alone: bool = False,
                 lang: str = "nb") -> None:
        if not isinstance(learner, int) or isinstance(learner, bool) \
                or not 0 <= learner < game.n:
            raise RuleError("teach_bad_seat", seat=learner, count=game.n)
        make_bot(level, seed=0)  # checks the level now, with the bots' own message
        self.game = game
        self.learner = learner
        self.level = level
        self.seed = seed
        self.hint_level = hint_level
        self.alone = alone
        self.lang = lang
        self.bots = make_bots(game.n, level, seed, humans={learner})
        self.log: list[Line] = []
        self.moves: list[LearnerMove] = []
        self._read_history()
        self.shown = len(game.rounds) - 1

    # -- making one ----------------------------------------------------------------------------
    @classmethod
    def new_game(cls, game: str = "femkamp", players: int | Sequence[str] = 4,
                 rules: Rules | dict[str, Any] | None = None, *, seed: int = 1,
                 learner: int = 0, lang: str = "nb", **options: Any) -> TableSession:
        """A whole game of ``game`` against bots, dealt from ``seed``."""
        names = default_names(players, learner, lang)
        r = rules if isinstance(rules, Rules) else make_rules(game, rules)
        return cls(Game(names, rules=r, seed=seed), learner=learner, seed=seed, lang=lang,
                   **options)

    @classmethod
    def one_round(cls, kind: str = "pass", game: str = "femkamp",
                  players: int | Sequence[str] = 4, rules: Rules | dict[str, Any] | None = None,
                  *, seed: int = 1, learner: int = 0, lang: str = "nb",
                  **options: Any) -> TableSession:
        """One round of ``kind`` under ``game``'s house rules, dealt from ``seed``."""
        names = default_names(players, learner, lang)
        r = one_round_rules(kind, game, rules)
        return cls(Game(names, rules=r, seed=seed), learner=learner, seed=seed, alone=True,
                   lang=lang, **options)

    def redeal(self, seed: int) -> TableSession:
        """The same table dealt again from ``seed`` (same players, rules, bots' level)."""
        game = Game(self.game.players, rules=self.game.rules, seed=seed)
        return TableSession(game, learner=self.learner, level=self.level, seed=seed,
                            hint_level=self.hint_level, alone=self.alone, lang=self.lang)

    # -- what the table shows ------------------------------------------------------------------
    @property
    def round(self) -> Round:
        """The round on the table (a finished one stays until the learner moves on)."""
        return self.game.rounds[self.shown]

    @property
    def players(self) -> tuple[str, ...]:
        return self.game.players

    @property
    def learner_name(self) -> str:
        return self.game.players[self.learner]

    @property
    def round_over(self) -> bool:
        return self.round.is_over

    @property
    def game_over(self) -> bool:
        return self.game.is_over or (self.alone and self.round.is_over)

    @property
    def can_continue(self) -> bool:
        """A round is finished and another one follows: the learner may ask for it."""
        return self.round_over and not self.game_over

    @property
    def my_turn(self) -> bool:
        return not self.round_over and self.round.to_move == self.learner

    def legal(self) -> tuple[Move, ...]:
        """What the learner may play now (nothing when it is not their turn)."""
        return self.round.legal_moves() if self.my_turn else ()

    def lines(self, round_index: int | None = None) -> list[Line]:
        """The log of one round (the shown one by default)."""
        number = self.game.rounds[self.shown if round_index is None else round_index].number
        return [line for line in self.log if line.round_number == number]

    def moves_in(self, round_index: int) -> list[LearnerMove]:
        return [m for m in self.moves if m.round_index == round_index]

    @property
    def last_move(self) -> LearnerMove | None:
        """The learner's latest move in the shown round, if any."""
        mine = self.moves_in(self.shown)
        return mine[-1] if mine else None

    # -- acting --------------------------------------------------------------------------------
    def play(self, move: Move | str) -> list[Line]:
        """The learner plays ``move``; a move the rules refuse raises :class:`IllegalMove` (with
        the reason in words) and changes nothing.  The bots do not move yet: see
        :meth:`bot_moves`."""
        if self.round_over:  # name the next round's button only where there is one
            if self.can_continue:
                raise IllegalMove("teach_not_now", button=Phrase("teach_next_round_button"))
            raise IllegalMove("teach_round_done")
        rnd = self.round
        index = self.shown
        view = make_view(rnd, self.learner) if rnd.to_move == self.learner else None
        moment = before(rnd)
        try:
            self.game.play(_as_move(move, rnd), player=self.learner_name)
        except IllegalMove as err:
            raise self._said_to_learner(err) from None
        lines = narrate(moment, rnd)
        self.log.extend(lines)
        entry = rnd.history[moment.position]
        seat, played = entry.seat, entry.move
        if view is not None and seat == self.learner:
            self.moves.append(LearnerMove(index, moment.position, view, played))
        return lines

    def _said_to_learner(self, err: IllegalMove) -> IllegalMove:
        """The engine's refusal of the learner's own move, said to the learner: «Du må følge
        farge …», not «Kari må følge farge …» at a table of the family's names."""
        if err.player != self.learner_name:
            return err
        return IllegalMove(LEARNER_WORDING.get(err.code, err.code), round=err.round,
                           kind=err.kind, trick=err.trick, turn=err.turn,
                           player=Phrase("teach_you_name"), card=err.card, **err.params)

    def bot_moves(self) -> Iterator[list[Line]]:
        """Let the bots move, one at a time, until it is the learner's turn or the round ends;
        each move's lines are yielded as soon as it is made (a table can show them one by one)."""
        while not self.round_over and self.round.to_move != self.learner:
            rnd = self.round
            moment = before(rnd)
            made = list(steps(self.game, self.bots, stop=STOP_TURN, reasons=True))
            if not made:
                return
            lines = narrate(moment, rnd)
            self.log.extend(lines)
            yield lines

    def run_bots(self) -> list[Line]:
        """All the bots' moves at once (no pause): the lines they made."""
        return [line for lines in self.bot_moves() for line in lines]

    def rate_pending(self) -> list[LearnerMove]:
        """Ask the coach about every learner move not rated yet; returns the ones rated now."""
        done = []
        for m in self.moves:
            if not m.rated:
                m.judgement = judge(m.view, m.move, level=self.hint_level)
                done.append(m)
        return done

    def hint(self) -> Any:
        """The coach's advice for the learner's turn (a :class:`kamplib.hints.Hint`)."""
        if not self.my_turn:
            raise IllegalMove("teach_no_hint")
        from kamplib import hints

        return hints.hint(make_view(self.round, self.learner), level=self.hint_level)

    def undo(self) -> list[tuple[str, Move]]:
        """Take back the learner's last move in the shown round and the bots' replies after it
        (the engine's undo); the log and the ratings forget them too."""
        mine = self.moves_in(self.shown)
        if not mine or self.shown != self._last_played_round():
            raise IllegalMove("teach_nothing_to_undo")
        undone = self.game.undo_last_move_of(self.learner_name)
        last = mine[-1]
        number = self.round.number
        self.moves = [m for m in self.moves
                      if not (m.round_index == self.shown and m.position >= last.position)]
        self.log = [line for line in self.log
                    if not (line.round_number == number and line.position >= last.position)]
        return undone

    def next_round(self) -> None:
        """Move on to the next round once the learner has seen the finished one."""
        if not self.can_continue:
            raise IllegalMove("teach_nothing_next")
        self.game.legal_moves()  # the engine starts the next round if it has not yet
        self.shown = len(self.game.rounds) - 1

    def _last_played_round(self) -> int:
        """The round the game's undo would reach: the last one with any action."""
        for i in range(len(self.game.rounds) - 1, -1, -1):
            if self.game.rounds[i].history:
                return i
        return 0

    # -- a game read from a record -------------------------------------------------------------
    def _read_history(self) -> None:
        """The log and the learner's moves of everything already played (a loaded record)."""
        for index, rnd in enumerate(self.game.rounds):
            fresh = rnd.replayed(0)
            for seat, move in ((e.seat, e.move) for e in rnd.history):
                moment = before(fresh)
                if seat == self.learner and fresh.to_move == self.learner:
                    self.moves.append(LearnerMove(index, moment.position,
                                                  make_view(fresh, self.learner), move))
                fresh.play(move)
                self.log.extend(narrate(moment, fresh))

    # -- files ---------------------------------------------------------------------------------
    def file_name(self, lang: str | None = None) -> str:
        """A name that says what the file holds: «femkamp-runde-3-av-5-utdeling-7.json»."""
        lang = lang or self.lang
        seed = self.seed if self.seed is not None else 0
        if self.alone:
            stem = t("teach_file_hand", lang, kind=KindName(self.round.kind), seed=seed)
        elif self.game_over:
            stem = t("teach_file_done", lang, game=self.game.game, seed=seed)
        else:
            stem = t("teach_file_game", lang, game=self.game.game, number=self.round.number,
                     count=len(self.game.rules.order), seed=seed)
        return _safe_file_name(stem) + ".json"

    def save(self) -> tuple[str, str]:
        """The game as a ``kamp/1`` record: ``(file name, text)`` for a download."""
        from kamplib.record import write_record

        return self.file_name(), write_record(self.game)

    def load(self, content: bytes | str, *, name: str = "kamp.json",
             size: int | None = None, seed: int | None = None) -> TableSession:
        """A new session at this table from a ``kamp/1`` record.  A file that is too big, broken
        or not for this table raises :class:`RecordError` (this session is left as it was).
        ``seed`` is the bots' (a table brought back after a lost kernel plays on as before)."""
        from kamplib.record import read_record

        size = len(content) if size is None else size
        if size > MAX_RECORD_BYTES:
            raise RecordError("teach_file_too_big", size=ByteSize(size),
                              limit=ByteSize(MAX_RECORD_BYTES))
        game = read_record(content)
        for player in game.players:
            try:
                player.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError("teach_bad_name", name=player.encode(
                    "utf-8", "replace").decode("utf-8")) from None
        learner = self.learner if self.learner < game.n else 0
        return TableSession(game, learner=learner, level=self.level, seed=seed,
                            hint_level=self.hint_level, alone=self.alone and len(game.rounds) == 1,
                            lang=self.lang)


def _as_move(move: Move | str, rnd: Round) -> Move:
    """A move typed as text (``"QH"``, ``"pass"``, ``"H"`` when naming trump) as the engine's."""
    if not isinstance(move, str):
        return move
    from kamplib.moves import ChooseTrump, parse_move

    if rnd.needs_trump:
        return ChooseTrump(move)
    return parse_move(move)


def _safe_file_name(stem: str) -> str:
    """Letters, digits and dashes only (æøå kept): a name every system accepts."""
    out = "".join(c if c.isalnum() or c == "-" else "-" for c in stem.lower())
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-") or "kamp"
