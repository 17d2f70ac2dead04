"""Small helpers the course notebooks call in one line: deals played out by bots, tables of tricks.

The notebooks narrate; whatever they need beyond one call into the engine, the widgets or the
drawing lives here, with tests.  Tables are pandas DataFrames with Norwegian (or English) column
names, so a learner sees them the way a score sheet looks.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from kamplib.cards import Card, cards_of
from kamplib.deal import removed_cards
from kamplib.errors import RuleError
from kamplib.game import Game
from kamplib.i18n import SuitName, kind_name, register, t
from kamplib.round import Round
from kamplib.rules import KINDS, make_rules
from kamplib.scoring import trick_scores, tricks_in_play
from kamplib.tricks import TrickRound
from kamplib.view import make_view

__all__ = ["PLAYERS", "deck_table", "play_out", "bot_round", "trick_log", "running_totals",
           "move_log", "dealers", "trick_picture", "try_move", "rule_effect", "cards_text",
           "explain_trick", "first_trick_with_discard", "must_follow_moment", "refused_card",
           "taken_picture", "first_costly_trick", "save_record", "simulate_quietly",
           "last_round_flips", "fantan_length", "rule_table", "winner_changes",
           "score_by_level", "level_summary", "Note", "say", "score_table", "standings",
           "sheet_check", "file_note", "record_preview", "drawn_trump"]

PLAYERS: tuple[str, ...] = ("Kari", "Ola", "Siri", "Per")

register({
    "course_removed": {"nb": "Tas ut", "en": "Taken out"},
    "course_each": {"nb": "Kort hver i stikkrundene", "en": "Cards each in trick rounds"},
    "course_fantan": {"nb": "Kort hver i Fan Tan", "en": "Cards each in Fan Tan"},
    "course_trick": {"nb": "Stikk", "en": "Trick"},
    "course_led": {"nb": "Spilte ut", "en": "Led"},
    "course_took": {"nb": "Tok stikket", "en": "Took it"},
    "course_turn": {"nb": "Tur", "en": "Turn"},
    "course_move": {"nb": "Trekk", "en": "Move"},
    "course_pass": {"nb": "pass", "en": "pass"},
    "course_scores_length": {
        "nb": "{player} har {count} tall, men rundene er {rounds}",
        "en": "{player} has {count} numbers, but the rounds are {rounds}"},
    "course_not_over": {
        "nb": "Runden er ikke ferdig ennå, så stikkene kan ikke listes som en hel runde",
        "en": "The round is not finished yet"},
    "course_dealer": {"nb": "Giver", "en": "Dealer"},
    "course_starts": {"nb": "Begynner", "en": "Starts"},
    "course_legal": {"nb": "{card} er lov å spille nå", "en": "{card} may be played now"},
    "course_usual": {"nb": "Vanlige regler", "en": "Usual rules"},
    "course_house": {"nb": "Med husregelen", "en": "With the house rule"},
    "course_no_trick": {"nb": "Runden har {count} ferdige stikk, ikke stikk nummer {number}",
                        "en": "The round has {count} finished tricks, not trick {number}"},
    "course_explain_lead": {"nb": "{player} spilte ut {card}, så {suit} er utspillsfargen.",
                            "en": "{player} led {card}, so {suit} is the suit led."},
    "course_explain_follow": {"nb": "{player} fulgte farge med {card}.",
                              "en": "{player} followed suit with {card}."},
    "course_explain_discard": {
        "nb": "{player} hadde ikke {suit} og kastet {card}; det kortet kan ikke vinne.",
        "en": "{player} had no {suit} and discarded {card}; that card cannot win."},
    "course_explain_trump": {
        "nb": "{player} hadde ikke {suit} og trumfet med {card}.",
        "en": "{player} had no {suit} and trumped with {card}."},
    "course_explain_winner": {"nb": "{player} tar stikket med {card}.",
                              "en": "{player} takes the trick with {card}."},
    "course_no_moment": {"nb": "Fant ikke noe slikt øyeblikk i denne utdelingen",
                         "en": "No such moment in this deal"},
    "course_taken": {"nb": "{player} tok disse kortene som gir poeng ({points} poeng):",
                     "en": "{player} took these scoring cards ({points} points):"},
    "course_not_tricks": {
        "nb": "{name} er ikke en stikkrunde; bruk move_log for Fan Tan",
        "en": "{name} is not a trick round; use move_log for Fan Tan"},
})


def deck_table(lang: str = "nb") -> pd.DataFrame:
    """How the deck is fitted to 3, 4 and 5 players (straight from the engine's deal rules)."""
    rules = make_rules("femkamp")
    rows = []
    for n in (3, 4, 5):
        out = removed_cards("pass", n, rules)
        fantan = 52 - len(removed_cards("fantan", n, rules))
        low, extra = divmod(fantan, n)
        rows.append({
            t("word_players", lang): n,
            t("course_removed", lang): " ".join(c.symbol for c in out) or t("word_nothing",
                                                                             lang),
            t("course_each", lang): tricks_in_play(n, rules),
            t("course_fantan", lang): f"{low}–{low + 1}" if extra else str(low),
        })
    return pd.DataFrame(rows).set_index(t("word_players", lang))


def play_out(target: Game | Round, level: str = "heuristic", seed: int = 1,
             moves: int | None = None) -> Game | Round:
    """Let bots play ``target`` (a game or a round) to the end, or for ``moves`` moves.

    Every seat gets its own bot of ``level`` seeded from ``seed``, so the same call always plays
    the same way.  Returns ``target`` itself, played on.
    """
    from kamplib.bots import make_bot

    players = target.players
    bots = {p: make_bot(level, seed=seed * 100 + i) for i, p in enumerate(players)}
    done = 0
    while not target.is_over and (moves is None or done < moves):
        rnd = target.round if isinstance(target, Game) else target
        player = rnd.player_to_move
        target.play(bots[player].choose(make_view(rnd, player)).move)
        done += 1
    return target


def bot_round(kind: str, seed: int = 1, players: Sequence[str] = PLAYERS,
              level: str = "heuristic", rules: Mapping[str, Any] | None = None,
              moves: int | None = None) -> Round:
    """A freshly dealt round of ``kind`` (from ``seed``) played by bots; the deal is the same
    for every level, so the levels can be compared on the same cards."""
    if kind not in KINDS:
        raise RuleError("unknown_kind", value=kind, allowed=", ".join(KINDS))
    game = Game(list(players), "custom", {**(rules or {}), "order": [kind]}, seed=seed)
    play_out(game.round, level, seed, moves)
    return game.round


def trick_log(rnd: Round, lang: str = "nb") -> pd.DataFrame:
    """One row per finished trick: who led, every player's card, who took it and what it cost."""
    if not isinstance(rnd, TrickRound):
        raise RuleError("course_not_tricks", name=kind_name(rnd.kind, lang))
    rows = []
    for number, trick in enumerate(rnd.tricks, 1):
        cards = dict(trick.plays)
        won = [0] * rnd.n
        won[trick.winner] = 1
        taken = [0] * rnd.n
        taken[trick.winner] = sum(c.bit for c in trick.cards)
        cost = trick_scores(rnd.kind, won, taken, rnd.rules, rnd.multiplier)[trick.winner]
        row: dict[str, Any] = {t("course_trick", lang): number,
                               t("course_led", lang): rnd.players[trick.leader]}
        for seat, name in enumerate(rnd.players):
            row[name] = cards[seat].symbol
        row[t("course_took", lang)] = rnd.players[trick.winner]
        row[t("word_points", lang)] = cost
        rows.append(row)
    return pd.DataFrame(rows).set_index(t("course_trick", lang))


def move_log(rnd: Round, lang: str = "nb", last: int | None = None) -> pd.DataFrame:
    """The moves of a round in order (turn, player, card or pass); the ``last`` few if given."""
    rows = [{t("course_turn", lang): i,
             t("word_player", lang): rnd.players[seat],
             t("course_move", lang): move.symbol if isinstance(move, Card)
             else t("course_pass", lang)}
            for i, (seat, move) in enumerate(rnd.history, 1)]
    frame = pd.DataFrame(rows, columns=[t("course_turn", lang), t("word_player", lang),
                                        t("course_move", lang)])
    frame = frame.set_index(t("course_turn", lang))
    return frame.tail(last) if last else frame


def running_totals(scores: Mapping[str, Sequence[int]], kinds: Sequence[str],
                   lang: str = "nb") -> pd.DataFrame:
    """A score table with a row per round and the sum at the bottom, for any number of players
    (also a worked example that shows only some of the table)."""
    kinds = list(kinds)
    for player, values in scores.items():
        if len(values) != len(kinds):
            raise RuleError("course_scores_length", player=player, count=len(values),
                            rounds=len(kinds))
    index = [f"{i}. {kind_name(k, lang)}" for i, k in enumerate(kinds, 1)]
    frame = pd.DataFrame({p: list(v) for p, v in scores.items()}, index=index)
    frame.loc[t("word_total", lang)] = frame.sum()
    frame.index.name = t("word_round", lang)
    return frame


def cards_text(mask_or_cards: int | Sequence[Card]) -> str:
    """Cards as a short line of symbols (``♠A ♥10``) for narration."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return " ".join(c.symbol for c in cards)


def dealers(game: Game, lang: str = "nb") -> pd.DataFrame:
    """Who deals each round and who starts it: the dealer moves one seat clockwise per round."""
    rows = []
    for i, deal in enumerate(game.deals, 1):
        rows.append({t("word_round", lang): f"{i}. {kind_name(deal.kind, lang)}",
                     t("course_dealer", lang): game.players[deal.dealer],
                     t("course_starts", lang): game.players[(deal.dealer + 1) % game.n]})
    return pd.DataFrame(rows).set_index(t("word_round", lang))


def trick_picture(rnd: Round, number: int, lang: str = "nb") -> str:
    """Trick ``number`` (from 1) of a trick round as a picture: who played what, who took it."""
    from kamplib.draw import trick_html

    if not isinstance(rnd, TrickRound):
        raise RuleError("course_not_tricks", name=kind_name(rnd.kind, lang))
    if not 1 <= number <= len(rnd.tricks):
        raise RuleError("course_no_trick", count=len(rnd.tricks), number=number)
    trick = rnd.tricks[number - 1]
    title = f"{t('course_trick', lang)} {number}"
    return trick_html(trick.plays, rnd.players, winning=trick.winner, finished=True, lang=lang,
                      title=title)


def try_move(rnd: Round, move: str | Card, lang: str = "nb") -> str:
    """What the rules say about ``move`` for the player to move, without playing it."""
    from kamplib.errors import KampError

    try:
        rnd.check(move)
    except KampError as err:
        return err.message(lang)
    from kamplib.round import parse_move

    parsed = parse_move(move)
    shown = parsed.symbol if isinstance(parsed, Card) else str(parsed)
    return t("course_legal", lang, card=shown)


def rule_effect(kind: str, changes: Mapping[str, Any], seed: int = 1,
                players: Sequence[str] = PLAYERS, level: str = "heuristic",
                base: Mapping[str, Any] | None = None, lang: str = "nb") -> pd.DataFrame:
    """The same deal played by the same bots with and without a house rule: scores side by side.

    The deal depends only on ``seed``, so any difference comes from the rule (and from the bots
    reacting to it).
    """
    usual = bot_round(kind, seed, players, level, base)
    house = bot_round(kind, seed, players, level, {**(base or {}), **changes})
    return pd.DataFrame({t("course_usual", lang): usual.scores(),
                         t("course_house", lang): house.scores()})


def explain_trick(rnd: Round, number: int, lang: str = "nb") -> str:
    """Trick ``number`` told in words: the lead, who followed, who discarded, who took it."""
    trick_picture(rnd, number, lang)  # same checks: a trick round and a finished trick
    trick = rnd.tricks[number - 1]
    (leader, lead), *rest = trick.plays
    suit = SuitName(lead.suit)
    lines = [t("course_explain_lead", lang, player=rnd.players[leader], card=lead, suit=suit)]
    for seat, card in rest:
        if card.suit == lead.suit:
            code = "course_explain_follow"
        elif card.suit == getattr(rnd, "trump", None):
            code = "course_explain_trump"
        else:
            code = "course_explain_discard"
        lines.append(t(code, lang, player=rnd.players[seat], card=card, suit=suit))
    winning = dict(trick.plays)[trick.winner]
    lines.append(t("course_explain_winner", lang, player=rnd.players[trick.winner], card=winning))
    return " ".join(lines)


def first_trick_with_discard(rnd: Round) -> int:
    """The number of the first trick where someone could not follow suit (1 if none did)."""
    for number, trick in enumerate(getattr(rnd, "tricks", ()), 1):
        lead = trick.plays[0][1].suit
        if any(card.suit != lead for _, card in trick.plays):
            return number
    return 1


def must_follow_moment(kind: str = "pass", seed: int = 1, level: str = "random",
                       players: Sequence[str] = PLAYERS) -> Round:
    """A round stopped where the player to move holds the suit led and other suits too, so some
    of their cards are refused: the moment "follow suit" is felt."""
    full = bot_round(kind, seed, players, level)
    for count in range(1, len(full.history)):
        rnd = full.replayed(count)
        if rnd.trick and len(rnd.legal_moves()) < len(rnd.hand(rnd.to_move)):
            return rnd
    raise RuleError("course_no_moment")


def refused_card(rnd: Round) -> Card:
    """A card the player to move holds but may not play now (for showing why it is refused)."""
    legal = set(rnd.legal_moves())
    for card in rnd.hand(rnd.to_move) if rnd.to_move >= 0 else ():
        if card not in legal:
            return card
    raise RuleError("course_no_moment")


def _scores_card(rnd: Round, card: Card) -> bool:
    """Whether ``card`` in someone's tricks counts in this round, as the engine scores it (in
    rounds where tricks count, every card is shown)."""
    if rnd.kind in ("pass", "grand", "trumf"):
        return True
    return trick_scores(rnd.kind, [0], [card.bit], rnd.rules)[0] != 0


def taken_picture(rnd: Round, player: str | None = None, lang: str = "nb") -> str:
    """The scoring cards in a player's tricks (clubs, queens …), by default the player who
    scored the most in the round."""
    from kamplib.draw import hand_html

    if not isinstance(rnd, TrickRound):
        raise RuleError("course_not_tricks", name=kind_name(rnd.kind, lang))
    scores = rnd.scores()
    player = player or max(scores, key=scores.get)
    cards = [c for c in rnd.taken_cards(player) if _scores_card(rnd, c)]
    caption = t("course_taken", lang, player=player, points=scores[player])
    return f"<div><b>{caption}</b></div>" + hand_html(cards, lang=lang, scale=0.6)


# -- sentences and small tables shown as part of the page, never as Python values ----------------
register({
    "course_winner_one": {"nb": "{player} vinner med {points} poeng.",
                          "en": "{player} wins with {points} points."},
    "course_winner_shared": {"nb": "{players} deler seieren med {points} poeng hver.",
                             "en": "{players} share the win with {points} points each."},
    "course_and": {"nb": "og", "en": "and"},
    "course_sheet_fine": {"nb": "Arket har ingen innvendinger: alle radene summerer riktig.",
                          "en": "The sheet has no objections: every row adds up."},
    "course_saved": {"nb": "Lagret {name} ({size} byte).", "en": "Saved {name} ({size} bytes)."},
    "course_drawn_trump": {"nb": "Kortet som ble snudd, var en {suit}, så {suit} er trumf i "
                                 "trumfrunden.",
                           "en": "The card turned up makes {suit} trumps in the trump round."},
})


class Note(str):
    """Text that a notebook shows as a short paragraph of the page (not as a Python value).

    It is a plain ``str`` everywhere else, so ``print`` and tests see the sentence itself.
    """

    html: str = ""

    def _repr_html_(self) -> str:
        from html import escape

        body = self.html or "".join(f"<p style='margin:4px 0'>{escape(line)}</p>"
                                    for line in self.splitlines() if line.strip())
        return (f"<div class='kamp-note' style='border-left:4px solid #9bb7d4;"
                f"padding:4px 12px;margin:6px 0;background:#f5f8fb'>{body}</div>")


def say(*lines: str) -> Note:
    """Sentences for the page: each argument is one paragraph."""
    return Note("\n".join(str(line) for line in lines))


def _joined(names: Sequence[str], lang: str) -> str:
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {t('course_and', lang)} {names[-1]}"


def score_table(rnd: Round, lang: str = "nb") -> Note:
    """The scores of a round as a small table (tricks, or passes and cards left, and points)."""
    from kamplib.draw import round_scores_html

    names = ", ".join(f"{p} {v}" for p, v in rnd.scores().items())
    note = Note(t("standings", lang, standings=names))
    note.html = round_scores_html(rnd, lang=lang)
    return note


def standings(source: Any, lang: str = "nb") -> Note:
    """Totals from lowest to highest and who won, for a game or a score sheet."""
    totals = source.totals()
    winners = source.winners() if callable(source.winners) else source.winners
    ranked = sorted(totals, key=lambda p: totals[p])
    lines = [t("standings", lang,
               standings=", ".join(f"{p} {totals[p]}" for p in ranked))]
    if len(winners) == 1:
        lines.append(t("course_winner_one", lang, player=winners[0], points=totals[winners[0]]))
    elif winners:
        lines.append(t("course_winner_shared", lang, players=_joined(winners, lang),
                       points=totals[winners[0]]))
    return say(*lines)


def sheet_check(sheet: Any, lang: str = "nb") -> Note:
    """What the score sheet's checker says, one problem per line (or that all is well)."""
    problems = sheet.problems()
    if not problems:
        return say(t("course_sheet_fine", lang))
    return say(*(p.message(lang) for p in problems))


def file_note(path: Path, lang: str = "nb") -> Note:
    """One line saying which file was written and how big it is."""
    return say(t("course_saved", lang, name=path.name, size=path.stat().st_size))


def drawn_trump(game: Game, lang: str = "nb") -> Note:
    """Which suit the game's trump round got (drawn, fixed or chosen), in one sentence."""
    deal = next(d for d in reversed(game.deals) if d.trump)
    return say(t("course_drawn_trump", lang, suit=SuitName(deal.trump)))


def record_preview(game: Game, lines: int = 14) -> str:
    """The first ``lines`` lines of the game's kamp/1 record, to show what the file looks like."""
    from kamplib.record import write_record

    text = write_record(game).splitlines()
    return "\n".join(text[:lines] + (["  …"] if len(text) > lines else []))


def first_costly_trick(rnd: Round) -> int:
    """The number of the first trick that cost its taker points (1 if none did)."""
    log = trick_log(rnd)
    costly = log.index[log[t("word_points")] != 0]
    return int(costly[0]) if len(costly) else 1


def save_record(game: Game, name: str, folder: str | Path | None = None) -> Path:
    """Write ``game`` as a kamp/1 record file called ``name`` and return its path.

    Without ``folder`` the file goes to a ``kamp-spill`` folder in the system's temporary
    directory, so running the course never litters the project folder.
    """
    from kamplib.record import write_record

    target = Path(folder) if folder is not None else Path(tempfile.gettempdir()) / "kamp-spill"
    target.mkdir(parents=True, exist_ok=True)
    path = target / Path(name).name
    path.write_text(write_record(game), encoding="utf-8")
    return path


# -- simulations for the explorations --------------------------------------------------------
register({
    "course_col_winner_total": {"nb": "vinnerens sum (snitt)", "en": "winner's total (mean)"},
    "course_col_spread": {"nb": "spredning i summene", "en": "spread of totals"},
    "course_col_last_decides": {"nb": "siste runde snur vinneren", "en": "last round flips winner"},
    "course_col_clubs_all": {"nb": "noen tok alle ♣", "en": "someone took all ♣"},
    "course_col_passes": {"nb": "pass per kabal", "en": "passes per Fan Tan"},
    "course_col_moves": {"nb": "trekk per kabal", "en": "moves per Fan Tan"},
    "course_col_games": {"nb": "spill", "en": "games"},
    "course_col_diff": {"nb": "forskjell", "en": "difference"},
    "course_col_level": {"nb": "nivå", "en": "level"},
    "course_col_mean": {"nb": "snittsum", "en": "mean total"},
    "course_col_best": {"nb": "beste sum", "en": "best total"},
    "course_col_worst": {"nb": "verste sum", "en": "worst total"},
    "course_col_won": {"nb": "vant (andel)", "en": "won (share)"},
})


def simulate_quietly(game: str = "femkamp", rules: Mapping[str, Any] | None = None,
                     games: int = 200, seed: int = 1, bots: Sequence[str] | None = None,
                     players: int = 4) -> Any:
    """:func:`kamplib.simulate.simulate` in one process without a progress bar, as a notebook
    on a shared machine wants it; every seat plays ``heuristic`` unless ``bots`` says otherwise."""
    from kamplib.simulate import simulate

    return simulate(game, players, list(bots or ["heuristic"] * players), games=games, seed=seed,
                    rules=rules, workers=1, progress=False)


def last_round_flips(result: Any) -> float:
    """Share of games where whoever led before the last round did not win (or share the win).

    Only the game's own rounds count; a leader is anyone tied for the lowest total.
    """
    rounds = result.rounds
    regular = len(result.rules.order)
    before = rounds[rounds["round"] < regular].groupby(["game", "player"])["score"].sum()
    flips = 0
    winners = result.games[result.games["winner"]].groupby("game")["player"].apply(set)
    for game_id, totals in before.groupby(level="game"):
        totals = totals.droplevel("game")
        leaders = set(totals.index[totals == totals.min()])
        flips += not (leaders & winners[game_id])
    return flips / result.n_games


def fantan_length(result: Any) -> tuple[float, float]:
    """Mean passes and mean moves (cards laid plus passes) per Fan Tan round."""
    ft = result.rounds[result.rounds["kind"] == "fantan"]
    if ft.empty:
        return 0.0, 0.0
    per_round = ft.groupby(["game", "round"]).agg(passes=("passes", "sum"),
                                                  left=("cards_left", "sum"))
    dealt = 52 - len(removed_cards("fantan", len(result.players), result.rules))
    moves = dealt - per_round["left"] + per_round["passes"]
    return float(per_round["passes"].mean()), float(moves.mean())


def rule_table(results: Mapping[str, Any], lang: str = "nb") -> pd.DataFrame:
    """One row per variant: what the house rule does to winners, spread, Fan Tan and clubs."""
    rows = {}
    for label, result in results.items():
        winners = result.games[result.games["winner"]]
        passes, moves = fantan_length(result)
        rows[label] = {
            t("course_col_games", lang): result.n_games,
            t("course_col_winner_total", lang): round(float(winners["total"].mean()), 2),
            t("course_col_spread", lang): round(float(result.games["total"].std()), 2),
            t("course_col_last_decides", lang): round(last_round_flips(result), 3),
            t("course_col_clubs_all", lang): round(result.clubs_take_all_rate(), 4),
            t("course_col_passes", lang): round(passes, 2),
            t("course_col_moves", lang): round(moves, 1),
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def winner_changes(a: Any, b: Any) -> float:
    """Share of games (same seeds) whose winners differ between two runs, e.g. two scorings."""
    wa = a.games[a.games["winner"]].groupby("game")["player"].apply(frozenset)
    wb = b.games[b.games["winner"]].groupby("game")["player"].apply(frozenset)
    return float((wa != wb.reindex(wa.index)).mean())


def score_by_level(result: Any, lang: str = "nb") -> pd.DataFrame:
    """Mean score per round (rows in the game's order) for each bot level (columns named as the
    course names the levels: lett, middels, vanskelig); with two levels, also their difference
    (the weaker level's mean minus the stronger one's)."""
    from kamplib.bots import LEVELS, level_name

    table = result.rounds.pivot_table(index="kind", columns="bot", values="score",
                                      aggfunc="mean")
    order = [k for k in result.rules.order if k in table.index]
    levels = [lv for lv in LEVELS if lv in table.columns]
    table = table.reindex(index=order, columns=levels)
    if len(levels) == 2:
        table["diff"] = table[levels[0]] - table[levels[1]]
    names = {lv: level_name(lv, lang) for lv in LEVELS}
    table = table.rename(columns={**names, "diff": t("course_col_diff", lang)},
                         index=lambda k: kind_name(k, lang))
    table.index.name = t("word_round", lang)
    table.columns.name = None
    return table.round(2)


def level_summary(result: Any, lang: str = "nb") -> pd.DataFrame:
    """Per seat: level, mean total, spread, best and worst total, share of games won, in words a
    learner reads (the simulation's own table keeps its programming names)."""
    from kamplib.bots import LEVELS, level_name

    s = result.summary()
    out = pd.DataFrame({
        t("word_player", lang): s["player"],
        t("course_col_level", lang): s["bot"].map(
            {lv: level_name(lv, lang) for lv in LEVELS}).fillna(s["bot"]),
        t("course_col_mean", lang): s["mean_total"].round(1),
        t("course_col_spread", lang): s["spread"].round(1),
        t("course_col_best", lang): s["best"],
        t("course_col_worst", lang): s["worst"],
        t("course_col_won", lang): (100 * s["win_share"]).round().astype(int).astype(str) + " %",
    })
    return out.set_index(t("word_player", lang))
