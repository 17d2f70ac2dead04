"""Drills: endless generated quiz items with instant feedback, the reason, and a running tally.

Every item is a real position: a round dealt from the item's seed and played on with random
legal moves by the engine.  The right answer is the engine's (who took the trick, the legal
moves, the score, whether a card can be laid), never computed here a second time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets

from kamplib.cards import RANK_DISPLAY, SUIT_SYMBOLS, Card
from kamplib.draw.cards import SUIT_CLASS, card_svg, hand_html, suit_color
from kamplib.draw.table import fantan_table_html, trick_html, trump_text
from kamplib.errors import IllegalMove, RuleError
from kamplib.game import Game
from kamplib.i18n import KindName, SuitName, t
from kamplib.round import Round
from kamplib.rules import TRICK_KINDS, Rules, make_rules, parse_kind
from kamplib.scoring import CLUBS, QUEENS
from kamplib.widgets.base import Messages, button_row, guarded, html_box, stock_button
from kamplib.widgets.play import _round_rules
from kamplib.widgets.walkthrough import _why

__all__ = ["Drill", "TOPICS", "make_item", "Item"]

TOPICS = ("trick_winner", "legal_cards", "round_score", "fantan_lay", "mixed")
_NAMES = ("Kari", "Ola", "Siri", "Per", "Anna")
_TRICK_KINDS = tuple(k for k in ("pass", "klover", "damer", "grand", "trumf", "finale")
                     if k in TRICK_KINDS)
_SCORE_KINDS = ("pass", "klover", "damer", "grand", "finale")


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


def _random_round(kind: str, rng: random.Random, players: int, game: str,
                  rules: Rules | dict[str, Any] | None) -> Round:
    names = _NAMES[:players]
    r = _round_rules(kind, game, rules)
    if kind == "trumf" and r.trump == "dealer":
        r = make_rules("custom", {**_rules_dict(r), "trump": "S"})
    game_ = Game(names, rules=r, seed=rng.randrange(10**9), first_dealer=rng.randrange(players))
    return game_.round


def _rules_dict(r: Rules) -> dict[str, Any]:
    from dataclasses import fields

    return {f.name: getattr(r, f.name) for f in fields(r) if f.name != "game"}


def _game_order(game: str, rules: Rules | dict[str, Any] | None) -> tuple[str, ...]:
    """The rounds of the game the drill belongs to, in order."""
    return tuple((rules if isinstance(rules, Rules) else make_rules(game, rules)).order)


def _title(kind: str, game: str, rules: Any, lang: str) -> str:
    """"Runde 2: Kløver", numbered as in the learner's game (only the name when not in it)."""
    order = _game_order(game, rules)
    if kind in order:
        return t("draw_round_title", lang, number=order.index(kind) + 1, kind=KindName(kind))
    return t("draw_round_alone", lang, kind=KindName(kind))


def _play_random(rnd: Round, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if rnd.is_over:
            return
        rnd.play(rng.choice(rnd.legal_moves()))


def _trick_winner(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                  game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    tricks = rnd.hands[0].bit_count()
    _play_random(rnd, rng, rnd.n * rng.randrange(tricks))
    _play_random(rnd, rng, rnd.n)  # the trick asked about
    trick = rnd.tricks[-1]
    card = next(c for s, c in trick.plays if s == trick.winner)
    winner = rnd.players[trick.winner]
    picture = (f"<div>{escape(_title(kind, game, rules, lang))} · "
               f"{escape(trump_text(rnd, lang))}</div>"
               + trick_html(trick.plays, rnd.players, lang=lang, four_color=four_color))
    return Item("trick_winner", t("w_q_trick_winner", lang), picture, winner,
                t("w_a_trick_winner", lang, player=winner, card=card,
                  why=_why(trick, rnd.trump, lang)),
                choices=[(p, p) for p in rnd.players])


def _legal_cards(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                 game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    tricks = rnd.hands[0].bit_count()
    _play_random(rnd, rng, rnd.n * rng.randrange(tricks - 1) + rng.randrange(rnd.n))
    player = rnd.player_to_move
    legal = frozenset(m for m in rnd.legal_moves() if isinstance(m, Card))
    hand = rnd.hand(player)
    if not rnd.trick:
        why = t("w_a_lead", lang, player=player)
    else:
        led = SuitName(rnd.trick[0][1].suit)
        follows = any(c.suit == led for c in legal)  # the engine's answer, not ours
        why = t("w_a_follow" if follows else "w_a_free", lang, player=player, suit=led)
    picture = (f"<div>{escape(_title(kind, game, rules, lang))} · "
               f"{escape(trump_text(rnd, lang))}</div>"
               + trick_html(rnd.trick, rnd.players, lang=lang, four_color=four_color))
    explanation = why + " " + t("w_a_legal_cards", lang, player=player,
                                cards=[c for c in hand if c in legal])
    return Item("legal_cards", t("w_q_legal_cards", lang, player=player), picture, legal,
                explanation, cards=hand)


def _score_detail(rnd: Round, seat: int, lang: str) -> str:
    taken = rnd.taken[seat]
    kind = rnd.kind
    if kind in ("pass", "grand", "trumf"):
        return t("w_detail_tricks", lang, count=rnd.tricks_won[seat])
    if kind == "klover":
        count = (taken & CLUBS).bit_count()
        if count == 13 and rnd.rules.clubs_take_all_zero:
            return t("w_detail_all_clubs", lang)
        return t("w_detail_clubs", lang, count=count)
    if kind == "damer":
        return t("w_detail_queens", lang, count=(taken & QUEENS).bit_count(),
                 each=rnd.rules.queen_points)
    return t("w_detail_finale", lang)


def _round_score(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                 game: str, rules: Any) -> Item:
    rnd = _random_round(kind, rng, players, game, rules)
    _play_random(rnd, rng, 60)
    seat = rng.randrange(rnd.n)
    player = rnd.players[seat]
    points = rnd.score_list()[seat]
    taken = rnd.taken_cards(seat)
    picture = hand_html(taken, lang=lang, four_color=four_color, player=player, scale=0.55)
    question = t("w_q_round_score", lang, kind=KindName(kind), player=player,
                 tricks=rnd.tricks_won[seat])
    return Item("round_score", question, picture, points,
                t("w_a_round_score", lang, points=points, detail=_score_detail(rnd, seat, lang)))


def _fantan_lay(rng: random.Random, kind: str, lang: str, four_color: bool, players: int,
                game: str, rules: Any) -> Item:
    rnd = _random_round("fantan", rng, players, game, rules)
    _play_random(rnd, rng, rng.randrange(2, 40))
    while rnd.is_over:  # went out too soon: deal again
        rnd = _random_round("fantan", rng, players, game, rules)
        _play_random(rnd, rng, rng.randrange(2, 20))
    player = rnd.player_to_move
    hand = rnd.hand(player)
    layable = [m for m in rnd.legal_moves() if isinstance(m, Card)]
    card = rng.choice(layable) if layable and rng.random() < 0.5 else rng.choice(hand)
    try:
        rnd.check(card)
        yes, explanation = True, t("w_a_fantan_yes", lang, card=card)
    except IllegalMove as err:
        yes, explanation = False, t("w_a_fantan_no", lang, reason=err.message(lang))
    picture = (fantan_table_html(rnd, lang=lang, four_color=four_color)
               + f"<div style='margin-top:6px'><b>{escape(player)}</b>: "
               + card_svg(card, lang=lang, four_color=four_color) + "</div>")
    return Item("fantan_lay", t("w_q_fantan_lay", lang, card=card), picture, yes, explanation,
                choices=[(t("w_yes", lang).capitalize(), True),
                         (t("w_no", lang).capitalize(), False)])


_MAKERS: dict[str, Callable[..., Item]] = {
    "trick_winner": _trick_winner, "legal_cards": _legal_cards,
    "round_score": _round_score, "fantan_lay": _fantan_lay,
}


def make_item(topic: str, seed: int, *, lang: str = "nb", kind: str | None = None,
              four_color: bool = False, players: int = 4, game: str = "femkamp",
              rules: Any = None) -> Item:
    """Quiz item number ``seed`` of ``topic`` (the same seed always gives the same item)."""
    rng = random.Random(f"{topic}/{seed}")
    if topic == "mixed":
        topic = rng.choice(TOPICS[:-1])
    if topic not in _MAKERS:
        raise RuleError("w_topic_unknown", value=topic, allowed=", ".join(TOPICS))
    if topic == "fantan_lay":
        chosen = "fantan"
    elif kind is not None and parse_kind(kind) != "fantan":
        chosen = parse_kind(kind)
    else:  # a round of the learner's own game (no Finale in a Femkamp course)
        order = _game_order(game, rules)
        allowed = _TRICK_KINDS if topic != "round_score" else _SCORE_KINDS
        chosen = rng.choice([k for k in allowed if k in order] or list(allowed))
    return _MAKERS[topic](rng, chosen, lang, four_color, players, game, rules)


class Drill(widgets.VBox):
    """Endless quiz items on one topic (or ``mixed``), with feedback and a tally."""

    def __init__(self, topic: str = "mixed", seed: int = 1, lang: str = "nb",
                 kind: str | None = None, four_color: bool = False, players: int = 4,
                 game: str = "femkamp", rules: Rules | dict[str, Any] | None = None) -> None:
        super().__init__()
        self.add_class("kamp-drill")
        if topic not in TOPICS:
            raise RuleError("w_topic_unknown", value=topic, allowed=", ".join(TOPICS))
        if kind is not None:
            parse_kind(kind)
        self.topic = topic
        self.lang = lang
        self.kind = kind
        self.four_color = four_color
        self.options = {"players": players, "game": game, "rules": rules}
        self.seed = seed
        self.number = 0
        self.right = 0
        self.total = 0
        self.messages = Messages(lang)
        self.question = html_box("kamp-question")
        self.picture = html_box("kamp-drill-picture")
        self.answers = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.answers.add_class("kamp-answers")
        self.points_input = widgets.IntText(description=t("word_points", lang),
                                            layout=widgets.Layout(width="12em"))
        self.points_input.add_class("kamp-points-input")
        self.check_button = stock_button(t("word_check", lang), "kamp-check",
                                         on_click=self._on_check)
        self.feedback = html_box("kamp-feedback")
        self.tally = html_box("kamp-tally")
        self.next_button = stock_button(t("w_next", lang), "kamp-next", on_click=self._on_next)
        self.children = [self.question, self.picture, self.answers, self.feedback,
                         self.messages.widget, button_row([self.next_button, self.tally])]
        self._new_item()

    # -- items ---------------------------------------------------------------------------------
    def _new_item(self) -> None:
        self.item = make_item(self.topic, self.seed * 100_000 + self.number, lang=self.lang,
                              kind=self.kind, four_color=self.four_color, **self.options)
        self.answered = False
        self.question.value = f"<b>{escape(self.item.question)}</b>"
        self.picture.value = self.item.picture
        self.feedback.value = ""
        self.toggles: list[widgets.ToggleButton] = []
        if self.item.topic == "legal_cards":
            for card in self.item.cards:
                b = widgets.ToggleButton(
                    description=f"{RANK_DISPLAY[card.rank]}{SUIT_SYMBOLS[card.suit]}",
                    tooltip=card.name(self.lang),
                    layout=widgets.Layout(width="52px", height="64px"))
                b.style.text_color = suit_color(card.suit, self.four_color)
                b.style.font_weight = "bold"
                b._dom_classes = ("kamp-card", f"kamp-card-{card.text}", SUIT_CLASS[card.suit])
                b._kamp_card = card
                self.toggles.append(b)
            self.answers.children = (*self.toggles, self.check_button)
        elif self.item.topic == "round_score":
            self.points_input.value = 0
            self.answers.children = (self.points_input, self.check_button)
        else:
            buttons = []
            for label, value in self.item.choices:
                b = stock_button(label, "kamp-answer", on_click=self._on_choice)
                b._kamp_value = value
                buttons.append(b)
            self.answers.children = tuple(buttons)
        self._render_tally()

    @property
    def answer_buttons(self) -> list[widgets.Button]:
        return [b for b in self.answers.children if hasattr(b, "_kamp_value")]

    # -- handlers ------------------------------------------------------------------------------
    @guarded
    def _on_choice(self, button: widgets.Button) -> None:
        self.answer(button._kamp_value)

    @guarded
    def _on_check(self, _b: widgets.Button) -> None:
        if self.item.topic == "legal_cards":
            self.answer(frozenset(b._kamp_card for b in self.toggles if b.value))
        else:
            self.answer(int(self.points_input.value))

    @guarded
    def _on_next(self, _b: widgets.Button) -> None:
        self.number += 1
        self.messages.clear()
        self._new_item()

    def answer(self, value: Any) -> bool:
        """Check an answer; only the first answer to an item counts in the tally."""
        ok = value == self.item.answer
        if not self.answered:
            self.answered = True
            self.total += 1
            self.right += ok
        verdict = t("w_right" if ok else "w_wrong", self.lang)
        cls = "kamp-right" if ok else "kamp-wrong"
        color = "#176b2c" if ok else "#a12"
        self.feedback.value = (f"<div class='{cls}' role='status' style='color:{color}'>"
                               f"<b>{escape(verdict)}</b> {escape(self.item.explanation)}</div>")
        self._render_tally()
        return ok

    def _render_tally(self) -> None:
        self.tally.value = escape(t("w_tally", self.lang, right=self.right, total=self.total))
