"""What the browser edition says itself (kamplib.site.browser), in every language."""

from __future__ import annotations

from kamplib.i18n import LANGS, t, template
from kamplib.site.browser import PAGE_TEXT_CODES, page_texts


def test_the_page_script_gets_every_text_in_every_language() -> None:
    texts = page_texts({"running": "browser_starting"})
    assert set(texts) == set(LANGS)
    for lang in LANGS:
        # templates: the page script fills in the numbers ({done}, {seconds}, …) itself
        assert texts[lang] == {**{name: template(code, lang)
                                  for name, code in PAGE_TEXT_CODES.items()},
                               "running": t("browser_starting", lang)}
