"""A whole game: the rounds in order, the dealer moving clockwise, trump, totals and winners.

``Game(["Kari", "Ola", "Siri", "Per"], "femkamp", seed=7)`` deals every round up front from the
seed (so the same seed always gives the same deals), and moves on to the next round by itself
when one ends.  Tie-break Grand rounds (house rule ``tie_break: extra_grand``) are dealt when
they are needed, from the same random stream.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kamplib.cards import SUITS
from kamplib.deal import deal_hands, trump_for
from kamplib.errors import IllegalMove, KampError, RuleError, given
from kamplib.i18n import KindName, Phrase, register
from kamplib.kinds import kind_of
from kamplib.round import Move, Round, check_players, new_round, validate_deal
from kamplib.rules import Rules, make_rules, round_multiplier
from kamplib.seating import dealer_of_round
from kamplib.standings import Standing, adds_rounds, kind_of_round, standing
from kamplib.view import PlayerView, make_view

__all__ = ["Game", "RoundDeal", "check_players"]


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _one_thread(method: _Method) -> _Method:
    """A method that changes the game: a second thread calling in while one is inside gets a
    clear error instead of both advancing the same round (two Kløver, no Damer)."""

    @functools.wraps(method)
    def guarded(self: Game, *args: Any, **kwargs: Any) -> Any:
        inside = self._inside  # appending and popping are atomic: no thread sees a half state
        inside.append(None)
        try:
            if len(inside) > 1:
                raise KampError("game_in_use")
            return method(self, *args, **kwargs)
        finally:
            inside.pop()

    return guarded  # type: ignore[return-value]


@dataclass(frozen=True)
class RoundDeal:
    """The deal of one round: its kind, dealer seat, hands (masks by seat) and trump."""

    kind: str
    dealer: int
    hands: tuple[int, ...]
    trump: str | None = None


class Game:
    """A Femkamp, Sekskamp, Sjukamp or custom game in progress (or finished).

    A game belongs to one thread at a time: it is not shared between threads (give each thread
    its own game, or a lock of your own).  A call that would change it while another thread is
    inside raises :class:`KampError` (``game_in_use``) and changes nothing.
    """

    def __init__(self, players: Sequence[str], game: str = "femkamp",
                 rules: Rules | Mapping[str, Any] | None = None, *, seed: int | None = None,
                 first_dealer: str | int | None = None,
                 deals: Sequence[RoundDeal] | None = None,
                 contenders: Sequence[str] | None = None) -> None:
        self._inside: list[None] = []  # one entry per call under way (more than one: threads)
        self.players = check_players(players)
        self.n = len(self.players)
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        self.game = self.rules.game
        self.order = self.rules.order
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RuleError("bad_argument", name="seed", value=given(seed),
                            expected=Phrase("expect_whole_number"))
        self.seed = seed
        self.rng = random.Random(seed)
        if first_dealer is None:
            dealer = self.n - 1  # so the first player listed leads the first trick
        elif type(first_dealer) is int and 0 <= first_dealer < self.n:
            dealer = first_dealer
        elif isinstance(first_dealer, str):
            dealer = self._seat(first_dealer)
        else:
            raise RuleError("bad_argument", name="first_dealer", value=given(first_dealer),
                            expected=Phrase("expect_seat"))
        self.first_dealer = dealer
        # With tie_break extra_game this game may be the rematch of a tie among these players.
        if contenders:
            if isinstance(contenders, str) or not isinstance(contenders, Sequence):
                raise RuleError("bad_argument", name="contenders", value=given(contenders),
                                expected=Phrase("expect_names"))
            for name in contenders:
                self._seat(name)
        self.contenders = tuple(contenders) if contenders else self.players
        if deals is not None:
            self._check_deals(deals, dealer)
        # Every deal the game knows, in order; a record writes all of them.  A fresh game deals
        # its regular rounds up front from the seed; a game read from a record knows only the
        # record's deals and deals any later round when it starts.
        self.deals: list[RoundDeal] = list(deals) if deals is not None else [
            self._new_deal(kind, dealer_of_round(dealer, i, self.n))
            for i, kind in enumerate(self.order)
        ]
        self.rounds: list[Round] = []
        self._start_round(0)

    def _check_deals(self, deals: Sequence[RoundDeal], first_dealer: int) -> None:
        """Deals handed in (a record's, or a caller's) must be whole, checked deals in order."""
        if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence) or not deals:
            raise RuleError("bad_argument", name="deals", value=given(deals),
                            expected=Phrase("expect_deals"))
        for i, d in enumerate(deals):
            if not isinstance(d, RoundDeal):
                raise RuleError("bad_argument", name=f"deals[{i}]", value=given(d),
                                expected=Phrase("expect_deals"))
            kind, dealer = kind_of_round(self.rules, i), dealer_of_round(first_dealer, i, self.n)
            if d.kind != kind or type(d.dealer) is not int or d.dealer != dealer:
                raise RuleError("deal_out_of_order", number=i + 1, round_kind=KindName(kind),
                                dealer=self.players[dealer])
            if isinstance(d.hands, (str, bytes)) or not isinstance(d.hands, Sequence):
                raise RuleError("bad_argument", name=f"deals[{i}].hands", value=given(d.hands),
                                expected=Phrase("expect_hands"))
            validate_deal(d.kind, self.players, d.dealer, d.hands, self.rules)
            if d.trump is not None and (not isinstance(d.trump, str) or d.trump not in SUITS
                                        or not kind_of(d.kind).has_trump):
                raise RuleError("record_trump_outside", round=i + 1, kind=d.kind)

    # -- dealing -------------------------------------------------------------------------------
    def _new_deal(self, kind: str, dealer: int) -> RoundDeal:
        trump = trump_for(kind, self.n, self.rules, self.rng)
        return RoundDeal(kind, dealer, deal_hands(kind, self.n, dealer, self.rules, self.rng),
                         trump)

    def _start_round(self, index: int) -> None:
        if index < len(self.deals):
            d = self.deals[index]
        else:  # a round not dealt yet: a regular one after a record, or a tie-break Grand
            d = self._new_deal(kind_of_round(self.rules, index),
                               dealer_of_round(self.first_dealer, index, self.n))
            self.deals.append(d)
        self.rounds.append(new_round(d.kind, self.players, d.hands, dealer=d.dealer,
                                     rules=self.rules, trump=d.trump, number=index + 1,
                                     multiplier=round_multiplier(self.rules, index),
                                     check=False))

    # -- playing -------------------------------------------------------------------------------
    @property
    def round(self) -> Round:
        """The round being played (the last one once the game is over)."""
        return self.rounds[-1]

    @property
    def to_move(self) -> str | None:
        return None if self.is_over else self.round.player_to_move

    def legal_moves(self) -> tuple[Move, ...]:
        rnd = self.rounds[-1]
        if rnd.is_over:  # reading changes nothing; moving on to the next round does
            if not self._guarded_sync():
                return ()
            rnd = self.rounds[-1]
        return rnd.legal_moves()

    def play(self, move: Move, player: str | None = None) -> None:
        """Play for the player to move (or for ``player``, refused when it is not their turn).

        When the move ends a round the next one starts; a refused move changes nothing.
        """
        inside = self._inside  # inline, not @_one_thread: the engine's hot path
        inside.append(None)
        try:
            if len(inside) > 1:
                raise KampError("game_in_use")
            rnd = self.rounds[-1]
            if rnd.is_over:
                if not self._sync():
                    raise IllegalMove("game_over", round=len(self.rounds), kind=rnd.kind)
                rnd = self.rounds[-1]
            if player is None:
                rnd.play(move)
            else:
                rnd.play_for(player, move)
            if rnd.is_over:
                self._advance()
        finally:
            inside.pop()

    @_one_thread
    def _guarded_sync(self) -> bool:
        return self._sync()

    def _sync(self) -> bool:
        """Start the next round if the current one is over (also when it was played to its end
        directly on ``game.round``); False when the game is over."""
        if not self.is_over:
            self._advance()
        return not self.is_over

    def _advance(self) -> None:
        if not self.rounds[-1].is_over:
            return
        if len(self.rounds) < len(self.order) or (adds_rounds(self.rules)
                                                  and not self.standing().is_over):
            self._start_round(len(self.rounds))

    @_one_thread
    def undo(self) -> tuple[str, Move]:
        """Take back the game's last action (into the previous round if this one has none yet)
        and return it as ``(player, move)``; the state is exactly what it was before it."""
        return self._undo()

    def _undo(self) -> tuple[str, Move]:
        while len(self.rounds) > 1 and not self.rounds[-1].history:
            self.rounds.pop()  # its deal stays in self.deals, so it comes back the same
        rnd = self.rounds[-1]
        undone = rnd.undo()
        seat, move = undone.seat, undone.move
        return rnd.players[seat], move

    @_one_thread
    def undo_last_move_of(self, player: str) -> list[tuple[str, Move]]:
        """Take back ``player``'s last action and every action after it (the bots' replies),
        latest first; nothing changes when ``player`` has not acted."""
        self._seat(player)
        if not any(self.players[e.seat] == player for r in self.rounds for e in r.history):
            raise IllegalMove("nothing_to_undo", round=len(self.rounds), kind=self.round.kind,
                              player=player)
        undone: list[tuple[str, Move]] = []
        while True:
            who, move = self._undo()
            undone.append((who, move))
            if who == player:
                return undone

    @property
    def is_over(self) -> bool:
        if not self.rounds[-1].is_over or len(self.rounds) < len(self.order):
            return False  # asked after every move: the standing is needed only at the end
        return not adds_rounds(self.rules) or self.standing().is_over

    # -- scores ----------------------------------------------------------------------------------
    def round_scores(self) -> list[dict[str, int]]:
        """Scores of the finished rounds, in order."""
        return [r.scores() for r in self.rounds if r.is_over]

    def standing(self) -> Standing:
        """Totals, the lead and what the tie-break rule still asks for (one rule for the
        engine and the score sheet: :func:`kamplib.standings.standing`)."""
        return standing(self.players, [r.score_list() for r in self.rounds if r.is_over],
                        self.rules, self.contenders)

    def totals(self) -> dict[str, int]:
        """Totals of the finished rounds."""
        return self.standing().totals

    def running_scores(self) -> dict[str, int]:
        """Totals including what the round in progress has scored so far."""
        totals = self.totals()
        if not self.round.is_over:
            for p, s in self.round.scores().items():
                totals[p] += s
        return totals

    @property
    def winners(self) -> list[str]:
        """The lowest total wins; ties share (or, once settled by extra Grand, the survivors)."""
        return list(self.standing().winners)

    @property
    def tie_unsettled(self) -> bool:
        """A tie for the lead that ``tie_break: extra_game`` settles with a rematch."""
        return self.standing().rematch

    def rematch(self, seed: int | None = None) -> Game:
        """The whole new game that settles a tie (``extra_game``): lowest total among the tied."""
        return Game(self.players, self.game, self.rules, seed=seed,
                    first_dealer=dealer_of_round(self.first_dealer, len(self.rounds), self.n),
                    contenders=self.winners)

    def view(self, player: str) -> PlayerView:
        """What ``player`` may know in the round being played, and nothing else."""
        return make_view(self.round, self._seat(player))

    def _seat(self, player: str) -> int:
        if not isinstance(player, str) or player not in self.players:
            raise RuleError("bad_seat", player=given(player), players=", ".join(self.players))
        return self.players.index(player)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {len(self.rounds)} ({self.round.kind})"
        return f"<Game {self.game} {', '.join(self.players)}: {state}>"

    def _repr_html_(self) -> str:
        from kamplib.draw import sheet_html

        return sheet_html(self)



register({
    "game_in_use": {
        "nb": "Spillet er i bruk fra en annen tråd akkurat nå; et spill (Game) kan bare brukes "
              "av én tråd om gangen, så gi hver tråd sitt eget spill",
        "en": "The game is in use from another thread right now; a game (Game) can only be "
              "used by one thread at a time, so give each thread its own game",
    },
    "bad_argument": {
        "nb": "{name} kan ikke være {value}; ventet {expected}",
        "en": "{name} cannot be {value}; expected {expected}",
    },
    "expect_whole_number": {"nb": "et helt tall (eller ingenting)",
                            "en": "a whole number (or nothing)"},
    "expect_seat": {"nb": "et spillernavn eller et setenummer fra 0 til antall spillere minus 1",
                    "en": "a player's name or a seat number from 0 to the number of players "
                          "less 1"},
    "expect_names": {"nb": "en liste med spillernavn", "en": "a list of player names"},
    "expect_deals": {"nb": "en liste med utdelinger (RoundDeal), én per runde",
                     "en": "a list of deals (RoundDeal), one per round"},
    "deal_out_of_order": {
        "nb": "Utdeling {number} skulle vært {round_kind} med {dealer} som giver",
        "en": "Deal {number} should be {round_kind} with {dealer} dealing",
    },
})
