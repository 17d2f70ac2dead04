"""What the browser edition says itself (kamplib.teach.browser): a page left out, in both
languages, with a link to the Voilà app that carries the learner's choices."""

from __future__ import annotations

import pytest

from kamplib.errors import RuleError
from kamplib.i18n import LANGS, t, template
from kamplib.teach.browser import PAGE_TEXT_CODES, elsewhere_html, page_texts
from kamplib.teach.choices import read_choices
from kamplib.teach.site import page

TAKTIKK = "notebooks/01-taktikk.ipynb"


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_left_out_says_why_and_how_to_find_it_at_home(lang: str) -> None:
    drawn = elsewhere_html(TAKTIKK, "", read_choices({"lang": [lang]}))
    assert f"<h1>{page(TAKTIKK).title(lang)}</h1>" in drawn
    assert t("browser_elsewhere", lang) in drawn
    assert t("browser_elsewhere_local", lang).replace("'", "&#x27;") in drawn
    assert "<a " not in drawn and f"lang='{lang}'" in drawn and "kamp-md" in drawn


def test_with_the_apps_address_it_links_there_with_the_choices() -> None:
    choices = read_choices({"lang": ["en"], "queen_points": ["5"]})
    drawn = elsewhere_html(TAKTIKK, "https://kurs.example.org/", choices)
    assert ("href='https://kurs.example.org/voila/render/notebooks/01-taktikk.ipynb?"
            "queen_points=5&amp;lang=en'") in drawn
    assert t("browser_elsewhere_link", "en") in drawn
    assert t("browser_elsewhere_local", "en") not in drawn
    plain = elsewhere_html(TAKTIKK, "https://kurs.example.org", read_choices({}))
    assert "href='https://kurs.example.org/voila/render/notebooks/01-taktikk.ipynb'" in plain


def test_a_path_that_is_not_a_page_is_refused_in_words() -> None:
    with pytest.raises(RuleError, match="er ikke en side i kamp"):
        elsewhere_html("notebooks/99-x.ipynb")


def test_the_page_script_gets_every_text_in_every_language() -> None:
    texts = page_texts({"running": "browser_elsewhere_link"})
    assert set(texts) == set(LANGS)
    for lang in LANGS:
        # templates: the page script fills in the numbers ({done}, {seconds}, …) itself
        assert texts[lang] == {**{name: template(code, lang)
                                  for name, code in PAGE_TEXT_CODES.items()},
                               "running": t("browser_elsewhere_link", lang)}
