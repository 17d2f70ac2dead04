"""The widgets a learner plays with: stock ipywidgets around the engine, thin by design.

Each widget is an ipywidgets container, so a notebook cell ending in one shows it.  A handler
makes one engine call and re-renders; errors are shown in the page as sentences.
"""

from kamplib.widgets.play import PlayGame, PlayHand
from kamplib.widgets.rules_picker import RulesPicker
from kamplib.widgets.walkthrough import Walkthrough

__all__ = ["PlayHand", "PlayGame", "Walkthrough", "RulesPicker"]
