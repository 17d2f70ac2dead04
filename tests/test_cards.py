"""Cards: interned values, canonical text, lenient parsing with teaching errors, bit masks."""

import pickle

import pytest

from kamplib import Card, CardError, parse_card, parse_cards, parse_suit
from kamplib.cards import (
    ALL_MASK,
    SUIT_MASKS,
    block_cards,
    cards_of,
    full_deck,
    iter_bits,
    mask_cards,
    mask_of,
    sort_cards,
    suit_mask,
)


@pytest.mark.parametrize("text", ["QC", "qc", "Qc", "♣Q", "Q♣", "q♧", " QC ", "CQ"])
def test_queen_of_clubs_in_every_spelling(text: str) -> None:
    assert parse_card(text) is parse_card("QC")


@pytest.mark.parametrize("text", ["10H", "TH", "th", "♥10", "10♥", "H10"])
def test_ten_of_hearts(text: str) -> None:
    card = parse_card(text)
    assert card.text == "TH" and card.rank == 10 and card.suit == "H"
    assert card.symbol == "♥10"


def test_cards_are_interned_values() -> None:
    card = parse_card("7H")
    assert card is Card.ALL[card.index]
    assert card == parse_card("7♥") and hash(card) == card.index
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert str(card) == "7H" and repr(card) == "Card('7H')"
    assert {card: 1}[parse_card("7h")] == 1


def test_spoken_names() -> None:
    assert parse_card("QH").name("nb") == "hjerter dame"
    assert parse_card("QH").name("en") == "queen of hearts"
    assert parse_card("7S").name("nb") == "spar 7"


@pytest.mark.parametrize("text", ["", "1H", "QX", "QQ", "11C", "ZZZ", "pass"])
def test_bad_card_text_teaches_the_spelling(text: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(text)
    err = info.value
    assert err.code == "bad_card"
    assert f"«{text}» er ikke et kort" in err.message("nb")
    assert "QC, 10H, ♣Q eller Q♣" in err.message("nb")
    assert f"'{text}' is not a card" in err.message("en")
    assert isinstance(err, ValueError)


def test_non_text_is_refused_clearly() -> None:
    with pytest.raises(CardError, match="er ikke et kort"):
        parse_card(12)  # type: ignore[arg-type]


def test_suits() -> None:
    assert [parse_suit(s) for s in ("s", "♥", "C", "♦", "♤")] == ["S", "H", "C", "D", "S"]
    with pytest.raises(CardError) as info:
        parse_suit("X")
    assert "«X» er ikke en farge" in info.value.message("nb")
    assert "'X' is not a suit" in info.value.message("en")


def test_parse_cards_splits_text() -> None:
    assert [c.text for c in parse_cards("AS, 10h ♣Q")] == ["AS", "TH", "QC"]


def test_deck_and_sorting() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert sort_cards(reversed(deck)) == list(mask_cards(ALL_MASK))
    assert [c.text for c in deck[:2]] == ["2S", "3S"]
    assert [c.text for c in sort_cards(parse_cards("2D AS KH QC"))] == ["AS", "KH", "QC", "2D"]


def test_masks_round_trip() -> None:
    cards = parse_cards("AS 2S KH 7C 2D")
    mask = mask_of(cards)
    assert mask.bit_count() == 5
    assert cards_of(mask) == sort_cards(cards)
    assert mask_cards(mask) == tuple(sort_cards(cards))
    assert set(iter_bits(mask)) == set(cards)
    assert mask_cards(ALL_MASK) == tuple(Card.ALL[i] for i in sorted(
        range(52), key=lambda i: (Card.ALL[i].suit_index, -Card.ALL[i].rank)))
    assert mask_cards(0) == () and cards_of(0) == []


def test_suit_masks_and_blocks() -> None:
    hearts = suit_mask("H")
    assert hearts == SUIT_MASKS[1]
    assert all(c.suit == "H" for c in cards_of(hearts)) and hearts.bit_count() == 13
    block = (mask_of(parse_cards("9H 2H AH")) & hearts) >> 16
    assert [c.text for c in block_cards(1, block)] == ["AH", "9H", "2H"]


def test_cards_are_values_however_they_are_made() -> None:
    import copy
    import pickle

    from kamplib import Card

    q = parse_card("QC")
    assert Card(12, "C") is q and Card("Q", "♣") is q and Card("q", "c") is q
    assert copy.deepcopy(q) is q and pickle.loads(pickle.dumps(q)) is q
    assert {Card(12, "C"): 1}[q] == 1


def test_cards_have_no_order_by_surprise() -> None:
    with pytest.raises(TypeError):
        _ = parse_card("QC") < parse_card("KC")  # type: ignore[operator]


def test_a_card_made_from_bad_parts_is_refused_clearly() -> None:
    from kamplib import Card, CardError

    with pytest.raises(CardError, match="er ikke et kort"):
        Card(15, "C")
    with pytest.raises(CardError):
        Card("Q", "X")
