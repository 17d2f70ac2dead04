"""The site: every page in the site map, the head and navigation of every page, the front page."""

from __future__ import annotations

import ast
import importlib.util
import json
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib.site.front import front_html, share_html
from kamplib.site.pages import FRONT, SECTIONS, SITE, nav_html, open_page, page
from kamplib.teach.choices import read_choices

ROOT = Path(__file__).resolve().parent.parent
PAGES = [p.path for p in SITE]


def _load_nav():
    spec = importlib.util.spec_from_file_location("course_nav", ROOT / "scripts/course_nav.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hrefs(html: str) -> list[str]:
    return re.findall(r"href='([^']+)'", html)


def _target(source: str, href: str) -> str:
    path = urlsplit(href.replace("&amp;", "&")).path
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), path))




def test_the_site_map_lists_every_numbered_notebook_in_reading_order() -> None:
    nav = _load_nav()
    assert nav.site_pages(ROOT) == PAGES
    assert PAGES[0] == FRONT == "index.ipynb"
    assert SECTIONS == ("front", "tutorial", "sekskamp", "sjukamp", "notebooks")
    steps = [p for p in PAGES if p.startswith("tutorial/")]
    assert len(steps) == 10 and steps[0] == "tutorial/00-velkommen.ipynb"
    for path in PAGES:
        assert (ROOT / path).is_file()
        if path != FRONT:
            assert re.fullmatch(r"[a-z]+/\d\d-[a-z0-9-]+\.ipynb", path), path
    # nothing outside the site: every notebook of the served folders is a page
    for folder in ("tutorial", "sekskamp", "sjukamp", "notebooks"):
        assert {f"{folder}/{p.name}" for p in (ROOT / folder).glob("*.ipynb")} <= set(PAGES)
    assert all(p.title("en") and p.title("nb") for p in SITE)


def test_navigation_and_site_map_are_up_to_date_and_the_script_is_idempotent(tmp_path) -> None:
    nav = _load_nav()
    assert nav.updated(ROOT) == {}, "run: python scripts/course_nav.py"
    copy = tmp_path / "repo"
    for path in [*PAGES, "kamplib/site/map.py"]:
        (copy / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / path, copy / path)
    nb = json.loads((copy / PAGES[3]).read_text(encoding="utf-8"))
    nb["cells"] = nb["cells"][1:-1]  # a page that lost its head and navigation
    (copy / PAGES[3]).write_text(json.dumps(nb), encoding="utf-8")
    assert nav.main([str(copy), "--check"]) == 1
    assert nav.main([str(copy)]) == 0 and nav.updated(copy) == {}
    assert nav.main([str(tmp_path / "missing")]) == 2


@pytest.mark.parametrize("path", PAGES)
def test_every_page_opens_with_its_head_and_ends_with_its_navigation(path: str) -> None:
    nb = json.loads((ROOT / path).read_text(encoding="utf-8"))
    first, last = nb["cells"][0], nb["cells"][-1]
    assert "kamp-top" in first["metadata"]["tags"]
    assert f"SiteHead({path!r})" in "".join(first["source"])
    assert "course-nav" in last["metadata"]["tags"] and "SiteNav(page)" in "".join(last["source"])
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    for cell in code:
        source = "".join(cell["source"])
        assert not cell.get("outputs"), "commit pages without outputs"
        assert "HTML(" not in source and "IPython" not in source, "drawings show themselves"
        assert "kamplib.course" not in source
        assert "pandas" not in source or path.startswith("notebooks/")
        assert not re.search(r"['\"](tmp|/tmp|\.\./|[\w-]+\.(html|json|csv))['\"]\s*\)",
                             source.replace("femkamp-eksempel.json", "")), "no file written"
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not re.search(r"\$[^$\n]+\$", markdown), "no LaTeX: it does not render in Voilà"
    # links written in the text could not carry the learner's choices
    assert not re.search(r"\]\([^)]*\.ipynb", markdown), "link pages through the navigation"
    assert not re.search(r"`(order|ace_low_in_pass|clubs_take_all_zero|queen_points|fantan_\w+|"
                         r"trump|last_round_double|finale_queen_of_clubs|tie_break)`", markdown)


@pytest.mark.parametrize("path", PAGES)
def test_navigation_links_resolve_and_carry_the_choices(path: str) -> None:
    chosen = read_choices({"players": "Anna,Bjørn,Kari", "queen_points": "5", "lang": "en"})
    html = nav_html(path, chosen)
    i = PAGES.index(path)
    targets = [_target(path, h) for h in _hrefs(html)]
    assert all(t in PAGES for t in targets), targets
    if i > 0:
        assert PAGES[i - 1] in targets and "Previous:" in html
    if i + 1 < len(PAGES):
        assert PAGES[i + 1] in targets and "Next:" in html
    if path != FRONT:
        assert FRONT in targets and "To the front page" in html
    for href in _hrefs(html):
        query = dict(parse_qsl(urlsplit(href.replace("&amp;", "&")).query))
        assert read_choices(query) == chosen.with_()
    section = page(path).section
    if section != "front":
        assert {p.path for p in SITE if p.section == section} <= set(targets) | {path}


def test_the_page_head_shows_the_way_home_and_any_problem(monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a kernel Voilà started for the request
    monkeypatch.setenv("QUERY_STRING", "queen_points=9&lang=en&players=A,B,C")
    head = open_page("tutorial/02-pass.ipynb")
    assert head.lang == "en" and head.table("femkamp")["players"] == ("A", "B", "C")
    html = head.html()
    assert "To the front page" in html and "The Femkamp course, page 3 of 10" in html
    assert "kamp-choice-problem" in html and "&#x27;9&#x27; is not one of the choices" in html
    assert head.drill("sekskamp")["players"] == 3
    with pytest.raises(Exception, match="er ikke en side"):
        open_page("tutorial/99-ukjent.ipynb")


def test_the_front_page_presents_the_games_and_explorations_in_either_language() -> None:
    nb = read_choices({})
    html = front_html(nb)
    for game in ("femkamp", "sekskamp", "sjukamp"):
        assert f"data-game='{game}'" in html
    assert html.count("kamp-rounds-overview") == 3
    assert "1. Pass" in html and "7. Finale" in html
    targets = {_target(FRONT, h) for h in _hrefs(html)}
    assert {"tutorial/00-velkommen.ipynb", "sekskamp/00-sekskamp.ipynb",
            "sjukamp/00-sjukamp.ipynb"} <= targets
    assert {p.path for p in SITE if p.section == "notebooks"} <= targets
    assert "hreflang='en'" in html and "lang=en" in html
    en = front_html(read_choices({"lang": "en"}))
    assert "The three games" in en and "written in Norwegian (bokmål)" in en
    assert "Start with Welcome to Femkamp" in en and "hreflang='nb'" in en
    assert "De tre spillene" not in en
    assert share_html(nb) == "" and "queen_points=5" in share_html(
        read_choices({"queen_points": "5"}))
    # the pictures follow the chosen house rules
    assert "+5 per dame" in front_html(read_choices({"queen_points": "5"}))


@pytest.mark.parametrize("params", [
    {}, {"trump": "dealer"}, {"trump": "draw", "fantan_layout": "sevens"},
    {"trump": "H", "finale_queen_of_clubs": "4"}, {"game": "sjukamp", "trump": "D"},
    {"game": "sjukamp", "order": "pass,grand,trumf"}, {"lang": "en", "trump": "C"},
    {"game": "sekskamp", "order": "grand,pass,klover,damer,fantan,trumf"}])
def test_the_front_pages_games_are_told_as_the_chosen_rules_play_them(params: dict) -> None:
    """The front page said «Sju runder: … trumf med spar» whatever trump was chosen: each
    game's sentence names the trump, the patience and the queen of clubs the engine plays."""
    from html import unescape

    from kamplib.cards import parse_card
    from kamplib.i18n import suit_name
    from kamplib.kinds import KINDS
    from kamplib.rules import GAMES

    chosen = read_choices(params)
    lang = chosen.lang
    html = unescape(front_html(chosen))
    for game in ("sekskamp", "sjukamp"):
        rules = chosen.rules_for(game)
        block = html.split(f"data-game='{game}'")[1].split("</section>")[0]
        about = re.search(r"<p style='margin:4px 0'>(.*?)</p>", block).group(1)
        if rules.order != GAMES[game]:  # an order of the learner's own: no round's place said
            count, own = len(rules.order), len(GAMES[game])
            name = game.capitalize()
            assert about == ({"nb": f"{count} runder i rekkefølgen dere har valgt:",
                              "en": f"{count} rounds in the order you chose:"}[lang]
                             if count == own else  # another length: not the game its name says
                             {"nb": f"{count} runder i rekkefølgen dere har valgt, ikke de {own} "
                                    f"i {name}:",
                              "en": f"{count} rounds in the order you chose, not the {own} of "
                                    f"{name}:"}[lang]), about
            continue
        ways = {"draw": {"nb": "trumf som trekkes", "en": "a trump drawn from the deck"},
                "dealer": {"nb": "trumf som giveren velger", "en": "a trump the dealer chooses"}}
        trump = ways[rules.trump][lang] if rules.trump in ways else {
            "nb": f"{suit_name(rules.trump)} som trumf",
            "en": f"{suit_name(rules.trump, 'en')} as trumps"}[lang]
        assert f"trumfrunde med {trump}" in about or f"trump round with {trump}" in about, about
        others = {"spar", "hjerter", "ruter", "kløver", "spades", "hearts", "diamonds"} - set(
            trump.split())
        assert not any(f"{word} som trumf" in about or f"{word} as trumps" in about
                       for word in others), about
        if game == "sekskamp":
            sixes = rules.fantan_layout == "sixes_and_sevens"
            assert (("seksere og sjuere" in about or "sixes and sevens" in about) == sixes), about
        else:
            queen = KINDS["finale"].card_value(parse_card("QC"), rules)
            assert f"verdt {queen} poeng" in about or f"worth {queen} points" in about, about


def _imported_modules(path: str) -> list[str]:
    """The modules a page's code cells import (``from kamplib.widgets import X`` gives both
    ``kamplib.widgets`` and ``kamplib.widgets.X``, which may be a module)."""
    nb = json.loads((ROOT / path).read_text(encoding="utf-8"))
    found: list[str] = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Import):
                found += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                found += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return list(dict.fromkeys(found))


def test_the_course_pages_import_neither_pandas_nor_matplotlib() -> None:
    # A fresh interpreter imports, page by page, what each course page imports; nbval then
    # checks each page's own kernel after its last cell (tests/notebook_checks.py).
    from notebook_checks import HEAVY_MODULES, is_light_page

    pages = {p: _imported_modules(p) for p in PAGES if is_light_page(ROOT / p)}
    assert len(pages) == len([p for p in PAGES if not p.startswith("notebooks/")]) + 2
    assert "notebooks/01-taktikk.ipynb" in pages  # the explorations are plain Python too
    assert all(any(n.startswith("kamplib.widgets") for n in m) for m in pages.values())
    probe = f"""
import importlib, json, sys
heavy = {HEAVY_MODULES!r}
for page, modules in json.loads(sys.argv[1]).items():
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # a name imported from a module, not a module
        loaded = [m for m in heavy if m in sys.modules]
        if loaded:
            sys.exit(f"{{page}}: importing {{name}} loads {{', '.join(loaded)}}")
"""
    done = subprocess.run([sys.executable, "-c", probe, json.dumps(pages)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_pages_head_names_only_the_house_rules_of_its_game() -> None:
    chosen = read_choices({"game": "sjukamp", "trump": "dealer", "queen_points": "5",
                           "finale_queen_of_clubs": "4"})
    femkamp = open_page("tutorial/04-damer.ipynb").html(chosen)
    assert "Husregel: Poeng per dame (5 poeng)." in femkamp
    assert "Trumf" not in femkamp and "finalen" not in femkamp
    sjukamp = open_page("sjukamp/02-trumf-med-spar.ipynb").html(chosen)
    assert "Trumf i trumfrunden (giveren velger)" in sjukamp and "Kløver dame i finalen" in sjukamp
    # the front page and the explorations are about the chosen game
    assert "giveren velger" in open_page(FRONT).html(chosen)
    assert [p.game for p in SITE if p.path.startswith(("tutorial/", "sjukamp/"))] == \
        ["femkamp"] * 10 + ["sjukamp"] * 5


def test_the_front_page_offers_the_dark_theme_and_the_four_colour_deck() -> None:
    nb = front_html(read_choices({}))
    assert "Utseende:" in nb and "Kortstokk:" in nb
    dark = {_target(FRONT, h): h for h in _hrefs(nb) if "theme=dark" in h}
    assert FRONT in dark
    chosen = read_choices({"theme": "dark", "deck": "four"})
    html = front_html(chosen)
    assert "<b>mørkt</b>" in html and "<b>fire farger</b>" in html
    # every link of the front page keeps both, but the switch back to light or two colours
    links = re.findall(r"<a class='([^']+)'[^>]*href='([^']+)'", html)
    assert len(links) == 11  # language, look, deck, three games, five explorations
    for classes, h in links:
        query = dict(parse_qsl(urlsplit(h.replace("&amp;", "&")).query))
        assert query.get("theme") == ("dark" if "kamp-theme" not in classes else None), h
        assert query.get("deck") == ("four" if "kamp-deck" not in classes else None), h


def test_every_page_head_carries_the_palette_and_the_chosen_deck() -> None:
    from kamplib.draw.cards import four_color_css

    head = open_page("tutorial/02-pass.ipynb")
    plain = head.html(read_choices({}))
    assert "--kamp-ink" in plain and "kamp-theme-light" in plain
    assert four_color_css() not in plain
    chosen = head.html(read_choices({"theme": "dark", "deck": "four"}))
    assert "kamp-theme-dark" in chosen and four_color_css() in chosen
    assert "svg.card.clubs:not(.four-color) > g{fill:#137a2f}" in four_color_css()


@pytest.mark.parametrize("path", [p.path for p in SITE])
def test_every_page_head_names_the_page_for_the_tab_in_the_learners_language(path: str) -> None:
    """The page's script copies ``data-kamp-title`` to the tab (kamp-page.js, site/src/main.js):
    Voilà would show the notebook's file name, and the site's page is built in bokmål."""
    head = open_page(path)
    for lang in ("nb", "en"):
        html = head.html(read_choices({"lang": lang}))
        titles = re.findall(r"data-kamp-title='([^']*)'", html)
        assert titles == [page(path).title(lang).replace("'", "&#x27;")], (path, lang)
