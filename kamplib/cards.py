"""Cards and decks: immutable, interned card values with canonical text and lenient parsing.

A card is one of 52 interned objects: however it is made (``Card(12, "C")``, ``Card("Q", "♣")``,
``parse_card("QC")``, unpickled), it is the same object, so equality is identity and a card is
a dict key or set member at no cost.  Cards have no ordering operators: sorting for display says
which order it wants (:func:`sort_cards`).  Inside the engine a set of cards is an ``int`` bit mask
(``card.bit``): suit ``s`` occupies bits ``16*s .. 16*s+12``, rank 2 at the bottom, ace at the
top.  The masks are what make legal-move generation and playouts fast; everything public speaks
in :class:`Card` objects.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from kamplib.errors import CardError
from kamplib.i18n import card_name

__all__ = [
    "Card",
    "SUITS",
    "RANKS",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "full_deck",
    "cards_of",
    "mask_of",
    "sort_cards",
    "suit_mask",
    "mask_cards",
    "block_cards",
    "iter_bits",
    "ALL_MASK",
    "SUIT_MASKS",
    "SUIT_BLOCKS",
]

# Suit order used everywhere cards are sorted or listed: black, red, black, red.
SUITS: tuple[str, ...] = ("S", "H", "C", "D")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
# Ranks as numbers 2..14 (ace high); text uses T for ten.
RANKS: tuple[int, ...] = tuple(range(14, 1, -1))
RANK_TEXT = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T", **{r: str(r) for r in range(2, 10)}}
RANK_DISPLAY = {**RANK_TEXT, 10: "10"}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_ALIASES = {
    **{s: s for s in SUITS},
    **{sym: s for s, sym in SUIT_SYMBOLS.items()},
    "♤": "S", "♡": "H", "♧": "C", "♢": "D",
}
_RANK_ALIASES = {**{t: r for r, t in RANK_TEXT.items()}, "10": 10}


class Card:
    """One playing card: ``Card(12, "C")`` or ``Card("Q", "♣")`` is the interned ♣Q."""

    __slots__ = ("rank", "suit", "suit_index", "index", "bit", "text", "symbol")
    ALL: tuple[Card, ...]
    rank: int
    suit: str
    suit_index: int
    index: int
    bit: int
    text: str
    symbol: str

    def __new__(cls, rank: int | str, suit: str) -> Card:
        if _INTERNED is not None:
            return _card_from_parts(rank, suit)
        return super().__new__(cls)

    def __init__(self, rank: int | str, suit: str) -> None:
        if hasattr(self, "index"):  # an interned card handed out again: nothing to set
            return
        assert isinstance(rank, int)  # only the deck itself is built here, rank by rank
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        si = _SUIT_INDEX[suit]
        object.__setattr__(self, "suit_index", si)
        object.__setattr__(self, "index", si * 13 + rank - 2)
        object.__setattr__(self, "bit", 1 << (16 * si + rank - 2))
        object.__setattr__(self, "text", RANK_TEXT[rank] + suit)
        object.__setattr__(self, "symbol", SUIT_SYMBOLS[suit] + RANK_DISPLAY[rank])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card('{self.text}')"

    def __str__(self) -> str:
        return self.text

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (_card_by_index, (self.index,))

    def name(self, lang: str = "nb") -> str:
        """Spoken name, e.g. ``hjerter dame`` / ``queen of hearts`` (screen readers, messages)."""
        return card_name(self, lang)

    def shown(self, lang: str = "nb") -> str:
        """How a message shows the card: ``♣Q``."""
        return self.symbol

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D")

    def _repr_html_(self) -> str:
        from kamplib.draw import card_svg

        return card_svg(self)


def _sort_key(card: Card) -> tuple[int, int]:
    return (card.suit_index, -card.rank)


_INTERNED: dict[tuple[int, str], Card] | None = None
Card.ALL = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
_INTERNED = {(c.rank, c.suit): c for c in Card.ALL}
_BY_TEXT = {c.text: c for c in Card.ALL}
_BY_BIT_POS = {c.bit.bit_length() - 1: c for c in Card.ALL}
ALL_MASK = sum(c.bit for c in Card.ALL)


def _card_by_index(index: int) -> Card:
    return Card.ALL[index]


def _card_from_parts(rank: int | str, suit: str) -> Card:
    """The interned card for a rank (2..14, or its text) and a suit (code or symbol)."""
    key = rank if isinstance(rank, int) and not isinstance(rank, bool) else \
        _RANK_ALIASES.get(str(rank).strip().upper())
    code = _SUIT_ALIASES.get(suit.strip().upper()) if isinstance(suit, str) else None
    card = _INTERNED.get((key, code)) if _INTERNED is not None and code and key else None
    if card is None:
        raise CardError("bad_card", text=f"{rank}{suit}")
    return card


def suit_mask(suit: str) -> int:
    """The bit mask of all 13 cards of a suit.

    >>> len(cards_of(suit_mask('H')))
    13
    """
    return 0x1FFF << (16 * _SUIT_INDEX[suit])


def parse_suit(text: str) -> str:
    """``S``/``s``/``♠`` → ``S``; anything else raises :class:`CardError`.

    >>> parse_suit('h')
    'H'
    """
    key = text.strip().upper() if isinstance(text, str) else text
    if isinstance(key, str) and key in _SUIT_ALIASES:
        return _SUIT_ALIASES[key]
    raise CardError("bad_suit", text=text)


def parse_card(text: str | Card) -> Card:
    """Parse ``QC``, ``qc``, ``10H``, ``♣Q``, ``Q♣`` (and the Card itself) into a card.

    >>> parse_card('QS')
    Card('QS')
    >>> parse_card('10h')
    Card('TH')
    >>> parse_card('♥7')
    Card('7H')
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError("bad_card", text=repr(text))
    key = text.strip().upper().replace("\ufe0f", "")
    card = _BY_TEXT.get(key)
    if card is not None:
        return card
    if len(key) >= 2:
        for rank_part, suit_part in ((key[:-1], key[-1]), (key[1:], key[0])):
            rank = _RANK_ALIASES.get(rank_part)
            suit = _SUIT_ALIASES.get(suit_part)
            if rank is not None and suit is not None:
                return _BY_TEXT[RANK_TEXT[rank] + suit]
    raise CardError("bad_card", text=text)


def parse_cards(texts: Iterable[str | Card] | str) -> list[Card]:
    """Parse several cards; a string is split on white space and commas.

    >>> parse_cards('QS TH 7H')
    [Card('QS'), Card('TH'), Card('7H')]
    """
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [parse_card(t) for t in texts]


def full_deck() -> list[Card]:
    """All 52 cards in canonical order.

    >>> len(full_deck()), full_deck()[:2]
    (52, [Card('2S'), Card('3S')])
    """
    return list(Card.ALL)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit mask of some cards.

    >>> mask_of([parse_card('2S')]) == parse_card('2S').bit
    True
    """
    mask = 0
    for c in cards:
        mask |= c.bit
    return mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in canonical order (suits S H C D, ace first).

    >>> cards_of(mask_of(parse_cards('7H QS')))
    [Card('QS'), Card('7H')]
    """
    return list(mask_cards(mask))


def iter_bits(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest bit first.

    >>> list(iter_bits(mask_of(parse_cards('AS 2S'))))
    [Card('2S'), Card('AS')]
    """
    while mask:
        low = mask & -mask
        yield _BY_BIT_POS[low.bit_length() - 1]
        mask ^= low


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """The cards in canonical order (suits S H C D, ace first).

    >>> sort_cards(parse_cards('7H 2C QS'))
    [Card('QS'), Card('7H'), Card('2C')]
    """
    return sorted(cards, key=_sort_key)


def _block_table(suit_index: int) -> tuple[tuple[Card, ...], ...]:
    """Every 13-bit block of one suit → its cards, ace first (8192 entries).

    A block is a high part (bits 7-12) and a low part (bits 0-6); the cards of the block are
    the cards of its high part followed by those of its low part, so two small tables build it.
    """
    suit = _SUIT_CARDS_ACE_FIRST[suit_index]  # A K Q ... 2: bit 12 first

    def cards(bits: range, block: int) -> tuple[Card, ...]:
        return tuple(suit[12 - b] for b in reversed(bits) if block >> b & 1)

    high = [cards(range(7, 13), h << 7) for h in range(1 << 6)]
    low = [cards(range(7), lo) for lo in range(1 << 7)]
    return tuple(h + lo for h in high for lo in low)


_SUIT_CARDS_ACE_FIRST = tuple(
    tuple(Card.ALL[si * 13 + r - 2] for r in range(14, 1, -1)) for si in range(4)
)
# Turning a mask into cards is then four tuple look-ups and three concatenations: this is what
# keeps ``legal_moves`` cheap enough for playouts.
SUIT_BLOCKS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(_block_table(si) for si in range(4))
_BLOCKS = SUIT_BLOCKS
_B0, _B1, _B2, _B3 = _BLOCKS
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (16 * si) for si in range(4))


def block_cards(suit_index: int, block: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit block, ace first.

    >>> block_cards(0, 0b1010)
    (Card('5S'), Card('3S'))
    """
    return _BLOCKS[suit_index][block]


def mask_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask as a tuple, in canonical order (suits S H C D, ace first).

    >>> mask_cards(mask_of(parse_cards('7H QS')))
    (Card('QS'), Card('7H'))
    """
    return (_B0[mask & 0x1FFF] + _B1[mask >> 16 & 0x1FFF] + _B2[mask >> 32 & 0x1FFF]
            + _B3[mask >> 48])
