"""What every round shares: who sits where, whose turn it is, the history, errors with a place.

Concrete rounds are :class:`kamplib.tricks.TrickRound` and :class:`kamplib.fantan.FanTanRound`;
:func:`new_round` picks the right one for a kind.  Hands are bit masks inside; every public
method takes and returns move values (:mod:`kamplib.moves`): cards, :data:`PASS`, a
:class:`ChooseTrump`; the history is a tuple of frozen :class:`Entry` values.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import partial
from typing import Any, ClassVar, NamedTuple

from kamplib.cards import ALL_MASK, SUITS, Card, cards_of, parse_cards, parse_suit
from kamplib.deal import cards_in_play, deal_hands, hand_sizes, removed_cards, trump_for
from kamplib.errors import CardError, IllegalMove, RuleError, given
from kamplib.i18n import Phrase, register
from kamplib.kinds import KINDS, Family
from kamplib.moves import PASS, ChooseTrump, Entry, Move, Pass, parse_move
from kamplib.rules import Rules, make_rules, parse_kind
from kamplib.seating import Opener, check_players

__all__ = [
    "Round", "Family", "Opener", "Trick", "PASS", "Pass", "ChooseTrump", "Entry", "Move",
    "new_round", "deal_round", "parse_move", "validate_deal", "check_players", "ROUND_CLASSES",
]

register({
    "nothing_to_undo": {
        "nb": "Det er ingenting å angre i denne runden",
        "en": "There is nothing to undo in this round",
    },
    "deal_hand_count": {
        "nb": "Utdelingen stemmer ikke: {count} {count:hånd|hender} for {players} "
              "{players:spiller|spillere}",
        "en": "The deal is wrong: {count} {count:hand|hands} for {players} "
              "{players:player|players}",
    },
    "deal_not_a_hand": {
        "nb": "Utdelingen stemmer ikke: hånden til {player} er ikke en kortmengde ({value})",
        "en": "The deal is wrong: {player}'s hand is not a set of cards ({value})",
    },
    "expect_hands": {
        "nb": "hendene som kort per spiller ({{\"Kari\": [\"AS\", …]}}) eller som kortmasker",
        "en": "the hands as cards per player ({{\"Kari\": [\"AS\", …]}}) or as card masks",
    },
    "expect_count": {"nb": "et helt tall fra 1 og oppover", "en": "a whole number from 1 up"},
    "deal_missing_hand": {
        "nb": "Utdelingen stemmer ikke: {player} har ingen hånd",
        "en": "The deal is wrong: {player} has no hand",
    },
})
# NamedTuple's own constructor is Python code; building the tuple directly is the same value.
_entry = partial(tuple.__new__, Entry)


class Trick(NamedTuple):
    """A finished trick: who led, the plays in order, and who took it."""

    leader: int
    plays: tuple[tuple[int, Card], ...]
    winner: int

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


class Round:
    """Common state and bookkeeping of one round, and the interface every caller asks.

    :class:`~kamplib.tricks.TrickRound` and :class:`~kamplib.fantan.FanTanRound` implement the
    rules and answer the questions below; code outside the engine asks these, never the
    round's kind by name: :attr:`family`, :meth:`opener`, :meth:`next_cards` (the opening rule
    applied), :meth:`layout`, :attr:`ace_low`, :attr:`pass_cost`, :attr:`trick` and
    :attr:`tricks`, :attr:`trump` and :attr:`needs_trump`, :meth:`goal`.
    """

    kind: str
    players: tuple[str, ...]
    n: int
    dealer: int
    rules: Rules
    number: int
    multiplier: int
    deal: tuple[int, ...]
    hands: list[int]
    to_move: int  # seat to act, -1 once the round is over
    is_over: bool  # a plain attribute (read after every move), set when to_move becomes -1
    # the actions as (seat, move), appended by play(); :attr:`history` reads them as entries
    _log: list[tuple[int, Move]]
    # trick round or Fan Tan: a class attribute of TrickRound and FanTanRound.  (CPython keeps
    # an instance's attributes in a shared, specialised layout only up to 30 names, and a
    # trick round has 29 of its own: one more makes every attribute read of the hot path slower.)
    family: ClassVar[Family]
    ace_low: bool  # whether the ace ranks below the two (Fan Tan; Pass by house rule)
    # what a trick round has and a Fan Tan round has not (there: None, False, no tricks).  Set
    # on each round, not as class defaults: a class attribute of the same name would keep
    # CPython from specialising the instance reads of the hot path (``self.needs_trump``).
    trump: str | None
    needs_trump: bool
    tricks: Sequence[Trick]
    tricks_won: Sequence[int]  # tricks taken by each seat (none in Fan Tan)

    def __init__(self, kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
                 rules: Rules, *, trump: str | None = None, number: int = 1,
                 multiplier: int = 1) -> None:
        """What every concrete round's constructor takes (:func:`new_round` calls it)."""
        raise NotImplementedError

    def _setup(self, kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
               rules: Rules, number: int, multiplier: int) -> None:
        self.kind = kind
        self.players = tuple(players)
        self.n = len(self.players)
        self.dealer = dealer
        self.rules = rules
        self.number = number
        self.multiplier = multiplier
        self.ace_low = KINDS[kind].ace_low(rules)
        self.deal = tuple(hands)
        self.hands = list(hands)
        self._log = []
        self.is_over = False

    # -- public questions ------------------------------------------------------------------
    @property
    def history(self) -> tuple[Entry, ...]:
        """Every action so far as frozen :class:`Entry` values (seat, move, what it decided).

        The round appends plain pairs while it plays, so a playout never pays for more; the
        entries are made from them when asked (a few microseconds for a whole round)."""
        decided = self._decided
        return tuple([_entry((seat, move, *decided(i, move)))
                      for i, (seat, move) in enumerate(self._log)])

    def _decided(self, index: int, move: Move) -> tuple[int | None, int]:
        """What the action at ``index`` decided: the seat that took the trick it closed (None:
        it closed none) and the points it scored (:class:`Entry`)."""
        return None, 0

    @property
    def trick(self) -> Sequence[tuple[int, Card]]:
        """The cards on the table in the trick being played, as ``(seat, card)`` (none in Fan
        Tan)."""
        return ()

    @property
    def winning(self) -> int:
        """The seat winning the trick on the table so far (-1: no card on it, or Fan Tan)."""
        return -1

    @property
    def passes(self) -> Sequence[int]:
        """How often each seat has passed (never, where there is no passing)."""
        return (0,) * self.n

    @property
    def out(self) -> int:
        """The seat that went out by laying its last card (Fan Tan), else -1."""
        return -1

    def laid_cards(self) -> frozenset[Card]:
        """The cards laid out on the table in rows (Fan Tan; none in a trick round)."""
        return frozenset()

    @property
    def pass_cost(self) -> int:
        """The points a pass costs in this round (0 where there is no passing)."""
        return KINDS[self.kind].pass_value * self.multiplier

    def opener(self) -> Opener:
        """Who acted (or acts) first in this round, and why."""
        raise NotImplementedError

    def next_cards(self) -> frozenset[Card]:
        """The cards that may go to the table next, the opening rule applied: in Fan Tan the
        cards that fit the rows (♥7 alone before the first card, with that opener) whoever
        holds them; in a trick round the legal cards of the player to move."""
        raise NotImplementedError

    def layout(self) -> tuple[tuple[int, ...], ...]:
        """Fan Tan's piles of one suit as ranks (ace 1), each from its opening card outwards
        (:func:`kamplib.fantan.layout_ranks`); empty for a trick round."""
        return ()

    def goal(self, lang: str = "nb") -> str:
        """What a player tries to do in this round, in the round's own words."""
        return KINDS[self.kind].goal(lang)

    @property
    def player_to_move(self) -> str | None:
        return self.players[self.to_move] if self.to_move >= 0 else None

    def seat(self, player: str | int) -> int:
        """A seat number from a player's name (or a seat number, checked)."""
        if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < self.n:
            return player
        try:
            return self.players.index(player)  # a name not at the table (or not text): refused
        except ValueError:
            raise RuleError("bad_seat", player=given(player),
                            players=", ".join(self.players)) from None

    def hand(self, player: str | int) -> list[Card]:
        """A player's cards, sorted.  (Whole-table knowledge: bots get a view instead.)"""
        return cards_of(self.hands[self.seat(player)])

    def dealt_hand(self, player: str | int) -> list[Card]:
        return cards_of(self.deal[self.seat(player)])

    def scores(self) -> dict[str, int]:
        """Scores so far (final once the round is over), by player."""
        return dict(zip(self.players, self.score_list(), strict=True))

    def score_list(self) -> list[int]:
        raise NotImplementedError

    def legal_moves(self) -> tuple[Move, ...]:
        raise NotImplementedError

    def play(self, move: Move | str) -> None:
        raise NotImplementedError

    def play_for(self, player: str | int, move: Move | str) -> None:
        """Play ``move`` on behalf of ``player``, refusing it when it is not their turn."""
        seat = self.seat(player)
        if self.to_move >= 0 and seat != self.to_move:
            raise self._error("not_your_turn", seat, to_move=self.players[self.to_move])
        self.play(move)

    def can_play(self, move: Move | str) -> bool:
        """Whether ``move`` is legal now; never raises."""
        try:
            self.check(move)
        except (IllegalMove, CardError):
            return False
        return True

    def check(self, move: Move | str) -> None:
        """Raise :class:`IllegalMove` with the reason if ``move`` is not legal now."""
        raise NotImplementedError

    def moves(self) -> list[tuple[str, Move]]:
        """The history as ``(player name, move)``, as a record writes it."""
        return [(self.players[s], m) for s, m in self._log]

    def copy(self) -> Round:
        """An independent copy, e.g. for trying a line of play."""
        raise NotImplementedError

    def replayed(self, count: int | None = None) -> Round:
        """A fresh round from the same deal with the first ``count`` actions replayed."""
        raise NotImplementedError

    def undo(self) -> Entry:
        """Take back the last action (the dealer naming trump included) and return its
        :class:`Entry`: the round is rebuilt in place by replaying all but that action, so
        the state is exactly what it was before it."""
        if not self._log:
            raise IllegalMove("nothing_to_undo", round=self.number, kind=self.kind)
        last = self.history[-1]
        self.__dict__.update(self.replayed(len(self._log) - 1).__dict__)
        return last

    # -- helpers for subclasses --------------------------------------------------------------
    def _error(self, code: str, seat: int | None, card: Card | None = None,
               **params: Any) -> IllegalMove:
        return IllegalMove(
            code,
            round=self.number,
            kind=self.kind,
            player=self.players[seat] if seat is not None and seat >= 0 else None,
            card=card,
            **self._place(),
            **params,
        )

    def _place(self) -> dict[str, int]:
        return {}

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.player_to_move} to move"
        return f"<{type(self).__name__} {self.kind} #{self.number}, {state}>"

    def _repr_html_(self) -> str:
        from kamplib.draw import round_html

        return round_html(self)


def validate_deal(kind: str, players: Sequence[str], dealer: int, hands: Sequence[int],
                  rules: Rules) -> None:
    """Check a deal: the right cards for the kind and table size, no duplicates, right counts.

    Where one red two goes out (three players) a record may take out either of them.  When the
    deck does not divide evenly (Fan Tan with the full deck), the extra cards belong to the
    players first in the deal, starting left of the dealer.

    >>> rnd = deal_round('pass', ['Kari', 'Ola', 'Siri', 'Per'], seed=1)
    >>> validate_deal('pass', rnd.players, rnd.dealer, rnd.deal, rnd.rules)  # a true deal
    >>> d = rnd.deal
    >>> validate_deal('pass', rnd.players, rnd.dealer, (d[0] | d[1], 0, d[2], d[3]), rnd.rules)
    Traceback (most recent call last):
    ...
    kamplib.errors.RuleError: Utdelingen stemmer ikke: hendene har 26/0/13/13 kort, men skal ha ...
    """
    n = len(players)
    if len(hands) != n:
        raise RuleError("deal_hand_count", count=len(hands), players=n)
    seen = 0
    for seat, h in enumerate(hands):
        if not isinstance(h, int) or isinstance(h, bool) or h < 0 or h & ~ALL_MASK:
            raise RuleError("deal_not_a_hand", player=players[seat], value=repr(h))
        if seen & h:
            raise RuleError("deal_duplicate", card=cards_of(seen & h)[0])
        seen |= h
    removed = removed_cards(kind, n, rules)
    in_play = cards_in_play(kind, n, rules)
    absent = ALL_MASK & ~seen
    if len(removed) == 1 and absent.bit_count() == 1:
        two = cards_of(absent)[0]
        if two.rank == 2 and two.is_red:  # the other red two was taken out instead
            in_play = ALL_MASK & ~absent
    missing = in_play & ~seen
    extra = seen & ~in_play
    if missing or extra:
        raise RuleError("deal_cards", count=seen.bit_count(), expected=in_play.bit_count(),
                        missing=cards_of(missing) or "-", extra=cards_of(extra) or "-")
    sizes = [h.bit_count() for h in hands]
    expected = hand_sizes(in_play.bit_count(), n, dealer)
    if sizes != expected:
        raise RuleError("deal_sizes", sizes="/".join(map(str, sizes)),
                        expected="/".join(map(str, expected)))


def _hands_by_seat(players: tuple[str, ...], hands: Mapping[str, object]) -> list[int]:
    """Masks by seat from cards by player name; a missing, unknown or doubled card is an error."""
    unknown = [p for p in hands if p not in players]
    if unknown:
        raise RuleError("bad_seat", player=given(unknown[0]), players=", ".join(players))
    masks = []
    for p in players:
        if p not in hands:
            raise RuleError("deal_missing_hand", player=p)
        held = hands[p]
        if not isinstance(held, (str, list, tuple, set, frozenset)):
            raise RuleError("deal_not_a_hand", player=p, value=given(held))
        cards = parse_cards(held)
        mask = 0
        for card in cards:
            if mask & card.bit:
                raise RuleError("deal_duplicate", card=card)
            mask |= card.bit
        masks.append(mask)
    return masks


def new_round(kind: str, players: Sequence[str],
              hands: Sequence[int] | Mapping[str, Iterable[Card | str] | str],
              *, dealer: int | str = -1, rules: Rules | None = None, trump: str | None = None,
              number: int = 1, multiplier: int = 1, check: bool = True) -> Round:
    """Start a round of ``kind`` with the given hands (masks by seat, or cards by player name).

    ``dealer`` is a seat number (-1: the last player, so the first one listed leads) or a name.
    A trump round with no ``trump`` given takes a fixed trump from the house rule, or else
    waits for the dealer to name one.  ``check=False`` skips checking the arguments and the
    deal: for the engine's own rounds (a game's next deal, a bot's sampled deal), whose kind,
    seats and rules it made itself, so the path a game takes after every round stays short.

    >>> dealt = deal_round('pass', ['Kari', 'Ola', 'Siri', 'Per'], seed=1)
    >>> again = new_round('pass', dealt.players, dealt.deal, dealer=dealt.dealer)
    >>> again.hand('Kari') == dealt.hand('Kari'), again.player_to_move
    (True, 'Kari')
    """
    if not check:
        return _started(kind, tuple(players), dealer, tuple(hands), rules,  # type: ignore[arg-type]
                        trump, number, multiplier)
    kind = parse_kind(kind)
    if rules is None or isinstance(rules, Mapping):  # house rules as a mapping: this one round
        rules = make_rules("custom", {"order": [kind], **(rules or {})})
    elif not isinstance(rules, Rules):
        raise RuleError("rules_not_mapping", value=given(rules))
    players = check_players(players)
    if isinstance(hands, Mapping):
        hands = _hands_by_seat(players, hands)
    elif not isinstance(hands, (tuple, list)):
        raise RuleError("bad_argument", name="hands", value=given(hands),
                        expected=Phrase("expect_hands"))
    if isinstance(dealer, str):
        if dealer not in players:
            raise RuleError("bad_seat", player=dealer, players=", ".join(players))
        dealer = players.index(dealer)
    elif isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RuleError("bad_argument", name="dealer", value=given(dealer),
                        expected=Phrase("expect_seat"))
    dealer %= len(players)
    for name, value in (("number", number), ("multiplier", multiplier)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
            raise RuleError("bad_argument", name=name, value=given(value),
                            expected=Phrase("expect_count"))
    validate_deal(kind, players, dealer, hands, rules)
    return _started(kind, players, dealer, tuple(hands), rules, trump, number, multiplier)


def _started(kind: str, players: tuple[str, ...], dealer: int, hands: tuple[int, ...],
             rules: Rules, trump: str | None, number: int, multiplier: int) -> Round:
    """The round itself, from arguments already checked: its trump as the house rule says."""
    if not KINDS[kind].has_trump:
        trump = None  # a round without trump has none, whatever is passed
    elif trump is not None:
        trump = parse_suit(trump)
    elif rules.trump in SUITS:
        trump = rules.trump  # a fixed trump suit; a drawn or chosen one is given or awaited
    return ROUND_CLASSES[kind](kind, players, dealer, hands, rules, trump=trump,
                               number=number, multiplier=multiplier)


def deal_round(kind: str, players: Sequence[str], *, dealer: int = -1, rules: Rules | None = None,
               seed: int | None = None, rng: random.Random | None = None,
               number: int = 1, multiplier: int = 1) -> Round:
    """A round of ``kind`` freshly shuffled and dealt (from ``seed``, or from ``rng``).

    A trump round gets its trump as the house rule says (fixed, turned from the deck, or left
    for the dealer to choose).  The same seed always gives the same deal.

    >>> rnd = deal_round('pass', ['Kari', 'Ola', 'Siri', 'Per'], seed=1)
    >>> rnd.family, rnd.opener().text('en'), rnd.legal_moves()[:2]
    (<Family.TRICKS: 'tricks'>, 'sits left of the dealer', (Card('6S'), Card('5S')))
    >>> rnd.play('6S'); rnd.history
    (Entry(seat=0, move=Card('6S'), winner=None, points=0),)
    >>> fantan = deal_round('fantan', ['Kari', 'Ola', 'Siri', 'Per'], seed=1)
    >>> fantan.opener().text('en'), sorted(fantan.next_cards()), fantan.pass_cost
    ('holds ♥7', [Card('7H')], 1)
    """
    kind = parse_kind(kind)
    rules = rules or make_rules("custom", {"order": [kind]})
    players = check_players(players)
    n = len(players)
    rng = rng or random.Random(seed)
    dealer %= n
    trump = trump_for(kind, n, rules, rng)
    hands = deal_hands(kind, n, dealer, rules, rng)
    return ROUND_CLASSES[kind](kind, players, dealer, hands, rules, trump=trump, number=number,
                               multiplier=multiplier)


# The concrete round classes register here when their modules load; importing any part of
# ``kamplib`` runs the package's ``__init__``, which imports both, so they are always here.
ROUND_CLASSES: dict[str, type[Round]] = {}
