"""Pages follow the choices, and agree with themselves: every course page run in plain Python
(:mod:`page_run`) as a learner with some choices in the address would see it.

A walkthrough names the dealer a page's table of dealers names; a game's table and the round
shown from it are one game; the score sheet's verdict is said once, in the page's language; a
sheet never keeps a round its game does not have, nor shows a sum it says is not known yet.
"""

from __future__ import annotations

import json
import re

import pytest
from page_run import ROOT, run_page
from page_state import fresh_page  # noqa: F401  (every test is a page of its own)

from kamplib import Game
from kamplib.rules import GAMES, make_rules
from kamplib.seating import default_players


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_rounds_example_is_dealt_by_whoever_deals_it_in_the_whole_game(game: str,
                                                                         players: int) -> None:
    from kamplib.teach.examples import bot_round, dealer_in_game

    names = default_players(players)
    whole = Game(names, game, seed=1)
    for index, kind in enumerate(make_rules(game).order):
        if kind in make_rules(game).order[:index]:
            continue  # a kind played twice: its first round
        dealt = whole.deals[index].dealer
        assert dealer_in_game(kind, players, game=game) == dealt
        assert bot_round(kind, seed=7, players=names, game=game, moves=1).dealer == dealt


def _dealers(text: str) -> dict[str, str]:
    """``{"Kløver": "Kari", …}`` from a table of dealers as the page shows it."""
    return {kind: dealer for kind, dealer in re.findall(r"\d\. ([A-Za-zøæåØÆÅ ]+?) (\w+) \w+",
                                                        text)}


def test_the_klover_walkthrough_is_dealt_by_step_ones_dealer_of_round_two() -> None:
    table = next(c.text for c in run_page("tutorial/01-kortstokk-utdeling-og-stikk.ipynb").cells
                 if c.text.startswith("Runde Giver Begynner"))
    dealer = _dealers(table)["Kløver"]
    walk = next(c.text for c in run_page("tutorial/03-klover.ipynb").cells
                if "Steg 0 av" in c.text)
    assert f"Giver: {dealer} " in walk


@pytest.mark.parametrize("params", [{}, {"trump": "dealer"}, {"queen_points": "5"},
                                    {"fantan_layout": "sixes_and_sevens", "lang": "en"}])
def test_sjukamp_ones_fan_tan_is_the_round_its_game_table_counts(params: dict) -> None:
    page = run_page("sjukamp/01-fan-tan-som-runde-3.ipynb", params)
    game, worked = page.names["sjukamp"], page.names["worked"]
    assert game.rules == make_rules("sjukamp", {k: v for k, v in params.items() if k != "lang"})
    index = game.rounds.index(worked)
    assert game.round_scores()[index] == worked.scores()
    # and as the learner reads it: the score table beside the picture, and the sums' table
    shown = next(c for c in page.cells if "gikk ut" in c.text or "went out" in c.text)
    for player, points in worked.scores().items():
        assert re.search(rf"{player} \d+ \d+ (?:\((?:gikk ut|went out)\) )?{points}\b",
                         shown.text), (player, points, shown.text)


def test_a_page_about_one_round_shows_it_even_when_the_chosen_order_leaves_it_out() -> None:
    from kamplib.errors import RuleError
    from kamplib.teach.examples import bot_game, playing, round_of

    chosen = make_rules("sjukamp", {"order": ["pass", "grand", "finale"], "queen_points": 5})
    with pytest.raises(RuleError, match="I Sjukamp spilles ikke Fan Tan"):
        round_of(bot_game("sjukamp", seed=1, rules=chosen), "fantan")
    shown = playing(chosen, "fantan")
    assert shown.order == make_rules("sjukamp").order and shown.queen_points == 5
    assert playing(make_rules("sjukamp"), "fantan") == make_rules("sjukamp")
    page = run_page("sjukamp/01-fan-tan-som-runde-3.ipynb",
                    {"game": "sjukamp", "order": "pass,grand,finale"})
    assert page.names["worked"] in page.names["sjukamp"].rounds


def test_a_page_run_leaves_no_games_playing_behind_it() -> None:
    """An exploration's first games are held in a plain-Python run (tests/page_run.py): played,
    they went on in threads after the test and slowed every later test of the process tenfold."""
    import threading

    from kamplib.widgets.explore import MoreGames

    def playing() -> int:
        return sum(t.name == "kamp-games" and t.is_alive() for t in threading.enumerate())

    before = playing()
    page = run_page("notebooks/01-taktikk.ipynb")
    held = [v for v in page.names.values() if isinstance(v, MoreGames)]
    assert held and all(control._jobs is not None and control._jobs.held for control in held)
    assert playing() == before
    for control in held:
        control.close()


@pytest.mark.parametrize(("lang", "said", "other"), [
    ("nb", "Arket har ingen innvendinger", "The sheet has no objections"),
    ("en", "The sheet has no objections", "Arket har ingen innvendinger"),
])
def test_the_sheet_pages_verdict_is_said_once_in_the_pages_language(lang: str, said: str,
                                                                    other: str) -> None:
    text = run_page("notebooks/02-poengark.ipynb", {"lang": lang}).text()
    assert text.count(said) == 1 and other not in text


# -- every page under house rules: no rule sentence contradicts the rules in force -------------
# The engine is the oracle: what a claim says is checked against what the engine does under the
# page's rules (the deals of whole games, a Fan Tan round's first mover and moves, a Pass trick,
# the kinds' card values), never against the rules' own fields.
CHOICES = [
    {},
    {"game": "sjukamp", "trump": "dealer", "finale_queen_of_clubs": "4"},
    {"game": "sekskamp", "trump": "S", "fantan_layout": "sevens", "lang": "en"},
    {"trump": "draw", "queen_points": "5", "ace_low_in_pass": "true"},
    {"fantan_opener": "left_of_dealer", "fantan_voluntary_pass": "true", "fantan_deck": "trick",
     "players": "Ali,Bo,Cy"},
    {"game": "sjukamp", "trump": "H", "last_round_double": "true", "clubs_take_all_zero": "true"},
    {"trump": "dealer", "fantan_layout": "sixes_and_sevens", "lang": "en",
     "players": "Ali,Bo,Cy,Di,Ed"},
    # an order of their own: a Sjukamp without Fan Tan, and Trumf with a fixed suit of its own
    {"game": "sjukamp", "order": "pass,klover,damer,grand,trumf,finale", "trump": "C"},
]
# A page that teaches one rule plays it whatever was chosen, and says so.
FORCED = {"sekskamp/01-seksere-og-sjuere.ipynb": {"fantan_layout": "sixes_and_sevens"}}
# Pages whose own text describes every house rule as a possibility: their outputs (the picker,
# the printout) follow the chosen game, and are checked against it.
ABOUT_HOUSE_RULES = {"tutorial/09-husregler.ipynb", "notebooks/00-husregler-under-lupen.ipynb"}
SUITS = {"spar": "S", "hjerter": "H", "ruter": "D", "kløver": "C", "spades": "S",
         "hearts": "H", "diamonds": "D", "clubs": "C", "♠": "S"}
_SUIT = r"(spar|hjerter|ruter|kløver|spades|hearts|diamonds|clubs|♠)"
# What a page may say that a house rule decides: (pattern, topic, value); a group in the
# pattern is the value (a suit, a number).
CLAIMS: list[tuple[str, str, str | None]] = [
    (rf"Trumfen er fast: {_SUIT} er trumf|The trump is fixed: {_SUIT} are trumps", "trump",
     "fixed"),
    (rf"I trumfrunden var {_SUIT} trumf, for|In the trump round {_SUIT} were trumps, for",
     "trump", "fixed"),
    (rf"{_SUIT} som fast trumf|♠ {_SUIT} er trumf|(?:at|that) {_SUIT} (?:blir trumf|will be)",
     "trump", "fixed"),
    (rf"kan du trumfe med {_SUIT}|you may trump with {_SUIT}|^{_SUIT} (?:er|are) trumf?s?\.",
     "trump", "fixed"),
    (r"Trumfen trekkes|The trump is drawn|trumffargen trekkes|trukne trumf|Kortet som ble "
     r"snudd|The card turned up|før kortet er snudd|until the card is turned up|Snu et "
     r"tilfeldig kort|Turn a random card|Trumfen til den sjette runden trekkes", "trump", "draw"),
    (r"Giveren velger trumf|The dealer chooses trump|ga i trumfrunden og valgte|dealt the "
     r"trump round and chose|Er du giver, velg|When you deal, choose", "trump", "dealer"),
    (rf"(?:Trumf|Trump): {_SUIT}\b|\b(Spar|Hjerter|Ruter|Kløver|Spades|Hearts|Diamonds|Clubs) "
     r"(?:er trumf|are trump)\b(?!s)", "trump_shown", None),
    (r"Hver dame i stikkene dine gir \**(\d+)|Each queen in your tricks scores (\d+)|4 damer à "
     r"(\d+) poeng|4 queens at (\d+)|\+(\d+) per (?:dame|queen)\b", "queen", None),
    (r"♣Q gir \**(\d+)|♣Q scores (\d+)|kløver dame (?:er )?verdt (\d+)|♣Q (\d+),", "finale_qc",
     None),
    (r"[Dd]en som har \**♥7\**,? (?:legger|åpner|begynner)|♥7 (?:begynner|åpner|opens)|"
     r"[Ww]hoever holds ♥7 (?:begins|lays)", "opener", "seven"),
    (r"(?:[Ss]pilleren|player) (?:til venstre for giveren|left of the dealer) (?:begynner|"
     r"begins)", "opener", "left"),
    (r"seksere og sjuere:|sixes and sevens:|starter sjuerne og sekserne|the sevens and the "
     r"sixes each|sekseren en bunke ned|the six a pile down", "layout", "sixes_and_sevens"),
    (r"Kabalen spilles fra sjuerne|Fan Tan builds from the sevens,? as|åpner sjuerne hver sin|the "
     r"sevens open the suits|sjuerne åpner|En farge åpnes med sjueren|A suit opens with its "
     r"seven", "layout", "sevens"),
    (r"Kan du legge, må du legge|If you can lay, you must|kan du legge, må du legge", "must_lay",
     "yes"),
    (r"også når du kan legge|even when you could lay", "must_lay", "no"),
    (r"I stikkrundene er \**ess høyest\**, så konge, dame, knekt, 10 og nedover til 2\.(?! "
     r"Unntaket)|In the trick rounds ace is high, then [^.]*\.(?! The exception)|"
     r"spiller ut neste\. Ess er høyest\.|Ess er høyest, også i Pass|leads next\. Ace is high\.|"
     r"Ace is high, in Pass too",
     "ace_in_pass", "high"),
    (r"der har dere valgt at ess er lavest|there you chose ace low|ess lavest i Pass: der|ace "
     r"low in Pass: there|Ess er høyest, unntatt i Pass|Ace is high, except in Pass",
     "ace_in_pass", "low"),
    (r"Alle (\d+) kortene deles ut|All (\d+) cards are dealt", "fantan_cards", None),
]
# Sentences that say what is usual, not what is in force.
USUAL = re.compile(r"Det vanlige i \w+ er: [^.]*\.|What \w+ usually plays: [^.]*\.|Vanligst er "
                   r"[^.;]*[.;]|Most (?:play|give) [^.;]*[.;]")


def _page_rules(path: str, params: dict):
    from kamplib.site.pages import page
    from kamplib.teach.choices import read_choices

    choices = read_choices(params)
    game = choices.game if path in ABOUT_HOUSE_RULES else page(path).game or choices.game
    rules = choices.rules_for(game)
    forced = FORCED.get(path)
    return (rules.with_(**forced) if forced else rules), len(choices.players)


def _engine(rules, players: int):
    """What the engine does under ``rules``, for the claims to be checked against."""
    from kamplib.cards import Card, parse_card
    from kamplib.deal import deck_for
    from kamplib.fantan import playable_mask
    from kamplib.kinds import KINDS
    from kamplib.round import new_round

    facts: dict[str, object] = {}
    names = default_players(4)
    trumps = [next((d.trump for d in Game(names, rules=rules, seed=s).deals
                    if KINDS[d.kind].has_trump), "none") for s in range(1, 7)]
    if "none" in trumps:
        facts["trump"] = "none"  # no trump round in this game
    elif all(s is None for s in trumps):
        facts["trump"] = "dealer"
    elif len(set(trumps)) == 1:
        facts["trump"], facts["trump_suit"] = "fixed", trumps[0]
    else:
        facts["trump"] = "draw"
    facts["queen"] = KINDS["damer"].card_value(parse_card("QS"), rules)
    facts["finale_qc"] = KINDS["finale"].card_value(parse_card("QC"), rules)
    fantan = make_rules("custom", {**_values(rules), "order": ["fantan"]})
    seven = parse_card("7H")
    openers = [g.round for g in (Game(names, rules=fantan, seed=s) for s in range(1, 9))]
    facts["opener"] = "seven" if all(seven in r.hand(r.to_move) for r in openers) else "left"
    six = any(c.rank == 6 for c in Card.ALL if playable_mask(0, rules.fantan_layout) & c.bit)
    facts["layout"] = "sixes_and_sevens" if six else "sevens"
    facts["must_lay"] = _must_lay(fantan, names)
    k, a = parse_card("KS"), parse_card("AS")
    rest = [c for c in Card.ALL if c not in (k, a)]
    hands: list[list] = [[k], [a], [], []]
    for c in rest:
        min(hands, key=len).append(c)
    pass_round = new_round("pass", names, tuple(sum(c.bit for c in h) for h in hands),
                           dealer=3, rules=rules, check=False)
    pass_round.play(k)
    facts["ace_in_pass"] = "high" if pass_round.wins_now(a) else "low"
    facts["fantan_cards"] = len(deck_for("fantan", players, rules))
    return facts


def _values(rules) -> dict:
    from dataclasses import fields

    return {f.name: getattr(rules, f.name) for f in fields(rules) if f.name not in ("game",
                                                                                  "order")}


def _must_lay(fantan, names) -> str:
    """"yes" when the engine never offers a pass to a player who can lay a card."""
    from kamplib.moves import PASS

    for seed in range(1, 4):
        rnd = Game(names, rules=fantan, seed=seed).round
        for _ in range(30):
            if rnd.is_over:
                break
            legal = rnd.legal_moves()
            if PASS in legal and len(legal) > 1:
                return "no"
            rnd.play(legal[-1])
    return "yes"


def _claims(text: str):
    text = USUAL.sub(" ", text)
    for line in text.splitlines():
        for pattern, topic, value in CLAIMS:
            for m in re.finditer(pattern, line, flags=re.M):
                found = next((g for g in m.groups() if g), None)
                yield topic, value, found, m.group(0)


def _contradictions(path: str, params: dict, page) -> list[str]:
    rules, players = _page_rules(path, params)
    facts = _engine(rules, players)
    out = []
    for cell in page.cells:
        if cell.kind == "markdown" and path in ABOUT_HOUSE_RULES:
            continue
        for topic, value, found, said in _claims(cell.text):
            if topic == "trump":
                ok = facts["trump"] == value and (value != "fixed" or found is None
                                                  or SUITS[found] == facts["trump_suit"])
            elif topic == "trump_shown":  # an example's trump, on the table or in a drill
                ok = facts["trump"] != "fixed" or SUITS[found.lower()] == facts["trump_suit"]
            elif topic in ("queen", "finale_qc", "fantan_cards"):
                if topic == "queen" and "andre damer" in said:
                    continue
                ok = int(found) == facts[topic]
            else:
                ok = facts[topic] == value
            if not ok:
                out.append(f"{path} [{cell.index}] «{said}» but the engine: {topic} = "
                           f"{facts.get(topic)} ({params})")
    return out


@pytest.mark.parametrize("path", [p.path for p in __import__("kamplib.site.pages",
                                                               fromlist=["SITE"]).SITE])
def test_no_rule_sentence_contradicts_the_rules_in_force(path: str) -> None:
    found = []
    for params in CHOICES:
        found += _contradictions(path, params, run_page(path, params))
    assert found == []


@pytest.mark.parametrize(("params", "said"), [
    ({"order": "pass,klover,damer,grand,fantan"}, "Med rekkefølgen dere har valgt, er Fan Tan "
                                                   "runde 5 av 5."),
    ({"order": "pass,klover,damer,grand,fantan", "lang": "en"}, "In the order you chose, Fan "
                                                                 "Tan is round 5 of 5."),
    ({"order": "pass,grand"}, "Rekkefølgen dere har valgt for Femkamp, har ingen Fan Tan."),
    ({"game": "sjukamp", "order": "pass,grand"}, "Runde 4 av 5 i Femkamp."),  # the course's own
    ({}, "Runde 4 av 5 i Femkamp."),
    ({"lang": "en"}, "Round 4 of 5 in Femkamp."),
])
def test_a_page_about_one_round_says_where_the_order_in_force_plays_it(params: dict,
                                                                       said: str) -> None:
    """A round's heading names the round, and the head says its number in the order in force
    (the headings said «Runde 4: Fan Tan» under any order)."""
    page = run_page("tutorial/05-fan-tan.ipynb", params)
    assert said in page.cells[0].text
    heading = next(c.text for c in page.cells if c.kind == "markdown")
    assert heading.startswith("# Fan Tan (kabal)\n") and not re.search(r"\d", heading.split(
        "\n")[0])
    # and a chapter's page about Fan Tan, under Sjukamp's own order and another
    sjukamp = run_page("sjukamp/01-fan-tan-som-runde-3.ipynb", {"game": "sjukamp"})
    assert "Runde 3 av 7 i Sjukamp." in sjukamp.cells[0].text
    other = run_page("sjukamp/01-fan-tan-som-runde-3.ipynb",
                     {"game": "sjukamp", "order": "pass,klover,damer,fantan,grand,trumf,finale"})
    assert "Med rekkefølgen dere har valgt, er Fan Tan runde 4 av 7." in other.cells[0].text


def test_no_heading_on_a_page_numbers_a_round() -> None:
    """Every page's headings and title, and the Femkamp course's text: a round's number is the
    order's to say, not a heading's («Runde 2: Kløver») nor a list's («Runde 4, Fan Tan»)."""
    from kamplib.site.pages import SITE

    numbered = re.compile(r"\b(?:[Rr]unde|[Rr]ound) \d|\bsom runde \d|\bas round \d")
    found = [p.path for p in SITE if numbered.search(p.title_nb) or numbered.search(p.title_en)]
    for p in SITE:
        nb = json.loads((ROOT / p.path).read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            if cell["cell_type"] == "markdown":
                found += [f"{p.path}: {line}" for line in "".join(cell["source"]).splitlines()
                          if (line.startswith("#") or p.path in TEXT_WITHOUT_NUMBERS)
                          and numbered.search(line)]
    assert found == []


# Course text that says what a learner does, not what Femkamp's usual order is (tutorial/09
# names that order; 07's example sheet numbers its own rows): no round by number.
TEXT_WITHOUT_NUMBERS = {f"tutorial/{name}.ipynb" for name in (
    "00-velkommen", "01-kortstokk-utdeling-og-stikk", "02-pass", "03-klover", "04-damer",
    "05-fan-tan", "06-grand", "08-hel-femkamp")}


PROSE_PAGES = [p.path for p in __import__("kamplib.site.pages", fromlist=["SITE"]).SITE
               if "rule_lines" in (ROOT / p.path).read_text(encoding="utf-8")]


@pytest.mark.parametrize("path", PROSE_PAGES)
def test_the_rule_sentences_in_a_pages_text_are_in_the_language_of_that_text(path: str) -> None:
    """Under ?lang=en the interface is English and the narrative bokmål; a rule rendered into
    the narrative (prose, a list in a section) stays in the narrative's language (the walk saw
    «Slik spilles det» followed by English bullets and then bokmål again).  Notes in a box
    beside the text, tables and widgets follow the learner's language."""
    from kamplib.teach.notes import Note

    def prose(page) -> list[str]:
        return [str(c.value) for c in page.cells
                if isinstance(c.value, Note) and not c.value.box and str(c.value).strip()]

    params = {"game": "sjukamp", "trump": "dealer"} if path.startswith("sjukamp") else {}
    nb, en = run_page(path, params), run_page(path, {**params, "lang": "en"})
    assert prose(en) == prose(nb)
    assert prose(nb) or path == "tutorial/07-poengregning.ipynb"  # its rule is a table
    # and the interface did switch on the same page
    assert any(c.text and c.text != d.text for c, d in zip(nb.cells, en.cells, strict=True)
               if c.kind == "output")


@pytest.mark.parametrize(("path", "params"), [
    ("sekskamp/02-trukket-trumf.ipynb", {}),
    ("sekskamp/02-trukket-trumf.ipynb", {"trump": "dealer"}),
    ("sekskamp/02-trukket-trumf.ipynb", {"trump": "H", "lang": "en"}),
    ("sjukamp/02-trumf-med-spar.ipynb", {"game": "sjukamp", "trump": "draw"}),
    ("sjukamp/02-trumf-med-spar.ipynb", {"game": "sjukamp", "order": "pass,grand",
                                         "trump": "dealer"}),
])
def test_a_trump_page_shows_one_trump_round(path: str, params: dict) -> None:
    """The walk: sekskamp/02 said «ruter ble trumf» in the game it played, then showed a stopped
    moment and a trick by trick with clubs as trumps.  The game's trump, the moment and the
    round are one round now: every trump the page names is the same suit."""
    page = run_page(path, params)
    # the page's example, up to «Prøv selv» (the learner's own deal and the drill's are theirs)
    shown = page.cells[:next(c.index for c in page.cells if c.text.startswith("## Prøv selv"))]
    suits = {"spar": "S", "hjerter": "H", "ruter": "D", "kløver": "C", "spades": "S",
             "hearts": "H", "diamonds": "D", "clubs": "C"}
    named = [suits[s.lower()] for c in shown if c.kind == "output"
             for s in re.findall(r"(?:Trumf|Trump): (\w+)|(\w+) (?:er trumf|are trump|as trumps|"
                                 r"trumps in)", c.text) for s in s if s.lower() in suits]
    assert named and len(set(named)) == 1, named
    trumf = page.names["trumf"]
    assert page.names["moment"].trump == trumf.trump == named[0]
