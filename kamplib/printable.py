"""A printable rule summary and an empty score sheet, as HTML that prints on two A4 pages.

Families play with real cards at the cabin; what they need on the table is one page that says what
each round is about and a sheet to write the scores on.  Both follow the game and the house rules
chosen, and the sheet's last column says what every row must add up to, so a typing mistake shows
up before the next deal.  The points in play are computed by the engine's own scoring, so the
sheet can never disagree with the rules.

``Printable("femkamp").document()`` is a whole HTML file; in a notebook the object shows itself
(with its styles scoped, so the notebook page is left alone); :func:`write_printable` saves it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from kamplib import scoring
from kamplib.deal import removed_cards
from kamplib.errors import RuleError
from kamplib.game import check_players
from kamplib.i18n import kind_name, register, t
from kamplib.kinds import KINDS
from kamplib.rules import Rules, make_rules

__all__ = ["Printable", "points_in_play", "write_printable", "PRINT_CSS"]

register({
    "print_title": {"nb": "{game}: kort oppsummering", "en": "{game}: the rules on one page"},
    "print_sheet_title": {"nb": "{game}: poengark", "en": "{game}: score sheet"},
    "print_lowest_wins": {
        "nb": "Lavest sum vinner. Minuspoeng trekkes fra, så en sum kan bli negativ.",
        "en": "The lowest total wins. Minus points are taken off, so a total can be negative."},
    "print_tricks_rules": {
        "nb": "Spilleren til venstre for giveren spiller ut først. Følg farge hvis du kan; "
              "ellers kan du legge hva du vil. Høyeste kort i fargen som ble spilt ut, tar "
              "stikket, og den som tar stikket, spiller ut neste. Ess er høyest.",
        "en": "The player left of the dealer leads first. Follow suit if you can; otherwise "
              "play anything. The highest card of the suit led takes the trick, and whoever "
              "takes it leads next. Ace is high."},
    "print_dealer": {
        "nb": "Giveren flytter én plass med klokka for hver runde.",
        "en": "The dealer moves one seat clockwise every round."},
    "print_deck_head": {"nb": "Kortstokken", "en": "The deck"},
    "print_deck_out": {"nb": "Ta ut", "en": "Take out"},
    "print_deck_each": {"nb": "Kort hver", "en": "Cards each"},
    "print_deck_fantan_full": {
        "nb": "I Fan Tan er alle 52 kortene med (noen kan få ett kort mer).",
        "en": "In Fan Tan all 52 cards are dealt (some may get one card more)."},
    "print_deck_fantan_trick": {
        "nb": "Fan Tan spilles med den samme kortstokken som stikkrundene.",
        "en": "Fan Tan is played with the same deck as the trick rounds."},
    "print_rounds_head": {"nb": "Rundene", "en": "The rounds"},
    "print_col_goal": {"nb": "Mål", "en": "Goal"},
    "print_col_check": {"nb": "Raden blir", "en": "Row adds up to"},
    "print_player": {"nb": "Spiller {number}", "en": "Player {number}"},
    "print_house_head": {"nb": "Husregler vi spiller med", "en": "House rules we play"},
    "print_house_none": {"nb": "Ingen: vanlige regler.", "en": "None: the usual rules."},
    "print_check_fantan": {"nb": "én har 0, resten minst {least}",
                           "en": "one has 0, the rest at least {least}"},
    "print_check_sum": {"nb": "{points}", "en": "{points}"},
    "print_sheet_note": {
        "nb": "Skriv poengene etter hver runde. Stemmer ikke raden med tallet til høyre, er "
              "noe talt eller skrevet feil.",
        "en": "Write the scores after every round. If a row does not add up to the number on "
              "the right, something was counted or written wrong."},
    "print_tie_share": {"nb": "Likt på lavest sum: dere deler seieren.",
                        "en": "A tie for the lowest total shares the win."},
    "print_tie_extra_grand": {
        "nb": "Likt på lavest sum: spill én runde Grand til; lavest ny sum vinner.",
        "en": "A tie for the lowest total: play one more Grand; the lowest new total wins."},
    "print_tie_extra_game": {
        "nb": "Likt på lavest sum: de som står likt, spiller et helt nytt spill.",
        "en": "A tie for the lowest total: the tied players play a whole new game."},
    "print_double": {"nb": "Siste runde teller dobbelt.", "en": "The last round scores double."},
    # goals and points per round kind
    "print_goal_pass": {"nb": "Ta så få stikk som mulig.", "en": "Take as few tricks as you can."},
    "print_ace_low": {"nb": "Ess er lavest her.", "en": "Ace is low here."},
    "print_goal_klover": {"nb": "Unngå kløverne.", "en": "Avoid the clubs."},
    "print_take_all": {"nb": "Tar du alle 13 ♣, får du 0.", "en": "Take all 13 ♣ and score 0."},
    "print_goal_damer": {"nb": "Unngå damene.", "en": "Avoid the queens."},
    "print_goal_fantan": {"nb": "Bli først kvitt kortene.",
                          "en": "Be first to lay all your cards."},
    "print_fantan_sevens": {
        "nb": "Ess er lavest. En farge åpnes med sjueren; bygg så ett kort opp eller ned.",
        "en": "Ace is low. A suit opens with its seven; then build one card up or down."},
    "print_fantan_sixes": {
        "nb": "Ess er lavest. Sjueren starter en bunke opp (7–K), sekseren en bunke ned (6–A).",
        "en": "Ace is low. The seven starts a pile up (7–K), the six a pile down (6–A)."},
    "print_opener_seven": {"nb": "♥7 åpner.", "en": "♥7 opens."},
    "print_opener_left": {"nb": "Spilleren til venstre for giveren begynner.",
                          "en": "The player left of the dealer begins."},
    "print_voluntary": {"nb": "Du kan passe selv om du kan legge.",
                        "en": "You may pass even when you can lay a card."},
    "print_must_lay": {"nb": "Kan du legge, må du legge.", "en": "If you can lay, you must."},
    "print_goal_grand": {"nb": "Ta flest mulig stikk. Ingen trumf.",
                         "en": "Take as many tricks as you can. No trump."},
    "print_goal_trumf": {"nb": "Ta flest mulig stikk, med trumf.",
                         "en": "Take as many tricks as you can, with trump."},
    "print_trump_fixed": {"nb": "{suit} er trumf.", "en": "{suit} are trump."},
    "print_trump_draw": {"nb": "Snu et tilfeldig kort: fargen blir trumf.",
                         "en": "Turn a random card: its suit is trump."},
    "print_trump_dealer": {"nb": "Giveren velger trumf.", "en": "The dealer chooses trump."},
    "print_trump_free": {"nb": "Du kan trumfe når du ikke kan følge farge, men må ikke.",
                         "en": "You may trump when you cannot follow suit, but need not."},
    "print_goal_finale": {"nb": "Unngå kløver og damer.", "en": "Avoid clubs and queens."},
})

_SUIT_PLURAL = {"nb": {"S": "♠ spar", "H": "♥ hjerter", "D": "♦ ruter", "C": "♣ kløver"},
                "en": {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}}
_GAME_TITLE = {"femkamp": "Femkamp", "sekskamp": "Sekskamp", "sjukamp": "Sjukamp",
               "custom": "Kamp"}

# Every rule sits under .kamp-print, so showing the page inside a notebook restyles nothing else.
PRINT_CSS = """
@page { size: A4 portrait; margin: 12mm; }
.kamp-print { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; color: #111;
  line-height: 1.35; max-width: 186mm; }
.kamp-print .page { break-after: page; page-break-after: always; padding: 2mm 0; }
.kamp-print .page:last-child { break-after: auto; page-break-after: auto; }
.kamp-print h1 { font-size: 16pt; margin: 0 0 3mm; }
.kamp-print h2 { font-size: 11.5pt; margin: 4mm 0 1.5mm; }
.kamp-print p { margin: 1mm 0; }
.kamp-print table { border-collapse: collapse; width: 100%; break-inside: avoid; }
.kamp-print th, .kamp-print td { border: 0.3mm solid #555; padding: 1.2mm 2mm;
  text-align: left; vertical-align: top; }
.kamp-print th { background: #eee; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.kamp-print .rounds td.no { width: 6mm; text-align: right; }
.kamp-print .sheet td { height: 12mm; }
.kamp-print .sheet td.score { width: 22mm; }
.kamp-print .sheet td.check, .kamp-print .sheet th.check { font-size: 8.5pt; color: #444;
  width: 30mm; }
.kamp-print .sheet tr.total td { border-top: 0.8mm solid #111; font-weight: bold; }
.kamp-print .note { font-size: 9pt; color: #333; }
.kamp-print .red { color: #b00; }
@media screen { .kamp-print { margin: 0 auto; } }
"""


def points_in_play(kind: str, players: int, rules: Rules, *, last: bool = False) -> int | None:
    """What one row of the score sheet adds up to (``None`` for Fan Tan); ``last`` for the
    last round, which may count double."""
    return scoring.points_in_play(kind, players, rules,
                                  2 if last and rules.last_round_double else 1)


def _e(text: Any) -> str:
    return html.escape(str(text))


class Printable:
    """The rule summary (page 1) and the empty score sheet (page 2) for one game and table."""

    def __init__(self, game: str = "femkamp", rules: Rules | Mapping[str, Any] | None = None,
                 players: int | Sequence[str] = 4, lang: str = "nb") -> None:
        self.rules = rules if isinstance(rules, Rules) else make_rules(game, rules)
        if isinstance(players, bool) or not isinstance(players, (int, Sequence)):
            raise RuleError("player_names", names=repr(players))
        if isinstance(players, int):
            if not 3 <= players <= 5:
                raise RuleError("player_count", count=players)
            self.players: tuple[str, ...] = ()
            self.n = players
        else:
            self.players = check_players(players)
            self.n = len(self.players)
        self.lang = lang if lang in ("nb", "en") else "nb"
        self.title = _GAME_TITLE[self.rules.game]

    # -- pieces --------------------------------------------------------------------------------
    def _t(self, code: str, **params: Any) -> str:
        return _e(t(code, self.lang, **params))

    def _round_notes(self, kind: str) -> list[str]:
        r, notes = self.rules, []
        if kind == "pass" and r.ace_low_in_pass:
            notes.append("print_ace_low")
        if kind == "klover" and r.clubs_take_all_zero:
            notes.append("print_take_all")
        if kind == "fantan":
            notes.append("print_fantan_sevens" if r.fantan_layout == "sevens"
                         else "print_fantan_sixes")
            notes.append("print_opener_seven" if r.fantan_opener == "seven_of_hearts"
                         else "print_opener_left")
            notes.append("print_voluntary" if r.fantan_voluntary_pass else "print_must_lay")
        out = [self._t(code) for code in notes]
        if kind == "trumf":
            if r.trump in ("draw", "dealer"):
                out.append(self._t(f"print_trump_{r.trump}"))
            else:
                out.append(_e(t("print_trump_fixed", self.lang,
                                suit=_SUIT_PLURAL[self.lang][r.trump])))
            out.append(self._t("print_trump_free"))
        return out

    def _points(self, kind: str) -> str:
        return _e(KINDS[kind].points_text(self.rules, self.lang))

    def _check(self, kind: str, last: bool) -> str:
        if kind == "fantan":
            least = 2 if last and self.rules.last_round_double else 1
            return self._t("print_check_fantan", least=least)
        points = points_in_play(kind, self.n, self.rules, last=last)
        return self._t("print_check_sum", points=f"{points:+d}" if points < 0 else points)

    def _deck_table(self) -> str:
        rows = []
        for n in (3, 4, 5):
            out = removed_cards("pass", n, self.rules)
            out_text = " ".join(c.symbol for c in out) or self._t("word_nothing")
            each = scoring.tricks_in_play(n, self.rules)
            mark = ' style="font-weight:bold"' if n == self.n else ""
            rows.append(f"<tr{mark}><td>{n}</td><td class=\"red\">{_e(out_text)}</td>"
                        f"<td>{each}</td></tr>")
        fantan = ("print_deck_fantan_full" if self.rules.fantan_deck == "full"
                  else "print_deck_fantan_trick")
        return (f"<table class=\"deck\"><tr><th>{self._t('word_players')}</th>"
                f"<th>{self._t('print_deck_out')}</th><th>{self._t('print_deck_each')}</th></tr>"
                + "".join(rows) + f"</table><p class=\"note\">{self._t(fantan)}</p>")

    def summary_html(self) -> str:
        """Page 1: deck, trick rules, every round's goal and points, house rules, who wins."""
        rows = []
        order = self.rules.order
        for i, kind in enumerate(order, 1):
            goal = " ".join([self._t(f"print_goal_{kind}"), *self._round_notes(kind)])
            if i == len(order) and self.rules.last_round_double:
                goal += " " + self._t("print_double")
            rows.append(f"<tr><td class=\"no\">{i}</td><td><b>{_e(kind_name(kind, self.lang))}"
                        f"</b></td><td>{goal}</td><td>{self._points(kind)}</td></tr>")
        house = self.rules.differences()
        if house:
            items = "".join(f"<li>{_e(_help(key, self.lang))}: "
                            f"<b>{_e(_value(value, self.lang))}</b></li>"
                            for key, value in house.items())
            house_html = f"<ul>{items}</ul>"
        else:
            house_html = f"<p>{self._t('print_house_none')}</p>"
        return (
            f"<section class=\"page summary\"><h1>{self._t('print_title', game=self.title)}</h1>"
            f"<p><b>{self._t('print_lowest_wins')}</b></p>"
            f"<h2>{self._t('print_rounds_head')}</h2>"
            f"<table class=\"rounds\"><tr><th></th><th>{self._t('word_round')}</th>"
            f"<th>{self._t('print_col_goal')}</th><th>{self._t('word_points')}</th></tr>"
            + "".join(rows) + "</table>"
            f"<h2>{self._t('word_tricks')}</h2><p>{self._t('print_tricks_rules')}</p>"
            f"<p>{self._t('print_dealer')}</p>"
            f"<h2>{self._t('print_deck_head')}</h2>{self._deck_table()}"
            f"<h2>{self._t('print_house_head')}</h2>{house_html}"
            f"<p>{self._t('print_tie_' + self.rules.tie_break)}</p></section>"
        )

    def sheet_html(self) -> str:
        """Page 2: an empty score sheet, one row per round, with what each row must add up to."""
        names = self.players or tuple(t("print_player", self.lang, number=i + 1)
                                      for i in range(self.n))
        head = "".join(f"<th>{_e(p)}</th>" for p in names)
        blanks = "".join("<td class=\"score\"></td>" for _ in names)
        order = self.rules.order
        rows = "".join(
            f"<tr><td>{i}. {_e(kind_name(kind, self.lang))}</td>{blanks}"
            f"<td class=\"check\">{self._check(kind, i == len(order))}</td></tr>"
            for i, kind in enumerate(order, 1))
        total = f"<tr class=\"total\"><td>{self._t('word_total')}</td>{blanks}<td></td></tr>"
        return (
            f"<section class=\"page sheet\"><h1>{self._t('print_sheet_title', game=self.title)}"
            f"</h1><p class=\"note\">{self._t('print_sheet_note')}</p>"
            f"<table class=\"sheet\"><tr><th>{self._t('word_round')}</th>{head}"
            f"<th class=\"check\">{self._t('print_col_check')}</th></tr>{rows}{total}</table>"
            f"<p><b>{self._t('print_lowest_wins')}</b></p></section>"
        )

    def fragment(self) -> str:
        """Both pages with their scoped styles, for showing inside a notebook or another page."""
        return (f"<div class=\"kamp-print\"><style>{PRINT_CSS}</style>"
                f"{self.summary_html()}{self.sheet_html()}</div>")

    def document(self) -> str:
        """A whole HTML file to open in a browser and print on A4."""
        return (f"<!DOCTYPE html>\n<html lang=\"{self.lang}\"><head><meta charset=\"utf-8\">"
                f"<title>{self._t('print_title', game=self.title)}</title></head>"
                f"<body style=\"margin:0\">{self.fragment()}</body></html>\n")

    def _repr_html_(self) -> str:
        return self.fragment()


def _help(key: str, lang: str) -> str:
    from kamplib.rules import rule_help

    return rule_help(key, lang)


_VALUE_TEXT = {
    "nb": {"sevens": "fra sjuerne", "sixes_and_sevens": "seksere og sjuere",
           "seven_of_hearts": "♥7 åpner", "left_of_dealer": "til venstre for giveren",
           "full": "hele kortstokken", "trick": "som i stikkrundene", "draw": "trukket kort",
           "dealer": "giveren velger", "share": "del seieren", "extra_grand": "en ekstra grand",
           "extra_game": "et nytt spill", **_SUIT_PLURAL["nb"]},
    "en": {"sevens": "from the sevens", "sixes_and_sevens": "sixes and sevens",
           "seven_of_hearts": "♥7 opens", "left_of_dealer": "left of the dealer",
           "full": "the full deck", "trick": "as in the trick rounds", "draw": "a drawn card",
           "dealer": "the dealer chooses", "share": "share the win",
           "extra_grand": "one extra Grand", "extra_game": "a whole new game",
           **_SUIT_PLURAL["en"]},
}


def _value(value: Any, lang: str) -> str:
    if isinstance(value, str):
        return _VALUE_TEXT[lang].get(value, value)
    if isinstance(value, bool):
        return {"nb": ("nei", "ja"), "en": ("no", "yes")}[lang][value]
    if isinstance(value, list):
        return " → ".join(kind_name(v, lang) for v in value)
    return str(value)


def write_printable(path: str | Path, game: str = "femkamp",
                    rules: Rules | Mapping[str, Any] | None = None,
                    players: int | Sequence[str] = 4, lang: str = "nb") -> Path:
    """Write the two printable pages to ``path`` (an ``.html`` file) and return the path."""
    page = Printable(game, rules, players, lang)
    path = Path(path)
    path.write_text(page.document(), encoding="utf-8")
    return path
