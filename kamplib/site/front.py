"""The front page of the site: the three games with their rounds, the explorations, the language.

Everything on it comes from the catalogue, so ``?lang=en`` turns it English; the course pages'
own narrative stays bokmål, and the English front page says so.
"""

from __future__ import annotations

from html import escape

from kamplib.cards import parse_card
from kamplib.draw.overview import rounds_overview_html
from kamplib.i18n import LANGS, SuitName, register, t
from kamplib.kinds import KINDS
from kamplib.rules import GAMES, Rules
from kamplib.site.pages import FRONT, LINK_STYLE, game_section, href, link, section_pages
from kamplib.teach.choices import Choices
from kamplib.teach.progress import next_page, page_mark, page_max, section_mark

__all__ = ["front_html", "game_about", "language_switch", "look_switch", "share_html"]

register({
    "front_welcome": {
        "nb": "Tre familiespill med kort, der hver runde har sitt eget mål. Lær dem steg for "
              "steg, spill mot datamaskinen, og bli enige om husreglene før dere setter dere "
              "ved bordet.",
        "en": "Three family card games in which every round has its own goal. Learn them step "
              "by step, play against the computer, and agree on your house rules before you "
              "sit down at the table."},
    "front_lang_note": {
        "nb": "Knappene, meldingene, tabellene og utskriften finnes også på engelsk. Selve "
              "kursteksten er skrevet på bokmål.",
        "en": "The buttons, messages, tables and the printable summary are in English. The "
              "course text itself is written in Norwegian (bokmål) for now."},
    "front_lang_switch": {"nb": "Språk:", "en": "Language:"},
    "front_theme_switch": {"nb": "Utseende:", "en": "Look:"},
    "front_deck_switch": {"nb": "Kortstokk:", "en": "Deck:"},
    "front_lang_nb": {"nb": "norsk (bokmål)", "en": "norsk (bokmål)"},
    "front_lang_en": {"nb": "English", "en": "English"},
    "front_games": {"nb": "De tre spillene", "en": "The three games"},
    "front_femkamp": {
        "nb": "Fem runder: tre der du vil unngå stikk, kløver og damer, en kabal, og Grand til "
              "slutt, der hvert stikk trekker fra. Begynn her: kurset går gjennom én runde om "
              "gangen.",
        "en": "Five rounds: three in which you avoid tricks, clubs and queens, a shared "
              "patience, and Grand at the end, where every trick counts in your favour. Start "
              "here: the course takes one round at a time."},
    # Sekskamp and Sjukamp as the chosen house rules play them: how the trump is found, how
    # the patience is laid out, what the queen of clubs is worth
    "front_sekskamp": {
        "nb": "Femkamps fem runder og en sjette, en trumfrunde med {trump}. {layout}",
        "en": "Femkamp's five rounds and a sixth, a trump round with {trump}. {layout}"},
    "front_sjukamp": {
        "nb": "Sju runder: kabalen flyttet fram, en trumfrunde med {trump}, og en finale der "
              "kløver dame er verdt {queen_of_clubs} poeng.",
        "en": "Seven rounds: the patience moved forward, a trump round with {trump}, and a "
              "Finale in which the queen of clubs is worth {queen_of_clubs} "
              "{queen_of_clubs:point|points}."},
    "front_trump_fixed": {"nb": "{suit} som trumf", "en": "{suit} as trumps"},
    "front_trump_draw": {"nb": "trumf som trekkes", "en": "a trump drawn from the deck"},
    "front_trump_dealer": {"nb": "trumf som giveren velger", "en": "a trump the dealer chooses"},
    "front_layout_sixes_and_sevens": {"nb": "Kabalen bygges med seksere og sjuere.",
                                      "en": "The patience builds from sixes and sevens."},
    "front_layout_sevens": {"nb": "Kabalen bygges fra sjuerne.",
                            "en": "The patience builds from the sevens."},
    "front_own_order": {
        "nb": "{count} {count:runde|runder} i rekkefølgen dere har valgt:",
        "en": "{count} {count:round|rounds} in the order you chose:"},
    # an order of another length is no longer the game its name counts («fem-kamp»)
    "front_own_length": {
        "nb": "{count} {count:runde|runder} i rekkefølgen dere har valgt, ikke de {own} i "
              "{game}:",
        "en": "{count} {count:round|rounds} in the order you chose, not the {own} of "
              "{game}:"},
    "front_start": {"nb": "Begynn på {title}", "en": "Start with {title}"},
    "front_continue": {"nb": "Fortsett med {title}", "en": "Continue with {title}"},
    "front_explore": {"nb": "Utforsk", "en": "Explore"},
    "front_explore_intro": {
        "nb": "Når dere kan spillene: la datamaskinen spille hundrevis av kamper, før poengene "
              "ved bordet, skriv ut reglene, og øv på å finne det beste kortet.",
        "en": "Once you know the games: let the computer play hundreds of games, keep the "
              "score at the table, print the rules, and practise finding the best card."},
    "front_notebooks/00-husregler-under-lupen.ipynb": {
        "nb": "Hva gjør husreglene med spillet? De samme utdelingene spilt med og uten hver "
              "regel.",
        "en": "What do the house rules do to the game? The same deals played with and without "
              "each rule."},
    "front_notebooks/01-taktikk.ipynb": {
        "nb": "Hvor lønner taktikken seg mest? Datamaskinspillere på ulike nivåer mot "
              "hverandre.",
        "en": "Where does tactics pay most? Computer players of different levels against each "
              "other."},
    "front_notebooks/02-poengark.ipynb": {
        "nb": "Et poengark som summerer for dere og sier fra når en rad ikke kan stemme.",
        "en": "A score sheet that adds up for you and speaks up when a row cannot be right."},
    "front_notebooks/03-utskrift.ipynb": {
        "nb": "Reglene på én A4-side og et tomt poengark, med deres husregler og navn.",
        "en": "The rules on one A4 page and an empty score sheet, with your house rules and "
              "names."},
    "front_notebooks/04-finn-det-beste-kortet.ipynb": {
        "nb": "Stillinger fra ekte spill der ett kort er klart best. Finn det, og se hvorfor. "
              "Her øver du også på dine egne feil fra kurset.",
        "en": "Positions from real games where one card is clearly best. Find it, and see "
              "why. Here you also practise your own mistakes from the course."},
    "front_choices": {"nb": "Spill, navn og husregler", "en": "Game, names and house rules"},
    "front_choices_intro": {
        "nb": "Velg her, så gjelder valgene på alle sidene der dere spiller, fører poeng eller "
              "skriver ut. Lenkene tar dem med seg, og de står i sidens adresse, så de er der "
              "også når siden lastes på nytt, etter «Tilbake» og i et bokmerke.",
        "en": "Choose here, and the choices apply on every page where you play, keep score or "
              "print. The links carry them along, and they are in the page's address, so they "
              "are still there after a reload, after Back and in a bookmark."},
    "front_share": {"nb": "Lenke til forsiden med disse valgene", "en":
                    "Link to the front page with these choices"},
})


def language_switch(path: str, choices: Choices) -> str:
    """Links to the same page in each language, keeping the other choices."""
    lang = choices.lang
    parts = []
    for other in LANGS:
        name = t(f"front_lang_{other}", lang)
        if other == lang:
            parts.append(f"<b>{escape(name)}</b>")
        else:
            parts.append(f"<a class='kamp-lang' hreflang='{other}' style='{LINK_STYLE}' "
                         f"href='{escape(href(path, path, choices.with_(lang=other)))}'>"
                         f"{escape(name)}</a>")
    return (f"<p class='kamp-lang-switch' style='margin:4px 0'>"
            f"{escape(t('front_lang_switch', lang))} {' · '.join(parts)}</p>")


# how each look is named: the line's label, and each value's word
_LOOKS = {
    "theme": ("front_theme_switch", {"light": "choice_theme_light", "dark": "choice_theme_dark"}),
    "deck": ("front_deck_switch", {"two": "choice_deck_two", "four": "choice_deck_four"}),
}


def look_switch(path: str, choices: Choices, key: str) -> str:
    """Links to the same page drawn each other way (``theme``: light or dark, ``deck``: two or
    four colours), keeping the other choices."""
    lang = choices.lang
    chosen = getattr(choices, key)
    label, values = _LOOKS[key]
    parts = []
    for value, code in values.items():
        name = escape(t(code, lang))
        if value == chosen:
            parts.append(f"<b>{name}</b>")
        else:
            target = href(path, path, choices.with_(**{key: value}))
            parts.append(f"<a class='kamp-{key}' style='{LINK_STYLE}' "
                         f"href='{escape(target)}'>{name}</a>")
    return (f"<p class='kamp-{key}-switch' style='margin:4px 0'>"
            f"{escape(t(label, lang))} {' · '.join(parts)}</p>")


def _game_block(game: str, choices: Choices) -> str:
    lang = choices.lang
    pages = section_pages(game_section(game))
    first = pages[0]
    words = "front_start"
    going_on = next_page([p.path for p in pages])  # a learner who has begun goes on
    if going_on is not None:
        first, words = next(p for p in pages if p.path == going_on), "front_continue"
    start = link(FRONT, first.path, t(words, lang, title=first.title(lang)), choices,
                 f"kamp-link kamp-start kamp-start-{game}")
    # the stars the learner has earned in this game's course, of the most it gives
    stars = section_mark([p.path for p in pages], lang)
    rules = choices.rules_for(game)
    picture = rounds_overview_html(rules, lang)
    about = game_about(rules, lang)
    return (f"<section class='kamp-front-game' data-game='{game}' style='margin:14px 0'>"
            f"<h3 style='margin:6px 0'>{escape(t(f'game_{game}', lang))}</h3>"
            f"<p style='margin:4px 0'>{escape(about)}</p>{picture}"
            f"<p style='display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 18px;"
            f"margin:6px 0;font-size:110%'><span>{start}</span><span>{stars}</span></p>"
            f"</section>")


def game_about(rules: Rules, lang: str = "nb") -> str:
    """A game in one or two sentences, as ``rules`` play it: the trump round's trump, the
    patience's layout and the Finale's queen of clubs are the chosen house rules'; under an
    order of the learner's own, only how many rounds (the tiles under it show them)."""
    own = GAMES[rules.game]
    if rules.order != own and len(rules.order) != len(own):
        return t("front_own_length", lang, count=len(rules.order), own=len(own),
                 game=t(f"game_{rules.game}", lang))
    if rules.order != own:
        return t("front_own_order", lang, count=len(rules.order))
    if rules.trump in ("draw", "dealer"):
        trump = t(f"front_trump_{rules.trump}", lang)
    else:
        trump = t("front_trump_fixed", lang, suit=SuitName(rules.trump))
    return t(f"front_{rules.game}", lang, trump=trump,
             layout=t(f"front_layout_{rules.fantan_layout}", lang),
             queen_of_clubs=KINDS["finale"].card_value(parse_card("QC"), rules))


def front_html(choices: Choices) -> str:
    """The front page's body: welcome, language, the games, the explorations."""
    lang = choices.lang
    games = "".join(_game_block(g, choices) for g in GAMES)
    # a page with a goal (the puzzles) shows its stars after its link, as the contents list does
    explore = "".join(
        f"<li style='margin:6px 0'>{link(FRONT, p.path, p.title(lang), choices)}"
        f"{' ' + page_mark(p.path, lang) if page_max(p.path) else ''}<br>"
        f"{escape(t(f'front_{p.path}', lang))}</li>" for p in section_pages("notebooks"))
    return (f"<div class='kamp-front' lang='{lang}' style='line-height:1.5'>"
            f"<p style='font-size:115%;margin:4px 0'>{escape(t('front_welcome', lang))}</p>"
            f"{language_switch(FRONT, choices)}{look_switch(FRONT, choices, 'theme')}"
            f"{look_switch(FRONT, choices, 'deck')}"
            f"<p class='kamp-lang-note' style='margin:4px 0'><i>"
            f"{escape(t('front_lang_note', lang))}</i></p>"
            f"<h2>{escape(t('front_games', lang))}</h2>{games}"
            f"<h2>{escape(t('front_explore', lang))}</h2>"
            f"<p>{escape(t('front_explore_intro', lang))}</p><ul>{explore}</ul>"
            f"<h2>{escape(t('front_choices', lang))}</h2>"
            f"<p>{escape(t('front_choices_intro', lang))}</p></div>")


def share_html(choices: Choices) -> str:
    """A link to the front page that reproduces the choices (to share or bookmark)."""
    if not choices.query():
        return ""
    text = t("front_share", choices.lang)
    return f"<p class='kamp-share'>{link(FRONT, FRONT, text, choices)}</p>"
