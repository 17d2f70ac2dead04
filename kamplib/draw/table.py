"""The table: a trick with who played what and who is winning, the Fan Tan layouts, a round."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from html import escape

from kamplib.cards import RANK_DISPLAY, SUIT_SYMBOLS, SUITS, Card
from kamplib.draw.cards import HEIGHT, SUIT_CLASS, WIDTH, card_svg, hand_html, suit_ink
from kamplib.draw.display import MUTED, SR_ONLY
from kamplib.draw.tables import cell_text
from kamplib.fantan import fantan_rank, layout_ranks
from kamplib.i18n import KindName, SuitName, suit_name, t
from kamplib.kinds import Family
from kamplib.round import Round
from kamplib.view import PlayerView

__all__ = ["trick_html", "fantan_table_html", "round_html", "round_scores_html", "round_title",
           "trump_text"]



def trick_html(plays: Sequence[tuple[int, Card]], players: Sequence[str], *,
               winning: int = -1, finished: bool = False, lang: str = "nb",
               four_color: bool = False, title: str | None = None,
               classes: Iterable[str] = ("kamp-trick",)) -> str:
    """A trick: each card under the name of who played it; the winning card marked.

    ``winning`` is a seat; with ``finished`` the winner "took the trick", otherwise is "winning
    it now".  The first card carries "spilte ut" (led).
    """
    cls = " ".join(classes)
    heading = title if title is not None else t("draw_trick", lang)
    if not plays:
        empty = t("draw_trick_empty", lang)
        body = f'<div class="kamp-trick-empty" style="{MUTED}">{escape(empty)}</div>'
    else:
        items = []
        for i, (seat, card) in enumerate(plays):
            win = seat == winning
            notes = []
            if i == 0:
                notes.append(t("draw_led", lang))
            if win:
                notes.append(t("draw_took" if finished else "draw_winning", lang))
            note = ", ".join(notes)
            name = escape(players[seat])
            svg = card_svg(card, lang=lang, four_color=four_color, winning=win,
                           note=f"{players[seat]}{', ' + note if note else ''}")
            who_cls = "kamp-trick-play kamp-trick-winner" if win else "kamp-trick-play"
            caption = f"<b>{name}</b>" if win else name
            extra = f'<div style="font-size:80%;{MUTED}">{escape(note)}</div>' if note else ""
            items.append(
                f'<figure class="{who_cls}" data-player="{name}" '
                f'style="margin:0 6px;text-align:center;">'
                f"<figcaption>{caption}</figcaption>{svg}{extra}</figure>")
        body = (f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start;">'
                f'{"".join(items)}</div>')
    return (f'<div class="{cls}" role="group" aria-label="{escape(heading)}">'
            f'<div style="font-weight:bold;margin-bottom:2px">{escape(heading)}</div>{body}</div>')


def fantan_table_html(source: Round | PlayerView | None, *, lang: str = "nb",
                      four_color: bool = False, layout: str | None = None,
                      laid: Collection[Card] | None = None,
                      playable: Collection[Card] | None = None, scale: float = 0.6) -> str:
    """The Fan Tan table of a round or a player's view (``source``), in its layout.

    The round says its layout (:meth:`~kamplib.round.Round.layout`: the piles of a suit as
    ranks) and the cards that may be laid next, the opening rule applied
    (:meth:`~kamplib.round.Round.next_cards`); without a source, ``layout`` names the house rule.
    One pile per suit (``sevens``) is a row with a column for every rank from ace to king; laid
    cards are shown, empty places show their rank, and the places that may be filled next are
    outlined (``kamp-slot-open``; pass ``playable=()`` to mark none, as a quiz must).  The
    columns share the width there is (at most ``scale`` of a full card each), so a phone shows
    all thirteen.  Several piles (``sixes_and_sevens``) are drawn as piles, each from its
    opening card outwards.
    """
    if source is not None:
        layout = layout or source.rules.fantan_layout
        piles = source.layout()
        laid = set(source.laid_cards()) if laid is None else set(laid)
        if playable is None:
            playable = source.next_cards()
    else:
        layout = layout or "sevens"
        piles = layout_ranks(layout)
    laid = set(laid or ())
    playable = set(playable or ())
    width = round(WIDTH * scale)
    rows = []
    for suit in SUITS:
        suit_cards = {fantan_rank(c): c for c in Card.ALL if c.suit == suit}
        if len(piles) == 1:
            cells = "".join(_slot(suit_cards[r], laid, playable, lang, four_color)
                            for r in piles[0])
            columns = f"1.4em repeat({len(piles[0])}, minmax(0, {width}px))"
        else:
            cells = "".join(
                _pile([suit_cards[r] for r in pile],
                      "draw_pile_down" if pile[0] > pile[-1] else "draw_pile_up",
                      laid, playable, lang, four_color, scale) for pile in piles)
            columns = "1.4em" + " auto" * len(piles)
        rows.append(
            f'<div class="kamp-fantan-row" data-suit="{suit}" role="group" '
            f'aria-label="{escape(suit_name(suit, lang))}" '
            f'style="display:grid;grid-template-columns:{columns};gap:2px;align-items:center;'
            f'justify-content:start;margin:2px 0;">{_suit_label(suit, lang, four_color)}'
            f'{cells}</div>')
    key = "draw_fantan_layout_sevens" if len(piles) == 1 else "draw_fantan_layout_piles"
    heading = t("draw_fantan_table", lang)
    return (f'<div class="kamp-fantan-table kamp-layout-{layout}" role="group" '
            f'aria-label="{escape(heading)}" style="max-width:100%">'
            f'<div style="font-weight:bold">{escape(heading)} <span class="kamp-muted" '
            f'style="font-weight:normal;{MUTED}">({escape(t(key, lang))})</span></div>'
            f'{"".join(rows)}</div>')


def _suit_label(suit: str, lang: str, four_color: bool) -> str:
    """The suit's symbol in its colour (the name for screen readers and as a tooltip)."""
    name = suit_name(suit, lang)
    return (f'<span class="kamp-suit {SUIT_CLASS[suit]}" title="{escape(name)}" '
            f'style="color:{suit_ink(suit, four_color)};font-size:1.3em;line-height:1">'
            f'{SUIT_SYMBOLS[suit]}<span class="kamp-sr" style="{SR_ONLY}">{escape(name)}'
            '</span></span>')


def _empty_slot(card: Card, open_: bool, lang: str) -> str:
    """An empty place on the table, showing its rank (outlined when it may be filled next)."""
    if open_:
        label = t("draw_slot_open", lang, card=card)
        cls = "kamp-slot kamp-slot-open"
        style = "border:2px dashed #1d6b1d;background:#e8f5e8;color:#1d4d1d;"
    else:
        label = t("draw_slot_empty", lang, card=card)
        cls = "kamp-slot"
        style = "border:1px solid #c4c4c4;color:#595959;background:#fff;"
    return (f'<span class="{cls}" role="img" aria-label="{escape(label)}" '
            f'title="{escape(label)}" data-card="{card.text}" style="display:flex;'
            f'align-items:center;justify-content:center;box-sizing:border-box;width:100%;'
            f'aspect-ratio:{WIDTH}/{HEIGHT};border-radius:4px;font-size:11px;overflow:hidden;'
            f'{style}"><span aria-hidden="true">{RANK_DISPLAY[card.rank]}</span></span>')


def _fill(svg: str) -> str:
    """A card drawn to the width of its column (its height follows the card's shape)."""
    return svg.replace('style="', 'style="width:100%;height:auto;display:block;', 1)


def _slot(card: Card, laid: set[Card], playable: set[Card], lang: str, four_color: bool) -> str:
    if card in laid:
        return _fill(card_svg(card, lang=lang, four_color=four_color, classes=("kamp-laid",)))
    return _empty_slot(card, card in playable, lang)


def _pile(cards: list[Card], key: str, laid: set[Card], playable: set[Card], lang: str,
          four_color: bool, scale: float) -> str:
    on = [c for c in cards if c in laid]
    nxt = next((c for c in cards if c not in laid), None)
    w = round(WIDTH * scale)
    parts = []
    for i, c in enumerate(on):
        margin = "" if i == 0 else f"margin-left:-{round(34 * scale)}px;"
        parts.append(f'<span style="{margin}display:inline-block;width:{w}px">'
                     + _fill(card_svg(c, lang=lang, four_color=four_color,
                                      classes=("kamp-laid",))) + "</span>")
    if nxt is not None and nxt in playable:
        parts.append(f'<span style="display:inline-block;width:{w}px">'
                     + _empty_slot(nxt, True, lang) + "</span>")
    if not on and (nxt is None or nxt not in playable):
        parts.append(f'<span style="display:inline-block;width:{w}px">'
                     + _empty_slot(cards[0], False, lang) + "</span>")
    label = t(key, lang)
    return (f'<span class="kamp-pile" aria-label="{escape(label)}" title="{escape(label)}" '
            f'style="display:inline-flex;align-items:center;min-width:{round(70 * scale)}px">'
            f'{"".join(parts)}</span>')


def round_scores_html(rnd: Round, *, lang: str = "nb", classes: str = "kamp-score") -> str:
    """Scores of a round so far: tricks (or passes and cards left) and points, per player."""
    scores = rnd.score_list()
    head = [t("word_player", lang)]
    fantan = rnd.family is Family.FANTAN
    head += ([t("draw_passes", lang), t("draw_cards_left", lang)] if fantan
             else [t("word_tricks", lang)])
    head.append(t("word_points", lang))
    rows = []
    for seat, name in enumerate(rnd.players):
        if fantan:
            cells = [str(rnd.passes[seat]), str(rnd.hands[seat].bit_count())]
            if rnd.out == seat:
                cells[1] += f" ({t('draw_went_out', lang)})"
        else:
            cells = [str(rnd.tricks_won[seat])]
        cells.append(cell_text(scores[seat]))
        tds = "".join(f"<td style='text-align:right;padding:0 8px'>{c}</td>" for c in cells)
        rows.append(f"<tr data-player='{escape(name)}'><th style='text-align:left'>"
                    f"{escape(name)}</th>{tds}</tr>")
    ths = "".join(f"<th style='padding:0 8px'>{escape(h)}</th>" for h in head)
    return (f'<table class="{classes}"><thead><tr>{ths}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


def round_title(rnd: Round, lang: str = "nb") -> str:
    """"Runde 2: Kløver" in a game; only "Kløver" for a round dealt on its own, where "Runde 1"
    would contradict the course's numbering of the rounds."""
    if len(getattr(rnd.rules, "order", ())) <= 1:
        return t("draw_round_alone", lang, kind=KindName(rnd.kind))
    return t("draw_round_title", lang, number=rnd.number, kind=KindName(rnd.kind))


def trump_text(rnd: Round, lang: str = "nb") -> str:
    if rnd.family is Family.FANTAN:
        return ""
    if rnd.needs_trump:
        return t("draw_trump_pending", lang)
    if rnd.trump:  # «Kløver er trumf»: the Trumf round's heading then says «Trumf» only once
        text = t("draw_trump", lang, suit=SuitName(rnd.trump))
        return text[:1].upper() + text[1:]
    return t("draw_no_trump", lang)


def round_html(rnd: Round, *, lang: str = "nb", four_color: bool = False,
               show_hands: bool = True) -> str:
    """A whole round as the notebook shows it: who deals and moves, hands, table and scores."""
    title = round_title(rnd, lang)
    facts = [t("draw_dealer", lang, player=rnd.players[rnd.dealer])]
    trump = trump_text(rnd, lang)
    if trump:
        facts.append(trump)
    facts.append(t("draw_round_over", lang) if rnd.is_over
                 else t("draw_to_move", lang, player=rnd.player_to_move))
    parts = [f'<div class="kamp-round kamp-kind-{rnd.kind}">',
             f"<h4 style='margin:4px 0'>{escape(title)}</h4>",
             f"<div>{escape(' · '.join(facts))}</div>"]
    if show_hands:
        legal = set(m for m in rnd.legal_moves() if isinstance(m, Card))
        for seat, name in enumerate(rnd.players):
            cards = rnd.hand(seat)
            if not cards:
                continue
            mark = legal if seat == rnd.to_move else None
            parts.append(f"<div style='margin-top:4px'><b>{escape(name)}</b>"
                         + hand_html(cards, legal=mark, lang=lang, four_color=four_color,
                                     player=name, scale=0.6) + "</div>")
    if rnd.family is Family.FANTAN:
        parts.append(fantan_table_html(rnd, lang=lang, four_color=four_color))
    else:
        if rnd.trick:
            parts.append(trick_html(rnd.trick, rnd.players, winning=rnd.winning, lang=lang,
                                    four_color=four_color))
        elif rnd.tricks:
            last = rnd.tricks[-1]
            parts.append(trick_html(last.plays, rnd.players, winning=last.winner,
                                    finished=True, lang=lang, four_color=four_color,
                                    title=t("draw_last_trick", lang),
                                    classes=("kamp-last-trick",)))
    parts.append(round_scores_html(rnd, lang=lang))
    parts.append("</div>")
    return "".join(parts)
