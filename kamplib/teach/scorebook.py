"""The family's score book: every game entered on the score-sheet page, kept on the device.

A finished score sheet with nothing wrong on it goes into the book with its date; the book lists
the games (date, game, house rules, players, winner) and says, per player over all of them, how
many games they played and won, their mean score in each kind of round and their best and worst
round.  Every number comes from the engine: a game enters the book only as a
:class:`~kamplib.sheet.ScoreSheet` the checker accepts, its winners are the sheet's standing's
(the engine's totals and tie-breaks), and its rounds are the rows as the checker read them.

The browser keeps the book under the key ``kamp/1/scorebook`` (listed in
:mod:`kamplib.teach.store`) as one JSON document, schema ``kamp-scorebook/1``::

    {"schema": "kamp-scorebook/1",
     "games": [{"id": …, "date": "2026-07-14", "game": "femkamp", "rules": {house rules},
                "players": [...], "rows": [["pass", [4, 8, 5]], …]}, …],
     "unreadable": [what could not be read, kept as it was]}

What the browser gives back is never trusted: a game that does not read (a broken entry, a sheet
the checker refuses) is left out of the list and kept, as it was, under ``unreadable``, so the
book says how many could not be read, keeps the rest, and loses nothing of what it was given.
The same document is the one file that exports the whole book; each game also exports as the
score sheet's own CSV (which the sheet's «Åpne» and a spreadsheet read).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kamplib.draw.charts import grouped_bars
from kamplib.draw.display import Html
from kamplib.errors import KampError, RecordError, SheetError
from kamplib.i18n import ByteSize, register, t
from kamplib.kinds import KINDS, kind_of
from kamplib.rules import GAMES, Rules, make_rules
from kamplib.sheet import ScoreSheet
from kamplib.sheet.csvfile import decode_file
from kamplib.teach.house_rules import changes_text, game_name, house_changes
from kamplib.teach.tables import Table

__all__ = ["BOOK_KEY", "BOOK_SCHEMA", "MAX_BOOK_CHARS", "MAX_BOOK_GAMES", "BookGame", "ScoreBook",
           "PlayerStats", "Opened", "games_table", "stats_table", "kinds_table", "kinds_chart",
           "date_text", "why_unreadable"]

BOOK_KEY = "kamp/1/scorebook"
BOOK_SCHEMA = "kamp-scorebook/1"
MAX_BOOK_CHARS = 2_000_000  # a game is about 300 characters: thousands of evenings
MAX_BOOK_GAMES = 5000
MAX_UNREADABLE = 200
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")

register({
    "book_not_finished": {
        "nb": "Arket er ikke ferdig: poengboka tar bare et spill som har en vinner og ingen feil.",
        "en": "The sheet is not finished: the score book takes only a game that has a winner "
              "and no mistakes."},
    "book_already": {"nb": "Dette spillet står allerede i poengboka.",
                     "en": "This game is already in the score book."},
    "book_full": {"nb": "Poengboka er full ({count} {count:spill|spill}). Last ned boka og slett "
                        "gamle spill.",
                  "en": "The score book is full ({count} {count:game|games}). Download it and "
                        "delete old games."},
    "book_not_a_book": {
        "nb": "Filen er verken en poengbok fra kamp eller et poengark (CSV)",
        "en": "The file is neither a score book from kamp nor a score sheet (CSV)"},
    "book_file_too_big": {"nb": "Filen er for stor ({size}, grensen er {limit})",
                          "en": "The file is too big ({size}, the limit is {limit})"},
    "book_col_date": {"nb": "Dato", "en": "Date"},
    "book_col_rules": {"nb": "Husregler", "en": "House rules"},
    "book_col_winner": {"nb": "Vinner", "en": "Winner"},
    "book_col_games": {"nb": "Spill", "en": "Games"},
    "book_col_wins": {"nb": "Seire", "en": "Wins"},
    "book_col_best": {"nb": "Beste runde", "en": "Best round"},
    "book_col_worst": {"nb": "Verste runde", "en": "Worst round"},
    "book_round_at": {"nb": "{score} i {kind} ({date})", "en": "{score} in {kind} ({date})"},
    "book_usual": {"nb": "vanlige", "en": "usual"},
    "book_chart_axis": {"nb": "snittpoeng per runde", "en": "mean score per round"},
    "book_kinds_caption": {"nb": "Snittpoeng per runde, over alle spillene i boka",
                           "en": "Mean score per round, over every game in the book"},
    "book_stats_caption": {
        "nb": "Hver spiller over alle spillene i boka (delt seier teller for hver av dem; "
              "lavest er best)",
        "en": "Each player over every game in the book (a shared win counts for each of them; "
              "lowest is best)"},
    "book_chart_title": {"nb": "Snittpoeng per runde for hver spiller",
                         "en": "Mean score per round for each player"},
    "book_file_stem": {"nb": "poengbok", "en": "score-book"},
    "book_why": {"nb": "{count:Feilen|Den første feilen}: {reason}.",
                 "en": "{count:What is wrong|The first problem}: {reason}."},
    "book_why_store": {"nb": "det som var lagret, er ikke en poengbok fra kamp",
                       "en": "what was stored is not a score book from kamp"},
    "book_why_not_game": {"nb": "noe av det som var lagret, er ikke et spill",
                          "en": "part of what was stored is not a game"},
    "book_why_no_date": {"nb": "et spill har ingen dato som finnes",
                         "en": "a game has no date that exists"},
    "book_why_game": {"nb": "spillet fra {date} mangler noe eller har noe av feil slag",
                      "en": "the game of {date} lacks something or has something of the wrong "
                            "kind"},
    "book_why_said": {"nb": "spillet fra {date} kan ikke stemme ({reason})",
                      "en": "the game of {date} cannot be right ({reason})"},
    "book_game_stem": {"nb": "poengark-{date}-{game}-{players}",
                       "en": "score-sheet-{date}-{game}-{players}"},
})


def _today() -> str:
    return datetime.date.today().isoformat()


def _checked_date(value: Any) -> str:
    """An ISO date (``2026-07-14``) that is a real day; anything else raises ValueError."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise ValueError("not a date")
    return datetime.date.fromisoformat(value).isoformat()


def date_text(date: str, lang: str = "nb") -> str:
    """``14.07.2026`` in bokmål, ``2026-07-14`` in English."""
    year, month, day = date.split("-")
    return f"{day}.{month}.{year}" if lang == "nb" else date


@dataclass(frozen=True)
class BookGame:
    """One game in the book: its date and its score sheet, finished and checked."""

    date: str
    sheet: ScoreSheet

    @property
    def rules(self) -> Rules:
        return self.sheet.rules

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.sheet.players)

    @property
    def rows(self) -> list[tuple[str, dict[str, int]]]:
        """The rounds as the checker read them: kind and each player's score (all numbers)."""
        return [(kind, {p: int(v) for p, v in scores.items()})  # type: ignore[arg-type]
                for kind, scores in self.sheet.rows]

    @property
    def winners(self) -> tuple[str, ...]:
        """The engine's judgement of the sheet: lowest total, and the tie-breaks."""
        return tuple(self.sheet.standing().winners)

    @property
    def totals(self) -> dict[str, int]:
        totals = self.sheet.standing().totals
        assert totals is not None  # a book game has no problem
        return dict(totals)

    @property
    def id(self) -> str:
        """Named by its content: the same game entered twice is one game."""
        text = json.dumps(self._content(), ensure_ascii=False, sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    def _content(self) -> dict[str, Any]:
        return {"date": self.date, "game": self.rules.game, "rules": self.rules.differences(),
                "players": list(self.players),
                "rows": [[kind, [scores[p] for p in self.players]] for kind, scores in self.rows]}

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, **self._content()}

    @classmethod
    def of_sheet(cls, sheet: ScoreSheet, date: str | None = None) -> BookGame:
        """A game for the book; a sheet that is not finished or has a mistake raises
        :class:`SheetError` (the book keeps only games the checker accepts)."""
        standing = sheet.standing()
        if standing.problems or not standing.winners or standing.played < len(sheet.rows) \
                or any(v is None for _, scores in sheet.rows for v in scores.values()):
            raise SheetError("book_not_finished")
        return cls(_checked_date(date or _today()), sheet)

    @classmethod
    def from_dict(cls, doc: Any) -> BookGame:
        """A game as the book stores it; anything that does not read as a finished, checked
        game raises (ValueError, KampError, TypeError, KeyError)."""
        if not isinstance(doc, Mapping):
            raise TypeError("not a game")
        game = doc["game"]
        if game not in GAMES and game != "custom":  # a game of the family's own order
            raise ValueError("not a game")
        rules = doc["rules"]
        if not isinstance(rules, Mapping):
            raise TypeError("rules")
        sheet = ScoreSheet(list(doc["players"]), rules=make_rules(game, dict(rules)))
        rows = doc["rows"]
        if not isinstance(rows, list) or not rows:
            raise ValueError("rows")
        for row in rows:
            kind, scores = row
            if not isinstance(scores, list) or any(type(v) is not int for v in scores):
                raise ValueError("scores")
            sheet.add_row(kind, scores)
        return cls.of_sheet(sheet, _checked_date(doc["date"]))

    def file_name(self, lang: str = "nb") -> str:
        from kamplib.teach.session import _safe_file_name

        stem = t("book_game_stem", lang, date=self.date, game=self.rules.game,
                 players="-".join(self.players))
        return _safe_file_name(stem) + ".csv"

    def to_csv(self, lang: str = "nb") -> str:
        """The game as the score sheet saves it (the sheet's «Åpne» and spreadsheets read it)."""
        return self.sheet.to_csv(lang)


@dataclass
class PlayerStats:
    """One player over the book's games (the player is a name: the same name is one player)."""

    name: str
    games: int = 0
    wins: int = 0
    sums: dict[str, int] = field(default_factory=dict)  # round kind -> sum of scores
    counts: dict[str, int] = field(default_factory=dict)  # round kind -> rounds played
    best: tuple[int, str, str] | None = None  # (score, kind, date): the lowest round
    worst: tuple[int, str, str] | None = None  # the highest round

    def mean(self, kind: str) -> float | None:
        """The mean score in rounds of ``kind``; None when the player never played one."""
        count = self.counts.get(kind, 0)
        return self.sums[kind] / count if count else None

    def _count(self, game: BookGame) -> None:
        self.games += 1
        if self.name in game.winners:
            self.wins += 1
        for kind, scores in game.rows:
            score = scores[self.name]
            self.sums[kind] = self.sums.get(kind, 0) + score
            self.counts[kind] = self.counts.get(kind, 0) + 1
            if self.best is None or score < self.best[0]:
                self.best = (score, kind, game.date)
            if self.worst is None or score > self.worst[0]:
                self.worst = (score, kind, game.date)


@dataclass(frozen=True)
class Opened:
    """What an imported file held: the games read and how many could not be read."""

    games: tuple[BookGame, ...]
    skipped: int


class ScoreBook:
    """The family's games, newest first, and what could not be read."""

    def __init__(self, games: Iterable[BookGame] = (), unreadable: Sequence[Any] = ()) -> None:
        self.games: list[BookGame] = []
        self.unreadable: list[Any] = list(unreadable)[:MAX_UNREADABLE]
        for game in games:
            self._take(game)

    def _take(self, game: BookGame, newest: bool = False) -> bool:
        """Keep ``game`` in date order, newest first; on one day a game just entered
        (``newest``) goes first, and games read back keep the order they were kept in."""
        if any(g.id == game.id for g in self.games):
            return False
        if len(self.games) >= MAX_BOOK_GAMES:
            raise SheetError("book_full", count=MAX_BOOK_GAMES)
        if newest:
            self.games.insert(0, game)
        else:
            self.games.append(game)
        self.games.sort(key=lambda g: g.date, reverse=True)  # a stable sort
        return True

    # -- changing it -------------------------------------------------------------------------
    def add(self, sheet: ScoreSheet, date: str | None = None) -> BookGame:
        """Put a finished sheet in the book; a sheet not finished, or already in the book,
        raises :class:`SheetError` with a sentence."""
        game = BookGame.of_sheet(sheet, date)
        if not self._take(game, newest=True):
            raise SheetError("book_already")
        return game

    def remove(self, ident: str) -> BookGame | None:
        for i, game in enumerate(self.games):
            if game.id == ident:
                return self.games.pop(i)
        return None

    def merge(self, games: Iterable[BookGame]) -> tuple[int, int]:
        """Take in imported games: ``(added, already there)``."""
        added = same = 0
        for game in games:
            if self._take(game):
                added += 1
            else:
                same += 1
        return added, same

    # -- as stored ---------------------------------------------------------------------------
    def as_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"schema": BOOK_SCHEMA, "games": [g.as_dict() for g in self.games]}
        if self.unreadable:
            doc["unreadable"] = self.unreadable
        return doc

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> ScoreBook:
        """The book from what the browser kept: every game that reads, the rest kept under
        ``unreadable`` as it was (nothing kept gives an empty book)."""
        if text is None or text == "":
            return cls()
        if not isinstance(text, str) or len(text) > MAX_BOOK_CHARS:
            return cls(unreadable=[text[:MAX_BOOK_CHARS] if isinstance(text, str) else None])
        try:
            doc = json.loads(text, parse_constant=_no_constant)
        except ValueError:
            return cls(unreadable=[text])
        if not isinstance(doc, dict) or doc.get("schema") != BOOK_SCHEMA \
                or not isinstance(doc.get("games"), list):
            return cls(unreadable=[doc])
        opened = _read_games(doc["games"])
        earlier = doc.get("unreadable")
        earlier = earlier if isinstance(earlier, list) else []
        book = cls(unreadable=[*earlier, *opened[1]])
        for game in opened[0]:
            if len(book.games) < MAX_BOOK_GAMES:
                book._take(game)
        return book

    # -- files -------------------------------------------------------------------------------
    def export_text(self) -> str:
        """The whole book as one file (the stored document, readable by :meth:`open_file`)."""
        return json.dumps(self.as_dict(), ensure_ascii=False, indent=1) + "\n"

    def file_name(self, lang: str = "nb") -> str:
        return f"{t('book_file_stem', lang)}-{_today()}.json"

    @staticmethod
    def open_file(content: bytes | str, name: str = "poengbok.json",
                  rules: Rules | None = None) -> Opened:
        """The games of an exported book, or of one score sheet saved as CSV (checked with
        ``rules``, the house rules chosen on the page, else the game's own; dated by a date in
        the file's name, else today).  A file that is neither raises :class:`RecordError`."""
        if len(content) > MAX_BOOK_CHARS:
            raise RecordError("book_file_too_big", size=ByteSize(len(content)),
                              limit=ByteSize(MAX_BOOK_CHARS))
        if isinstance(content, bytes):
            content = decode_file(content)
        if content.lstrip().startswith("{"):
            try:
                doc = json.loads(content, parse_constant=_no_constant)
            except ValueError:
                raise RecordError("book_not_a_book") from None
            if not isinstance(doc, dict) or doc.get("schema") != BOOK_SCHEMA \
                    or not isinstance(doc.get("games"), list):
                raise RecordError("book_not_a_book")
            games, skipped = _read_games(doc["games"])
            return Opened(tuple(games), len(skipped))
        found = _DATE.search(name)
        try:
            date = _checked_date(found[0]) if found else _today()
        except ValueError:
            date = _today()
        return Opened((_csv_game(content, date, rules),), 0)

    # -- what the book says ------------------------------------------------------------------
    def stats(self) -> list[PlayerStats]:
        """Every player of the book, most games first (then by name)."""
        players: dict[str, PlayerStats] = {}
        for game in self.games:
            for name in game.players:
                players.setdefault(name, PlayerStats(name))._count(game)
        return sorted(players.values(), key=lambda s: (-s.games, s.name))

    def kinds(self) -> list[str]:
        """The kinds of round played in the book, in the engine's order."""
        played = {kind for game in self.games for kind, _ in game.rows}
        return [k for k in KINDS if k in played]


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def why_unreadable(entry: Any, lang: str = "nb") -> str:
    """What is wrong with something the book kept but could not read, in the reader's words
    (an entry of :attr:`ScoreBook.unreadable`)."""
    if not isinstance(entry, Mapping):
        return t("book_why_not_game", lang)  # text that is no JSON, a number, a list …
    if "games" in entry or "schema" in entry:
        return t("book_why_store", lang)  # a whole document, not one game
    try:
        date = date_text(_checked_date(entry.get("date")), lang)
    except ValueError:
        return t("book_why_no_date", lang)
    try:
        BookGame.from_dict(entry)
    except KampError as err:
        return t("book_why_said", lang, date=date, reason=err.message(lang))
    except (ValueError, TypeError, KeyError, AttributeError):
        pass
    return t("book_why_game", lang, date=date)


def _read_games(entries: list[Any]) -> tuple[list[BookGame], list[Any]]:
    """The entries that read as games, and the others as they were."""
    games, unreadable = [], []
    for entry in entries[:MAX_BOOK_GAMES]:
        try:
            games.append(BookGame.from_dict(entry))
        except (KampError, ValueError, TypeError, KeyError, AttributeError):
            unreadable.append(entry)
    return games, unreadable


def _csv_game(content: str, date: str, rules: Rules | None) -> BookGame:
    """One game from a score sheet's CSV: with the page's house rules when they fit the
    sheet's game, else with the game's own."""
    try:
        sheet = ScoreSheet.from_csv(content)
    except SheetError:
        raise
    except KampError as err:
        raise SheetError(err.code, **err.params) from None
    if rules is not None and rules.game == sheet.rules.game and rules.differences():
        chosen = ScoreSheet(sheet.players, rules=rules)
        for kind, scores in sheet.rows:
            chosen.add_row(kind, scores)
        try:
            return BookGame.of_sheet(chosen, date)
        except SheetError:
            pass  # the family played this one by the game's own rules
    return BookGame.of_sheet(sheet, date)


# --- tables and the chart -------------------------------------------------------------------------

def _number(value: float, lang: str) -> str:
    text = f"{value:.1f}".replace("-", "−")
    return text.replace(".", ",") if lang == "nb" else text


def games_table(book: ScoreBook, lang: str = "nb") -> Table:
    """The games, newest first: date, game, house rules, players, winner(s)."""
    from kamplib.teach.notes import joined

    rows = []
    for game in book.games:
        changes = house_changes(game.rules)
        rows.append((date_text(game.date, lang), game_name(game.rules.game, lang),
                     changes_text(changes, lang) if changes else t("book_usual", lang),
                     ", ".join(game.players), joined(list(game.winners), lang)))
    return Table((t("book_col_date", lang), t("word_game", lang), t("book_col_rules", lang),
                  t("word_players", lang), t("book_col_winner", lang)), tuple(rows))


def _round_at(at: tuple[int, str, str] | None, lang: str) -> str:
    if at is None:
        return ""
    score, kind, date = at
    return t("book_round_at", lang, score=str(score).replace("-", "−"),
             kind=kind_of(kind).name(lang), date=date_text(date, lang))


def stats_table(book: ScoreBook, lang: str = "nb") -> Table:
    """Per player: games, wins, best and worst round."""
    rows = tuple((s.name, s.games, s.wins, _round_at(s.best, lang), _round_at(s.worst, lang))
                 for s in book.stats())
    return Table((t("word_player", lang), t("book_col_games", lang),
                  t("book_col_wins", lang), t("book_col_best", lang),
                  t("book_col_worst", lang)), rows, caption=t("book_stats_caption", lang))


def kinds_table(book: ScoreBook, lang: str = "nb") -> Table:
    """Per player, the mean score in each kind of round played (blank: never played one)."""
    kinds = book.kinds()
    rows = []
    for s in book.stats():
        means = [s.mean(kind) for kind in kinds]
        rows.append((s.name, *("" if m is None else _number(m, lang) for m in means)))
    return Table((t("word_player", lang), *(kind_of(k).name(lang) for k in kinds)),
                 tuple(rows), caption=t("book_kinds_caption", lang))


def kinds_chart(book: ScoreBook, lang: str = "nb") -> Html:
    """The same means as :func:`kinds_table`, a group of bars per kind of round."""
    kinds = book.kinds()
    series = [(s.name, [s.mean(kind) or 0.0 for kind in kinds]) for s in book.stats()]
    return grouped_bars([kind_of(k).name(lang) for k in kinds], series,
                        title=t("book_chart_title", lang), axis_label=t("book_chart_axis", lang),
                        value_text=lambda v: _number(v, lang))
