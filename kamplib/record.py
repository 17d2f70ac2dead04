"""The ``kamp/1`` game record: read, validate by replaying, and write in canonical form.

Reading builds a :class:`~kamplib.game.Game` from the record's deals and replays every play
through the engine, so a record is checked by the very rules that play the game.  Any problem
becomes one :class:`RecordError` naming the round, trick or turn, player, card and rule.
Writing gives canonical text (stable key order, hands sorted, one trick per line); reading and
writing a canonical record gives the same bytes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kamplib.cards import SUITS, cards_of, parse_card, parse_suit
from kamplib.errors import CardError, KampError, RecordError, given
from kamplib.game import Game, RoundDeal
from kamplib.i18n import ByteSize, KindName, Phrase, SuitName, register
from kamplib.kinds import kind_of
from kamplib.moves import ChooseTrump, parse_move
from kamplib.round import validate_deal
from kamplib.rules import GAME_NAMES, make_rules, parse_kind
from kamplib.seating import TABLE_SIZES, check_players, normal_name
from kamplib.standings import TIE_BREAK_KIND, adds_rounds
from kamplib.tricks import TrickRound

__all__ = ["FORMAT", "read_record", "write_record", "record_dict", "load_record",
           "save_record", "MAX_RECORD_BYTES", "MAX_DEPTH", "MAX_NUMBER_DIGITS"]

FORMAT = "kamp/1"
MAX_RECORD_BYTES = 2_000_000  # a whole Sjukamp with five players is about 30 kB
# A record nests five deep (the record, its rounds, a round, its hands, a hand); a little more
# is allowed so that a mistake one level down still gets its own message.
MAX_DEPTH = 8
# No number in a record (a house rule's value) has more digits than this.
MAX_NUMBER_DIGITS = 20
_TOP_FIELDS = ("format", "game", "rules", "players", "rounds")
_ROUND_FIELDS = ("kind", "dealer", "trump", "hands", "plays")
_JSON_TYPES = (str, int, float, bool, type(None))
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class _Odd:
    """What the JSON reader puts where a value must be refused (a number too long to read, a
    NaN): the walk over the document then names the field it is in."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code, self.params = code, params


def _expect(code: str, **params: Any) -> Phrase:
    return Phrase(f"record_expect_{code}", **params)


def _need(value: Any, types: type | tuple[type, ...], field: str, expected: Phrase,
          **place: Any) -> Any:
    if not isinstance(value, types):
        raise RecordError("record_field", field=field, expected=expected, **place)
    return value


def _unknown_fields(obj: Mapping[str, Any], allowed: tuple[str, ...], place: str,
                    **where: Any) -> None:
    for key in obj:
        if key not in allowed:
            raise RecordError("record_unknown_field", field=given(key),
                              place=Phrase(f"record_place_{place}"),
                              allowed=", ".join(allowed), **where)


def _nesting(text: str) -> int:
    """How deep lists and objects nest in JSON text (brackets inside strings do not count),
    stopping as soon as it passes :data:`MAX_DEPTH` — so that the JSON reader is never handed
    a document deep enough to exhaust Python's stack."""
    depth = deepest = 0
    for ch in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def _parse_int(text: str) -> int | _Odd:
    digits = len(text.lstrip("-"))
    return int(text) if digits <= MAX_NUMBER_DIGITS else _Odd("record_number", digits=digits)


def _parse_constant(name: str) -> _Odd:
    return _Odd("record_constant", value=name)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any] | _Odd:
    """A JSON object, or (when a key stands twice, which a plain reader settles silently by
    keeping the last) the refusal that names the key."""
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            return _Odd("record_key_twice", key=given(key))
        seen.add(key)
    raise AssertionError("a key was counted twice but not found")  # pragma: no cover


def _parse_json(text: str | bytes | bytearray | memoryview) -> Any:
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("record_too_big", limit=ByteSize(MAX_RECORD_BYTES))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise RecordError("record_encoding", position=err.start) from None
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError("record_too_big", limit=ByteSize(MAX_RECORD_BYTES))
    depth = _nesting(text)
    if depth > MAX_DEPTH:
        raise RecordError("record_too_deep", limit=MAX_DEPTH)
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as err:
        raise RecordError("record_json", line=err.lineno, column=err.colno,
                          detail=Phrase("record_json_detail")) from None
    except RecursionError:  # the nesting check counts brackets; never trust the stack to it
        raise RecordError("record_too_deep", limit=MAX_DEPTH) from None


def _path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{given(key, 20)}" if parent else given(key, 20)


def _check_tree(doc: Any) -> None:
    """Walk the whole document once: every value is plain JSON (text, whole numbers of a
    sensible length, lists, objects with text keys), no text holds a broken character (a lone
    surrogate cannot be printed or saved), and nothing nests deeper than :data:`MAX_DEPTH`."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        where = path or Phrase("record_place_top")
        if isinstance(value, str):
            _check_text(value, where)
        elif isinstance(value, _Odd):
            raise RecordError(value.code, field=where, limit=MAX_NUMBER_DIGITS, **value.params)
        elif isinstance(value, int) and not isinstance(value, bool):
            if value.bit_length() > 3.33 * MAX_NUMBER_DIGITS:
                raise RecordError("record_number", field=where, limit=MAX_NUMBER_DIGITS,
                                  digits=given(value))
        elif isinstance(value, (Mapping, list)):
            if depth > MAX_DEPTH:
                raise RecordError("record_too_deep", limit=MAX_DEPTH)
            children = []
            if isinstance(value, Mapping):
                for key, item in value.items():
                    if not isinstance(key, str):
                        raise RecordError("record_key", field=where, value=given(key))
                    _check_text(key, where)
                    children.append((item, _path(path, key), depth + 1))
            else:
                children = [(item, _path(path, i), depth + 1) for i, item in enumerate(value)]
            stack.extend(reversed(children))  # the first problem in the file is found first
        elif not isinstance(value, _JSON_TYPES):
            raise RecordError("record_value_type", field=where, value=given(value))


def _check_text(text: str, where: str) -> None:
    if text.isascii():
        return
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as err:
        raise RecordError("record_text", field=where,
                          char=f"U+{ord(text[err.start]):04X}") from None


def read_record(source: str | bytes | bytearray | memoryview | Mapping[str, Any]) -> Game:
    """A game from a kamp/1 record (JSON text, bytes — an upload's memoryview too — or an
    already parsed dict).

    The game is positioned after the last play; it can be played on.  Every check the rules page
    promises (docs/regler.md, «For dere som lagrer spill»: the deal, whose turn, following suit,
    the Fan Tan layout, the dealer moving on) is made; the first problem raises
    :class:`RecordError`, whatever the input's size, depth, encoding or characters.  Player
    names are matched in their one spelling (NFC).

    >>> from kamplib.game import Game
    >>> game = read_record(write_record(Game(['Kari', 'Ola', 'Siri'], seed=1)))
    >>> game.players, len(game.rounds)
    (('Kari', 'Ola', 'Siri'), 1)
    """
    if isinstance(source, Mapping):
        doc: Any = source
    elif isinstance(source, (str, bytes, bytearray, memoryview)):
        doc = _parse_json(source)
    else:
        raise RecordError("record_source", value=given(source))
    _check_tree(doc)
    if not isinstance(doc, Mapping):
        raise RecordError("record_not_object")
    _unknown_fields(doc, _TOP_FIELDS, "top")
    if doc.get("format") != FORMAT:
        raise RecordError("record_format",
                          value=given(json.dumps(doc.get("format"), ensure_ascii=False)))
    game_name = _need(doc.get("game"), str, "game", _expect("one_of", names=", ".join(GAME_NAMES)))
    rules_doc = doc.get("rules", {})
    _need(rules_doc, Mapping, "rules", _expect("rules"))
    players = _need(doc.get("players"), list, "players",
                    _expect("players", low=min(TABLE_SIZES), high=max(TABLE_SIZES)))
    try:
        players = check_players(players)
        rules = make_rules(game_name, rules_doc)
    except KampError as err:
        raise RecordError.from_error(err) from None
    rounds_doc = _need(doc.get("rounds"), list, "rounds", _expect("rounds"))
    if not rounds_doc:
        raise RecordError("record_field", field="rounds", expected=_expect("a_round"))

    n = len(players)
    deals: list[RoundDeal] = []
    plays: list[list[tuple[str, str]]] = []
    first_dealer = 0
    for i, rdoc in enumerate(rounds_doc):
        number = i + 1
        _need(rdoc, Mapping, f"rounds[{i}]", _expect("object"), round=number)
        try:
            kind = parse_kind(rdoc.get("kind"))
        except KampError as err:
            raise RecordError.from_error(err, round=number) from None
        where: dict[str, Any] = {"round": number, "kind": kind}
        _unknown_fields(rdoc, _ROUND_FIELDS, "round", **where)
        if i < len(rules.order) and kind != rules.order[i]:
            raise RecordError("record_kind_order", expected=KindName(rules.order[i]),
                              value=KindName(kind), **where)
        if i >= len(rules.order) and (kind != TIE_BREAK_KIND or not adds_rounds(rules)):
            if adds_rounds(rules):
                raise RecordError("record_tiebreak", **where)
            raise RecordError("record_too_many_rounds", count=len(rules.order), number=number,
                              **where)
        dealer_name = normal_name(rdoc.get("dealer"))
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
        round_plays = _need(rdoc.get("plays", []), list, "plays", _expect("plays"), **where)
        actions: list[tuple[str, str]] = []
        for play in round_plays:
            if (not isinstance(play, list) or len(play) != 2
                    or not all(isinstance(x, str) for x in play)):
                raise RecordError("record_play_shape", value=json.dumps(play, ensure_ascii=False),
                                  **where)
            actions.append((normal_name(play[0]), play[1]))
        if trump is not None and rules.trump == "dealer":
            # the dealer's choice is the round's first action; the deal itself has no trump
            actions.insert(0, (players[dealer], trump))
            trump = None
        deals.append(RoundDeal(kind, dealer, hands, trump))
        plays.append(actions)

    game = Game(players, game_name, rules, first_dealer=first_dealer, deals=deals)
    _replay(game, deals, plays)
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
        raise RecordError("record_trump_fixed", expected=SuitName(rule), value=SuitName(suit),
                          **where)
    return suit


def _read_hands(hands_doc: Any, players: tuple[str, ...],
                where: dict[str, Any]) -> tuple[int, ...]:
    _need(hands_doc, Mapping, "hands", _expect("hands"), **where)
    by_name: dict[str, Any] = {}
    for key, held in hands_doc.items():
        name = normal_name(key)
        if name in by_name:
            raise RecordError("record_hand_twice", player=name, **where)
        by_name[name] = held
    _unknown_fields(by_name, players, "hands", **where)
    masks = []
    for p in players:
        cards = _need(by_name.get(p), list, f"hands.{p}", _expect("cards"), player=p, **where)
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


def _replay(game: Game, deals: list[RoundDeal], plays: list[list[tuple[str, str]]]) -> None:
    unfinished_at = None
    for i, round_plays in enumerate(plays):
        where: dict[str, Any] = {"round": i + 1, "kind": deals[i].kind}
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
    """The record of a game as plain data, in canonical key order.

    >>> from kamplib.game import Game
    >>> list(record_dict(Game(['Kari', 'Ola', 'Siri'], seed=1)))
    ['format', 'game', 'players', 'rounds']
    """
    doc: dict[str, Any] = {"format": FORMAT, "game": game.game}
    rules = game.rules.differences()
    if rules:
        doc["rules"] = rules
    doc["players"] = list(game.players)
    rounds = []
    for i, deal in enumerate(game.deals):
        rnd = game.rounds[i] if i < len(game.rounds) else None
        rdoc: dict[str, Any] = {"kind": deal.kind, "dealer": game.players[deal.dealer]}
        trump = rnd.trump if isinstance(rnd, TrickRound) and kind_of(deal.kind).has_trump \
            else deal.trump
        if trump is not None:
            rdoc["trump"] = trump
        rdoc["hands"] = {p: [c.text for c in cards_of(h)]
                         for p, h in zip(game.players, deal.hands, strict=True)}
        # a dealer's choice of trump is written as the round's trump, not as a play
        rdoc["plays"] = ([[p, m.text] for p, m in rnd.moves() if type(m) is not ChooseTrump]
                         if rnd is not None else [])
        rounds.append(rdoc)
    doc["rounds"] = rounds
    return doc


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def write_record(game: Game) -> str:
    """Canonical kamp/1 text: two-space indent, a hand per line, a trick (or round of turns) per
    line of plays, a final newline.

    >>> from kamplib.game import Game
    >>> write_record(Game(['Kari', 'Ola', 'Siri'], seed=1)).splitlines()[:3]
    ['{', '  "format": "kamp/1",', '  "game": "femkamp",']
    """
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
    """Read a record file ('-' is not handled here: the command line reads stdin itself).  A
    file over :data:`MAX_RECORD_BYTES` is refused before it is read.

    >>> import tempfile
    >>> from kamplib.game import Game
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_record(Game(["Kari", "Ola", "Siri"], seed=1), Path(folder) / "spill.json")
    ...     load_record(Path(folder) / "spill.json").players
    ('Kari', 'Ola', 'Siri')
    """
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError("record_unreadable", path=given(str(path)),
                          detail=err.strerror or "") from None
    return read_record(data)


def save_record(game: Game, path: str | Path) -> None:
    """Write ``game``'s record to a file: the canonical text of :func:`write_record`, UTF-8.

    >>> import tempfile
    >>> from kamplib.game import Game
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     save_record(Game(["Kari", "Ola", "Siri"], seed=1), Path(folder) / "spill.json")
    ...     (Path(folder) / "spill.json").read_text(encoding="utf-8").startswith("{")
    True
    """
    Path(path).write_text(write_record(game), encoding="utf-8")


register({
    "record_too_big": {
        "nb": "Filen er for stor; en kamp/1-fil er på høyst {limit}",
        "en": "The file is too big; a kamp/1 record is at most {limit}",
    },
    "record_encoding": {
        "nb": "Filen er ikke tekst i UTF-8 (byte {position} kan ikke leses)",
        "en": "The file is not UTF-8 text (byte {position} cannot be read)",
    },
    "record_unreadable": {
        "nb": "Kan ikke lese {path}: {detail}",
        "en": "Cannot read {path}: {detail}",
    },
    "record_source": {
        "nb": "En kamp/1-fil leses fra tekst, byte eller et objekt, ikke fra {value}",
        "en": "A kamp/1 record is read from text, bytes or an object, not from {value}",
    },
    "record_json_detail": {
        "nb": "her mangler et komma, en klamme eller et anførselstegn, eller noe står for mye",
        "en": "a comma, bracket or quote is missing here, or something is too much",
    },
    "record_too_deep": {
        "nb": "Filen har lister og objekter inni hverandre i mer enn {limit} {limit:nivå|nivåer}; "
              "en "
              "kamp/1-fil går aldri så dypt",
        "en": "The file nests lists and objects more than {limit} {limit:level|levels} deep; a "
              "kamp/1 "
              "record never goes that deep",
    },
    "record_number": {
        "nb": "Tallet i «{field}» har {digits} sifre; ingen verdi i en kamp/1-fil har mer enn "
              "{limit}",
        "en": "The number in '{field}' has {digits} digits; no value in a kamp/1 record has "
              "more than {limit}",
    },
    "record_constant": {
        "nb": "«{field}» er {value}, som ikke er gyldig JSON",
        "en": "'{field}' is {value}, which is not valid JSON",
    },
    "record_text": {
        "nb": "Teksten i «{field}» har et ødelagt tegn ({char}) som ikke kan vises eller lagres",
        "en": "The text in '{field}' holds a broken character ({char}) that cannot be shown "
              "or saved",
    },
    "record_key_twice": {
        "nb": "«{field}» har nøkkelen «{key}» to ganger; hver nøkkel skal stå bare én gang",
        "en": "'{field}' has the key '{key}' twice; each key may stand only once",
    },
    "record_key": {
        "nb": "«{field}» har en nøkkel som ikke er tekst ({value})",
        "en": "'{field}' has a key that is not text ({value})",
    },
    "record_value_type": {
        "nb": "«{field}» er {value}, som ikke hører hjemme i en kamp/1-fil",
        "en": "'{field}' is {value}, which does not belong in a kamp/1 record",
    },
    "record_hand_twice": {
        "nb": "Hendene har {player} to ganger",
        "en": "The hands list {player} twice",
    },
    "record_not_object": {
        "nb": "En kamp/1-fil er ett JSON-objekt {{…}} med feltene format, game, players og rounds",
        "en": "A kamp/1 record is one JSON object {{…}} with the fields format, game, players "
              "and rounds",
    },
    "record_expect_object": {"nb": "et objekt {{…}}", "en": "an object {{…}}"},
    "record_expect_one_of": {"nb": "en av {names}", "en": "one of {names}"},
    "record_expect_rules": {"nb": "et objekt med husregler", "en": "an object of house rules"},
    "record_expect_players": {"nb": "en liste med {low}–{high} navn",
                              "en": "a list of {low}–{high} names"},
    "record_expect_rounds": {"nb": "en liste med runder", "en": "a list of rounds"},
    "record_expect_a_round": {"nb": "minst én runde", "en": "at least one round"},
    "record_expect_hands": {"nb": "et objekt {{spiller: [kort]}}",
                            "en": "an object {{player: [cards]}}"},
    "record_expect_cards": {"nb": "en liste med kort", "en": "a list of cards"},
    "record_expect_plays": {"nb": "en liste med [spiller, kort]",
                            "en": "a list of [player, card]"},
    "record_place_top": {"nb": "filen", "en": "the record"},
    "record_place_round": {"nb": "en runde", "en": "a round"},
    "record_place_hands": {"nb": "hendene", "en": "the hands"},
})
