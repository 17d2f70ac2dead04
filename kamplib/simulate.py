"""Let the computer play many games and compare seats, bots and house rules.

``simulate("femkamp", 4, ["heuristic", "random", "random", "random"], games=1000, seed=1)``
plays the games (on every core when there are many), and returns tidy pandas tables: one row per
game × round × player (``.rounds``) and per game × player (``.games``), with ``.summary()`` per
seat and ``.to_json_summary()`` for the command line.  Game ``i`` is dealt from a seed derived
from ``seed`` and ``i`` alone, so results do not depend on how many processes share the work.

Bots play through the one autoplay loop (:mod:`kamplib.autoplay`) with its seed scheme, on their
fast path (``move_in``, which reads only what the mover may know).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from kamplib.autoplay import autoplay, make_bots
from kamplib.bots import LEVELS, make_bot
from kamplib.deal import cards_in_play
from kamplib.errors import RuleError
from kamplib.fantan import FanTanRound
from kamplib.game import Game
from kamplib.i18n import register, t
from kamplib.kinds import KINDS
from kamplib.rules import Rules, make_rules
from kamplib.seating import TABLE_SIZES, check_players, default_players
from kamplib.tricks import TrickRound

if TYPE_CHECKING:  # the tables need pandas; the games themselves do not (play_chunk)
    import pandas as pd

__all__ = ["simulate", "SimulationResult", "game_seed", "play_game", "play_chunk", "ROUND_COLUMNS",
           "GAME_COLUMNS"]

Progress = Callable[[int], None]
# A row of the rounds table (ROUND_COLUMNS) and of the games table (GAME_COLUMNS).
RoundRow = tuple[int, int, str, str, int, str, int, int | None, int | None, int | None,
                 bool | None, bool | None, bool | None]
GameRow = tuple[int, str, int, str, int, bool, float]
Rows = tuple[list[RoundRow], list[GameRow]]
# What a run's games are played from: game, house-rule differences, names, levels, seed, options.
Spec = tuple[str, dict[str, Any], tuple[str, ...], tuple[str, ...], int, dict[str, dict[str, Any]]]
_PARALLEL_FROM = 200  # games; below this one process is quicker than starting workers
_CHUNK = 25

register({
    "sim_bots": {
        "nb": "Oppgi én datamaskin per spiller: {count} {count:spiller|spillere}, men {given} "
              "{given:nivå|nivåer} ({bots})",
        "en": "Give one computer player per seat: {count} {count:player|players} but {given} "
              "{given:level|levels} ({bots})",
    },
    "sim_bot_level": {
        "nb": "Ukjent nivå «{value}» for plass {seat}; velg blant {allowed}",
        "en": "Unknown level '{value}' for seat {seat}; choose from {allowed}",
    },
    "sim_games": {
        "nb": "Antall spill må være et helt tall fra 1 og oppover, ikke {value}",
        "en": "The number of games must be a whole number of at least 1, not {value}",
    },
    "sim_players": {
        "nb": "Spillere oppgis som et antall ({fewest}–{most}) eller en liste med navn, ikke "
              "{value}",
        "en": "Players are given as a count ({fewest}–{most}) or a list of names, not {value}",
    },
    "sim_workers": {
        "nb": "Antall prosesser må være et helt tall fra 1 og oppover, ikke {value}",
        "en": "The number of worker processes must be a whole number of at least 1, not {value}",
    },
    "sim_progress": {"nb": "simulerer", "en": "simulating"},
    "sim_unit": {"nb": "spill", "en": "games"},
})


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` in a run with ``seed``."""
    return (seed * 1_000_003 + index) & 0x7FFFFFFFFFFF


@dataclass
class SimulationResult:
    """The played games as tables, and summaries of them."""

    game: str
    players: list[str]
    bots: list[str]
    rules: Rules
    seed: int
    rounds: pd.DataFrame
    games: pd.DataFrame
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def n_games(self) -> int:
        return int(self.games["game"].nunique())

    def extended(self, more: SimulationResult) -> SimulationResult:
        """This run and ``more`` (later games of the same run) as one result."""
        import pandas as pd

        return SimulationResult(self.game, self.players, self.bots, self.rules, self.seed,
                                pd.concat([self.rounds, more.rounds], ignore_index=True),
                                pd.concat([self.games, more.games], ignore_index=True),
                                self.options)

    def summary(self) -> pd.DataFrame:
        """Per seat: mean total, spread (standard deviation), best and worst, win share."""
        g = self.games.groupby(["seat", "player", "bot"], sort=True)
        out = g.agg(mean_total=("total", "mean"), spread=("total", "std"),
                    best=("total", "min"), worst=("total", "max"),
                    win_share=("win_share", "mean"), wins=("winner", "sum"))
        return out.reset_index().set_index("seat")

    def clubs_take_all_rate(self) -> float:
        """Share of Kløver rounds in which one player took all 13 clubs."""
        klover = self.rounds[self.rounds["kind"] == "klover"]
        if klover.empty:
            return 0.0
        per_round = klover.groupby(["game", "round"])["took_all_clubs"].any()
        return float(per_round.mean())

    def to_json_summary(self) -> dict[str, Any]:
        s = self.summary()
        return {
            "games": self.n_games,
            "players": list(self.players),
            "bots": list(self.bots),
            "mean_total": {p: round(float(v), 4) for p, v in zip(s["player"], s["mean_total"],
                                                                  strict=True)},
            "win_share": {p: round(float(v), 4) for p, v in zip(s["player"], s["win_share"],
                                                                 strict=True)},
        }


def simulate(game: str = "femkamp", players: int | Sequence[str] = 4,
             bots: Sequence[str] | str | None = None, games: int = 1000, seed: int | None = 1,
             rules: Rules | Mapping[str, Any] | None = None, workers: int | None = None,
             progress: bool | Progress = True,
             bot_options: Mapping[str, Mapping[str, Any]] | None = None, start: int = 0,
             lang: str = "nb") -> SimulationResult:
    """Play ``games`` games with the given bots per seat and return the tables.

    ``bot_options`` passes settings to a level, e.g. ``{"search": {"samples": 8}}``.
    ``progress`` is a progress bar (True) or a function told how many games just finished.
    ``start`` numbers the games from there, so a second call with ``start=games`` plays the
    next games of the same run (see :meth:`SimulationResult.extended`).  ``lang`` is the
    progress bar's.
    """
    names = _names(players)
    levels = _levels(bots, len(names))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RuleError("sim_games", value=games)
    rules_obj = rules if isinstance(rules, Rules) else make_rules(game, rules)
    seed = random.randrange(1 << 31) if seed is None else int(seed)
    options = {k: dict(v) for k, v in (bot_options or {}).items()}
    for level in set(levels):  # fail early on a bad option, not in a worker
        make_bot(level, 0, **options.get(level, {}))
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise RuleError("sim_workers", value=workers)
    heavy = "search" in levels
    if workers is None:
        workers = os.cpu_count() or 1 if (games >= _PARALLEL_FROM or (heavy and games > 1)) else 1
    workers = max(1, min(workers, games))
    spec: Spec = (rules_obj.game, rules_obj.differences(), tuple(names), tuple(levels), seed,
                  options)
    chunk = 1 if heavy else _CHUNK
    chunks = [range(i, min(i + chunk, start + games)) for i in range(start, start + games, chunk)]
    bar = _bar(games, progress, lang)
    round_rows: list[RoundRow] = []
    game_rows: list[GameRow] = []
    try:
        if workers == 1:
            results: Iterable[Rows] = (_play_chunk(spec, c) for c in chunks)
            _collect(results, round_rows, game_rows, bar)
        else:
            # imported here: the browser edition's Python plays its games one process only
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=workers) as pool:
                _collect(pool.map(_play_chunk, [spec] * len(chunks), chunks), round_rows,
                         game_rows, bar)
    finally:
        if bar is not None:
            bar.close()
    import pandas as pd

    rounds_df = pd.DataFrame(round_rows, columns=_ROUND_COLUMNS)
    games_df = pd.DataFrame(game_rows, columns=_GAME_COLUMNS)
    return SimulationResult(rules_obj.game, names, levels, rules_obj, seed, rounds_df, games_df,
                            options)


def _collect(results: Iterable[Rows], round_rows: list[RoundRow], game_rows: list[GameRow],
             bar: Bar | None) -> None:
    for rr, gr in results:
        round_rows.extend(rr)
        game_rows.extend(gr)
        if bar is not None:
            bar.update(len({row[0] for row in gr}))


class Bar(Protocol):
    """What the games report their progress to: tqdm's bar, or :class:`_Told`."""

    def update(self, n: int) -> object: ...

    def close(self) -> None: ...


class _Told:
    """A progress "bar" that tells a function how many games finished (a widget's bar)."""

    def __init__(self, tell: Progress) -> None:
        self.update = tell

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool | Progress, lang: str) -> Bar | None:
    if callable(progress):
        return _Told(progress)
    if not progress:
        return None
    from tqdm.auto import tqdm

    bar: Bar = tqdm(total=total, unit=t("sim_unit", lang), desc=t("sim_progress", lang))
    return bar


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, int) and not isinstance(players, bool):
        return list(default_players(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise RuleError("sim_players", value=repr(players), fewest=TABLE_SIZES[0],
                        most=TABLE_SIZES[-1])
    return list(check_players(players))


def _levels(bots: Sequence[str] | str | None, n: int) -> list[str]:
    if bots is None:
        return ["heuristic"] + ["random"] * (n - 1)
    if isinstance(bots, str):
        bots = [b for b in bots.replace(" ", "").split(",")]
    bots = list(bots)
    if len(bots) != n:
        raise RuleError("sim_bots", count=n, given=len(bots), bots=", ".join(map(str, bots)))
    out = []
    for seat, level in enumerate(bots, start=1):
        key = level.strip().lower() if isinstance(level, str) else level
        if key not in LEVELS:
            raise RuleError("sim_bot_level", value=level, seat=seat, allowed=", ".join(LEVELS))
        out.append(key)
    return out


_ROUND_COLUMNS = ["game", "round", "kind", "player", "seat", "bot", "score", "tricks",
                  "passes", "cards_left", "went_out", "took_all_clubs", "clubs_take_all_fired"]
_GAME_COLUMNS = ["game", "player", "seat", "bot", "total", "winner", "win_share"]
ROUND_COLUMNS = tuple(_ROUND_COLUMNS)  # what a row of play_chunk's rounds holds, in order
GAME_COLUMNS = tuple(_GAME_COLUMNS)


def play_chunk(spec: list[Any], first: int, stop: int) -> Rows:
    """Games ``first`` … ``stop - 1`` of a run, as rows of :data:`ROUND_COLUMNS` and
    :data:`GAME_COLUMNS`.  ``spec`` is ``[game, house-rule differences, names, levels, seed,
    bot options]``: all of it, and the rows, travel as JSON, so the games can be played in
    another Python (the browser edition's games worker, kamplib.site.background)."""
    game, differences, names, levels, seed, options = spec
    return _play_chunk((game, differences, tuple(names), tuple(levels), seed, options),
                       range(first, stop))


def _play_chunk(spec: Spec, indices: range) -> Rows:
    """Play some games of a run (in a worker process or in this one)."""
    game_name, differences, names, levels, seed, options = spec
    rules = make_rules(game_name, differences)
    round_rows: list[RoundRow] = []
    game_rows: list[GameRow] = []
    for i in indices:
        g = play_game(names, levels, rules, game_seed(seed, i), options)
        _rows(i, g, levels, rules, round_rows, game_rows)
    return round_rows, game_rows


def play_game(names: Sequence[str], levels: Sequence[str], rules: Rules, seed: int,
              options: Mapping[str, Mapping[str, Any]] | None = None) -> Game:
    """One game with a bot per seat, seeded from the game's seed by the autoplay scheme."""
    g = Game(names, rules.game, rules, seed=seed)
    autoplay(g, make_bots(len(names), levels, seed, options=options or {}))
    return g


def _rows(index: int, g: Game, levels: Sequence[str], rules: Rules, round_rows: list[RoundRow],
          game_rows: list[GameRow]) -> None:
    names = g.players
    for number, rnd in enumerate(g.rounds, start=1):
        scores = rnd.score_list()
        take_all = KINDS[rnd.kind].take_all_mask
        for seat, player in enumerate(names):
            tricks: int | None = None
            passes: int | None = None
            left: int | None = None
            out: bool | None = None
            all_clubs: bool | None = None
            fired: bool | None = None
            if isinstance(rnd, FanTanRound):
                passes = rnd.passes[seat]
                left = rnd.hands[seat].bit_count()
                out = rnd.out == seat
            elif isinstance(rnd, TrickRound):
                tricks = rnd.tricks_won[seat]
                if take_all:
                    clubs = take_all & cards_in_play(rnd.kind, rnd.n, rules)
                    all_clubs = rnd.taken[seat] & clubs == clubs
                    fired = bool(all_clubs and rules.clubs_take_all_zero)
            round_rows.append((index, number, rnd.kind, player, seat, levels[seat],
                               scores[seat], tricks, passes, left, out, all_clubs, fired))
    totals = g.totals()
    winners = g.winners
    for seat, player in enumerate(names):
        won = player in winners
        game_rows.append((index, player, seat, levels[seat], totals[player], won,
                          1 / len(winners) if won else 0.0))
