"""kamp/1 records: canonical round trips, replay, and one located message per broken record."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kamplib import Game, RecordError, RoundDeal, parse_card, parse_cards
from kamplib.cards import mask_of, suit_mask
from kamplib.kinds import CLUBS
from kamplib.record import (
    MAX_DEPTH,
    MAX_RECORD_BYTES,
    load_record,
    read_record,
    record_dict,
    write_record,
)

PLAYERS = ["Kari", "Ola", "Siri", "Per"]
RECORDS = Path(__file__).parent / "records"


def played(game: Game, moves: int | None = None, seed: int = 1) -> Game:
    rng = random.Random(seed)
    count = 0
    while not game.is_over and (moves is None or count < moves):
        game.play(rng.choice(game.legal_moves()))
        count += 1
    return game


def finished_doc(game: str = "femkamp", rules: dict | None = None) -> dict:
    return json.loads(write_record(played(Game(PLAYERS, game, rules, seed=5))))


def error_of(doc: dict | str | bytes) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_record(doc if isinstance(doc, (str, bytes)) else json.dumps(doc))
    return info.value


# -- round trips --------------------------------------------------------------------------------
def test_deal_only_record_round_trips_exactly() -> None:
    text = write_record(Game(PLAYERS, "femkamp", {"queen_points": 5}, seed=7))
    doc = json.loads(text)
    assert doc["rules"] == {"queen_points": 5}
    assert [r["kind"] for r in doc["rounds"]] == ["pass", "klover", "damer", "fantan", "grand"]
    assert all(r["plays"] == [] for r in doc["rounds"])
    assert [r["dealer"] for r in doc["rounds"]] == ["Per", "Kari", "Ola", "Siri", "Per"]
    assert write_record(read_record(text)) == text


def test_key_order_is_canonical() -> None:
    doc = json.loads(write_record(played(Game(PLAYERS, "sjukamp", seed=2))))
    assert list(doc) == ["format", "game", "players", "rounds"]
    trumf = doc["rounds"][5]
    assert list(trumf) == ["kind", "dealer", "trump", "hands", "plays"]
    assert trumf["trump"] == "S"
    assert list(doc["rounds"][0]) == ["kind", "dealer", "hands", "plays"]


def test_non_canonical_input_is_written_canonically() -> None:
    doc = finished_doc()
    doc["rounds"][1]["kind"] = "kløver"
    doc["rounds"][0]["hands"]["Kari"].reverse()
    doc["rounds"][0]["hands"]["Kari"] = [c.lower() for c in doc["rounds"][0]["hands"]["Kari"]]
    doc["rules"] = {"queen_points": 4}  # a default written out: dropped when written
    game = read_record(json.dumps(doc))
    assert write_record(game) == write_record(read_record(write_record(game)))
    again = json.loads(write_record(game))
    assert again["rounds"][1]["kind"] == "klover"
    assert "rules" not in again


def test_record_stopped_mid_round_can_be_played_on() -> None:
    game = played(Game(PLAYERS, "femkamp", seed=3), moves=70)
    text = write_record(game)
    back = read_record(text)
    assert back.round.number == game.round.number
    assert back.round.history == game.round.history
    assert back.to_move == game.to_move
    played(back)
    assert back.is_over


def test_single_deal_to_study() -> None:
    game = Game(PLAYERS, "custom", {"order": ["damer"]}, seed=4)
    text = write_record(game)
    assert json.loads(text)["rules"] == {"order": ["damer"]}
    assert write_record(read_record(text)) == text


def test_dealer_chosen_trump_before_and_after_the_choice() -> None:
    rules = {"trump": "dealer"}
    game = Game(PLAYERS, "sekskamp", rules, seed=8)
    text = write_record(game)
    assert "trump" not in json.loads(text)["rounds"][5]
    assert write_record(read_record(text)) == text
    played(game)
    doc = json.loads(write_record(game))
    assert doc["rounds"][5]["trump"] in ("S", "H", "D", "C")
    assert write_record(read_record(json.dumps(doc))) == write_record(game)


def test_tie_break_grand_rounds_follow_the_game() -> None:
    text = (RECORDS / "femkamp-3-extra-grand.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert [r["kind"] for r in doc["rounds"][5:]] == ["grand"]
    game = read_record(text)
    assert game.winners == ["Kari"] and len(game.rounds) == 6
    # the same record with the tie-break Grand left out: the game is not over yet
    short = read_record(json.dumps({**doc, "rounds": doc["rounds"][:5]}))
    assert not short.is_over and short.standing().needs_extra_grand
    # and with one tie-break Grand too many
    doc["rounds"].append(copy.deepcopy(doc["rounds"][5]))
    doc["rounds"][6]["dealer"] = "Siri"
    assert error_of(doc).code == "record_tiebreak"


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["femkamp", "sekskamp", "sjukamp"]), n=st.integers(3, 5),
       seed=st.integers(0, 10_000), stop=st.one_of(st.none(), st.integers(0, 300)),
       rules=st.fixed_dictionaries({}, optional={
           "queen_points": st.sampled_from([4, 5]),
           "fantan_opener": st.sampled_from(["seven_of_hearts", "left_of_dealer"]),
           "fantan_deck": st.sampled_from(["full", "trick"]),
           "trump": st.sampled_from(["S", "H", "draw", "dealer"]),
           "last_round_double": st.booleans(),
           "tie_break": st.sampled_from(["share", "extra_grand"]),
           "fantan_voluntary_pass": st.booleans(),
       }))
def test_written_record_reads_back_identical_and_replays_the_same_state(
        game: str, n: int, seed: int, stop: int | None, rules: dict) -> None:
    g = played(Game(PLAYERS[:3] + ["Anna", "Bjørn"][: n - 3] if n > 3 else PLAYERS[:3], game,
                    rules, seed=seed), moves=stop, seed=seed)
    text = write_record(g)
    back = read_record(text)
    assert write_record(back) == text
    assert record_dict(back) == record_dict(g)
    assert [r.history for r in back.rounds] == [r.history for r in g.rounds]
    assert [r.hands for r in back.rounds] == [r.hands for r in g.rounds]
    assert back.totals() == g.totals() and back.is_over == g.is_over
    assert back.to_move == g.to_move


# -- broken records: one message naming the place and the rule ----------------------------------
def test_not_json() -> None:
    err = error_of('{"format": "kamp/1",')
    assert err.code == "record_json"
    assert "linje 1" in err.message("nb") and "line 1" in err.message("en")


def test_wrong_format_and_unknown_fields() -> None:
    doc = finished_doc()
    doc["format"] = "kamp/2"
    assert error_of(doc).code == "record_format"
    doc = finished_doc()
    doc["colour"] = "red"
    err = error_of(doc)
    assert err.code == "record_unknown_field" and "colour" in err.message("en")


def test_follow_suit_violation_names_round_trick_player_card_and_rule() -> None:
    # Kari leads ♠A; Ola holds one spade (♠2) besides hearts, so ♥K is refused
    spades = [c for c in parse_cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")]
    hands = (mask_of([*spades, parse_card("AH")]),
             mask_of(parse_cards("2S KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")),
             CLUBS, suit_mask("D"))
    rules = {"order": ["pass"]}
    game = Game(PLAYERS, "custom", rules, deals=[RoundDeal("pass", 3, hands)])
    game.play("AS")
    doc = json.loads(write_record(game))
    doc["rounds"][0]["plays"].append(["Ola", "KH"])
    err = error_of(doc)
    assert err.code == "must_follow_suit"
    assert (err.round, err.trick, err.player, err.card) == (1, 1, "Ola", parse_card("KH"))
    assert err.message("nb") == ("Runde 1 (Pass), stikk 1: Ola må følge farge i spar "
                                 "(har ♠2)")
    assert err.message("en").startswith("Round 1 (Pass), trick 1: Ola must follow suit in")


def test_play_out_of_turn() -> None:
    doc = finished_doc()
    doc["rounds"][0]["plays"][0][0] = "Ola"
    err = error_of(doc)
    assert err.code == "not_your_turn"
    assert "Kari" in err.message("nb") and err.player == "Ola"


def test_bad_deals() -> None:
    doc = finished_doc()
    hands = doc["rounds"][2]["hands"]
    hands["Kari"][0] = hands["Ola"][0]
    err = error_of(doc)
    assert err.code == "deal_duplicate" and err.round == 3
    assert "Runde 3 (Damer)" in err.message("nb")

    doc = finished_doc()
    doc["rounds"][0]["hands"]["Kari"].pop()
    err = error_of(doc)
    assert err.code == "deal_cards" and "mangler" in err.message("nb")

    doc = finished_doc()
    doc["rounds"][0]["hands"]["Kari"][0] = "1X"
    err = error_of(doc)
    assert err.code == "bad_card" and err.player == "Kari"


def test_three_players_may_take_out_either_red_two() -> None:
    game = Game(PLAYERS[:3], "femkamp", seed=1)
    doc = json.loads(write_record(game))
    hands = doc["rounds"][0]["hands"]
    holder = next(p for p, cards in hands.items() if "2H" in cards)
    hands[holder][hands[holder].index("2H")] = "2D"
    read_record(json.dumps(doc))  # valid: 2H out instead of 2D
    # a black two taken out instead of a red one is wrong
    holder_c = next(p for p, cards in hands.items() if "2C" in cards)
    hands[holder_c][hands[holder_c].index("2C")] = "2H"
    err = error_of(doc)
    assert err.code == "deal_cards" and "♣2" in err.message("nb")


def test_dealer_rotation_and_kind_order() -> None:
    doc = finished_doc()
    doc["rounds"][2]["dealer"] = "Per"
    err = error_of(doc)
    assert err.code == "record_dealer" and "Ola" in err.message("en")
    doc = finished_doc()
    doc["rounds"][1]["kind"] = "damer"
    err = error_of(doc)
    assert err.code == "record_kind_order" and "Kløver" in err.message("nb")


def test_trump_checks() -> None:
    doc = finished_doc("sjukamp")
    doc["rounds"][5]["trump"] = "H"
    err = error_of(doc)
    assert err.code == "record_trump_fixed"
    doc = finished_doc("sjukamp")
    del doc["rounds"][5]["trump"]
    assert error_of(doc).code == "record_trump"
    doc = finished_doc("sjukamp")
    doc["rounds"][0]["trump"] = "S"
    assert error_of(doc).code == "record_trump_outside"


def test_fantan_adjacency_and_pass_rules() -> None:
    doc = finished_doc()
    plays = doc["rounds"][3]["plays"]
    # the second Fan Tan move: replace it by a card that cannot be laid after the opening ♥7
    # (of thirteen cards at most eleven are sixes, sevens and eights, so there is always one)
    player = plays[1][0]
    hand = doc["rounds"][3]["hands"][player]
    far = next(c for c in hand if c[0] not in "678")
    plays[1][1] = far
    err = error_of(doc)
    assert err.code in ("fantan_open_with_seven", "fantan_not_next")
    assert err.turn == 2 and err.player == player
    assert "Runde 4 (Fan Tan), trekk 2" in err.message("nb")


def test_plays_after_the_end_and_after_an_unfinished_round() -> None:
    doc = finished_doc()
    doc["rounds"][0]["plays"].append(["Kari", "AS"])
    assert error_of(doc).code == "record_after_end"
    doc = finished_doc()
    doc["rounds"][1]["plays"] = doc["rounds"][1]["plays"][:5]
    assert error_of(doc).code == "record_after_unfinished"


def test_pass_in_a_trick_round_and_bad_play_shape() -> None:
    doc = finished_doc()
    doc["rounds"][0]["plays"][0][1] = "pass"
    assert error_of(doc).code == "no_pass_in_tricks"
    doc = finished_doc()
    doc["rounds"][0]["plays"][0] = ["Kari"]
    assert error_of(doc).code == "record_play_shape"


def test_too_many_rounds_and_unneeded_tie_break() -> None:
    doc = finished_doc()
    doc["rounds"].append(copy.deepcopy(doc["rounds"][4]))
    assert error_of(doc).code == "record_too_many_rounds"


def test_bad_top_level_values() -> None:
    doc = finished_doc()
    doc["players"] = ["Kari", "Ola"]
    assert error_of(doc).code == "player_count"
    doc = finished_doc()
    doc["rules"] = {"queen_points": 6}
    err = error_of(doc)
    assert err.code == "bad_rule_value" and "'4 points' or '5 points'" in err.message("en")
    doc = finished_doc()
    doc["game"] = "tikamp"
    assert error_of(doc).code == "unknown_game"
    assert error_of("[]").code == "record_not_object"
    assert error_of(b"\xff\xfe").code in ("record_encoding", "record_json")


def test_oversized_record_is_refused() -> None:
    err = error_of(" " * (MAX_RECORD_BYTES + 1))
    assert err.code == "record_too_big"
    assert err.message("nb") == "Filen er for stor; en kamp/1-fil er på høyst 2 MB"  # issue 23
    assert err.message("en").endswith("at most 2 MB")


# -- any input answers in words -------------------------------------------------------------
def test_json_nested_deeper_than_a_record_ever_is() -> None:
    for text in ("[" * 1000 + "]" * 1000, '{"a":' * 5000 + "1" + "}" * 5000,
                 "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)):
        err = error_of(text)
        assert err.code == "record_too_deep"
        assert err.message("nb").startswith("Filen har lister og objekter inni hverandre")
    # brackets inside text do not count
    doc = finished_doc()
    doc["rounds"][0]["plays"][0][1] = "[" * 2000
    assert error_of(doc).code == "bad_card"
    # a parsed document that nests (or even contains itself) is walked without recursion
    loop: list = []
    loop.append(loop)
    assert error_of_doc({**finished_doc(), "rules": {"order": loop}}).code == "record_too_deep"


def error_of_doc(doc: dict) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_record(doc)
    return info.value


def test_numbers_too_long_to_be_a_value() -> None:
    err = error_of('{"format": 1' + "1" * 4300 + "}")
    assert err.code == "record_number"
    assert err.message("nb") == ("Tallet i «format» har 4301 sifre; ingen verdi i en "
                                 "kamp/1-fil har mer enn 20")
    doc = finished_doc()
    doc["rules"] = {"queen_points": 10**30}
    assert "rules.queen_points" in error_of(doc).message("en")
    assert error_of_doc({**finished_doc(), "rules": {"queen_points": 10**5000}}).code \
        == "record_number"
    assert error_of('{"format": NaN}').code == "record_constant"


def test_a_lone_surrogate_is_refused_where_it_is() -> None:
    doc = finished_doc()
    doc["players"][0] = "Kari\ud800"
    doc["rounds"][0]["hands"]["Kari\ud800"] = doc["rounds"][0]["hands"].pop("Kari")
    err = error_of(json.dumps(doc))
    assert err.code == "record_text"
    assert err.message("nb") == ("Teksten i «players[0]» har et ødelagt tegn (U+D800) som ikke "
                                 "kan vises eller lagres")
    err.message("nb").encode("utf-8")  # the message itself can always be printed


def test_names_are_normalised_and_hidden_characters_refused() -> None:
    doc = finished_doc()
    decomposed = "A\u030ase"  # Åse typed as A and a combining ring
    for r in doc["rounds"]:
        r["hands"]["Åse"] = r["hands"].pop("Kari")
        if r["dealer"] == "Kari":
            r["dealer"] = decomposed
        for play in r["plays"]:
            if play[0] == "Kari":
                play[0] = "Åse"
    doc["players"][0] = decomposed
    game = read_record(json.dumps(doc))
    assert game.players[0] == "Åse" and game.is_over
    # said in words a family understands, never as an escape such as «\u202e» (the walk)
    for bad, words in [("Ka\u200bri", "et usynlig tegn etter «Ka»"),
                       ("Kari\x00", "et styretegn etter «Kari»"),
                       ("Kari\u202e", "et tegn som snur skriveretningen etter «Kari»"),
                       ("Kari\x1b[2J", "Navnet «Kari[2J» har et styretegn etter «Kari»")]:
        doc = finished_doc()
        doc["players"][0] = bad
        err = error_of(json.dumps(doc))
        assert err.code == "player_name_hidden" and words in err.message("nb")
        assert err.message("nb").isprintable() and "\\" not in err.message("nb")


def test_messages_are_in_one_language() -> None:
    doc = finished_doc()
    doc["rules"] = [1]
    err = error_of(doc)
    assert err.message("nb") == ("Feltet «rules» mangler eller har feil type (ventet et objekt "
                                 "med husregler)")
    assert err.message("en") == ("The field 'rules' is missing or has the wrong type "
                                 "(expected an object of house rules)")
    doc = finished_doc()
    doc["colour"] = "red"
    assert error_of(doc).message("nb").startswith("Ukjent felt «colour» i filen;")
    doc = finished_doc("sjukamp")
    doc["rounds"][5]["trump"] = "H"
    assert error_of(doc).message("nb").endswith("Etter husreglene er trumf alltid spar, "
                                                "ikke hjerter")
    assert error_of(b'{"format": ').message("nb").count("the ") == 0


def test_other_sources_and_files() -> None:
    with pytest.raises(RecordError) as info:
        read_record(5)  # type: ignore[arg-type]
    assert info.value.code == "record_source"
    assert error_of_doc({"format": {1, 2}}).code == "record_value_type"
    text = write_record(played(Game(PLAYERS, "femkamp", seed=5)))
    upload = memoryview(text.encode("utf-8"))  # what an upload widget hands over
    assert write_record(read_record(upload)) == text
    assert error_of_doc({1: 2}).code == "record_key"  # type: ignore[dict-item]


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_RECORD_BYTES * 50)  # sparse: 100 MB that take no room
    with pytest.raises(RecordError) as info:
        load_record(big)
    assert info.value.code == "record_too_big"
    with pytest.raises(RecordError) as info:
        load_record(tmp_path / "missing.json")
    assert info.value.code == "record_unreadable"


def test_a_key_twice_in_one_object_is_refused_by_its_name() -> None:
    text = write_record(Game(PLAYERS, "femkamp", seed=7))
    doubled = text.replace('"game": "femkamp"', '"game": "femkamp", "game": "sekskamp"', 1)
    assert doubled != text
    err = error_of(doubled)
    assert err.code == "record_key_twice" and "«game»" in str(err) and "'game'" in err.en
    in_a_round = text.replace('"dealer": "Per"', '"dealer": "Per", "dealer": "Kari"', 1)
    assert in_a_round != text
    err = error_of(in_a_round)
    assert err.code == "record_key_twice" and "rounds[0]" in str(err) and "«dealer»" in str(err)
