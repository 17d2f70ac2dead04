"""Worked examples: deals played by bots, and the moments in them a course page points at.

A page says "here is a trick where someone could not follow suit" or "here is the moment the
rule bites"; these functions find such a moment in a real deal, tell it in words and draw it.
Bots play through the one autoplay loop with its seed scheme, so the same call always shows the
same cards.  Every sentence that explains a card asks :func:`kamplib.tricks.classify_play`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import Any

from kamplib.autoplay import autoplay, make_bots
from kamplib.cards import Card
from kamplib.draw.display import Html
from kamplib.errors import KampError, RuleError
from kamplib.game import Game
from kamplib.i18n import KindName, Phrase, SuitName, register, t
from kamplib.kinds import kind_of, parse_kind
from kamplib.moves import parse_move
from kamplib.round import Round
from kamplib.rules import Rules, make_rules
from kamplib.seating import dealer_of_round, default_players
from kamplib.teach import house_rules as _house_rules  # noqa: F401  (names the games)
from kamplib.teach.tables import Table, check_trick_round
from kamplib.tricks import classify_play

__all__ = [
    "play_out", "bot_round", "bot_game", "dealer_in_game", "playing", "round_of", "round_rules",
    "rule_effect", "explain_trick",
    "first_trick_with_discard", "first_costly_trick", "first_trumped_trick", "must_follow_moment",
    "trump_choice_moment", "trump_moment_in", "trump_example", "trump_and_other", "refused_card",
    "try_move", "trick_picture",
    "taken_picture", "table_picture", "hand_picture", "fantan_picture", "trump_of_game",
]

register({
    "ex_legal": {"nb": "{card} er lov å spille nå.", "en": "{card} may be played now."},
    "ex_no_trick": {"nb": "Runden har {count} ferdige stikk, ikke stikk nummer {number}",
                    "en": "The round has {count} finished tricks, not trick {number}"},
    "ex_led": {"nb": "{player} spilte ut {card}, så {suit} er utspillsfargen.",
               "en": "{player} led {card}, so {suit} is the suit led."},
    "ex_followed": {"nb": "{player} fulgte farge med {card}.",
                    "en": "{player} followed suit with {card}."},
    "ex_discarded": {
        "nb": "{player} hadde ikke {suit} og kastet {card}; det kortet kan ikke vinne.",
        "en": "{player} had no {suit} and discarded {card}; that card cannot win."},
    "ex_trumped": {"nb": "{player} hadde ikke {suit} og trumfet med {card}.",
                   "en": "{player} had no {suit} and trumped with {card}."},
    "ex_winner": {"nb": "{player} tar stikket med {card}.",
                  "en": "{player} takes the trick with {card}."},
    "ex_no_moment": {"nb": "Fant ikke noe slikt øyeblikk i denne utdelingen",
                     "en": "No such moment in this deal"},
    "ex_taken": {"nb": "{player} tok disse kortene som gir poeng ({points} poeng):",
                 "en": "{player} took these scoring cards ({points} {points:point|points}):"},
    # the page shows the tricks of the player with the most points: said as it is, one alone at
    # the top or one of several (the walk, W31: «hos en spiller med flest poeng» when Siri alone
    # had the most)
    "ex_taken_most": {"nb": "Flest poeng fikk {player}: {points} poeng. Dette er kortene som ga "
                            "poeng, i stikkene {player} tok:",
                      "en": "{player} scored the most: {points} {points:point|points}. These "
                            "are the scoring cards in the tricks {player} took:"},
    "ex_taken_most_shared": {
        "nb": "{count} {count:spiller|spillere} fikk like mange poeng, {points}, og ingen fikk "
              "flere. Dette er "
              "kortene som ga poeng, i stikkene en av dem, {player}, tok:",
        "en": "{count} {count:player|players} share the most points, {points}. These are the "
              "scoring cards in the tricks one of them, {player}, took:"},
    "ex_to_play": {"nb": "{player} skal legge et kort:", "en": "{player} is to play a card:"},
    "ex_drawn_trump": {"nb": "Kortet som ble snudd, var en {suit}, så {suit} er trumf i "
                             "trumfrunden.",
                       "en": "The card turned up makes {suit} trumps in the trump round."},
    "ex_no_round": {"nb": "I {game} spilles ikke {round_kind}",
                    "en": "{game} does not play {round_kind}"},
    "ex_fixed_trump": {"nb": "I trumfrunden var {suit} trumf, for trumfen er fast.",
                       "en": "In the trump round {suit} were trumps, for the trump is fixed."},
    "ex_chosen_trump": {"nb": "{dealer} ga i trumfrunden og valgte {suit} som trumf.",
                        "en": "{dealer} dealt the trump round and chose {suit} as trumps."},
    "ex_trump_not_chosen": {"nb": "Giveren i {game} har ikke valgt trumf ennå",
                            "en": "The dealer in {game} has not chosen trumps yet"},
    "ex_no_trump_round": {"nb": "{game} har ingen trumfrunde", "en": "{game} has no trump round"},
    "ex_usual": {"nb": "Vanlige regler", "en": "Usual rules"},
    "ex_house": {"nb": "Med husregelen", "en": "With the house rule"},
})


def play_out(target: Game | Round, level: str = "heuristic", seed: int = 1,
             moves: int | None = None) -> Game | Round:
    """Let bots of ``level`` play every seat of ``target`` (a game or a round) to the end, or
    for ``moves`` moves; the same seed always plays the same way.  Returns ``target``."""
    autoplay(target, make_bots(len(target.players), level, seed), max_moves=moves)
    return target


def round_rules(kind: str, rules: Rules | Mapping[str, Any] | None = None,
                game: str = "femkamp") -> Rules:
    """The rules of ``game`` with its house rules, for a round of ``kind`` played on its own."""
    base = rules if isinstance(rules, Rules) else make_rules(game, rules)
    values = {f.name: getattr(base, f.name) for f in fields(base)
              if f.name not in ("game", "order")}
    return make_rules("custom", {**values, "order": [parse_kind(kind)]})


def bot_round(kind: str, seed: int = 1, players: Sequence[str] | None = None,
              level: str = "heuristic", rules: Rules | Mapping[str, Any] | None = None,
              moves: int | None = None, game: str = "femkamp") -> Round:
    """A freshly dealt round of ``kind`` (from ``seed``) played by bots; the deal is the same
    for every level, so the levels can be compared on the same cards.  The dealer is the one
    who deals that round in a whole game of ``game`` (the course's tables of dealers), so a
    page's walkthrough and its tables name the same dealer."""
    names = tuple(players) if players else default_players()
    dealer = dealer_in_game(kind, len(names), rules, game)
    dealt = Game(names, rules=round_rules(kind, rules, game), seed=seed, first_dealer=dealer)
    play_out(dealt.round, level, seed, moves)
    return dealt.round


def dealer_in_game(kind: str, players: int, rules: Rules | Mapping[str, Any] | None = None,
                   game: str = "femkamp") -> int:
    """The seat that deals the first round of ``kind`` in a whole game of ``game`` started as
    :class:`~kamplib.game.Game` starts one (the last seat deals first); the first dealer's for a
    kind the game does not play."""
    order = (rules if isinstance(rules, Rules) else make_rules(game, rules)).order
    kind = parse_kind(kind)
    index = order.index(kind) if kind in order else 0
    return dealer_of_round(players - 1, index, players)


def bot_game(game: str = "femkamp", seed: int = 1, players: Sequence[str] | None = None,
             level: str = "heuristic", rules: Rules | Mapping[str, Any] | None = None) -> Game:
    """A whole game played by bots of ``level`` at every seat."""
    names = tuple(players) if players else default_players()
    return play_out(Game(names, game, rules, seed=seed), level, seed)  # type: ignore[return-value]


def playing(rules: Rules, kind: str) -> Rules:
    """``rules``, or when their order leaves ``kind`` out (a custom order chosen for the game),
    the same house rules in the game's own order: a page about one kind of round shows it."""
    if parse_kind(kind) in rules.order or rules.game == "custom":
        return rules
    return rules.with_(order=list(make_rules(rules.game).order))


def round_of(game: Game, kind: str) -> Round:
    """The first round of ``kind`` in ``game`` as it was played (a page that shows a game's
    totals and then one of its rounds shows the very round those totals count)."""
    kind = parse_kind(kind)
    for rnd in game.rounds:
        if rnd.kind == kind:
            return rnd
    raise RuleError("ex_no_round", game=Phrase(f"game_{game.game}"), round_kind=KindName(kind))


def rule_effect(kind: str, changes: Mapping[str, Any], seed: int = 1,
                players: Sequence[str] | None = None, level: str = "heuristic",
                base: Mapping[str, Any] | None = None, lang: str = "nb") -> Table:
    """The same deal played by the same bots with and without a house rule: scores side by side.

    The deal depends only on ``seed``, so any difference comes from the rule (and from the bots
    reacting to it).
    """
    usual = bot_round(kind, seed, players, level, base).scores()
    house = bot_round(kind, seed, players, level, {**(base or {}), **changes}).scores()
    return Table((t("word_player", lang), t("ex_usual", lang), t("ex_house", lang)),
                 tuple((p, usual[p], house[p]) for p in usual),
                 (t("word_total", lang), sum(usual.values()), sum(house.values())))


def _trick(rnd: Round, number: int, lang: str) -> Any:
    rnd = check_trick_round(rnd)
    if not 1 <= number <= len(rnd.tricks):
        raise RuleError("ex_no_trick", count=len(rnd.tricks), number=number)
    return rnd.tricks[number - 1]


def explain_trick(rnd: Round, number: int, lang: str = "nb") -> str:
    """Trick ``number`` (from 1) told in words: the lead, who followed, trumped or discarded,
    and who took it."""
    trick = _trick(rnd, number, lang)
    (leader, lead), *rest = trick.plays
    suit = SuitName(lead.suit)
    trump = rnd.trump
    lines = [t("ex_led", lang, player=rnd.players[leader], card=lead, suit=suit)]
    for seat, card in rest:
        how = classify_play(card, lead.suit, trump)
        lines.append(t(f"ex_{how}", lang, player=rnd.players[seat], card=card, suit=suit))
    winning = dict(trick.plays)[trick.winner]
    lines.append(t("ex_winner", lang, player=rnd.players[trick.winner], card=winning))
    return " ".join(lines)


def _first_trick(rnd: Round, wanted: str) -> int:
    """The number of the first trick with a card classified ``wanted`` (1 if none has one)."""
    trump = rnd.trump
    for number, trick in enumerate(rnd.tricks, 1):
        lead = trick.plays[0][1].suit
        if any(classify_play(card, lead, trump) == wanted for _, card in trick.plays[1:]):
            return number
    return 1


def first_trick_with_discard(rnd: Round) -> int:
    """The first trick where someone could not follow suit and threw another card."""
    return _first_trick(rnd, "discarded")


def first_trumped_trick(rnd: Round) -> int:
    """The first trick where someone who could not follow suit trumped."""
    return _first_trick(rnd, "trumped")


def first_costly_trick(rnd: Round) -> int:
    """The number of the first trick that cost its taker points (1 if none did)."""
    kind = kind_of(rnd.kind)
    for number, trick in enumerate(check_trick_round(rnd).tricks, 1):
        if kind.raw_score(1, sum(c.bit for c in trick.cards), rnd.rules):
            return number
    return 1


def must_follow_moment(kind: str = "pass", seed: int = 1, level: str = "random",
                       players: Sequence[str] | None = None) -> Round:
    """A round stopped where the player to move holds the suit led and other suits too, so some
    of their cards are refused: the moment "follow suit" is felt."""
    full = bot_round(kind, seed, players, level)
    for count in range(1, len(full.history)):
        rnd = full.replayed(count)
        if rnd.trick and len(rnd.legal_moves()) < len(rnd.hand(rnd.to_move)):
            return rnd
    raise RuleError("ex_no_moment")


def trump_choice_moment(seed: int = 1, rules: Rules | Mapping[str, Any] | None = None,
                        game: str = "sekskamp", level: str = "random") -> Round:
    """A trump round stopped where the player to move cannot follow suit and holds a trump and
    another card: trumping is allowed, and so is throwing the other card.  The deal of
    ``seed``, or when it has no such moment under these rules (another trump), the next seed's
    that has."""
    for tried in range(seed, seed + 20):
        full = bot_round("trumf", tried, None, level, rules, game=game)
        for count in range(1, len(full.history)):
            rnd = full.replayed(count)
            if rnd.trick and trump_and_other(rnd) is not None:
                return rnd
    raise RuleError("ex_no_moment")


def trump_moment_in(rnd: Round) -> Round | None:
    """``rnd`` stopped at its first moment where the player to move cannot follow suit and
    may either trump or throw another card (None when it never comes)."""
    for count in range(1, len(rnd.history)):
        moment = rnd.replayed(count)
        if moment.trick and trump_and_other(moment) is not None:
            return moment
    return None


def trump_example(game: str = "sekskamp", seed: int = 1,
                  rules: Rules | Mapping[str, Any] | None = None,
                  players: Sequence[str] | None = None) -> Game:
    """A whole game played by the tactics whose trump round shows everything a page about
    trumps shows: a moment to trump or throw (:func:`trump_moment_in`) and a trick someone
    trumped.  The game of ``seed``, or the next seed's that has both, so that the page's trump,
    its stopped moment and its trick by trick are all one round (a page said «ruter ble trumf»
    and then showed clubs as trumps)."""
    chosen = playing(rules if isinstance(rules, Rules) else make_rules(game, rules), "trumf")
    for tried in range(seed, seed + 20):
        whole = bot_game(game, tried, players, rules=chosen)
        rnd = round_of(whole, "trumf")
        if trump_moment_in(rnd) is not None and any(
                classify_play(card, trick.plays[0][1].suit, rnd.trump) == "trumped"
                for trick in rnd.tricks for _, card in trick.plays[1:]):
            return whole
    raise RuleError("ex_no_moment")


def trump_and_other(rnd: Round) -> tuple[Card, Card] | None:
    """A trump and a card of a third suit that the player to move, out of the suit led, may
    both play; None when the hand offers no such choice."""
    led = rnd.trick[0][1].suit if rnd.trick else None
    trump = rnd.trump
    legal = [m for m in rnd.legal_moves() if isinstance(m, Card)]  # trump is named: cards
    if led is None or trump is None or any(c.suit == led for c in legal):
        return None
    trumps = [c for c in legal if classify_play(c, led, trump) == "trumped"]
    others = [c for c in legal if classify_play(c, led, trump) == "discarded"]
    return (trumps[0], others[0]) if trumps and others else None


def refused_card(rnd: Round) -> Card:
    """A card the player to move holds but may not play now (to show why it is refused)."""
    legal = set(rnd.legal_moves())
    for card in rnd.hand(rnd.to_move) if rnd.to_move >= 0 else ():
        if card not in legal:
            return card
    raise RuleError("ex_no_moment")


def try_move(rnd: Round, move: str | Card, lang: str = "nb") -> str:
    """What the rules say about ``move`` for the player to move, without playing it."""
    try:
        rnd.check(move)
        shown = parse_move(move)
    except KampError as err:
        return err.message(lang)
    return t("ex_legal", lang, card=shown)


def trick_picture(rnd: Round, number: int, lang: str = "nb") -> Html:
    """Trick ``number`` (from 1) as a picture: who played what, who took it."""
    from kamplib.draw import trick_html

    trick = _trick(rnd, number, lang)
    title = t("tbl_trick_number", lang, number=number)
    return Html(trick_html(trick.plays, rnd.players, winning=trick.winner, finished=True,
                           lang=lang, title=title))


def table_picture(rnd: Round, lang: str = "nb") -> Html:
    """The trick on the table right now, with the card that is winning it marked."""
    from kamplib.draw import trick_html

    rnd = check_trick_round(rnd)
    return Html(trick_html(rnd.trick, rnd.players, winning=rnd.winning, lang=lang))


def taken_picture(rnd: Round, player: str | None = None, lang: str = "nb") -> Html:
    """The cards worth points in a player's tricks (clubs, queens …), by default of the player
    who scored the most in the round (the caption says so, and whether others scored as much)."""
    from html import escape

    from kamplib.draw import hand_html

    rnd = check_trick_round(rnd)
    scores = rnd.scores()
    kind = kind_of(rnd.kind)
    if player is None:
        top = max(scores.values())
        player = next(p for p, points in scores.items() if points == top)
        count = sum(1 for points in scores.values() if points == top)
        caption = (t("ex_taken_most", lang, player=player, points=top) if count == 1 else
                   t("ex_taken_most_shared", lang, player=player, points=top, count=count))
    else:
        caption = t("ex_taken", lang, player=player, points=scores[player])
    cards = [c for c in rnd.taken_cards(player)
             if kind.card_value(c, rnd.rules) or kind.trick_value]
    return Html(f"<div class='kamp-taken'><div><b>{escape(caption)}</b></div>"
                f"{hand_html(cards, lang=lang, scale=0.6)}</div>")


def hand_picture(cards: Sequence[Card], *, legal: Sequence[Card] | None = None,
                 scale: float = 0.7, player: str | None = None, lang: str = "nb") -> Html:
    """A row of cards (raised where ``legal``), with ``player`` named above when given."""
    from html import escape

    from kamplib.draw import hand_html

    head = f"<div><b>{escape(t('ex_to_play', lang, player=player))}</b></div>" if player else ""
    return Html(head + hand_html(list(cards), legal=legal, scale=scale, lang=lang))


def fantan_picture(rnd: Round, moves: int | None = None, lang: str = "nb") -> Html:
    """The Fan Tan table after the first ``moves`` moves (all of them by default)."""
    from kamplib.draw import fantan_table_html

    shown = rnd if moves is None else rnd.replayed(moves)
    return Html(fantan_table_html(shown, lang=lang))


def trump_of_game(game: Game, lang: str = "nb") -> str:
    """Which suit the game's trump round got, said as the rules found it: the card turned up,
    the fixed suit, or the dealer's choice (a round the dealer has not chosen for yet is
    played first)."""
    for i, deal in enumerate(game.deals):
        if not kind_of(deal.kind).has_trump:
            continue
        if game.rules.trump == "dealer":
            rnd = game.rounds[i] if i < len(game.rounds) else None
            if rnd is None or rnd.needs_trump:
                raise RuleError("ex_trump_not_chosen", game=Phrase(f"game_{game.game}"))
            return t("ex_chosen_trump", lang, dealer=game.players[deal.dealer],
                     suit=SuitName(rnd.trump))
        code = "ex_drawn_trump" if game.rules.trump == "draw" else "ex_fixed_trump"
        return t(code, lang, suit=SuitName(deal.trump))
    raise RuleError("ex_no_trump_round", game=Phrase(f"game_{game.game}"))
