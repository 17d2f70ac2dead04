"""Who sits at the table, who deals each round and who acts first: one function for each.

Players are listed in clockwise order.  The dealer moves one seat clockwise every round; the
player to the dealer's left (the next seat clockwise) leads the first trick, and in Fan Tan
either the holder of ♥7 opens (the default) or the player left of the dealer acts first.  The
dealer acts first only to name trump under ``trump: dealer``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from kamplib.cards import Card, parse_card
from kamplib.errors import RuleError, given, hidden_char_kind
from kamplib.glyphs import invisible_char, looks
from kamplib.i18n import Phrase, register, t
from kamplib.kinds import KINDS
from kamplib.moves import PASS_WORDS

if TYPE_CHECKING:
    from kamplib.rules import Rules

__all__ = [
    "TABLE_SIZES", "DEFAULT_NAMES", "SEVEN_OF_HEARTS", "MAX_NAME_LENGTH", "default_players",
    "check_players", "normal_name", "player_count_error",
    "dealer_of_round", "left_of", "first_leader", "fantan_opener", "first_to_act",
    "Opener", "opener_of", "opening_card",
]

# How many can play: the deck is fitted to each size by taking out red twos (kamplib.deal).
TABLE_SIZES: tuple[int, ...] = (3, 4, 5)
# Names the course and the tools use when nobody gave theirs: the rules page's worked example
# (docs/regler.md) first.
DEFAULT_NAMES: tuple[str, ...] = ("Kari", "Ola", "Siri", "Per", "Anna")
SEVEN_OF_HEARTS = parse_card("7H")


def player_count_error(count: object) -> RuleError:
    """The refusal of a table of ``count`` players, naming the sizes that can play.

    >>> player_count_error(7).message('en')
    'These games need 3 to 5 players, not 7'
    """
    return RuleError("player_count", count=count, fewest=TABLE_SIZES[0], most=TABLE_SIZES[-1])


def default_players(count: int = 4) -> tuple[str, ...]:
    """The first ``count`` default names (a table size is checked).

    >>> default_players(3)
    ('Kari', 'Ola', 'Siri')
    """
    if count not in TABLE_SIZES or isinstance(count, bool):
        raise player_count_error(count)
    return DEFAULT_NAMES[:count]


# Longest player name (a name is a label on a score sheet column, not a sentence).
MAX_NAME_LENGTH = 30

_APPROVED_TABLES: set[tuple[str, ...]] = set()  # tables already checked (games, playouts)


@overload
def normal_name(name: str) -> str: ...
@overload
def normal_name(name: object) -> object: ...
def normal_name(name: object) -> object:
    """A name in its one spelling (Unicode NFC: ``Å`` typed as A + ring is ``Å``); anything
    that is not text is left for :func:`check_players` to refuse.  Records and score sheets
    match names through this, so two spellings of one name are one player.

    >>> normal_name('A\\u030a') == 'Å'
    True
    """
    return unicodedata.normalize("NFC", name) if isinstance(name, str) else name


def check_players(players: object) -> tuple[str, ...]:
    """3 to 5 distinct names in clockwise order, each in its one spelling (NFC).

    A name is text, not empty, without spaces at its ends, at most :data:`MAX_NAME_LENGTH`
    characters, every character of it seen (:func:`kamplib.glyphs.invisible_char`: no control,
    zero-width, bidi or filler character, no lone mark; emoji sequences are fine), and not the
    word for a pass.  Two names that look the same are refused as one name twice.  The checked
    names are returned normalised.

    >>> check_players(['Kari', 'Ola', 'Siri'])
    ('Kari', 'Ola', 'Siri')
    """
    # a table already checked (a game's, a playout's)
    if isinstance(players, (tuple, list)) and type(players) in (tuple, list):
        try:
            table = tuple(players)
            if table in _APPROVED_TABLES:
                return table
        except TypeError:  # something unhashable in it: the checks below say what
            pass
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise RuleError("player_names", names=given(players))
    if len(players) not in TABLE_SIZES:
        raise player_count_error(len(players))
    names = tuple(_check_name(p) for p in players)
    seen: set[str] = set()
    for name in names:
        if looks(name) in seen:  # two names a reader cannot tell apart are one name
            raise RuleError("player_names_same", name=name)
        seen.add(looks(name))
    if len(_APPROVED_TABLES) < 1000:
        _APPROVED_TABLES.add(names)
    return names


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise RuleError("player_name_not_text", value=given(name))
    if len(name) > 4 * MAX_NAME_LENGTH:  # no need to look at every character of a book
        raise RuleError("player_name_long", name=given(name, 20), length=len(name),
                        limit=MAX_NAME_LENGTH)
    name = normal_name(name)
    hidden = invisible_char(name)
    if hidden is not None:
        raise _hidden_error(name, hidden)
    if not name.strip():
        raise RuleError("player_name_empty")
    if len(name) > MAX_NAME_LENGTH:
        raise RuleError("player_name_long", name=given(name, 20), length=len(name),
                        limit=MAX_NAME_LENGTH)
    if name != name.strip():
        raise RuleError("player_name_spaces", name=name)
    if name.lower() in PASS_WORDS:
        raise RuleError("player_name_pass", name=name)
    return name


def _hidden_error(name: str, at: int) -> RuleError:
    """Why a name with a character nobody sees (its first at ``at``) is refused, in words a
    family understands: what kind of character it is, where it stands, and the name as it
    shows without such characters (never the character itself, nor an escape such as
    ``\\u202e``: either would show the learner something that is not what they typed)."""
    seen = _seen_part(name).strip()
    if not seen:
        return RuleError("player_name_unseen")
    before = _seen_part(name[:at]).strip()[-20:]
    where = Phrase("name_char_after", before=given(before)) if before \
        else Phrase("name_char_first")
    return RuleError("player_name_hidden", name=given(seen, 20),
                     what=Phrase(hidden_char_kind(name[at])), where=where)


def _seen_part(text: str) -> str:
    """``text`` without the characters nobody sees (:func:`~kamplib.glyphs.invisible_char`)."""
    while (i := invisible_char(text)) is not None:
        text = text[:i] + text[i + 1:]
    return text


register({
    "name_char_after": {"nb": "etter «{before}»", "en": "after '{before}'"},
    "name_char_first": {"nb": "helt først", "en": "at its very start"},
    "player_names_same": {
        "nb": "Spillerne må ha ulike navn, men {name} står der to ganger",
        "en": "Players need distinct names, but {name} is there twice",
    },
    "player_name_not_text": {
        "nb": "Et spillernavn må være tekst, ikke {value}",
        "en": "A player's name must be text, not {value}",
    },
    "player_name_hidden": {
        "nb": "Navnet «{name}» har {what} {where}; skriv navnet uten det",
        "en": "The name '{name}' has {what} {where}; write the name without it",
    },
    "player_name_unseen": {
        "nb": "Et navn må ha tegn som synes, men dette har bare tegn som ikke vises; skriv "
              "navnet med bokstaver",
        "en": "A name needs characters that show, but this one has only characters that do "
              "not; write the name in letters",
    },
    "player_name_empty": {
        "nb": "Et spillernavn kan ikke være tomt",
        "en": "A player's name cannot be empty",
    },
    "player_name_long": {
        "nb": "Navnet «{name}» er for langt ({length} tegn); et navn har høyst {limit} tegn",
        "en": "The name '{name}' is too long ({length} {length:character|characters}); a name has "
              "at most {limit}",
    },
    "player_name_spaces": {
        "nb": "Navnet «{name}» begynner eller slutter med mellomrom",
        "en": "The name '{name}' begins or ends with a space",
    },
    "player_name_pass": {
        "nb": "«{name}» kan ikke være et navn: det er ordet for å passe",
        "en": "'{name}' cannot be a name: it is the word for a pass",
    },
})


def dealer_of_round(first_dealer: int, index: int, players: int) -> int:
    """The dealer of round ``index`` (from 0): one seat further clockwise every round.

    >>> [dealer_of_round(0, i, 4) for i in range(5)]
    [0, 1, 2, 3, 0]
    """
    return (first_dealer + index) % players


def left_of(seat: int, players: int) -> int:
    """The next seat clockwise.

    >>> left_of(3, 4)
    0
    """
    return (seat + 1) % players


def first_leader(dealer: int, players: int) -> int:
    """Who leads the first trick of a trick round: the player left of the dealer.

    >>> first_leader(3, 4)
    0
    """
    return left_of(dealer, players)


def fantan_opener(dealer: int, hands: Sequence[int], rules: Rules) -> int:
    """Who acts first in Fan Tan: the holder of ♥7, or the player left of the dealer.

    >>> from kamplib.cards import mask_of, parse_cards
    >>> from kamplib.rules import make_rules
    >>> hands = [mask_of(parse_cards(h)) for h in ("2S 3S", "7H 4S", "5S 6S")]
    >>> fantan_opener(0, hands, make_rules())
    1
    """
    if rules.fantan_opener == "seven_of_hearts":
        for seat, hand in enumerate(hands):
            if hand & SEVEN_OF_HEARTS.bit:
                return seat
    return left_of(dealer, len(hands))


def first_to_act(kind: str, dealer: int, hands: Sequence[int], rules: Rules,
                 trump_pending: bool = False) -> int:
    """Who acts first in a round: the Fan Tan opener, the dealer naming trump, or the player
    left of the dealer leading the first trick.

    >>> from kamplib.rules import make_rules
    >>> first_to_act("pass", 3, [0, 0, 0, 0], make_rules())
    0
    """
    if not KINDS[kind].is_trick_round:
        return fantan_opener(dealer, hands, rules)
    if trump_pending:
        return dealer
    return first_leader(dealer, len(hands))


def opening_card(rules: Rules) -> Card | None:
    """The card Fan Tan must open with under these house rules (♥7), or None when the player
    left of the dealer opens with any seven.

    >>> from kamplib.rules import make_rules
    >>> opening_card(make_rules())
    Card('7H')
    """
    return SEVEN_OF_HEARTS if rules.fantan_opener == "seven_of_hearts" else None


@dataclass(frozen=True)
class Opener:
    """Who acts first in a round and why: ``reason`` is a catalogue code (``opener_*``) whose
    words say it (``holds ♥7``, ``sits left of the dealer``, ``deals and names trump``)."""

    seat: int
    reason: str
    card: Card | None = None  # the card that makes them the opener (♥7), if one does

    def text(self, lang: str = "nb") -> str:
        return t(self.reason, lang, card=self.card)


register({
    "opener_seven_of_hearts": {"nb": "har {card}", "en": "holds {card}"},
    "opener_left_of_dealer": {"nb": "sitter til venstre for giveren",
                              "en": "sits left of the dealer"},
    "opener_dealer_names_trump": {"nb": "gir og velger trumf", "en": "deals and names trump"},
})


def opener_of(kind: str, dealer: int, hands: Sequence[int], rules: Rules,
              trump_pending: bool = False) -> Opener:
    """Who acts first in a round of ``kind`` dealt ``hands``, and why (a round's
    :meth:`~kamplib.round.Round.opener`; a deal not yet played asks here).

    >>> from kamplib.cards import mask_of, parse_cards
    >>> from kamplib.rules import make_rules
    >>> hands = [mask_of(parse_cards(h)) for h in ("2S 3S", "7H 4S", "5S 6S")]
    >>> opener = opener_of("fantan", 0, hands, make_rules())
    >>> opener.seat, opener.text("en")
    (1, 'holds ♥7')
    """
    seat = first_to_act(kind, dealer, hands, rules, trump_pending)
    if not KINDS[kind].is_trick_round:
        card = opening_card(rules)
        if card is not None and hands[seat] & card.bit:
            return Opener(seat, "opener_seven_of_hearts", card)
    elif trump_pending:
        return Opener(seat, "opener_dealer_names_trump")
    return Opener(seat, "opener_left_of_dealer")
