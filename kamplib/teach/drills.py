"""Drills: endless quiz items from real positions, and a session that brings missed ones back.

Every item is a round dealt from the item's seed and played on by random bots (the one loop
that lets bots move, :func:`kamplib.autoplay.autoplay`, seeded from the item's seed); the right
answer is the engine's (who took the trick, the legal moves, the score, whether a card can be
laid), never worked out here a second time.  A picture never gives the
answer away (no "playable" marks where the question is what can be played), a question never
states its answer, and the explanation shown after an answer always contains the right one.
:class:`DrillSession` keeps the tally and asks a missed item again a few items later.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from kamplib.autoplay import autoplay, make_bots
from kamplib.cards import Card, mask_cards, parse_card
from kamplib.draw.cards import card_svg, hand_html
from kamplib.draw.table import fantan_table_html, trick_html, trump_text
from kamplib.errors import IllegalMove, KampError, RuleError
from kamplib.game import Game
from kamplib.i18n import KindName, Phrase, SuitName, register, t
from kamplib.kinds import CLUBS, KINDS, QUEENS, TRICK_KINDS, parse_kind
from kamplib.round import Round
from kamplib.rules import Rules, make_rules
from kamplib.teach.narration import why_taken
from kamplib.teach.session import BOT_NAMES, one_round_rules
from kamplib.tricks import TrickRound

__all__ = ["Item", "make_item", "TOPICS", "DrillSession", "Feedback", "RETRY_AFTER",
           "parse_points"]

TOPICS = ("trick_winner", "legal_cards", "round_score", "fantan_lay", "mixed")
# A missed item comes back after this many other items.
RETRY_AFTER = 2
RECENT = 20  # first answers kept (kamplib.teach.progress reads the last few for the stars)

register({
    "drill_q_trick_winner": {"nb": "Hvem tar stikket? Trykk på navnet.",
                             "en": "Who takes the trick? Press the name."},
    "drill_q_legal_cards": {"nb": "{player} står for tur. Hvilke kort kan {player} legge? "
                                  "Velg alle, og trykk «{button}».",
                            "en": "{player} is to play. Which cards may {player} play? "
                                  "Pick them all, then press '{button}'."},
    "drill_q_round_score": {"nb": "{kind}: {player} har tatt disse kortene. Hvor mange poeng "
                                  "blir det? Skriv tallet, og trykk «{button}».",
                            "en": "{kind}: {player} took these cards. How many points is that? "
                                  "Type the number, then press '{button}'."},
    "drill_q_fantan_lay": {"nb": "Kan {player} legge {card} på bordet nå? Svar ja eller nei.",
                           "en": "Can {player} lay {card} on the table now? Answer yes or no."},
    "drill_again": {"nb": "En gang til: denne bommet du på i stad.",
                    "en": "Once more: you missed this one earlier."},
    "drill_right": {"nb": "Riktig!", "en": "Right!"},
    "drill_wrong": {"nb": "Ikke helt. Riktig svar:", "en": "Not quite. The right answer:"},
    "drill_tally": {"nb": "{right} {right:riktig|riktige} av {total}",
                    "en": "{right} right out of {total}"},
    "drill_a_trick_winner": {"nb": "{player} tar stikket med {card}: {why}.",
                             "en": "{player} takes the trick with {card}: {why}."},
    "drill_a_legal_cards": {"nb": "{player} kan spille {cards}.",
                            "en": "{player} may play {cards}."},
    "drill_a_follow": {"nb": "{player} må følge farge i {suit}.",
                       "en": "{player} must follow suit in {suit}."},
    "drill_a_free": {"nb": "{player} har ingen {suit} og kan spille hva som helst.",
                     "en": "{player} has no {suit} and may play anything."},
    "drill_a_lead": {"nb": "{player} spiller ut og kan velge fritt.",
                     "en": "{player} leads and may choose freely."},
    "drill_a_round_score": {"nb": "Det blir {points} poeng: {detail}.",
                            "en": "That makes {points} {points:point|points}: {detail}."},
    "drill_a_fantan_yes": {"nb": "Ja, {card} kan legges nå.", "en": "Yes, {card} can be laid now."},
    "drill_a_fantan_no": {"nb": "Nei. {reason}.", "en": "No. {reason}."},
    "drill_detail": {"nb": "{count} kort à {each} poeng", "en": "{count} {count:card|cards} at "
                                                                "{each} {each:point|points}"},
    "drill_detail_clubs": {"nb": "{count} kløver à {each} poeng",
                           "en": "{count} {count:club|clubs} at {each} {each:point|points}"},
    "drill_detail_queens": {"nb": "{count} {count:dame|damer} à {each} poeng",
                            "en": "{count} {count:queen|queens} at {each} {each:point|points}"},
    "drill_detail_card": {"nb": "{card} gir {each} poeng", "en": "{card} scores {each} "
                                                               "{each:point|points}"},
    "drill_detail_tricks": {"nb": "{count} stikk à {each}", "en": "{count} {count:trick|tricks} "
                                                                  "at {each}"},
    "drill_detail_none": {"nb": "ingen kort som gir poeng", "en": "no cards that score"},
    "drill_detail_all_clubs": {"nb": "alle kløverne gir 0 med denne husregelen",
                               "en": "all the clubs score 0 with this house rule"},
    "drill_yes": {"nb": "Ja", "en": "Yes"},
    "drill_no": {"nb": "Nei", "en": "No"},
    "drill_topic_unknown": {"nb": "Ukjent øvelse «{value}»; velg blant {allowed}",
                            "en": "Unknown drill '{value}'; choose from {allowed}"},
    "drill_not_a_number": {"nb": "«{text}» er ikke et helt tall. Skriv for eksempel 3 eller −2.",
                           "en": "'{text}' is not a whole number. Type for example 3 or −2."},
    "drill_empty": {"nb": "Skriv et tall først.", "en": "Type a number first."},
})

# Trick rounds in the order a course meets them; the score drill leaves out Trumf (its score is
# Grand's) only when the learner's game has no Trumf.
_TRICK_ORDER = tuple(k for k in KINDS if k in TRICK_KINDS)


@dataclass
class Item:
    """One quiz item: the question, the picture, the choices and the engine's answer."""

    topic: str
    question: str
    picture: str
    answer: Any
    explanation: str
    choices: list[tuple[str, Any]] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)  # legal_cards: the hand to pick from
    key: tuple[str, int] = ("", 0)  # (topic asked, seed): asking it again gives the same item


def _random_round(kind: str, rng: random.Random, players: int, game: str,
                  rules: Rules | dict[str, Any] | None) -> Round:
    names = BOT_NAMES[:players]
    r = one_round_rules(kind, game, rules)
    if r.trump == "dealer" and KINDS[kind].has_trump:  # a drill has no dealer to ask
        r = r.with_(trump="S")
    return Game(names, rules=r, seed=rng.randrange(10**9),
                first_dealer=rng.randrange(players)).round


def _game_order(game: str, rules: Rules | dict[str, Any] | None) -> tuple[str, ...]:
    return tuple((rules if isinstance(rules, Rules) else make_rules(game, rules)).order)


def _title(kind: str, game: str, rules: Any, lang: str) -> str:
    """«Runde 2: Kløver», numbered as in the learner's game (only the name when not in it)."""
    order = _game_order(game, rules)
    if kind in order:
        return t("draw_round_title", lang, number=order.index(kind) + 1, kind=KindName(kind))
    return t("draw_round_alone", lang, kind=KindName(kind))


def _play_random(rnd: Round, rng: random.Random, moves: int) -> None:
    """Random bots at every seat play ``moves`` moves on (fewer if the round ends first),
    through the one loop that lets bots move, seeded from the item's own random numbers."""
    autoplay(rnd, make_bots(rnd.n, "random", seed=rng.randrange(10**9)), max_moves=moves)


def _heading(rnd: Round, kind: str, game: str, rules: Any, lang: str) -> str:
    return (f"<div class='kamp-drill-heading'>{escape(_title(kind, game, rules, lang))} · "
            f"{escape(trump_text(rnd, lang))}</div>")


def _trick_winner(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                  game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    tricks = rnd.hands[0].bit_count()
    _play_random(rnd, rng, rnd.n * rng.randrange(tricks))
    _play_random(rnd, rng, rnd.n)  # the trick asked about
    trick = rnd.tricks[-1]
    card = next(c for s, c in trick.plays if s == trick.winner)
    winner = rnd.players[trick.winner]
    picture = (_heading(rnd, kind, game, rules, lang)
               + trick_html(trick.plays, rnd.players, lang=lang, four_color=four_color))
    return Item("trick_winner", t("drill_q_trick_winner", lang), picture, winner,
                t("drill_a_trick_winner", lang, player=winner, card=card,
                  why=why_taken(trick.plays, card, rnd.trump)),
                choices=[(p, p) for p in rnd.players])


def _legal_cards(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                 game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    tricks = rnd.hands[0].bit_count()
    _play_random(rnd, rng, rnd.n * rng.randrange(tricks - 1) + rng.randrange(rnd.n))
    player = rnd.players[rnd.to_move]  # the round goes on: someone is to move
    legal = frozenset(m for m in rnd.legal_moves() if isinstance(m, Card))
    hand = rnd.hand(player)
    if not rnd.trick:
        why = t("drill_a_lead", lang, player=player)
    else:
        led = SuitName(rnd.trick[0][1].suit)
        follows = any(c.suit == led for c in legal)  # the engine's answer, not ours
        why = t("drill_a_follow" if follows else "drill_a_free", lang, player=player, suit=led)
    picture = (_heading(rnd, kind, game, rules, lang)
               + trick_html(rnd.trick, rnd.players, lang=lang, four_color=four_color))
    explanation = why + " " + t("drill_a_legal_cards", lang, player=player,
                                cards=[c for c in hand if c in legal])
    question = t("drill_q_legal_cards", lang, player=player, button=Phrase("word_check"))
    return Item("legal_cards", question, picture, legal, explanation, cards=hand)


def _score_detail(rnd: TrickRound, seat: int, lang: str) -> str:
    """How the score of one player's tricks comes about, from the kind's own values."""
    kind = KINDS[rnd.kind]
    taken = rnd.taken[seat]
    if kind.trick_value:
        return t("drill_detail_tricks", lang, count=rnd.tricks_won[seat], each=kind.trick_value)
    if kind.takes_all_zero(taken, rnd.rules):
        return t("drill_detail_all_clubs", lang)
    parts = []
    for mask, points in kind.value_masks(rnd.rules):
        counted = taken & mask
        if counted:
            parts.append(_counted_cards(mask, counted, points, lang))
    return ", ".join(parts) or t("drill_detail_none", lang)


def _counted_cards(mask: int, counted: int, each: int, lang: str) -> str:
    """«6 kløver à 1 poeng»: the cards named as the learner counts them in the picture (a suit,
    a rank, one card), not «6 kort» among the 16 the picture shows."""
    count = counted.bit_count()
    if mask.bit_count() == 1:
        return t("drill_detail_card", lang, card=mask_cards(mask)[0], each=each)
    if not mask & ~CLUBS:
        return t("drill_detail_clubs", lang, count=count, each=each)
    if not mask & ~QUEENS:
        return t("drill_detail_queens", lang, count=count, each=each)
    return t("drill_detail", lang, count=count, each=each)


def _round_score(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                 game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    assert isinstance(rnd, TrickRound)  # make_item deals this drill a trick round's kind
    _play_random(rnd, rng, 60)
    seat = rng.randrange(rnd.n)
    player = rnd.players[seat]
    points = rnd.score_list()[seat]
    taken = rnd.taken_cards(seat)
    picture = hand_html(taken, lang=lang, four_color=four_color, player=player, scale=0.55)
    question = t("drill_q_round_score", lang, kind=KindName(kind), player=player,
                 button=Phrase("word_check"))
    return Item("round_score", question, picture, points,
                t("drill_a_round_score", lang, points=points,
                  detail=_score_detail(rnd, seat, lang)))


def _fantan_lay(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                game: str, rules: Any) -> Item:
    rnd = _random_round("fantan", rng, players, game, rules)
    _play_random(rnd, rng, rng.randrange(2, 40))
    while rnd.is_over:  # went out too soon: deal again
        rnd = _random_round("fantan", rng, players, game, rules)
        _play_random(rnd, rng, rng.randrange(2, 20))
    player = rnd.players[rnd.to_move]  # the round goes on: someone is to move
    hand = rnd.hand(player)
    layable = [m for m in rnd.legal_moves() if isinstance(m, Card)]
    card = rng.choice(layable) if layable and rng.random() < 0.5 else rng.choice(hand)
    try:
        rnd.check(card)
        yes, explanation = True, t("drill_a_fantan_yes", lang, card=card)
    except IllegalMove as err:
        yes, explanation = False, t("drill_a_fantan_no", lang, reason=err.message(lang))
    # no slot is marked as open: which cards can be laid is what the learner works out
    picture = (fantan_table_html(rnd, lang=lang, four_color=four_color, playable=frozenset())
               + f"<div class='kamp-drill-card'><b>{escape(player)}</b>: "
               + card_svg(card, lang=lang, four_color=four_color) + "</div>")
    return Item("fantan_lay", t("drill_q_fantan_lay", lang, player=player, card=card), picture,
                yes, explanation,
                choices=[(t("drill_yes", lang), True), (t("drill_no", lang), False)])


_MAKERS: dict[str, Callable[..., Item]] = {
    "trick_winner": _trick_winner, "legal_cards": _legal_cards,
    "round_score": _round_score, "fantan_lay": _fantan_lay,
}


def make_item(topic: str, seed: int, *, lang: str = "nb", kind: str | None = None,
              four_color: bool = False, players: int = 4, game: str = "femkamp",
              rules: Any = None) -> Item:
    """Quiz item number ``seed`` of ``topic`` (the same seed always gives the same item)."""
    rng = random.Random(f"{topic}/{seed}")
    asked = topic
    if topic == "mixed":
        topic = rng.choice(TOPICS[:-1])
    if topic not in _MAKERS:
        raise RuleError("drill_topic_unknown", value=topic, allowed=", ".join(TOPICS))
    if topic == "fantan_lay":
        chosen = "fantan"
    elif kind is not None and parse_kind(kind) != "fantan":
        chosen = parse_kind(kind)
    else:  # a trick round of the learner's own game (no Finale in a Femkamp course)
        order = _game_order(game, rules)
        chosen = rng.choice([k for k in _TRICK_ORDER if k in order] or list(_TRICK_ORDER))
    item = _MAKERS[topic](rng, chosen, lang, four_color, players, game, rules)
    item.key = (asked, seed)
    return item


def parse_points(text: str) -> int:
    """A typed whole number (``3``, ``-2``, ``−2``); anything else raises with a sentence."""
    cleaned = (text or "").strip().replace("−", "-")
    if not cleaned:
        raise RuleError("drill_empty")
    sign = -1 if cleaned.startswith("-") else 1
    digits = cleaned.lstrip("+-")
    if not (digits.isascii() and digits.isdigit()):
        raise RuleError("drill_not_a_number", text=text)
    return sign * int(digits)


@dataclass(frozen=True)
class Feedback:
    right: bool
    verdict: str
    explanation: str


class DrillSession:
    """Items one after another, the tally, and missed items asked again later."""

    def __init__(self, topic: str = "mixed", seed: int = 1, *, lang: str = "nb",
                 kind: str | None = None, four_color: bool = False, players: int = 4,
                 game: str = "femkamp", rules: Any = None) -> None:
        if topic not in TOPICS:
            raise RuleError("drill_topic_unknown", value=topic, allowed=", ".join(TOPICS))
        if kind is not None:
            parse_kind(kind)
        self.topic = topic
        self.seed = seed
        self.lang = lang
        self.options = {"kind": kind, "four_color": four_color, "players": players,
                        "game": game, "rules": rules}
        self.number = 0  # items made so far
        self.right = 0
        self.total = 0
        self._missed: list[tuple[int, int]] = []  # (item number it comes back at, seed)
        self.recent: list[bool] = []  # the last RECENT first answers, right or not
        self.item = self._make(self._fresh_seed())
        self.again = False
        self.answered = False
        self.feedback: Feedback | None = None  # the first answer's: it settles the item

    def _fresh_seed(self) -> int:
        return self.seed * 100_000 + self.number

    def _make(self, seed: int) -> Item:
        return make_item(self.topic, seed, lang=self.lang, **self.options)

    def next(self) -> Item:
        """The next item: a missed one whose turn has come, or a new one."""
        self.number += 1
        due = next((m for m in self._missed if m[0] <= self.number), None)
        if due is not None:
            self._missed.remove(due)
            self.item, self.again = self._make(due[1]), True
        else:
            self.item, self.again = self._make(self._fresh_seed()), False
        self.answered, self.feedback = False, None
        return self.item

    def answer(self, value: Any) -> Feedback:
        """Check an answer; the first answer to an item counts in the tally and settles it (a
        further tap is told the same, never «Riktig!» after the answer was shown, nor «Ikke
        helt» after a right one), and a missed item is queued to come back."""
        if self.feedback is not None:
            return self.feedback
        ok = value == self.item.answer
        self.answered = True
        self.total += 1
        self.right += ok
        self.recent = [*self.recent, ok][-RECENT:]
        if not ok:
            self._missed.append((self.number + RETRY_AFTER + 1, self.item.key[1]))
        verdict = t("drill_right" if ok else "drill_wrong", self.lang)
        self.feedback = Feedback(ok, verdict, self.item.explanation)
        return self.feedback

    def tally(self) -> str:
        return t("drill_tally", self.lang, right=self.right, total=self.total)

    # -- kept in the learner's browser (kamplib.widgets.memory) --------------------------------
    def rules_key(self) -> dict[str, Any]:
        """The house rules the items are made under, as plain data (what makes it this drill)."""
        rules = self.options["rules"]
        made = rules if isinstance(rules, Rules) else make_rules(self.options["game"], rules)
        return made.differences()

    def state(self, last: Any = None) -> dict[str, Any]:
        """Where the drill is, as plain data: the item shown (by its seed), the tally, the
        missed items still to come back, and ``last``, the answer given to the item shown."""
        return {"number": self.number, "item": self.item.key[1], "again": self.again,
                "right": self.right, "total": self.total,
                "missed": [list(m) for m in self._missed], "answered": self.answered,
                "recent": [int(ok) for ok in self.recent], "last": answer_data(last)}

    def restore(self, state: Any) -> Any:
        """Go back to ``state`` (from :meth:`state`); returns the answer given to the item
        shown then (None: none yet).  Anything that is not a drill's state raises ValueError
        and changes nothing."""
        try:
            number, seed = _count(state["number"]), _count(state["item"])
            right, total = _count(state["right"]), _count(state["total"])
            missed = [(_count(m[0]), _count(m[1])) for m in state["missed"][:100]]
            again, answered = state["again"], state["answered"]
            last = answer_from(state.get("last"))
            recent = [bool(_count(ok)) for ok in state.get("recent", [])[-RECENT:]]
            if right > total or not isinstance(again, bool) or not isinstance(answered, bool) \
                    or (last is None) == answered:
                raise ValueError(state)
            item = self._make(seed)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, KampError):
            raise ValueError("not a drill's state") from None
        self.number, self.right, self.total, self._missed = number, right, total, missed
        self.recent = recent
        self.item, self.again, self.answered, self.feedback = item, again, answered, None
        if last is not None:  # the item's answer was given and counted: shown, not counted again
            ok = last == item.answer
            self.feedback = Feedback(ok, t("drill_right" if ok else "drill_wrong", self.lang),
                                     item.explanation)
        return last


def _count(value: Any) -> int:
    if type(value) is not int or not 0 <= value < 10**12:
        raise ValueError(value)
    return value


def answer_data(value: Any) -> Any:
    """An answer as JSON can hold it: picked cards as their codes, the rest as it is."""
    if isinstance(value, (frozenset, set)):
        return {"cards": sorted(c.text for c in value)}
    return value


def answer_from(data: Any) -> Any:
    """The inverse of :func:`answer_data` (raises ValueError for what no answer is)."""
    if isinstance(data, dict):
        return frozenset(parse_card(c) for c in data["cards"])
    if data is None or isinstance(data, (str, bool, int)):
        return data
    raise ValueError(data)
