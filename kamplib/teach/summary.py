"""What the learner is told when a round or the game ends: the score, the place, the review.

The numbers are the engine's (round scores, :func:`kamplib.standings.standing` for totals and
winners); the review is the coach's verdict on each of the learner's moves in the round
(:mod:`kamplib.teach.review`).  A summary is plain data with sentences; the widgets draw it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kamplib.draw.table import round_title
from kamplib.hints import numbers_note
from kamplib.i18n import t
from kamplib.kinds import KINDS
from kamplib.round import Round
from kamplib.standings import Standing, kind_of_round, standing
from kamplib.teach import texts as _texts  # noqa: F401  (registers the teaching words)
from kamplib.teach.review import lost_in_all, number_text
from kamplib.teach.session import LearnerMove, TableSession

__all__ = ["RoundSummary", "GameSummary", "round_summary", "game_summary", "place_of"]


def place_of(totals: dict[str, int], player: str) -> tuple[int, bool]:
    """A player's place by total (lowest first) and whether another player shares it."""
    mine = totals[player]
    place = 1 + sum(1 for v in totals.values() if v < mine)
    shared = sum(1 for v in totals.values() if v == mine) > 1
    return place, shared


@dataclass(frozen=True)
class RoundSummary:
    """One finished round: its scores, the totals after it, the learner's place and review."""

    index: int
    round: Round
    scores: dict[str, int]
    standing: Standing
    learner: str
    moves: tuple[LearnerMove, ...]
    next_kind: str | None  # the round that follows, if any

    @property
    def points(self) -> int:
        return self.scores[self.learner]

    def headline(self, lang: str = "nb") -> str:
        return t("teach_round_summary", lang, round=self.title(lang), points=self.points)

    def title(self, lang: str = "nb") -> str:
        return round_title(self.round, lang)

    def place_text(self, lang: str = "nb") -> str:
        totals = self.standing.totals
        place, shared = place_of(totals, self.learner)
        return t("teach_place_shared" if shared else "teach_place", lang, place=place,
                 count=len(totals), total=totals[self.learner])

    def next_text(self, lang: str = "nb") -> str:
        if self.next_kind is None:
            return ""
        kind = KINDS[self.next_kind]
        return t("teach_next_round_is", lang, round=kind.name(lang), goal=kind.goal(lang))

    @property
    def rated(self) -> list[LearnerMove]:
        return [m for m in self.moves if m.judgement is not None]

    def review_text(self, lang: str = "nb") -> str:
        """One sentence for the whole round: nothing lost, or what the moves listed under it
        (rated weaker or bad) cost in all, which is the sum of what each of them says it cost;
        what the good moves cost besides is said apart."""
        if not self.moves:
            return t("teach_review_none", lang)
        if not self.rated:
            return ""  # the coach has not looked at the moves yet
        judged = [m.judgement for m in self.rated if m.judgement is not None]
        listed = [j for j in judged if j.costly]
        rest = lost_in_all([j for j in judged if not j.costly])
        relative = any(j.rating.relative for j in judged)  # say once what the sums count
        if listed and all(j.lost is None for j in listed):
            return t("teach_review_tactics", lang)  # the tactics alone: no numbers
        if not listed:
            if rest < 0.05:
                return t("teach_review_clean", lang)
            text = t("teach_review_small", lang, lost=number_text(rest, lang))
        else:
            text = t("teach_review_lost", lang, lost=number_text(lost_in_all(listed), lang))
            if rest >= 0.05:
                text += " " + t("teach_review_rest", lang, lost=number_text(rest, lang))
        if relative:
            # said first (the walk: «★★★ … Du fikk 2» over «kostet deg omtrent 4,5 poeng»
            # read as a contradiction until the note at the end)
            text = f"{t('teach_review_relative', lang)} {text[:1].lower()}{text[1:]}"
        return text + numbers_note(relative, lang)


@dataclass(frozen=True)
class GameSummary:
    """The end of a game: winners, the learner's place, and every round's summary."""

    winners: tuple[str, ...]
    totals: dict[str, int]
    learner: str
    rounds: tuple[RoundSummary, ...]

    def headline(self, lang: str = "nb") -> str:
        total = self.totals[self.learner]
        if self.learner in self.winners:
            others = [w for w in self.winners if w != self.learner]
            if others:
                return t("teach_game_shared", lang, others=others, total=total)
            return t("teach_game_won", lang, total=total)
        place, _ = place_of(self.totals, self.learner)
        best = min(self.totals[w] for w in self.winners) if self.winners else total
        return t("teach_game_lost", lang, winners=list(self.winners), best=best, place=place,
                 count=len(self.totals), total=total)


def round_summary(session: TableSession, index: int | None = None) -> RoundSummary:
    """The summary of finished round ``index`` (the shown one by default)."""
    game = session.game
    index = session.shown if index is None else index
    rnd = game.rounds[index]
    scores = [r.scores() for r in game.rounds[: index + 1] if r.is_over]
    after = standing(game.players, scores, game.rules, game.contenders)
    following = None
    if not session.alone and not after.is_over:
        following = kind_of_round(game.rules, index + 1)
    return RoundSummary(index, rnd, rnd.scores(), after,
                        session.learner_name, tuple(session.moves_in(index)), following)


def game_summary(session: TableSession) -> GameSummary:
    """The summary of the whole game (each finished round with its review)."""
    game = session.game
    rounds = tuple(round_summary(session, i) for i, r in enumerate(game.rounds) if r.is_over)
    st = game.standing()
    winners = st.winners or st.leaders
    return GameSummary(tuple(winners), st.totals, session.learner_name, rounds)
