"""What a move is: a card played, a pass, or the dealer naming trump; and the round's history.

Moves are frozen, hashable values, like python-chess's ``Move`` objects on its stack:

* a card played is the :class:`~kamplib.cards.Card` itself (cards are already frozen, interned
  values, so the hot path of every playout stays one type check and allocates nothing);
* :data:`PASS` (the one :class:`Pass` value) is a pass in Fan Tan;
* :class:`ChooseTrump` is the dealer naming trump (house rule ``trump: dealer``).

Every move has ``text``, its spelling in a ``kamp/1`` record (``QS``, ``pass``, ``H``), and
:func:`parse_move` reads every spelling a record or the command line accepts: a card in any
spelling, ``pass`` or ``prikk`` (what many families say), a suit code or symbol when trump is
being named.  A round's history is a sequence of :class:`Entry` values: who moved, the move,
and what the engine decided by it (the seat that took the trick a card closed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from kamplib.cards import Card, parse_card, parse_suit
from kamplib.errors import CardError
from kamplib.i18n import DEFAULT_LANG, register, suit_name, t

__all__ = ["PASS", "PASS_WORDS", "Pass", "ChooseTrump", "Move", "Entry", "is_pass", "is_suit",
           "parse_move", "move_text", "card_of"]

register({"move_pass": {"nb": "pass", "en": "pass"}})


class Pass:
    """A pass (Fan Tan).  There is one pass value, :data:`PASS`: ``Pass()`` returns it, so a
    pass compares by identity, quickly, and pickles and copies as itself."""

    __slots__ = ()
    _the: ClassVar[Pass]
    text: ClassVar[str] = "pass"

    def __new__(cls) -> Pass:
        try:
            return cls._the
        except AttributeError:
            cls._the = object.__new__(cls)
            return cls._the

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())

    def __copy__(self) -> Pass:
        return self

    def __deepcopy__(self, memo: object) -> Pass:
        return self


PASS = Pass()
PASS_WORDS: tuple[str, ...] = (PASS.text, "prikk")


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """The dealer names ``suit`` (a suit code, ``S``/``H``/``D``/``C``) as trump."""

    suit: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "suit", parse_suit(self.suit))

    @property
    def text(self) -> str:
        return self.suit

    def __str__(self) -> str:
        return self.suit


Move = Card | Pass | ChooseTrump


class Entry(NamedTuple):
    """One action of a round's history: the seat that acted, its move, and what the engine
    decided by it: ``winner`` is the seat that took the trick this card closed (else None);
    ``points`` what the action scored there and then: the trick's points for its winner (its
    cards and the trick itself, the round's doubling included, before a rule that judges the
    whole round such as taking every club), or a pass's cost for the passer; else 0.  Read the
    fields by name: an entry may learn more fields."""

    seat: int
    move: Move
    winner: int | None = None
    points: int = 0


def is_pass(move: object) -> bool:
    """Whether ``move`` is a pass, as a value or in any spelling (``pass``, ``prikk``).

    >>> is_pass('prikk'), is_pass(PASS), is_pass('QS')
    (True, True, False)
    """
    return move is PASS or (isinstance(move, str) and move.strip().lower() in PASS_WORDS)


def is_suit(move: object) -> bool:
    """Whether ``move`` names a suit (the dealer choosing trump), as a value or as text.

    >>> is_suit('H'), is_suit('QS')
    (True, False)
    """
    if type(move) is ChooseTrump:
        return True
    if not isinstance(move, str) or is_pass(move):
        return False
    try:
        parse_suit(move)
    except CardError:
        return False
    return True


def parse_move(move: Move | str) -> Move:
    """The move value for any accepted spelling: a card (``QS``, ``♠Q``, ``dq``…), a pass
    (``pass``, ``prikk``), or a suit (``H``, ``♥``) when trump is being named.  A move value is
    returned as it is; anything else raises :class:`~kamplib.errors.CardError`.

    >>> parse_move('QS'), parse_move('pass') is PASS, parse_move('H')
    (Card('QS'), True, ChooseTrump(suit='H'))
    """
    if type(move) is Card or type(move) is Pass or type(move) is ChooseTrump:
        return move
    if is_pass(move):
        return PASS
    try:
        return parse_card(move)  # type: ignore[arg-type]  # not text: refused with its repr
    except CardError:
        if isinstance(move, str) and len(move.strip()) == 1:
            try:
                return ChooseTrump(move)
            except CardError:
                pass
        raise


def card_of(move: Move) -> Card | None:
    """The card ``move`` plays (None: a pass, or the dealer naming trump).

    >>> card_of(parse_move('QS')), card_of(PASS)
    (Card('QS'), None)
    """
    return move if type(move) is Card else None


def move_text(move: Move, lang: str = DEFAULT_LANG) -> str:
    """A move as a learner reads it: ``♥8``, ``pass``, ``hjerter`` (the dealer naming trump).

    >>> move_text(parse_move('8H')), move_text(PASS), move_text(parse_move('H'))
    ('♥8', 'pass', 'hjerter')
    """
    if type(move) is Card:
        return move.symbol
    if type(move) is ChooseTrump:
        return suit_name(move.suit, lang)
    return t("move_pass", lang)
