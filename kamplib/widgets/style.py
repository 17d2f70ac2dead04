"""The stylesheet the widgets carry with them, and the learner's hand as cards.

A widget puts :func:`style_box` first among its children: a ``<style>`` in an HTML widget is
applied by the browser wherever the widget is shown (JupyterLab, Voilà, JupyterLite), so the
course needs no template of its own.  The rules are scoped to ``kamp-`` classes: a hand of stock
buttons drawn as the whole cards they stand for (each at least 44 px wide to tap, still Tab and
Enter/Space), a visible focus ring, rows that wrap on a phone, the upload button without its
file count, and colours that stay readable in the dark theme.
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets

from kamplib.cards import Card
from kamplib.draw.cards import HEIGHT, PALE_FACE, WIDTH, card_face_url
from kamplib.draw.display import color, palette_css

__all__ = ["style_box", "card_faces", "CSS", "FOCUS", "TAP", "PROBLEM_INPUT"]

FOCUS = "#1a5fb4"  # the focus ring: 6.4:1 on white
TAP = 44  # px: the least width of a card to tap on a phone (a fingertip's breadth)
# a score the sheet cannot use: a red frame on a pale red field, dark text in either theme
# (the sheet writes the rule for its wrong cells: kamplib.widgets.sheet)
PROBLEM_INPUT = "border: 2px solid #b3261e; background: #fdecea; color: #1b1b1b;"
WIDE_HAND = 840  # px of table from which the hand is drawn with cards of full size (13 fit)

CSS = f"""
.kamp-widget, .kamp-widget .widget-box {{ max-width: 100%; min-width: 0; box-sizing: border-box; }}
.kamp-widget .widget-html-content {{ line-height: 1.35; max-width: 100%; overflow-x: auto; }}
.kamp-widget button:focus-visible, .kamp-widget input:focus-visible,
.kamp-widget select:focus-visible {{
  outline: 3px solid {FOCUS} !important; outline-offset: 2px; }}
.kamp-row {{ flex-wrap: wrap !important; gap: 4px; max-width: 100%; }}
.kamp-row > .widget-button, .kamp-row > .widget-upload {{ flex: 0 0 auto; width: auto;
  max-width: 100%; }}
/* the learner's hand: stock buttons drawn as whole cards in a grid, every card at least 44 px
   wide to tap (a phone: rows of 44-50 px cards; a wide column: 60 px cards), nothing overlapped */
.kamp-hand.widget-hbox {{ display: grid !important;
  grid-template-columns: repeat(auto-fill, minmax({TAP}px, 1fr)); gap: 14px 4px;
  align-items: end; overflow: visible; padding: 12px 0 4px 0; max-width: 100%; min-width: 0; }}
.kamp-play, .kamp-puzzles {{ container-type: inline-size; }}
@container (min-width: {WIDE_HAND}px) {{
  .kamp-hand.widget-hbox {{ grid-template-columns: repeat(auto-fill, {WIDTH}px); }}
}}
.kamp-hand > .kamp-card.widget-button {{
  width: 100%; min-width: {TAP}px; height: auto; aspect-ratio: {WIDTH} / {HEIGHT};
  padding: 0; margin: 0; border: none; border-radius: 6px; box-shadow: none;
  background-color: transparent; background-repeat: no-repeat; background-size: 100% 100%;
  background-position: left top; color: transparent; font-size: 1px; overflow: visible; }}
.kamp-hand > .kamp-card.kamp-legal {{ transform: translateY(-10px); cursor: pointer; }}
.kamp-hand > .kamp-card.kamp-illegal {{ cursor: not-allowed; }}
.kamp-hand > .kamp-card.widget-button:hover {{ box-shadow: none; }}
.kamp-hand > .kamp-card.kamp-legal:hover {{ transform: translateY(-14px); }}
/* the pass beside the cards; the dealer's trump choice on a line of its own, wrapping */
.kamp-hand > .kamp-pass.widget-button {{ grid-column: span 2; width: 100%; min-width: 5em;
  height: 100%; min-height: {TAP}px; margin: 0; }}
.kamp-hand > .widget-hbox {{ grid-column: 1 / -1; align-items: center; }}
.kamp-hand > .kamp-pass.kamp-legal {{ background: #fff; color: #1b1b1b;
  border: 2px solid #1b1b1b; font-weight: bold; }}
.kamp-hand > .kamp-pass.kamp-illegal {{ background: {PALE_FACE}; color: #595959;
  border: 1px dashed #767676; }}
/* buttons that name a suit in its ink (the dealer's trump choice, the drill's cards): a card's
   white face with a card's frame in both themes, so every suit's ink reads on it (4.5:1) */
.kamp-widget .kamp-trump-choice.widget-button,
.kamp-widget .kamp-card-pick.widget-toggle-button {{ background: #fff; border: 1px solid #767676;
  border-radius: 6px; }}
.kamp-widget .kamp-card-pick.widget-toggle-button.mod-active {{ background: #dce8f8;
  box-shadow: inset 0 0 0 3px {FOCUS}; }}
/* the score sheet's folded settings: a control that says it opens (our own ▸ and ▾: the
   icon font is not on every page), in the page's full ink */
.kamp-widget .jupyter-widget-Collapse-header {{ display: flex; align-items: center; gap: 6px;
  min-height: 28px; box-sizing: border-box; color: var(--jp-ui-font-color1);
  border: 1px solid {color("edge")}; border-radius: 4px; }}
.kamp-widget .jupyter-widget-Collapse-header > i.fa {{ display: none; }}
.kamp-widget .jupyter-widget-Collapse-header::before {{ content: "▸"; font-size: 1.2em; }}
.kamp-widget .jupyter-widget-Collapse-open > .jupyter-widget-Collapse-header::before {{
  content: "▾"; }}
/* opponents, the table, the log */
.kamp-opponents {{ display: flex; flex-wrap: wrap; gap: 2px 12px; }}
.kamp-log {{ font-size: 95%; }}
.kamp-log ol {{ margin: 2px 0; padding-left: 2.6em; }}  /* room for «52.» */
.kamp-log-lines {{ margin: 2px 0; padding-left: 0; list-style: none; }}
.kamp-announce {{ font-weight: bold; min-height: 1.4em; }}
.kamp-rating-good {{ border-left: 5px solid #1d6b1d; padding-left: 6px; }}
.kamp-rating-weaker {{ border-left: 5px solid #9a5b00; padding-left: 6px; }}
.kamp-rating-bad {{ border-left: 5px solid #b3261e; padding-left: 6px; }}
.kamp-label-good {{ color: #1d6b1d; font-weight: bold; }}
.kamp-label-weaker {{ color: #8a5200; font-weight: bold; }}
.kamp-label-bad {{ color: #b3261e; font-weight: bold; }}
/* a forced move: no colour of praise or blame */
.kamp-rating-forced {{ border-left: 5px solid #767676; padding-left: 6px; }}
.kamp-label-forced {{ font-weight: bold; }}
.kamp-confirm {{ background: #fff4d6; color: #1b1b1b; padding: 6px; border-radius: 4px; }}
.kamp-summary {{ border: 2px solid #767676; border-radius: 8px; padding: 6px 10px; }}
.kamp-widget table {{ max-width: 100%; }}
.kamp-widget .kamp-score-sheet th, .kamp-widget .kamp-score-sheet td {{ font-size: 95%; }}
/* the upload button says what it does, without «(0)» */
.kamp-upload.widget-upload {{ font-size: 0 !important; width: auto; }}
.kamp-upload.widget-upload::after {{ content: attr(title);
  font-size: var(--jp-widgets-font-size, 13px); }}
/* the score-sheet inputs: a grid that fits a phone */
.kamp-sheet-grid {{ max-width: 100%; align-items: center; }}
.kamp-sheet-name {{ overflow-wrap: break-word; }}
.kamp-sheet-grid .widget-text {{ width: 100% !important; min-width: 0; margin: 0; }}
.kamp-sheet-grid .widget-text input {{ min-width: 0; text-align: right; }}
/* the rules picker inside the score sheet: its rows wrap on a phone */
.kamp-widget .kamp-rules-picker .widget-hbox {{ flex-wrap: wrap; }}
.kamp-widget .kamp-rules-picker .widget-dropdown, .kamp-widget .kamp-rules-picker .widget-text
  {{ max-width: 100%; }}
/* the dark theme: text on the page's own colours, pale boxes keep dark text */
body.theme-dark .kamp-confirm, body[data-jp-theme-light="false"] .kamp-confirm {{
  background: #4a3b00; color: #fff; }}
body.theme-dark .kamp-label-good, body[data-jp-theme-light="false"] .kamp-label-good {{
  color: #7fd17f; }}
body.theme-dark .kamp-label-weaker, body[data-jp-theme-light="false"] .kamp-label-weaker {{
  color: #f0b45a; }}
body.theme-dark .kamp-label-bad, body[data-jp-theme-light="false"] .kamp-label-bad {{
  color: #ff8a80; }}
"""


def card_faces(cards: Iterable[Card], four_color: bool = False) -> str:
    """Rules that draw each hand button as its card: white when it can be played, grey when
    it cannot (both with the suit's full ink)."""
    rules = []
    for card in cards:
        for legal in (True, False):
            state = "kamp-legal" if legal else "kamp-illegal"
            url = card_face_url(card, four_color=four_color, legal=None if legal else False)
            rules.append(f".kamp-hand > .kamp-card-{card.text}.{state}"
                         f"{{background-image:url('{url}')}}")
    return "\n".join(rules)


def style_box(extra: str = "") -> widgets.HTML:
    """An HTML widget holding the stylesheet (and ``extra`` rules, e.g. :func:`card_faces`),
    with the drawings' palette, so a widget reads right in the dark theme on any page (a
    course page's head carries the same palette)."""
    box = widgets.HTML(f"<style>{palette_css()}\n{CSS}\n{extra}</style>")
    box.add_class("kamp-style")
    box.layout.height = "0px"
    box.layout.margin = "0"
    return box
