"""PlayHand and PlayGame driven in plain Python: clicks, refusals, undo, deals, files, storms."""

from __future__ import annotations

import html
import json
import random
from datetime import UTC, datetime

import pytest

from kamplib import Card, Game, IllegalMove
from kamplib.draw.tables import cell_text
from kamplib.fantan import layout_ranks
from kamplib.record import write_record
from kamplib.round import PASS
from kamplib.widgets import PlayGame, PlayHand
from kamplib.widgets.play import MAX_UPLOAD_BYTES


@pytest.fixture(autouse=True)
def _no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots' pause between cards is a setting; tests turn it off."""
    monkeypatch.setenv("KAMP_PACE", "0")


FAST = {"level": "random", "hint_level": "random"}


def cards_shown(w: PlayHand) -> list[Card]:
    return [b._kamp_card for b in w.hand.children if getattr(b, "_kamp_card", None)]


def buttons(w: PlayHand, css: str) -> list:
    return [b for b in w.hand.children if css in b._dom_classes and hasattr(b, "_kamp_card")]


def assert_consistent(w: PlayHand) -> None:
    """What the widget shows is what the engine holds."""
    rnd = w.round
    assert cards_shown(w) == rnd.hand(w.learner)
    if not rnd.is_over:
        assert rnd.to_move == w.learner, "the bots reply until it is the learner's turn"
        legal = set(rnd.legal_moves())
        for b in buttons(w, "kamp-card"):
            assert ("kamp-legal" in b._dom_classes) == (b._kamp_card in legal)
            assert ("kamp-illegal" in b._dom_classes) == (b._kamp_card not in legal)
    for p, s in rnd.scores().items():
        assert f"data-player='{p}'" in w.score.value
        row = w.score.value.split(f"data-player='{p}'")[1].split("</tr>")[0] + "</tr>"
        assert f">{cell_text(s)}</td></tr>" in row
    assert "kamp-error" not in w.messages.widget.value, w.messages.widget.value


def assert_round_ended_right(rnd) -> None:
    scores = rnd.score_list()
    if rnd.kind == "fantan":
        assert rnd.out >= 0 and scores[rnd.out] == 0
        assert all(s >= 1 for i, s in enumerate(scores) if i != rnd.out)
    else:
        assert sum(rnd.tricks_won) == len(rnd.tricks) == rnd.deal[0].bit_count()
        assert all(h == 0 for h in rnd.hands)


def finish(w: PlayHand, rng: random.Random) -> None:
    while not w.round.is_over:
        legal = buttons(w, "kamp-legal")
        if legal:
            rng.choice(legal).click()
        elif "kamp-legal" in w.pass_button._dom_classes:
            w.pass_button.click()
        else:
            rng.choice([b for b in w.hand.children if hasattr(b, "click")]).click()


def test_first_view_matches_the_engine() -> None:
    w = PlayHand(seed=3, **FAST)
    assert "kamp-hand" in w.hand._dom_classes
    assert len(cards_shown(w)) == 13
    assert_consistent(w)
    assert "Din tur" in w.status.value and "Motstandere: lett" in w.status.value


def test_legal_click_plays_and_bots_reply() -> None:
    w = PlayHand("klover", seed=4, **FAST)
    before = len(w.round.history)
    card = buttons(w, "kamp-legal")[0]._kamp_card
    buttons(w, "kamp-legal")[0].click()
    assert card not in w.round.hand(0)
    assert len(w.round.history) > before
    first = w.session.lines()[0]
    assert first.player == "Du" and card.symbol in first.text()
    assert first.text() in w.log_box.value
    assert_consistent(w)


def test_illegal_click_plays_nothing_and_says_why() -> None:
    rng = random.Random(1)
    for seed in range(1, 30):
        w = PlayHand("pass", seed=seed, **FAST)
        for _ in range(13):
            illegal = buttons(w, "kamp-illegal")
            if illegal and not w.round.is_over:
                b = illegal[0]
                history = w.round.history
                b.click()
                assert w.round.history == history
                with pytest.raises(IllegalMove) as err:
                    w.round.check(b._kamp_card)
                assert err.value.message("nb") in w.messages.widget.value
                assert "kamp-refused" in w.messages.widget.value
                assert "må følge farge" in w.messages.widget.value
                assert_consistent(w)
                return
            rng.choice(buttons(w, "kamp-legal")).click()
    pytest.fail("no illegal card met in 30 deals")


@pytest.mark.parametrize("kind", ["pass", "klover", "damer", "fantan", "grand", "trumf",
                                  "finale"])
@pytest.mark.parametrize("players", [3, 5])
def test_every_kind_plays_to_the_end(kind: str, players: int) -> None:
    w = PlayHand(kind, game="sjukamp", players=players, seed=players, **FAST)
    finish(w, random.Random(players))
    assert_round_ended_right(w.round)
    assert "Runden er ferdig" in w.status.value
    assert_consistent(w)


def test_house_rules_reach_the_round() -> None:
    w = PlayHand("damer", rules={"queen_points": 5}, seed=2, **FAST)
    finish(w, random.Random(2))
    assert sum(w.round.score_list()) == 20
    w = PlayHand("fantan", game="sekskamp", seed=2, **FAST)
    assert w.round.layout() == layout_ranks("sixes_and_sevens")  # a down and an up pile
    assert "kamp-layout-sixes_and_sevens" in w.table.value


def test_fantan_pass_button() -> None:
    rng = random.Random(3)
    w = PlayHand("fantan", seed=5, **FAST)
    assert w.pass_button in w.hand.children
    seen_refusal = False
    passes_made = 0
    while not w.round.is_over:
        legal_pass = PASS in w.round.legal_moves()
        if not seen_refusal and not legal_pass:
            w.pass_button.click()
            assert "kan ikke passe" in w.messages.widget.value
            seen_refusal = True
        if legal_pass:
            assert "kamp-legal" in w.pass_button._dom_classes
            passes = w.round.passes[0]
            w.pass_button.click()
            assert w.round.passes[0] == passes + 1
            passes_made += 1
        else:
            rng.choice(buttons(w, "kamp-legal")).click()
        assert_consistent(w)
    assert seen_refusal
    assert passes_made == w.round.passes[0]


def test_dealer_chooses_trump() -> None:
    # learner 3 deals the first round of a one-round game (the first dealer is the last seat)
    w = PlayHand("trumf", rules={"trump": "dealer"}, learner=3, seed=1, **FAST)
    assert w.round.needs_trump
    assert w.trump_box in w.hand.children
    w.trump_buttons[1].click()  # hjerter
    assert w.round.trump == "H"
    assert "Hjerter er trumf" in w.status.value
    finish(w, random.Random(1))
    assert_round_ended_right(w.round)


def test_undo_takes_back_the_learners_last_move() -> None:
    w = PlayHand("pass", seed=6, **FAST)
    assert w.undo_button.disabled
    w.undo_button.click()
    assert "Du har ikke gjort noe trekk i denne runden ennå." in w.messages.widget.value
    hand = cards_shown(w)
    buttons(w, "kamp-legal")[0].click()
    buttons(w, "kamp-legal")[0].click()
    mid = w.round.history
    buttons(w, "kamp-legal")[0].click()
    w.undo_button.click()
    assert w.round.history == mid
    assert "Angret" in w.messages.widget.value
    w.undo_button.click()
    w.undo_button.click()
    assert cards_shown(w) == hand
    assert_consistent(w)


def test_undo_after_the_round_ended() -> None:
    w = PlayHand("grand", seed=7, **FAST)
    finish(w, random.Random(7))
    w.undo_button.click()
    assert not w.round.is_over
    assert len(cards_shown(w)) == 1
    assert_consistent(w)


def test_same_seed_same_deal_and_new_deal_differs() -> None:
    a = PlayHand("pass", seed=11, **FAST)
    b = PlayHand("pass", seed=11, **FAST)
    assert cards_shown(a) == cards_shown(b)
    first = cards_shown(a)
    a.new_deal_button.click()
    assert a.seed == 12 and a.seed_input.value == 12
    assert cards_shown(a) != first
    a.seed_input.value = 11
    a.replay_button.click()
    assert cards_shown(a) == first
    assert "kamp-new-deal" in a.new_deal_button._dom_classes


def test_a_number_typed_in_the_deal_field_deals_that_deal() -> None:
    """The walk (W32): typing 9 in «Utdeling nr.» and pressing Enter dealt nothing, and «Ny
    utdeling» then dealt the old number + 1.  The page sends the typed number on Enter (or when
    the field is left): that deal comes at once, asked first over a game in progress; «Ny
    utdeling» counts from the number in the field; a line under the field says so."""
    nine = cards_shown(PlayHand("pass", seed=9, **FAST))
    w = PlayHand("pass", seed=5, **FAST)
    assert "Skriv et nummer og trykk Enter" in w.seed_hint.value
    assert w.seed_hint in w.controls.children
    w.seed_input.value = 9  # what the page sends on Enter
    assert w.seed == 9 and cards_shown(w) == nine
    w.new_deal_button.click()
    assert w.seed == w.seed_input.value == 10
    rng = random.Random(3)
    while not w.round.history:  # a game in progress: the number typed is asked about first
        rng.choice(buttons(w, "kamp-legal")).click()
    w.seed_input.value = 9
    assert w.seed == 10 and w.confirm.layout.display != "none"
    w.confirm_no.click()  # kept: the field says again which deal is on the table
    assert w.seed == w.seed_input.value == 10 and w.round.history
    w.seed_input.value = 9
    w.confirm_yes.click()
    assert w.seed == w.seed_input.value == 9 and cards_shown(w) == nine
    english = PlayHand("pass", seed=5, lang="en", **FAST)
    assert "Type a number and press Enter" in english.seed_hint.value


def test_practice_off_hides_hint_and_undo() -> None:
    w = PlayHand(seed=1, practice=False, **FAST)
    assert w.hint_button not in w.controls.children
    assert w.undo_button not in w.controls.children


def test_hint_is_shown_in_words() -> None:
    w = PlayHand("pass", seed=2, **FAST)
    w.hint_button.click()
    assert w.hint_text.value.strip()
    assert "kamp-hint" in w.hint_button._dom_classes
    assert "kamp-hint-text" in w.hint_text._dom_classes
    assert "kamp-error" not in w.messages.widget.value


def test_save_and_load_a_record() -> None:
    w = PlayHand("damer", seed=8, **FAST)
    for _ in range(3):
        buttons(w, "kamp-legal")[0].click()
    w.save_button.click()
    assert "kamp-download" in w.save_link.value and "base64," in w.save_link.value
    text = write_record(w.game)
    history = w.round.history
    other = PlayHand("pass", seed=1, **FAST)
    assert other.load(text.encode(), name="min.json")
    assert other.round.history == history and other.round.kind == "damer"
    assert "Lastet inn min.json" in other.messages.widget.value
    assert_consistent(other)
    finish(other, random.Random(1))
    assert_round_ended_right(other.round)


def test_broken_file_is_refused_and_the_game_kept() -> None:
    w = PlayHand("pass", seed=9, **FAST)
    buttons(w, "kamp-legal")[0].click()
    history = w.round.history
    assert not w.load(b'{"format": "kamp/1", "game": "femkamp"', name="odelagt.json")
    assert "kamp-error" in w.messages.widget.value
    assert "odelagt.json" in w.messages.widget.value and "JSON" in w.messages.widget.value
    assert w.round.history == history
    doc = json.loads(write_record(w.game))
    doc["rounds"][0]["plays"].append(["Du", "AS"] if doc["players"][0] == "Du" else [])
    assert not w.load(json.dumps(doc), name="feil.json")
    assert "Det du hadde, er beholdt" in w.messages.widget.value
    assert w.round.history == history


@pytest.mark.parametrize(("lang", "said"), [
    ("nb", "Husregelen «Poeng per dame» kan ikke være «7»; tillatt er «4 poeng» eller «5 poeng»"),
    ("en", "The house rule 'Points per queen' cannot be '7'; allowed: '4 points' or '5 points'")])
def test_a_record_with_a_bad_house_rule_names_the_rule_as_the_pages_do(lang: str,
                                                                       said: str) -> None:
    """Issue 23: the page said «Husregelen queen_points kan ikke være …», a code name."""
    w = PlayHand("damer", seed=8, lang=lang, **FAST)
    doc = json.loads(write_record(w.game))
    doc["rules"] = {"queen_points": 7}
    assert not w.load(json.dumps(doc), name="damer.json")
    shown = html.unescape(w.messages.widget.value)
    assert said in shown and "queen_points" not in shown


def test_too_big_file_is_refused() -> None:
    w = PlayHand("pass", seed=9, **FAST)
    assert not w.load(b" " * (MAX_UPLOAD_BYTES + 1), name="stor.json")
    message = w.messages.widget.value
    assert MAX_UPLOAD_BYTES == 500_000 and ".." not in message
    assert "for stor (501 kB; grensen er 500 kB)" in message
    assert f"kamp-max-bytes-{MAX_UPLOAD_BYTES}" in w.upload._dom_classes
    english = PlayHand("pass", seed=9, lang="en", **FAST)
    english.load(b" " * 3_400_000, name="big.json")
    assert "too big (3.4 MB; the limit is 500 kB)" in english.messages.widget.value


def test_opening_a_file_over_a_game_in_progress_asks_first() -> None:
    """Issue 23: as «Ny utdeling» does, a file asks before it ends the game being played."""
    source = PlayHand("klover", seed=3, **FAST)
    text = write_record(source.game).encode()
    w = PlayHand("pass", seed=1, **FAST)
    buttons(w, "kamp-legal")[0].click()
    played = [e.move for e in w.round.history]
    assert not w.load(text, name="k.json")
    assert w.confirm.layout.display is None and "k.json" in w.confirm_text.value
    assert w.confirm_yes.description == "Ja, åpne filen"
    w.confirm_no.click()
    assert w.round.kind == "pass" and [e.move for e in w.round.history] == played
    w.upload.value = ({"name": "k.json", "type": "application/json", "size": len(text),
                       "content": memoryview(text), "last_modified": datetime.now(UTC)},)
    assert w.round.kind == "pass"  # the upload asks too
    w.confirm_yes.click()
    assert w.round.kind == "klover" and "k.json" in w.messages.widget.value
    buttons(w, "kamp-legal")[0].click()
    w.ask_new_deal(5)  # «Ny utdeling» keeps its own words on the same row
    assert w.confirm_yes.description == "Ja, del ut på nytt"


def test_upload_widget_event() -> None:
    w = PlayHand("klover", seed=3, **FAST)
    buttons(w, "kamp-legal")[0].click()
    text = write_record(w.game).encode()
    other = PlayHand("pass", seed=1, **FAST)
    other.upload.value = ({"name": "k.json", "type": "application/json", "size": len(text),
                           "content": memoryview(text),
                           "last_modified": datetime.now(UTC)},)
    assert other.round.kind == "klover"
    assert other.upload.value == ()  # ready for the next file


def test_english_interface() -> None:
    w = PlayHand("pass", seed=1, lang="en", **FAST)
    assert "Your turn" in w.status.value and "Opponents: easy" in w.status.value
    assert w.hint_button.description == "Hint"
    assert cards_shown(w)[0].name("en") in buttons(w, "kamp-card")[0].tooltip


def test_four_colour_buttons() -> None:
    w = PlayHand("pass", seed=1, four_color=True, **FAST)
    # the buttons are drawn as the cards: the stylesheet holds each card's face in its ink
    suits = {b._kamp_card.suit for b in buttons(w, "kamp-card")}
    if "C" in suits:
        assert "%23137a2f" in w.css.value
    if "D" in suits:
        assert "%231d4fc4" in w.css.value
    plain = PlayHand("pass", seed=1, **FAST)
    assert "%23137a2f" not in plain.css.value


def test_bad_setup_is_a_clear_error() -> None:
    from kamplib.errors import KampError

    with pytest.raises(KampError, match="Ukjent runde"):
        PlayHand("poker")
    with pytest.raises(KampError, match="3 til 5"):
        PlayHand(players=7)


@pytest.mark.parametrize("kind", ["pass", "fantan", "trumf"])
def test_click_storm_play_hand(kind: str) -> None:
    rng = random.Random(kind)
    rules = {"trump": "dealer"} if kind == "trumf" else None
    w = PlayHand(kind, rules=rules, seed=1, **FAST)
    finished = 0
    for _ in range(1000):
        action = rng.random()
        if action < 0.55:
            cards = [b for b in w.hand.children if hasattr(b, "click")]
            if cards:
                rng.choice(cards).click()
        elif action < 0.6:
            w.hint_button.click()
        elif action < 0.75:
            w.undo_button.click()
        elif action < 0.77:
            w.new_deal_button.click()
            if w.confirm.layout.display is None:
                rng.choice([w.confirm_yes, w.confirm_no]).click()
        elif w.round.kind == "fantan":
            w.pass_button.click()
        else:
            w.replay_button.click()
        assert_consistent(w)
        if w.round.is_over:
            assert_round_ended_right(w.round)
            finished += 1
    finish(w, rng)  # and after all that, the round still ends correctly
    assert_round_ended_right(w.round)
    assert_consistent(w)


def test_play_game_runs_a_whole_game_with_the_sheet() -> None:
    w = PlayGame("femkamp", seed=2, **FAST)
    rng = random.Random(2)
    rounds_seen = []
    while not w.session.game_over:
        if w.session.can_continue:  # a round summary before the next round
            assert "er ferdig. Du fikk" in w.summary.value and "kamp-score-sheet" in w.summary.value
            assert "Neste runde:" in w.summary.value
            assert w.next_button.layout.display is None
            w.next_button.click()
            assert w.summary.value == "" and w.rating.value == ""
            continue
        if w.round.kind not in rounds_seen:
            rounds_seen.append(w.round.kind)
        legal = buttons(w, "kamp-legal")
        if legal:
            rng.choice(legal).click()
        else:
            w.pass_button.click()
        assert_consistent(w)
        assert "kamp-score-sheet" in w.sheet.value or w.session.round_over
    assert rounds_seen == ["pass", "klover", "damer", "fantan", "grand"]
    assert "Spillet er ferdig" in w.summary.value
    assert w.summary.value.count("kamp-round-review") == 5  # a review for every round
    assert w.summary.value.count('class="kamp-winner"') == len(w.game.winners)
    assert w.next_button.layout.display == "none"
    w.save_button.click()
    assert "kamp-download" in w.save_link.value
    assert "femkamp-ferdig-utdeling-2.json" in w.save_link.value


def test_a_new_game_asks_first_when_one_is_in_progress() -> None:
    w = PlayGame("femkamp", seed=3, **FAST)
    buttons(w, "kamp-legal")[0].click()
    history = w.round.history
    w.new_deal_button.click()
    assert w.confirm.layout.display is None and "Spillet er i gang" in w.confirm_text.value
    # the question and the answer speak of what the button said: a new game, not a new deal
    assert "nytt spill" in w.confirm_text.value and w.confirm_yes.description == (
        "Ja, nytt spill")
    w.confirm_no.click()
    assert w.round.history == history and w.confirm.layout.display == "none"
    w.new_deal_button.click()
    w.confirm_yes.click()
    assert w.seed == 4 and len(w.round.hand(0)) == 13


def test_a_finished_round_leaves_nothing_behind_in_the_next() -> None:
    w = PlayGame("femkamp", seed=4, level="random", hint_level="heuristic")
    rng = random.Random(4)
    while not w.session.round_over:
        rng.choice(buttons(w, "kamp-legal")).click()
    assert w.rating.value and w.summary.value
    w.next_button.click()
    assert (w.rating.value, w.hint_text.value, w.summary.value) == ("", "", "")
    assert "Runde 1" not in w.log_box.value and w.round.kind == "klover"


def test_click_storm_play_game() -> None:
    rng = random.Random(99)
    w = PlayGame("sjukamp", players=3, seed=5, **FAST)
    for _ in range(1000):
        action = rng.random()
        if action < 0.8:
            cards = [b for b in w.hand.children if hasattr(b, "click")]
            if cards:
                rng.choice(cards).click()
        elif action < 0.9:
            w.undo_button.click()
        elif action < 0.93:
            w.pass_button.click()
        elif action < 0.97:
            w.next_button.click()
        else:
            w.hint_button.click()
        assert_consistent(w)
        for rnd in w.game.rounds[:-1]:
            assert_round_ended_right(rnd)


def test_a_record_with_a_name_that_cannot_be_shown_leaves_the_table_working() -> None:
    """Issue 14: after such an upload every click failed until the page was reloaded."""
    g = Game(["Kari", "Ola", "Siri", "Per"], "femkamp", seed=1)
    doc = json.loads(write_record(g))
    doc["players"][1] = "O\ud800la"
    for r in doc["rounds"]:
        r["hands"]["O\ud800la"] = r["hands"].pop("Ola")
        r["dealer"] = "O\ud800la" if r["dealer"] == "Ola" else r["dealer"]
    w = PlayHand("pass", seed=1, **FAST)
    content = json.dumps(doc).encode("utf-8")
    w.upload.value = ({"name": "rar.json", "type": "application/json", "size": len(content),
                       "content": memoryview(content), "last_modified": datetime.now(UTC)},)
    assert "Kunne ikke lese rar.json" in w.messages.widget.value
    w.messages.widget.value.encode("utf-8")  # what goes to the browser can be sent
    assert w.upload.value == ()
    buttons(w, "kamp-legal")[0].click()  # and the table still plays
    assert_consistent(w)


def test_the_round_comes_back_from_the_browsers_memory() -> None:
    """Issue 23: after a lost kernel the page gives the table its own round back (replayed)."""
    import json as _json

    from kamplib.widgets.memory import new_page

    new_page()
    w = PlayHand("pass", seed=11, **FAST)
    buttons(w, "kamp-legal")[0].click()
    buttons(w, "kamp-legal")[0].click()
    kept = _json.loads(w.memory.widget.value)
    assert kept["schema"] == "kamp-memory/2" and kept["kind"] == "table"
    history = list(w.round.history)
    fresh = PlayHand("pass", seed=99, **FAST)  # the new page: another deal at first
    assert list(fresh.round.history) != history
    fresh.memory.widget.value = _json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert list(fresh.round.history) == history and fresh.seed == w.seed
    assert "hentet tilbake" in fresh.messages.widget.value
    assert _json.loads(fresh.memory.widget.value)["data"]["record"] == kept["data"]["record"]
    buttons(fresh, "kamp-legal")[0].click()  # and it plays on
    assert len(fresh.round.history) > len(history)
    # after a reload the page brings the round back into view (walk W13): the first round or
    # sheet of the page brought back asks for it, with a mark the page script acts on once
    marks = [c for c in fresh._dom_classes if c.startswith("kamp-into-view-")]
    assert len(marks) == 1 and marks[0].startswith("kamp-into-view-reload-")
    assert not any(c.startswith("kamp-into-view-") for c in w._dom_classes)
    second = PlayHand("pass", seed=99, **FAST)
    second.memory.widget.value = _json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert list(second.round.history) == history
    assert not any(c.startswith("kamp-into-view-") for c in second._dom_classes)


def test_a_record_refused_before_the_kept_round_came_back_stays_refused_in_words() -> None:
    """As for the score sheet: a record refused in the moment before the browser gave the
    table its kept round keeps its refusal in view; the round comes back after it."""
    import json as _json

    w = PlayHand("pass", seed=11, **FAST)
    buttons(w, "kamp-legal")[0].click()
    kept = _json.loads(w.memory.widget.value)
    fresh = PlayHand("pass", seed=99, **FAST)
    assert not fresh.load(b'{"format": "kamp/1", "game": "femkamp"', name="odelagt.json")
    refused = fresh.messages.widget.value
    assert "odelagt.json" in refused and "kamp-error" in refused
    fresh.memory.widget.value = _json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert list(fresh.round.history) == list(w.round.history)
    said = fresh.messages.widget.value
    assert said.startswith(refused) and "hentet tilbake" in said, said


def test_a_round_kept_for_another_table_does_not_come_back() -> None:
    """Issue 26: a page whose table changed (other house rules) starts afresh."""
    import json as _json

    w = PlayHand("damer", seed=11, **FAST)
    buttons(w, "kamp-legal")[0].click()
    kept = _json.loads(w.memory.widget.value)
    other = PlayHand("damer", seed=11, rules={"queen_points": 5}, **FAST)
    before = list(other.round.history)
    other.memory.widget.value = _json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert list(other.round.history) == before
    assert "hentet tilbake" not in other.messages.widget.value
    assert _json.loads(other.memory.widget.value)["key"]["rules"] == {"order": ["damer"],
                                                                       "queen_points": 5}


def test_a_fresh_round_given_back_unchanged_says_nothing() -> None:
    """A reload before the first card: the same deal, and no «hentet tilbake»."""
    import json as _json

    w = PlayHand("pass", seed=11, **FAST)
    kept = _json.loads(w.memory.widget.value)
    fresh = PlayHand("pass", seed=11, **FAST)
    fresh.memory.widget.value = _json.dumps({"schema": "kamp-memory/2", "restore": kept})
    assert fresh.messages.widget.value == "" or "hentet tilbake" not in fresh.messages.widget.value


@pytest.mark.parametrize("value", [
    "not json", '{"schema": "kamp-memory/2", "restore": {"schema": "kamp-memory/2", '
    '"kind": "sheet", "data": {}}}', '{"schema": "kamp-memory/2", "restore": {"schema": '
    '"kamp-memory/2", "kind": "table", "data": {"record": "{\\"format\\": 1}"}}}',
])
def test_a_memory_that_is_not_this_tables_changes_nothing(value: str) -> None:
    w = PlayHand("pass", seed=11, **FAST)
    before = w.round.history, w.memory.widget.value
    w.memory.widget.value = value
    assert (w.round.history, w.memory.widget.value) == before


def test_the_coach_says_once_a_round_what_fan_tans_numbers_count() -> None:
    """Fan Tan's numbers are points against the others' average: the table says so with the
    first number the coach shows in a round, not after every move."""
    w = PlayHand("fantan", seed=4, level="random")
    note = "minus snittet til de andre"
    said: list[str] = []
    rng = random.Random(4)
    while not w.round.is_over:
        w.hint_button.click()
        said.append(w.hint_text.value)
        legal = buttons(w, "kamp-legal")
        (rng.choice(legal) if legal else w.pass_button).click()
        said.append(w.rating.value)
    numbers = sum("koster deg" in text or "ville kostet deg" in text for text in said)
    assert numbers, said
    assert sum(note in text for text in said) == 1, said
    first = next(i for i, text in enumerate(said) if "kostet deg" in text or "koster deg" in text)
    assert note in said[first], said[first]


def test_the_tricks_last_card_is_said_before_who_took_it() -> None:
    """The walk: «Kari tok stikket med ♦A …» under the table, then «Per la ♦Q.» in bold under
    it, read as if Per played after the trick was taken.  The card that ends a trick and who
    took it are said in the order they happened; from the next move on, the table says who
    took the last trick."""
    together = later = 0
    for seed in range(1, 20):
        w = PlayHand("pass", seed=seed, **FAST)
        while not w.round.is_over:
            buttons(w, "kamp-legal")[0].click()
            lines = w.session.lines()
            took = [x.text() for x in lines if x.what == "took"]
            if w.round.is_over or not took:
                continue
            if lines[-1].what == "took":
                said = f"{html.escape(lines[-2].text())} {html.escape(took[-1])}"
                assert w.announce.value == said
                assert html.escape(took[-1]) not in w.table.value  # said once, in its order
                together += 1
            else:
                assert html.escape(took[-1]) in w.table.value
                assert html.escape(took[-1]) not in w.announce.value
                later += 1
        if together >= 3 and later >= 3:
            break
    assert together >= 3 and later >= 3


def test_the_status_says_which_seat_is_the_learners_when_the_table_has_names() -> None:
    """The walk: at a table of the family's names («Kari, Ola, Siri, Per») nothing said the
    learner was Kari; the heading said «Din tur» and the table «Kari».  With names the status
    says «Du er Kari»; a table where the learner is «Du» needs no such line."""
    named = PlayHand(players=["Kari", "Ola", "Siri", "Per"], seed=3, **FAST)
    assert "Du er Kari" in named.status.value and "Din tur" in named.status.value
    english = PlayHand(players=["Kari", "Ola", "Siri"], seed=3, lang="en", **FAST)
    assert "You are Kari" in english.status.value
    plain = PlayHand(seed=3, **FAST)
    assert "Du er" not in plain.status.value
    later = PlayHand(players=["Mormor", "Jonas", "Emma"], learner=1, seed=3, **FAST)
    assert "Du er Jonas" in later.status.value


@pytest.mark.parametrize(("lang", "follow", "turn"), [
    ("nb", "Du må følge farge i ", "sin tur, ikke din"),
    ("en", "You must follow suit in ", "'s turn, not yours")])
def test_a_refusal_of_the_learners_move_says_du_at_a_table_of_names(lang: str, follow: str,
                                                                   turn: str) -> None:
    """The walk (W11): at a table of the family's names a tap on a greyed card said «Kari må
    følge farge i spar (har …)» to the learner, who is Kari.  It says «Du må følge farge …» as
    the puzzle page does; a move out of turn «… sin tur, ikke din», not «ikke Kari sin»."""
    names = ["Kari", "Ola", "Siri", "Per"]
    rng = random.Random(1)
    for seed in range(1, 30):
        w = PlayHand("pass", seed=seed, players=names, lang=lang, **FAST)
        while not w.round.is_over and not buttons(w, "kamp-illegal"):
            rng.choice(buttons(w, "kamp-legal")).click()
        if w.round.is_over:
            continue
        b = buttons(w, "kamp-illegal")[0]
        history = w.round.history
        b.click()
        said = html.unescape(w.messages.widget.value)
        assert w.round.history == history and "kamp-refused" in said
        assert follow in said and "Kari" not in said, said
        break
    else:
        pytest.fail("no illegal card met in 30 deals")
    session = w.session  # out of turn: the session refuses before any bot has moved
    session.play(session.legal()[0])
    assert session.round.to_move != session.learner
    with pytest.raises(IllegalMove) as err:
        session.play(session.round.hand(session.learner)[0])
    said = err.value.message(lang)
    assert turn in said and session.players[session.round.to_move] in said, said
    assert "Kari" not in said, said
