"""Test-wide settings: property tests draw the same examples on every run, so CI is repeatable."""

from hypothesis import settings

settings.register_profile("saloon", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("saloon")
