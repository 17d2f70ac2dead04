"""kamp: the rules engine for Femkamp, Sekskamp and Sjukamp, and everything built on it.

The engine (cards, rules, rounds, games, records) is stdlib only; pandas enters with the score
sheet and simulations, ipywidgets with the widgets.
"""

from kamplib.cards import Card, cards_of, parse_card, parse_cards, parse_suit
from kamplib.errors import CardError, IllegalMove, KampError, RecordError, RuleError, SheetError
from kamplib.fantan import FanTanRound
from kamplib.game import Game, RoundDeal
from kamplib.kinds import KINDS, Family, RoundKind
from kamplib.moves import PASS, ChooseTrump, Entry, Move, Pass, parse_move
from kamplib.round import Round, deal_round, new_round
from kamplib.rules import GAMES, Rules, make_rules
from kamplib.standings import Standing, standing
from kamplib.tricks import Trick, TrickRound
from kamplib.view import PlayerView, make_view

__all__ = [
    "Card", "cards_of", "parse_card", "parse_cards", "parse_suit",
    "KampError", "CardError", "IllegalMove", "RecordError", "RuleError", "SheetError",
    "FanTanRound", "Game", "RoundDeal", "PASS", "Pass", "ChooseTrump", "Entry", "Move",
    "parse_move", "Round", "new_round", "deal_round",
    "GAMES", "KINDS", "Family", "RoundKind", "Rules", "make_rules", "Standing", "standing", "Trick",
    "TrickRound", "PlayerView", "make_view",
]
__version__ = "0.1.0"
