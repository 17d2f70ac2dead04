"""The ``kamp`` command: score a record, deal or play a game, check a typed-in score sheet,
simulate.

Exit codes: 0 fine, 1 a score sheet with problems, 2 bad input (an unreadable or broken file, a
bad option).  Messages go to stderr as one sentence; a traceback is never shown.  ``-`` reads
standard input, in bounded chunks: input over the size limit is refused without reading the
rest.  Everything printed passes :func:`~kamplib.errors.printable`, so nothing read from a file
can send escape codes to the terminal or split a message over two lines.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from kamplib.errors import KampError, RecordError, RuleError, SheetError, given, printable
from kamplib.i18n import LANGS, ByteSize, register, t
from kamplib.rules import GAME_NAMES
from kamplib.seating import DEFAULT_NAMES, TABLE_SIZES, default_players, player_count_error
from kamplib.text_table import text_table

if TYPE_CHECKING:
    from kamplib.game import Game
    from kamplib.sheet import ScoreSheet
    from kamplib.simulate import SimulationResult

__all__ = ["main", "parse_rule_options", "sheet_text", "summary_text"]

# Standard input is read this much at a time, so too much of it is refused early.
_CHUNK = 1 << 16


class BadInput(Exception):
    """Raised inside the command for anything that should end with exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise BadInput(f"{self.prog}: {message} (see '{self.prog} --help')")


def parse_rule_options(options: Sequence[str] | None) -> dict[str, Any]:
    """``["queen_points=5", "order=pass,klover"]`` → a dict, each value checked."""
    from kamplib.rules import parse_rule_value

    out: dict[str, Any] = {}
    for option in options or ():
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise RuleError("cli_rule_shape", value=given(option))
        try:
            out[key.strip()] = parse_rule_value(key.strip(), value)
        except RuleError as err:
            raise _with_codes(err, key.strip()) from None
    return out


class _Said:
    """An error's sentence, in the reader's language, inside another sentence."""

    def __init__(self, err: KampError) -> None:
        self.err = err

    def shown(self, lang: str) -> str:
        return self.err.message(lang).rstrip(".")


def _with_codes(err: RuleError, key: str) -> RuleError:
    """A house rule refused on the command line: the page's words (the rule by its name), and
    then what to type here, which is the rule's code and its values' codes."""
    from kamplib.rules import RULE_CHOICES, RULE_KEYS

    if err.code == "unknown_rule":
        return RuleError("cli_rule_keys", said=_Said(err), keys=" | ".join(RULE_KEYS))
    if err.code == "bad_rule_value" and key in RULE_CHOICES:
        values = " | ".join(str(v).lower() if isinstance(v, bool) else str(v)
                            for v in RULE_CHOICES[key])
        return RuleError("cli_rule_values", said=_Said(err), key=key, values=values)
    return err


def _players(text: str | None) -> list[str] | None:
    """Names from ``--players``: a comma-separated list, or a count of default names."""
    if text is None:
        return None
    text = text.strip()
    if text.isascii() and text.isdigit():
        if len(text) > 3:
            raise player_count_error(given(text, 12))
        return list(default_players(int(text)))
    return [p.strip() for p in text.split(",")]


def _read_input(path: str, limit: int) -> bytes | None:
    """The bytes of a file or of standard input (``-``); None when there are more than
    ``limit`` (the rest is not read)."""
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:
                raise BadInput(t("cli_no_stdin", _lang()))
            return _read_limited(stream, limit)
        with open(path, "rb") as f:
            return _read_limited(f, limit)
    except OSError as err:
        raise BadInput(t("cli_unreadable", _lang(), path=given(path),
                         detail=err.strerror or "")) from None


def _read_limited(stream: Any, limit: int) -> bytes | None:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return None


def _out(text: str) -> None:
    """Print lines to stdout, each made safe for a terminal."""
    print("\n".join(printable(line) for line in text.split("\n")))


def _err(text: str) -> None:
    """Print one message to stderr as one safe line."""
    print(printable(text), file=sys.stderr)


_LANG = ["nb"]


def _lang() -> str:
    return _LANG[0]


def _game_options(p: argparse.ArgumentParser, *, game_default: str | None = "femkamp") -> None:
    p.add_argument("--game", choices=GAME_NAMES, default=game_default,
                   help="femkamp, sekskamp, sjukamp or custom (with --rule order=…)")
    p.add_argument("--players", default=None,
                   help="names in clockwise order, e.g. Kari,Ola,Siri,Per (or a count "
                        f"{TABLE_SIZES[0]}–{TABLE_SIZES[-1]})")
    p.add_argument("--seed", type=int, default=None, help="seed for a reproducible deal")
    p.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                   help="a house rule, e.g. queen_points=5 (repeatable)")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kamp", description="Femkamp, Sekskamp and Sjukamp: records, score "
                     "sheets, deals and simulations.")
    parser.add_argument("--lang", choices=LANGS, default=os.environ.get("KAMP_LANG", "nb")
                        if os.environ.get("KAMP_LANG") in LANGS else "nb",
                        help="language of messages and tables (nb or en)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = sub.add_parser("score", help="print the score sheet of a kamp/1 record")
    score.add_argument("record", help="a kamp/1 record file, or - for standard input")
    score.add_argument("--json", action="store_true", help="print the sheet as JSON")

    deal = sub.add_parser("deal", help="write a record with the deals of every round")
    _game_options(deal)
    deal.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")

    play = sub.add_parser("play", help="play a whole game with random legal moves")
    _game_options(play)
    play.add_argument("-o", "--output", default="-", help="file to write (default: stdout)")

    check = sub.add_parser("check", help="check a typed-in score sheet (CSV)")
    check.add_argument("sheet", help="CSV: round,Kari,Ola,… and a row per round; - for stdin")
    check.add_argument("--game", choices=GAME_NAMES, default=None,
                       help="the game (default: the one whose order the rows follow)")
    check.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE")

    simulate = sub.add_parser("simulate", help="let bots play many games and compare seats "
                              "(needs the simulate extra)")
    _game_options(simulate)
    simulate.add_argument("--bots", default=None, metavar="LEVEL,LEVEL,…",
                          help="a level per seat: random, heuristic or search "
                               "(default: heuristic, then random)")
    simulate.add_argument("--games", type=int, default=1000,
                          help="how many games (default 1000)")
    simulate.add_argument("--workers", type=int, default=None,
                          help="processes to use (default: every core for many games)")
    simulate.add_argument("--json", action="store_true",
                          help="print one JSON line: games, players, bots, mean_total, win_share")
    return parser


def _write(text: str, output: str) -> None:
    if output == "-":
        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as err:
        raise BadInput(t("cli_unwritable", _lang(), path=given(output),
                         detail=err.strerror or "")) from None


def _cmd_score(args: argparse.Namespace) -> int:
    from kamplib.record import MAX_RECORD_BYTES, read_record
    from kamplib.sheet import ScoreSheet

    data = _read_input(args.record, MAX_RECORD_BYTES)
    if data is None:
        raise RecordError("record_too_big", limit=ByteSize(MAX_RECORD_BYTES))
    game = read_record(data)
    sheet = ScoreSheet.from_game(game)
    if args.json:
        doc = {
            "players": list(game.players),
            "rounds": [{"kind": kind, "scores": dict(scores)} for kind, scores in sheet.rows],
            "totals": game.totals(),
            "winners": game.winners,
        }
        _out(json.dumps(doc, ensure_ascii=False))
        return 0
    lang = _lang()
    _out(sheet_text(sheet, sheet.standing().totals, lang))
    if game.is_over:
        _out(sheet.standing().message(lang))
    else:
        _out(t("cli_in_progress", lang, number=len(game.rounds)))
    return 0


def _new_game(args: argparse.Namespace) -> Game:
    from kamplib.game import Game

    players = _players(args.players) or list(DEFAULT_NAMES[:4])
    rules = parse_rule_options(args.rule)
    return Game(players, args.game, rules, seed=args.seed)


def _cmd_deal(args: argparse.Namespace) -> int:
    from kamplib.record import write_record

    _write(write_record(_new_game(args)), args.output)
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from kamplib.autoplay import autoplay, make_bots
    from kamplib.record import write_record

    game = _new_game(args)
    autoplay(game, make_bots(game.n, "random", args.seed))  # the one loop that lets bots play
    _write(write_record(game), args.output)
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    from kamplib.sheet import MAX_SHEET_BYTES, ScoreSheet

    rules = parse_rule_options(args.rule)  # options first: no file is read for a bad option
    raw = _read_input(args.sheet, MAX_SHEET_BYTES)
    if raw is None:
        raise SheetError("sheet_too_big", limit=ByteSize(MAX_SHEET_BYTES))
    sheet = ScoreSheet.from_csv(raw, args.game, rules)
    verdict = sheet.standing()
    lang = _lang()
    _out(sheet_text(sheet, verdict.totals, lang))
    if not verdict.problems:
        _out(verdict.message(lang))
        _out(t("cli_sheet_ok", lang))
        return 0
    _out(t("cli_sheet_problems", lang, count=len(verdict.problems)))
    for problem in verdict.problems:
        _out(f"- {printable(problem.message(lang))}")
    return 1


def _cmd_simulate(args: argparse.Namespace) -> int:
    _needs_extra("simulate", ("pandas", "tqdm"))
    from kamplib.simulate import simulate

    players = _players(args.players)
    bots = args.bots.split(",") if args.bots else None
    count = len(bots) if bots and len(bots) in TABLE_SIZES else len(default_players())
    result = simulate(args.game or "femkamp", players or count, bots, games=args.games,
                      seed=1 if args.seed is None else args.seed,
                      rules=parse_rule_options(args.rule) or None, workers=args.workers,
                      progress=not args.json, lang=_lang())
    if args.json:
        _out(json.dumps(result.to_json_summary(), ensure_ascii=False))
        return 0
    _out(t("sim_table_head", _lang(), games=result.n_games, game=result.game,
           seed=result.seed))
    _out(summary_text(result, _lang()))
    return 0


def _needs_extra(extra: str, modules: Sequence[str]) -> None:
    """Stop with one sentence naming the extra to install when a module it brings is missing."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise BadInput(t("cli_needs_extra", _lang(), extra=extra, module=missing[0]))


def sheet_text(sheet: ScoreSheet, totals: Mapping[str, int] | None, lang: str = "nb") -> str:
    """A score sheet as a family writes it, in plain text: a row per round, then the totals
    (``–`` for a cell that is not a number, and for every total while a row has a problem)."""
    players = [printable(p) for p in sheet.players]
    rows = [[t("word_round", lang), *players]]
    for i, (_, scores) in enumerate(sheet.rows):
        rows.append([sheet.row_label(i, lang), *(_cell(scores[p]) for p in sheet.players)])
    rows.append([t("word_total", lang),
                 *(_cell(totals[p] if totals is not None else None) for p in sheet.players)])
    return text_table(rows)


def _cell(score: object) -> str:
    return str(score) if isinstance(score, int) else "–"


def summary_text(result: SimulationResult, lang: str = "nb") -> str:
    """A simulation's summary per seat as plain text: level, mean total, spread, win share."""
    from kamplib.bots import level_name

    rows = [t("sim_columns", lang).split("|")]
    for seat, row in result.summary().iterrows():
        level = f"{row['bot']} ({level_name(row['bot'], lang)})"
        rows.append([str(int(seat) + 1), printable(row["player"]), level,
                     _decimal(row["mean_total"], lang), _decimal(row["spread"], lang),
                     _percent(row["win_share"], lang)])
    return text_table(rows, left=3)


def _decimal(value: float, lang: str) -> str:
    text = "-" if value != value else f"{value:.2f}"  # NaN: a seat with one game has no spread
    return text.replace(".", ",") if lang == "nb" else text


def _percent(value: float, lang: str) -> str:
    text = f"{100 * value:.1f} %"
    return text.replace(".", ",") if lang == "nb" else text


_COMMANDS = {"score": _cmd_score, "deal": _cmd_deal, "play": _cmd_play, "check": _cmd_check,
             "simulate": _cmd_simulate}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit code (0 fine, 1 sheet problems, 2 bad input)."""
    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character
        reconfigure = getattr(stream, "reconfigure", None)  # gets an escape, not a crash
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="backslashreplace")
    parser = _build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:  # --help and --version print and stop
            return int(exit_.code or 0)
        _LANG[0] = args.lang
        return _COMMANDS[args.command](args)
    except BadInput as err:
        _err(str(err))
        return 2
    except KampError as err:
        _err(f"kamp: {err.message(_lang())}")
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130


register({
    "cli_rule_keys": {"nb": "{said}. Skriv --rule navn=verdi, der navn er {keys}",
                      "en": "{said}. Write --rule name=value, where name is {keys}"},
    "cli_rule_values": {"nb": "{said}. Skriv --rule {key}=verdi, der verdi er {values}",
                        "en": "{said}. Write --rule {key}=value, where value is {values}"},
    "cli_rule_shape": {
        "nb": "«{value}» er ingen husregel; skriv --rule navn=verdi, for eksempel queen_points=5",
        "en": "'{value}' is not a house rule; write --rule name=value, e.g. queen_points=5",
    },
    "cli_no_stdin": {"nb": "kamp: det finnes ingen standard inn å lese fra",
                     "en": "kamp: there is no standard input to read"},
    "cli_unreadable": {"nb": "kamp: kan ikke lese {path}: {detail}",
                       "en": "kamp: cannot read {path}: {detail}"},
    "cli_unwritable": {"nb": "kamp: kan ikke skrive {path}: {detail}",
                       "en": "kamp: cannot write {path}: {detail}"},
    "cli_in_progress": {"nb": "Spillet pågår (runde {number}); summen gjelder ferdige runder",
                        "en": "Game in progress (round {number}); totals count finished rounds"},
    "cli_sheet_ok": {"nb": "Poengarket stemmer: ingen feil funnet.",
                     "en": "The score sheet adds up: no problems found."},
    "sim_table_head": {
        "nb": "{games} spill {game}, frø {seed}",
        "en": "{games} {games:game|games} of {game}, seed {seed}",
    },
    "sim_columns": {
        "nb": "plass|spiller|nivå|snitt totalt|spredning|vinnerandel",
        "en": "seat|player|level|mean total|spread|win share",
    },
    "cli_needs_extra": {
        "nb": "kamp: denne kommandoen trenger tillegget {extra} ({module} mangler); installer det "
              "med pip install 'kamplib[{extra}]'",
        "en": "kamp: this command needs the {extra} extra ({module} is missing); install it with "
              "pip install 'kamplib[{extra}]'",
    },
    "cli_sheet_problems": {"nb": "Poengarket har {count} feil:",
                           "en": "The score sheet has {count} {count:problem|problems}:"},
})
