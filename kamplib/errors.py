"""One family of exceptions, each carrying where it happened and a rule code, worded to teach.

Every error is a :class:`ValueError` with a ``code`` naming the rule, the place (round, trick or
turn, player, card) and a message in bokmål (``str(err)``) and English (``err.message("en")``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kamplib.i18n import DEFAULT_LANG, KindName, t

if TYPE_CHECKING:
    from kamplib.cards import Card

__all__ = [
    "KampError",
    "CardError",
    "RuleError",
    "IllegalMove",
    "RecordError",
    "SheetError",
]


class KampError(ValueError):
    """Base of every error kamp raises about its input."""

    def __init__(
        self,
        code: str,
        *,
        round: int | None = None,
        kind: str | None = None,
        trick: int | None = None,
        turn: int | None = None,
        player: str | None = None,
        card: Card | str | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.round = round
        self.kind = kind
        self.trick = trick
        self.turn = turn
        self.player = player
        self.card = card
        self.params = params
        super().__init__(self.message(DEFAULT_LANG))

    def reason(self, lang: str = DEFAULT_LANG) -> str:
        """The rule broken, as a sentence, without the place."""
        params = dict(self.params)
        if self.player is not None:
            params.setdefault("player", self.player)
        if self.card is not None:
            params.setdefault("card", self.card)
        return t(self.code, lang, **params)

    def where(self, lang: str = DEFAULT_LANG) -> str:
        """Where it happened, e.g. ``Runde 2 (Kløver), stikk 3``; empty when not in a game."""
        parts = []
        if self.round is not None:
            parts.append(t("where_round", lang, number=self.round, kind=KindName(self.kind or "")))
        if self.trick is not None:
            parts.append(t("where_trick", lang, number=self.trick))
        elif self.turn is not None:
            parts.append(t("where_turn", lang, number=self.turn))
        return ", ".join(parts)

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason(lang)

    @property
    def nb(self) -> str:
        return self.message("nb")

    @property
    def en(self) -> str:
        return self.message("en")

    def located(self, **place: Any) -> KampError:
        """A copy of this error of the same class with the place filled in."""
        fields = dict(
            round=self.round, kind=self.kind, trick=self.trick, turn=self.turn,
            player=self.player, card=self.card,
        )
        fields.update({k: v for k, v in place.items() if v is not None})
        return type(self)(self.code, **fields, **self.params)


class CardError(KampError):
    """Text that is not a card or a suit."""


class RuleError(KampError):
    """A bad game set-up: unknown game, house rule, value, player count or name."""


class IllegalMove(KampError):
    """A play the rules forbid; the state it was tried on is unchanged."""


class RecordError(KampError):
    """A kamp/1 record that cannot be read; the message starts with where the problem is."""

    def message(self, lang: str = DEFAULT_LANG) -> str:
        where = self.where(lang)
        reason = self.reason(lang)
        return f"{where}: {reason}" if where else reason

    @classmethod
    def from_error(cls, err: KampError, **place: Any) -> RecordError:
        fields = dict(
            round=err.round, kind=err.kind, trick=err.trick, turn=err.turn,
            player=err.player, card=err.card,
        )
        fields.update({k: v for k, v in place.items() if v is not None})
        return cls(err.code, **fields, **err.params)


class SheetError(KampError):
    """A typed-in score sheet that cannot be read at all (not one with wrong scores)."""

    def message(self, lang: str = DEFAULT_LANG) -> str:
        return self.reason(lang)
