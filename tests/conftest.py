"""Hypothesis profiles for the property tests.

``kamp`` (the default) keeps the whole property suite to a few seconds and is derandomized, so a
run in CI is repeatable; ``HYPOTHESIS_PROFILE=thorough`` explores many more games when hunting.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "kamp",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "kamp"))
