"""A printable rule summary and an empty score sheet, as HTML that prints on two A4 pages.

Families play with real cards at the cabin; what they need on the table is one page that says what
each round is about and a sheet to write the scores on.  Both follow the game, the players and
the house rules chosen, and the sheet's last column says what every row must add up to, so a
typing mistake shows up before the next deal.  Goals and points come from the round kinds, the
deck from :mod:`kamplib.deal`, the house rules' words from :mod:`kamplib.teach.house_rules`, so
the sheet can never disagree with the rules.

``Printable("femkamp").document()`` is a whole HTML file, and :meth:`Printable.download` a link
that saves it from the page.  In a notebook the object shows itself with its styles scoped (the
notebook page is left alone); printing that page from the browser prints just the two pages.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from kamplib.deal import removed_cards, tricks_in_play
from kamplib.draw.display import Html
from kamplib.errors import RuleError
from kamplib.i18n import LANGS, kind_name, number_text, register, t
from kamplib.kinds import kind_of
from kamplib.rules import Rules, make_rules, round_multiplier, rule_help
from kamplib.scoring import points_in_play as _points_in_play
from kamplib.seating import TABLE_SIZES, check_players, default_players, opening_card
from kamplib.teach.house_rules import game_name, house_changes, rule_name, value_label

__all__ = ["Printable", "points_in_play", "printout_html", "PRINT_CSS"]

register({
    "print_title": {"nb": "{game}: kort oppsummering", "en": "{game}: the rules on one page"},
    "print_sheet_title": {"nb": "{game}: poengark", "en": "{game}: score sheet"},
    "print_lowest_wins": {
        "nb": "Lavest sum vinner. Minuspoeng trekkes fra, så en sum kan bli negativ.",
        "en": "The lowest total wins. Minus points are taken off, so a total can be negative."},
    "print_tricks_rules": {
        "nb": "Spilleren til venstre for giveren spiller ut først. Følg farge hvis du kan; "
              "ellers kan du legge hva du vil. Høyeste kort i fargen som ble spilt ut, tar "
              "stikket, og den som tar stikket, spiller ut neste.",
        "en": "The player left of the dealer leads first. Follow suit if you can; otherwise "
              "play anything. The highest card of the suit led takes the trick, and whoever "
              "takes it leads next."},
    # what the page's button does: words for a control, so in the learner's language
    "print_how": {
        "nb": "Knappen laster ned en side som er laget for A4, med marger som passer de fleste "
              "skrivere. Åpne den i nettleseren og skriv den ut (Ctrl+P eller Cmd+P). Du kan "
              "også skrive ut denne siden direkte: da kommer bare de to sidene under med på "
              "papiret.",
        "en": "The button downloads a page made for A4, with margins that suit most printers. "
              "Open it in your browser and print it (Ctrl+P or Cmd+P). You can also print this "
              "page itself: only the two pages below go on the paper."},
    "print_trump_wins": {"nb": "I trumfrunden tar den høyeste trumfen stikket når noen har "
                               "trumfet.",
                         "en": "In the trump round the highest trump takes the trick when "
                               "someone has trumped."},
    "print_ace_high": {"nb": "Ess er høyest.", "en": "Ace is high."},
    "print_ace_high_not_pass": {"nb": "Ess er høyest, unntatt i Pass.",
                                "en": "Ace is high, except in Pass."},
    "print_dealer": {
        "nb": "Giveren flytter én plass med klokka for hver runde.",
        "en": "The dealer moves one seat clockwise every round."},
    "print_deck_head": {"nb": "Kortstokken", "en": "The deck"},
    "print_deck_out": {"nb": "Ta ut", "en": "Take out"},
    "print_deck_each": {"nb": "Kort hver", "en": "Cards each"},
    "print_deck_fantan_full": {
        "nb": "I Fan Tan er alle kortene med (noen kan få ett kort mer).",
        "en": "In Fan Tan every card is dealt (some may get one card more)."},
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
    "print_sheet_note": {
        "nb": "Skriv poengene etter hver runde. Stemmer ikke raden med tallet til høyre, er "
              "noe talt eller skrevet feil.",
        "en": "Write the scores after every round. If a row does not add up to the number on "
              "the right, something was counted or written wrong."},
    "print_tie_share": {"nb": "Likt på lavest sum: dere deler seieren.",
                        "en": "A tie for the lowest total shares the win."},
    "print_tie_extra_grand": {
        "nb": "Likt på lavest sum: alle spiller én runde Grand til, og av dem som sto likt, "
              "vinner den med lavest ny sum (står de fortsatt likt, spilles en Grand til).",
        "en": "A tie for the lowest total: everybody plays one more Grand, and of the tied "
              "players the lowest new total wins (still tied: another Grand)."},
    "print_tie_extra_game": {
        "nb": "Likt på lavest sum: de som står likt, spiller et helt nytt spill mot "
              "hverandre, og lavest sum i det avgjør.",
        "en": "A tie for the lowest total: the tied players play a whole new game against "
              "each other, and its lowest total decides."},
    "print_fantan_sevens": {
        "nb": "Ess er lavest. En farge åpnes med sjueren; bygg så ett kort opp eller ned.",
        "en": "Ace is low. A suit opens with its seven; then build one card up or down."},
    "print_fantan_sixes": {
        "nb": "Ess er lavest. Sjueren starter en bunke opp (7–K), sekseren en bunke ned (6–A).",
        "en": "Ace is low. The seven starts a pile up (7–K), the six a pile down (6–A)."},
    "print_opener_seven": {"nb": "{card} åpner.", "en": "{card} opens."},
    "print_opener_left": {"nb": "Spilleren til venstre for giveren begynner.",
                          "en": "The player left of the dealer begins."},
    "print_must_lay": {"nb": "Kan du legge, må du legge.", "en": "If you can lay, you must."},
    "print_trump_fixed": {"nb": "{suit} er trumf.", "en": "{suit} are trump."},
    "print_trump_draw": {"nb": "Snu et tilfeldig kort: fargen blir trumf.",
                         "en": "Turn a random card: its suit is trump."},
    "print_trump_dealer": {"nb": "Giveren velger trumf.", "en": "The dealer chooses trump."},
    "print_trump_free": {"nb": "Du kan trumfe når du ikke kan følge farge, men du er ikke nødt "
                               "til det.",
                         "en": "You may trump when you cannot follow suit, but need not."},
    "print_download": {"nb": "Last ned utskriften ({name})",
                       "en": "Download the printout ({name})"},
    "print_sentence": {"nb": "{text}.", "en": "{text}."},
    "print_file": {"nb": "{game}-oppsummering.html", "en": "{game}-summary.html"},
})

# Every rule sits under .kamp-print, so showing the page inside a notebook restyles nothing
# else; the selectors are specific enough to win over the notebook's own table styles (which
# right-align every cell).  Printing a page that shows it prints the two pages alone, whole.
PRINT_CSS = """
@page { size: A4 portrait; margin: 12mm; }
.kamp-print { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; color: #111;
  line-height: 1.3; max-width: 186mm; text-align: left; }
.kamp-print .page { break-after: page; page-break-after: always; padding: 2mm 0; }
.kamp-print .page:last-child { break-after: auto; page-break-after: auto; }
.kamp-print .page h1 { font-size: 16pt; margin: 0 0 3mm; }
.kamp-print .page h2 { font-size: 11.5pt; margin: 3mm 0 1.2mm; }
.kamp-print .page p { margin: 1mm 0; }
.kamp-print .page ul { margin: 1mm 0; padding-left: 6mm; }
.kamp-print .page table { border-collapse: collapse; width: 100%; break-inside: avoid;
  table-layout: auto; margin: 0; }
.kamp-print .page table th, .kamp-print .page table td { border: 0.3mm solid #555;
  padding: 1.2mm 2mm; text-align: left; vertical-align: top; white-space: normal;
  max-width: none; font-size: 10pt; }
.kamp-print .page table th { background: #eee; font-weight: bold;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.kamp-print .page table tr:nth-child(odd), .kamp-print .page table tr:hover {
  background: transparent; }
.kamp-print .page table td.no, .kamp-print .page table td.num { text-align: right; }
.kamp-print .page table td.no { width: 6mm; }
.kamp-print .sheet table td { height: 12mm; }
.kamp-print .sheet table td.score { width: 22mm; }
.kamp-print .sheet table td.check, .kamp-print .sheet table th.check { font-size: 8.5pt;
  color: #444; width: 30mm; }
.kamp-print .sheet table tr.total td { border-top: 0.8mm solid #111; font-weight: bold; }
.kamp-print .page .note { font-size: 9pt; color: #333; }
.kamp-print .page .red { color: #b00; }
@media screen { .kamp-print { margin: 0 auto; } }
@media print {
  html, body, body :has(.kamp-print) { height: auto !important; max-height: none !important;
    overflow: visible !important; position: static !important; contain: none !important; }
  body :not(:has(.kamp-print)):not(.kamp-print):not(.kamp-print *) { display: none !important; }
  .kamp-print { max-width: none; margin: 0; }
}
"""


def points_in_play(kind: str, players: int, rules: Rules, *, last: bool = False) -> int | None:
    """What one row of the score sheet adds up to (``None`` for Fan Tan); ``last`` for the
    last round, which may count double."""
    index = len(rules.order) - 1 if last else 0
    return _points_in_play(kind, players, rules, round_multiplier(rules, index))


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
            self.players: tuple[str, ...] = ()
            self.n = len(default_players(players))
        else:
            self.players = check_players(players)
            self.n = len(self.players)
        self.lang = lang if lang in LANGS else LANGS[0]
        self.title = game_name(self.rules.game, self.lang)

    # -- pieces --------------------------------------------------------------------------------
    def _t(self, code: str, **params: Any) -> str:
        return _e(t(code, self.lang, **params))

    def _help(self, key: str) -> str:
        return self._t("print_sentence", text=rule_help(key, self.lang))

    def _round_notes(self, index: int, kind: str) -> list[str]:
        """What the house rules add to a round's line on the summary."""
        r, k, notes = self.rules, kind_of(kind), []
        if k.is_trick_round and k.ace_low(r):
            notes.append(self._help("ace_low_in_pass"))
        if k.has_take_all_rule(r):
            notes.append(self._help("clubs_take_all_zero"))
        if not k.is_trick_round:
            notes.append(self._t("print_fantan_sevens" if r.fantan_layout == "sevens"
                                 else "print_fantan_sixes"))
            card = opening_card(r)
            notes.append(self._t("print_opener_seven", card=card) if card is not None
                         else self._t("print_opener_left"))
            notes.append(self._help("fantan_voluntary_pass") if r.fantan_voluntary_pass
                         else self._t("print_must_lay"))
        if k.has_trump:
            if r.trump in ("draw", "dealer"):
                notes.append(self._t(f"print_trump_{r.trump}"))
            else:
                notes.append(self._t("print_trump_fixed",
                                     suit=value_label("trump", r.trump, self.lang)))
            notes.append(self._t("print_trump_free"))
        if round_multiplier(r, index) > 1:
            notes.append(self._help("last_round_double"))
        return notes

    def _check(self, index: int, kind: str) -> str:
        k = kind_of(kind)
        if not k.is_trick_round:
            least = min(k.pass_value, k.card_left_value) * round_multiplier(self.rules, index)
            return self._t("print_check_fantan", least=least)
        points = _points_in_play(kind, self.n, self.rules, round_multiplier(self.rules, index))
        return _e(number_text(points or 0))  # a trick round always has its points in play

    def _deck_table(self) -> str:
        rows = []
        for n in TABLE_SIZES:
            out = " ".join(c.symbol for c in removed_cards("pass", n, self.rules))
            mark = ' style="font-weight:bold"' if n == self.n else ""
            shown = (f"<td class=\"red\">{_e(out)}</td>" if out
                     else f"<td>{_e(t('word_nothing', self.lang))}</td>")
            rows.append(f"<tr{mark}><td class=\"num\">{n}</td>{shown}"
                        f"<td class=\"num\">{tricks_in_play(n, self.rules)}</td></tr>")
        fantan = ("print_deck_fantan_full" if self.rules.fantan_deck == "full"
                  else "print_deck_fantan_trick")
        return (f"<table class=\"deck\"><tr><th>{self._t('word_players')}</th>"
                f"<th>{self._t('print_deck_out')}</th><th>{self._t('print_deck_each')}</th></tr>"
                + "".join(rows) + f"</table><p class=\"note\">{self._t(fantan)}</p>")

    def _house(self) -> str:
        house = house_changes(self.rules)
        if not house:
            return f"<p>{self._t('print_house_none')}</p>"
        items = "".join(f"<li>{_e(rule_name(key, self.lang))}: "
                        f"<b>{_e(value_label(key, value, self.lang))}</b></li>"
                        for key, value in house.items())
        return f"<ul>{items}</ul>"

    def summary_html(self) -> str:
        """Page 1: every round's goal and points, tricks, deck, house rules, who wins."""
        rows = []
        for i, kind in enumerate(self.rules.order):
            k = kind_of(kind)
            goal = " ".join([self._t("print_sentence", text=k.goal(self.lang)),
                             *self._round_notes(i, kind)])
            rows.append(f"<tr><td class=\"no\">{i + 1}</td><td><b>{_e(k.name(self.lang))}"
                        f"</b></td><td>{goal}</td>"
                        f"<td>{_e(k.points_text(self.rules, self.lang))}</td></tr>")
        ace = "print_ace_high_not_pass" if self.rules.ace_low_in_pass else "print_ace_high"
        # who takes a trumped trick: the only trick rule a printed page would otherwise leave out
        trumps = (f" {self._t('print_trump_wins')}"
                  if any(kind_of(kind).has_trump for kind in self.rules.order) else "")
        return (
            f"<section class=\"page summary\"><h1>{self._t('print_title', game=self.title)}</h1>"
            f"<p><b>{self._t('print_lowest_wins')}</b></p>"
            f"<h2>{self._t('print_rounds_head')}</h2>"
            f"<table class=\"rounds\"><tr><th></th><th>{self._t('word_round')}</th>"
            f"<th>{self._t('print_col_goal')}</th><th>{self._t('word_points')}</th></tr>"
            + "".join(rows) + "</table>"
            f"<h2>{self._t('word_tricks')}</h2><p>{self._t('print_tricks_rules')}{trumps} "
            f"{self._t(ace)}</p>"
            f"<p>{self._t('print_dealer')}</p>"
            f"<h2>{self._t('print_deck_head')}</h2>{self._deck_table()}"
            f"<h2>{self._t('print_house_head')}</h2>{self._house()}"
            f"<p>{self._t('print_tie_' + self.rules.tie_break)}</p></section>"
        )

    def sheet_html(self) -> str:
        """Page 2: an empty score sheet, one row per round, with what each row must add up to."""
        names = self.players or tuple(t("print_player", self.lang, number=i + 1)
                                      for i in range(self.n))
        head = "".join(f"<th>{_e(p)}</th>" for p in names)
        blanks = "".join("<td class=\"score\"></td>" for _ in names)
        rows = "".join(
            f"<tr><td>{i + 1}. {_e(kind_name(kind, self.lang))}</td>{blanks}"
            f"<td class=\"check\">{self._check(i, kind)}</td></tr>"
            for i, kind in enumerate(self.rules.order))
        total = f"<tr class=\"total\"><td>{self._t('word_total')}</td>{blanks}<td></td></tr>"
        return (
            f"<section class=\"page sheet\"><h1>{self._t('print_sheet_title', game=self.title)}"
            f"</h1><p class=\"note\">{self._t('print_sheet_note')}</p>"
            f"<table class=\"sheet\"><tr><th>{self._t('word_round')}</th>{head}"
            f"<th class=\"check\">{self._t('print_col_check')}</th></tr>{rows}{total}</table>"
            f"<p><b>{self._t('print_lowest_wins')}</b></p></section>"
        )

    def fragment(self) -> Html:
        """Both pages with their scoped styles, for showing inside a notebook or another page."""
        return Html(f"<div class=\"kamp-print\" lang=\"{self.lang}\"><style>{PRINT_CSS}</style>"
                    f"{self.summary_html()}{self.sheet_html()}</div>")

    def document(self) -> str:
        """A whole HTML file to open in a browser and print on A4."""
        return (f"<!DOCTYPE html>\n<html lang=\"{self.lang}\"><head><meta charset=\"utf-8\">"
                f"<title>{self._t('print_title', game=self.title)}</title></head>"
                f"<body style=\"margin:0\">{self.fragment()}</body></html>\n")

    @property
    def filename(self) -> str:
        """``femkamp-oppsummering.html`` / ``femkamp-summary.html``."""
        return t("print_file", self.lang, game=self.rules.game)

    def download(self) -> Html:
        """A link that saves :meth:`document` as a file in the browser's downloads."""
        from kamplib.draw.download import download_link

        return download_link(self.document(), self.filename,
                             t("print_download", self.lang, name=self.filename),
                             mime="text/html")

    def _repr_html_(self) -> str:
        return self.fragment()


def printout_html(choices: Any) -> Html:
    """The download button and the two pages for the learner's choices (game, names, rules,
    language), for a page that shows what will be printed."""
    page = Printable(**choices.table())
    how = f"<p class='kamp-print-how'>{_e(t('print_how', page.lang))}</p>"
    return Html(how + page.download() + page.fragment())
