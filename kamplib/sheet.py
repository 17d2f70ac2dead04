"""Score sheets: the table a family keeps, and a checker that catches impossible rows.

A :class:`ScoreSheet` holds rows of ``(kind, {player: score})`` as typed in — a score may be an
``int``, ``None`` (not typed yet) or the raw text that was typed, so nothing entered is ever lost.
:meth:`ScoreSheet.problems` checks every row against what the rules make possible for that round
kind, table size and house rules, and words each problem so a family understands it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kamplib.errors import KampError, SheetError
from kamplib.game import check_players
from kamplib.i18n import KindName, Phrase, kind_name, register, t
from kamplib.rules import GAMES, Rules, make_rules, parse_kind
from kamplib.scoring import points_in_play, tricks_in_play

if TYPE_CHECKING:
    import pandas as pd

    from kamplib.game import Game

__all__ = ["ScoreSheet", "Problem", "parse_score", "TOTAL_LABELS"]

Score = int | str | None

TOTAL_LABELS = ("sum", "total", "totalt", "summen", "sum:")
_EXAMPLE = {
    "players": ("Kari", "Ola", "Siri", "Per"),
    "rows": [
        ("pass", (3, 4, 2, 4)),
        ("klover", (2, 5, 3, 3)),
        ("damer", (4, 8, 0, 4)),
        ("fantan", (3, 1, 6, 0)),
        ("grand", (-5, -2, -4, -2)),
    ],
}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a score sheet: the row (0-based, None for the whole sheet) and player
    it concerns, a code, and the values its sentence needs."""

    row: int | None
    player: str | None
    code: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    kind: str | None = None

    def reason(self, lang: str = "nb") -> str:
        return t(self.code, lang, player=self.player or "", **self.params)

    def message(self, lang: str = "nb") -> str:
        """The sentence with its place, e.g. ``Rad 3 (Damer): …``."""
        if self.row is None:
            return self.reason(lang)
        where = t("sheet_where", lang, number=self.row + 1, kind=KindName(self.kind or ""))
        return f"{where}: {self.reason(lang)}"

    def __str__(self) -> str:
        return self.message()


def parse_score(value: Any) -> Score:
    """An int from what was typed (``-5``, ``−5``, ``+3``, `` 4 ``); else the text, or None."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else str(value)
    text = str(value).strip().replace("−", "-").replace("–", "-")
    if not text:
        return None
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-").strip()
    if digits.isdigit():
        return sign * int(digits)
    return str(value)


class ScoreSheet:
    """The score sheet of one game: rows as typed, totals, standings, and a checker."""

    def __init__(self, players: Sequence[str], game: str = "femkamp",
                 rules: Rules | Mapping[str, Any] | None = None) -> None:
        self.players = check_players(players)
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        self.rows: list[tuple[str, dict[str, Score]]] = []
        # What the family wrote on a "sum" line, if anything: checked against the real totals.
        self.claimed_totals: dict[str, Score] = {}

    # -- building -------------------------------------------------------------------------
    @classmethod
    def example(cls) -> ScoreSheet:
        """The worked example: Kari 7, Ola 16, Siri 7, Per 9 — Kari and Siri share the win."""
        sheet = cls(_EXAMPLE["players"], "femkamp")
        for kind, scores in _EXAMPLE["rows"]:
            sheet.add_row(kind, dict(zip(sheet.players, scores, strict=True)))
        return sheet

    @classmethod
    def from_game(cls, game: Game) -> ScoreSheet:
        """The sheet of a game played in the engine (finished rounds only)."""
        sheet = cls(game.players, game.game, game.rules)
        for rnd in game.rounds:
            if rnd.is_over:
                sheet.add_row(rnd.kind, rnd.scores())
        return sheet

    @property
    def n(self) -> int:
        return len(self.players)

    def next_kind(self) -> str:
        """The kind the next row should be by the game's order (a tie-break Grand after it)."""
        i = len(self.rows)
        return self.rules.order[i] if i < len(self.rules.order) else "grand"

    def add_row(self, kind: str | None = None,
                scores: Mapping[str, Any] | Sequence[Any] | None = None) -> int:
        """Append a row; returns its index.  Scores may be partial or raw text."""
        kind = parse_kind(kind) if kind is not None else self.next_kind()
        row: dict[str, Score] = dict.fromkeys(self.players)
        if isinstance(scores, Mapping):
            for player, value in scores.items():
                if player not in row:
                    raise SheetError("bad_seat", player=player, players=", ".join(self.players))
                row[player] = parse_score(value)
        elif scores is not None:
            values = list(scores)
            if len(values) != self.n:
                raise SheetError("sheet_row_length", count=len(values), expected=self.n)
            row = {p: parse_score(v) for p, v in zip(self.players, values, strict=True)}
        self.rows.append((kind, row))
        return len(self.rows) - 1

    def set_score(self, row: int, player: str, value: Any) -> None:
        self._row(row)[1][self._player(player)] = parse_score(value)

    def set_kind(self, row: int, kind: str) -> None:
        _, scores = self._row(row)
        self.rows[row] = (parse_kind(kind), scores)

    def remove_row(self, row: int) -> None:
        self._row(row)
        del self.rows[row]

    def _row(self, row: int) -> tuple[str, dict[str, Score]]:
        if not isinstance(row, int) or not 0 <= row < len(self.rows):
            raise SheetError("sheet_no_row", number=row if not isinstance(row, int) else row + 1,
                             count=len(self.rows))
        return self.rows[row]

    def _player(self, player: str) -> str:
        if player not in self.players:
            raise SheetError("bad_seat", player=player, players=", ".join(self.players))
        return player

    # -- standings ------------------------------------------------------------------------
    def totals(self) -> dict[str, int]:
        """Sum of every score typed as a number (blank or unreadable cells count 0)."""
        totals = dict.fromkeys(self.players, 0)
        for _, scores in self.rows:
            for p, v in scores.items():
                if isinstance(v, int):
                    totals[p] += v
        return totals

    def winners(self) -> list[str]:
        """The players with the lowest total (ties share); empty before any row."""
        if not self.rows:
            return []
        totals = self.totals()
        best = min(totals.values())
        return [p for p in self.players if totals[p] == best]

    @property
    def is_complete(self) -> bool:
        return len(self.rows) >= len(self.rules.order) and all(
            isinstance(v, int) for _, scores in self.rows for v in scores.values())

    def row_label(self, row: int, lang: str = "nb") -> str:
        kind = self.rows[row][0]
        name = kind_name(kind, lang)
        if row >= len(self.rules.order):
            name = t("sheet_extra_round", lang, kind=KindName(kind))
        return f"{row + 1}. {name}"

    def frame(self, lang: str = "nb") -> pd.DataFrame:
        """A row per round (numbered Norwegian names), a column per player; blanks are NA."""
        import pandas as pd

        data = [[v if isinstance(v, int) else pd.NA for v in (scores[p] for p in self.players)]
                for _, scores in self.rows]
        index = [self.row_label(i, lang) for i in range(len(self.rows))]
        return pd.DataFrame(data, index=pd.Index(index, name=t("word_round", lang)),
                            columns=list(self.players), dtype="Int64")

    def running(self, lang: str = "nb") -> pd.DataFrame:
        """Running totals after each round."""
        return self.frame(lang).fillna(0).cumsum()

    def table(self, lang: str = "nb") -> pd.DataFrame:
        """The sheet as a family writes it: the rounds, then a total row."""
        import pandas as pd

        frame = self.frame(lang)
        total = pd.DataFrame([self.totals()], index=[t("word_total", lang)], dtype="Int64")
        return pd.concat([frame, total])

    # -- the checker ----------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """Everything that cannot be right, row by row, then the totals line if one was typed."""
        out: list[Problem] = []
        order = self.rules.order
        for i, (kind, scores) in enumerate(self.rows):
            if i < len(order) and kind != order[i]:
                out.append(Problem(i, None, "sheet_kind_order", {
                    "expected": KindName(order[i]), "value": KindName(kind)}, kind))
            elif i >= len(order):
                out.extend(self._extra_row_problems(i, kind))
            out.extend(self._row_problems(i, kind, scores))
        totals = self.totals()
        for player, claimed in self.claimed_totals.items():
            if claimed is None:
                continue
            if not isinstance(claimed, int):
                out.append(Problem(None, player, "sheet_total_not_number", {"value": claimed}))
            elif claimed != totals[player]:
                out.append(Problem(None, player, "sheet_total_wrong",
                                   {"value": claimed, "expected": totals[player]}))
        return out

    def _extra_row_problems(self, i: int, kind: str) -> list[Problem]:
        order = self.rules.order
        if self.rules.tie_break != "extra_grand" or kind != "grand":
            return [Problem(i, None, "sheet_too_many_rows", {"count": len(order)}, kind)]
        # A tie-break Grand is right only while the lead is still shared.
        before = dict.fromkeys(self.players, 0)
        for _, scores in self.rows[:i]:
            for p, v in scores.items():
                if isinstance(v, int):
                    before[p] += v
        best = min(before.values())
        if sum(1 for v in before.values() if v == best) < 2:
            return [Problem(i, None, "sheet_no_tie", {}, kind)]
        return []

    def _row_problems(self, i: int, kind: str, scores: Mapping[str, Score]) -> list[Problem]:
        out: list[Problem] = []
        numbers: dict[str, int] = {}
        for p in self.players:
            v = scores.get(p)
            if v is None:
                out.append(Problem(i, p, "sheet_missing", {}, kind))
            elif not isinstance(v, int):
                out.append(Problem(i, p, "sheet_not_number", {"value": v}, kind))
            else:
                numbers[p] = v
        regular = i < len(self.rules.order)
        m = 2 if regular and i == len(self.rules.order) - 1 and self.rules.last_round_double else 1
        double = {"double": Phrase("sheet_doubled" if m == 2 else "")}
        check = _ROW_CHECKS[kind]
        for p, v in numbers.items():
            code, params = check.cell(self, v, m)
            if code:
                out.append(Problem(i, p, code, {"value": v, **params, **double}, kind))
        if len(numbers) == self.n and not any(p.row == i and p.player for p in out):
            out.extend(Problem(i, None, code, {**params, **double}, kind)
                       for code, params in check.row(self, list(numbers.values()), m))
        return out

    # -- CSV ------------------------------------------------------------------------------
    def to_csv(self) -> str:
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["round", *self.players])
        for kind, scores in self.rows:
            writer.writerow([kind, *("" if scores[p] is None else scores[p]
                                     for p in self.players)])
        return buf.getvalue()

    @classmethod
    def from_csv(cls, text: str, game: str | None = None,
                 rules: Mapping[str, Any] | None = None) -> ScoreSheet:
        """Read ``round,Kari,Ola,…`` and a row per round.  Without ``game`` the game is the one
        whose order the rows follow (Femkamp when none fits).  A ``sum`` row is checked."""
        players, rows, claimed = _read_csv(text)
        if game is None:
            game = _guess_game([k for k, _ in rows]) if not (rules and "order" in rules) else None
            game = game or ("custom" if rules and "order" in rules else "femkamp")
        try:
            sheet = cls(players, game, rules)
        except KampError as err:
            raise SheetError(err.code, **err.params) from None
        for kind, values in rows:
            sheet.add_row(kind, values)
        sheet.claimed_totals = dict(zip(players, claimed, strict=True)) if claimed else {}
        return sheet

    def _repr_html_(self) -> str:
        from kamplib.draw import sheet_html

        return sheet_html(self)

    def __repr__(self) -> str:
        return f"<ScoreSheet {', '.join(self.players)}: {len(self.rows)} rows>"


def _guess_game(kinds: list[str]) -> str | None:
    """The first game whose order the rows follow (tie-break Grands may come after it)."""
    for name, order in GAMES.items():
        head, tail = kinds[: len(order)], kinds[len(order):]
        if head == list(order[: len(head)]) and all(k == "grand" for k in tail):
            return name
    return None


def _read_csv(text: str) -> tuple[list[str], list[tuple[str, list[Score]]], list[Score] | None]:
    if not isinstance(text, str) or not text.strip():
        raise SheetError("sheet_empty")
    text = text.lstrip("\ufeff")
    first = text.splitlines()[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    lines = [(n, row) for n, row in enumerate(reader, start=1)
             if any(cell.strip() for cell in row)]
    if not lines:
        raise SheetError("sheet_empty")
    _, header = lines[0]
    header = [h.strip() for h in header]
    if not header or header[0].lower() not in ("round", "runde", "omgang"):
        raise SheetError("sheet_header", value=",".join(header))
    players = header[1:]
    while players and not players[-1]:
        players.pop()
    try:
        check_players(players)
    except KampError as err:
        raise SheetError(err.code, **err.params) from None
    rows: list[tuple[str, list[Score]]] = []
    claimed: list[Score] | None = None
    for number, cells in lines[1:]:
        label = cells[0].strip()
        values = [c.strip() for c in cells[1:]]
        while len(values) > len(players) and not values[-1]:
            values.pop()
        if len(values) > len(players):
            raise SheetError("sheet_line_length", line=number, count=len(values),
                             expected=len(players))
        values += [""] * (len(players) - len(values))
        if label.lower() in TOTAL_LABELS:
            claimed = [parse_score(v) for v in values]
            continue
        try:
            kind = parse_kind(label)
        except KampError:
            raise SheetError("sheet_unknown_round", line=number, value=label) from None
        rows.append((kind, [parse_score(v) for v in values]))
    return players, rows, claimed


class _Check:
    """What one round kind allows: per cell, and for the row as a whole.  What a row adds up to
    comes from the engine's scoring (:func:`points_in_play`), never from numbers written here."""

    kind = ""

    def total(self, sheet: ScoreSheet, m: int) -> int:
        return points_in_play(self.kind, sheet.n, sheet.rules, m) or 0

    def cell(self, sheet: ScoreSheet, v: int, m: int) -> tuple[str | None, dict[str, Any]]:
        return None, {}

    def row(self, sheet: ScoreSheet, values: list[int], m: int) -> list[tuple[str, dict]]:
        return []


class _Tricks(_Check):
    def __init__(self, kind: str) -> None:
        self.kind = kind

    def cell(self, sheet, v, m):
        total = self.total(sheet, m)  # +tricks in Pass, -tricks in Grand and Trumf
        if total > 0 and not 0 <= v <= total:
            return "sheet_tricks_range", {"tricks": total}
        if total < 0 and v > 0:
            return "sheet_grand_positive", {}
        if total < 0 and v < total:
            return "sheet_tricks_range", {"tricks": -total}
        if v % m:
            return "sheet_not_even", {}
        return None, {}

    def row(self, sheet, values, m):
        expected = self.total(sheet, m)
        if sum(values) != expected:
            return [("sheet_sum_tricks", {"total": sum(values), "expected": expected,
                                          "tricks": tricks_in_play(sheet.n, sheet.rules),
                                          "n": sheet.n})]
        return []


class _CardPoints(_Check):
    """Rounds scored by the cards in your tricks (Kløver, Damer, the Finale): every score lies
    between 0 and all the points in play, in steps of one card's worth, and the row adds up to
    all of them (Kløver may also be all zeros when someone took every club under that house
    rule)."""

    def __init__(self, kind: str, range_code: str, sum_code: str) -> None:
        self.kind, self.range_code, self.sum_code = kind, range_code, sum_code

    def step(self, sheet: ScoreSheet, m: int) -> int:
        return sheet.rules.queen_points * m if self.kind == "damer" else m

    def cell(self, sheet, v, m):
        total, step = self.total(sheet, m), self.step(sheet, m)
        if not 0 <= v <= total or v % step:
            if v % m and 0 <= v <= total:
                return "sheet_not_even", {}
            return self.range_code, {"max": total, "step": step}
        return None, {}

    def row(self, sheet, values, m):
        total, expected = sum(values), self.total(sheet, m)
        if total == expected:
            return []
        if total == 0 and self.kind == "klover" and sheet.rules.clubs_take_all_zero:
            return []  # somebody took all 13 and scored 0
        return [(self.sum_code, {"total": total, "expected": expected,
                                 "step": self.step(sheet, m)})]


class _FanTan(_Check):
    kind = "fantan"

    def cell(self, sheet, v, m):
        if v < 0:
            return "sheet_fantan_negative", {}
        if v % m:
            return "sheet_not_even", {}
        return None, {}

    def row(self, sheet, values, m):
        zeros = sum(1 for v in values if v == 0)
        if zeros == 0:
            return [("sheet_fantan_no_zero", {})]
        if zeros > 1:
            return [("sheet_fantan_zeros", {"count": zeros})]
        return []


_ROW_CHECKS: dict[str, _Check] = {
    "pass": _Tricks("pass"), "grand": _Tricks("grand"), "trumf": _Tricks("trumf"),
    "klover": _CardPoints("klover", "sheet_klover_range", "sheet_sum_klover"),
    "damer": _CardPoints("damer", "sheet_damer_step", "sheet_sum_damer"),
    "fantan": _FanTan(),
    "finale": _CardPoints("finale", "sheet_finale_range", "sheet_sum_finale"),
}

register({
    "sheet_where": {"nb": "Rad {number} ({kind})", "en": "Row {number} ({kind})"},
    "sheet_extra_round": {"nb": "Ekstra {kind}", "en": "Extra {kind}"},
    "sheet_doubled": {"nb": " (siste runde teller dobbelt)",
                      "en": " (the last round counts double)"},
    "sheet_missing": {"nb": "{player} mangler poeng", "en": "{player} has no score yet"},
    "sheet_not_number": {
        "nb": "«{value}» for {player} er ikke et helt tall",
        "en": "'{value}' for {player} is not a whole number",
    },
    "sheet_not_even": {
        "nb": "{player} har {value}, men når runden teller dobbelt, blir alle poeng partall",
        "en": "{player} has {value}, but when the round counts double every score is even",
    },
    "sheet_kind_order": {
        "nb": "Etter spillets rekkefølge skal denne raden være {expected}, ikke {value}",
        "en": "By the game's order this row should be {expected}, not {value}",
    },
    "sheet_too_many_rows": {
        "nb": "Spillet har bare {count} runder; denne raden er én for mye",
        "en": "The game has only {count} rounds; this row is one too many",
    },
    "sheet_no_tie": {
        "nb": "En ekstra grand spilles bare når det står likt på topp, og det gjør det ikke her",
        "en": "An extra Grand is played only when the lead is tied, and it is not",
    },
    "sheet_tricks_range": {
        "nb": "{player} har {value}, men det finnes bare {tricks} stikk å ta{double}",
        "en": "{player} has {value}, but there are only {tricks} tricks to take{double}",
    },
    "sheet_grand_positive": {
        "nb": "{player} har {value}, men her gir hvert stikk minus ett poeng, så tallet kan ikke "
              "være over 0 (har du glemt minustegnet?)",
        "en": "{player} has {value}, but every trick here is minus one point, so the score "
              "cannot be above 0 (a forgotten minus sign?)",
    },
    "sheet_sum_tricks": {
        "nb": "Raden summerer til {total}, men med {n} spillere er det {tricks} stikk, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but {n} players share {tricks} tricks, so it should "
              "be {expected}{double}",
    },
    "sheet_klover_range": {
        "nb": "{player} har {value}, men det er bare 13 kløver i spill{double}",
        "en": "{player} has {value}, but there are only 13 clubs{double}",
    },
    "sheet_sum_klover": {
        "nb": "Raden summerer til {total}, men alle de 13 kløverne havner hos noen, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but all 13 clubs end up with someone, so it should "
              "be {expected}{double}",
    },
    "sheet_damer_step": {
        "nb": "{player} har {value}, men i Damer går poengene i steg på {step} (0, {step} … "
              "{max}){double}",
        "en": "{player} has {value}, but Queens scores go in steps of {step} (0, {step} … "
              "{max}){double}",
    },
    "sheet_sum_damer": {
        "nb": "Raden summerer til {total}, men de fire damene gir {step} poeng hver, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but the four queens give {step} points each, so it "
              "should be {expected}{double}",
    },
    "sheet_fantan_negative": {
        "nb": "{player} har {value}, men i Fan Tan kan ingen få under 0",
        "en": "{player} has {value}, but nobody scores below 0 in Fan Tan",
    },
    "sheet_fantan_no_zero": {
        "nb": "Ingen har 0, men den som først blir kvitt kortene sine får alltid 0",
        "en": "Nobody has 0, but whoever first gets rid of their cards always scores 0",
    },
    "sheet_fantan_zeros": {
        "nb": "{count} spillere har 0, men bare én kan gå ut; alle andre har kort igjen og får "
              "minst 1",
        "en": "{count} players have 0, but only one can go out; everyone else has cards left "
              "and scores at least 1",
    },
    "sheet_finale_range": {
        "nb": "{player} har {value}, men det er bare {max} poeng i spill i finalen{double}",
        "en": "{player} has {value}, but only {max} points are in play in the Finale{double}",
    },
    "sheet_sum_finale": {
        "nb": "Raden summerer til {total}, men alle poengene i finalen havner hos noen, så summen "
              "skal være {expected}{double}",
        "en": "The row adds up to {total}, but every Finale point ends up with someone, so it "
              "should be {expected}{double}",
    },
    "sheet_total_wrong": {
        "nb": "Summen for {player} står som {value}, men rundene gir til sammen {expected}",
        "en": "The total for {player} is written as {value}, but the rounds add up to {expected}",
    },
    "sheet_total_not_number": {
        "nb": "Summen for {player} («{value}») er ikke et helt tall",
        "en": "The total for {player} ('{value}') is not a whole number",
    },
    "sheet_row_length": {
        "nb": "Raden har {count} poeng, men det er {expected} spillere",
        "en": "The row has {count} scores but there are {expected} players",
    },
    "sheet_no_row": {
        "nb": "Det finnes ingen rad {number} (arket har {count})",
        "en": "There is no row {number} (the sheet has {count})",
    },
    "sheet_empty": {"nb": "Poengarket er tomt", "en": "The score sheet is empty"},
    "sheet_header": {
        "nb": "Første linje skal være round,Kari,Ola,… (runde og spillernavn), ikke «{value}»",
        "en": "The first line should be round,Kari,Ola,… (round and player names), not '{value}'",
    },
    "sheet_line_length": {
        "nb": "Linje {line} har {count} poeng, men det er {expected} spillere",
        "en": "Line {line} has {count} scores but there are {expected} players",
    },
    "sheet_unknown_round": {
        "nb": "Linje {line}: «{value}» er ingen runde; bruk pass, kløver, damer, fantan/kabal, "
              "grand, trumf, finale eller sum",
        "en": "Line {line}: '{value}' is not a round; use pass, klover, damer, fantan/kabal, "
              "grand, trumf, finale or sum",
    },
})
