"""The widgets a learner plays with: stock ipywidgets around the engine, thin by design.

Each widget is an ipywidgets container, so a notebook cell ending in one shows it.  A handler
makes one engine call and re-renders; errors are shown in the page as sentences.

- :class:`PlayHand`: one round against bots; :class:`PlayGame`: a whole game with the sheet.
- :class:`Walkthrough`: step through a recorded or generated round.
- :class:`ScoreSheetWidget`: type in a real game's scores, checked as you type.
- :class:`ScoreBookWidget`: the family's finished games, kept on the device, and who wins what.
- :class:`RulesPicker`: game, players and house rules for the other widgets.
- :class:`Drill`: endless quiz items with feedback and a tally.
- :class:`PuzzleWidget`: «Finn det beste kortet», real positions chosen by the learner's rating.
- :class:`ProgressBox`: the learner's stars in all, export, import and starting over.
"""

from kamplib.widgets.drill import Drill
from kamplib.widgets.learner import ProgressBox
from kamplib.widgets.play import PlayGame, PlayHand
from kamplib.widgets.puzzles import PuzzleWidget
from kamplib.widgets.rules_picker import RulesPicker
from kamplib.widgets.scorebook import ScoreBookWidget
from kamplib.widgets.sheet import ScoreSheetWidget
from kamplib.widgets.walkthrough import Walkthrough

__all__ = ["PlayHand", "PlayGame", "Walkthrough", "ScoreSheetWidget", "ScoreBookWidget",
           "RulesPicker", "Drill", "PuzzleWidget", "ProgressBox"]
