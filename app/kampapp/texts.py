"""What the course server itself says to a learner: its pages and the loading screen.

The words live in kamplib's one catalogue (registered here, bokmål first); the server's pages
and the Voilà template take them from there.  ``?lang=en`` asks for English.
"""

from __future__ import annotations

from collections.abc import Mapping

from kamplib.i18n import DEFAULT_LANG, LANGS, register, t
from kamplib.teach import store as _store  # noqa: F401  (registers memory_not_kept)

register({
    "app_loading": {
        "nb": "Gjør klar siden …",
        "en": "Getting the page ready …",
    },
    "app_progress": {
        "nb": "Kjører del {index} av {count}",
        "en": "Running part {index} of {count}",
    },
    "app_slow": {
        "nb": "Dette tar lengre tid enn vanlig. Vent litt til, eller prøv igjen.",
        "en": "This is taking longer than usual. Wait a little longer, or try again.",
    },
    "app_failed": {
        "nb": "Siden klarte ikke å starte i nettleseren. Prøv igjen, eller gå til forsiden.",
        "en": "The page could not start in your browser. Try again, or go to the front page.",
    },
    "app_lost": {
        "nb": "Siden har mistet kontakten med serveren, så knappene virker ikke lenger. Trykk "
              "«Prøv igjen» for å fortsette: runden og poengarket ditt blir med.",
        "en": "The page has lost its connection to the server, so its buttons no longer work. "
              "Press “Try again” to carry on: your round and score sheet come along.",
    },
    "app_file_too_big": {
        "nb": "Filen {name} er for stor ({size}; grensen er {limit}), så den er ikke sendt. "
              "Det du hadde, er beholdt.",
        "en": "The file {name} is too big ({size}; the limit is {limit}), so it was not sent. "
              "What you had is kept.",
    },
    "app_noscript": {
        "nb": "Kurset trenger JavaScript. Slå det på i nettleseren og last inn siden på nytt.",
        "en": "The course needs JavaScript. Turn it on in your browser and reload the page.",
    },
    "app_not_found_title": {
        "nb": "Fant ikke siden",
        "en": "Page not found",
    },
    "app_not_found_text": {
        "nb": "Denne adressen er ikke en side i kurset.",
        "en": "This address is not a page of the course.",
    },
    "app_busy_title": {
        "nb": "Fullt akkurat nå",
        "en": "Full right now",
    },
    "app_busy_text": {
        "nb": "Serveren har så mange sider åpne at den ikke kan lage en til nå. "
              "Vent et halvt minutt og prøv igjen.",
        "en": "The server has so many pages open that it cannot make another one now. "
              "Wait half a minute and try again.",
    },
    "app_busy_client_text": {
        "nb": "Du har mange sider av kurset åpne. Lukk noen faner, vent et halvt minutt "
              "og prøv igjen.",
        "en": "You have many pages of the course open. Close some tabs, wait half a minute "
              "and try again.",
    },
    "app_busy_address_text": {
        "nb": "Det er åpnet så mange sider fra nettverket ditt at det ikke er plass til flere "
              "akkurat nå. Vent et halvt minutt og prøv igjen.",
        "en": "So many pages have been opened from your network that there is no room for "
              "more right now. Wait half a minute and try again.",
    },
    "app_cookies_title": {
        "nb": "Siden trenger informasjonskapsler",
        "en": "This page needs cookies",
    },
    "app_cookies_text": {
        "nb": "Kurset bruker en informasjonskapsel (cookie) for å holde styr på sidene dine. "
              "Tillat informasjonskapsler for denne adressen og prøv igjen.",
        "en": "The course uses a cookie to keep track of your pages. "
              "Allow cookies for this address and try again.",
    },
    "app_error_title": {
        "nb": "Noe gikk galt",
        "en": "Something went wrong",
    },
    "app_error_text": {
        "nb": "Serveren klarte ikke å vise siden. Prøv igjen om litt.",
        "en": "The server could not show the page. Try again in a little while.",
    },
    "app_to_front": {
        "nb": "Til forsiden",
        "en": "To the front page",
    },
})

# What the Voilà template shows while a page is built, if its front end is slow or fails to
# start, and if its widgets lose their kernel: both languages, since a pre-heated page is
# rendered before anyone asks for it; the page's script picks by `?lang=`.
LOADING_CODES = ("app_loading", "app_progress", "app_noscript", "app_slow", "app_failed",
                 "app_lost", "app_error_title", "word_try_again", "app_to_front",
                 "app_file_too_big", "memory_not_kept")


def page_lang(value: str | None) -> str:
    """The language a server page is shown in: the `lang` query value if we have it."""
    return value if value in LANGS else DEFAULT_LANG


def text(code: str, lang: str) -> str:
    return t(code, page_lang(lang))


def loading_texts() -> dict[str, Mapping[str, str]]:
    """{lang: {code: text}} for the loading screen (progress keeps `{index}` and `{count}`)."""
    keep = {key: "{" + key + "}" for key in ("index", "count", "name", "size", "limit")}
    return {lang: {code: t(code, lang, **keep) for code in LOADING_CODES} for lang in LANGS}
