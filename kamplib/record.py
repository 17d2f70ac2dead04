"""The ``kamp/1`` game record: read, validate by replaying, and write in canonical form.

Reading builds a :class:`~kamplib.game.Game` from the record's deals and replays every play
through the engine, so a record is checked by the very rules that play the game.  Any problem
becomes one :class:`RecordError` naming the round, trick or turn, player, card and rule.
Writing gives canonical text (stable key order, hands sorted, one trick per line); reading and
writing a canonical record gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kamplib.cards import SUITS, Card, cards_of, parse_card, parse_suit
from kamplib.errors import CardError, KampError, RecordError
from kamplib.game import Game, RoundDeal, check_players
from kamplib.i18n import KindName, register
from kamplib.kinds import kind_of
from kamplib.moves import is_pass, parse_move
from kamplib.round import validate_deal
from kamplib.rules import make_rules, parse_kind
from kamplib.standings import TIE_BREAK_KIND

__all__ = ["FORMAT", "read_record", "write_record", "record_dict", "load_record",
           "save_record", "MAX_RECORD_BYTES"]

FORMAT = "kamp/1"
MAX_RECORD_BYTES = 2_000_000  # a whole Sjukamp with five players is about 30 kB
_TOP_FIELDS = ("format", "game", "rules", "players", "rounds")
_ROUND_FIELDS = ("kind", "dealer", "trump", "hands", "plays")


def _need(value: Any, types: type | tuple[type, ...], field: str, expected: str,
          **place: Any) -> Any:
    if not isinstance(value, types):
        raise RecordError("record_field", field=field, expected=expected, **place)
    return value


def _unknown_fields(obj: Mapping[str, Any], allowed: tuple[str, ...], place: str,
                    **where: Any) -> None:
    for key in obj:
        if key not in allowed:
            raise RecordError("record_unknown_field", field=key, place=place,
                              allowed=", ".join(allowed), **where)


def _parse_json(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("record_too_big", size=len(text), limit=MAX_RECORD_BYTES)
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError("record_encoding") from None
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError("record_too_big", size=len(text), limit=MAX_RECORD_BYTES)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError("record_json", line=err.lineno, column=err.colno,
                          detail=err.msg) from None


def read_record(source: str | bytes | Mapping[str, Any]) -> Game:
    """A game from a kamp/1 record (JSON text, bytes or an already parsed dict).

    The game is positioned after the last play; it can be played on.  Every check in RULES.md is
    made; the first problem raises :class:`RecordError`.
    """
    doc = source if isinstance(source, Mapping) else _parse_json(source)
    _need(doc, dict, "(top)", "an object {…}")
    _unknown_fields(doc, _TOP_FIELDS, "the record")
    if doc.get("format") != FORMAT:
        raise RecordError("record_format", value=json.dumps(doc.get("format")))
    game_name = _need(doc.get("game"), str, "game", "femkamp, sekskamp, sjukamp or custom")
    rules_doc = doc.get("rules", {})
    _need(rules_doc, dict, "rules", "an object of house rules")
    players = _need(doc.get("players"), list, "players", "a list of 3–5 names")
    try:
        players = check_players(players)
        rules = make_rules(game_name, rules_doc)
    except KampError as err:
        raise RecordError.from_error(err) from None
    rounds_doc = _need(doc.get("rounds"), list, "rounds", "a list of rounds")
    if not rounds_doc:
        raise RecordError("record_field", field="rounds", expected="at least one round")

    n = len(players)
    deals: list[RoundDeal] = []
    plays: list[list[tuple[str, str]]] = []
    first_dealer = 0
    for i, rdoc in enumerate(rounds_doc):
        number = i + 1
        _need(rdoc, dict, f"rounds[{i}]", "an object {…}", round=number)
        try:
            kind = parse_kind(rdoc.get("kind"))
        except KampError as err:
            raise RecordError.from_error(err, round=number) from None
        where = {"round": number, "kind": kind}
        _unknown_fields(rdoc, _ROUND_FIELDS, "a round", **where)
        if i < len(rules.order) and kind != rules.order[i]:
            raise RecordError("record_kind_order", expected=KindName(rules.order[i]),
                              value=KindName(kind), **where)
        if i >= len(rules.order) and (kind != TIE_BREAK_KIND or rules.tie_break != "extra_grand"):
            if rules.tie_break == "extra_grand":
                raise RecordError("record_tiebreak", **where)
            raise RecordError("record_too_many_rounds", count=len(rules.order), number=number,
                              **where)
        dealer_name = rdoc.get("dealer")
        if dealer_name not in players:
            raise RecordError("bad_seat", player=json.dumps(dealer_name, ensure_ascii=False),
                              players=", ".join(players), **where)
        dealer = players.index(dealer_name)
        if i == 0:
            first_dealer = dealer
        elif dealer != (first_dealer + i) % n:
            raise RecordError("record_dealer", expected=players[(first_dealer + i) % n],
                              value=dealer_name, **where)
        trump = _read_trump(rdoc, kind, rules.trump, where)
        hands = _read_hands(rdoc.get("hands"), players, where)
        try:
            validate_deal(kind, players, dealer, hands, rules)
        except KampError as err:
            raise RecordError.from_error(err, **where) from None
        round_plays = _need(rdoc.get("plays", []), list, "plays", "a list of [player, card]",
                            **where)
        for play in round_plays:
            if (not isinstance(play, list) or len(play) != 2
                    or not all(isinstance(x, str) for x in play)):
                raise RecordError("record_play_shape", value=json.dumps(play, ensure_ascii=False),
                                  **where)
        actions = [(p, m) for p, m in round_plays]
        if trump is not None and rules.trump == "dealer":
            # the dealer's choice is the round's first action; the deal itself has no trump
            actions.insert(0, (players[dealer], trump))
            trump = None
        deals.append(RoundDeal(kind, dealer, hands, trump))
        plays.append(actions)

    game = Game(players, game_name, rules, first_dealer=first_dealer, deals=deals)
    _replay(game, deals, plays, rules.trump)
    return game


def _read_trump(rdoc: Mapping[str, Any], kind: str, rule: str,
                where: dict[str, Any]) -> str | None:
    value = rdoc.get("trump")
    if not kind_of(kind).has_trump:
        if value is not None:
            raise RecordError("record_trump_outside", **where)
        return None
    if value is None:
        if rule == "dealer" and not rdoc.get("plays"):
            return None  # the dealer has not named trump yet
        raise RecordError("record_trump", value="null", **where)
    try:
        suit = parse_suit(value) if isinstance(value, str) and len(value) <= 2 else None
    except CardError:
        suit = None
    if suit is None:
        raise RecordError("record_trump", value=json.dumps(value, ensure_ascii=False), **where)
    if rule in SUITS and suit != rule:
        raise RecordError("record_trump_fixed", expected=rule, value=suit, **where)
    return suit


def _read_hands(hands_doc: Any, players: tuple[str, ...],
                where: dict[str, Any]) -> tuple[int, ...]:
    _need(hands_doc, dict, "hands", "an object {player: [cards]}", **where)
    _unknown_fields(hands_doc, players, "hands", **where)
    masks = []
    for p in players:
        cards = hands_doc.get(p)
        _need(cards, list, f"hands.{p}", "a list of cards", player=p, **where)
        seen = 0
        for text in cards:
            try:
                card = parse_card(text)
            except CardError as err:
                raise RecordError.from_error(err, player=p, **where) from None
            if seen & card.bit:
                raise RecordError("deal_duplicate", card=card, player=p, **where)
            seen |= card.bit
        masks.append(seen)
    return tuple(masks)


def _replay(game: Game, deals: list[RoundDeal], plays: list[list[tuple[str, str]]],
            trump_rule: str) -> None:
    unfinished_at = None
    for i, round_plays in enumerate(plays):
        where = {"round": i + 1, "kind": deals[i].kind}
        if unfinished_at is not None:
            if round_plays:
                raise RecordError("record_after_unfinished", **where)
            continue
        if len(game.rounds) != i + 1:
            # the game ended before this round (e.g. a tie-break that was not needed)
            raise RecordError("record_tiebreak", **where)
        rnd = game.rounds[i]
        for player, move_text in round_plays:
            if rnd.is_over:
                raise RecordError("record_after_end", player=player, **where)
            place = rnd._place()
            try:
                game.play(parse_move(move_text), player=player)
            except KampError as err:
                raise RecordError.from_error(err, player=player, **where, **place) from None
        if not rnd.is_over:
            unfinished_at = i


def record_dict(game: Game) -> dict[str, Any]:
    """The record of a game as plain data, in canonical key order."""
    doc: dict[str, Any] = {"format": FORMAT, "game": game.game}
    rules = game.rules.differences()
    if rules:
        doc["rules"] = rules
    doc["players"] = list(game.players)
    rounds = []
    for i, deal in enumerate(game.deals):
        rnd = game.rounds[i] if i < len(game.rounds) else None
        rdoc: dict[str, Any] = {"kind": deal.kind, "dealer": game.players[deal.dealer]}
        trump = rnd.trump if rnd is not None and kind_of(deal.kind).has_trump else deal.trump
        if trump is not None:
            rdoc["trump"] = trump
        rdoc["hands"] = {p: [c.text for c in cards_of(h)]
                         for p, h in zip(game.players, deal.hands, strict=True)}
        # a dealer's choice of trump is written as the round's trump, not as a play
        rdoc["plays"] = ([[p, m.text if isinstance(m, Card) else m] for p, m in rnd.moves()
                          if isinstance(m, Card) or is_pass(m)]
                         if rnd is not None else [])
        rounds.append(rdoc)
    doc["rounds"] = rounds
    return doc


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_record(game: Game) -> str:
    """Canonical kamp/1 text: two-space indent, a hand per line, a trick (or round of turns) per
    line of plays, a final newline."""
    doc = record_dict(game)
    n = len(game.players)
    lines = ["{"]
    top = [f'  "format": {_dump(doc["format"])},', f'  "game": {_dump(doc["game"])},']
    if "rules" in doc:
        top.append(f'  "rules": {_dump(doc["rules"])},')
    top.append(f'  "players": {_dump(doc["players"])},')
    lines += top
    lines.append('  "rounds": [')
    for ri, rdoc in enumerate(doc["rounds"]):
        lines.append("    {")
        lines.append(f'      "kind": {_dump(rdoc["kind"])},')
        lines.append(f'      "dealer": {_dump(rdoc["dealer"])},')
        if "trump" in rdoc:
            lines.append(f'      "trump": {_dump(rdoc["trump"])},')
        lines.append('      "hands": {')
        hands = list(rdoc["hands"].items())
        for hi, (p, cards) in enumerate(hands):
            comma = "," if hi < len(hands) - 1 else ""
            lines.append(f"        {_dump(p)}: {_dump(cards)}{comma}")
        lines.append("      },")
        plays = rdoc["plays"]
        if not plays:
            lines.append('      "plays": []')
        else:
            lines.append('      "plays": [')
            chunks = [plays[k:k + n] for k in range(0, len(plays), n)]
            for ci, chunk in enumerate(chunks):
                comma = "," if ci < len(chunks) - 1 else ""
                lines.append("        " + ", ".join(_dump(pl) for pl in chunk) + comma)
            lines.append("      ]")
        lines.append("    }" + ("," if ri < len(doc["rounds"]) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def load_record(path: str | Path) -> Game:
    """Read a record file ('-' is not handled here: the command line reads stdin itself)."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise RecordError("record_unreadable", path=str(path), detail=err.strerror) from None
    return read_record(data)


def save_record(game: Game, path: str | Path) -> None:
    Path(path).write_text(write_record(game), encoding="utf-8")



register({
    "record_too_big": {
        "nb": "Filen er for stor ({size} byte); en kamp/1-fil er på høyst {limit} byte",
        "en": "The file is too big ({size} bytes); a kamp/1 record is at most {limit} bytes",
    },
    "record_encoding": {
        "nb": "Filen er ikke tekst i UTF-8",
        "en": "The file is not UTF-8 text",
    },
    "record_unreadable": {
        "nb": "Kan ikke lese {path}: {detail}",
        "en": "Cannot read {path}: {detail}",
    },
})
