"""The small tables the course shows: the deck, the dealers, a trick log, a move log, a score table.

Each is a :class:`Table` of plain values (tests read its rows) that draws itself as HTML in a
notebook.  Every number in them comes from the engine: the deck from :mod:`kamplib.deal`, who
starts from :mod:`kamplib.seating`, what a trick cost from the round's kind object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kamplib.deal import cards_in_play, hand_sizes, removed_cards, tricks_in_play
from kamplib.draw.display import Html
from kamplib.errors import RuleError
from kamplib.game import Game
from kamplib.i18n import KindName, register, t
from kamplib.kinds import kind_of
from kamplib.moves import move_text
from kamplib.round import Round
from kamplib.rules import Rules, defaults
from kamplib.seating import TABLE_SIZES, opener_of
from kamplib.teach import texts as _texts  # noqa: F401  (the teaching words)
from kamplib.tricks import TrickRound

__all__ = ["Table", "deck_table", "dealers_table", "example_game", "starter_text", "trick_log",
           "move_log", "running_totals", "totals_by_round", "sheet_picture", "check_trick_round"]

register({
    "tbl_removed": {"nb": "Tas ut", "en": "Taken out"},
    "tbl_each": {"nb": "Kort hver i stikkrundene", "en": "Cards each in trick rounds"},
    "tbl_fantan": {"nb": "Kort hver i Fan Tan", "en": "Cards each in Fan Tan"},
    "tbl_trick": {"nb": "Stikk", "en": "Trick"},
    "tbl_trick_number": {"nb": "Stikk {number}", "en": "Trick {number}"},
    "tbl_led": {"nb": "Spilte ut", "en": "Led"},
    "tbl_took": {"nb": "Tok stikket", "en": "Took it"},
    "tbl_turn": {"nb": "Trekk", "en": "Turn"},
    "tbl_move": {"nb": "Kort", "en": "Card"},
    "tbl_dealer": {"nb": "Giver", "en": "Dealer"},
    "tbl_starts": {"nb": "Begynner", "en": "Starts"},
    "tbl_starts_seven": {"nb": "{player} (har {card})", "en": "{player} (holds {card})"},
    "tbl_starts_trump": {"nb": "{player} (velger trumf)", "en": "{player} (chooses trump)"},
    "tbl_round_number": {"nb": "{number}. {kind}", "en": "{number}. {kind}"},
    "tbl_scores_length": {
        "nb": "{player} har {count} tall, men rundene er {rounds}",
        "en": "{player} has {count} {count:number|numbers}, but the rounds are {rounds}"},
    "tbl_not_tricks": {
        "nb": "{name} er ikke en stikkrunde, så den har ingen stikk å vise",
        "en": "{name} is not a trick round, so it has no tricks to show"},
})


@dataclass(frozen=True)
class Table:
    """Column headings, rows of values and an optional sum row; shows itself as HTML."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    footer: tuple[Any, ...] | None = None
    caption: str = ""

    def column(self, heading: str) -> list[Any]:
        """The values of one column, top to bottom."""
        i = self.columns.index(heading)
        return [row[i] for row in self.rows]

    def where(self, heading: str, keep: Callable[[Any], bool]) -> Table:
        """The rows whose value in ``heading`` passes ``keep`` (no sum row)."""
        i = self.columns.index(heading)
        return Table(self.columns, tuple(r for r in self.rows if keep(r[i])), None, self.caption)

    def tail(self, count: int) -> Table:
        return Table(self.columns, self.rows[-count:], self.footer, self.caption)

    def __len__(self) -> int:
        return len(self.rows)

    def html(self) -> str:
        from kamplib.draw.tables import table_html

        return table_html(self.columns, self.rows, footer=self.footer, caption=self.caption)

    def _repr_html_(self) -> str:
        return self.html()


def _round_label(index: int, kind: str, lang: str) -> str:
    return t("tbl_round_number", lang, number=index + 1, kind=kind_of(kind).name(lang))


def deck_table(lang: str = "nb", rules: Rules | None = None) -> Table:
    """How the deck is fitted to each table size (the engine's deal rules)."""
    rules = rules or defaults("femkamp")
    rows = []
    for n in TABLE_SIZES:
        out = " ".join(c.symbol for c in removed_cards("pass", n, rules)) or t("word_nothing",
                                                                               lang)
        sizes = hand_sizes(cards_in_play("fantan", n, rules).bit_count(), n, 0)
        low, high = min(sizes), max(sizes)
        rows.append((n, out, tricks_in_play(n, rules),
                     str(low) if low == high else f"{low}–{high}"))
    return Table((t("word_players", lang), t("tbl_removed", lang), t("tbl_each", lang),
                  t("tbl_fantan", lang)), tuple(rows))


def starter_text(game: Game, index: int, lang: str = "nb") -> str:
    """Who acts first in round ``index`` of ``game``, and why when it is not the left neighbour."""
    deal = game.deals[index]
    rules = game.rules
    kind = kind_of(deal.kind)
    pending = kind.has_trump and deal.trump is None
    opener = opener_of(deal.kind, deal.dealer, deal.hands, rules, trump_pending=pending)
    player = game.players[opener.seat]
    if pending:
        return t("tbl_starts_trump", lang, player=player)
    if opener.card is not None:  # the holder of the opening card (♥7) begins
        return t("tbl_starts_seven", lang, player=player, card=opener.card)
    return player


# The chapters' whole game for «who deals and who begins»: a deal where the ♥7 lies with neither
# Fan Tan's dealer nor the seat left of them in Femkamp, Sekskamp and Sjukamp, so the table shows
# the opener rule at work instead of looking like «the dealer starts» (walk W19).
EXAMPLE_SEED = 6


def example_game(players: Sequence[str], rules: Rules) -> Game:
    """The course's example of a whole game at this table, under the family's house rules."""
    return Game(list(players), rules=rules, seed=EXAMPLE_SEED)


def dealers_table(game: Game, lang: str = "nb") -> Table:
    """Who deals each round and who acts first in it (the Fan Tan opener included)."""
    rows = tuple((_round_label(i, d.kind, lang), game.players[d.dealer],
                  starter_text(game, i, lang)) for i, d in enumerate(game.deals))
    return Table((t("word_round", lang), t("tbl_dealer", lang), t("tbl_starts", lang)), rows)


def check_trick_round(rnd: Round) -> TrickRound:
    """``rnd`` itself when it is a trick round; otherwise a clear refusal."""
    if not isinstance(rnd, TrickRound):
        raise RuleError("tbl_not_tricks", name=KindName(rnd.kind))
    return rnd


def trick_log(rnd: Round, lang: str = "nb", *, scoring_only: bool = False) -> Table:
    """One row per finished trick: who led, every card, who took it and what it cost them.

    With ``scoring_only`` only the tricks that scored something are listed.
    """
    rnd = check_trick_round(rnd)
    kind = kind_of(rnd.kind)
    rows = []
    for number, trick in enumerate(rnd.tricks, 1):
        cards = dict(trick.plays)
        taken = sum(c.bit for c in trick.cards)
        cost = kind.raw_score(1, taken, rnd.rules) * rnd.multiplier
        if scoring_only and not cost:
            continue
        rows.append((number, rnd.players[trick.leader],
                     *(cards[seat].symbol for seat in range(rnd.n)),
                     rnd.players[trick.winner], cost))
    columns = (t("tbl_trick", lang), t("tbl_led", lang), *rnd.players, t("tbl_took", lang),
               t("word_points", lang))
    return Table(columns, tuple(rows))


def move_log(rnd: Round, lang: str = "nb", last: int | None = None) -> Table:
    """The moves of a round in order (turn, player, card or pass); the ``last`` few if given."""
    rows = tuple((i, rnd.players[entry.seat], move_text(entry.move, lang))
                 for i, entry in enumerate(rnd.history, 1))
    table = Table((t("tbl_turn", lang), t("word_player", lang), t("tbl_move", lang)), rows)
    return table.tail(last) if last else table


def running_totals(scores: Mapping[str, Sequence[int]], kinds: Sequence[str],
                   lang: str = "nb") -> Table:
    """A score table with a row per round and the sums at the bottom, for any number of
    players (also a worked example that shows only some of the table)."""
    kinds = list(kinds)
    for player, values in scores.items():
        if len(values) != len(kinds):
            raise RuleError("tbl_scores_length", player=player, count=len(values),
                            rounds=len(kinds))
    players = list(scores)
    rows = tuple((_round_label(i, k, lang), *(scores[p][i] for p in players))
                 for i, k in enumerate(kinds))
    footer = (t("word_total", lang), *(sum(scores[p]) for p in players))
    return Table((t("word_round", lang), *players), rows, footer)


def totals_by_round(source: Any, lang: str = "nb") -> Table:
    """Each player's total after every round, for a finished game or a score sheet."""
    if isinstance(source, Game):
        rows_in = [(r.kind, r.scores()) for r in source.rounds if r.is_over]
    else:
        rows_in = [(kind, scores) for kind, scores in source.rows]
    running = dict.fromkeys(source.players, 0)
    rows = []
    for i, (kind, scores) in enumerate(rows_in):
        for p in source.players:
            value = scores.get(p)
            running[p] += value if isinstance(value, int) else 0
        rows.append((_round_label(i, kind, lang), *(running[p] for p in source.players)))
    return Table((t("word_round", lang), *source.players), tuple(rows))



def sheet_picture(source: Any, lang: str = "nb") -> Html:
    """A game's or a typed-in score sheet's rows, running totals and winners, as the sheet."""
    from kamplib.draw import sheet_html

    return Html(sheet_html(source, lang=lang))
