"""Round kinds as objects: the one place that says what each kind of round is and what it scores.

Like python-chess's variants, each kind is a small class whose class attributes state its rules,
found by its record name in :data:`KINDS`: whether tricks are played, what a trick and what each
card in your tricks is worth under the house rules, whether there is trump, and what a player
wants.  Scoring, the bots, the score-sheet checker, the drills, the course, the drawing and the
printable page all ask these objects; no other module writes a point value or a list of kinds.

Card values are kept as *value masks*: pairs ``(mask, points)`` saying that each card of
``mask`` in your tricks is worth ``points``.  A score is then a few ``bit_count`` calls, which
keeps playouts fast, and the same pairs answer "what is this card worth" and "how many points
are in play".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from kamplib.cards import ALL_MASK, SUITS, Card, parse_card, suit_mask
from kamplib.errors import RuleError
from kamplib.i18n import register, t

if TYPE_CHECKING:
    from kamplib.rules import Rules

__all__ = [
    "Family", "RoundKind", "KINDS", "KIND_NAMES", "TRICK_KINDS", "kind_of", "parse_kind",
    "CLUBS", "QUEENS", "QUEEN_OF_CLUBS",
]

CLUBS = suit_mask("C")
QUEENS = sum(parse_card(q).bit for q in ("QS", "QH", "QC", "QD"))
QUEEN_OF_CLUBS = parse_card("QC").bit

ValueMasks = tuple[tuple[int, int], ...]


class Family(Enum):
    """How a round is played: tricks (one card from each player, the best takes them), or
    Fan Tan's rows laid from the sevens.  Callers ask a round's family, never its kind's name."""

    TRICKS = "tricks"
    FANTAN = "fantan"


class RoundKind:
    """One kind of round.  Subclasses set the class attributes; instances live in :data:`KINDS`.

    ``sign`` is +1 where points are bad for you (avoid tricks or cards) and -1 where each trick
    counts in your favour (Grand, Trumf); a player always wants the lowest score.
    """

    key: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    is_trick_round: ClassVar[bool] = True
    family: ClassVar[Family] = Family.TRICKS
    has_trump: ClassVar[bool] = False
    # points for each trick taken (Pass +1, Grand and Trumf -1)
    trick_value: ClassVar[int] = 0
    # Fan Tan: points for each pass and for each card left in hand
    pass_value: ClassVar[int] = 0
    card_left_value: ClassVar[int] = 0
    # the cards whose taking all of them a house rule may reward (Kløver's clubs), as a mask
    take_all_mask: ClassVar[int] = 0
    # a card whose picture stands for the round (tiles, headings)
    icon: ClassVar[str] = "AS"
    # the house rules this kind of round reads (kamplib.rules.RULE_CHOICES keys)
    house_rules: ClassVar[tuple[str, ...]] = ()

    def icon_card(self, rules: Rules) -> str | None:
        """The card a tile shows for this round under ``rules``; None: a card face down (what
        it stands for is not known before the deal)."""
        return self.icon

    # -- what cards are worth ----------------------------------------------------------------
    def value_masks(self, rules: Rules) -> ValueMasks:
        """``(mask, points)`` pairs: each card of ``mask`` in your tricks scores ``points``."""
        return ()

    def card_value(self, card: Card, rules: Rules) -> int:
        """What ``card`` in your tricks scores in this round (the trick itself aside)."""
        return sum(points for mask, points in self.value_masks(rules) if card.bit & mask)

    def card_values(self, rules: Rules) -> tuple[int, ...]:
        """:meth:`card_value` of every card, indexed by ``card.index`` (one look-up per card)."""
        return _card_values(self, rules)

    def scoring_mask(self, rules: Rules) -> int:
        """The cards worth anything in this round."""
        mask = 0
        for m, points in self.value_masks(rules):
            if points:
                mask |= m
        return mask

    def points_of(self, cards: int | Iterable[Card], rules: Rules) -> int:
        """What a set of cards (a mask or cards) in your tricks scores, tricks aside."""
        mask = cards if isinstance(cards, int) else sum(c.bit for c in cards)
        return sum(points * (mask & m).bit_count() for m, points in self.value_masks(rules))

    def ace_low(self, rules: Rules) -> bool:
        """Whether the ace ranks below the two in this round under the house rules."""
        return False

    def takes_all_zero(self, taken: int, rules: Rules) -> bool:
        """Whether a player who took the cards ``taken`` (a mask) scores 0 for taking them all
        (Kløver's house rule ``clubs_take_all_zero``; no other round has such a rule)."""
        return False

    def has_take_all_rule(self, rules: Rules) -> bool:
        """Whether the house rules give this round a take-them-all bonus."""
        return False

    # -- scores ------------------------------------------------------------------------------
    @property
    def sign(self) -> int:
        return -1 if self.trick_value < 0 else 1

    @property
    def wants_tricks(self) -> bool:
        """Whether taking tricks is good for you in this round (Grand, Trumf)."""
        return self.trick_value < 0

    def raw_score(self, tricks: int, taken: int, rules: Rules) -> int:
        """The score of one player who took ``tricks`` tricks holding the cards ``taken``."""
        score = tricks * self.trick_value
        for m, points in self.value_masks(rules):
            score += points * (taken & m).bit_count()
        return score

    def trick_scores(self, tricks_won: Sequence[int], taken: Sequence[int], rules: Rules,
                     multiplier: int = 1) -> list[int]:
        """Every player's score of a finished (or partly played) trick round."""
        if not self.value_masks(rules):  # tricks alone count (the end of every playout)
            value = self.trick_value * multiplier
            return [tr * value for tr in tricks_won]
        raw = self.raw_score
        return [raw(tr, tk, rules) * multiplier
                for tr, tk in zip(tricks_won, taken, strict=True)]

    def fantan_scores(self, passes: Sequence[int], cards_left: Sequence[int],
                      out_seat: int | None, multiplier: int = 1) -> list[int]:
        raise TypeError(f"{self.key} is not Fan Tan")

    def total_is_fixed(self, rules: Rules, taken: Sequence[int] = (),
                       out_of_play: int = 0) -> bool:
        """Whether the rest of the round can only end with the same total of points, given the
        cards each seat has ``taken`` (masks) and those ``out_of_play``.  Where it can, a point
        less for you is a point more for the others; where it cannot (Fan Tan's passes), making
        the others score counts too, so the search judges such a round by your points minus the
        others' average (:mod:`kamplib.bots.search`)."""
        return True

    def points_in_play(self, cards: int, tricks: int, rules: Rules, multiplier: int = 1) -> int:
        """What all players' scores add up to when ``cards`` (a mask) are dealt in ``tricks``
        tricks, and no bonus applies."""
        return (tricks * self.trick_value + self.points_of(cards & ALL_MASK, rules)) * multiplier

    # -- words ---------------------------------------------------------------------------------
    def name(self, lang: str = "nb") -> str:
        return t(f"kind_{self.key}", lang)

    def goal(self, lang: str = "nb") -> str:
        """What a player tries to do in this round, in a few words."""
        return t(f"kind_goal_{self.key}", lang)

    def points_text(self, rules: Rules, lang: str = "nb") -> str:
        """What the round scores, with the house rules' numbers, in a few words."""
        return t(f"kind_points_{self.key}", lang, trick=abs(self.trick_value))

    def __repr__(self) -> str:
        return f"<RoundKind {self.key}>"

    def __reduce__(self) -> tuple[Callable[[str], RoundKind], tuple[str]]:
        return (kind_of, (self.key,))


@lru_cache(maxsize=256)
def _card_values(kind: RoundKind, rules: Rules) -> tuple[int, ...]:
    return tuple(kind.card_value(c, rules) for c in Card.ALL)


class Pass(RoundKind):
    key = "pass"
    trick_value = 1
    icon = "AS"
    house_rules = ("ace_low_in_pass",)

    def ace_low(self, rules: Rules) -> bool:
        return rules.ace_low_in_pass


class Klover(RoundKind):
    key = "klover"
    aliases = ("kløver",)
    icon = "5C"
    house_rules = ("clubs_take_all_zero",)
    club_value: ClassVar[int] = 1
    take_all_mask = CLUBS

    def value_masks(self, rules: Rules) -> ValueMasks:
        return ((CLUBS, self.club_value),)

    def takes_all_zero(self, taken: int, rules: Rules) -> bool:
        """House rule ``clubs_take_all_zero``: whoever takes every club scores 0."""
        return rules.clubs_take_all_zero and taken & CLUBS == CLUBS

    def has_take_all_rule(self, rules: Rules) -> bool:
        return rules.clubs_take_all_zero

    def total_is_fixed(self, rules: Rules, taken: Sequence[int] = (),
                       out_of_play: int = 0) -> bool:
        """Under ``clubs_take_all_zero`` the total varies while one seat may still take every
        club: no club out of play, and no two seats with clubs taken."""
        if not rules.clubs_take_all_zero or out_of_play & CLUBS:
            return True
        return sum(1 for mask in taken if mask & CLUBS) > 1

    def raw_score(self, tricks: int, taken: int, rules: Rules) -> int:
        if self.takes_all_zero(taken, rules):
            return 0
        return (taken & CLUBS).bit_count() * self.club_value

    def points_text(self, rules: Rules, lang: str = "nb") -> str:
        code = "kind_points_klover_zero" if rules.clubs_take_all_zero else "kind_points_klover"
        return t(code, lang, count=CLUBS.bit_count(), points=self.club_value)


class Damer(RoundKind):
    key = "damer"
    icon = "QH"
    house_rules = ("queen_points",)

    def value_masks(self, rules: Rules) -> ValueMasks:
        return ((QUEENS, rules.queen_points),)

    def points_text(self, rules: Rules, lang: str = "nb") -> str:
        return t("kind_points_damer", lang, points=rules.queen_points)


class FanTan(RoundKind):
    key = "fantan"
    aliases = ("kabal", "fan tan", "fan-tan")
    is_trick_round = False
    family = Family.FANTAN
    pass_value = 1
    card_left_value = 1
    icon = "7H"
    house_rules = ("fantan_layout", "fantan_opener", "fantan_deck", "fantan_voluntary_pass")

    def ace_low(self, rules: Rules) -> bool:
        return True  # the rows run A…K

    def trick_scores(self, tricks_won: Sequence[int], taken: Sequence[int], rules: Rules,
                     multiplier: int = 1) -> list[int]:
        raise TypeError("fantan is not a trick round")

    def fantan_scores(self, passes: Sequence[int], cards_left: Sequence[int],
                      out_seat: int | None, multiplier: int = 1) -> list[int]:
        """Passes plus cards left; whoever went out scores 0, earlier passes forgiven."""
        pv, cv = self.pass_value, self.card_left_value
        return [0 if seat == out_seat else (p * pv + c * cv) * multiplier
                for seat, (p, c) in enumerate(zip(passes, cards_left, strict=True))]

    def total_is_fixed(self, rules: Rules, taken: Sequence[int] = (),
                       out_of_play: int = 0) -> bool:
        return False

    def points_in_play(self, cards: int, tricks: int, rules: Rules, multiplier: int = 1) -> int:
        raise TypeError("Fan Tan scores do not add up to a fixed number")

    def points_text(self, rules: Rules, lang: str = "nb") -> str:
        return t("kind_points_fantan", lang, points=self.pass_value)


class Grand(RoundKind):
    key = "grand"
    trick_value = -1
    icon = "KD"


class Trumf(RoundKind):
    key = "trumf"
    trick_value = -1
    has_trump = True
    icon = "AS"
    house_rules = ("trump",)

    def icon_card(self, rules: Rules) -> str | None:
        """The ace of a fixed trump suit; face down while the trump is drawn or chosen (walk W17:
        Sekskamp's tile showed ♠A, as if spades were always trump)."""
        return f"A{rules.trump}" if rules.trump in SUITS else None


class Finale(RoundKind):
    key = "finale"
    icon = "QC"
    house_rules = ("finale_queen_of_clubs",)
    other_queen_value: ClassVar[int] = 4
    club_value: ClassVar[int] = 1

    def value_masks(self, rules: Rules) -> ValueMasks:
        return ((CLUBS & ~QUEEN_OF_CLUBS, self.club_value),
                (QUEENS & ~QUEEN_OF_CLUBS, self.other_queen_value),
                (QUEEN_OF_CLUBS, rules.finale_queen_of_clubs))

    def points_text(self, rules: Rules, lang: str = "nb") -> str:
        return t("kind_points_finale", lang, qc=rules.finale_queen_of_clubs,
                 queen=self.other_queen_value, club=self.club_value)


KINDS: dict[str, RoundKind] = {k.key: k for k in (
    Pass(), Klover(), Damer(), FanTan(), Grand(), Trumf(), Finale())}
KIND_NAMES: tuple[str, ...] = tuple(KINDS)
TRICK_KINDS: frozenset[str] = frozenset(k for k, v in KINDS.items() if v.is_trick_round)
_ALIASES = {alias: k.key for k in KINDS.values() for alias in k.aliases}


def parse_kind(value: Any) -> str:
    """A round kind's record name from its record name, an alias (``kløver``, ``kabal``) or its
    name in any language of the catalogue (``Clubs``, ``Fan Tan``: a sheet saved in the learner's
    words reads back).

    >>> parse_kind('Kløver'), parse_kind('kabal')
    ('klover', 'fantan')
    """
    if isinstance(value, str):
        key = value.strip().lower()
        key = _ALIASES.get(key) or _names().get(key, key)
        if key in KINDS:
            return key
    raise RuleError("unknown_kind", value=value, allowed=", ".join(KINDS))


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every kind's name in every language, lower-cased, to its record name."""
    from kamplib.i18n import LANGS

    return {t(f"kind_{k}", lang).lower(): k for k in KINDS for lang in LANGS}


def kind_of(kind: str | RoundKind) -> RoundKind:
    """The kind object for a record name (or the object itself).

    >>> kind_of('damer').is_trick_round, kind_of('fantan').is_trick_round
    (True, False)
    """
    if isinstance(kind, RoundKind):
        return kind
    found = KINDS.get(kind)
    return found if found is not None else KINDS[parse_kind(kind)]


register({
    "kind_pass": {"nb": "Pass", "en": "Pass"},
    "kind_klover": {"nb": "Kløver", "en": "Clubs"},
    "kind_damer": {"nb": "Damer", "en": "Queens"},
    "kind_fantan": {"nb": "Fan Tan", "en": "Fan Tan"},
    "kind_grand": {"nb": "Grand", "en": "Grand"},
    "kind_trumf": {"nb": "Trumf", "en": "Trumps"},
    "kind_finale": {"nb": "Finale", "en": "Finale"},
    "kind_goal_pass": {"nb": "Ta så få stikk som mulig", "en": "Take as few tricks as you can"},
    "kind_goal_klover": {"nb": "Hold deg unna kløverne", "en": "Stay away from the clubs"},
    "kind_goal_damer": {"nb": "Unngå å ta damene", "en": "Avoid taking the queens"},
    "kind_goal_fantan": {"nb": "Bli først kvitt kortene",
                         "en": "Be the first to run out of cards"},
    "kind_goal_grand": {"nb": "Ta så mange stikk som mulig",
                        "en": "Take as many tricks as you can"},
    "kind_goal_trumf": {"nb": "Ta stikk, med trumf til hjelp",
                        "en": "Take tricks, with trump to help"},
    "kind_goal_finale": {"nb": "Unngå damer og kløver", "en": "Avoid queens and clubs"},
    "kind_points_pass": {"nb": "+{trick} per stikk", "en": "+{trick} per trick"},
    "kind_points_klover": {"nb": "+{points} per kløver", "en": "+{points} per club"},
    "kind_points_klover_zero": {"nb": "+{points} per kløver (alle {count} gir 0)",
                                "en": "+{points} per club (all {count} taken: 0)"},
    "kind_points_damer": {"nb": "+{points} per dame", "en": "+{points} per queen"},
    "kind_points_fantan": {"nb": "+{points} per pass og per kort igjen; den som går ut, får 0",
                           "en": "+{points} per pass and per card left; whoever goes out "
                                 "scores 0"},
    "kind_points_grand": {"nb": "−{trick} per stikk", "en": "−{trick} per trick"},
    "kind_points_trumf": {"nb": "−{trick} per stikk", "en": "−{trick} per trick"},
    "kind_points_finale": {"nb": "♣Q {qc}, andre damer {queen}, andre ♣ {club}",
                           "en": "♣Q {qc}, other queens {queen}, other ♣ {club}"},
})
