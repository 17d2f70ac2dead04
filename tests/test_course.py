"""The course helpers and the course itself: navigation links, notebook hygiene."""

import importlib.util
import json
import re
from pathlib import Path

import pytest

from kamplib import Game, RuleError
from kamplib.course import (
    PLAYERS,
    bot_round,
    dealers,
    deck_table,
    explain_trick,
    first_costly_trick,
    first_trick_with_discard,
    move_log,
    must_follow_moment,
    play_out,
    refused_card,
    rule_effect,
    running_totals,
    save_record,
    taken_picture,
    trick_log,
    trick_picture,
    try_move,
)

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "tutorial"
NOTEBOOKS = ROOT / "notebooks"
EXPECTED_STEPS = ["00-velkommen", "01-kortstokk-utdeling-og-stikk", "02-pass", "03-klover",
                  "04-damer", "05-fan-tan", "06-grand", "07-poengregning", "08-hel-femkamp",
                  "09-husregler"]


def _load_nav():
    spec = importlib.util.spec_from_file_location("course_nav", ROOT / "scripts/course_nav.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- helpers -----------------------------------------------------------------------------------
def test_deck_table_follows_the_deal_rules() -> None:
    table = deck_table()
    assert table.loc[3, "Tas ut"] == "♦2" and table.loc[5, "Tas ut"] == "♦2 ♥2"
    assert list(table["Kort hver i stikkrundene"]) == [17, 13, 10]
    assert list(table["Kort hver i Fan Tan"]) == ["17–18", "13", "10–11"]
    assert "Cards each in trick rounds" in deck_table("en").columns


def test_bot_round_is_reproducible_and_finished() -> None:
    a, b = bot_round("pass", seed=4, level="random"), bot_round("pass", seed=4, level="random")
    assert a.is_over and a.history == b.history
    assert sum(a.scores().values()) == 13


def test_bot_round_can_stop_after_some_moves() -> None:
    rnd = bot_round("klover", seed=2, level="random", moves=6)
    assert len(rnd.history) == 6 and not rnd.is_over


def test_trick_log_lists_every_trick_and_its_cost() -> None:
    rnd = bot_round("damer", seed=5, level="random")
    log = trick_log(rnd)
    assert len(log) == 13 and list(log.index) == list(range(1, 14))
    assert log["Poeng"].sum() == 16  # four queens at 4 points
    per_player = log.groupby("Tok stikket")["Poeng"].sum()
    for player, score in rnd.scores().items():
        assert per_player.get(player, 0) == score
    first = rnd.tricks[0]
    assert log.loc[1, "Tok stikket"] == rnd.players[first.winner]


def test_trick_log_refuses_fan_tan_clearly() -> None:
    with pytest.raises(RuleError, match="ikke en stikkrunde"):
        trick_log(bot_round("fantan", seed=1, level="random"))


def test_move_log_shows_passes_and_the_tail() -> None:
    rnd = bot_round("fantan", seed=1, level="random")
    log = move_log(rnd)
    assert len(log) == len(rnd.history)
    passes = sum(1 for _, m in rnd.history if m == "pass")
    assert (log["Trekk"] == "pass").sum() == passes
    assert len(move_log(rnd, last=3)) == 3


def test_play_out_finishes_a_whole_game() -> None:
    game = play_out(Game(["Kari", "Ola", "Siri"], "femkamp", seed=3), level="random")
    assert game.is_over and len(game.round_scores()) == 5 and game.winners


def test_running_totals_adds_up_the_sekskamp_example() -> None:
    kinds = ["pass", "klover", "damer", "fantan", "grand", "trumf"]
    table = running_totals({"Anna": [3, 5, 8, 7, -4, -6], "Bjørn": [5, 2, 4, 9, -6, -3]}, kinds)
    assert table.loc["Sum"].to_dict() == {"Anna": 13, "Bjørn": 11}
    assert table.index[3] == "4. Fan Tan"
    with pytest.raises(RuleError, match="Anna har 2 tall, men rundene er 6"):
        running_totals({"Anna": [1, 2]}, kinds)


def test_bot_round_rejects_an_unknown_kind() -> None:
    with pytest.raises(RuleError, match="Ukjent runde"):
        bot_round("bridge")


def test_dealers_move_clockwise_and_the_left_neighbour_starts() -> None:
    table = dealers(Game(PLAYERS, "femkamp", seed=1))
    assert list(table["Giver"]) == ["Per", "Kari", "Ola", "Siri", "Per"]
    assert list(table["Begynner"]) == ["Kari", "Ola", "Siri", "Per", "Kari"]


def test_explain_trick_tells_lead_discard_and_winner() -> None:
    rnd = bot_round("pass", seed=3, level="random")
    number = first_trick_with_discard(rnd)
    trick = rnd.tricks[number - 1]
    text = explain_trick(rnd, number)
    assert f"{rnd.players[trick.leader]} spilte ut {trick.plays[0][1].symbol}" in text
    assert "kastet" in text and "det kortet kan ikke vinne" in text
    assert text.endswith(f"{rnd.players[trick.winner]} tar stikket med "
                         f"{dict(trick.plays)[trick.winner].symbol}.")
    assert "led" in explain_trick(rnd, 1, "en")
    assert 'aria-label="Stikk 1"' in trick_picture(rnd, 1)
    with pytest.raises(RuleError, match="13 ferdige stikk, ikke stikk nummer 14"):
        trick_picture(rnd, 14)


def test_must_follow_moment_and_try_move_explain_the_rule() -> None:
    moment = must_follow_moment("pass", seed=3)
    before = list(moment.history)
    bad = refused_card(moment)
    assert "må følge farge" in try_move(moment, bad)
    good = moment.legal_moves()[0]
    assert try_move(moment, good) == f"{good.symbol} er lov å spille nå"
    assert try_move(moment, good.text) == f"{good.symbol} er lov å spille nå"
    assert "ikke et kort" in try_move(moment, "XY")
    assert moment.history == before  # asking plays nothing


def test_costly_trick_and_taken_picture_show_the_points() -> None:
    rnd = bot_round("damer", seed=13, level="random")
    number = first_costly_trick(rnd)
    assert any(c.rank == 12 for c in rnd.tricks[number - 1].cards)
    worst = max(rnd.scores(), key=rnd.scores().get)
    picture = taken_picture(rnd)
    assert f"{worst} tok disse kortene" in picture
    assert picture.count("kamp-card") >= rnd.scores()[worst] // 4


def test_rule_effect_plays_the_same_deal_both_ways() -> None:
    table = rule_effect("damer", {"queen_points": 5}, seed=22, level="random")
    assert table["Vanlige regler"].sum() == 16 and table["Med husregelen"].sum() == 20
    doubled = rule_effect("grand", {"last_round_double": True}, seed=2, level="random")
    assert doubled["Med husregelen"].sum() == -26


def test_save_record_writes_a_record_that_reads_back(tmp_path) -> None:
    from kamplib.record import read_record

    game = play_out(Game(["Kari", "Ola", "Siri"], "femkamp", seed=5), level="random")
    path = save_record(game, "spill.json", tmp_path)
    assert path.parent == tmp_path
    assert read_record(path.read_text(encoding="utf-8")).totals() == game.totals()


# -- the course -------------------------------------------------------------------------------
def test_the_course_has_every_step() -> None:
    steps = sorted(p.stem for p in TUTORIAL.glob("*.ipynb"))
    assert steps == EXPECTED_STEPS


def test_every_step_links_to_its_neighbours_and_the_links_resolve() -> None:
    paths = sorted(TUTORIAL.glob("[0-9][0-9]-*.ipynb"))
    for i, path in enumerate(paths):
        nb = json.loads(path.read_text(encoding="utf-8"))
        last = nb["cells"][-1]
        assert "course-nav" in last["metadata"].get("tags", []), path.name
        source = "".join(last["source"])
        links = re.findall(r"\]\(([^)]+)\)", source)
        for link in links:
            assert (TUTORIAL / link).is_file(), f"{path.name} links to missing {link}"
        if i > 0:
            assert "Forrige: [" in source and f"]({paths[i - 1].name})" in source
        if i + 1 < len(paths):
            assert "Neste: [" in source and f"]({paths[i + 1].name})" in source
        # the contents list names every other step
        assert set(links) >= {p.name for p in paths if p != path}


def test_navigation_is_up_to_date_and_the_script_is_idempotent(tmp_path) -> None:
    nav = _load_nav()
    assert nav.updated(TUTORIAL) == {}, "run: python scripts/course_nav.py"
    for path in TUTORIAL.glob("*.ipynb"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert nav.main([str(tmp_path)]) == 0 and nav.updated(tmp_path) == {}
    assert nav.main([str(tmp_path / "missing")]) == 2


@pytest.mark.parametrize("path", sorted([*TUTORIAL.glob("*.ipynb"), *NOTEBOOKS.glob("*.ipynb")]),
                         ids=lambda p: p.name)
def test_notebooks_are_clean_and_start_from_kamplib(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert code and "kamplib" in "".join(code[0]["source"]), "first code cell imports kamplib"
    for cell in code:
        assert not any(o.get("output_type") == "error" for o in cell.get("outputs", []))
    markdown = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert not re.search(r"\$[^$\n]+\$", markdown), "no LaTeX: it does not render in Voilà"
    assert path.stat().st_size < 200_000, "clear bulky outputs before committing"


# -- simulation helpers -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def small_runs():
    from kamplib.course import simulate_quietly

    usual = simulate_quietly(games=12, seed=3)
    five = simulate_quietly(rules={"queen_points": 5}, games=12, seed=3)
    return usual, five


def test_rule_table_has_a_row_per_variant(small_runs) -> None:
    from kamplib.course import rule_table

    usual, five = small_runs
    table = rule_table({"4 per dame": usual, "5 per dame": five})
    assert list(table.index) == ["4 per dame", "5 per dame"]
    assert table.loc["4 per dame", "spill"] == 12
    assert 0 <= table.loc["5 per dame", "siste runde snur vinneren"] <= 1
    assert table.loc["4 per dame", "trekk per kabal"] > table.loc["4 per dame", "pass per kabal"]


def test_same_seeds_give_the_same_games_and_scoring_changes_show(small_runs) -> None:
    from kamplib.course import winner_changes

    usual, five = small_runs
    assert winner_changes(usual, usual) == 0.0
    # same deals and play, only the queens' price differs: the damer rows scale by 5/4
    d4 = usual.rounds[usual.rounds["kind"] == "damer"]["score"].sum()
    d5 = five.rounds[five.rounds["kind"] == "damer"]["score"].sum()
    assert d4 * 5 == d5 * 4
    assert 0.0 <= winner_changes(usual, five) <= 1.0


def test_last_round_flips_counts_a_changed_leader() -> None:
    from kamplib.course import fantan_length, last_round_flips, simulate_quietly

    result = simulate_quietly(games=10, seed=5, players=3)
    share = last_round_flips(result)
    assert share * 10 == pytest.approx(round(share * 10))
    passes, moves = fantan_length(result)
    assert 0 <= passes < moves <= 52 + passes


def test_score_by_level_puts_rounds_in_game_order_in_learners_words() -> None:
    from kamplib.course import level_summary, score_by_level, simulate_quietly

    result = simulate_quietly(games=8, seed=2, bots=["heuristic", "random", "random", "random"])
    table = score_by_level(result)
    assert list(table.index) == ["Pass", "Kløver", "Damer", "Fan Tan", "Grand"]
    assert list(table.columns) == ["lett", "middels", "forskjell"]
    assert (table["forskjell"] == (table["lett"] - table["middels"]).round(2)).all()
    assert list(score_by_level(result, "en").columns) == ["easy", "medium", "difference"]
    summary = level_summary(result)
    assert list(summary.index) == ["Kari", "Ola", "Siri", "Per"]
    assert list(summary["nivå"]) == ["middels", "lett", "lett", "lett"]
    assert summary["vant (andel)"].str.endswith(" %").all()


def test_notes_show_sentences_not_python_values() -> None:
    from kamplib.course import (
        Note,
        record_preview,
        say,
        score_table,
        sheet_check,
        standings,
    )
    from kamplib.sheet import ScoreSheet

    sheet = ScoreSheet.example()
    text = standings(sheet)
    assert isinstance(text, Note)
    assert text == ("Stillingen: Kari 7, Siri 7, Per 9, Ola 16.\n"
                    "Kari og Siri deler seieren med 7 poeng hver.")
    assert "<p" in text._repr_html_() and "{" not in text._repr_html_()
    assert standings(sheet, "en").endswith("Kari and Siri share the win with 7 points each.")
    assert sheet_check(sheet) == "Arket har ingen innvendinger: alle radene summerer riktig."
    sheet.set_score(3, "Ola", 0)
    assert sheet_check(sheet).startswith("Rad 4 (Fan Tan)")
    game = play_out(Game(["Kari", "Ola", "Siri"], "femkamp", seed=3), level="random")
    winner = game.winners[0]
    assert f"{winner} vinner med {game.totals()[winner]} poeng." in standings(game)
    rnd = bot_round("pass", seed=4, level="random")
    table = score_table(rnd)
    assert table.startswith("Stillingen: Kari ")
    assert "kamp-score" in table._repr_html_()
    assert say("En.", "To.")._repr_html_().count("<p") == 2
    preview = record_preview(game, lines=5)
    assert preview.splitlines()[0] == "{" and preview.endswith("…")
    assert len(preview.splitlines()) == 6


def test_file_note_names_the_file_and_its_size(tmp_path: Path) -> None:
    from kamplib.course import file_note

    path = tmp_path / "spill.json"
    path.write_text("{}", encoding="utf-8")
    assert file_note(path) == "Lagret spill.json (2 byte)."


def test_drawn_trump_names_the_suit_of_the_trump_round() -> None:
    from kamplib.course import drawn_trump

    game = Game(["Kari", "Ola", "Siri", "Per"], "sekskamp", seed=32)
    assert drawn_trump(game) == ("Kortet som ble snudd, var en ruter, så ruter er trumf i "
                                 "trumfrunden.")
    assert drawn_trump(game, "en") == "The card turned up makes diamonds trumps in the trump round."
