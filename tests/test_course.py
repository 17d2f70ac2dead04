"""The teaching layer the course pages call: tables, worked examples, sentences, explorations."""

from __future__ import annotations

import re

import pytest

from kamplib import Game, RuleError, make_rules
from kamplib.deal import hand_sizes, tricks_in_play
from kamplib.kinds import KINDS
from kamplib.moves import PASS
from kamplib.seating import SEVEN_OF_HEARTS, TABLE_SIZES, default_players, first_to_act
from kamplib.sheet import ScoreSheet
from kamplib.standings import standing
from kamplib.teach.examples import (
    bot_game,
    bot_round,
    explain_trick,
    fantan_picture,
    first_costly_trick,
    first_trick_with_discard,
    first_trumped_trick,
    hand_picture,
    must_follow_moment,
    play_out,
    refused_card,
    round_rules,
    rule_effect,
    taken_picture,
    trick_picture,
    trump_and_other,
    trump_choice_moment,
    trump_of_game,
    try_move,
)
from kamplib.teach.files import record_download
from kamplib.teach.notes import Note, record_preview, say, score_table, sheet_check, standings
from kamplib.teach.tables import (
    dealers_table,
    deck_table,
    example_game,
    move_log,
    running_totals,
    sheet_picture,
    totals_by_round,
    trick_log,
)
from kamplib.tricks import classify_play


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


# -- tables --------------------------------------------------------------------------------
def test_deck_table_follows_the_deal_rules() -> None:
    table = deck_table()
    rules = make_rules("femkamp")
    assert table.column("Spillere") == list(TABLE_SIZES)
    assert table.column("Tas ut") == ["♦2", "ingenting", "♦2 ♥2"]
    assert table.column("Kort hver i stikkrundene") == [tricks_in_play(n, rules)
                                                        for n in TABLE_SIZES]
    three = hand_sizes(52, 3, 0)
    assert table.column("Kort hver i Fan Tan")[0] == f"{min(three)}–{max(three)}"
    assert "Cards each in trick rounds" in deck_table("en").columns
    html = table._repr_html_()
    assert "<th" in html and "text-align:right" in html and "index" not in html.lower()


def test_dealers_table_names_the_holder_of_the_seven_of_hearts_in_fan_tan() -> None:
    game = Game(default_players(), "femkamp", seed=1)
    table = dealers_table(game)
    assert table.column("Giver") == [game.players[d.dealer] for d in game.deals]
    for i, deal in enumerate(game.deals):
        starter = game.players[first_to_act(deal.kind, deal.dealer, deal.hands, game.rules)]
        shown = table.column("Begynner")[i]
        assert shown.startswith(starter)
        if not KINDS[deal.kind].is_trick_round:
            holder = next(s for s, h in enumerate(deal.hands) if h & SEVEN_OF_HEARTS.bit)
            assert starter == game.players[holder]
            assert shown == f"{starter} (har ♥7)"
    # with the other opener, the player left of the dealer starts Fan Tan, and no card is named
    left = Game(default_players(), "femkamp", {"fantan_opener": "left_of_dealer"}, seed=1)
    fantan = left.order.index("fantan")
    deal = left.deals[fantan]
    assert dealers_table(left).column("Begynner")[fantan] == \
        left.players[(deal.dealer + 1) % left.n]


@pytest.mark.parametrize("game", ["femkamp", "sekskamp", "sjukamp"])
def test_the_chapters_example_game_shows_the_fan_tan_opener_at_work(game: str) -> None:
    """Walk W19: the example's ♥7 lies with neither the dealer nor the seat left of them, so the
    Fan Tan row cannot be read as «the dealer starts» or «as in the trick rounds»."""
    example = example_game(default_players(), make_rules(game))
    deal = example.deals[example.order.index("fantan")]
    starter = first_to_act(deal.kind, deal.dealer, deal.hands, example.rules)
    assert starter not in (deal.dealer, (deal.dealer + 1) % example.n)


def test_dealers_table_says_who_chooses_trump() -> None:
    game = Game(default_players(), "sjukamp", {"trump": "dealer"}, seed=2)
    i = game.order.index("trumf")
    assert dealers_table(game, "en").column("Starts")[i] == \
        f"{game.players[game.deals[i].dealer]} (chooses trump)"


def test_trick_log_lists_every_trick_and_its_cost() -> None:
    rnd = bot_round("damer", seed=5, level="random")
    log = trick_log(rnd)
    assert len(log) == len(rnd.tricks) and log.column("Stikk") == list(range(1, 14))
    assert sum(log.column("Poeng")) == sum(rnd.scores().values())
    per_player: dict[str, int] = {}
    for who, cost in zip(log.column("Tok stikket"), log.column("Poeng"), strict=True):
        per_player[who] = per_player.get(who, 0) + cost
    for player, score in rnd.scores().items():
        assert per_player.get(player, 0) == score
    costly = trick_log(rnd, scoring_only=True)
    assert all(costly.column("Poeng")) and sum(costly.column("Poeng")) == sum(log.column("Poeng"))


def test_trick_log_refuses_fan_tan_clearly() -> None:
    with pytest.raises(RuleError, match="Fan Tan er ikke en stikkrunde"):
        trick_log(bot_round("fantan", seed=1, level="random"))


def test_move_log_shows_passes_and_the_tail() -> None:
    rnd = bot_round("fantan", seed=1, level="random")
    log = move_log(rnd)
    assert len(log) == len(rnd.history)
    passes = sum(1 for e in rnd.history if e.move is PASS)
    assert log.column("Kort").count("pass") == passes
    assert len(move_log(rnd, last=3)) == 3
    assert move_log(rnd, "en").columns == ("Turn", "Player", "Card")


def test_running_totals_adds_up_the_sekskamp_example() -> None:
    kinds = make_rules("sekskamp").order
    table = running_totals({"Anna": [3, 5, 8, 7, -4, -6], "Bjørn": [5, 2, 4, 9, -6, -3]}, kinds)
    assert table.footer == ("Sum", 13, 11)
    assert table.rows[3][0] == "4. Fan Tan"
    assert "−4" in table._repr_html_()  # a real minus sign
    with pytest.raises(RuleError, match="Anna har 2 tall, men rundene er 6"):
        running_totals({"Anna": [1, 2]}, kinds)


def test_totals_by_round_follows_a_game_and_a_sheet() -> None:
    game = bot_game("femkamp", seed=3, players=["Kari", "Ola", "Siri"], level="random")
    table = totals_by_round(game)
    assert table.columns == ("Runde", "Kari", "Ola", "Siri")
    assert dict(zip(game.players, table.rows[-1][1:], strict=True)) == game.totals()
    sheet = totals_by_round(ScoreSheet.example(), "en")
    assert sheet.rows[-1] == ("5. Grand", 7, 16, 7, 9)
    assert "kamp-score-sheet" in sheet_picture(ScoreSheet.example())


# -- worked examples -----------------------------------------------------------------------
def test_bot_round_is_reproducible_and_finished() -> None:
    a, b = bot_round("pass", seed=4, level="random"), bot_round("pass", seed=4, level="random")
    assert a.is_over and a.history == b.history
    assert sum(a.scores().values()) == tricks_in_play(4, a.rules)


def test_bot_round_can_stop_after_some_moves_and_rejects_an_unknown_kind() -> None:
    rnd = bot_round("klover", seed=2, level="random", moves=6)
    assert len(rnd.history) == 6 and not rnd.is_over
    with pytest.raises(RuleError, match="Ukjent runde"):
        bot_round("bridge")


def test_round_rules_keep_the_games_own_rules() -> None:
    assert round_rules("fantan", game="sekskamp").fantan_layout == "sixes_and_sevens"
    assert round_rules("trumf", game="sjukamp").trump == "S"
    assert round_rules("damer", {"queen_points": 5}).queen_points == 5
    assert round_rules("grand").order == ("grand",)


def test_play_out_finishes_a_whole_game() -> None:
    game = play_out(Game(["Kari", "Ola", "Siri"], "femkamp", seed=3), level="random")
    assert game.is_over and len(game.round_scores()) == 5 and game.winners


def test_explain_trick_tells_lead_discard_and_winner() -> None:
    rnd = bot_round("pass", seed=3, level="random")
    number = first_trick_with_discard(rnd)
    trick = rnd.tricks[number - 1]
    lead = trick.plays[0][1]
    assert any(classify_play(c, lead.suit) == "discarded" for _, c in trick.plays[1:])
    text = explain_trick(rnd, number)
    assert f"{rnd.players[trick.leader]} spilte ut {lead.symbol}" in text
    assert "kastet" in text and "det kortet kan ikke vinne" in text
    assert text.endswith(f"{rnd.players[trick.winner]} tar stikket med "
                         f"{dict(trick.plays)[trick.winner].symbol}.")
    assert "led" in explain_trick(rnd, 1, "en")
    assert 'aria-label="Stikk 1"' in trick_picture(rnd, 1)
    with pytest.raises(RuleError, match="13 ferdige stikk, ikke stikk nummer 14"):
        trick_picture(rnd, 14)


def test_a_trumped_trick_is_told_as_trumped() -> None:
    rnd = bot_round("trumf", seed=34, rules={"trump": "H"}, game="sekskamp")
    number = first_trumped_trick(rnd)
    trick = rnd.tricks[number - 1]
    led = trick.plays[0][1].suit
    trumper = next(s for s, c in trick.plays[1:] if classify_play(c, led, "H") == "trumped")
    assert f"{rnd.players[trumper]} hadde ikke" in explain_trick(rnd, number)
    assert "og trumfet med" in explain_trick(rnd, number)


def test_trumping_is_never_forced() -> None:
    moment = trump_choice_moment(seed=33)
    trump, other = trump_and_other(moment)
    led = moment.trick[0][1].suit
    assert not any(c.suit == led for c in moment.hand(moment.to_move))
    assert trump.suit == moment.trump and other.suit not in (led, moment.trump)
    assert try_move(moment, trump) == f"{trump.symbol} er lov å spille nå."
    assert try_move(moment, other, "en") == f"{other.symbol} may be played now."


def test_must_follow_moment_and_try_move_explain_the_rule() -> None:
    moment = must_follow_moment("pass", seed=3)
    before = moment.history
    bad = refused_card(moment)
    assert "må følge farge" in try_move(moment, bad)
    good = moment.legal_moves()[0]
    assert try_move(moment, good) == f"{good.symbol} er lov å spille nå."
    assert try_move(moment, good.text) == f"{good.symbol} er lov å spille nå."
    assert "ikke et kort" in try_move(moment, "XY")
    assert moment.history == before  # asking plays nothing
    picture = hand_picture(moment.hand(moment.to_move), legal=moment.legal_moves(),
                           player=moment.player_to_move)
    assert f"{moment.player_to_move} skal legge et kort:" in picture
    assert picture.count("kamp-legal") == len(moment.legal_moves())


def test_costly_trick_and_taken_picture_show_the_points() -> None:
    rnd = bot_round("damer", seed=13, level="random")
    number = first_costly_trick(rnd)
    assert any(KINDS["damer"].card_value(c, rnd.rules) for c in rnd.tricks[number - 1].cards)
    worst = max(rnd.scores(), key=rnd.scores().get)
    picture = taken_picture(rnd)
    assert f"Flest poeng fikk {worst}: " in picture and f"i stikkene {worst} tok:" in picture
    assert f"{worst} tok disse kortene" in taken_picture(rnd, worst)  # a player asked for
    queens = sum(1 for c in rnd.taken_cards(worst) if KINDS["damer"].card_value(c, rnd.rules))
    assert picture.count("kamp-card") == queens


def test_taken_picture_says_whether_the_top_scorer_is_alone() -> None:
    """The walk (W31): «Her er kortene som ga poeng, hos en spiller med flest poeng:» above
    «Siri tok disse kortene som gir poeng (17 poeng)», when Siri alone had the most.  The caption
    says who has the most, and «en av dem» only when several share the top."""
    alone = shared = 0
    for seed in range(1, 40):
        rnd = bot_round("klover", seed=seed, level="random")
        scores = rnd.scores()
        top = max(scores.values())
        first = next(p for p, s in scores.items() if s == top)
        tied = sum(s == top for s in scores.values())
        nb, en = taken_picture(rnd), taken_picture(rnd, lang="en")
        if tied == 1:
            alone += 1
            assert f"Flest poeng fikk {first}: {top} poeng." in nb and "en av dem" not in nb
            assert f"{first} scored the most: {top} point" in en
        else:
            shared += 1
            assert f"{tied} spillere fikk like mange poeng, {top}," in nb, nb
            assert f"i stikkene en av dem, {first}, tok:" in nb
            assert f"{tied} players share the most points, {top}." in en
    assert alone and shared, (alone, shared)


def test_fantan_picture_shows_the_table_after_some_moves() -> None:
    rnd = bot_round("fantan", seed=14)
    first = fantan_picture(rnd, 1)
    assert first.count("<svg") < fantan_picture(rnd).count("<svg")
    assert "_repr_html_" in dir(first)


def test_rule_effect_plays_the_same_deal_both_ways() -> None:
    table = rule_effect("damer", {"queen_points": 5}, seed=22, level="random")
    assert table.columns == ("Spiller", "Vanlige regler", "Med husregelen")
    assert table.footer == ("Sum", 16, 20)
    usual = bot_round("damer", seed=22, level="random").scores()
    assert [r[1] for r in table.rows] == list(usual.values())
    doubled = rule_effect("grand", {"last_round_double": True}, seed=2, level="random")
    assert doubled.footer[2] == 2 * doubled.footer[1]


def test_the_trump_of_a_game_is_said_as_its_rules_find_it() -> None:
    names = {"S": "spar", "H": "hjerter", "D": "ruter", "C": "kløver"}
    game = Game(["Kari", "Ola", "Siri", "Per"], "sekskamp", seed=32)
    suit = game.deals[game.order.index("trumf")].trump
    assert trump_of_game(game) == (f"Kortet som ble snudd, var en {names[suit]}, så "
                                   f"{names[suit]} er trumf i trumfrunden.")
    fixed = Game(default_players(), "sjukamp", seed=3)
    assert trump_of_game(fixed) == "I trumfrunden var spar trumf, for trumfen er fast."
    assert trump_of_game(fixed, "en") == "In the trump round spades were trumps, for the trump " \
                                         "is fixed."
    chosen = Game(default_players(), "sjukamp", {"trump": "dealer"}, seed=3)
    with pytest.raises(RuleError, match="ikke valgt trumf ennå"):
        trump_of_game(chosen)  # dealt, but the dealer has not chosen yet
    play_out(chosen)
    index = chosen.order.index("trumf")
    dealer = chosen.players[chosen.deals[index].dealer]
    assert trump_of_game(chosen) == (f"{dealer} ga i trumfrunden og valgte "
                                     f"{names[chosen.rounds[index].trump]} som trumf.")
    with pytest.raises(RuleError, match="Femkamp har ingen trumfrunde"):
        trump_of_game(Game(default_players(), "femkamp", seed=1))


# -- sentences -------------------------------------------------------------------------------
def test_notes_show_sentences_not_python_values() -> None:
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


class _Settled:
    """The example sheet's rounds judged by the engine under ``tie_break: extra_game``."""

    def __init__(self) -> None:
        self.sheet = ScoreSheet.example()
        self.rules = make_rules("femkamp", {"tie_break": "extra_game"})

    def standing(self):
        return standing(self.sheet.players, [dict(s) for _, s in self.sheet.rows], self.rules)

    def totals(self) -> dict[str, int]:
        return self.standing().totals

    @property
    def winners(self) -> list[str]:
        return list(self.standing().winners)


def test_a_tie_settled_by_a_new_game_is_said() -> None:
    settled = _Settled()
    assert settled.standing().rematch
    assert standings(settled).endswith("Kari og Siri står likt, og med husregelen dere har "
                                       "valgt, avgjør de det med et helt nytt spill.")
    assert "settle it with a whole new game" in standings(settled, "en")


def test_record_preview_and_download_need_no_file() -> None:
    game = play_out(Game(["Kari", "Ola", "Siri"], "femkamp", seed=5), level="random")
    from kamplib.record import read_record, write_record

    text = write_record(game)
    preview = record_preview(text, lines=5)
    assert preview.splitlines()[0] == "{" and preview.endswith("…")
    assert "<pre" in preview._repr_html_()
    link = record_download(game, "spill.json")
    assert "download='spill.json'" in link and "Last ned spillfilen (spill.json)" in link
    import base64

    data = re.search(r"base64,([^']+)'", link).group(1)
    assert read_record(base64.b64decode(data).decode()).totals() == game.totals()
