"""Why one move is better or worse than another, in the table's terms: the coach's reasons.

The coach rates every legal move against the one it recommends.  A rating's reason says what
tells the two apart on the table as it stands: which trick a card takes or gives away, for
certain or only as the trick lies now; the points it puts in a trick or leaves with you; the
card it leaves you holding; what the others have shown they lack (a suit they could not follow,
a Fan Tan place they passed at); in Fan Tan which place in a row a card opens and for whom, and
what a pass costs.  When nothing on the table tells the two apart, the reason says that too:
the difference shows later in the round.

A move is described by :func:`features`: for each *dimension* (the trick, the points, the
suit led, …) a value that can be compared without card names and the phrase that states it with
the move as its subject.  :func:`contrast` states the first dimension where a move and the
recommended move differ, both sides («♦A tar stikket …, mens ♦8 går under ♦Q»), so two moves
that differ in what they do never get the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kamplib.bots.explain import MoveName
from kamplib.bots.heuristic import penalty
from kamplib.bots.situation import Situation, count_above, count_below, suit_block
from kamplib.cards import SUITS, Card
from kamplib.fantan import rows_from
from kamplib.i18n import DEFAULT_LANG, Phrase, SuitName, t
from kamplib.kinds import KINDS
from kamplib.moves import ChooseTrump, Move, card_of
from kamplib.view import PlayerView

__all__ = ["Table", "Feature", "Said", "features", "contrast", "own_reason", "same_move",
           "CardList", "card_of", "cards_text"]


def suit_named(move: Move) -> str:
    """The suit the dealer names as trump with ``move`` (a :class:`ChooseTrump`)."""
    if type(move) is not ChooseTrump:
        raise TypeError(f"not a choice of trump: {move!r}")
    return move.suit


class CardList:
    """Cards in a sentence as a reader lists them: «♠K, ♠Q og ♠J»."""

    def __init__(self, cards: Any) -> None:
        self.cards = tuple(cards)

    def shown(self, lang: str = DEFAULT_LANG) -> str:
        names = [c.symbol for c in self.cards]
        if len(names) < 2:
            return "".join(names)
        return t("c_and", lang, first=", ".join(names[:-1]), last=names[-1])


@dataclass(frozen=True)
class Feature:
    """One thing a move does: ``value`` compares moves (no card in it), ``phrase`` says it."""

    value: tuple[Any, ...]
    phrase: Any  # a Phrase, or a Said
    score: float | None = None  # higher: better for the mover as the table lies (None: neither)


class Said:
    """A phrase whose words, once worked out in a language, are kept (a position's reasons
    repeat the recommended move's phrases for every other move)."""

    def __init__(self, phrase: Any) -> None:
        self.phrase = phrase
        self._said: dict[str, str] = {}

    def shown(self, lang: str = DEFAULT_LANG) -> str:
        said = self._said.get(lang)
        if said is None:
            said = self._said[lang] = self.phrase.shown(lang)
        return said


class Table:
    """What the coach reads off the table once per position, for every move's reasons."""

    def __init__(self, view: PlayerView, sit: Situation) -> None:
        self.view = view
        self.sit = sit
        self.kind = KINDS[view.kind]
        self.tricks = self.kind.is_trick_round
        self.wants_tricks = self.kind.wants_tricks
        self.scores = any(sit.values)  # cards carry points (Kløver, Damer, Finale)
        self.unseen = sit.unseen
        self.after = sit.n - len(sit.trick) - 1  # players still to play to this trick
        self.found: dict[Move, dict[str, Feature]] = {}

    def player(self, seat: int) -> str:
        return self.view.players[seat]

    def others_void(self, suit_index: int) -> list[int]:
        """The other seats that have shown they hold no card of a suit (and still hold cards)."""
        suit = SUITS[suit_index]
        view = self.view
        return [s for s in range(view.n)
                if s != view.seat and view.hand_sizes[s] and view.voids
                and suit in view.voids[s]]


# -- trick rounds -------------------------------------------------------------------------------
TRICK_DIMENSIONS_AVOID = ("take", "points", "void", "higher", "lower")
TRICK_DIMENSIONS_TAKE = ("take", "trump", "void", "higher", "length")


def _take_level(table: Table, card: Card) -> tuple[int, int]:
    """(2: the move surely takes this trick, 1: it takes it as the trick lies now, 0: it does
    not; for a lead, 0 means that a higher card is still out), and the higher cards still out
    in the card's suit."""
    sit = table.sit
    higher = count_above(table.unseen, card, sit.ace_low)
    trump = sit.trump
    trumps_out = trump >= 0 and bool(suit_block(table.unseen, trump))
    if not sit.trick:
        if higher:
            return 0, higher
        safe = trump < 0 or card.suit_index == trump or not trumps_out
        return (2 if safe else 1), 0
    winner = sit.winning_card()
    assert winner is not None
    if sit.strength(card) <= sit.strength(winner):
        return 0, higher
    if table.after == 0:
        return 2, higher
    if card.suit_index == trump:  # trumping in (or following a trump lead)
        return (1 if count_above(table.unseen, card) else 2), higher
    safe = trump < 0 or sit.led == trump or not trumps_out
    return (2 if safe and not higher else 1), higher


def _trick_features(table: Table, card: Card) -> dict[str, Feature]:
    sit = table.sit
    level, higher = _take_level(table, card)
    suit = SuitName(card.suit)
    out: dict[str, Feature] = {}
    own = penalty(sit, card)
    in_trick = sum(penalty(sit, c) for _, c in sit.trick)
    # what happens to this trick
    if not sit.trick:
        role = "lead"
        phrase = (Phrase("c_lead_sure", card=card, suit=suit) if level == 2
                  else Phrase("c_lead_likely", card=card, suit=suit) if level == 1
                  else Phrase("c_lead_lost" if table.wants_tricks else "c_lead_under",
                              card=card, suit=suit, higher=higher))
    elif card.suit_index != sit.led and card.suit_index != sit.trump:
        role = "discard"
        led = SuitName(SUITS[sit.led])
        phrase = (Phrase("c_discard_points", card=card, suit=led, points=own) if own
                  else Phrase("c_discard", card=card, suit=led))
    else:
        role = "trump" if card.suit_index == sit.trump != sit.led else "follow"
        winner = sit.winning_card()
        if level == 0:
            phrase = Phrase("c_under", card=card, winner=winner)
        elif table.scores and not table.wants_tricks and own + in_trick:
            code = "c_take_sure_points" if level == 2 else "c_take_now_points"
            phrase = Phrase(code, card=card, points=own + in_trick)
        elif level == 2:
            phrase = Phrase("c_trump_sure" if role == "trump" else "c_take_sure", card=card)
        elif role == "trump" or card.suit_index == sit.trump:
            phrase = Phrase("c_trump_now", card=card, higher=higher)
        elif higher:
            phrase = Phrase("c_take_now", card=card, higher=higher, suit=suit)
        else:
            phrase = Phrase("c_take_now_trump", card=card)
    avoid = not table.wants_tricks
    taken = own + in_trick if level and table.scores and avoid else 0
    out["take"] = Feature((role == "discard", level, taken), phrase,
                          -(100 * level + taken) if avoid else level)
    if role == "discard" and table.scores and avoid:
        out["points"] = Feature((own,), phrase, own)
    if role == "lead":
        void = table.others_void(card.suit_index)
        if void:
            code = ("c_void_dump" if table.scores and not table.wants_tricks
                    else "c_void_trump" if sit.trump >= 0 and card.suit_index != sit.trump
                    else "c_void")
            said: Phrase = Phrase(code, card=card, suit=suit, player=table.player(void[0]))
        else:
            said = Phrase("c_no_void", card=card, suit=suit)
        # a void hurts where points may be thrown on your trick, or a trump may beat it
        hurts = (table.scores and avoid) or (sit.trump >= 0 and card.suit_index != sit.trump)
        out["void"] = Feature((len(void),), said, -len(void) if hurts else None)
        out["higher"] = Feature((higher,), Phrase("c_higher", card=card, suit=suit,
                                                  higher=higher) if higher
                                else Phrase("c_higher_none", card=card, suit=suit),
                                higher if avoid else -higher)
        lower = count_below(table.unseen, card, sit.ace_low)
        out["lower"] = Feature((lower,), Phrase("c_lower", card=card, suit=suit, lower=lower)
                               if lower else Phrase("c_lower_none", card=card, suit=suit),
                               -lower if avoid else None)
        trumps = suit_block(table.unseen, sit.trump).bit_count() if sit.trump >= 0 else 0
        if trumps:  # with no trump out, leading one or not tells nothing («0 trumf er ute»)
            out["trump"] = Feature((card.suit_index == sit.trump,),
                                   Phrase("c_lead_trump" if card.suit_index == sit.trump
                                          else "c_lead_side", card=card, trumps=trumps))
        length = suit_block(sit.hand, card.suit_index).bit_count()
        out["length"] = Feature((length,), Phrase("c_length", card=card, suit=suit,
                                                  count=length), length if not avoid else None)
    return out


def _also(table: Table, card: Card) -> Phrase:
    """«♠4 går også under ♠J»: what a move does in this trick, when the recommended one does
    the same."""
    sit = table.sit
    if not sit.trick:
        return Phrase("c_also_lead", card=card, suit=SuitName(card.suit))
    if card.suit_index != sit.led and card.suit_index != sit.trump:
        return Phrase("c_also_discard", card=card)
    if _take_level(table, card)[0]:
        return Phrase("c_also_take", card=card)
    return Phrase("c_also_under", card=card, winner=sit.winning_card())


def _kept(table: Table, m: Card, b: Card) -> Phrase | None:
    """Playing ``m`` instead of ``b`` leaves you holding ``b``: the phrase when that is what tells
    them apart (a high card that may take a trick later where tricks cost; a cheaper card used
    where the trick is yours either way)."""
    sit = table.sit
    if table.wants_tricks:
        if m.suit_index == b.suit_index and sit.key(b) < sit.key(m):
            if sit.trick and _take_level(table, b)[0]:
                return Phrase("c_cheaper", card=m, best=b)
            return Phrase("c_wastes_high", card=m, best=b)
        if sit.trick and m.suit_index != sit.led and not count_above(table.unseen, m):
            return Phrase("c_discard_master", card=m, suit=SuitName(m.suit))
        return None
    higher = count_above(table.unseen, b, sit.ace_low)
    if m.suit_index == b.suit_index and sit.key(b) > sit.key(m):
        if not higher:
            points = penalty(sit, b)
            return (Phrase("c_keeps_master_points", card=m, best=b, points=points) if points
                    else Phrase("c_keeps_master", card=m, best=b))
        return Phrase("c_keeps_high", card=m, best=b, higher=higher, suit=SuitName(b.suit))
    if m.suit_index != b.suit_index and penalty(sit, b) > penalty(sit, m):
        return Phrase("c_keeps_points", card=m, best=b, points=penalty(sit, b))
    return None


def _between(table: Table, a: Card, b: Card) -> Phrase | None:
    """Two cards of one suit that do the same as the trick lies now, with cards still out
    between them and players still to play to it: the difference can show in this very trick
    (the walk: «forskjellen viser seg først senere i runden» above a continuation in which a
    player after you beat the lower card at once)."""
    sit = table.sit
    if a.suit_index != b.suit_index or table.after == 0:
        return None
    if sit.trick and not (_take_level(table, a)[0] and _take_level(table, b)[0]):
        return None  # both go under the trick's card: nothing between them changes that
    low, high = sorted((a, b), key=sit.key)
    count = (count_above(table.unseen, low, sit.ace_low)
             - count_above(table.unseen, high, sit.ace_low))
    if count <= 0:
        return None
    return Phrase("c_between", count=count, suit=SuitName(low.suit), low=low, high=high)


# -- Fan Tan ----------------------------------------------------------------------------------
FANTAN_DIMENSIONS = ("pass", "opens", "beyond", "own")


def _fantan_features(table: Table, move: Move) -> dict[str, Feature]:
    view = table.view
    cost = view.pass_cost
    card = card_of(move)
    if card is None:
        code = "c_pass_holds" if len(view.legal) > 1 else "c_pass_costs"
        return {"pass": Feature((1,), Phrase(code, points=cost))}
    sit = table.sit
    layout = view.rules.fantan_layout
    others = sit.in_play & ~sit.hand & ~sit.laid
    rows = [row for row in rows_from(card, layout) if row]
    heads = [row[0] for row in rows]
    theirs = [h for h in heads if others & h.bit]
    mine = [h for h in heads if sit.hand & h.bit]
    beyond = sum(1 for row in rows for c in row if others & c.bit)
    own = sum(1 for row in rows for c in row if sit.hand & c.bit)
    if len(theirs) == 1:
        opens = Phrase("c_ft_opens_other", card=card, head=theirs[0])
    elif theirs:
        opens = Phrase("c_ft_opens_others", card=card, heads=CardList(theirs))
    elif mine:
        opens = Phrase("c_ft_opens_mine", card=card, heads=CardList(mine), count=len(mine))
    else:
        opens = Phrase("c_ft_opens_nothing", card=card)
    out = {
        "pass": Feature((0,), opens),
        "opens": Feature((len(theirs), len(mine)), opens, len(mine) / 2 - len(theirs)),
        "beyond": Feature((beyond,), Phrase("c_ft_beyond", card=card, count=beyond) if beyond
                          else Phrase("c_ft_beyond_none", card=card), -beyond),
        "own": Feature((own,), Phrase("fact_ft_run", card=card, count=own) if own
                       else Phrase("c_ft_own_none", card=card), own),
    }
    return out


# -- choosing trump -----------------------------------------------------------------------------
def _trump_features(table: Table, move: Move) -> dict[str, Feature]:
    si = SUITS.index(suit_named(move))
    block = suit_block(table.sit.hand, si)
    honours = sum(1 for r in (14, 13, 12) if block >> (r - 2) & 1)
    suit = SuitName(suit_named(move))
    return {
        "count": Feature((block.bit_count(),), Phrase("c_trump_count", suit=suit,
                                                       count=block.bit_count()),
                         block.bit_count()),
        "honours": Feature((honours,), Phrase("c_trump_honours", suit=suit, count=honours),
                           honours),
    }


# -- the reasons -----------------------------------------------------------------------------
def features(table: Table, move: Move) -> dict[str, Feature]:
    """What ``move`` does, dimension by dimension (see the module's docstring); worked out once
    per move of the table, so the recommended move's phrases are the same objects in every
    contrast (and each is worded once per language)."""
    found = table.found.get(move)
    if found is None:
        if table.sit.needs_trump:
            found = _trump_features(table, move)
        elif not table.tricks:
            found = _fantan_features(table, move)
        else:
            card = card_of(move)
            assert card is not None
            found = _trick_features(table, card)
        found = {dim: Feature(f.value, Said(f.phrase), f.score) for dim, f in found.items()}
        table.found[move] = found
    return found


def own_reason(table: Table, move: Move) -> tuple[Any, int]:
    """What ``move`` does, said on its own (the recommended move's reason), and whether that
    reads as a reason for it (1), against it (-1) or neither (0): a good move whose fact reads
    against it is called good «likevel» (even so)."""
    found = features(table, move)
    if table.sit.needs_trump:
        return found["count"].phrase, 0
    if not table.tricks:
        if "opens" not in found:
            return found["pass"].phrase, -1
        value = found["opens"].value
        return found["opens"].phrase, -1 if value[0] else 1
    take = found["take"]
    discard, level, _ = take.value
    if table.wants_tricks:
        return take.phrase, 1 if level else (0 if discard else -1)
    return take.phrase, -1 if level else 1


def _order(table: Table) -> tuple[str, ...]:
    if table.sit.needs_trump:
        return ("count", "honours")
    if not table.tricks:
        return FANTAN_DIMENSIONS
    return TRICK_DIMENSIONS_TAKE if table.wants_tricks else TRICK_DIMENSIONS_AVOID


def contrast(table: Table, move: Move, best: Move, *, worse: bool = True) -> Phrase:
    """Why ``move`` differs from ``best`` on the table: the first dimension where they differ,
    both sides stated.  When ``move`` is the worse one (``worse``) and that dimension reads in
    its favour, the reason goes on to what does tell against it: a later dimension, the card it
    leaves you holding, or (when nothing on the table does) that the difference shows later in
    the round.  When the table does not tell them apart at all, it says that."""
    mine, theirs = features(table, move), features(table, best)
    diffs = [(mine[dim], theirs[dim]) for dim in _order(table)
             if dim in mine and dim in theirs and mine[dim].value != theirs[dim].value]
    m, b_card = card_of(move), card_of(best)
    kept = (_kept(table, m, b_card) if table.tricks and m is not None and b_card is not None
            else None)
    if not diffs:
        if kept is not None:
            return Phrase("c_both", both=_also(table, m), kept=kept)  # type: ignore[arg-type]
        opened = [_opened(found) for found in (mine, theirs)]
        if opened[0] is not None and opened[1] is not None:
            first = _versus(opened[0], opened[1])
            return Phrase("c_ft_who", first=first, best=MoveName(best)) if worse else first
        if m is not None and b_card is not None and (between := _between(table, m, b_card)):
            return between
        return Phrase("c_later", move=MoveName(move), best=MoveName(best))
    first = _versus(diffs[0][0].phrase, diffs[0][1].phrase)
    if not worse or not _favours(*diffs[0]):
        return first
    # what tells against the move: a later dimension that favours the recommended one (not
    # one that favours neither: «Men ♠A trekker trumf» is no reason against ♠A)
    against = next(((a, b) for a, b in diffs[1:] if _favours(b, a)), None)
    if against is not None:
        return Phrase("c_but", first=first,
                      then=_versus(against[1].phrase, against[0].phrase))
    if kept is not None:
        return Phrase("c_but", first=first, then=kept)
    return Phrase("c_yet", first=first, best=MoveName(best))


def _code(phrase: Any) -> str:
    """The message code of a feature's phrase, kept (:class:`Said`) or not; '' for no phrase."""
    plain = phrase.phrase if isinstance(phrase, Said) else phrase
    return str(plain) if isinstance(plain, Phrase) else ""


_OPENING = ("c_ft_opens_other", "c_ft_opens_others", "c_ft_opens_mine")


def _opened(found: dict[str, Feature]) -> Any:
    """The phrase of a Fan Tan card that opens a place (for the others or for you), else None:
    two such cards are never «the same» on the table, even when the counts agree."""
    said = found.get("opens")
    phrase = None if said is None else said.phrase
    return phrase if _code(phrase) in _OPENING else None


_BARE_DISCARDS = {"c_discard": "c_discard_bare", "c_discard_points": "c_discard_points_bare"}


# A Fan Tan count further along the row, for each of two cards: said once, with both counts
# («lenger ut i rekka åpner ♠10 veien for 3 av de andres kort, ♠6 for 4»), not two whole
# clauses that repeat «som de andre har lenger ut i rekka» (the walk: a review line of five
# sentences).
_ROW_BOTH = {"c_ft_beyond": "c_ft_beyond_both", "c_ft_beyond_none": "c_ft_beyond_both",
             "fact_ft_run": "c_ft_own_both", "c_ft_own_none": "c_ft_own_both"}


def _row_count(phrase: Phrase) -> Any:
    count = phrase.params.get("count")
    return count if count else Phrase("c_ft_none")


def _versus(mine: Any, best: Any) -> Phrase:
    """Two phrases side by side; when both are discards from the same void, the void is said
    once («du er renons i spar: ♦J …, mens ♣Q …»), not in each half; when both count Fan Tan
    cards further along the row, the row is said once, with both counts."""
    plain = [p.phrase if isinstance(p, Said) else p for p in (mine, best)]
    both = {_ROW_BOTH.get(_code(p), "") for p in plain}
    if len(both) == 1 and "" not in both:
        return Phrase(both.pop(), card=plain[0].params["card"], count=_row_count(plain[0]),
                      best=plain[1].params["card"], best_count=_row_count(plain[1]))
    if all(_code(p) in _BARE_DISCARDS for p in plain):
        bare = [Phrase(_BARE_DISCARDS[str(p)],
                       **{k: v for k, v in p.params.items() if k != "suit"}) for p in plain]
        return Phrase("c_void_both", suit=plain[0].params["suit"],
                      rest=Phrase("c_versus", mine=bare[0], best=bare[1]))
    return Phrase("c_versus", mine=mine, best=best)


def _favours(mine: Feature, theirs: Feature) -> bool:
    """Whether a dimension reads in the move's favour against the recommended one."""
    return mine.score is not None and theirs.score is not None and mine.score > theirs.score


def same_move(table: Table, move: Move, best: Move) -> Phrase:
    """Why ``move`` is the same move as ``best`` here: every card ranked between them is yours
    or gone already."""
    return Phrase("c_same", move=MoveName(move), best=MoveName(best))


def cards_text(moves: Any) -> CardList:
    """The cards among ``moves``, listed for a sentence."""
    return CardList(c for c in (card_of(m) for m in moves) if c is not None)
